//===- Lexer.cpp - Python tokenizer ---------------------------------------===//
#include "kdsl/Frontend/Lexer.h"
#include "kdsl/Support/Identifiers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

namespace {

class Lexer {
public:
  Lexer(StringRef buf, DiagEngine &diags, std::vector<Token> &out)
      : buf(buf), diags(diags), out(out) {}
  bool run();

private:
  StringRef buf;
  DiagEngine &diags;
  std::vector<Token> &out;
  size_t pos = 0;
  llvm::SmallVector<unsigned, 16> indents{0};
  struct Open {
    char c;
    size_t pos;
  };
  llvm::SmallVector<Open, 16> brackets;
  bool failed = false;

  char peek(size_t k = 0) const { return pos + k < buf.size() ? buf[pos + k] : '\0'; }
  SMLoc locAt(size_t p) const { return SMLoc::getFromPointer(buf.data() + p); }
  void error(size_t p, const llvm::Twine &msg) {
    if (!failed)
      diags.error(locAt(p), msg);
    failed = true;
  }
  void push(Tok kind, size_t start, size_t end) {
    Token t;
    t.kind = kind;
    t.text = buf.slice(start, end);
    out.push_back(t);
  }
  bool atLineStartIndent();
  /// The length of the identifier character at p (0 when there is none):
  /// ASCII letters, digits and _, and beyond ASCII what Python accepts
  /// (XID_Start first, XID_Continue after).
  unsigned identCharAt(size_t p, bool first) const {
    unsigned char c = p < buf.size() ? buf[p] : 0;
    if (c < 0x80)
      return (first ? llvm::isAlpha(c) || c == '_' : llvm::isAlnum(c) || c == '_') ? 1 : 0;
    uint32_t cp;
    unsigned len = decodeUTF8(buf, p, cp);
    return len && (first ? isIdentifierStart(cp) : isIdentifierContinue(cp)) ? len : 0;
  }
  bool checkUtf8();
  void lexName();
  void lexNumber();
  void lexString(size_t start, size_t quotePos, bool raw, bool fstr);
  void lexOp();
};

/// Python reads a file as UTF-8: the first invalid sequence is an error.
bool Lexer::checkUtf8() {
  for (size_t p = 0; p < buf.size();) {
    if ((unsigned char)buf[p] < 0x80) {
      ++p;
      continue;
    }
    uint32_t cp;
    unsigned len = decodeUTF8(buf, p, cp);
    if (len == 0) {
      error(p, "invalid UTF-8 in source (byte 0x" + llvm::utohexstr((unsigned char)buf[p]) + ")");
      return false;
    }
    p += len;
  }
  return true;
}

static std::string codePointName(uint32_t cp) {
  std::string hex = llvm::utohexstr(cp);
  return "U+" + std::string(hex.size() < 4 ? 4 - hex.size() : 0, '0') + hex;
}

void Lexer::lexName() {
  size_t start = pos;
  unsigned len = identCharAt(pos, true);
  while (len) {
    if ((unsigned char)buf[pos] >= 0x80) {
      uint32_t cp;
      decodeUTF8(buf, pos, cp);
      if (isChangedByNFKC(cp)) {
        error(pos, "character '" + buf.substr(pos, len) + "' (" + codePointName(cp) +
                       ") in a name changes under Unicode NFKC normalization, which Python "
                       "applies to names and kdsl does not: write the normalized form");
        return;
      }
    }
    pos += len;
    len = identCharAt(pos, false);
  }
  // String prefixes: r, b, u, f and their combinations.
  if (pos < buf.size() && (buf[pos] == '\'' || buf[pos] == '"') && pos - start <= 2) {
    std::string prefix = buf.slice(start, pos).lower();
    if (prefix == "r" || prefix == "b" || prefix == "u" || prefix == "f" || prefix == "rb" ||
        prefix == "br" || prefix == "fr" || prefix == "rf") {
      bool fstr = prefix.find('f') != std::string::npos || prefix.find('b') != std::string::npos;
      lexString(start, pos, prefix.find('r') != std::string::npos, fstr);
      return;
    }
  }
  push(Tok::Name, start, pos);
}

/// Handles indentation at the start of a logical line. Returns false when the
/// line is blank or a comment (nothing to emit), true otherwise.
bool Lexer::atLineStartIndent() {
  unsigned col = 0;
  size_t p = pos;
  while (p < buf.size()) {
    char c = buf[p];
    if (c == ' ')
      ++col;
    else if (c == '\t')
      col = (col / 8 + 1) * 8;
    else if (c == '\f')
      col = 0;
    else
      break;
    ++p;
  }
  pos = p;
  char c = peek();
  if (c == '\n' || c == '\r' || c == '#' || c == '\0')
    return false;
  if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n')))
    return false; // a continuation line with nothing on it
  if (col > indents.back()) {
    if (indents.size() >= 100) {
      error(pos, "too many levels of indentation");
      return true;
    }
    indents.push_back(col);
    push(Tok::Indent, pos, pos);
  } else {
    while (col < indents.back()) {
      indents.pop_back();
      push(Tok::Dedent, pos, pos);
    }
    if (col != indents.back())
      error(pos, "unindent does not match any outer indentation level");
  }
  return true;
}

void Lexer::lexNumber() {
  size_t start = pos;
  bool isFloat = false;
  auto digits = [&](auto pred) {
    while (pred(peek()) || (peek() == '_' && pred(peek(1))))
      ++pos;
  };
  auto isDec = [](char c) { return llvm::isDigit(c); };
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'o' || peek(1) == 'O' ||
                        peek(1) == 'b' || peek(1) == 'B')) {
    char base = llvm::toLower(peek(1));
    pos += 2;
    if (base == 'x')
      digits([](char c) { return llvm::isHexDigit(c); });
    else if (base == 'o')
      digits([](char c) { return c >= '0' && c <= '7'; });
    else
      digits([](char c) { return c == '0' || c == '1'; });
    if (pos == start + 2) {
      error(start, "invalid number literal");
      return;
    }
  } else {
    digits(isDec);
    if (peek() == '.') {
      isFloat = true;
      ++pos;
      digits(isDec);
    }
    if (peek() == 'e' || peek() == 'E') {
      size_t save = pos;
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!llvm::isDigit(peek()))
        pos = save;
      else {
        isFloat = true;
        digits(isDec);
      }
    }
  }
  Tok kind = isFloat ? Tok::Float : Tok::Int;
  if (peek() == 'j' || peek() == 'J') {
    ++pos;
    kind = Tok::Imaginary;
  }
  if (identCharAt(pos, false)) {
    error(pos, "invalid character in number literal");
    return;
  }
  push(kind, start, pos);
  Token &t = out.back();
  std::string clean;
  for (char c : t.text)
    if (c != '_')
      clean.push_back(c);
  if (kind == Tok::Int) {
    unsigned radix = 10;
    StringRef digitsStr = clean;
    if (digitsStr.size() > 1 && digitsStr[0] == '0' && llvm::isAlpha(digitsStr[1])) {
      char b = llvm::toLower(digitsStr[1]);
      radix = b == 'x' ? 16 : b == 'o' ? 8 : 2;
      digitsStr = digitsStr.drop_front(2);
    }
    // One pass over the digits: once the value needs more than 64 bits it is
    // only marked too large (APInt parsing is quadratic or worse in the length).
    uint64_t value = 0;
    bool overflow = false;
    for (char d : digitsStr) {
      unsigned digit = llvm::hexDigitValue(d);
      if (digit >= radix) {
        error(start, "invalid number literal");
        return;
      }
      if (!overflow && (__builtin_mul_overflow(value, (uint64_t)radix, &value) ||
                        __builtin_add_overflow(value, (uint64_t)digit, &value)))
        overflow = true;
    }
    if (digitsStr.empty()) {
      error(start, "invalid number literal");
      return;
    }
    t.overflow = overflow;
    t.ival = overflow ? UINT64_MAX : value;
  } else if (kind == Tok::Float) {
    errno = 0;
    t.fval = std::strtod(clean.c_str(), nullptr);
  }
}

