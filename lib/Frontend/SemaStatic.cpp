//===- SemaStatic.cpp - wp.static(...) and names captured from host code ---===//
//
// Warp evaluates `wp.static(expr)` in Python when it builds a kernel: the
// expression may use module globals, names captured from the enclosing
// function, local constants and the variable of a loop it unrolls for that
// purpose (Adjoint.replace_static_expressions, emit_For in warp/codegen.py).
// kdsl does the same on the syntax tree right before a body is type-checked
// (StaticExpander):
//   - a number or bool result becomes a literal, a @wp.func result the callee
//     of the call it stands in (`wp.static(f)(x)`, `g = wp.static(f); g(x)`);
//   - `for i in range(...)` is unrolled when a wp.static in its body uses
//     `i` (Warp forces the unroll then), or when its range is given by
//     wp.static and it has at most 16 iterations and no break (Warp's
//     max_unroll);
//   - `if wp.static(c):` keeps only the branch taken: the other one is not
//     type-checked, as in Warp.
// Bodies without wp.static are left untouched.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Generics.h"
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/Sema.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>
#include <cmath>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;
using ConstValue = Sema::ConstValue;

//===----------------------------------------------------------------------===//
// Tree walking
//===----------------------------------------------------------------------===//

// SemaStatic looks into what kernel code can compute: not into a slice's
// bounds, nor into the items of syntax kdsl does not compile (dict, list
// and set literals), nor into an annotated assignment's annotation.

/// The children of `e` that SemaStatic looks into (forEachChild, AST.h).
template <typename Fn> static void childSlots(Expr *e, Fn &&fn) {
  if (!llvm::isa<SliceExpr, UnsupportedExpr>(e))
    forEachChild(e, fn);
}

/// The expression slots and nested bodies of one statement.
static void stmtSlots(Stmt *s, llvm::SmallVectorImpl<Expr **> &exprs,
                      llvm::SmallVectorImpl<Body *> &bodies) {
  auto *ann = llvm::dyn_cast<AnnAssignStmt>(s);
  forEachChild(
      s,
      [&](Expr *&e) {
        if (!ann || &e != &ann->annotation)
          exprs.push_back(&e);
      },
      [&](Body &b) { bodies.push_back(&b); });
}

/// Calls `fn` on `e` and every expression below it (pre-order); `fn`
/// returns false to stop the walk.
static bool walkExpr(Expr *e, llvm::function_ref<bool(Expr *)> fn) {
  return walk(e, [&](Expr *x) {
    if (!fn(x))
      return WalkAction::Interrupt;
    return llvm::isa<SliceExpr, UnsupportedExpr>(x) ? WalkAction::Skip : WalkAction::Advance;
  });
}

static bool walkBody(const Body &body, llvm::function_ref<bool(Expr *)> fn) {
  for (Stmt *s : body) {
    llvm::SmallVector<Expr **, 4> exprs;
    llvm::SmallVector<Body *, 2> bodies;
    stmtSlots(s, exprs, bodies);
    for (Expr **e : exprs)
      if (!walkExpr(*e, fn))
        return false;
    for (Body *b : bodies)
      if (!walkBody(*b, fn))
        return false;
  }
  return true;
}

/// break/continue that belong to the loop whose body this is.
static bool containsBreak(const Body &body) {
  for (Stmt *s : body) {
    if (s->kind == StmtKind::Break || s->kind == StmtKind::Continue)
      return true;
    if (auto *i = llvm::dyn_cast<IfStmt>(s))
      if (containsBreak(i->thenBody) || containsBreak(i->elseBody))
        return true;
  }
  return false;
}

/// `t` is the name, or a tuple target holding it.
static bool mentionsTarget(Expr *t, StringRef name) {
  if (auto *n = llvm::dyn_cast<NameExpr>(t))
    return n->name == name;
  if (auto *tu = llvm::dyn_cast<TupleExpr>(t))
    return llvm::any_of(tu->elts, [&](Expr *e) { return mentionsTarget(e, name); });
  return false;
}

/// Whether a statement of `body` (or below) binds `name`.
static bool assignsName(const Body &body, StringRef name) {
  for (Stmt *s : body) {
    llvm::SmallVector<Expr **, 4> exprs;
    llvm::SmallVector<Body *, 2> bodies;
    stmtSlots(s, exprs, bodies);
    Expr *target = nullptr;
    if (auto *a = llvm::dyn_cast<AssignStmt>(s)) {
      for (Expr *t : a->targets)
        if (mentionsTarget(t, name))
          return true;
    } else if (auto *a = llvm::dyn_cast<AugAssignStmt>(s)) {
      target = a->target;
    } else if (auto *a = llvm::dyn_cast<AnnAssignStmt>(s)) {
      target = a->target;
    } else if (auto *f = llvm::dyn_cast<ForStmt>(s)) {
      target = f->target;
    }
    if (target && mentionsTarget(target, name))
      return true;
    for (Body *b : bodies)
      if (assignsName(*b, name))
        return true;
  }
  return false;
}

static bool mentions(Expr *e, StringRef name) {
  return !walkExpr(e, [&](Expr *x) {
    auto *n = llvm::dyn_cast<NameExpr>(x);
    return !(n && n->name == name);
  });
}

/// Fresh copies of statements (unrolled loop bodies are copied per iteration).
static Body cloneBody(ModuleAST &mod, const Body &body) {
  FuncDef holder;
  holder.body = body;
  return cloneFuncDef(mod, holder)->body;
}
static Expr *cloneExpr(ModuleAST &mod, Expr *e) {
  FuncDef holder;
  holder.returns = e;
  return cloneFuncDef(mod, holder)->returns;
}

/// The number of values of range(args...) (Python's rules; 0 for step 0).
static int64_t rangeCount(llvm::ArrayRef<int64_t> args) {
  __int128 start = args.size() > 1 ? args[0] : 0, stop = args.size() > 1 ? args[1] : args[0];
  __int128 step = args.size() > 2 ? args[2] : 1;
  if (step == 0)
    return 0;
  __int128 n = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
  return n < 0 ? 0 : n > INT64_MAX ? INT64_MAX : (int64_t)n;
}

static ConstDef *constOf(Expr *e, Scope *scope);

static bool truthy(const ConstValue &v) {
  return v.kind == ConstValue::Float ? v.f != 0 : v.kind == ConstValue::Int ? v.i != 0 : v.b;
}

//===----------------------------------------------------------------------===//
// StaticExpander
//===----------------------------------------------------------------------===//

namespace kdsl {
class StaticExpander {
public:
  StaticExpander(Sema &s, FuncDef *f) : s(s), mod(s.mod), f(f) {}
  bool run();

private:
  Sema &s;
  ModuleAST &mod;
  FuncDef *f;
  llvm::StringMap<unsigned> bound;        // how often the body binds each name
  llvm::StringMap<ConstValue> consts;     // names with a compile-time value here
  llvm::StringMap<const Type *> lenTypes; // for len(): parameters, constructed locals
  llvm::StringMap<FuncDef *> funcLocals;  // g = wp.static(helper)
  llvm::StringMap<int64_t> tupleLens;     // locals bound once to a tuple of known length
  unsigned dynamicDepth = 0;              // inside a loop or an if that stays

