//===- ForbiddenConstructs.cpp - what a model's C++ may not contain --------===//
//
// Raw-lexes a C++ text as Clang does (comments, line splices, digraphs and
// raw strings included), so `/**/ #include`, `%:include` and a directive
// continued over lines are all found, and a '#' inside a string is not.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Target/Verify.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace kdsl;

std::optional<std::string> kdsl::forbiddenConstruct(llvm::StringRef text, bool allowAsm) {
  clang::LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = lang.CPlusPlus14 = lang.CPlusPlus17 = true;
  lang.Digraphs = true;
  lang.LineComment = true;
  // The text must end with a NUL for the lexer: copy it.
  std::string buffer = text.str();
  clang::Lexer lexer(clang::SourceLocation(), lang, buffer.data(), buffer.data(),
                     buffer.data() + buffer.size());
  auto where = [&](const char *at) {
    llvm::StringRef before(buffer.data(), size_t(at - buffer.data()));
    size_t line = before.count('\n') + 1;
    size_t col = before.size() -
                 (before.rfind('\n') == llvm::StringRef::npos ? 0 : before.rfind('\n') + 1) + 1;
    return std::to_string(line) + ":" + std::to_string(col);
  };
  clang::Token tok;
  do {
    lexer.LexFromRawLexer(tok);
    const char *at = buffer.data() + tok.getLocation().getRawEncoding();
    if ((tok.is(clang::tok::hash) || tok.is(clang::tok::hashhash)) && tok.isAtStartOfLine())
      return where(at) + ": a preprocessor directive ('#')";
    if (tok.is(clang::tok::raw_identifier)) {
      llvm::StringRef name = tok.getRawIdentifier();
      if (llvm::is_contained({"_Pragma", "__pragma", "__has_include", "__has_include_next",
                              "__has_embed", "__FILE__", "__FILE_NAME__", "__BASE_FILE__"},
                             name))
        return where(at) + ": '" + name.str() + "'";
      if (!allowAsm && llvm::is_contained({"asm", "__asm", "__asm__"}, name))
        return where(at) + ": inline assembly ('" + name.str() + "')";
    }
  } while (tok.isNot(clang::tok::eof));
  return std::nullopt;
}
