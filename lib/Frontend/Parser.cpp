//===- Parser.cpp - Warp-syntax Python parser -----------------------------===//
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/Lexer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <optional>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

namespace {

constexpr unsigned kMaxNesting = 200;
constexpr unsigned kMaxChain = 2000;

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
  const Token &peekTok(size_t k = 1) const {
    return toks[std::min(p + k, toks.size() - 1)];
  }
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
    case Tok::Newline: return "end of line";
    case Tok::Indent: return "unexpected indent";
    case Tok::Dedent: return "end of block";
    case Tok::Eof: return "end of file";
    case Tok::String: return "a string";
    default: return ("'" + t.text + "'").str();
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

  // ---- module level -----------------------------------------------------
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
    size_t defTok = 0;  // the `def` token
    Scope *scope = nullptr; // where the def stands
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

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

bool Parser::parseFile() {
  mod.globals = mod.make<Scope>();
  // `wp` and `warp` resolve to the warp module even without an import line.
  mod.globals->symbols["wp"].kind = Symbol::WarpModule;
  mod.globals->symbols["warp"].kind = Symbol::WarpModule;
  while (!cur().is(Tok::Eof) && !failed) {
    if (cur().is(Tok::Indent)) {
      error(cur().loc(), "unexpected indent");
      break;
    }
    if (cur().is(Tok::Dedent)) {
      advance();
      continue;
    }
    scanStatement(mod.globals);
  }
  return !failed;
}

/// Returns true if `e` names something from warp (`wp.kernel`, `warp.kernel`,
/// or a name imported from warp), setting `name` to the warp attribute.
bool Parser::isWarpRef(Expr *e, Scope *scope, StringRef &name) {
  if (auto *attr = llvm::dyn_cast_or_null<AttributeExpr>(e)) {
    if (auto *base = llvm::dyn_cast_or_null<NameExpr>(attr->base)) {
      const Symbol *s = scope->lookup(base->name);
      if (s && s->kind == Symbol::WarpModule) {
        name = attr->attr;
        return true;
      }
    }
    return false;
  }
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e)) {
    const Symbol *s = scope->lookup(n->name);
    if (s && s->kind == Symbol::WarpName) {
      name = s->warpName;
      return true;
    }
  }
  return false;
}

static bool isDefiningDecorator(StringRef wpName) {
  return wpName == "kernel" || wpName == "func" || wpName == "struct";
}

/// Warp decorators that define or modify a Warp function and that kdsl does
/// not implement yet: the message Sema reports for them, or null.
static const char *attachedDecoratorError(StringRef wpName) {
  return llvm::StringSwitch<const char *>(wpName)
      .Case("func_grad", "kdsl does not support @wp.func_grad (custom gradients) yet")
      .Case("func_replay", "kdsl does not support @wp.func_replay (custom replay functions) yet")
      .Case("func_native", "kdsl does not support @wp.func_native (native snippets) yet")
      .Case("overload", "kdsl does not support @wp.overload here (nor does Warp): it must follow a "
                        "generic @wp.kernel of the same name; func overloads are plain @wp.func defs")
      .Default(nullptr);
}

void Parser::scanStatement(Scope *scope) {
  const Token &t = cur();
  exprScope = scope;
  if (t.isOp("@")) {
    // Decorators, then def/class.
    struct Deco {
      Expr *e; // null when it does not parse as an expression
      SMLoc loc;
      StringRef wpName; // `wp.NAME` (or NAME imported from warp), else empty
    };
    std::vector<Deco> decorators;
    while (cur().isOp("@")) {
      SMLoc loc = cur().loc();
      advance();
      Expr *e;
      {
        SuppressDiags quiet(diags);
        bool wasFailed = failed;
        e = parseTest();
        if (!e || quiet.hadErrors()) {
          failed = wasFailed;
          e = nullptr;
        }
      }
      if (!cur().is(Tok::Newline)) {
        skipStatement(scope, true);
        return;
      }
      advance();
      Deco d{e, loc, {}};
      Expr *callee = e;
      if (auto *call = llvm::dyn_cast_or_null<CallExpr>(e))
        callee = call->callee;
      StringRef name;
      if (callee && isWarpRef(callee, scope, name))
        d.wpName = name;
      decorators.push_back(d);
    }
    const Deco *main = nullptr, *attached = nullptr;
    for (const Deco &d : decorators) {
      if (!main && isDefiningDecorator(d.wpName))
        main = &d;
      if (!attached && attachedDecoratorError(d.wpName))
        attached = &d;
    }
    if (!main && attached && cur().isName("def")) {
      parseAttachedDef(scope, attached->wpName, attached->e, attached->loc);
      return;
    }
    if (!main || !(cur().isName("def") || cur().isName("class"))) {
      if (cur().isName("def") || cur().isName("class") || cur().isName("async"))
        skipDefAndScan(scope);
      else
        skipStatement(scope, true);
      return;
    }
    StringRef which = main->wpName;
    // Everything the decorators say besides the kind is either implemented
    // (keyword options, checked by Sema) or an error: nothing is dropped.
    DecoInfo info;
    if (auto *call = llvm::dyn_cast<CallExpr>(main->e)) {
      info.options.assign(call->kwargs.begin(), call->kwargs.end());
      if (!call->args.empty()) {
        info.error = ("@wp." + which + "(...) takes keyword options only").str();
        info.errorLoc = call->args[0]->loc;
      }
    }
    for (const Deco &d : decorators) {
      if (&d == main || !info.error.empty())
        continue;
      info.errorLoc = d.loc;
      if (isDefiningDecorator(d.wpName))
        info.error = "a definition takes only one of @wp.kernel, @wp.func and @wp.struct";
      else if (const char *msg = attachedDecoratorError(d.wpName))
        info.error = msg;
      else
        info.error = ("kdsl does not support other decorators on a @wp." + which + " definition").str();
    }
    if (which == "struct") {
      if (!cur().isName("class")) {
        error(cur().loc(), "@wp.struct must decorate a class");
        return;
      }
      parseStruct(scope, std::move(info));
      return;
    }
    if (!cur().isName("def")) {
      error(cur().loc(), "@wp." + which + " must decorate a function definition");
      return;
    }
    parseDef(scope, which == "kernel", std::move(info));
    return;
  }
  if (t.isName("class") && tryEnumClass(scope))
    return;
  if (t.isName("def") || t.isName("class") || t.isName("async")) {
    skipDefAndScan(scope);
    return;
  }
  if (t.isName("import") || t.isName("from")) {
    handleImport(scope);
    return;
  }
  if (tryOverloadCall(scope))
    return;
  if (tryFactoryCall(scope))
    return;
  if (auto it = instanceReturns.find(scope); it != instanceReturns.end()) {
    // Host code of a factory instance: its constant `if`s take one branch,
    // and its first `return` gives what the call returns.
    if (t.isName("if") && tryInstanceIf(scope))
      return;
    if (t.isName("return")) {
      advance();
      SuppressDiags quiet(diags);
      bool wasFailed = failed;
      Expr *e = cur().is(Tok::Newline) ? nullptr : parseExprList();
      if (!it->second && e && !quiet.hadErrors() && cur().is(Tok::Newline))
        instanceReturns[scope] = e;
      failed = wasFailed;
      skipStatement(scope, true);
      return;
    }
  }
  if (t.is(Tok::Name) && !isKeyword(t.text) && peekTok().isOp("=")) {
    tryConstant(scope);
    return;
  }
  if (t.is(Tok::Name) && (t.text == "global" || t.text == "nonlocal")) {
    skipLogicalLine();
    return;
  }
  if (t.isName("for")) {
    if (tryHostLoop(scope))
      return;
    recordHostLoopTargets(scope);
  }
  // Any other statement: skip it, looking into its blocks for definitions.
  skipStatement(scope, true);
}

void Parser::skipDefAndScan(Scope *scope) {
  bool isDef = cur().isName("def") || (cur().isName("async") && peekTok().isName("def"));
  StringRef name = cur().isName("async") ? peekTok(2).text : peekTok().text;
  // A plain def shadows any earlier binding of its name.
  if (!name.empty() && scope->symbols.count(name))
    scope->symbols[name] = Symbol();
  factories.erase({scope, name});
  // A def body and a class body are scopes of their own: definitions in two
  // classes do not clash, and module code does not see a class's names.
  Scope *inner = mod.make<Scope>();
  inner->parent = scope;
  if (isDef)
    recordHostParams(inner, name);
  size_t defTok = p, k0 = mod.kernels.size(), f0 = mod.funcs.size(), s0 = mod.structs.size();
  // A plain class: its constants and funcs are `Name.ATTR` in kernel code
  // (also in the class's own kernels), as Warp resolves class attributes
  // (test_compile_consts.py's `class Foobar: ONE = wp.constant(1)`), the way
  // module members are.
  if (!isDef && !name.empty() && cur().isName("class")) {
    Symbol cls;
    cls.moduleScope = inner;
    cls.hostModule = name;
    cls.isClass = true;
    scope->symbols[name] = cls;
  }
  skipStatement(inner, true);
  // A plain def holding Warp definitions is a factory that host code may
  // call with arguments the source gives (tryFactoryCall).
  if (!isDef || !toks[defTok].isName("def") || name.empty() ||
      (mod.kernels.size() == k0 && mod.funcs.size() == f0 && mod.structs.size() == s0))
    return;
  Factory f;
  f.defTok = defTok;
  f.scope = scope;
  f.kernels.assign(mod.kernels.begin() + k0, mod.kernels.end());
  f.funcs.assign(mod.funcs.begin() + f0, mod.funcs.end());
  f.structs.assign(mod.structs.begin() + s0, mod.structs.end());
  recordFactoryParams(f);
  factories[{scope, name}] = std::move(f);
}

/// The parameters of a plain def enclosing Warp definitions: kernel code
/// that names one gets a clear error (its value is only known when Python
/// calls the def), not "not defined".
void Parser::recordHostParams(Scope *inner, StringRef defName) {
  size_t i = p;
  while (i < toks.size() && !toks[i].isOp("(") && !toks[i].is(Tok::Newline))
    ++i;
  unsigned level = 0;
  bool atParam = true;
  for (; i < toks.size() && !toks[i].is(Tok::Eof); ++i) {
    const Token &t = toks[i];
    if (t.isOp("(") || t.isOp("[") || t.isOp("{")) {
      atParam = ++level == 1;
      continue;
    }
    if (t.isOp(")") || t.isOp("]") || t.isOp("}")) {
      if (--level == 0)
        break;
      continue;
    }
    if (level == 1 && t.isOp(",")) {
      atParam = true;
      continue;
    }
    if (level == 1 && (t.isOp("*") || t.isOp("**")))
      continue;
    if (level == 1 && atParam && t.is(Tok::Name) && !isKeyword(t.text)) {
      Symbol sym;
      sym.hostNote = ("a parameter of the enclosing function '" + defName + "'").str();
      inner->symbols[t.text] = sym;
    }
    atParam = false;
  }
}

/// `for a, b in ...:` in host code binds its targets to run-time values.
void Parser::recordHostLoopTargets(Scope *scope) {
  for (size_t i = p + 1; i < toks.size() && !toks[i].isName("in") && !toks[i].is(Tok::Newline); ++i)
    if (toks[i].is(Tok::Name) && !isKeyword(toks[i].text)) {
      Symbol sym;
      sym.hostNote = "a loop variable of host code";
      scope->symbols[toks[i].text] = sym;
    }
}