  static constexpr int64_t kMaxUnroll = 16; // Warp's default max_unroll
  static constexpr int64_t kMaxForcedUnroll = 4096;

  bool error(SMLoc loc, const llvm::Twine &msg) { return s.error(loc, msg); }
  bool isStaticCall(Expr *e) {
    auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
    if (!c)
      return false;
    auto name = s.warpNameOf(c->callee, f->scope);
    return name && *name == "static";
  }
  bool isKernelVar(StringRef name) { return bound.count(name) || f->locals.count(name); }
  void collectBindings(const Body &body);
  void bindName(Expr *target, Expr *value);
  bool body(Body &in, Body &out);
  bool stmt(Stmt *st, Body &out);
  bool forStmt(ForStmt *fs, Body &out);
  bool unroll(ForStmt *fs, NameExpr *target, llvm::ArrayRef<int64_t> range, Body &out);
  bool ifStmt(IfStmt *is, Body &out);
  bool assign(AssignStmt *as, Body &out);
  bool expr(Expr *&e);
  Expr *evalStatic(CallExpr *call);
  void explainFailure(Expr *arg);
  bool subst(Expr *&e, bool report);
  std::optional<ConstValue> tryEval(Expr *e);
  std::optional<ConstValue> eval(Expr *e);
  std::optional<ConstValue> evalIn(Expr *e, Scope *scope);
  std::optional<ConstValue> evalCompare(CompareExpr *c);
  Expr *element(Expr *e, Scope *&scope);
  std::optional<int64_t> containerLength(Expr *e);
  FuncDef *funcValue(Expr *e, Scope *scope, unsigned depth = 0);
  Expr *literal(SMLoc loc, const ConstValue &v);
  // Tuples: len() and loops whose body indexes a tuple with their variable.
  std::optional<int64_t> tupleLength(StringRef name);
  bool indexesTuple(const Body &body, StringRef var);
  void constantTupleIndices(Body &body, StringRef var, const ConstValue &v);
  // Calls of @wp.func inside wp.static: Warp runs the Python function.
  std::string funcWhy;   // why the last such call had no value
  std::string funcRaise; // an error Python would raise in it (division by zero)
  std::optional<ConstValue> callFunc(CallExpr *c, FuncDef *fd, unsigned depth);
  bool runBody(const Body &b, llvm::StringMap<ConstValue> &env, std::optional<ConstValue> &ret,
               unsigned depth, unsigned &steps);
  std::optional<ConstValue> evalInFunc(Expr *e, llvm::StringMap<ConstValue> &env, unsigned depth);
  bool foldIn(Expr *&e, llvm::StringMap<ConstValue> &env, unsigned depth);
  std::optional<llvm::SmallVector<ConstValue, 8>> containerValues(Expr *e);
  bool runtimeClosed(Expr *e);
};
} // namespace kdsl

bool StaticExpander::run() {
  bool any = !walkBody(f->body, [&](Expr *e) { return !isStaticCall(e); });
  // Tuples (parameters, tuple expressions) may need loops unrolled.
  any = any ||
        llvm::any_of(f->params,
                     [](const Param &p) { return p.type && p.type->kind == Type::Tuple; }) ||
        !walkBody(f->body, [](Expr *e) { return !llvm::isa<TupleExpr>(e); });
  if (!any)
    return true;
  for (Param &p : f->params)
    if (p.type)
      lenTypes[p.name] = p.type;
  collectBindings(f->body);
  Body out;
  if (!body(f->body, out))
    return false;
  f->body = std::move(out);
  return true;
}

/// Counts the names the body binds; records the types of locals bound once
/// to a type constructor (`v = wp.vec3()`, `m: wp.mat22 = ...`) for len().
void StaticExpander::collectBindings(const Body &b) {
  for (Stmt *st : b) {
    if (auto *a = llvm::dyn_cast<AssignStmt>(st))
      for (Expr *t : a->targets)
        bindName(t, a->targets.size() == 1 ? a->value : nullptr);
    else if (auto *a = llvm::dyn_cast<AugAssignStmt>(st))
      bindName(a->target, nullptr);
    else if (auto *a = llvm::dyn_cast<AnnAssignStmt>(st)) {
      bindName(a->target, nullptr);
      if (auto *n = llvm::dyn_cast<NameExpr>(a->target)) {
        SuppressDiags quiet(s.diags);
        if (const Type *t = s.resolveType(a->annotation, f->scope))
          lenTypes[n->name] = t;
      }
    } else if (auto *fs = llvm::dyn_cast<ForStmt>(st))
      bindName(fs->target, nullptr);
    llvm::SmallVector<Expr **, 4> exprs;
    llvm::SmallVector<Body *, 2> bodies;
    stmtSlots(st, exprs, bodies);
    for (Body *nested : bodies)
      collectBindings(*nested);
  }
}

void StaticExpander::bindName(Expr *target, Expr *value) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(target)) {
    for (Expr *e : t->elts)
      bindName(e, nullptr);
    return;
  }
  auto *n = llvm::dyn_cast<NameExpr>(target);
  if (!n)
    return;
  if (++bound[n->name] > 1) {
    lenTypes.erase(n->name);
    tupleLens.erase(n->name);
    return;
  }
  if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(value)) {
    tupleLens[n->name] = (int64_t)t->elts.size();
    return;
  }
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(value)) {
    // t = f(...) of a @wp.func annotated `-> tuple[A, B]`.
    if (FuncDef *fd = funcValue(c->callee, f->scope))
      if (SubscriptExpr *tup = fd->returns ? s.tupleAnnotation(fd->returns, fd->scope) : nullptr)
        tupleLens[n->name] = (int64_t)tup->indices.size();
    SuppressDiags quiet(s.diags);
    if (const Type *t = s.resolveType(c->callee, f->scope))
      lenTypes[n->name] = t;
  }
}

bool StaticExpander::body(Body &in, Body &out) {
  for (Stmt *st : in)
    if (!stmt(st, out))
      return false;
  return true;
}

bool StaticExpander::stmt(Stmt *st, Body &out) {
  if (auto *a = llvm::dyn_cast<AssignStmt>(st))
    return assign(a, out);
  if (auto *i = llvm::dyn_cast<IfStmt>(st))
    return ifStmt(i, out);
  if (auto *fs = llvm::dyn_cast<ForStmt>(st))
    return forStmt(fs, out);
  llvm::SmallVector<Expr **, 4> exprs;
  llvm::SmallVector<Body *, 2> bodies;
  stmtSlots(st, exprs, bodies);
  for (Expr **e : exprs)
    if (*e && !expr(*e))
      return false;
  if (auto *a = llvm::dyn_cast<AugAssignStmt>(st))
    if (auto *n = llvm::dyn_cast<NameExpr>(a->target))
      consts.erase(n->name);
  if (auto *a = llvm::dyn_cast<AnnAssignStmt>(st))
    if (auto *n = llvm::dyn_cast<NameExpr>(a->target))
      consts.erase(n->name);
  ++dynamicDepth;
  for (Body *b : bodies) {
    Body nested;
    if (!body(*b, nested))
      return false;
    *b = std::move(nested);
  }
  --dynamicDepth;
  out.push_back(st);
  return true;
}

