//===- Tidy.cpp - the free generator's parentheses as a person writes them -===//
//
// The free statements compose expressions as strings with every operation
// parenthesized: `((f_val) * (f_val) + 1.0)`, `((((a - b) + c) - d))`. A
// person writes `f_val * f_val + 1.0` and `a - b + c - d`. tidyParens parses
// each statement's expressions (Python's precedence and associativity) and
// prints them again with the parentheses the parse needs: the same tree, so
// the same program. Kept for a reader: a negation as the right operand
// (`a * (-b)`) and any operand of `**` that is not a name, number or call. A
// line it cannot parse (a construct outside the small grammar below) is left
// as it is.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <memory>
#include <optional>
#include <utility>

namespace kdsl::synth::gen {
namespace {

struct Node;
using NodeP = std::unique_ptr<Node>;

/// Atom: a name or number (text); Call / Subscript: callee, args; Attr:
/// base.text; Unary: op, one child; Binary: op, two children; Keyword:
/// text=child; Tuple: a parenthesized list of two or more.
struct Node {
  enum Kind { Atom, Call, Subscript, Attr, Unary, Binary, Keyword, Tuple } kind;
  std::string text;
  std::vector<NodeP> kids;
};

/// Binding strength as in Python's grammar (higher binds tighter).
int precedenceOf(const Node &n) {
  switch (n.kind) {
  case Node::Binary:
    return llvm::StringSwitch<int>(n.text)
        .Case("or", 1)
        .Case("and", 2)
        .Cases({"<", ">", "<=", ">=", "==", "!="}, 4)
        .Cases({"+", "-"}, 6)
        .Cases({"*", "/", "//", "%"}, 7)
        .Case("**", 9)
        .Default(0);
  case Node::Unary:
    return n.text == "not" ? 3 : 8;
  case Node::Keyword:
    return 0;
  default:
    return 10;
  }
}

class Parser {
public:
  explicit Parser(llvm::StringRef text) { tokenize(text); }
  bool ok() const { return good; }
  bool atEnd() const { return pos == toks.size(); }

  NodeP expression() { return binary(1); }

private:
  std::vector<std::string> toks;
  size_t pos = 0;
  bool good = true;

