//===- ParserImpl.h - The parser's class (private) ------------*- C++ -*-===//
//
// One class parses a file: the grammar (Parser.cpp) and the module-level host
// evaluator that decides which Warp definitions Python would make (module
// scan, imports, constants and decorators: HostEval.cpp; host loops:
// HostEvalLoops.cpp; factories and their constant `if`s: HostEvalFactories.cpp;
// integer enums: HostEvalEnums.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_PARSERIMPL_H
#define KDSL_LIB_FRONTEND_PARSERIMPL_H

#include "kdsl/Frontend/Lexer.h"
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/PyNumber.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <map>
#include <optional>

namespace kdsl::detail {

using llvm::SMLoc;
using llvm::StringRef;

constexpr unsigned kMaxNesting = 200;
constexpr unsigned kMaxChain = 2000;

/// Parses one token stream into a ModuleAST.
class Parser {
public:
  Parser(std::vector<Token> &toks, DiagEngine &diags, ModuleAST &m)
      : toks(toks), diags(diags), mod(m) {}

  bool parseFile();
  /// One expression filling the buffer (kdsl-translate --kernel-types).
  Expr *parseStandalone() {
    mod.globals = mod.globals ? mod.globals : mod.make<Scope>();
    Expr *e = parseTest();
    if (e && !cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      error(cur().loc(), "unexpected " + describe(cur()));
    return failed ? nullptr : e;
  }

private:
  std::vector<Token> &toks;
  DiagEngine &diags;
  ModuleAST &mod;
  size_t p = 0;
  bool failed = false;
  unsigned depth = 0;

  // ---- token helpers ----------------------------------------------------
  const Token &cur() const { return toks[p]; }
  const Token &peekTok(size_t k = 1) const { return toks[std::min(p + k, toks.size() - 1)]; }
  void advance() {
    if (p + 1 < toks.size())
      ++p;
  }
  bool consumeOp(StringRef op) {
    if (cur().isOp(op)) {
      advance();
      return true;
    }
    return false;
  }
  bool consumeName(StringRef n) {
    if (cur().isName(n)) {
      advance();
      return true;
    }
    return false;
  }
  bool error(SMLoc loc, const llvm::Twine &msg) {
    if (!failed || diags.suppress)
      diags.error(loc, msg);
    failed = true;
    return false;
  }
  bool expectOp(StringRef op, StringRef what = "") {
    if (consumeOp(op))
      return true;
    return error(cur().loc(), "expected '" + op + "'" + (what.empty() ? "" : " " + what) +
                                  ", found " + describe(cur()));
  }
  static std::string describe(const Token &t) {
    switch (t.kind) {
    case Tok::Newline:
      return "end of line";
    case Tok::Indent:
      return "unexpected indent";
    case Tok::Dedent:
      return "end of block";
    case Tok::Eof:
      return "end of file";
    case Tok::String:
      return "a string";
    default:
      return ("'" + t.text + "'").str();
    }
  }
  static bool isKeyword(StringRef s) {
    return llvm::StringSwitch<bool>(s)
        .Cases({"False", "None", "True", "and", "as", "assert", "async", "await", "break"}, true)
        .Cases({"class", "continue", "def", "del", "elif", "else", "except", "finally"}, true)
        .Cases({"for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal"}, true)
        .Cases({"not", "or", "pass", "raise", "return", "try", "while", "with", "yield"}, true)
        .Default(false);
  }

  // ---- skipping host code ----------------------------------------------
  void skipLogicalLine() {
    while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      advance();
    if (cur().is(Tok::Newline))
      advance();
  }
  /// Skips one statement with its indented block, looking inside the block
  /// for Warp definitions when `scan` is set.
  void skipStatement(Scope *scope, bool scan) {
    skipLogicalLine();
    if (cur().is(Tok::Indent)) {
      advance();
      if (scan)
        scanBlock(scope);
      else
        skipBlockTail();
    }
  }
  void skipBlockTail() {
    unsigned level = 1;
    while (level && !cur().is(Tok::Eof)) {
      if (cur().is(Tok::Indent))
        ++level;
      else if (cur().is(Tok::Dedent))
        --level;
      advance();
    }
  }
  void scanBlock(Scope *scope) {
    while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof) && !failed)
      scanStatement(scope);
    if (cur().is(Tok::Dedent))
      advance();
  }