bool StaticExpander::assign(AssignStmt *as, Body &out) {
  auto *target = as->targets.size() == 1 ? llvm::dyn_cast<NameExpr>(as->targets[0]) : nullptr;
  // g = wp.static(helper): calls of g go to helper; nothing is stored.
  if (target && bound[target->name] == 1 && isStaticCall(as->value)) {
    Expr *v = evalStatic(llvm::cast<CallExpr>(as->value));
    if (!v)
      return false;
    if (auto *n = llvm::dyn_cast<NameExpr>(v); n && n->staticFunc) {
      funcLocals[target->name] = n->staticFunc;
      return true;
    }
    as->value = v;
  }
  for (Expr *&t : as->targets)
    if (!expr(t))
      return false;
  if (!expr(as->value))
    return false;
  for (Expr *t : as->targets) {
    auto *n = llvm::dyn_cast<NameExpr>(t);
    if (!n)
      continue;
    consts.erase(n->name);
    // A local assigned once from a constant is a compile-time value for
    // wp.static, as a constant variable is in Warp.
    if (bound[n->name] == 1 && dynamicDepth == 0)
      if (auto v = tryEval(as->value))
        consts[n->name] = *v;
  }
  out.push_back(as);
  return true;
}

bool StaticExpander::ifStmt(IfStmt *is, Body &out) {
  bool isStatic = !walkExpr(is->cond, [&](Expr *e) { return !isStaticCall(e); });
  if (!expr(is->cond))
    return false;
  if (isStatic)
    if (auto v = tryEval(is->cond))
      return body(truthy(*v) ? is->thenBody : is->elseBody, out);
  ++dynamicDepth;
  Body thenBody, elseBody;
  bool ok = body(is->thenBody, thenBody) && body(is->elseBody, elseBody);
  --dynamicDepth;
  is->thenBody = std::move(thenBody);
  is->elseBody = std::move(elseBody);
  out.push_back(is);
  return ok;
}

bool StaticExpander::forStmt(ForStmt *fs, Body &out) {
  auto *target = llvm::dyn_cast<NameExpr>(fs->target);
  auto *range = llvm::dyn_cast<CallExpr>(fs->iter);
  auto *rangeName = range ? llvm::dyn_cast<NameExpr>(range->callee) : nullptr;
  bool isRange = rangeName && rangeName->name == "range" && !range->args.empty() &&
                 range->args.size() <= 3 && range->kwargs.empty();
  if (isStaticCall(fs->iter))
    return error(fs->iter->loc,
                 "wp.static() cannot give the iterable of a for loop (Warp rejects it "
                 "too); write range(wp.static(n))");
  bool staticRange = isRange && !walkExpr(range, [&](Expr *e) { return !isStaticCall(e); });
  bool forced = target && !walkBody(fs->body, [&](Expr *e) {
                  return !(isStaticCall(e) && mentions(llvm::cast<CallExpr>(e), target->name));
                });
  funcWhy.clear();
  if (!expr(fs->iter))
    return false;
  std::string rangeWhy = funcWhy;
  llvm::SmallVector<int64_t, 3> args;
  for (Expr *a : isRange ? llvm::ArrayRef<Expr *>(range->args) : llvm::ArrayRef<Expr *>())
    if (auto v = tryEval(a); v && v->kind == ConstValue::Int)
      args.push_back(v->i);
  bool constant = isRange && args.size() == range->args.size();
  if (forced && !constant)
    return error(fs->loc, "wp.static() in this loop uses the loop variable '" + target->name +
                              "', so the loop must be unrolled, but its range is not a "
                              "compile-time constant" +
                              (rangeWhy.empty() ? "" : " (" + rangeWhy + ")"));
  // Without a wp.static that needs the loop variable, Warp unrolls only
  // small loops without break (its max_unroll); the others stay loops.
  // A loop whose body indexes a tuple with its variable (Warp unrolls a
  // constant range of at most max_unroll iterations, so t[i] is constant).
  bool tupleLoop = target && constant && indexesTuple(fs->body, target->name);
  if (forced || (target && (staticRange || tupleLoop) && constant &&
                 rangeCount(args) <= kMaxUnroll && !containsBreak(fs->body) && !fs->hasElse))
    return unroll(fs, target, args, out);
  if (target)
    consts.erase(target->name);
  ++dynamicDepth;
  Body nested;
  bool ok = body(fs->body, nested);
  --dynamicDepth;
  fs->body = std::move(nested);
  out.push_back(fs);
  // Warp unrolls such a loop anyway, so its variable is a constant after it.
  int64_t n = constant ? rangeCount(args) : 0;
  if (target && n > 0 && n <= kMaxUnroll && !containsBreak(fs->body) &&
      !assignsName(fs->body, target->name)) {
    ConstValue last{ConstValue::Int};
    last.i = (args.size() > 1 ? args[0] : 0) + (n - 1) * (args.size() > 2 ? args[2] : 1);
    consts[target->name] = last;
  }
  return ok;
}

/// Python's range(start, stop, step) as one copy of the body per value, each
/// after `target = value`. `args` are range()'s constant arguments.
bool StaticExpander::unroll(ForStmt *fs, NameExpr *target, llvm::ArrayRef<int64_t> args,
                            Body &out) {
  int64_t start = args.size() > 1 ? args[0] : 0;
  int64_t step = args.size() > 2 ? args[2] : 1;
  if (step == 0)
    return error(fs->iter->loc, "range() arg 3 must not be zero");
  int64_t n = rangeCount(args);
  if (containsBreak(fs->body) || fs->hasElse)
    return error(fs->loc, "break, continue and for-else are not supported in a loop that "
                          "kdsl unrolls for wp.static()");
  if (n > kMaxForcedUnroll)
    return error(fs->loc, "a loop unrolled for wp.static() has at most " +
                              llvm::Twine(kMaxForcedUnroll) + " iterations, this one " +
                              llvm::Twine(n));
  for (int64_t k = 0; k < n; ++k) {
    int64_t v = start + k * step;
    ConstValue cv{ConstValue::Int};
    cv.i = v;
    auto *set = mod.make<AssignStmt>(fs->loc);
    set->targets.push_back(mod.make<NameExpr>(target->loc, target->name));
    set->value = literal(fs->iter->loc, cv);
    out.push_back(set);
    Body copy = cloneBody(mod, fs->body);
    if (!assignsName(fs->body, target->name))
      constantTupleIndices(copy, target->name, cv);
    consts[target->name] = cv;
    if (!body(copy, out))
      return false;
    consts[target->name] = cv; // the variable keeps the last value, as in Python
  }
  return true;
}