  void tokenize(llvm::StringRef s) {
    static const char *ops[] = {"**", "//", "<=", ">=", "==", "!=", "<", ">", "+", "-",
                                "*",  "/",  "%",  "(",  ")",  "[",  "]", ",", ".", "="};
    size_t i = 0;
    while (i < s.size()) {
      char c = s[i];
      if (c == ' ') {
        ++i;
      } else if (llvm::isAlpha(c) || c == '_') {
        size_t j = i;
        while (j < s.size() && (llvm::isAlnum(s[j]) || s[j] == '_'))
          ++j;
        toks.push_back(s.slice(i, j).str());
        i = j;
      } else if (llvm::isDigit(c) || (c == '.' && i + 1 < s.size() && llvm::isDigit(s[i + 1]))) {
        size_t j = i;
        while (j < s.size() &&
               (llvm::isAlnum(s[j]) || s[j] == '.' ||
                ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E'))))
          ++j;
        toks.push_back(s.slice(i, j).str());
        i = j;
      } else {
        const char *match = nullptr;
        for (const char *op : ops)
          if (s.substr(i).starts_with(op)) {
            match = op;
            break;
          }
        if (!match) {
          good = false; // strings, slices, lambdas, ...: not this grammar
          return;
        }
        toks.push_back(match);
        i += strlen(match);
      }
    }
  }

  const std::string &peek() const {
    static const std::string end;
    return pos < toks.size() ? toks[pos] : end;
  }
  bool accept(llvm::StringRef t) {
    if (peek() != t)
      return false;
    ++pos;
    return true;
  }
  void expect(llvm::StringRef t) {
    if (!accept(t))
      good = false;
  }

  static int binaryPrecedence(llvm::StringRef t) {
    Node probe{Node::Binary, t.str(), {}};
    return precedenceOf(probe);
  }

  /// Precedence climbing; `**` is right-associative, comparisons are
  /// parsed as binary nodes (the printer never chains them).
  NodeP binary(int minPrec) {
    NodeP lhs = unary(minPrec);
    bool compared = false;
    while (good) {
      int p = binaryPrecedence(peek());
      if (p == 0 || p < minPrec)
        break;
      // a < b < c is (a < b) and (b < c): not a tree printed again here.
      if (p == 4 && std::exchange(compared, true)) {
        good = false;
        break;
      }
      std::string op = toks[pos++];
      NodeP rhs = op == "**" ? unary(8) : binary(p + 1);
      auto n = std::make_unique<Node>(Node{Node::Binary, op, {}});
      n->kids.push_back(std::move(lhs));
      n->kids.push_back(std::move(rhs));
      lhs = std::move(n);
    }
    return lhs;
  }

  NodeP unary(int minPrec) {
    if (peek() == "not" && minPrec <= 3) {
      ++pos;
      auto n = std::make_unique<Node>(Node{Node::Unary, "not", {}});
      n->kids.push_back(binary(3));
      return n;
    }
    if (peek() == "-" || peek() == "+") {
      std::string op = toks[pos++];
      auto n = std::make_unique<Node>(Node{Node::Unary, op, {}});
      n->kids.push_back(power());
      return n;
    }
    return power();
  }

  /// A primary, then `** unary` (binds tighter than a unary on its left).
  NodeP power() {
    NodeP base = primary();
    if (good && peek() == "**") {
      ++pos;
      auto n = std::make_unique<Node>(Node{Node::Binary, "**", {}});
      n->kids.push_back(std::move(base));
      n->kids.push_back(unary(8));
      return n;
    }
    return base;
  }

  std::vector<NodeP> arguments(llvm::StringRef close) {
    std::vector<NodeP> args;
    if (accept(close))
      return args;
    do {
      if (pos + 1 < toks.size() && toks[pos + 1] == "=" && llvm::isAlpha(peek()[0])) {
        auto k = std::make_unique<Node>(Node{Node::Keyword, toks[pos], {}});
        pos += 2;
        k->kids.push_back(expression());
        args.push_back(std::move(k));
      } else {
        args.push_back(expression());
      }
    } while (good && accept(","));
    expect(close);
    return args;
  }

  NodeP primary() {
    NodeP n;
    const std::string &t = peek();
    if (t.empty()) {
      good = false;
      return std::make_unique<Node>(Node{Node::Atom, "", {}});
    }
    if (t == "(") {
      ++pos;
      std::vector<NodeP> items = arguments(")");
      if (items.size() == 1 && items[0]->kind != Node::Keyword) {
        n = std::move(items[0]);
      } else {
        n = std::make_unique<Node>(Node{Node::Tuple, "", std::move(items)});
      }
    } else if (llvm::isAlnum(t[0]) || t[0] == '_' || t[0] == '.') {
      if (t == "and" || t == "or" || t == "not" || t == "if" || t == "else" || t == "in" ||
          t == "lambda") {
        good = false;
        return std::make_unique<Node>(Node{Node::Atom, "", {}});
      }
      n = std::make_unique<Node>(Node{Node::Atom, toks[pos++], {}});
    } else {
      good = false;
      return std::make_unique<Node>(Node{Node::Atom, "", {}});
    }
    while (good) {
      if (accept("(")) {
        auto c = std::make_unique<Node>(Node{Node::Call, "", {}});
        c->kids.push_back(std::move(n));
        for (NodeP &a : arguments(")"))
          c->kids.push_back(std::move(a));
        n = std::move(c);
      } else if (accept("[")) {
        auto c = std::make_unique<Node>(Node{Node::Subscript, "", {}});
        c->kids.push_back(std::move(n));
        for (NodeP &a : arguments("]"))
          c->kids.push_back(std::move(a));
        n = std::move(c);
      } else if (peek() == "." && pos + 1 < toks.size() && llvm::isAlpha(toks[pos + 1][0])) {
        pos += 2;
        auto c = std::make_unique<Node>(Node{Node::Attr, toks[pos - 1], {}});
        c->kids.push_back(std::move(n));
        n = std::move(c);
      } else {
        break;
      }
    }
    return n;
  }
};

std::string print(const Node &n);

std::string list(const std::vector<NodeP> &kids, size_t from) {
  std::string s;
  for (size_t k = from; k < kids.size(); ++k)
    s += (k > from ? ", " : "") + print(*kids[k]);
  return s;
}

/// What a call, subscript or attribute applies to: `(a * b)[0]` keeps its
/// parentheses.
std::string base(const Node &n) {
  std::string s = print(n);
  return precedenceOf(n) < 10 ? "(" + s + ")" : s;
}

/// `child` printed as an operand of `parent` (on the right when `right`).
std::string operand(const Node &parent, const Node &child, bool right) {
  int p = precedenceOf(parent), c = precedenceOf(child);
  bool parens;
  if (parent.kind == Node::Unary)
    parens = parent.text == "not" ? c < 3 : c < 8 || child.kind == Node::Binary;
  else if (parent.text == "**")
    parens = c < 10;
  else if (child.kind == Node::Unary && child.text != "not")
    parens = right; // a * (-b), not a * -b
  else if (p == 4)
    parens = c <= 4; // never a chained comparison
  else
    parens = c < p || (c == p && right);
  std::string s = print(child);
  return parens ? "(" + s + ")" : s;
}

std::string print(const Node &n) {
  switch (n.kind) {
  case Node::Atom:
    return n.text;
  case Node::Call:
    return base(*n.kids[0]) + "(" + list(n.kids, 1) + ")";
  case Node::Subscript:
    return base(*n.kids[0]) + "[" + list(n.kids, 1) + "]";
  case Node::Attr:
    return base(*n.kids[0]) + "." + n.text;
  case Node::Keyword:
    return n.text + "=" + print(*n.kids[0]);
  case Node::Tuple:
    return "(" + list(n.kids, 0) + (n.kids.size() == 1 ? ",)" : ")");
  case Node::Unary:
    return n.text + (n.text == "not" ? " " : "") + operand(n, *n.kids[0], false);
  case Node::Binary:
    return operand(n, *n.kids[0], false) + " " + n.text + " " + operand(n, *n.kids[1], true);
  }
  return "";
}

/// `text` as one expression, printed again; nullopt when it is not one.
std::optional<std::string> reprint(llvm::StringRef text) {
  Parser parser(text);
  if (!parser.ok())
    return std::nullopt;
  NodeP tree = parser.expression();
  if (!parser.ok() || !parser.atEnd())
    return std::nullopt;
  return print(*tree);
}

/// The position of the statement's assignment `=` (or `op=`) at bracket
/// depth 0, or npos.
size_t assignmentAt(llvm::StringRef s) {
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']')
      --depth;
    else if (c == '=' && depth == 0) {
      char prev = i ? s[i - 1] : ' ', next = i + 1 < s.size() ? s[i + 1] : ' ';
      if (next == '=' || prev == '<' || prev == '>' || prev == '!' || prev == '=')
        continue;
      return i;
    }
  }
  return llvm::StringRef::npos;
}

std::string tidyLine(llvm::StringRef line) {
  size_t indent = line.find_first_not_of(' ');
  if (indent == llvm::StringRef::npos)
    return line.str();
  std::string lead = line.take_front(indent).str();
  llvm::StringRef s = line.drop_front(indent);
  for (llvm::StringRef kw : {"if ", "elif ", "while ", "return "}) {
    if (!s.starts_with(kw))
      continue;
    bool colon = kw != "return ";
    llvm::StringRef e = s.drop_front(kw.size());
    if (colon && !e.consume_back(":"))
      return line.str();
    if (auto r = reprint(e))
      return lead + kw.str() + *r + (colon ? ":" : "");
    return line.str();
  }
  if (s.starts_with("def ") || s.starts_with("for ") || s.starts_with("@") ||
      s.starts_with("class ") || s.ends_with(":"))
    return line.str();
  size_t eq = assignmentAt(s);
  if (eq == llvm::StringRef::npos) {
    // An expression statement (wp.atomic_add(...)).
    if (auto r = reprint(s))
      return lead + *r;
    return line.str();
  }
  // `target = value`, `target op= value`: the value (a subscript target's
  // indices stay as written).
  if (auto r = reprint(s.drop_front(eq + 1).ltrim()))
    return lead + s.take_front(eq + 1).str() + " " + *r;
  return line.str();
}

} // namespace

std::string tidyParens(llvm::StringRef code) {
  llvm::SmallVector<llvm::StringRef> lines;
  code.split(lines, '\n');
  std::string out;
  for (auto [k, l] : llvm::enumerate(lines))
    out += (k ? "\n" : "") + tidyLine(l);
  return out;
}

} // namespace kdsl::synth::gen