/// The items of a host loop's iterable when the source gives them: a tuple
/// or list literal, or a name bound to one (`TYPES = (wp.float32, ...)`).
/// `itemScope` is where the items' names resolve. `mutated(name)`: whether
/// host code changes the list or dict a name is bound to (`NAME.append(x)`,
/// `NAME[k] = v`, `NAME += [...]`): its literal is then not what the loop sees.
static bool hostLoopItems(ModuleAST &mod, Expr *iter, Scope *scope, std::vector<Expr *> &items,
                          Scope *&itemScope, llvm::function_ref<bool(StringRef)> mutated) {
  itemScope = scope;
  // D.items(), D.values(), D.keys() of a dict literal (or a name bound to
  // one): its pairs, values or keys, in order.
  StringRef dictView;
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(iter); c && c->args.empty() && c->kwargs.empty())
    if (auto *a = llvm::dyn_cast<AttributeExpr>(c->callee);
        a && (a->attr == "items" || a->attr == "values" || a->attr == "keys")) {
      dictView = a->attr;
      iter = a->base;
    }
  for (unsigned depth = 0; depth < 16; ++depth) {
    auto *n = llvm::dyn_cast_or_null<NameExpr>(iter);
    if (!n)
      break;
    const Symbol *s = scope->lookup(n->name);
    if (!s || s->kind != Symbol::Const || !s->constDef->value ||
        (!llvm::isa<TupleExpr>(s->constDef->value) && mutated(n->name)))
      return false;
    iter = s->constDef->value;
    scope = itemScope = s->constDef->scope ? s->constDef->scope : scope;
  }
  // Warp's tuples of scalar types (warp/_src/types.py): wp.types.scalar_types,
  // wp._src.types.float_types, ... Each item is the type's bare Warp name.
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(iter); a && dictView.empty()) {
    std::string path = dottedName(a);
    StringRef root = StringRef(path).split('.').first;
    const Symbol *rs = scope->lookup(root);
    bool warp = (rs && rs->kind == Symbol::WarpModule) || (!rs && root == "warp");
    static const char *const ints[] = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"};
    static const char *const floats[] = {"float16", "bfloat16", "float32", "float64"};
    std::vector<StringRef> names;
    if (a->attr == "int_types" || a->attr == "scalar_types" || a->attr == "scalar_and_bool_types")
      names.assign(std::begin(ints), std::end(ints));
    if (a->attr == "float_types" || a->attr == "scalar_types" || a->attr == "scalar_and_bool_types")
      names.insert(names.end(), std::begin(floats), std::end(floats));
    if (a->attr == "scalar_and_bool_types")
      names.push_back("bool");
    if (a->attr == "non_atomic_types")
      names = {"int8", "uint8", "int16", "uint16"};
    if (!warp || names.empty())
      return false;
    for (StringRef n : names)
      items.push_back(mod.make<NameExpr>(a->loc, n));
    return true;
  }
  if (!dictView.empty()) {
    auto *d = llvm::dyn_cast_or_null<UnsupportedExpr>(iter);
    if (!d || d->dictItems.empty())
      return false;
    for (auto [key, value] : d->dictItems) {
      if (dictView == "keys" || dictView == "values") {
        items.push_back(dictView == "keys" ? key : value);
        continue;
      }
      auto *pair = mod.make<TupleExpr>(key->loc);
      pair->elts = {key, value};
      items.push_back(pair);
    }
    return true;
  }
  if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(iter))
    items.assign(t->elts.begin(), t->elts.end());
  else if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(iter);
           u && !u->isSet && u->dictItems.empty() && u->raw.empty() && !u->listItems.empty())
    items = u->listItems;
  else
    return false;
  // [*a, *b]: the items of a and b are not known here.
  for (Expr *e : items)
    if (auto *u = llvm::dyn_cast<UnsupportedExpr>(e); u && u->what.find("starred") != std::string::npos)
      return false;
  return true; // (comprehensions are not literals: no items)
}

/// `for T in (wp.float32, wp.float64):` (or `for A, B in [(x, y), ...]:`) in
/// host code whose body holds Warp definitions or wp.overload calls: Python
/// runs the body once per item, each time with the targets bound to it, so
/// kdsl scans the body once per item in a scope of its own where the targets
/// are bound as a factory's parameters are (bindHostValue): each iteration
/// makes its own definitions and overloads, as in Warp. False (nothing
/// consumed) for any other loop: its targets stay host values.
bool Parser::tryHostLoop(Scope *scope) {
  size_t save = p;
  auto fail = [&] {
    p = save;
    return false;
  };
  advance(); // for
  std::vector<StringRef> targets;
  bool paren = consumeOp("(");
  while (cur().is(Tok::Name) && !isKeyword(cur().text)) {
    targets.push_back(cur().text);
    advance();
    if (!consumeOp(","))
      break;
  }
  if ((paren && !consumeOp(")")) || targets.empty() || !consumeName("in"))
    return fail();
  Expr *iter = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    iter = parseExprList();
    if (quiet.hadErrors())
      iter = nullptr;
    failed = wasFailed;
  }
  if (!iter || !consumeOp(":") || !cur().is(Tok::Newline) || !peekTok().is(Tok::Indent))
    return fail();
  size_t header = p;
  // The body: Warp definitions or wp.overload calls in it make the loop
  // matter; `break`, `continue`, `return` or `yield` in its host code (not
  // in the defs it holds) would make the iterations differ.
  bool defines = false, jumps = false;
  {
    size_t i = p + 2; // past the newline and the indent
    unsigned level = 1;
    bool lineStart = true;
    while (i < toks.size() && level && !toks[i].is(Tok::Eof)) {
      const Token &t = toks[i];
      if (t.is(Tok::Indent))
        ++level;
      else if (t.is(Tok::Dedent))
        --level;
      if (t.isOp("@") || t.isName("def") || t.isName("class") || t.isName("overload"))
        defines = true;
      if (lineStart && (t.isName("def") || t.isName("class"))) {
        // Skip the def's header and block: its own control flow is its own.
        while (i < toks.size() && !toks[i].is(Tok::Newline) && !toks[i].is(Tok::Eof))
          ++i;
        if (i + 1 < toks.size() && toks[i + 1].is(Tok::Indent)) {
          unsigned inner = 0;
          for (i = i + 1; i < toks.size() && !toks[i].is(Tok::Eof); ++i) {
            if (toks[i].is(Tok::Indent))
              ++inner;
            else if (toks[i].is(Tok::Dedent) && --inner == 0)
              break;
          }
        }
        ++i;
        lineStart = true;
        continue;
      }
      if (t.isName("break") || t.isName("continue") || t.isName("return") || t.isName("yield"))
        jumps = true;
      lineStart = t.is(Tok::Newline) || t.is(Tok::Indent) || t.is(Tok::Dedent) ||
                  (lineStart && t.isOp("@")) || (lineStart && t.isName("async"));
      ++i;
    }
  }
  std::vector<Expr *> items;
  Scope *itemScope = nullptr;
  auto mutated = [&](StringRef name) {
    for (size_t i = 0; i + 2 < toks.size(); ++i) {
      if (!toks[i].isName(name) || (i > 0 && toks[i - 1].isOp(".")))
        continue;
      const Token &next = toks[i + 1];
      if (next.isOp("[")) { // NAME[k] = v (a read NAME[k] is fine)
        unsigned level = 0;
        size_t j = i + 1;
        for (; j < toks.size() && !toks[j].is(Tok::Newline); ++j)
          if ((toks[j].isOp("[") && ++level) || (toks[j].isOp("]") && --level == 0))
            break;
        if (j + 1 < toks.size() && (toks[j + 1].isOp("=") || toks[j + 1].isOp("+=")))
          return true;
        continue;
      }
      if (next.isOp("+=") || next.isOp("|=") ||
          (next.isOp(".") && llvm::is_contained({"append", "extend", "insert", "pop", "remove", "clear",
                                                 "update", "setdefault", "sort", "reverse"},
                                                toks[i + 2].text)))
        return true;
    }
    return false;
  };
  if (!defines || jumps || !hostLoopItems(mod, iter, scope, items, itemScope, mutated) || items.size() > 256 ||
      instanceDepth >= kMaxInstanceDepth)
    return fail();
  // Each item binds every target: `for a, b in [(x, y), ...]` unpacks it.
  std::vector<llvm::SmallVector<Expr *, 4>> bound;
  for (Expr *item : items) {
    llvm::SmallVector<Expr *, 4> values;
    if (targets.size() == 1)
      values.push_back(item);
    else if (auto *t = llvm::dyn_cast<TupleExpr>(item))
      values.assign(t->elts.begin(), t->elts.end());
    else if (auto *u = llvm::dyn_cast<UnsupportedExpr>(item); u && !u->isSet && u->dictItems.empty())
      values.assign(u->listItems.begin(), u->listItems.end());
    if (values.size() != targets.size())
      return fail(); // Python raises; leave the targets host values
    bound.push_back(values);
  }
  unsigned line = diags.getSourceMgr().FindLineNumber(toks[save].loc());
  std::string role = ("the variable of the host loop at line " + llvm::Twine(line)).str();
  Scope *last = nullptr;
  bool wasFailed = failed;
  for (auto [n, values] : llvm::enumerate(bound)) {
    Scope *inst = mod.make<Scope>();
    inst->parent = scope;
    for (auto [name, value] : llvm::zip(targets, values))
      bindHostValue(inst, name, value, itemScope, role);
    // The first iteration reports the body's errors; the others repeat it.
    std::optional<SuppressDiags> quiet;
    if (n > 0)
      quiet.emplace(diags);
    p = header + 2;
    ++instanceDepth;
    scanBlock(inst);
    --instanceDepth;
    if (n > 0)
      failed = wasFailed;
    last = inst;
  }
  if (bound.empty()) {
    // No iteration: the body never runs.
    p = header + 2;
    skipBlockTail();
  }
  // After the loop, the names the body defined are the last iteration's
  // (a @wp.func, a @wp.struct or a kernel); the targets stay host values.
  if (last)
    for (auto &entry : last->symbols)
      if (!llvm::is_contained(targets, entry.getKey()) &&
          (entry.getValue().kind == Symbol::Func || entry.getValue().kind == Symbol::Struct))
        scope->symbols[entry.getKey()] = entry.getValue();
  for (StringRef name : targets) {
    Symbol sym;
    sym.hostNote = "a loop variable of host code";
    scope->symbols[name] = sym;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Factories: Warp definitions made by host functions
//===----------------------------------------------------------------------===//
//
// Warp builds a kernel, func or struct each time Python runs its def, so a
// host function that defines one and returns it is a factory:
//
//   def make_func(value):
//       @wp.func
//       def f():
//           return value
//       return f
//
//   f17 = make_func(17)
//
// Where host code (module level or a host function's body) binds names to a
// call of such a factory whose arguments the source gives (literals, constant
// expressions, types, @wp.func / @wp.struct names, constants), kdsl scans the
// factory's body again in a scope of its own with the parameters bound to
// those arguments: an instance with its own definitions. In that scan an `if`
// whose condition is known takes only its branch (`if cond:` choosing one of
// two defs), and the first `return` names what the call gives (`return f`,
// `return f, k`). Once a factory has an instance, the definitions of its
// plain scan (parameters unknown) are dropped: only instances are compiled,
// as in Warp, where a def inside a function exists only when it runs.

Parser::Factory *Parser::findFactory(Scope *scope, StringRef name) {
  for (Scope *s = scope; s; s = s->parent) {
    auto it = s->symbols.find(name);
    bool plain = it != s->symbols.end() && it->second.kind == Symbol::Other &&
                 it->second.hostNote.empty() && it->second.hostModule.empty();
    if (it != s->symbols.end() && !plain)
      return nullptr; // rebound to something else
    if (auto f = factories.find({s, name}); f != factories.end())
      return &f->second;
    if (it != s->symbols.end())
      return nullptr;
  }
  return nullptr;
}

/// The factory's parameters (names and defaults); one with *args, **kwargs,
/// `/` or a bare `*` makes the factory not instantiable.
void Parser::recordFactoryParams(Factory &f) {
  size_t save = p;
  bool wasFailed = failed;
  SuppressDiags quiet(diags);
  p = f.defTok;
  advance(); // def
  advance(); // name
  bool ok = consumeOp("(");
  while (ok && !cur().isOp(")")) {
    if (!cur().is(Tok::Name) || isKeyword(cur().text)) {
      ok = false;
      break;
    }
    StringRef name = cur().text;
    advance();
    Expr *dflt = nullptr;
    if (consumeOp(":"))
      ok = parseTest() != nullptr;
    if (ok && consumeOp("=")) {
      dflt = parseTest();
      ok = dflt != nullptr;
    }
    f.params.push_back({name, dflt});
    if (!consumeOp(","))
      break;
  }
  f.instantiable = ok && cur().isOp(")") && !quiet.hadErrors();
  failed = wasFailed;
  p = save;
}

/// `NAME = factory(args)` or `A, B = factory(args)` in host code.
bool Parser::tryFactoryCall(Scope *scope) {
  if (factories.empty() || !cur().is(Tok::Name) || isKeyword(cur().text))
    return false;
  size_t save = p;
  std::vector<StringRef> targets;
  while (cur().is(Tok::Name) && !isKeyword(cur().text)) {
    targets.push_back(cur().text);
    advance();
    if (!consumeOp(","))
      break;
  }
  Factory *f = nullptr;
  if (cur().isOp("=") && peekTok().is(Tok::Name) && peekTok(2).isOp("("))
    f = findFactory(scope, peekTok().text);
  if (!f || !f->instantiable) {
    p = save;
    return false;
  }
  advance(); // '='
  Expr *rhs = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    rhs = parseExprList();
    if (quiet.hadErrors() || !cur().is(Tok::Newline))
      rhs = nullptr;
    failed = wasFailed;
  }
  // One call (its result unpacked over the targets), or a tuple of calls,
  // one per target: `k1, k2 = make(1.0), make(2.0)`.
  std::vector<std::pair<CallExpr *, Factory *>> calls;
  auto factoryCall = [&](Expr *e) -> bool {
    auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
    auto *callee = c ? llvm::dyn_cast<NameExpr>(c->callee) : nullptr;
    Factory *cf = callee ? findFactory(scope, callee->name) : nullptr;
    if (!cf || !cf->instantiable)
      return false;
    calls.push_back({c, cf});
    return true;
  };
  auto *tuple = llvm::dyn_cast_or_null<TupleExpr>(rhs);
  bool ok = tuple ? tuple->elts.size() == targets.size() && llvm::all_of(tuple->elts, factoryCall)
                  : factoryCall(rhs);
  if (!ok) {
    p = save;
    return false;
  }
  advance(); // newline
  if (!tuple) {
    bindFactoryResult(scope, targets, *calls[0].second, calls[0].first);
    return true;
  }
  for (auto [name, call] : llvm::zip(targets, calls))
    bindFactoryResult(scope, {name}, *call.second, call.first);
  return true;
}