/// Replaces the wp.static calls in `e` (and below it) by their values.
bool StaticExpander::expr(Expr *&e) {
  if (!e)
    return true;
  if (isStaticCall(e)) {
    Expr *v = evalStatic(llvm::cast<CallExpr>(e));
    if (!v)
      return false;
    e = v;
    return true;
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(e))
    if (auto *n = llvm::dyn_cast<NameExpr>(c->callee))
      if (auto it = funcLocals.find(n->name); it != funcLocals.end())
        n->staticFunc = it->second;
  // g passed on as a value (to a wp.Function parameter): the same func.
  if (auto *n = llvm::dyn_cast<NameExpr>(e))
    if (auto it = funcLocals.find(n->name); it != funcLocals.end())
      n->staticFunc = it->second;
  if (auto *i = llvm::dyn_cast<IfExpExpr>(e); i && isStaticCall(i->cond)) {
    if (!expr(i->cond))
      return false;
    if (auto v = tryEval(i->cond)) {
      e = truthy(*v) ? i->thenExpr : i->elseExpr;
      return expr(e);
    }
  }
  llvm::SmallVector<Expr **, 4> slots;
  childSlots(e, [&](Expr *&c) { slots.push_back(&c); });
  for (Expr **c : slots)
    if (!expr(*c))
      return false;
  return true;
}

Expr *StaticExpander::evalStatic(CallExpr *call) {
  if (call->args.size() + call->kwargs.size() != 1) {
    error(call->loc, "wp.static() takes exactly one argument");
    return nullptr;
  }
  Expr *&arg = call->args.empty() ? call->kwargs[0].value : call->args[0];
  // len(x) of a local whose length only type checking knows (a tuple from
  // a builtin, a vector from a call): left to Sema, which requires a
  // compile-time length (CallExpr::staticLen).
  if (auto *c = llvm::dyn_cast<CallExpr>(arg)) {
    auto *callee = llvm::dyn_cast<NameExpr>(c->callee);
    auto *x =
        c->args.size() == 1 && c->kwargs.empty() ? llvm::dyn_cast<NameExpr>(c->args[0]) : nullptr;
    if (callee && callee->name == "len" && !isKernelVar("len") && x && isKernelVar(x->name) &&
        !consts.count(x->name) && !tupleLength(x->name) && !lenTypes.count(x->name)) {
      c->staticLen = true;
      return c;
    }
  }
  funcRaise.clear();
  if (!subst(arg, true))
    return nullptr;
  if (!funcRaise.empty()) {
    error(arg->loc,
          "wp.static() expression is not a compile-time value kdsl can evaluate: " + funcRaise);
    return nullptr;
  }
  if (auto v = eval(arg))
    return literal(call->loc, *v);
  if (FuncDef *fd = funcValue(arg, f->scope)) {
    auto *n = mod.make<NameExpr>(call->loc, fd->name);
    n->staticFunc = fd;
    return n;
  }
  // A value that is not a number (a struct a @wp.func builds, a vector) from
  // constants only: the expression itself, computed when the kernel runs;
  // the funcs it calls are pure, so the value is the one Warp computes.
  if (runtimeClosed(arg))
    return arg;
  explainFailure(arg);
  return nullptr;
}

/// Why a wp.static argument has no value kdsl can compute.
void StaticExpander::explainFailure(Expr *arg) {
  std::string why;
  walkExpr(arg, [&](Expr *e) {
    if (auto *b = llvm::dyn_cast<BinaryExpr>(e))
      if (b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod)
        if (auto r = eval(b->rhs); r && !truthy(*r))
          why = "division by zero";
    if (auto *c = llvm::dyn_cast<CallExpr>(e))
      if (FuncDef *fd = funcValue(c->callee, f->scope)) {
        funcWhy.clear();
        if (!callFunc(c, fd, 0) && !funcWhy.empty())
          why = funcWhy;
      }
    return why.empty();
  });
  // A name only host code knows is the first reason (it also makes a func's
  // argument unknown).
  walkExpr(arg, [&](Expr *e) {
    if (auto *n = llvm::dyn_cast<NameExpr>(e))
      if (const Symbol *sym = f->scope->lookup(n->name); sym && !sym->hostNote.empty())
        why = "'" + n->name.str() + "' is " + sym->hostNote +
              ", whose value only the running "
              "Python program knows";
    return true;
  });
  if (why.empty())
    why = "kdsl evaluates numbers, bools, module and captured constants, local constants, "
          "unrolled loop variables, arithmetic, comparisons, len() of vectors, matrices and "
          "tuples, and @wp.func names";
  error(arg->loc, "wp.static() expression is not a compile-time value kdsl can evaluate: " + why);
}

/// Replaces, in a wp.static argument, the names that have compile-time
/// values here and len(x) of a vector, matrix or tuple by literals. Other
/// variables of the kernel have no compile-time value: an error if `report`.
bool StaticExpander::subst(Expr *&e, bool report) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    if (auto it = consts.find(n->name); it != consts.end()) {
      e = literal(n->loc, it->second);
      return true;
    }
    if (isKernelVar(n->name)) {
      if (report)
        error(n->loc, "wp.static() cannot use '" + n->name + "': it is a variable of '" + f->name +
                          "', not a compile-time value");
      return false;
    }
    return true;
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
    auto *callee = llvm::dyn_cast<NameExpr>(c->callee);
    auto *x = c->args.size() == 1 ? llvm::dyn_cast<NameExpr>(c->args[0]) : nullptr;
    if (callee && callee->name == "len" && x && !isKernelVar("len")) {
      ConstValue v{ConstValue::Int};
      if (auto n = tupleLength(x->name)) {
        v.i = *n;
      } else if (auto it = lenTypes.find(x->name); it != lenTypes.end()) {
        const Type *t = it->second;
        if (t->kind != Type::Vec && t->kind != Type::Mat && t->kind != Type::Quat) {
          if (report)
            error(x->loc, "len() in wp.static() needs a vector, matrix or quaternion, '" + x->name +
                              "' is " + t->str());
          return false;
        }
        v.i = t->kind == Type::Quat ? 4 : t->rows;
      } else if (auto len = isKernelVar(x->name) ? std::nullopt : containerLength(x)) {
        v.i = *len;
      } else if (ConstDef *cd = isKernelVar(x->name) ? nullptr : constOf(x, f->scope);
                 cd && llvm::isa<UnsupportedExpr>(cd->value)) {
        if (report)
          error(x->loc, "len() in wp.static() needs the length of '" + x->name +
                            "', a value of "
                            "host code (" +
                            llvm::cast<UnsupportedExpr>(cd->value)->what +
                            ") whose items kdsl does not know; kdsl reads tuple, list and dict "
                            "literals");
        return false;
      } else if (const Symbol *sym = f->scope->lookup(x->name);
                 sym && !isKernelVar(x->name) && !sym->hostNote.empty()) {
        if (report)
          error(x->loc, "len() in wp.static() needs the length of '" + x->name + "', which is " +
                            sym->hostNote + ", whose value only the running Python program knows");
        return false;
      } else {
        if (report)
          error(x->loc, "len() in wp.static() needs '" + x->name +
                            "' to be a parameter or a local built by a type constructor "
                            "(wp.vec3(...)), or a tuple constant");
        return false;
      }
      e = literal(c->loc, v);
      return true;
    }
    // The callee is not a value: it stays (a @wp.func name is reported later).
    for (Expr *&a : c->args)
      if (!subst(a, report))
        return false;
    for (Keyword &kw : c->kwargs)
      if (!subst(kw.value, report))
        return false;
    // A @wp.func called with compile-time arguments: Warp runs its Python
    // body; so does kdsl, for bodies of numbers (callFunc).
    if (!callee || !isKernelVar(callee->name))
      if (FuncDef *fd = funcValue(c->callee, f->scope))
        if (auto v = callFunc(c, fd, 0))
          e = literal(c->loc, *v);
    return true;
  }
  llvm::SmallVector<Expr **, 4> slots;
  childSlots(e, [&](Expr *&c) { slots.push_back(&c); });
  for (Expr **c : slots)
    if (!subst(*c, report))
      return false;
  // A number in a container constant (SIZES[-1]) is a literal here, so that
  // arithmetic on it folds; other elements (funcs) are looked up later.
  Scope *scope = f->scope;
  if (Expr *elt = llvm::isa<SubscriptExpr>(e) ? element(e, scope) : nullptr)
    if (auto v = evalIn(elt, scope))
      e = literal(e->loc, *v);
  return true;
}

