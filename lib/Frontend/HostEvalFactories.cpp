//===- HostEvalFactories.cpp - Warp definitions made by host functions ----===//
#include "ParserImpl.h"

using namespace kdsl;
using namespace kdsl::detail;

namespace kdsl::detail {

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

/// Factory calls inside another statement of host code, the logical line
/// at the cursor (`wp.launch_tiled(make_kernel(N), dim=...)`,
/// `kernels[key] = make_kernel(8)`): each call whose arguments the source
/// gives makes an instance, as Python runs the factory there; its result is
/// bound to no name. The cursor does not move.
void Parser::instantiateNestedFactoryCalls(Scope *scope) {
  if (factories.empty())
    return;
  size_t save = p, end = p;
  while (end < toks.size() && !toks[end].is(Tok::Newline) && !toks[end].is(Tok::Eof))
    ++end;
  bool wasFailed = failed;
  for (size_t i = save; i + 1 < end; ++i) {
    const Token &t = toks[i];
    if (!t.is(Tok::Name) || isKeyword(t.text) || !toks[i + 1].isOp("(") ||
        (i > save && (toks[i - 1].isOp(".") || toks[i - 1].isName("def"))))
      continue;
    Factory *f = findFactory(scope, t.text);
    if (!f || !f->instantiable)
      continue;
    p = i;
    Expr *e = nullptr;
    {
      SuppressDiags quiet(diags);
      e = parsePrimary();
      if (quiet.hadErrors())
        e = nullptr;
    }
    failed = wasFailed;
    // The call itself, also when a trailer follows (`make(3)[0]`, `make(3).k`).
    while (e && !(llvm::isa<CallExpr>(e) && llvm::isa<NameExpr>(llvm::cast<CallExpr>(e)->callee) &&
                  llvm::cast<NameExpr>(llvm::cast<CallExpr>(e)->callee)->name == t.text)) {
      if (auto *a = llvm::dyn_cast<AttributeExpr>(e))
        e = a->base;
      else if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e))
        e = sub->base;
      else if (auto *c = llvm::dyn_cast<CallExpr>(e))
        e = c->callee;
      else
        e = nullptr;
    }
    if (e)
      bindFactoryResult(scope, {}, *f, llvm::cast<CallExpr>(e));
  }
  p = save;
  failed = wasFailed;
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
           " that depends on values kdsl does not know")
              .str();
  if (instanceDepth == 0)
    depthExceeded = false;
  if (!why.empty()) {
    Symbol sym;
    sym.hostNote = ("the result of the call of factory '" + factoryName + "' at line " +
                    llvm::Twine(line) + ", which has " + why)
                       .str();
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
                  ? llvm::dyn_cast<NameExpr>(values[i])
                  : nullptr;
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
    if (auto *u = llvm::dyn_cast<UnsupportedExpr>(a);
        u && u->what.find("unpacking") != std::string::npos)
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
                    llvm::Twine(diags.getSourceMgr().FindLineNumber(value->loc)))
                       .str();
    inst->symbols[name] = sym;
    return;
  }
  // A call of host code (np.zeros(3), helper(x)): only Python knows it.
  if (auto *call = llvm::dyn_cast<CallExpr>(value)) {
    StringRef wpName;
    auto *callee = llvm::dyn_cast<NameExpr>(call->callee);
    const Symbol *s = callee ? valueScope->lookup(callee->name) : nullptr;
    bool source =
        isWarpRef(call->callee, valueScope, wpName) ||
        (s && (s->kind == Symbol::Func || s->kind == Symbol::Struct || s->kind == Symbol::Const)) ||
        (callee && !s); // int(3), float(x): Python's types
    if (!source) {
      Symbol sym;
      sym.hostNote = (role + " bound to a value of host code at line " +
                      llvm::Twine(diags.getSourceMgr().FindLineNumber(value->loc)))
                         .str();
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
      case CmpOp::Lt:
        v = cmp && *cmp < 0;
        break;
      case CmpOp::Le:
        v = cmp && *cmp <= 0;
        break;
      case CmpOp::Gt:
        v = cmp && *cmp > 0;
        break;
      case CmpOp::Ge:
        v = cmp && *cmp >= 0;
        break;
      case CmpOp::Eq:
        v = cmp && *cmp == 0;
        break;
      case CmpOp::Ne:
        v = !cmp || *cmp != 0;
        break;
      default:
        return std::nullopt;
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

} // namespace kdsl::detail