/// Instantiates `f` for `call` and binds `targets` to what it returns.
void Parser::bindFactoryResult(Scope *scope, llvm::ArrayRef<StringRef> targets, Factory &f,
                               CallExpr *call) {
  StringRef factoryName = llvm::cast<NameExpr>(call->callee)->name;
  unsigned line = diags.getSourceMgr().FindLineNumber(call->loc);
  Scope *inst = instantiateFactory(f, call, scope);
  std::string why;
  if (!inst)
    why = depthExceeded
              ? "factory calls nested more than " + std::to_string(kMaxInstanceDepth) + " deep"
              : "a missing or unknown argument";
  else if (auto u = instanceUndecided.find(inst); u != instanceUndecided.end())
    why = ("an `if` at line " + llvm::Twine(diags.getSourceMgr().FindLineNumber(u->second)) +
           " that depends on values kdsl does not know").str();
  if (instanceDepth == 0)
    depthExceeded = false;
  if (!why.empty()) {
    Symbol sym;
    sym.hostNote = ("the result of the call of factory '" + factoryName + "' at line " +
                    llvm::Twine(line) + ", which has " + why).str();
    for (StringRef name : targets)
      scope->symbols[name] = sym;
    return;
  }
  Expr *ret = instanceReturns.lookup(inst);
  instanceReturns.erase(inst);
  llvm::SmallVector<Expr *, 4> values;
  if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(ret); t && targets.size() > 1)
    values.assign(t->elts.begin(), t->elts.end());
  else if (ret && targets.size() == 1)
    values.push_back(ret);
  for (auto [i, name] : llvm::enumerate(targets)) {
    Symbol sym; // what the instance returns, or a host value
    auto *n = i < values.size() && values.size() == targets.size()
                  ? llvm::dyn_cast<NameExpr>(values[i]) : nullptr;
    if (const Symbol *s = n ? inst->lookup(n->name) : nullptr;
        s && (s->kind == Symbol::Func || s->kind == Symbol::Struct || s->kind == Symbol::Const))
      sym = *s;
    scope->symbols[name] = sym;
  }
}

Scope *Parser::instantiateFactory(Factory &f, CallExpr *call, Scope *caller) {
  // A factory calling itself (directly or not) would never end.
  if (instanceDepth >= kMaxInstanceDepth) {
    depthExceeded = true; // every enclosing instance fails too
    return nullptr;
  }
  if (call->args.size() > f.params.size())
    return nullptr;
  for (const Keyword &kw : call->kwargs)
    if (!llvm::any_of(f.params, [&](auto &prm) { return prm.first == kw.name; }))
      return nullptr;
  for (Expr *a : call->args)
    if (auto *u = llvm::dyn_cast<UnsupportedExpr>(a); u && u->what.find("unpacking") != std::string::npos)
      return nullptr; // f(*args): the positions are unknown
  Scope *inst = mod.make<Scope>();
  inst->parent = f.scope;
  for (auto [i, prm] : llvm::enumerate(f.params)) {
    Expr *value = i < call->args.size() ? call->args[i] : nullptr;
    for (const Keyword &kw : call->kwargs)
      if (kw.name == prm.first)
        value = value ? nullptr : kw.value;
    std::string role =
        ("a parameter of factory '" + llvm::cast<NameExpr>(call->callee)->name + "'").str();
    if (value)
      bindHostValue(inst, prm.first, value, caller, role);
    else if (prm.second)
      bindHostValue(inst, prm.first, prm.second, f.scope, role);
    else
      return nullptr; // a missing argument: Python raises
  }
  if (!f.originalsDropped) {
    f.originalsDropped = true;
    auto drop = [](auto &list, auto &originals) {
      llvm::erase_if(list, [&](auto *d) { return llvm::is_contained(originals, d); });
    };
    drop(mod.kernels, f.kernels);
    drop(mod.funcs, f.funcs);
    drop(mod.structs, f.structs);
  }
  size_t save = p;
  bool wasFailed = failed;
  instanceReturns[inst] = nullptr;
  {
    // The plain scan of the def reported its syntax errors already.
    SuppressDiags quiet(diags);
    p = f.defTok;
    ++instanceDepth;
    skipStatement(inst, true);
    --instanceDepth;
  }
  failed = wasFailed;
  p = save;
  if (depthExceeded) {
    instanceReturns.erase(inst);
    return nullptr;
  }
  return inst;
}

/// Binds a factory parameter: a name of the caller's keeps what it denotes
/// (a func, a struct, a constant); any other value becomes a constant of the
/// instance, evaluated (or reported) by Sema where kernel code uses it.
void Parser::bindHostValue(Scope *inst, StringRef name, Expr *value, Scope *valueScope,
                           const std::string &role) {
  if (auto *n = llvm::dyn_cast<NameExpr>(value))
    if (const Symbol *s = valueScope->lookup(n->name)) {
      inst->symbols[name] = *s;
      return;
    }
  // A lambda, a comprehension, ...: kernel code cannot use it.
  // (a list literal is a constant: wp.static reads its length and items)
  if (auto *u = llvm::dyn_cast<UnsupportedExpr>(value);
      u && u->raw.empty() && (u->listItems.empty() || u->isSet)) {
    Symbol sym;
    sym.hostNote = (role + " bound to a value kdsl does not read (" + u->what + ") at line " +
                    llvm::Twine(diags.getSourceMgr().FindLineNumber(value->loc))).str();
    inst->symbols[name] = sym;
    return;
  }
  // A call of host code (np.zeros(3), helper(x)): only Python knows it.
  if (auto *call = llvm::dyn_cast<CallExpr>(value)) {
    StringRef wpName;
    auto *callee = llvm::dyn_cast<NameExpr>(call->callee);
    const Symbol *s = callee ? valueScope->lookup(callee->name) : nullptr;
    bool source = isWarpRef(call->callee, valueScope, wpName) ||
                  (s && (s->kind == Symbol::Func || s->kind == Symbol::Struct ||
                         s->kind == Symbol::Const)) ||
                  (callee && !s); // int(3), float(x): Python's types
    if (!source) {
      Symbol sym;
      sym.hostNote = (role + " bound to a value of host code at line " +
                      llvm::Twine(diags.getSourceMgr().FindLineNumber(value->loc))).str();
      inst->symbols[name] = sym;
      return;
    }
  }
  auto *c = mod.make<ConstDef>();
  c->name = name;
  c->loc = value->loc;
  c->value = value;
  c->scope = valueScope;
  mod.consts.push_back(c);
  Symbol sym;
  sym.kind = Symbol::Const;
  sym.constDef = c;
  inst->symbols[name] = sym;
}