/// The compile-time value of a kernel expression (a condition, a range
/// bound, the value of an assignment), or nullopt. `e` is not changed.
std::optional<ConstValue> StaticExpander::tryEval(Expr *e) {
  bool pure = walkExpr(e, [&](Expr *x) {
    auto *n = llvm::dyn_cast<NameExpr>(x);
    // (a tuple or vector whose length is known may stand in len(); subst
    // fails on any other use of it)
    return !(n && isKernelVar(n->name) && !consts.count(n->name) && !tupleLength(n->name) &&
             !lenTypes.count(n->name)) &&
           !isStaticCall(x);
  });
  if (!pure)
    return std::nullopt;
  Expr *copy = cloneExpr(mod, e);
  if (!subst(copy, false))
    return std::nullopt;
  return eval(copy);
}

std::optional<ConstValue> StaticExpander::eval(Expr *e) {
  auto mkB = [](bool b) {
    ConstValue v{ConstValue::Bool};
    v.b = b;
    return v;
  };
  switch (e->kind) {
  case ExprKind::Compare:
    return evalCompare(llvm::cast<CompareExpr>(e));
  case ExprKind::BoolOp: {
    // Python: `a and b` is a if a is false, else b (`or` the other way).
    auto *b = llvm::cast<BoolOpExpr>(e);
    std::optional<ConstValue> v;
    for (Expr *o : b->operands) {
      v = eval(o);
      if (!v || truthy(*v) != b->isAnd)
        return v;
    }
    return v;
  }
  case ExprKind::Unary:
    if (auto *u = llvm::cast<UnaryExpr>(e); u->op == UnOp::Not) {
      auto v = eval(u->operand);
      return v ? std::optional(mkB(!truthy(*v))) : std::nullopt;
    }
    break;
  case ExprKind::IfExp: {
    auto *i = llvm::cast<IfExpExpr>(e);
    auto c = eval(i->cond);
    return c ? eval(truthy(*c) ? i->thenExpr : i->elseExpr) : std::nullopt;
  }
  case ExprKind::Subscript: {
    Scope *scope = f->scope;
    if (Expr *elt = element(e, scope))
      return evalIn(elt, scope);
    return std::nullopt;
  }
  default:
    break;
  }
  return s.evalConst(e);
}

/// evalConst of an expression that stands in another scope (a tuple element).
std::optional<ConstValue> StaticExpander::evalIn(Expr *e, Scope *scope) {
  FuncDef ctx;
  ctx.scope = scope;
  FuncDef *saved = s.fn;
  s.fn = &ctx;
  auto v = s.evalConst(e);
  s.fn = saved;
  return v;
}

/// The text of a plain string literal, or of a constant naming one
/// (`mode = "fast"`): wp.static compares strings with == and !=.
static std::optional<std::string> stringValue(Expr *e, Scope *scope, unsigned depth = 0) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    const Symbol *sym = scope->lookup(n->name);
    if (!sym || sym->kind != Symbol::Const || depth > 16)
      return std::nullopt;
    return stringValue(sym->constDef->value, sym->constDef->scope, depth + 1);
  }
  auto *u = llvm::dyn_cast<UnsupportedExpr>(e);
  StringRef raw = u ? StringRef(u->raw) : StringRef();
  if (raw.size() < 2 || (raw[0] != '"' && raw[0] != '\'') || raw.back() != raw[0] ||
      raw.contains('\\'))
    return std::nullopt;
  StringRef body = raw.drop_front().drop_back();
  if (body.contains(raw[0])) // "a" "b", ''' ... ''': not one plain literal
    return std::nullopt;
  return body.str();
}

std::optional<ConstValue> StaticExpander::evalCompare(CompareExpr *c) {
  // `x in {2, 3, 5}`, `x not in (0, 1)`: Python's == against each item.
  if (c->ops.size() == 1 && (c->ops[0] == CmpOp::In || c->ops[0] == CmpOp::NotIn)) {
    auto x = eval(c->operands[0]);
    auto items = containerValues(c->operands[1]);
    if (!x || !items)
      return std::nullopt;
    auto num = [](const ConstValue &v) {
      return v.kind == ConstValue::Float ? v.f : v.kind == ConstValue::Int ? (double)v.i : v.b;
    };
    auto ival = [](const ConstValue &v) { return v.kind == ConstValue::Int ? v.i : (int64_t)v.b; };
    bool found = llvm::any_of(*items, [&](const ConstValue &it) {
      if (x->kind != ConstValue::Float && it.kind != ConstValue::Float)
        return ival(*x) == ival(it);
      return num(*x) == num(it);
    });
    ConstValue v{ConstValue::Bool};
    v.b = found == (c->ops[0] == CmpOp::In);
    return v;
  }
  if (c->ops.size() == 1 && (c->ops[0] == CmpOp::Eq || c->ops[0] == CmpOp::Ne)) {
    auto l = stringValue(c->operands[0], f->scope), r = stringValue(c->operands[1], f->scope);
    if (l && r) {
      ConstValue v{ConstValue::Bool};
      v.b = (*l == *r) == (c->ops[0] == CmpOp::Eq);
      return v;
    }
  }
  auto num = [](const ConstValue &v) {
    return v.kind == ConstValue::Float ? v.f : v.kind == ConstValue::Int ? (double)v.i : v.b;
  };
  auto lhs = eval(c->operands[0]);
  bool result = true;
  for (size_t k = 0; lhs && k < c->ops.size(); ++k) {
    auto rhs = eval(c->operands[k + 1]);
    if (!rhs)
      return std::nullopt;
    bool ints = lhs->kind != ConstValue::Float && rhs->kind != ConstValue::Float;
    int64_t li = lhs->kind == ConstValue::Int ? lhs->i : lhs->b;
    int64_t ri = rhs->kind == ConstValue::Int ? rhs->i : rhs->b;
    double lf = num(*lhs), rf = num(*rhs);
    switch (c->ops[k]) {
    case CmpOp::Lt:
      result &= ints ? li < ri : lf < rf;
      break;
    case CmpOp::Le:
      result &= ints ? li <= ri : lf <= rf;
      break;
    case CmpOp::Gt:
      result &= ints ? li > ri : lf > rf;
      break;
    case CmpOp::Ge:
      result &= ints ? li >= ri : lf >= rf;
      break;
    case CmpOp::Eq:
      result &= ints ? li == ri : lf == rf;
      break;
    case CmpOp::Ne:
      result &= ints ? li != ri : lf != rf;
      break;
    default:
      return std::nullopt;
    }
    lhs = rhs;
  }
  if (!lhs)
    return std::nullopt;
  ConstValue v{ConstValue::Bool};
  v.b = result;
  return v;
}