  // ---- module level (the host evaluator, HostEval*.cpp) -----------------
  void scanStatement(Scope *scope);
  /// What the decorators of a kernel, func or struct say besides its kind.
  struct DecoInfo {
    std::vector<Keyword> options; // @wp.kernel(...) keywords
    std::string error;            // the first decorator problem (Sema reports it)
    SMLoc errorLoc;
  };
  bool isWarpRef(Expr *e, Scope *scope, StringRef &name);
  void handleImport(Scope *scope);
  void tryConstant(Scope *scope);
  bool tryTupleConstants(Scope *scope);
  bool parseDef(Scope *scope, bool isKernel, DecoInfo info);
  bool parseStruct(Scope *scope, DecoInfo info);
  void parseAttachedDef(Scope *scope, StringRef which, Expr *deco, SMLoc decoLoc);
  // @wp.func_grad / @wp.func_replay (CustomGrad: lib/Frontend/CustomGrad.cpp)
  void parseCustomDef(Scope *scope, bool isGrad, FuncDef *target);
  // Generics (lib/Frontend/Generics.cpp): @wp.overload stubs, wp.overload().
  bool parseOverloadStub(Scope *scope);
  bool tryOverloadCall(Scope *scope);
  Expr *adjointRef(SubscriptExpr *sub);
  Scope *adjointScope = nullptr; // set while parsing a @wp.func_grad body
  void skipDefAndScan(Scope *scope);
  // Closures: names of host code that kernels cannot use (Symbol::hostNote).
  void recordHostParams(Scope *inner, StringRef defName);
  void recordHostLoopTargets(Scope *scope);
  // Factories: plain defs holding Warp definitions, instantiated where host
  // code calls them with arguments the source gives (`f1 = make_func(17)`).
  struct Factory {
    size_t defTok = 0;                                // the `def` token
    Scope *scope = nullptr;                           // where the def stands
    std::vector<std::pair<StringRef, Expr *>> params; // name, default value
    bool instantiable = false;
    // The definitions of the def's own scan (host parameters unbound): they
    // give way to the instances once there is one.
    std::vector<FuncDef *> kernels, funcs;
    std::vector<StructDef *> structs;
    bool originalsDropped = false;
  };
  std::map<std::pair<const Scope *, StringRef>, Factory> factories;
  /// Instance scopes being scanned: the value of their first `return`, and
  /// the first `if` the source does not decide around Warp definitions.
  llvm::DenseMap<const Scope *, Expr *> instanceReturns;
  llvm::DenseMap<const Scope *, SMLoc> instanceUndecided;
  static constexpr unsigned kMaxInstanceDepth = 8;
  unsigned instanceDepth = 0;
  bool depthExceeded = false;
  Factory *findFactory(Scope *scope, StringRef name);
  void recordFactoryParams(Factory &f);
  bool tryFactoryCall(Scope *scope);
  void instantiateNestedFactoryCalls(Scope *scope);
  void bindFactoryResult(Scope *scope, llvm::ArrayRef<StringRef> targets, Factory &f,
                         CallExpr *call);
  Scope *instantiateFactory(Factory &f, CallExpr *call, Scope *caller);
  /// `role` says what `name` is, for messages ("a parameter of factory 'f'").
  void bindHostValue(Scope *inst, StringRef name, Expr *value, Scope *valueScope,
                     const std::string &role);
  // Host loops over a tuple or list the source gives, around Warp
  // definitions or wp.overload calls: one instance of the body per item.
  bool tryHostLoop(Scope *scope);
  bool tryInstanceIf(Scope *scope);
  // enum.IntEnum / enum.IntFlag classes: `E.A` (and `E.A.value`) is the
  // member's integer, replaced while parsing.
  std::map<std::pair<const Scope *, StringRef>, llvm::StringMap<std::optional<int64_t>>> enums;
  llvm::DenseSet<const Expr *> enumInts;
  Scope *exprScope = nullptr; // the scope names of the expression being parsed resolve in
  bool tryEnumClass(Scope *scope);
  const llvm::StringMap<std::optional<int64_t>> *findEnum(StringRef name);
  Expr *enumMember(Expr *base, StringRef attr);
  // Imported Python modules whose files kdsl reads (Imports.cpp): `x.f` is
  // the name `x.f`, bound to the module's f where `import ... as x` stands.
  void bindImportedModule(Symbol &sym, const std::string &dotted);
  // Annotations are evaluated when Python runs the def: a struct named in
  // one keeps that definition when a later class of its name replaces it.
  std::vector<std::pair<NameExpr *, Scope *>> structAnnotations;
  unsigned pinnedStructs = 0;
  void recordAnnotation(Expr *annotation);
  void pinAnnotations(Scope *scope, const Symbol &old);
  Expr *moduleMember(Expr *base, StringRef attr);
  std::optional<bool> hostTruth(Expr *e, Scope *scope, unsigned depth = 0);
  std::optional<PyNumber> hostNumber(Expr *e, Scope *scope, unsigned depth = 0);

  // ---- statements --------------------------------------------------------
  bool parseBlock(Body &body);
  bool parseStatement(Body &body);
  bool parseSimpleStatements(Body &body);
  Stmt *parseSmallStatement();
  Stmt *parseIf(SMLoc loc);
  bool parseLoopElse(bool &hasElse);
  Stmt *unsupportedCompound(SMLoc loc, std::string what);

  // ---- expressions -------------------------------------------------------
  Expr *parseExprList();
  Expr *parseTest();
  Expr *parseOrTest() { return parseBoolChain(false); }
  Expr *parseBoolChain(bool isAnd);
  Expr *parseNotTest();
  Expr *parseComparison();
  Expr *parseBinaryLevel(int level);
  Expr *parseFactor();
  Expr *parsePower();
  Expr *parsePrimary();
  Expr *parseAtom();
  Expr *skipBracketed(SMLoc loc, std::string what);
  Expr *parseDictLiteral(SMLoc loc);
  Expr *parseListLiteral(SMLoc loc);
  Expr *parseSetLiteral(SMLoc loc);
  Expr *parseSubscriptIndex();
  Expr *unsupported(SMLoc loc, std::string what) { return mod.make<UnsupportedExpr>(loc, what); }
  bool parseCallArgs(CallExpr *call);
  bool enter() {
    if (++depth > kMaxNesting) {
      error(cur().loc(), "expression or block nested too deeply");
      return false;
    }
    return true;
  }
  struct DepthGuard {
    unsigned &d;
    ~DepthGuard() { --d; }
  };
};

} // namespace kdsl::detail

#endif