/// A condition of a factory instance's host code that the source decides:
/// True/False, numbers, `not`, and names bound to them.
std::optional<bool> Parser::hostTruth(Expr *e, Scope *scope, unsigned depth) {
  if (!e || depth > 16)
    return std::nullopt;
  if (auto *b = llvm::dyn_cast<BoolExpr>(e))
    return b->value;
  if (auto *i = llvm::dyn_cast<IntExpr>(e))
    return i->value != 0;
  if (auto *u = llvm::dyn_cast<UnaryExpr>(e); u && u->op == UnOp::Not)
    if (std::optional<bool> v = hostTruth(u->operand, scope, depth + 1))
      return !*v;
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    const Symbol *s = scope->lookup(n->name);
    if (s && s->kind == Symbol::Const)
      return hostTruth(s->constDef->value, s->constDef->scope, depth + 1);
  }
  if (auto *b = llvm::dyn_cast<BoolOpExpr>(e)) {
    for (Expr *o : b->operands) {
      std::optional<bool> v = hostTruth(o, scope, depth + 1);
      if (!v)
        return std::nullopt;
      if (*v != b->isAnd)
        return *v;
    }
    return b->isAnd;
  }
  if (auto *c = llvm::dyn_cast<CompareExpr>(e)) {
    for (size_t i = 0; i < c->ops.size(); ++i) {
      std::optional<PyNumber> l = hostNumber(c->operands[i], scope, depth + 1);
      std::optional<PyNumber> r = hostNumber(c->operands[i + 1], scope, depth + 1);
      if (!l || !r)
        return std::nullopt;
      std::optional<int> cmp = pyCompare(*l, *r); // nullopt: a NaN
      bool v;
      switch (c->ops[i]) {
      case CmpOp::Lt: v = cmp && *cmp < 0; break;
      case CmpOp::Le: v = cmp && *cmp <= 0; break;
      case CmpOp::Gt: v = cmp && *cmp > 0; break;
      case CmpOp::Ge: v = cmp && *cmp >= 0; break;
      case CmpOp::Eq: v = cmp && *cmp == 0; break;
      case CmpOp::Ne: v = !cmp || *cmp != 0; break;
      default: return std::nullopt;
      }
      if (!v)
        return false;
    }
    return true;
  }
  if (std::optional<PyNumber> v = hostNumber(e, scope, depth + 1))
    return v->truthy();
  return std::nullopt;
}

/// A number of a factory instance's host code: literals, names bound to
/// them, and Python's arithmetic on them (exact integers, PyNumber); nullopt
/// where Python would raise.
std::optional<PyNumber> Parser::hostNumber(Expr *e, Scope *scope, unsigned depth) {
  if (!e || depth > 32)
    return std::nullopt;
  if (auto *i = llvm::dyn_cast<IntExpr>(e)) {
    if (!i->overflow)
      return PyNumber::ofInt(PyInt::fromUnsigned(i->value));
    if (std::optional<PyInt> v = PyInt::parseLiteral(i->spelling))
      return PyNumber::ofInt(*v);
    return std::nullopt;
  }
  if (auto *f = llvm::dyn_cast<FloatExpr>(e))
    return PyNumber::ofFloat(f->value);
  if (auto *b = llvm::dyn_cast<BoolExpr>(e))
    return PyNumber::ofBool(b->value);
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    const Symbol *s = scope->lookup(n->name);
    if (s && s->kind == Symbol::Const)
      return hostNumber(s->constDef->value, s->constDef->scope, depth + 1);
    return std::nullopt;
  }
  if (auto *u = llvm::dyn_cast<UnaryExpr>(e); u && u->op != UnOp::Not)
    if (std::optional<PyNumber> v = hostNumber(u->operand, scope, depth + 1))
      return pyUnary(u->op, *v).value;
  if (auto *b = llvm::dyn_cast<BinaryExpr>(e)) {
    std::optional<PyNumber> l = hostNumber(b->lhs, scope, depth + 1);
    std::optional<PyNumber> r = l ? hostNumber(b->rhs, scope, depth + 1) : std::nullopt;
    if (!l || !r)
      return std::nullopt;
    return pyBinary(b->op, *l, *r).value;
  }
  return std::nullopt;
}

/// `if c: ... elif d: ... else: ...` in a factory instance whose conditions
/// the source decides: only the branch taken is scanned.
bool Parser::tryInstanceIf(Scope *scope) {
  size_t save = p;
  bool wasFailed = failed;
  bool taken = false, undecided = false, first = true;
  SMLoc ifLoc = cur().loc();
  while (first ? cur().isName("if") : (cur().isName("elif") || cur().isName("else"))) {
    bool isElse = cur().isName("else");
    advance();
    std::optional<bool> truth = true;
    if (!isElse) {
      SuppressDiags quiet(diags);
      Expr *c = parseTest();
      truth = quiet.hadErrors() ? std::nullopt : hostTruth(c, scope);
      failed = wasFailed;
    }
    bool block = cur().isOp(":") && peekTok().is(Tok::Newline) && peekTok(2).is(Tok::Indent);
    if (first && !block) {
      p = save;
      return false;
    }
    if (!block) { // `elif c: stmt` on one line: plain host code from here
      skipStatement(scope, true);
      undecided = true;
      first = false;
      continue;
    }
    // Once a condition is undecided, every later branch may run.
    undecided |= !truth;
    bool scan = undecided || (!taken && *truth);
    advance(); // ':'
    advance(); // newline
    advance(); // indent
    size_t defs = mod.kernels.size() + mod.funcs.size() + mod.structs.size();
    if (scan)
      scanBlock(scope);
    else
      skipBlockTail();
    if (undecided && defs != mod.kernels.size() + mod.funcs.size() + mod.structs.size())
      instanceUndecided.try_emplace(scope, ifLoc);
    taken |= scan;
    first = false;
    if (isElse)
      break;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Integer enums
//===----------------------------------------------------------------------===//
//
// Warp reads a member of an enum.IntEnum or enum.IntFlag class in kernel code
// as its integer. kdsl records such classes (members given by integer
// literals or enum.auto()) and replaces `E.A` and `E.A.value` by the number.

/// `class E(enum.IntEnum):` (or IntFlag, imported or not) with members only.
bool Parser::tryEnumClass(Scope *scope) {
  size_t save = p;
  bool wasFailed = failed;
  auto fail = [&] {
    p = save;
    failed = wasFailed;
    return false;
  };
  advance(); // class
  if (!cur().is(Tok::Name) || !peekTok().isOp("("))
    return fail();
  StringRef name = cur().text;
  advance();
  advance(); // (
  std::string base;
  while (cur().is(Tok::Name) || cur().isOp(".")) {
    base += cur().text.str();
    advance();
  }
  bool flag = base == "enum.IntFlag" || base == "IntFlag";
  if (!(flag || base == "enum.IntEnum" || base == "IntEnum") || !consumeOp(")") ||
      !consumeOp(":") || !cur().is(Tok::Newline) || !peekTok().is(Tok::Indent))
    return fail();
  advance(); // newline
  advance(); // indent
  llvm::StringMap<std::optional<int64_t>> members;
  // The members' Python values; nullopt past int64 (kernel code cannot use
  // them, see enumMember), and so every auto() after one.
  std::optional<int64_t> last = 0, highest = 0;
  bool any = false;
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
    if (cur().is(Tok::String)) { // a docstring
      skipLogicalLine();
      continue;
    }
    if (!cur().is(Tok::Name) || !peekTok().isOp("="))
      return fail();
    StringRef member = cur().text;
    advance();
    advance(); // =
    Expr *v;
    {
      SuppressDiags quiet(diags);
      v = parseTest();
      if (quiet.hadErrors() || !cur().is(Tok::Newline))
        return fail();
    }
    advance(); // newline
    std::optional<int64_t> value;
    bool neg = false;
    if (auto *u = llvm::dyn_cast_or_null<UnaryExpr>(v); u && u->op == UnOp::Neg)
      v = u->operand, neg = true;
    auto *call = llvm::dyn_cast_or_null<CallExpr>(v);
    std::string callee = call && call->args.empty() ? dottedName(call->callee) : "";
    if (auto *i = llvm::dyn_cast_or_null<IntExpr>(v)) {
      if (!i->overflow && i->value <= (uint64_t)INT64_MAX + neg)
        value = neg ? (int64_t)(0 - i->value) : (int64_t)i->value;
    } else if (!neg && (callee == "enum.auto" || callee == "auto")) {
      // IntEnum: one more than the last member; IntFlag: the next power of two.
      if (!any)
        value = 1;
      else if (flag && highest && *highest >= 0 && *highest < (int64_t(1) << 62))
        value = int64_t(1) << llvm::Log2_64_Ceil(uint64_t(*highest) + 1);
      else if (flag && highest && *highest < 0)
        return fail(); // Python's IntFlag does not count on from a negative member
      else if (!flag && last && *last < INT64_MAX)
        value = *last + 1;
    } else {
      return fail();
    }
    members[member] = value;
    last = value;
    highest = !any                ? value
              : value && highest ? std::optional(std::max(*highest, *value))
                                 : std::nullopt;
    any = true;
  }
  if (cur().is(Tok::Dedent))
    advance();
  scope->symbols[name] = Symbol(); // shadows an earlier binding
  enums[{scope, name}] = std::move(members);
  return true;
}

const llvm::StringMap<std::optional<int64_t>> *Parser::findEnum(StringRef name) {
  for (Scope *s = exprScope; s; s = s->parent) {
    auto it = s->symbols.find(name);
    if (it == s->symbols.end())
      continue;
    if (it->second.kind != Symbol::Other || !it->second.hostNote.empty())
      return nullptr;
    auto e = enums.find({s, name});
    return e == enums.end() ? nullptr : &e->second;
  }
  return nullptr;
}

/// `E.A` of an integer enum E: the member's number; `E.A.value`: the same.
Expr *Parser::enumMember(Expr *base, StringRef attr) {
  if (enumInts.count(base))
    return attr == "value" ? base : nullptr;
  auto *n = llvm::dyn_cast<NameExpr>(base);
  const llvm::StringMap<std::optional<int64_t>> *members = n ? findEnum(n->name) : nullptr;
  if (!members)
    return nullptr;
  auto it = members->find(attr);
  if (it == members->end())
    return unsupported(n->loc, ("names that the enum '" + n->name + "' does not define ('" + n->name +
                                "." + attr + "')").str());
  if (!it->second)
    return unsupported(n->loc, ("enum members whose value does not fit in 64 bits ('" + n->name +
                                "." + attr + "')")
                                   .str());
  int64_t v = *it->second;
  Expr *e = mod.make<IntExpr>(n->loc, v < 0 ? 0 - uint64_t(v) : uint64_t(v), false);
  if (v < 0)
    e = mod.make<UnaryExpr>(n->loc, UnOp::Neg, e);
  enumInts.insert(e);
  return e;
}

/// `import a.b as x` (or `from a import b as x` of a submodule): x is the
/// module's scope when kdsl finds its file; when it should exist but does
/// not, a note for kernel code that uses it.
void Parser::bindImportedModule(Symbol &sym, const std::string &dotted) {
  std::string note;
  if (ModuleAST *m = importModule(mod, dotted, diags, note)) {
    sym.moduleScope = m->globals;
    sym.hostModule = mod.save(dotted);
  } else if (!note.empty()) {
    sym.hostModule = mod.save(dotted);
    sym.hostNote = note;
  } else {
    sym.missingModule = mod.save(dotted);
  }
}

/// Records the names of structs in an annotation, with the scope that binds
/// them now.
void Parser::recordAnnotation(Expr *annotation) {
  if (!annotation || !exprScope)
    return;
  llvm::SmallVector<Expr *, 8> work{annotation};
  while (!work.empty()) {
    Expr *e = work.back();
    work.pop_back();
    if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
      for (Scope *s = exprScope; s; s = s->parent)
        if (auto it = s->symbols.find(n->name); it != s->symbols.end()) {
          if (it->second.kind == Symbol::Struct)
            structAnnotations.push_back({n, s});
          break;
        }
    } else if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
      work.push_back(c->callee);
      work.append(c->args.begin(), c->args.end());
      for (Keyword &kw : c->kwargs)
        work.push_back(kw.value);
    } else if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e)) {
      work.push_back(sub->base);
      work.append(sub->indices.begin(), sub->indices.end());
    } else if (auto *t = llvm::dyn_cast<TupleExpr>(e)) {
      work.append(t->elts.begin(), t->elts.end());
    }
  }
}