/// The items of a tuple or list literal (`OPS = (f, g)`, `[1, 2, 3]`).
static std::optional<llvm::ArrayRef<Expr *>> sequenceItems(Expr *value) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(value))
    return llvm::ArrayRef<Expr *>(t->elts);
  // An empty list keeps no items, like a skipped comprehension: not known.
  if (auto *u = llvm::dyn_cast<UnsupportedExpr>(value); u && !u->isSet && !u->listItems.empty())
    return llvm::ArrayRef<Expr *>(u->listItems);
  return std::nullopt;
}

/// The constant a name stands for (null if it is not one).
static ConstDef *constOf(Expr *e, Scope *scope) {
  auto *n = llvm::dyn_cast_or_null<NameExpr>(e);
  const Symbol *sym = n ? scope->lookup(n->name) : nullptr;
  return sym && sym->kind == Symbol::Const ? sym->constDef : nullptr;
}

/// len() of a tuple, list or dict constant.
std::optional<int64_t> StaticExpander::containerLength(Expr *e) {
  ConstDef *c = constOf(e, f->scope);
  if (!c)
    return std::nullopt;
  if (auto items = sequenceItems(c->value))
    return (int64_t)items->size();
  if (auto *u = llvm::dyn_cast<UnsupportedExpr>(c->value); u && !u->dictItems.empty())
    return (int64_t)u->dictItems.size();
  if (auto *u = llvm::dyn_cast<UnsupportedExpr>(c->value); u && u->isSet) {
    // A set of distinct numbers (duplicates would need Python's hashing).
    auto items = containerValues(e);
    for (size_t a = 0; items && a < items->size(); ++a)
      for (size_t b = 0; b < a; ++b)
        if ((*items)[a].kind == (*items)[b].kind && (*items)[a].i == (*items)[b].i &&
            (*items)[a].f == (*items)[b].f && (*items)[a].b == (*items)[b].b)
          return std::nullopt;
    return items ? std::optional<int64_t>(items->size()) : std::nullopt;
  }
  return std::nullopt;
}

/// `C[k]` of a tuple or list constant C with a constant index k, or of a
/// dict constant with a constant number or string key: the element, whose
/// scope (C's) is put in `scope`.
Expr *StaticExpander::element(Expr *e, Scope *&scope) {
  auto *sub = llvm::dyn_cast<SubscriptExpr>(e);
  ConstDef *c = sub && sub->indices.size() == 1 ? constOf(sub->base, scope) : nullptr;
  if (!c)
    return nullptr;
  Expr *key = sub->indices[0];
  Expr *found = nullptr;
  if (auto items = sequenceItems(c->value)) {
    auto idx = eval(key);
    if (!idx || idx->kind != ConstValue::Int)
      return nullptr;
    int64_t i = idx->i < 0 ? idx->i + (int64_t)items->size() : idx->i;
    if (i >= 0 && i < (int64_t)items->size())
      found = (*items)[i];
  } else if (auto *u = llvm::dyn_cast<UnsupportedExpr>(c->value)) {
    auto skey = stringValue(key, f->scope);
    auto ikey = skey ? std::nullopt : eval(key);
    for (auto &[k, v] : u->dictItems) {
      auto sk = stringValue(k, c->scope);
      auto ik = sk ? std::nullopt : evalIn(k, c->scope);
      if ((skey && sk && *skey == *sk) || (ikey && ik && ikey->kind == ConstValue::Int &&
                                           ik->kind == ConstValue::Int && ikey->i == ik->i))
        found = v;
    }
  }
  if (found)
    scope = c->scope;
  return found;
}

/// The @wp.func an expression names: a func, an alias of one, or an
/// element of a tuple constant of funcs.
FuncDef *StaticExpander::funcValue(Expr *e, Scope *scope, unsigned depth) {
  if (depth > 16)
    return nullptr;
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    FuncDef *fd = s.aliasedFunc(scope->lookup(n->name));
    return fd && !fd->isKernel ? fd : nullptr;
  }
  Scope *inner = scope;
  if (Expr *elt = element(e, inner))
    return funcValue(elt, inner, depth + 1);
  return nullptr;
}

