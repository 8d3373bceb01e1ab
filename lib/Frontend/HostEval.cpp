//===- HostEval.cpp - Module-level host code ------------------------------===//
//
// The module scan: which statements of host code make Warp definitions
// (decorators, plain defs and classes), imports, constants, names of
// imported modules and of classes, struct annotations, and the decorators
// kdsl keeps a def for (@wp.func_grad, @wp.overload, ...).
//
//===----------------------------------------------------------------------===//
#include "ParserImpl.h"

using namespace kdsl;
using namespace kdsl::detail;

namespace kdsl::detail {

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
      .Case("overload",
            "kdsl does not support @wp.overload here (nor does Warp): it must follow a "
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
        info.error =
            ("kdsl does not support other decorators on a @wp." + which + " definition").str();
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
  if (t.is(Tok::Name) && !isKeyword(t.text) && peekTok().isOp(",") && tryTupleConstants(scope))
    return;
  if (t.is(Tok::Name) && (t.text == "global" || t.text == "nonlocal")) {
    skipLogicalLine();
    return;
  }
  if (t.isName("for")) {
    if (tryHostLoop(scope))
      return;
    recordHostLoopTargets(scope);
  }
  // Any other statement: skip it, looking into its blocks for definitions
  // (and making the instances of the factory calls in its line).
  instantiateNestedFactoryCalls(scope);
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
      return unsupported(n->loc,
                         ("names that " + llvm::Twine(it->second.isClass ? "class '" : "module '") +
                          dotted + "' does not define as a " +
                          "@wp.func, @wp.struct or constant ('" + n->name + "." + attr + "')")
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
  instantiateNestedFactoryCalls(scope); // `k = helper(make_kernel(8))`
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

/// `A, B = x, y` in host code (`np_type, wp_type = np.float64, wp.float64`):
/// each name a constant of its item, as `A = x` makes one. False (nothing
/// consumed) for any other form; a right side that names a target
/// (`a, b = b, a`) binds the targets to host values.
bool Parser::tryTupleConstants(Scope *scope) {
  size_t save = p;
  std::vector<std::pair<StringRef, SMLoc>> targets;
  while (cur().is(Tok::Name) && !isKeyword(cur().text)) {
    targets.push_back({cur().text, cur().loc()});
    advance();
    if (!consumeOp(","))
      break;
  }
  if (targets.size() < 2 || !cur().isOp("=")) {
    p = save;
    return false;
  }
  advance(); // '='
  size_t rhsStart = p;
  Expr *value = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    value = parseExprList();
    if (quiet.hadErrors() || !cur().is(Tok::Newline))
      value = nullptr;
    failed = wasFailed;
  }
  auto *tuple = llvm::dyn_cast_or_null<TupleExpr>(value);
  bool selfRef = false;
  for (size_t i = rhsStart; i < p; ++i)
    selfRef |= toks[i].is(Tok::Name) &&
               llvm::any_of(targets, [&](auto &tg) { return tg.first == toks[i].text; });
  if (!tuple || tuple->elts.size() != targets.size()) {
    p = save;
    return false;
  }
  advance();     // newline
  if (selfRef) { // rebound to values only Python knows
    for (auto &target : targets)
      scope->symbols[target.first] = Symbol();
    return true;
  }
  for (auto [target, item] : llvm::zip(targets, tuple->elts)) {
    auto *c = mod.make<ConstDef>();
    c->name = target.first;
    c->loc = target.second;
    c->value = item;
    c->scope = scope;
    mod.consts.push_back(c);
    Symbol sym;
    sym.kind = Symbol::Const;
    sym.constDef = c;
    scope->symbols[target.first] = sym;
  }
  return true;
}

} // namespace kdsl::detail