/// A struct of `scope` is being replaced: the annotations that named it keep
/// it, under a name of their own ("S'1", not a Python name).
void Parser::pinAnnotations(Scope *scope, const Symbol &old) {
  StringRef pinned;
  for (auto &[n, s] : structAnnotations) {
    if (s != scope || n->name != old.structDef->name)
      continue;
    if (pinned.empty()) {
      pinned = mod.save((old.structDef->name + "'" + llvm::Twine(++pinnedStructs)).str());
      scope->symbols[pinned] = old;
    }
    n->name = pinned;
    s = nullptr; // pinned once
  }
}

/// `x.f` of an imported module x: the name "x.f", bound next to x to the
/// module's f (a func, struct or constant), so that Sema resolves it as any
/// other name.
Expr *Parser::moduleMember(Expr *base, StringRef attr) {
  auto *n = llvm::dyn_cast<NameExpr>(base);
  if (!n) {
    // pkg.sub.mod of `import pkg.sub.mod` (no alias): the module, bound
    // under its dotted path (a key no Python name can clash with).
    std::string path = dottedName(base);
    if (path.empty())
      return nullptr;
    path += "." + attr.str();
    for (Scope *s = exprScope; s; s = s->parent)
      if (auto it = s->symbols.find(path); it != s->symbols.end() && it->second.moduleScope)
        return mod.make<NameExpr>(base->loc, it->first());
    return nullptr;
  }
  std::string path = n->name.str() + "." + attr.str(); // a.b of `import a.b`
  for (Scope *s = exprScope; s; s = s->parent)
    if (auto it = s->symbols.find(path); it != s->symbols.end() && it->second.moduleScope)
      return mod.make<NameExpr>(n->loc, it->first());
  for (Scope *s = exprScope; s; s = s->parent) {
    auto it = s->symbols.find(n->name);
    if (it == s->symbols.end())
      continue;
    Scope *ms = it->second.moduleScope;
    StringRef dotted = it->second.hostModule;
    if (!ms) {
      if (it->second.kind != Symbol::Other || it->second.hostNote.empty() || dotted.empty())
        return nullptr;
      return unsupported(n->loc, ("names of modules kdsl cannot read ('" + n->name + "." + attr +
                                  "': '" + n->name + "' is " + it->second.hostNote + ")")
                                     .str());
    }
    auto m = ms->symbols.find(attr);
    if (m == ms->symbols.end() || m->second.kind == Symbol::Other)
      return unsupported(n->loc, ("names that " + llvm::Twine(it->second.isClass ? "class '" : "module '") +
                                  dotted + "' does not define as a " +
                                  "@wp.func, @wp.struct or constant ('" + n->name + "." + attr +
                                  "')")
                                     .str());
    Symbol target = m->second;
    StringRef key = mod.save((n->name + "." + attr).str());
    s->symbols[key] = target;
    return mod.make<NameExpr>(n->loc, key);
  }
  return nullptr;
}

/// A def decorated with @wp.func_grad, @wp.func_replay, @wp.func_native or
/// @wp.overload (and no @wp.kernel / @wp.func): a Warp definition that kdsl
/// does not implement. It is kept, body unparsed, so that Sema reports it
/// when the file is translated, when it is called, and when the func or
/// kernel it refers to is used.
void Parser::parseAttachedDef(Scope *scope, StringRef which, Expr *deco, SMLoc decoLoc) {
  auto *f = mod.make<FuncDef>();
  if (peekTok().is(Tok::Name) && !isKeyword(peekTok().text))
    f->name = peekTok().text;
  f->loc = peekTok().loc();
  f->scope = scope;
  f->decoratorError = attachedDecoratorError(which);
  f->decoratorErrorLoc = decoLoc;
  FuncDef *target = nullptr;
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(deco);
      call && call->args.size() == 1 && (which == "func_grad" || which == "func_replay"))
    if (auto *n = llvm::dyn_cast<NameExpr>(call->args[0]))
      if (const Symbol *s = scope->lookup(n->name);
          s && s->kind == Symbol::Func && !s->func->isKernel && !s->func->body.empty()) {
        parseCustomDef(scope, which == "func_grad", s->func);
        return;
      }
  if (which == "overload" && parseOverloadStub(scope))
    return;
  if (which == "overload") {
    // @wp.overload adds a signature to the kernel or func of the same name.
    auto it = scope->symbols.find(f->name);
    if (!f->name.empty() && it != scope->symbols.end() && it->second.kind == Symbol::Func)
      target = it->second.func;
  } else if (auto *call = llvm::dyn_cast_or_null<CallExpr>(deco); call && !call->args.empty()) {
    // @wp.func_grad(f), @wp.func_replay(f)
    if (auto *n = llvm::dyn_cast<NameExpr>(call->args[0]))
      if (const Symbol *s = scope->lookup(n->name); s && s->kind == Symbol::Func)
        target = s->func;
  }
  if (target)
    target->attached.push_back(f);
  // The name now means this definition (except for @wp.overload, which
  // returns the kernel or func it overloads): calling it is reported too.
  if (which != "overload" && !f->name.empty()) {
    Symbol sym;
    sym.kind = Symbol::Func;
    sym.func = f;
    scope->symbols[f->name] = sym;
  }
  mod.funcs.push_back(f);
  skipStatement(nullptr, false);
}

/// A def decorated with @wp.func_grad(target) or @wp.func_replay(target):
/// parsed as a func and tied to its target (Sema checks the signatures).
void Parser::parseCustomDef(Scope *scope, bool isGrad, FuncDef *target) {
  size_t before = mod.funcs.size();
  Scope *saved = adjointScope;
  adjointScope = isGrad ? scope : nullptr;
  bool ok = parseDef(scope, /*isKernel=*/false, DecoInfo());
  adjointScope = saved;
  if (!ok || mod.funcs.size() == before)
    return;
  FuncDef *f = mod.funcs.back();
  (isGrad ? target->customGrad : target->customReplay) = f;
  (isGrad ? f->gradOf : f->replayOf) = target;
}

/// `wp.adjoint[x]` in a @wp.func_grad body is the local `adjoint[x]` (the
/// adjoint of parameter x that the func accumulates and returns).
Expr *Parser::adjointRef(SubscriptExpr *sub) {
  StringRef name;
  if (!isWarpRef(sub->base, adjointScope, name) || name != "adjoint")
    return sub;
  auto *n = sub->indices.size() == 1 ? llvm::dyn_cast<NameExpr>(sub->indices[0]) : nullptr;
  if (!n)
    return unsupported(sub->loc, "wp.adjoint[...] of anything but a parameter name");
  return mod.make<NameExpr>(sub->loc, mod.save(("adjoint[" + n->name + "]").str()));
}

/// `@wp.overload def k(x: float): ...` after a generic kernel k: a typed
/// signature of k (Sema instantiates k with it); the name keeps meaning k.
bool Parser::parseOverloadStub(Scope *scope) {
  auto it = scope->symbols.find(peekTok().text);
  if (!peekTok().is(Tok::Name) || it == scope->symbols.end() || it->second.kind != Symbol::Func ||
      !it->second.func->isKernel)
    return false;
  Symbol saved = it->second;
  size_t before = mod.kernels.size();
  parseDef(scope, /*isKernel=*/true, DecoInfo());
  scope->symbols[saved.func->name] = saved;
  if (mod.kernels.size() > before) {
    saved.func->overloadStubs.push_back(mod.kernels.back());
    mod.kernels.pop_back();
  }
  return true;
}

/// `wp.overload(k, [types])`, `wp.overload(k, {"a": type})` or
/// `NAME = wp.overload(...)` of a kernel k of this file, wherever it stands
/// (module level or host code): recorded on k for Sema to instantiate.
bool Parser::tryOverloadCall(Scope *scope) {
  size_t save = p;
  bool mentions = false;
  for (size_t i = p; i < toks.size() && !toks[i].is(Tok::Newline) && !toks[i].is(Tok::Eof); ++i)
    mentions |= toks[i].isName("overload");
  if (!mentions)
    return false;
  StringRef bound;
  if (cur().is(Tok::Name) && !isKeyword(cur().text) && peekTok().isOp("=")) {
    bound = cur().text;
    advance();
    advance();
  }
  Expr *e = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    e = parseTest();
    if (!e || quiet.hadErrors() || !cur().is(Tok::Newline))
      e = nullptr;
    failed = wasFailed;
  }
  auto *call = llvm::dyn_cast_or_null<CallExpr>(e);
  StringRef wpName;
  auto *target = call && !call->args.empty() ? llvm::dyn_cast<NameExpr>(call->args[0]) : nullptr;
  const Symbol *s = target ? scope->lookup(target->name) : nullptr;
  if (!s || s->kind != Symbol::Func || !s->func->isKernel ||
      !isWarpRef(call->callee, scope, wpName) || wpName != "overload") {
    p = save;
    return false;
  }
  s->func->overloadCalls.push_back(call);
  s->func->overloadCallScopes.push_back(scope);
  advance(); // newline
  if (!bound.empty())
    scope->symbols[bound] = Symbol(); // a kernel overload: nothing kernel code uses
  return true;
}

void Parser::handleImport(Scope *scope) {
  SMLoc loc = cur().loc();
  (void)loc;
  if (consumeName("import")) {
    // import a.b as c, d
    while (cur().is(Tok::Name)) {
      StringRef first = cur().text;
      std::string dotted = first.str();
      advance();
      while (cur().isOp(".") && peekTok().is(Tok::Name)) {
        advance();
        dotted += "." + cur().text.str();
        advance();
      }
      StringRef bound = first;
      bool aliased = false;
      if (consumeName("as") && cur().is(Tok::Name)) {
        bound = cur().text;
        aliased = true;
        advance();
      }
      Symbol sym;
      if (dotted == "warp" || (!aliased && first == "warp"))
        sym.kind = Symbol::WarpModule;
      else if (dotted == first)
        sym.hostModule = first; // math.pi, np.pi in constants
      if (sym.kind != Symbol::WarpModule && (aliased || dotted == first))
        bindImportedModule(sym, dotted);
      scope->symbols[bound] = sym;
      // `import pkg.sub.mod`: kernel code names it pkg.sub.mod.f (also
      // warp.tests.aux.X); bound under the dotted path when kdsl reads it.
      if (!aliased && dotted != first.str()) {
        Symbol path;
        bindImportedModule(path, dotted);
        if (path.moduleScope)
          scope->symbols[mod.save(dotted)] = path;
      }
      if (!consumeOp(","))
        break;
    }
    skipLogicalLine();
    return;
  }
  consumeName("from");
  std::string modName;
  while ((cur().is(Tok::Name) && !cur().isName("import")) || cur().isOp(".")) {
    modName += cur().text.str();
    advance();
  }
  if (!consumeName("import")) {
    skipLogicalLine();
    return;
  }
  bool paren = consumeOp("(");
  while (cur().is(Tok::Name)) {
    StringRef orig = cur().text;
    advance();
    StringRef bound = orig;
    if (consumeName("as") && cur().is(Tok::Name)) {
      bound = cur().text;
      advance();
    }
    Symbol sym;
    // warp._src.types is where warp.types' names live (Vector, Matrix, ...).
    if (modName == "warp" || modName == "warp.types" || modName == "warp._src.types") {
      sym.kind = Symbol::WarpName;
      sym.warpName = orig;
    } else {
      // `from pkg.mod import f`: mod's f, or the submodule pkg.mod.f.
      std::string note;
      std::string sub = modName + (StringRef(modName).ends_with(".") ? "" : ".") + orig.str();
      if (ModuleAST *m = importModule(mod, modName, diags, note)) {
        if (auto it = m->globals->symbols.find(orig); it != m->globals->symbols.end())
          sym = it->second;
        else
          bindImportedModule(sym, sub);
      } else if (std::string subNote; ModuleAST *subm = importModule(mod, sub, diags, subNote)) {
        sym.moduleScope = subm->globals;
        sym.hostModule = mod.save(sub);
      } else if (!note.empty()) {
        sym.hostModule = mod.save(modName);
        sym.hostNote = note;
      } else {
        sym.missingModule = mod.save(modName);
        sym.missingName = orig;
      }
    }
    scope->symbols[bound] = sym;
    if (!consumeOp(","))
      break;
  }
  (void)paren;
  skipLogicalLine();
}