Expr *StaticExpander::literal(SMLoc loc, const ConstValue &v) {
  switch (v.kind) {
  case ConstValue::Bool:
    return mod.make<BoolExpr>(loc, v.b);
  case ConstValue::Int:
    if (v.i < 0)
      return mod.make<UnaryExpr>(loc, UnOp::Neg, mod.make<IntExpr>(loc, 0 - (uint64_t)v.i, false));
    return mod.make<IntExpr>(loc, (uint64_t)v.i, false);
  case ConstValue::Float:
    if (std::signbit(v.f))
      return mod.make<UnaryExpr>(loc, UnOp::Neg, mod.make<FloatExpr>(loc, -v.f));
    return mod.make<FloatExpr>(loc, v.f);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// @wp.func calls in wp.static
//===----------------------------------------------------------------------===//

/// The numbers of a tuple, list or set literal, or of a constant naming one
/// (the right side of `in`).
std::optional<llvm::SmallVector<ConstValue, 8>> StaticExpander::containerValues(Expr *e) {
  Scope *scope = f->scope;
  Expr *value = e;
  if (ConstDef *c = constOf(e, scope)) {
    value = c->value;
    scope = c->scope;
  }
  llvm::ArrayRef<Expr *> items;
  if (auto *t = llvm::dyn_cast<TupleExpr>(value))
    items = t->elts;
  else if (auto *u = llvm::dyn_cast<UnsupportedExpr>(value);
           u && (u->isSet || !u->listItems.empty()))
    items = u->listItems;
  else
    return std::nullopt;
  llvm::SmallVector<ConstValue, 8> out;
  for (Expr *item : items) {
    auto v = scope == f->scope ? eval(item) : evalIn(item, scope);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

/// Warp calls a @wp.func used in wp.static as the Python function it is.
/// kdsl runs bodies of assignments, `return`, `if`, `pass` and loops over
/// constant ranges on numbers and bools (wp.static inside is the identity, as
/// in Python); the arguments are evaluated in the caller's scope. nullopt
/// (and funcWhy) when the body does something else.
std::optional<ConstValue> StaticExpander::callFunc(CallExpr *c, FuncDef *fd, unsigned depth) {
  auto fail = [&](const llvm::Twine &why) -> std::optional<ConstValue> {
    if (funcWhy.empty())
      funcWhy = ("it calls @wp.func '" + fd->name + "', " + why).str();
    return std::nullopt;
  };
  if (depth > 32)
    return fail("recursively, deeper than kdsl evaluates at compile time (32 calls)");
  if (c->args.size() > fd->params.size())
    return fail("with more arguments than it has parameters");
  llvm::StringMap<ConstValue> env;
  for (size_t k = 0; k < c->args.size(); ++k) {
    auto v = eval(c->args[k]);
    if (!v)
      return fail("with an argument that is not a number or bool; kdsl runs @wp.func code at "
                  "compile time on numbers and bools (other values are computed when the kernel "
                  "runs)");
    env[fd->params[k].name] = *v;
  }
  for (Keyword &kw : c->kwargs) {
    auto v = eval(kw.value);
    if (!v)
      return fail("with an argument that is not a number or bool; kdsl runs @wp.func code at "
                  "compile time on numbers and bools (other values are computed when the kernel "
                  "runs)");
    env[kw.name] = *v;
  }
  // Evaluate in the func's scope (its names, not the kernel's).
  FuncDef ctx;
  ctx.scope = fd->scope;
  ctx.name = fd->name;
  FuncDef *savedF = f, *savedFn = s.fn;
  f = &ctx;
  s.fn = &ctx;
  llvm::scope_exit restore([&] {
    f = savedF;
    s.fn = savedFn;
  });
  for (const Param &p : fd->params) {
    if (env.count(p.name))
      continue;
    auto v = p.defaultValue ? eval(p.defaultValue) : std::nullopt;
    if (!v)
      return fail("without a value for its parameter '" + p.name + "'");
    env[p.name] = *v;
  }
  std::optional<ConstValue> ret;
  unsigned steps = 0;
  if (!runBody(fd->body, env, ret, depth, steps))
    return fail("whose body kdsl cannot run at compile time (it runs assignments, return, if "
                "and constant range loops on numbers and bools)");
  if (!ret)
    return fail("which returns no value");
  return ret;
}

bool StaticExpander::runBody(const Body &b, llvm::StringMap<ConstValue> &env,
                             std::optional<ConstValue> &ret, unsigned depth, unsigned &steps) {
  for (Stmt *st : b) {
    if (ret)
      return true;
    if (++steps > 100000)
      return false;
    switch (st->kind) {
    case StmtKind::Pass:
      continue;
    case StmtKind::Expr:
      if (llvm::cast<ExprStmt>(st)->isDocstring)
        continue;
      return false;
    case StmtKind::Assign: {
      auto *a = llvm::cast<AssignStmt>(st);
      auto *n = a->targets.size() == 1 ? llvm::dyn_cast<NameExpr>(a->targets[0]) : nullptr;
      auto v = n ? evalInFunc(a->value, env, depth) : std::nullopt;
      if (!v)
        return false;
      env[n->name] = *v;
      continue;
    }
    case StmtKind::AnnAssign: {
      auto *a = llvm::cast<AnnAssignStmt>(st);
      auto *n = llvm::dyn_cast<NameExpr>(a->target);
      auto v = n && a->value ? evalInFunc(a->value, env, depth) : std::nullopt;
      if (!v)
        return false;
      env[n->name] = *v;
      continue;
    }
    case StmtKind::AugAssign: {
      auto *a = llvm::cast<AugAssignStmt>(st);
      auto *n = llvm::dyn_cast<NameExpr>(a->target);
      if (!n || !env.count(n->name))
        return false;
      Expr *lhs = literal(a->loc, env[n->name]);
      auto v = evalInFunc(mod.make<BinaryExpr>(a->loc, a->op, lhs, a->value, a->loc), env, depth);
      if (!v)
        return false;
      env[n->name] = *v;
      continue;
    }
    case StmtKind::Return: {
      auto *r = llvm::cast<ReturnStmt>(st);
      if (!r->value)
        return false;
      ret = evalInFunc(r->value, env, depth);
      return ret.has_value();
    }
    case StmtKind::If: {
      auto *i = llvm::cast<IfStmt>(st);
      auto c = evalInFunc(i->cond, env, depth);
      if (!c || !runBody(truthy(*c) ? i->thenBody : i->elseBody, env, ret, depth, steps))
        return false;
      continue;
    }
    case StmtKind::For: {
      auto *fs = llvm::cast<ForStmt>(st);
      auto *target = llvm::dyn_cast<NameExpr>(fs->target);
      auto *range = llvm::dyn_cast<CallExpr>(fs->iter);
      auto *rn = range ? llvm::dyn_cast<NameExpr>(range->callee) : nullptr;
      if (!target || !rn || rn->name != "range" || range->args.empty() || range->args.size() > 3 ||
          !range->kwargs.empty() || fs->hasElse || containsBreak(fs->body))
        return false;
      llvm::SmallVector<int64_t, 3> args;
      for (Expr *a : range->args) {
        auto v = evalInFunc(a, env, depth);
        if (!v || v->kind != ConstValue::Int)
          return false;
        args.push_back(v->i);
      }
      int64_t n = rangeCount(args);
      int64_t start = args.size() > 1 ? args[0] : 0, step = args.size() > 2 ? args[2] : 1;
      if (step == 0)
        return false;
      for (int64_t k = 0; k < n && !ret; ++k) {
        ConstValue cv{ConstValue::Int};
        cv.i = start + k * step;
        env[target->name] = cv;
        if (!runBody(fs->body, env, ret, depth, steps))
          return false;
      }
      continue;
    }
    default:
      return false;
    }
  }
  return true;
}

/// The value of an expression of the func being run: its locals from `env`.
std::optional<ConstValue> StaticExpander::evalInFunc(Expr *e, llvm::StringMap<ConstValue> &env,
                                                     unsigned depth) {
  Expr *copy = cloneExpr(mod, e);
  if (!foldIn(copy, env, depth))
    return std::nullopt;
  auto v = eval(copy);
  if (!v && funcRaise.empty())
    walkExpr(copy, [&](Expr *x) {
      auto *b = llvm::dyn_cast<BinaryExpr>(x);
      if (b && (b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod))
        if (auto r = eval(b->rhs); r && !truthy(*r))
          funcRaise = ("division by zero in @wp.func '" + f->name + "'").str();
      return funcRaise.empty();
    });
  return v;
}

/// Replaces the func's locals by their values, wp.static(x) by x and the
/// calls of @wp.func and len() of constants by their values.
bool StaticExpander::foldIn(Expr *&e, llvm::StringMap<ConstValue> &env, unsigned depth) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    if (auto it = env.find(n->name); it != env.end())
      e = literal(n->loc, it->second);
    return true;
  }
  if (isStaticCall(e)) {
    auto *c = llvm::cast<CallExpr>(e);
    if (c->args.size() != 1 || !c->kwargs.empty())
      return false;
    e = c->args[0];
    return foldIn(e, env, depth);
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
    for (Expr *&a : c->args)
      if (!foldIn(a, env, depth))
        return false;
    for (Keyword &kw : c->kwargs)
      if (!foldIn(kw.value, env, depth))
        return false;
    auto *callee = llvm::dyn_cast<NameExpr>(c->callee);
    if (callee && env.count(callee->name))
      return false;
    if (callee && callee->name == "len" && c->args.size() == 1) {
      auto len = containerLength(c->args[0]);
      if (!len)
        return false;
      ConstValue v{ConstValue::Int};
      v.i = *len;
      e = literal(c->loc, v);
      return true;
    }
    if (FuncDef *fd = funcValue(c->callee, f->scope)) {
      auto v = callFunc(c, fd, depth + 1);
      if (!v)
        return false;
      e = literal(c->loc, *v);
    }
    return true;
  }
  llvm::SmallVector<Expr **, 4> slots;
  childSlots(e, [&](Expr *&c) { slots.push_back(&c); });
  for (Expr **c : slots)
    if (!foldIn(*c, env, depth))
      return false;
  return true;
}

/// Whether a wp.static argument (its kernel variables already replaced or
/// reported) can be computed when the kernel runs with the value Warp gives
/// it: no name only host code knows, no division by a zero constant.
bool StaticExpander::runtimeClosed(Expr *e) {
  return walkExpr(e, [&](Expr *x) {
    if (auto *n = llvm::dyn_cast<NameExpr>(x)) {
      const Symbol *sym = f->scope->lookup(n->name);
      if (isKernelVar(n->name) || (sym && sym->kind == Symbol::Other))
        return false;
    }
    if (auto *b = llvm::dyn_cast<BinaryExpr>(x))
      if (b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod)
        if (auto r = eval(b->rhs); r && !truthy(*r))
          return false;
    return !llvm::isa<UnsupportedExpr>(x);
  });
}

//===----------------------------------------------------------------------===//
// Sema entry points
//===----------------------------------------------------------------------===//

bool Sema::expandStatics(FuncDef *f) { return StaticExpander(*this, f).run(); }

FuncDef *Sema::aliasedFunc(const Symbol *s, unsigned depth) {
  if (!s || depth > 16)
    return nullptr;
  if (s->kind == Symbol::Func)
    return s->func;
  if (s->kind != Symbol::Const)
    return nullptr;
  auto *n = llvm::dyn_cast_or_null<NameExpr>(s->constDef->value);
  return n ? aliasedFunc(s->constDef->scope->lookup(n->name), depth + 1) : nullptr;
}

bool Sema::reportHostName(NameExpr *n, const Symbol *s) {
  if (s && s->kind == Symbol::Other && s->hostNote.empty() && !s->missingModule.empty()) {
    // An import of a module kdsl did not find (Imports.cpp).
    if (isStdlibModule(s->missingModule)) {
      error(n->loc,
            "'" + n->name + "' is " +
                (s->missingName.empty() ? "Python's standard library module '"
                                        : "imported from Python's standard library module '") +
                s->missingModule + "', which kernel code cannot use here");
      return true;
    }
    std::string path = s->missingModule.str();
    std::replace(path.begin(), path.end(), '.', '/');
    std::string where = "kdsl looks for " + path + ".py or " + path +
                        "/__init__.py in the importing file's directory, its ancestors and the "
                        "directories given with -I, and kernel code can only use the @wp.func, "
                        "@wp.struct and constant definitions of modules it reads";
    if (s->missingName.empty())
      error(n->loc, "cannot find module '" + s->missingModule + "' (imported as '" + n->name +
                        "'): " + where);
    else
      error(n->loc, "'" + n->name + "' is imported from module '" + s->missingModule +
                        "', which kdsl cannot find: " + where);
    return true;
  }
  if (!s || s->kind != Symbol::Other || s->hostNote.empty())
    return false;
  error(n->loc, "'" + n->name + "' is " + s->hostNote +
                    ": kernel code can only use values known from the source (literals, "
                    "constants, @wp.func and @wp.struct definitions), and kdsl does not run "
                    "the Python code that would give '" +
                    n->name + "' its value");
  return true;
}

std::optional<double> Sema::hostModuleConstant(AttributeExpr *a, Scope *scope) {
  auto *base = llvm::dyn_cast<NameExpr>(a->base);
  const Symbol *s = base ? scope->lookup(base->name) : nullptr;
  if (!s || (s->hostModule != "math" && s->hostModule != "numpy"))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<double>>(a->attr)
      .Case("pi", M_PI)
      .Case("e", M_E)
      .Case("tau", 2 * M_PI)
      .Case("inf", INFINITY)
      .Case("nan", NAN)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

/// The length of a tuple parameter or of a local bound once to a tuple.
std::optional<int64_t> StaticExpander::tupleLength(StringRef name) {
  if (auto it = tupleLens.find(name); it != tupleLens.end())
    return it->second;
  if (auto it = lenTypes.find(name); it != lenTypes.end() && it->second->kind == Type::Tuple)
    return (int64_t)it->second->elems.size();
  return std::nullopt;
}

/// Whether `body` indexes a tuple (parameter or local) with `var`.
bool StaticExpander::indexesTuple(const Body &body, StringRef var) {
  return !walkBody(body, [&](Expr *e) {
    auto *sub = llvm::dyn_cast<SubscriptExpr>(e);
    auto *base = sub ? llvm::dyn_cast<NameExpr>(sub->base) : nullptr;
    return !(base && tupleLength(base->name) &&
             llvm::any_of(sub->indices, [&](Expr *i) { return mentions(i, var); }));
  });
}

/// In a copy of an unrolled loop body, the loop variable `var` as a tuple's
/// index becomes its value (Warp's loop variable is a constant there).
void StaticExpander::constantTupleIndices(Body &body, StringRef var, const ConstValue &v) {
  walkBody(body, [&](Expr *e) {
    auto *sub = llvm::dyn_cast<SubscriptExpr>(e);
    auto *base = sub ? llvm::dyn_cast<NameExpr>(sub->base) : nullptr;
    if (base && tupleLength(base->name))
      for (Expr *&i : sub->indices)
        if (auto *n = llvm::dyn_cast<NameExpr>(i); n && n->name == var)
          i = literal(n->loc, v);
    return true;
  });
}
