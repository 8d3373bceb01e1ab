//===- Lexer.h - Python tokenizer ------------------------------*- C++ -*-===//
//
// Tokenizes a whole Python source file, including the host code that the
// front end later skips: strings of every form, numbers, operators, and
// INDENT/DEDENT/NEWLINE tokens computed as CPython does (tabs to multiples of
// 8, implicit line joining inside brackets, backslash continuation).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_LEXER_H
#define KDSL_FRONTEND_LEXER_H

#include "kdsl/Frontend/Diagnostics.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <vector>

namespace kdsl {

enum class Tok : uint8_t {
  Name,
  Int,
  Float,
  Imaginary,
  String,
  Op, // operators and delimiters; the spelling is in `text`
  Newline,
  Indent,
  Dedent,
  Eof,
};

struct Token {
  Tok kind;
  llvm::StringRef text;
  /// Int: value (saturated, `overflow` set past 2^64-1); Float: `fval`.
  uint64_t ival = 0;
  double fval = 0;
  bool overflow = false;
  /// String: true for f-strings and bytes (never allowed in kernels).
  bool fstring = false;

  llvm::SMLoc loc() const { return llvm::SMLoc::getFromPointer(text.data()); }
  bool is(Tok k) const { return kind == k; }
  bool isOp(llvm::StringRef s) const { return kind == Tok::Op && text == s; }
  bool isName(llvm::StringRef s) const { return kind == Tok::Name && text == s; }
};

/// Tokenizes `buffer`. Returns false (after reporting) on a lexical error:
/// bad indentation, an unterminated string or bracket, a stray character.
bool tokenize(llvm::StringRef buffer, DiagEngine &diags, std::vector<Token> &tokens);

} // namespace kdsl

#endif