/// `NAME = expr` outside kernels: a constant if `expr` parses as a pure
/// expression; anything else (host code) is skipped silently.
void Parser::tryConstant(Scope *scope) {
  StringRef name = cur().text;
  SMLoc loc = cur().loc();
  size_t save = p;
  advance(); // name
  advance(); // '='
  Expr *value = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    value = parseExprList();
    bool ok = value && !quiet.hadErrors() && cur().is(Tok::Newline);
    failed = wasFailed;
    if (!ok)
      value = nullptr;
  }
  if (!value) {
    p = save;
    scope->symbols[name] = Symbol(); // rebinding to something non-constant
    skipStatement(scope, true);
    return;
  }
  advance(); // newline
  // `Alias = SomeStruct` binds the struct defined now, also when a later
  // class of that name replaces it (Python evaluates the name here).
  if (auto *n = llvm::dyn_cast<NameExpr>(value))
    if (const Symbol *target = scope->lookup(n->name); target && target->kind == Symbol::Struct) {
      Symbol copy = *target;
      scope->symbols[name] = copy;
      return;
    }
  auto *c = mod.make<ConstDef>();
  c->name = name;
  c->loc = loc;
  c->value = value;
  c->scope = scope;
  mod.consts.push_back(c);
  Symbol sym;
  sym.kind = Symbol::Const;
  sym.constDef = c;
  scope->symbols[name] = sym;
}

bool Parser::parseStruct(Scope *scope, DecoInfo info) {
  advance(); // class
  if (!cur().is(Tok::Name))
    return error(cur().loc(), "expected a class name");
  auto *s = mod.make<StructDef>();
  s->name = cur().text;
  s->loc = cur().loc();
  s->scope = scope;
  s->options = std::move(info.options);
  s->decoratorError = std::move(info.error);
  s->decoratorErrorLoc = info.errorLoc;
  // A struct of a name defined before replaces it, as a Python class does:
  // kernel code sees the last definition (Warp resolves names when it builds
  // the module), an alias bound in between keeps the earlier one
  // (tryConstant), and MLIRGen gives each its own type name.
  advance();
  if (cur().isOp("(")) {
    s->unsupported = "base classes";
    s->unsupportedLoc = cur().loc();
    while (!cur().isOp(":") && !cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      advance();
  }
  if (!expectOp(":", "after the class name"))
    return false;
  if (!cur().is(Tok::Newline))
    return error(cur().loc(), "a @wp.struct body must be an indented block of annotated fields");
  advance();
  if (!cur().is(Tok::Indent))
    return error(cur().loc(), "expected an indented block");
  advance();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof) && !failed) {
    if (cur().is(Tok::Name) && !isKeyword(cur().text) && peekTok().isOp(":")) {
      FieldDef f;
      f.name = cur().text;
      f.loc = cur().loc();
      advance();
      advance();
      f.annotation = parseTest();
      if (!f.annotation)
        return false;
      recordAnnotation(f.annotation);
      if (cur().isOp("=") && s->unsupported.empty()) {
        s->unsupported = "default values for struct fields";
        s->unsupportedLoc = cur().loc();
      }
      s->fields.push_back(f);
      skipLogicalLine();
      continue;
    }
    if (cur().is(Tok::String) || cur().isName("pass")) { // docstring, pass
      skipLogicalLine();
      continue;
    }
    if (s->unsupported.empty()) {
      s->unsupported = "members other than annotated fields";
      s->unsupportedLoc = cur().loc();
    }
    skipStatement(scope, false);
  }
  if (cur().is(Tok::Dedent))
    advance();
  mod.structs.push_back(s);
  Symbol sym;
  sym.kind = Symbol::Struct;
  sym.structDef = s;
  if (auto old = scope->symbols.find(s->name);
      old != scope->symbols.end() && old->second.kind == Symbol::Struct)
    pinAnnotations(scope, old->second);
  scope->symbols[s->name] = sym;
  return !failed;
}

bool Parser::parseDef(Scope *scope, bool isKernel, DecoInfo info) {
  advance(); // def
  if (!cur().is(Tok::Name) || isKeyword(cur().text))
    return error(cur().loc(), "expected a function name after 'def'");
  auto *f = mod.make<FuncDef>();
  f->isKernel = isKernel;
  f->name = cur().text;
  f->loc = cur().loc();
  f->scope = scope;
  f->options = std::move(info.options);
  f->decoratorError = std::move(info.error);
  f->decoratorErrorLoc = info.errorLoc;
  // An earlier func of this name in this scope (Sema rejects it: Warp would
  // make an overload). Defs kept only for their decorator error
  // (parseAttachedDef) have no body and do not count. Kernels of one name all
  // stay, as in Warp, where a redefined kernel leaves the earlier one valid:
  // the later ones get the symbols NAME_1, NAME_2, ...
  for (auto it = mod.funcs.rbegin(); !isKernel && it != mod.funcs.rend(); ++it)
    if ((*it)->scope == scope && (*it)->name == f->name && !(*it)->body.empty()) {
      f->previousDef = *it;
      (*it)->nextDef = f;
      break;
    }
  advance();
  if (!expectOp("(", "after the function name"))
    return false;
  while (!cur().isOp(")")) {
    if (cur().isOp("*") || cur().isOp("**") || cur().isOp("/")) {
      if (f->unsupportedSignature.empty()) {
        bool bareStar = cur().isOp("*") && (peekTok().isOp(",") || peekTok().isOp(")"));
        f->unsupportedSignature = cur().isOp("/") ? "positional-only markers ('/')"
                                  : bareStar      ? "keyword-only parameters (a bare '*')"
                                                  : "variadic arguments (*args, **kwargs)";
        f->unsupportedLoc = cur().loc();
      }
      advance();
      if (cur().is(Tok::Name)) {
        advance();
        if (consumeOp(":") && !parseTest()) // *args: float
          return false;
      }
    } else {
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return error(cur().loc(), "expected a parameter name, found " + describe(cur()));
      Param prm;
      prm.name = cur().text;
      prm.loc = cur().loc();
      advance();
      if (consumeOp(":")) {
        prm.annotation = parseTest();
        recordAnnotation(prm.annotation);
        if (!prm.annotation)
          return false;
      }
      if (cur().isOp("=")) {
        SMLoc l = cur().loc();
        advance();
        prm.defaultValue = parseTest();
        if (!prm.defaultValue)
          return false;
        prm.defaultValue->loc = l;
      }
      f->params.push_back(prm);
    }
    if (!consumeOp(","))
      break;
  }
  if (!expectOp(")", "to close the parameter list"))
    return false;
  if (consumeOp("->")) {
    f->returns = parseTest();
    recordAnnotation(f->returns);
    if (!f->returns)
      return false;
  }
  if (!expectOp(":", "after the function signature"))
    return false;
  // Register before parsing the body so later lookups see the newest binding.
  Symbol sym;
  sym.kind = Symbol::Func;
  sym.func = f;
  scope->symbols[f->name] = sym;
  if (!parseBlock(f->body))
    return false;
  (isKernel ? mod.kernels : mod.funcs).push_back(f);
  return true;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseBlock(Body &body) {
  if (!enter())
    return false;
  DepthGuard g{depth};
  if (!cur().is(Tok::Newline))
    return parseSimpleStatements(body); // `if x: y = 1`
  advance();
  if (!cur().is(Tok::Indent))
    return error(cur().loc(), "expected an indented block");
  advance();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
    if (cur().is(Tok::Indent))
      return error(cur().loc(), "unexpected indent");
    if (!parseStatement(body))
      return false;
  }
  if (cur().is(Tok::Dedent))
    advance();
  return true;
}

Stmt *Parser::unsupportedCompound(SMLoc loc, std::string what) {
  skipStatement(nullptr, false);
  return mod.make<UnsupportedStmt>(loc, std::move(what));
}

/// A loop's `else:` clause: parsed (so it is checked) and recorded for Sema
/// to reject.
bool Parser::parseLoopElse(bool &hasElse) {
  if (!cur().isName("else"))
    return true;
  hasElse = true;
  advance();
  Body ignored;
  return expectOp(":") && parseBlock(ignored);
}

Stmt *Parser::parseIf(SMLoc loc) {
  Expr *cond = parseTest();
  if (!cond || !expectOp(":", "after the condition"))
    return nullptr;
  auto *s = mod.make<IfStmt>(loc, cond);
  if (!parseBlock(s->thenBody))
    return nullptr;
  if (cur().isName("elif")) {
    SMLoc l = cur().loc();
    advance();
    Stmt *e = parseIf(l);
    if (!e)
      return nullptr;
    s->elseBody.push_back(e);
  } else if (cur().isName("else")) {
    advance();
    if (!expectOp(":", "after 'else'") || !parseBlock(s->elseBody))
      return nullptr;
  }
  return s;
}

bool Parser::parseStatement(Body &body) {
  const Token &t = cur();
  SMLoc loc = t.loc();
  if (t.is(Tok::Name)) {
    StringRef kw = t.text;
    if (kw == "if") {
      advance();
      Stmt *s = parseIf(loc);
      if (!s)
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "for") {
      advance();
      // The target list is parsed without comparisons, so 'in' ends it.
      SMLoc tloc = cur().loc();
      Expr *target = parsePrimary();
      if (!target)
        return false;
      if (cur().isOp(",")) {
        auto *tup = mod.make<TupleExpr>(tloc);
        tup->elts.push_back(target);
        while (consumeOp(",") && !cur().isName("in")) {
          Expr *e = parsePrimary();
          if (!e)
            return false;
          tup->elts.push_back(e);
        }
        target = tup;
      }
      if (!consumeName("in"))
        return error(cur().loc(), "expected 'in' in the for statement");
      Expr *iter = parseExprList();
      if (!iter || !expectOp(":", "after the for header"))
        return false;
      auto *s = mod.make<ForStmt>(loc, target, iter);
      if (!parseBlock(s->body) || !parseLoopElse(s->hasElse))
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "while") {
      advance();
      Expr *cond = parseTest();
      if (!cond || !expectOp(":", "after the condition"))
        return false;
      auto *s = mod.make<WhileStmt>(loc, cond);
      if (!parseBlock(s->body) || !parseLoopElse(s->hasElse))
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "elif" || kw == "else")
      return error(loc, "'" + kw + "' without a matching 'if'");
    // `match` is a soft keyword: `match x:` ending its line starts a match statement.
    bool isMatch = false;
    if (kw == "match" && !peekTok().is(Tok::Op)) {
      size_t q = p;
      while (q + 1 < toks.size() && !toks[q + 1].is(Tok::Newline) && !toks[q + 1].is(Tok::Eof))
        ++q;
      isMatch = toks[q].isOp(":");
    }
    if (kw == "with" || kw == "try" || kw == "class" || kw == "def" || kw == "async" || isMatch) {
      std::string what = kw == "def"     ? "nested function definitions"
                         : kw == "class" ? "class definitions"
                         : kw == "async" ? "async code"
                                         : ("'" + kw + "' statements").str();
      body.push_back(unsupportedCompound(loc, what));
      // A try statement's except/finally/else clauses belong to it.
      while (cur().isName("except") || cur().isName("finally") ||
             (kw == "try" && cur().isName("else")))
        skipStatement(nullptr, false);
      return true;
    }
    if (kw == "@") {
    }
  }
  if (t.isOp("@"))
    return body.push_back(unsupportedCompound(loc, "decorated definitions inside a function")),
           true;
  return parseSimpleStatements(body);
}