void Lexer::lexString(size_t start, size_t q, bool raw, bool fstr) {
  char quote = buf[q];
  bool triple = q + 2 < buf.size() && buf[q + 1] == quote && buf[q + 2] == quote;
  pos = q + (triple ? 3 : 1);
  while (true) {
    if (pos >= buf.size()) {
      error(start,
            triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
      return;
    }
    char c = buf[pos];
    if (c == '\\') {
      pos += 2; // an escaped character (raw strings still cannot end on \")
      continue;
    }
    if (!triple && (c == '\n' || c == '\r')) {
      error(start, "unterminated string literal");
      return;
    }
    if (c == quote) {
      if (!triple) {
        ++pos;
        break;
      }
      if (peek(1) == quote && peek(2) == quote) {
        pos += 3;
        break;
      }
    }
    ++pos;
  }
  (void)raw;
  push(Tok::String, start, pos);
  out.back().fstring = fstr;
}

void Lexer::lexOp() {
  size_t start = pos;
  char c = peek(), c1 = peek(1), c2 = peek(2);
  // Longest match among Python's multi-character operators.
  size_t len = 0;
  switch (c) {
  case '*':
    len = c1 == '*' ? (c2 == '=' ? 3 : 2) : c1 == '=' ? 2 : 0;
    break;
  case '/':
    len = c1 == '/' ? (c2 == '=' ? 3 : 2) : c1 == '=' ? 2 : 0;
    break;
  case '>':
    len = c1 == '>' ? (c2 == '=' ? 3 : 2) : c1 == '=' ? 2 : 0;
    break;
  case '<':
    len = c1 == '<' ? (c2 == '=' ? 3 : 2) : c1 == '=' ? 2 : 0;
    break;
  case '.':
    len = c1 == '.' && c2 == '.' ? 3 : 0;
    break;
  case '-':
    len = c1 == '>' || c1 == '=' ? 2 : 0;
    break;
  case '!':
  case '=':
  case '+':
  case '%':
  case '&':
  case '|':
  case '^':
  case '@':
  case ':':
    len = c1 == '=' ? 2 : 0;
    break;
  default:
    break;
  }
  if (len) {
    pos += len;
    push(Tok::Op, start, pos);
    return;
  }
  if (llvm::StringRef("+-*/%@&|^~<>()[]{},:.;=").contains(c)) {
    if (c == '(' || c == '[' || c == '{') {
      if (brackets.size() >= 200) {
        error(pos, "too many nested brackets");
        return;
      }
      brackets.push_back({c, pos});
    } else if (c == ')' || c == ']' || c == '}') {
      char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (brackets.empty()) {
        error(pos, llvm::Twine("unmatched '") + llvm::Twine(c) + "'");
        return;
      }
      if (brackets.back().c != open) {
        error(pos, llvm::Twine("closing '") + llvm::Twine(c) + "' does not match opening '" +
                       llvm::Twine(brackets.back().c) + "'");
        return;
      }
      brackets.pop_back();
    }
    ++pos;
    push(Tok::Op, start, pos);
    return;
  }
  if (c == '!') {
    error(pos, "invalid syntax '!'");
    return;
  }
  uint32_t cp;
  if ((unsigned char)c >= 0x80 && decodeUTF8(buf, pos, cp) > 1)
    error(pos, "invalid character '" + buf.substr(pos, decodeUTF8(buf, pos, cp)) + "' (" +
                   codePointName(cp) + ") in source");
  else if (llvm::isPrint(c))
    error(pos, llvm::Twine("invalid character '") + llvm::Twine(c) + "' in source");
  else
    error(pos, "invalid character (byte 0x" + llvm::utohexstr((unsigned char)c) + ") in source");
}

bool Lexer::run() {
  // Skip a UTF-8 byte order mark.
  if (buf.starts_with("\xEF\xBB\xBF"))
    pos = 3;
  if (!checkUtf8())
    return false;
  bool lineStart = true;
  while (!failed) {
    if (lineStart && brackets.empty()) {
      lineStart = false;
      if (!atLineStartIndent()) {
        // Blank or comment line: skip it entirely.
        while (pos < buf.size() && buf[pos] != '\n')
          ++pos;
        if (pos >= buf.size())
          break;
        ++pos;
        lineStart = true;
        continue;
      }
    }
    if (pos >= buf.size())
      break;
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\f') {
      ++pos;
      continue;
    }
    if (c == '#') {
      while (pos < buf.size() && buf[pos] != '\n')
        ++pos;
      continue;
    }
    if (c == '\\') {
      size_t p = pos + 1;
      if (p < buf.size() && buf[p] == '\r')
        ++p;
      if (p < buf.size() && buf[p] == '\n') {
        pos = p + 1;
        continue;
      }
      if (p >= buf.size()) {
        error(pos, "unexpected end of file after line continuation");
        break;
      }
      error(pos, "unexpected character after line continuation character");
      break;
    }
    if (c == '\r' || c == '\n') {
      if (c == '\r' && peek(1) == '\n')
        ++pos;
      if (brackets.empty()) {
        if (!out.empty() && !out.back().is(Tok::Newline))
          push(Tok::Newline, pos, pos);
        lineStart = true;
      }
      ++pos;
      continue;
    }
    if (c == '\0' && pos < buf.size()) {
      error(pos, "null byte in source");
      break;
    }
    if (llvm::isDigit(c) || (c == '.' && llvm::isDigit(peek(1)))) {
      lexNumber();
      continue;
    }
    if (identCharAt(pos, true)) {
      lexName();
      continue;
    }
    if (c == '\'' || c == '"') {
      lexString(pos, pos, false, false);
      continue;
    }
    lexOp();
  }
  if (failed)
    return false;
  if (!brackets.empty()) {
    Open o = brackets.back();
    error(o.pos, llvm::Twine("'") + llvm::Twine(o.c) + "' was never closed");
    return false;
  }
  if (!out.empty() && !out.back().is(Tok::Newline))
    push(Tok::Newline, buf.size(), buf.size());
  while (indents.size() > 1) {
    indents.pop_back();
    push(Tok::Dedent, buf.size(), buf.size());
  }
  push(Tok::Eof, buf.size(), buf.size());
  return true;
}

} // namespace

bool kdsl::tokenize(StringRef buffer, DiagEngine &diags, std::vector<Token> &tokens) {
  tokens.clear();
  tokens.reserve(buffer.size() / 6 + 16);
  return Lexer(buffer, diags, tokens).run();
}