bool Parser::parseSimpleStatements(Body &body) {
  while (true) {
    Stmt *s = parseSmallStatement();
    if (!s)
      return false;
    body.push_back(s);
    if (consumeOp(";")) {
      if (cur().is(Tok::Newline))
        break;
      continue;
    }
    break;
  }
  if (!cur().is(Tok::Newline))
    return error(cur().loc(), "expected end of statement, found " + describe(cur()));
  advance();
  return true;
}

static std::optional<BinOp> augOp(StringRef s) {
  return llvm::StringSwitch<std::optional<BinOp>>(s)
      .Case("+=", BinOp::Add).Case("-=", BinOp::Sub).Case("*=", BinOp::Mul)
      .Case("/=", BinOp::Div).Case("//=", BinOp::FloorDiv).Case("%=", BinOp::Mod)
      .Case("**=", BinOp::Pow).Case("&=", BinOp::BitAnd).Case("|=", BinOp::BitOr)
      .Case("^=", BinOp::BitXor).Case("<<=", BinOp::Shl).Case(">>=", BinOp::Shr)
      .Case("@=", BinOp::MatMul).Default(std::nullopt);
}

Stmt *Parser::parseSmallStatement() {
  const Token &t = cur();
  SMLoc loc = t.loc();
  if (t.is(Tok::Name)) {
    StringRef kw = t.text;
    if (kw == "pass") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Pass, loc);
    }
    if (kw == "break") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Break, loc);
    }
    if (kw == "continue") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Continue, loc);
    }
    if (kw == "return") {
      advance();
      Expr *v = nullptr;
      if (!cur().is(Tok::Newline) && !cur().isOp(";")) {
        v = parseExprList();
        if (!v)
          return nullptr;
      }
      return mod.make<ReturnStmt>(loc, v);
    }
    if (kw == "assert") {
      advance();
      Expr *test = parseTest();
      if (!test)
        return nullptr;
      Expr *msg = nullptr;
      if (consumeOp(",")) {
        msg = parseTest();
        if (!msg)
          return nullptr;
      }
      return mod.make<AssertStmt>(loc, test, msg);
    }
    if (kw == "global" || kw == "nonlocal" || kw == "del" || kw == "import" || kw == "from" ||
        kw == "raise" || kw == "yield") {
      while (!cur().is(Tok::Newline) && !cur().isOp(";") && !cur().is(Tok::Eof))
        advance();
      return mod.make<UnsupportedStmt>(loc, ("'" + kw + "' statements").str());
    }
  }
  Expr *first = parseExprList();
  if (!first)
    return nullptr;
  if (cur().isOp("=")) {
    auto *s = mod.make<AssignStmt>(loc);
    s->targets.push_back(first);
    Expr *value = nullptr;
    while (consumeOp("=")) {
      value = parseExprList();
      if (!value)
        return nullptr;
      if (cur().isOp("="))
        s->targets.push_back(value);
    }
    s->value = value;
    return s;
  }
  if (cur().kind == Tok::Op) {
    if (auto op = augOp(cur().text)) {
      advance();
      Expr *value = parseExprList();
      if (!value)
        return nullptr;
      return mod.make<AugAssignStmt>(loc, first, *op, value);
    }
    if (cur().isOp(":")) {
      advance();
      Expr *ann = parseTest();
      if (!ann)
        return nullptr;
      Expr *value = nullptr;
      if (consumeOp("=")) {
        value = parseExprList();
        if (!value)
          return nullptr;
      }
      return mod.make<AnnAssignStmt>(loc, first, ann, value);
    }
  }
  auto *s = mod.make<ExprStmt>(loc, first);
  if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(first))
    s->isDocstring = u->what == "string literals";
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Expr *Parser::parseExprList() {
  SMLoc loc = cur().loc();
  Expr *first = parseTest();
  if (!first || !cur().isOp(","))
    return first;
  auto *tup = mod.make<TupleExpr>(loc);
  tup->elts.push_back(first);
  while (consumeOp(",")) {
    // A trailing comma ends the tuple.
    if (cur().is(Tok::Newline) || cur().isOp("=") || cur().isOp(")") || cur().isOp(":") ||
        cur().isOp(";") || cur().isName("in") || (cur().kind == Tok::Op && augOp(cur().text)))
      break;
    Expr *e = parseTest();
    if (!e)
      return nullptr;
    tup->elts.push_back(e);
  }
  return tup;
}

Expr *Parser::parseTest() {
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  SMLoc loc = cur().loc();
  if (cur().isName("lambda")) {
    // Skip to the end of the lambda body at this nesting level.
    unsigned level = 0;
    while (!cur().is(Tok::Eof) && !cur().is(Tok::Newline)) {
      if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
        ++level;
      else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}")) {
        if (level == 0)
          break;
        --level;
      } else if (level == 0 && (cur().isOp(",") || cur().isOp("=")))
        break;
      advance();
    }
    return unsupported(loc, "lambda expressions");
  }
  Expr *e = parseOrTest();
  if (!e)
    return nullptr;
  if (cur().isName("if")) {
    advance();
    Expr *cond = parseOrTest();
    if (!cond)
      return nullptr;
    if (!consumeName("else")) {
      error(cur().loc(), "expected 'else' in the conditional expression");
      return nullptr;
    }
    Expr *other = parseTest();
    if (!other)
      return nullptr;
    return mod.make<IfExpExpr>(loc, cond, e, other);
  }
  if (cur().isOp(":=")) {
    advance();
    if (!parseTest())
      return nullptr;
    return unsupported(loc, "assignment expressions (:=)");
  }
  return e;
}

/// `a or b or ...` (isAnd = false) and `a and b and ...` (isAnd = true).
Expr *Parser::parseBoolChain(bool isAnd) {
  SMLoc loc = cur().loc();
  StringRef kw = isAnd ? "and" : "or";
  auto operand = [&] { return isAnd ? parseNotTest() : parseBoolChain(true); };
  Expr *e = operand();
  if (!e || !cur().isName(kw))
    return e;
  auto *chain = mod.make<BoolOpExpr>(loc, isAnd);
  chain->operands.push_back(e);
  while (consumeName(kw)) {
    Expr *r = operand();
    if (!r)
      return nullptr;
    chain->operands.push_back(r);
  }
  return chain;
}

Expr *Parser::parseNotTest() {
  if (cur().isName("not")) {
    if (!enter())
      return nullptr;
    DepthGuard g{depth};
    SMLoc loc = cur().loc();
    advance();
    Expr *e = parseNotTest();
    return e ? mod.make<UnaryExpr>(loc, UnOp::Not, e) : nullptr;
  }
  return parseComparison();
}

Expr *Parser::parseComparison() {
  SMLoc loc = cur().loc();
  Expr *e = parseBinaryLevel(0);
  if (!e)
    return nullptr;
  CompareExpr *cmp = nullptr;
  while (true) {
    std::optional<CmpOp> op;
    SMLoc opLoc = cur().loc();
    const Token &t = cur();
    if (t.isOp("<")) op = CmpOp::Lt;
    else if (t.isOp("<=")) op = CmpOp::Le;
    else if (t.isOp(">")) op = CmpOp::Gt;
    else if (t.isOp(">=")) op = CmpOp::Ge;
    else if (t.isOp("==")) op = CmpOp::Eq;
    else if (t.isOp("!=")) op = CmpOp::Ne;
    else if (t.isName("in")) op = CmpOp::In;
    else if (t.isName("is")) op = peekTok().isName("not") ? CmpOp::IsNot : CmpOp::Is;
    else if (t.isName("not") && peekTok().isName("in")) op = CmpOp::NotIn;
    if (!op)
      break;
    advance();
    if (*op == CmpOp::IsNot || *op == CmpOp::NotIn)
      advance();
    if (!cmp) {
      cmp = mod.make<CompareExpr>(loc);
      cmp->operands.push_back(e);
    }
    Expr *r = parseBinaryLevel(0);
    if (!r)
      return nullptr;
    cmp->ops.push_back(*op);
    cmp->opLocs.push_back(opLoc);
    cmp->operands.push_back(r);
  }
  return cmp ? cmp : e;
}

// Binary precedence levels, loosest first: | ^ & (<< >>) (+ -) (* / // % @)
Expr *Parser::parseBinaryLevel(int level) {
  if (level == 6)
    return parseFactor();
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  SMLoc loc = cur().loc();
  Expr *e = parseBinaryLevel(level + 1);
  unsigned chain = 0;
  while (e) {
    std::optional<BinOp> op;
    const Token &t = cur();
    if (t.kind != Tok::Op)
      break;
    StringRef s = t.text;
    switch (level) {
    case 0: if (s == "|") op = BinOp::BitOr; break;
    case 1: if (s == "^") op = BinOp::BitXor; break;
    case 2: if (s == "&") op = BinOp::BitAnd; break;
    case 3: if (s == "<<") op = BinOp::Shl; else if (s == ">>") op = BinOp::Shr; break;
    case 4: if (s == "+") op = BinOp::Add; else if (s == "-") op = BinOp::Sub; break;
    case 5:
      if (s == "*") op = BinOp::Mul;
      else if (s == "/") op = BinOp::Div;
      else if (s == "//") op = BinOp::FloorDiv;
      else if (s == "%") op = BinOp::Mod;
      else if (s == "@") op = BinOp::MatMul;
      break;
    }
    if (!op)
      break;
    SMLoc opLoc = t.loc();
    // Later passes recurse over the (left-deep) tree: bound its depth.
    if (++chain + depth > kMaxChain) {
      error(opLoc, "expression is too long (more than " + llvm::Twine(kMaxChain) +
                       " chained operators)");
      return nullptr;
    }
    advance();
    Expr *r = parseBinaryLevel(level + 1);
    if (!r)
      return nullptr;
    e = mod.make<BinaryExpr>(loc, *op, e, r, opLoc);
  }
  return e;
}

Expr *Parser::parseFactor() {
  const Token &t = cur();
  if (t.isOp("-") || t.isOp("+") || t.isOp("~")) {
    if (!enter())
      return nullptr;
    DepthGuard g{depth};
    SMLoc loc = t.loc();
    UnOp op = t.isOp("-") ? UnOp::Neg : t.isOp("+") ? UnOp::Pos : UnOp::Invert;
    advance();
    Expr *e = parseFactor();
    return e ? mod.make<UnaryExpr>(loc, op, e) : nullptr;
  }
  return parsePower();
}

Expr *Parser::parsePower() {
  SMLoc loc = cur().loc();
  if (cur().isName("await")) {
    advance();
    if (!parsePrimary())
      return nullptr;
    return unsupported(loc, "await");
  }
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  Expr *e = parsePrimary();
  if (e && cur().isOp("**")) {
    SMLoc opLoc = cur().loc();
    advance();
    Expr *r = parseFactor(); // right-associative, binds tighter than unary on the left
    if (!r)
      return nullptr;
    return mod.make<BinaryExpr>(loc, BinOp::Pow, e, r, opLoc);
  }
  return e;
}

bool Parser::parseCallArgs(CallExpr *call) {
  while (!cur().isOp(")")) {
    SMLoc loc = cur().loc();
    if (cur().isOp("*") || cur().isOp("**")) {
      bool single = cur().isOp("*");
      advance();
      Expr *value = parseTest();
      if (!value)
        return false;
      if (single) // expanded by Sema (StarArgs.cpp)
        call->starred.push_back({(unsigned)call->args.size(), value});
      call->args.push_back(unsupported(loc, "argument unpacking (*args, **kwargs)"));
    } else if (cur().is(Tok::Name) && peekTok().isOp("=") && !isKeyword(cur().text)) {
      Keyword kw;
      kw.name = cur().text;
      kw.loc = loc;
      advance();
      advance();
      kw.value = parseTest();
      if (!kw.value)
        return false;
      call->kwargs.push_back(kw);
    } else {
      Expr *a = parseTest();
      if (!a)
        return false;
      if (cur().isName("for")) {
        // A generator expression argument: skip it up to the call's ')'.
        unsigned level = 0;
        while (!cur().is(Tok::Eof) && !(level == 0 && cur().isOp(")"))) {
          if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
            ++level;
          else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}"))
            --level;
          advance();
        }
        call->args.push_back(unsupported(loc, "generator expressions"));
        break;
      }
      if (!call->kwargs.empty())
        return error(loc, "positional argument follows keyword argument");
      call->args.push_back(a);
    }
    if (!consumeOp(","))
      break;
  }
  return expectOp(")", "to close the argument list");
}

Expr *Parser::parsePrimary() {
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  Expr *e = parseAtom();
  while (e) {
    SMLoc loc = cur().loc();
    if (cur().isOp(".")) {
      advance();
      if (!cur().is(Tok::Name)) {
        error(cur().loc(), "expected an attribute name after '.'");
        return nullptr;
      }
      Expr *member = exprScope ? enumMember(e, cur().text) : nullptr;
      if (!member && exprScope)
        member = moduleMember(e, cur().text);
      e = member ? member : mod.make<AttributeExpr>(e->loc, e, cur().text, cur().loc());
      advance();
    } else if (cur().isOp("(")) {
      advance();
      auto *call = mod.make<CallExpr>(e->loc, e);
      if (!parseCallArgs(call))
        return nullptr;
      e = call;
    } else if (cur().isOp("[")) {
      advance();
      auto *sub = mod.make<SubscriptExpr>(e->loc, e);
      while (!cur().isOp("]")) {
        Expr *idx = parseSubscriptIndex();
        if (!idx)
          return nullptr;
        sub->indices.push_back(idx);
        if (!consumeOp(","))
          break;
      }
      if (!expectOp("]", "to close the subscript"))
        return nullptr;
      if (sub->indices.empty()) {
        error(loc, "empty subscript");
        return nullptr;
      }
      e = adjointScope ? adjointRef(sub) : sub;
    } else {
      break;
    }
    (void)loc;
  }
  return e;
}

/// One index of a subscript: an expression or a slice `lower:upper:step`.
Expr *Parser::parseSubscriptIndex() {
  SMLoc iloc = cur().loc();
  Expr *lower = nullptr;
  if (!cur().isOp(":")) {
    lower = parseTest();
    if (!lower || !cur().isOp(":"))
      return lower;
  }
  auto *s = mod.make<SliceExpr>(iloc);
  s->lower = lower;
  advance(); // ':'
  auto atEnd = [&] { return cur().isOp(":") || cur().isOp("]") || cur().isOp(","); };
  if (!atEnd() && !(s->upper = parseTest()))
    return nullptr;
  if (consumeOp(":") && !atEnd() && !(s->step = parseTest()))
    return nullptr;
  return s;
}

/// `{k: v, ...}` keeps its items (decorator options such as module_options=
/// read them); set literals and comprehensions are skipped whole.
Expr *Parser::parseDictLiteral(SMLoc loc) {
  size_t start = p;
  advance(); // '{'
  std::vector<std::pair<Expr *, Expr *>> items;
  bool isDict = !cur().isOp("*") && !cur().isOp("**");
  while (isDict && !cur().isOp("}")) {
    Expr *k = parseTest();
    if (!k)
      return nullptr;
    if (!consumeOp(":")) {
      isDict = false;
      break;
    }
    Expr *v = parseTest();
    if (!v)
      return nullptr;
    items.push_back({k, v});
    if (!consumeOp(",")) {
      isDict = cur().isOp("}");
      break;
    }
  }
  if (!isDict || !cur().isOp("}")) {
    p = start;
    if (Expr *set = parseSetLiteral(loc))
      return set;
    p = start;
    return skipBracketed(loc, "dict and set literals");
  }
  advance(); // '}'
  auto *d = llvm::cast<UnsupportedExpr>(unsupported(loc, "dict and set literals"));
  d->dictItems = std::move(items);
  return d;
}

/// `{a, b, ...}`: an unsupported expression that keeps its items (`x in {1,
/// 2}` in wp.static); null for a set comprehension or `{}` (the caller skips
/// those).
Expr *Parser::parseSetLiteral(SMLoc loc) {
  advance(); // '{'
  std::vector<Expr *> items;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    while (!cur().isOp("}")) {
      Expr *e = cur().isOp("*") ? nullptr : parseTest();
      if (!e || quiet.hadErrors() || !(cur().isOp(",") || cur().isOp("}"))) {
        failed = wasFailed;
        return nullptr;
      }
      items.push_back(e);
      consumeOp(",");
    }
    failed = wasFailed;
  }
  if (items.empty())
    return nullptr;
  advance(); // '}'
  auto *u = llvm::cast<UnsupportedExpr>(unsupported(loc, "dict and set literals"));
  u->listItems = std::move(items);
  u->isSet = true;
  return u;
}

/// `[a, b, ...]`: an unsupported expression that keeps its items (read by
/// wp.overload(k, [types])); a comprehension is skipped.
Expr *Parser::parseListLiteral(SMLoc loc) {
  size_t start = p;
  advance(); // '['
  std::vector<Expr *> items;
  bool isList = true;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    while (isList && !cur().isOp("]")) {
      Expr *e = parseTest();
      isList = e && !quiet.hadErrors() && (cur().isOp(",") || cur().isOp("]"));
      if (isList)
        items.push_back(e);
      consumeOp(",");
    }
    failed = wasFailed;
  }
  if (!isList) {
    p = start;
    return skipBracketed(loc, "list literals and comprehensions");
  }
  advance(); // ']'
  auto *l = llvm::cast<UnsupportedExpr>(unsupported(loc, "list literals and comprehensions"));
  l->listItems = std::move(items);
  return l;
}

Expr *Parser::skipBracketed(SMLoc loc, std::string what) {
  // The lexer guarantees brackets balance; skip to the matching close.
  unsigned level = 0;
  do {
    if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
      ++level;
    else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}"))
      --level;
    advance();
  } while (level && !cur().is(Tok::Eof));
  return unsupported(loc, std::move(what));
}

Expr *Parser::parseAtom() {
  const Token &t = cur();
  SMLoc loc = t.loc();
  switch (t.kind) {
  case Tok::Int: {
    auto *e = mod.make<IntExpr>(loc, t.ival, t.overflow);
    if (t.overflow)
      e->spelling = t.text;
    advance();
    return e;
  }
  case Tok::Float: {
    auto *e = mod.make<FloatExpr>(loc, t.fval);
    advance();
    return e;
  }
  case Tok::Imaginary:
    advance();
    return unsupported(loc, "complex numbers");
  case Tok::String: {
    const Token &t = cur();
    bool f = false;
    while (cur().is(Tok::String)) {
      f |= cur().fstring;
      advance();
    }
    auto *str = llvm::cast<UnsupportedExpr>(unsupported(loc, f ? "f-strings and bytes" : "string literals"));
    str->raw = StringRef(t.text.data(), toks[p - 1].text.end() - t.text.data()).str();
    return str;
  }
  case Tok::Name: {
    StringRef n = t.text;
    if (n == "True" || n == "False") {
      advance();
      return mod.make<BoolExpr>(loc, n == "True");
    }
    if (n == "None") {
      advance();
      return unsupported(loc, "None");
    }
    if (n == "yield") {
      while (!cur().is(Tok::Newline) && !cur().isOp(")") && !cur().is(Tok::Eof))
        advance();
      return unsupported(loc, "yield");
    }
    if (isKeyword(n)) {
      error(loc, "invalid syntax: unexpected keyword '" + n + "'");
      return nullptr;
    }
    advance();
    return mod.make<NameExpr>(loc, n);
  }
  case Tok::Op: {
    if (t.isOp("(")) {
      advance();
      if (consumeOp(")"))
        return mod.make<TupleExpr>(loc);
      Expr *first = parseTest();
      if (!first)
        return nullptr;
      if (cur().isName("for")) {
        while (!cur().isOp(")") && !cur().is(Tok::Eof))
          advance();
        advance();
        return unsupported(loc, "generator expressions");
      }
      if (consumeOp(")"))
        return first;
      auto *tup = mod.make<TupleExpr>(loc);
      tup->elts.push_back(first);
      while (consumeOp(",")) {
        if (cur().isOp(")"))
          break;
        Expr *e = parseTest();
        if (!e)
          return nullptr;
        tup->elts.push_back(e);
      }
      if (!expectOp(")", "to close the parenthesized expression"))
        return nullptr;
      return tup;
    }
    if (t.isOp("["))
      return parseListLiteral(loc);
    if (t.isOp("{"))
      return parseDictLiteral(loc);
    if (t.isOp("...")) {
      advance();
      return unsupported(loc, "Ellipsis (...)");
    }
    if (t.isOp("*")) {
      advance();
      if (!parsePrimary())
        return nullptr;
      return unsupported(loc, "starred expressions");
    }
    error(loc, "invalid syntax: unexpected '" + t.text + "'");
    return nullptr;
  }
  case Tok::Indent:
    error(loc, "unexpected indent");
    return nullptr;
  default:
    error(loc, "invalid syntax: expected an expression, found " + describe(t));
    return nullptr;
  }
}

} // namespace

Expr *kdsl::parseStandaloneExpr(unsigned bufferId, DiagEngine &diags, ModuleAST &module) {
  std::vector<Token> tokens;
  if (!tokenize(diags.getSourceMgr().getMemoryBuffer(bufferId)->getBuffer(), diags, tokens))
    return nullptr;
  Parser parser(tokens, diags, module);
  return parser.parseStandalone();
}

bool kdsl::parseModule(unsigned bufferId, DiagEngine &diags, ModuleAST &module) {
  const llvm::MemoryBuffer *buf = diags.getSourceMgr().getMemoryBuffer(bufferId);
  module.filename = buf->getBufferIdentifier().str();
  std::vector<Token> tokens;
  if (!tokenize(buf->getBuffer(), diags, tokens))
    return false;
  Parser parser(tokens, diags, module);
  return parser.parseFile();
}
