//===- Realism.cpp - liveness and dependence of generated kernels ---------===//
//
// See include/kdsl/Synth/Generator/Realism.h. The analysis works on the AST that
// kdsl's parser builds and Sema annotates (types, locals, builtin ids).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Generator/Realism.h"

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Frontend/CheckedModule.h"
#include "kdsl/Frontend/Diagnostics.h"
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/Sema.h"
#include "kdsl/Frontend/Types.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::StringRef;

namespace {

//===----------------------------------------------------------------------===//
// Printing (for same-operand checks) and small helpers
//===----------------------------------------------------------------------===//

std::string print(const Expr *e);

std::string printList(llvm::ArrayRef<Expr *> es) {
  std::string s;
  for (const Expr *e : es)
    s += (s.empty() ? "" : ", ") + print(e);
  return s;
}

std::string print(const Expr *e) {
  if (!e)
    return "";
  switch (e->kind) {
  case ExprKind::Int:
    return std::to_string(cast<IntExpr>(e)->value);
  case ExprKind::Float: {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::format("%g", cast<FloatExpr>(e)->value);
    return s;
  }
  case ExprKind::Bool:
    return cast<BoolExpr>(e)->value ? "True" : "False";
  case ExprKind::Name:
    return cast<NameExpr>(e)->name.str();
  case ExprKind::Attribute: {
    auto *a = cast<AttributeExpr>(e);
    return print(a->base) + "." + a->attr.str();
  }
  case ExprKind::Subscript: {
    auto *s = cast<SubscriptExpr>(e);
    return print(s->base) + "[" + printList(s->indices) + "]";
  }
  case ExprKind::Call: {
    auto *c = cast<CallExpr>(e);
    std::string s = print(c->callee) + "(" + printList(c->args);
    for (const Keyword &k : c->kwargs)
      s += (c->args.empty() && &k == &c->kwargs.front() ? "" : ", ") + k.name.str() + "=" +
           print(k.value);
    return s + ")";
  }
  case ExprKind::Binary: {
    auto *b = cast<BinaryExpr>(e);
    return "(" + print(b->lhs) + " " + spell(b->op) + " " + print(b->rhs) + ")";
  }
  case ExprKind::Unary: {
    auto *u = cast<UnaryExpr>(e);
    return std::string("(") + spell(u->op) + (u->op == UnOp::Not ? " " : "") + print(u->operand) +
           ")";
  }
  case ExprKind::Compare: {
    auto *c = cast<CompareExpr>(e);
    std::string s = print(c->operands[0]);
    for (size_t k = 0; k < c->ops.size(); ++k)
      s += std::string(" ") + spell(c->ops[k]) + " " + print(c->operands[k + 1]);
    return "(" + s + ")";
  }
  case ExprKind::BoolOp: {
    auto *b = cast<BoolOpExpr>(e);
    std::string s;
    for (const Expr *o : b->operands)
      s += (s.empty() ? "" : b->isAnd ? " and " : " or ") + print(o);
    return "(" + s + ")";
  }
  case ExprKind::IfExp: {
    auto *i = cast<IfExpExpr>(e);
    return "(" + print(i->thenExpr) + " if " + print(i->cond) + " else " + print(i->elseExpr) + ")";
  }
  case ExprKind::Tuple:
    return "(" + printList(cast<TupleExpr>(e)->elts) + ")";
  case ExprKind::Unsupported:
    return "<?>";
  }
  return "";
}

std::optional<Builtin> builtinOf(const Expr *e) {
  auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
  if (!c || c->ckind != CallKind::Builtin || c->builtin < 0)
    return std::nullopt;
  return Builtin(c->builtin);
}

/// Scalar math: the table's Math category (BuiltinTable.def).
bool isMathBuiltin(Builtin b) { return builtinInfo(b).category == BuiltinCategory::Math; }

/// Builtins whose result has no derivative with respect to their arguments:
/// the table's derivative None or Zero.
bool isNonDifferentiable(Builtin b) { return builtinInfo(b).hasNoGradient(); }

/// Warp's random-number and noise builtins (kdsl's prelude implements them
/// as funcs: lib/Frontend/Prelude/random.py), by the name called.
bool isRandomBuiltin(StringRef callee) {
  StringRef name = callee.rsplit('.').second.empty() ? callee : callee.rsplit('.').second;
  return name.starts_with("rand") || name.starts_with("sample_") || name == "poisson" ||
         name == "noise" || name == "pnoise" || name == "curlnoise";
}

/// The queries of host-built structures (the geometry category): hash grid,
/// mesh, BVH and volume builtins (lib/Frontend/Prelude).
bool isGeometryBuiltin(StringRef callee) {
  StringRef name = callee.rsplit('.').second.empty() ? callee : callee.rsplit('.').second;
  return name.starts_with("hash_grid_") || name.starts_with("mesh_") || name.starts_with("bvh_") ||
         name.starts_with("volume_");
}

/// Transforms and spatial vectors/matrices: transform_*, spatial_* and the
/// transform constructors (not the generic vector/matrix constructors): the
/// table's Spatial category.
bool isSpatialBuiltin(Builtin b) { return builtinInfo(b).category == BuiltinCategory::Spatial; }

/// Argument positions that must differ for the operation to mean anything.
std::optional<std::pair<unsigned, unsigned>> sameOperandPair(Builtin b) {
  switch (b) {
  case Builtin::Min:
  case Builtin::Max:
  case Builtin::Lerp:
  case Builtin::Cross:
  case Builtin::CwDiv:
  case Builtin::Atan2:
  case Builtin::ExpectEq:
  case Builtin::ExpectNeq:
  case Builtin::ExpectNear:
    return std::make_pair(0u, 1u);
  case Builtin::Where:
  case Builtin::Select:
  case Builtin::Clamp:
    return std::make_pair(1u, 2u);
  default:
    return std::nullopt;
  }
}

std::string foldDigits(StringRef name) {
  std::string s;
  for (size_t k = 0; k < name.size(); ++k) {
    if (isdigit((unsigned char)name[k])) {
      if (s.empty() || s.back() != '#')
        s += '#';
    } else {
      s += name[k];
    }
  }
  return s;
}

/// The tile builtins that write an array (as a statement).
bool isTileWrite(Builtin b) {
  return b == Builtin::TileStore || b == Builtin::TileAtomicAdd || b == Builtin::TileStoreIndexed ||
         b == Builtin::TileAtomicAddIndexed;
}

/// A call's argument at `position` as written, or the keyword `name`.
const Expr *writtenArg(const CallExpr *c, size_t position, StringRef name) {
  if (position < c->args.size())
    return c->args[position];
  for (const Keyword &k : c->kwargs)
    if (k.name == name)
      return k.value;
  return nullptr;
}

/// The local or parameter a store target is rooted at, and whether the
/// chain goes through an array element (a store to memory).
const NameExpr *rootOf(const Expr *e, bool &throughArray, std::vector<const Expr *> &indices) {
  for (;;) {
    if (auto *n = dyn_cast<NameExpr>(e))
      return n;
    if (auto *a = dyn_cast<AttributeExpr>(e)) {
      e = a->base;
      continue;
    }
    if (auto *s = dyn_cast<SubscriptExpr>(e)) {
      if (s->base->type && s->base->type->isArray())
        throughArray = true;
      for (const Expr *i : s->indices)
        indices.push_back(i);
      e = s->base;
      continue;
    }
    return nullptr;
  }
}

bool containsJump(const Body &b) {
  for (const Stmt *s : b) {
    switch (s->kind) {
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Return:
      return true;
    case StmtKind::If: {
      auto *i = cast<IfStmt>(s);
      if (containsJump(i->thenBody) || containsJump(i->elseBody))
        return true;
      break;
    }
    case StmtKind::For:
      if (containsJump(cast<ForStmt>(s)->body))
        return true;
      break;
    case StmtKind::While:
      if (containsJump(cast<WhileStmt>(s)->body))
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The analysis of one module
//===----------------------------------------------------------------------===//

using Deps = std::set<std::string>;
using Env = std::map<std::string, Deps>;

Deps nondiff(Deps d) {
  for (auto it = d.begin(); it != d.end();)
    it = StringRef(*it).starts_with("g:") ? d.erase(it) : std::next(it);
  return d;
}
void join(Deps &into, const Deps &d) { into.insert(d.begin(), d.end()); }
void joinEnv(Env &into, const Env &e) {
  for (auto &[k, v] : e)
    join(into[k], v);
}

struct FuncSummary {
  std::vector<bool> reaches, grad;
  Deps tags; // f:* and tid
};

class Analyzer {
public:
  explicit Analyzer(RealismFacts &facts) : facts(facts) {}

  void run(ModuleAST &mod, const std::vector<FuncDef *> &funcs);

private:
  RealismFacts &facts;
  std::map<const FuncDef *, FuncSummary> summaries;
  /// Funcs of kdsl's prelude (builtins written in the Warp language): they
  /// get summaries but are not the program's code (no liveness, skeleton or
  /// identifiers).
  std::set<const FuncDef *> prelude;

  // Forward dependence state of the function being analysed.
  Env env;
  Deps outDeps, retDeps;
  bool inKernel = false;
  int loopDepth = 0;
  std::set<const IfStmt *> multiChain; // the elif parts of if/elif chains

  Deps eval(const Expr *e);
  Deps fwdBody(const Body &b, Deps pc, bool multi = false);
  Deps fwdStmt(const Stmt *s, const Deps &pc);
  /// A for or while loop: its body to a fixpoint.
  Deps fwdLoop(const Stmt *s, const Deps &pc);
  /// `target = value` (or `target op= value` when `aug`): a local gets the
  /// value's dependences, an array element is a store.
  void assignTo(const Expr *target, const Deps &value, bool aug, bool atomicAug);
  void store(const NameExpr *array, const Deps &value, const Deps &index, bool atomic);

  // Liveness.
  using Live = std::set<std::string>;
  struct LoopLive {
    Live brk, cont;
  };
  std::map<const Stmt *, std::string> deadMark; // last verdict per assignment ("" live)
  std::set<const Stmt *> counted;
  Live liveBody(const Body &b, Live after, const LoopLive *loop);
  Live liveStmt(const Stmt *s, Live after, const LoopLive *loop);
  static void uses(const Expr *e, Live &into);

  // Syntax: skeleton, identifiers, builtins, same operands, idioms.
  void syntaxExpr(const Expr *e);
  std::string skeletonBody(const Body &b);
  void identifiersOf(FuncDef *f);
  unsigned lineOf(llvm::SMLoc loc) const;

public:
  llvm::SourceMgr *sm = nullptr;
};

unsigned Analyzer::lineOf(llvm::SMLoc loc) const {
  return sm && loc.isValid() ? sm->getLineAndColumn(loc).first : 0;
}

Deps Analyzer::eval(const Expr *e) {
  Deps d;
  if (!e)
    return d;
  switch (e->kind) {
  case ExprKind::Int:
  case ExprKind::Float:
  case ExprKind::Bool:
  case ExprKind::Unsupported:
    break;
  case ExprKind::Name: {
    auto *n = cast<NameExpr>(e);
    if (n->ref == RefKind::Local) {
      auto it = env.find(n->name.str());
      if (it != env.end())
        d = it->second;
    }
    break;
  }
  case ExprKind::Attribute: {
    auto *a = cast<AttributeExpr>(e);
    d = eval(a->base);
    if (a->akind == AttrKind::Shape)
      d = nondiff(d);
    if (a->akind == AttrKind::StructField)
      d.insert("f:struct");
    if (a->akind == AttrKind::WarpConst || a->akind == AttrKind::ModuleConst)
      d.clear();
    break;
  }
  case ExprKind::Subscript: {
    auto *s = cast<SubscriptExpr>(e);
    d = eval(s->base);
    for (const Expr *i : s->indices)
      join(d, nondiff(eval(i)));
    if (s->skind == SubKind::ShapeDim)
      d = nondiff(d);
    if (s->base->type && s->base->type->isArray() && s->indices.size() == 2)
      d.insert("f:array2d");
    break;
  }
  case ExprKind::Call: {
    auto *c = cast<CallExpr>(e);
    const auto &args = c->boundArgs.empty() ? c->args : c->boundArgs;
    if (c->ckind == CallKind::Builtin && c->builtin >= 0) {
      Builtin b = Builtin(c->builtin);
      if (b == Builtin::Tid) {
        d.insert("tid");
      } else if (b == Builtin::ExpectEq || b == Builtin::ExpectNeq || b == Builtin::ExpectNear) {
        // checks: no value
      } else if (b == Builtin::Where || b == Builtin::Select) {
        for (size_t k = 0; k < args.size(); ++k)
          join(d, k == 0 ? nondiff(eval(args[k])) : eval(args[k]));
      } else {
        for (const Expr *a : args)
          join(d, eval(a));
        if (isNonDifferentiable(b))
          d = nondiff(d);
      }
      if (isMathBuiltin(b))
        d.insert("f:math");
      if (b == Builtin::AtomicAdd || b == Builtin::AtomicSub || b == Builtin::AtomicMin ||
          b == Builtin::AtomicMax)
        d.insert("f:atomic");
      if (isSpatialBuiltin(b))
        d.insert("f:spatial");
    } else if (c->ckind == CallKind::Func && c->func && prelude.count(c->func)) {
      // A builtin written in the Warp language (lib/Frontend/Prelude): what
      // reaches its result, as for a func, but its inner features (loops,
      // branches, arithmetic of the generator) are not the program's.
      auto it = summaries.find(c->func);
      for (size_t k = 0; k < args.size(); ++k) {
        Deps a = eval(args[k]);
        if (it == summaries.end() || (k < it->second.reaches.size() && it->second.reaches[k]))
          join(d, it == summaries.end() || it->second.grad[k] ? a : nondiff(a));
      }
      if (isRandomBuiltin(dottedName(c->callee)))
        d.insert("f:random");
      if (isGeometryBuiltin(dottedName(c->callee)))
        d.insert("f:geometry");
    } else if (c->ckind == CallKind::Func && c->func) {
      auto it = summaries.find(c->func);
      for (size_t k = 0; k < args.size(); ++k) {
        Deps a = eval(args[k]);
        if (it == summaries.end()) {
          join(d, a);
        } else if (k < it->second.reaches.size() && it->second.reaches[k]) {
          join(d, it->second.grad[k] ? a : nondiff(a));
        }
      }
      if (it != summaries.end())
        join(d, it->second.tags);
      d.insert("f:func_call");
      // A generic func's instance, or one of several overloads of a name.
      const FuncDef *def = c->func->templateOf ? c->func->templateOf : c->func;
      if (c->func->templateOf || def->previousDef || def->nextDef)
        d.insert("f:generic");
    } else if (c->ckind == CallKind::StructCtor) {
      for (const Expr *a : args)
        join(d, eval(a));
      d.insert("f:struct");
    } else {
      for (const Expr *a : args)
        join(d, eval(a));
      for (const Keyword &k : c->kwargs)
        join(d, eval(k.value));
      if (c->ckind == CallKind::TypeCtor && e->type && !e->type->isFloatScalar() &&
          e->type->kind == Type::Scalar)
        d = nondiff(d); // int(x), bool(x)
    }
    break;
  }
  case ExprKind::Binary: {
    auto *b = cast<BinaryExpr>(e);
    d = eval(b->lhs);
    join(d, eval(b->rhs));
    if (b->op == BinOp::FloorDiv || b->op == BinOp::BitAnd || b->op == BinOp::BitOr ||
        b->op == BinOp::BitXor || b->op == BinOp::Shl || b->op == BinOp::Shr)
      d = nondiff(d);
    if (e->type && e->type->isFloatScalar() &&
        (b->op == BinOp::Add || b->op == BinOp::Sub || b->op == BinOp::Mul || b->op == BinOp::Div))
      d.insert("f:arithmetic");
    if (e->type && e->type->isFloatScalar() && b->op == BinOp::Mod)
      d.insert("f:math");
    break;
  }
  case ExprKind::Unary: {
    auto *u = cast<UnaryExpr>(e);
    d = eval(u->operand);
    if (u->op == UnOp::Not || u->op == UnOp::Invert)
      d = nondiff(d);
    if (u->op == UnOp::Neg && e->type && e->type->isFloatScalar())
      d.insert("f:arithmetic");
    break;
  }
  case ExprKind::Compare:
    for (const Expr *o : cast<CompareExpr>(e)->operands)
      join(d, eval(o));
    d = nondiff(d);
    break;
  case ExprKind::BoolOp:
    for (const Expr *o : cast<BoolOpExpr>(e)->operands)
      join(d, eval(o));
    d = nondiff(d);
    break;
  case ExprKind::IfExp: {
    auto *i = cast<IfExpExpr>(e);
    d = nondiff(eval(i->cond));
    join(d, eval(i->thenExpr));
    join(d, eval(i->elseExpr));
    break;
  }
  case ExprKind::Tuple:
    for (const Expr *o : cast<TupleExpr>(e)->elts)
      join(d, eval(o));
    break;
  }
  if (e->type) {
    switch (e->type->kind) {
    case Type::Vec:
      d.insert("f:vector");
      if (e->type->isTransform())
        d.insert("f:spatial");
      break;
    case Type::Mat:
      d.insert("f:matrix");
      break;
    case Type::Quat:
      d.insert("f:quaternion");
      break;
    case Type::Struct:
      d.insert("f:struct");
      break;
    case Type::Tile:
      d.insert("f:tile");
      break;
    default:
      break;
    }
  }
  return d;
}

void Analyzer::store(const NameExpr *array, const Deps &value, const Deps &index, bool atomic) {
  join(outDeps, value);
  join(outDeps, nondiff(index));
  outDeps.insert("p:" + array->name.str());
  facts.writtenArrays.insert(array->name.str());
  if (atomic) {
    facts.hasAtomic = true;
    outDeps.insert("f:atomic");
  } else {
    facts.hasStore = true;
    if (!value.count("tid"))
      facts.constantStore = true;
  }
}

Deps Analyzer::fwdBody(const Body &b, Deps pc, bool) {
  Deps jumps;
  for (const Stmt *s : b) {
    Deps j = fwdStmt(s, pc);
    join(pc, j);
    join(jumps, j);
  }
  return jumps;
}

void Analyzer::assignTo(const Expr *target, const Deps &value, bool aug, bool atomicAug) {
  if (auto *n = dyn_cast<NameExpr>(target)) {
    Deps &slot = env[n->name.str()];
    if (aug)
      join(slot, value);
    else
      slot = value;
    return;
  }
  if (auto *t = dyn_cast<TupleExpr>(target)) {
    for (const Expr *e : t->elts)
      if (auto *n = dyn_cast<NameExpr>(e))
        env[n->name.str()] = value;
    return;
  }
  bool throughArray = false;
  std::vector<const Expr *> idx;
  const NameExpr *root = rootOf(target, throughArray, idx);
  if (!root)
    return;
  Deps index;
  for (const Expr *i : idx)
    join(index, eval(i));
  if (throughArray) {
    store(root, value, index, atomicAug);
  } else {
    Deps &slot = env[root->name.str()];
    join(slot, value);
    join(slot, nondiff(index));
  }
}

Deps Analyzer::fwdStmt(const Stmt *s, const Deps &pc) {
  switch (s->kind) {
  case StmtKind::Assign: {
    auto *a = cast<AssignStmt>(s);
    Deps v = eval(a->value);
    join(v, pc);
    for (const Expr *t : a->targets)
      assignTo(t, v, false, false);
    return {};
  }
  case StmtKind::AnnAssign: {
    auto *a = cast<AnnAssignStmt>(s);
    if (a->value) {
      Deps v = eval(a->value);
      join(v, pc);
      assignTo(a->target, v, false, false);
    }
    return {};
  }
  case StmtKind::AugAssign: {
    auto *a = cast<AugAssignStmt>(s);
    Deps v = eval(a->value);
    join(v, pc);
    bool throughArray = false;
    std::vector<const Expr *> idx;
    rootOf(a->target, throughArray, idx);
    if (!throughArray)
      join(v, eval(a->target));
    assignTo(a->target, v, true, throughArray);
    return {};
  }
  case StmtKind::Expr: {
    auto *c = dyn_cast<CallExpr>(cast<ExprStmt>(s)->value);
    auto b = builtinOf(c);
    if (c && b &&
        (*b == Builtin::AtomicAdd || *b == Builtin::AtomicSub || *b == Builtin::AtomicMin ||
         *b == Builtin::AtomicMax)) {
      const auto &args = c->boundArgs.empty() ? c->args : c->boundArgs;
      bool throughArray = true;
      std::vector<const Expr *> idx;
      const NameExpr *root = args.empty() ? nullptr : rootOf(args[0], throughArray, idx);
      Deps value = pc, index;
      for (size_t k = 1; k < args.size(); ++k)
        join(k + 1 == args.size() ? value : index, eval(args[k]));
      for (const Expr *i : idx)
        join(index, eval(i));
      if (root)
        store(root, value, index, true);
    } else if (c && b && isTileWrite(*b)) {
      // wp.tile_store(a, t, offset=...) / tile_atomic_add(a, t, ...) and the
      // indexed forms (a, indices, t, ...): a write of t into a. (By the
      // call as written: boundArgs is in the order of the op's operands.)
      bool indexed = *b == Builtin::TileStoreIndexed || *b == Builtin::TileAtomicAddIndexed;
      const Expr *array = writtenArg(c, 0, "a"), *tile = writtenArg(c, indexed ? 2 : 1, "t");
      bool throughArray = true;
      std::vector<const Expr *> idx;
      const NameExpr *root = array ? rootOf(array, throughArray, idx) : nullptr;
      Deps value = pc, index;
      if (tile)
        join(value, eval(tile));
      for (size_t k = 0; k < c->args.size(); ++k)
        if (c->args[k] != array && c->args[k] != tile)
          join(index, eval(c->args[k]));
      for (const Keyword &k : c->kwargs)
        if (k.value != array && k.value != tile)
          join(index, eval(k.value));
      for (const Expr *i : idx)
        join(index, eval(i));
      if (root)
        store(root, value, index,
              *b == Builtin::TileAtomicAdd || *b == Builtin::TileAtomicAddIndexed);
    } else if (c && b && *b == Builtin::TileMatmul) {
      // wp.tile_matmul(a, b, out): out += a b.
      const Expr *x = writtenArg(c, 0, "a"), *y = writtenArg(c, 1, "b"),
                 *out = writtenArg(c, 2, "out");
      if (x && y && out) {
        Deps v = pc;
        join(v, eval(x));
        join(v, eval(y));
        assignTo(out, v, /*aug=*/true, /*atomicAug=*/false);
      }
    }
    return {};
  }
  case StmtKind::Return: {
    auto *r = cast<ReturnStmt>(s);
    join(retDeps, eval(r->value));
    join(retDeps, pc);
    return {};
  }
  case StmtKind::If: {
    auto *i = cast<IfStmt>(s);
    Deps c = nondiff(eval(i->cond));
    Deps inner = pc;
    join(inner, c);
    inner.insert("f:control_flow");
    bool chain = i->elseBody.size() == 1 && isa<IfStmt>(i->elseBody[0]);
    if (chain || multiChain.count(i))
      inner.insert("f:multi_conditional");
    if (chain)
      multiChain.insert(cast<IfStmt>(i->elseBody[0]));
    Env before = env;
    Deps jumps = fwdBody(i->thenBody, inner);
    Env thenEnv = std::move(env);
    env = before;
    join(jumps, fwdBody(i->elseBody, inner));
    joinEnv(env, thenEnv);
    if (containsJump(i->thenBody) || containsJump(i->elseBody))
      join(jumps, c);
    return jumps;
  }
  case StmtKind::For:
  case StmtKind::While:
    return fwdLoop(s, pc);
  default:
    return {};
  }
}

Deps Analyzer::fwdLoop(const Stmt *s, const Deps &pc) {
  Deps bound;
  const Body *body;
  bool dynamic = true;
  const Expr *target = nullptr;
  if (auto *f = dyn_cast<ForStmt>(s)) {
    body = &f->body;
    target = f->target;
    bound = nondiff(eval(f->iter));
    dynamic = !(f->start == nullptr || isa<IntExpr>(f->start)) ||
              !(f->stop == nullptr || isa<IntExpr>(f->stop)) ||
              !(f->step == nullptr || isa<IntExpr>(f->step));
    if (!f->start && !f->stop)
      dynamic = !bound.empty();
  } else {
    auto *w = cast<WhileStmt>(s);
    body = &w->body;
    bound = nondiff(eval(w->cond));
  }
  Deps inner = pc;
  join(inner, bound);
  if (dynamic)
    inner.insert("f:loop_carried");
  ++loopDepth;
  if (loopDepth >= 2)
    inner.insert("f:nested_loop");
  if (target)
    assignTo(target, inner, false, false);
  Deps jumps;
  for (int iter = 0; iter < 64; ++iter) {
    Env before = env;
    Deps bodyInner = inner;
    if (isa<WhileStmt>(s))
      join(bodyInner, nondiff(eval(cast<WhileStmt>(s)->cond)));
    jumps = fwdBody(*body, bodyInner);
    joinEnv(env, before);
    if (env == before)
      break;
  }
  --loopDepth;
  return jumps;
}

void Analyzer::uses(const Expr *e, Live &into) {
  walk(e, [&](const Expr *x) {
    if (auto *n = dyn_cast<NameExpr>(x); n && n->ref == RefKind::Local)
      into.insert(n->name.str());
    if (auto *c = dyn_cast<CallExpr>(x)) { // the arguments, not the callee
      for (const Expr *a : c->args)
        uses(a, into);
      for (const Keyword &k : c->kwargs)
        uses(k.value, into);
      return WalkAction::Skip;
    }
    return isa<SliceExpr, UnsupportedExpr>(x) ? WalkAction::Skip : WalkAction::Advance;
  });
}

Analyzer::Live Analyzer::liveBody(const Body &b, Live after, const LoopLive *loop) {
  for (auto it = b.rbegin(); it != b.rend(); ++it)
    after = liveStmt(*it, std::move(after), loop);
  return after;
}

Analyzer::Live Analyzer::liveStmt(const Stmt *s, Live after, const LoopLive *loop) {
  // Targets of an assignment: full definitions of locals (killed), partial
  // ones (v[0] = ..., s.a = ...: not killed), stores to arrays (never dead).
  auto target = [&](const Expr *t, std::vector<std::string> &full,
                    std::vector<std::string> &partial, Live &used, bool &isStore) {
    if (auto *n = dyn_cast<NameExpr>(t)) {
      full.push_back(n->name.str());
      return;
    }
    if (auto *tu = dyn_cast<TupleExpr>(t)) {
      for (const Expr *e : tu->elts)
        if (auto *n = dyn_cast<NameExpr>(e))
          full.push_back(n->name.str());
      return;
    }
    bool throughArray = false;
    std::vector<const Expr *> idx;
    const NameExpr *root = rootOf(t, throughArray, idx);
    for (const Expr *i : idx)
      uses(i, used);
    if (!root)
      return;
    if (throughArray) {
      isStore = true;
      used.insert(root->name.str());
    } else {
      partial.push_back(root->name.str());
    }
  };
  auto verdict = [&](const std::vector<std::string> &full, const std::vector<std::string> &partial,
                     bool isStore) {
    if (isStore || (full.empty() && partial.empty()))
      return;
    counted.insert(s);
    bool dead = true;
    std::string names;
    for (const auto &v : full) {
      dead &= !after.count(v);
      names += (names.empty() ? "" : ", ") + v;
    }
    for (const auto &v : partial) {
      dead &= !after.count(v);
      names += (names.empty() ? "" : ", ") + v;
    }
    deadMark[s] = dead ? "line " + std::to_string(lineOf(s->loc)) + ": " + names : "";
  };
  switch (s->kind) {
  case StmtKind::Assign:
  case StmtKind::AnnAssign: {
    std::vector<const Expr *> targets;
    const Expr *value;
    if (auto *a = dyn_cast<AssignStmt>(s)) {
      targets.assign(a->targets.begin(), a->targets.end());
      value = a->value;
    } else {
      auto *an = cast<AnnAssignStmt>(s);
      if (!an->value)
        return after;
      targets.push_back(an->target);
      value = an->value;
    }
    std::vector<std::string> full, partial;
    Live used;
    bool isStore = false;
    for (const Expr *t : targets)
      target(t, full, partial, used, isStore);
    verdict(full, partial, isStore);
    for (const auto &v : full)
      after.erase(v);
    uses(value, used);
    after.insert(used.begin(), used.end());
    return after;
  }
  case StmtKind::AugAssign: {
    auto *a = cast<AugAssignStmt>(s);
    std::vector<std::string> full, partial;
    Live used;
    bool isStore = false;
    target(a->target, full, partial, used, isStore);
    verdict(full, partial, isStore);
    for (const auto &v : full)
      used.insert(v); // x += e reads x
    for (const auto &v : partial)
      used.insert(v);
    uses(a->value, used);
    after.insert(used.begin(), used.end());
    return after;
  }
  case StmtKind::Expr:
    uses(cast<ExprStmt>(s)->value, after);
    return after;
  case StmtKind::Assert:
    uses(cast<AssertStmt>(s)->test, after);
    return after;
  case StmtKind::Return: {
    Live l;
    uses(cast<ReturnStmt>(s)->value, l);
    return l;
  }
  case StmtKind::Break:
    return loop ? loop->brk : after;
  case StmtKind::Continue:
    return loop ? loop->cont : after;
  case StmtKind::If: {
    auto *i = cast<IfStmt>(s);
    Live l = liveBody(i->thenBody, after, loop);
    Live e = liveBody(i->elseBody, after, loop);
    l.insert(e.begin(), e.end());
    uses(i->cond, l);
    return l;
  }
  case StmtKind::For:
  case StmtKind::While: {
    const Body &body = isa<ForStmt>(s) ? cast<ForStmt>(s)->body : cast<WhileStmt>(s)->body;
    Live head = after;
    if (auto *w = dyn_cast<WhileStmt>(s))
      uses(w->cond, head);
    for (int iter = 0; iter < 64; ++iter) {
      LoopLive ll{after, head};
      Live b = liveBody(body, head, &ll);
      if (auto *f = dyn_cast<ForStmt>(s))
        if (auto *n = dyn_cast<NameExpr>(f->target))
          b.erase(n->name.str());
      Live next = after;
      next.insert(b.begin(), b.end());
      if (auto *w = dyn_cast<WhileStmt>(s))
        uses(w->cond, next);
      if (next == head)
        break;
      head = std::move(next);
    }
    if (auto *f = dyn_cast<ForStmt>(s))
      uses(f->iter, head);
    return head;
  }
  default:
    return after;
  }
}

void Analyzer::syntaxExpr(const Expr *e) {
  // Each node's facts after its children's (the arguments of a call, not its
  // callee; not into slices, nor literals kdsl does not compile).
  auto pre = [&](const Expr *x) {
    if (auto *c = dyn_cast<CallExpr>(x)) {
      for (const Expr *a : c->args)
        syntaxExpr(a);
      for (const Keyword &k : c->kwargs)
        syntaxExpr(k.value);
      return WalkAction::Skip;
    }
    return isa<SliceExpr, UnsupportedExpr>(x) ? WalkAction::Skip : WalkAction::Advance;
  };
  auto post = [&](const Expr *x) {
    if (auto *c = dyn_cast<CallExpr>(x)) {
      auto b = builtinOf(c);
      if (!b)
        return;
      ++facts.builtins[builtinName(*b)];
      if (auto pair = sameOperandPair(*b))
        if (pair->second < c->args.size() &&
            print(c->args[pair->first]) == print(c->args[pair->second]))
          facts.sameOperand.push_back(print(x));
      // Math of wp.sin / wp.cos (possibly scaled): the bounded-argument wrapper.
      if (isMathBuiltin(*b) && *b != Builtin::Sin && *b != Builtin::Cos) {
        for (const Expr *a : c->args) {
          const Expr *y = a;
          if (auto *bin = dyn_cast<BinaryExpr>(y); bin && bin->op == BinOp::Mul)
            y = bin->lhs;
          auto ab = builtinOf(y);
          if (ab && (*ab == Builtin::Sin || *ab == Builtin::Cos)) {
            ++facts.sinWrappers;
            break;
          }
        }
      }
      return;
    }
    if (auto *b = dyn_cast<BinaryExpr>(x)) {
      if ((b->op == BinOp::Sub || b->op == BinOp::Div || b->op == BinOp::Mod ||
           b->op == BinOp::FloorDiv || b->op == BinOp::BitXor) &&
          print(b->lhs) == print(b->rhs))
        facts.sameOperand.push_back(print(x));
      // e*e + c: a guard that keeps an argument in a builtin's domain.
      if (b->op == BinOp::Add) {
        auto square = [](const Expr *y) {
          auto *m = dyn_cast<BinaryExpr>(y);
          return m && m->op == BinOp::Mul && print(m->lhs) == print(m->rhs);
        };
        auto literal = [](const Expr *y) { return isa<FloatExpr>(y) || isa<IntExpr>(y); };
        if ((square(b->lhs) && literal(b->rhs)) || (square(b->rhs) && literal(b->lhs)))
          ++facts.domainGuards;
      }
      return;
    }
    if (auto *c = dyn_cast<CompareExpr>(x)) {
      for (size_t k = 0; k + 1 < c->operands.size(); ++k)
        if (print(c->operands[k]) == print(c->operands[k + 1])) {
          facts.sameOperand.push_back(print(x));
          break;
        }
    }
  };
  walk(e, pre, post);
}

std::string Analyzer::skeletonBody(const Body &b) {
  std::string s;
  for (const Stmt *st : b) {
    if (!s.empty())
      s += ";";
    switch (st->kind) {
    case StmtKind::Assign:
    case StmtKind::AnnAssign:
    case StmtKind::AugAssign: {
      const Expr *t = nullptr, *v = nullptr;
      if (auto *a = dyn_cast<AssignStmt>(st)) {
        t = a->targets.front();
        v = a->value;
      } else if (auto *a = dyn_cast<AnnAssignStmt>(st)) {
        t = a->target;
        v = a->value;
      } else {
        t = cast<AugAssignStmt>(st)->target;
        v = cast<AugAssignStmt>(st)->value;
      }
      syntaxExpr(v);
      if (!isa<NameExpr>(t))
        syntaxExpr(t);
      if (auto *aug = dyn_cast<AugAssignStmt>(st))
        if ((aug->op == BinOp::Sub || aug->op == BinOp::Div || aug->op == BinOp::Mod) &&
            print(aug->target) == print(aug->value))
          facts.sameOperand.push_back(print(aug->target) + " " + spell(aug->op) + "= " +
                                      print(aug->value));
      bool throughArray = false;
      std::vector<const Expr *> idx;
      std::string op =
          isa<AugAssignStmt>(st) ? std::string(spell(cast<AugAssignStmt>(st)->op)) + "=" : "=";
      if (isa<NameExpr>(t))
        s += "x" + op;
      else if (isa<TupleExpr>(t))
        s += "x,y" + op;
      else if (rootOf(t, throughArray, idx), throughArray)
        s += "a[]" + op;
      else
        s += "x." + op;
      break;
    }
    case StmtKind::Expr: {
      const Expr *v = cast<ExprStmt>(st)->value;
      syntaxExpr(v);
      auto b = builtinOf(v);
      s += b ? std::string(builtinName(*b)) + "()" : "call()";
      break;
    }
    case StmtKind::If: {
      auto *i = cast<IfStmt>(st);
      syntaxExpr(i->cond);
      s += "if{" + skeletonBody(i->thenBody) + "}";
      if (!i->elseBody.empty())
        s += "else{" + skeletonBody(i->elseBody) + "}";
      break;
    }
    case StmtKind::For: {
      auto *f = cast<ForStmt>(st);
      syntaxExpr(f->iter);
      s += "for{" + skeletonBody(f->body) + "}";
      break;
    }
    case StmtKind::While: {
      auto *w = cast<WhileStmt>(st);
      syntaxExpr(w->cond);
      s += "while{" + skeletonBody(w->body) + "}";
      break;
    }
    case StmtKind::Return:
      syntaxExpr(cast<ReturnStmt>(st)->value);
      s += "return";
      break;
    case StmtKind::Break:
      s += "break";
      break;
    case StmtKind::Continue:
      s += "continue";
      break;
    case StmtKind::Pass:
      s += "pass";
      break;
    case StmtKind::Assert:
      syntaxExpr(cast<AssertStmt>(st)->test);
      s += "assert";
      break;
    default:
      s += "?";
      break;
    }
  }
  return s;
}

void Analyzer::identifiersOf(FuncDef *f) {
  facts.identifierForms.insert(foldDigits(f->name));
  for (const Param &p : f->params)
    facts.identifierForms.insert(foldDigits(p.name));
  for (auto &l : f->locals)
    facts.identifierForms.insert(foldDigits(l.getKey()));
}

/// The chain a binary operator belongs to: 1 for + and -, 2 for * and /, 0
/// for the others.
int chainOf(const Expr *e) {
  auto *b = dyn_cast<BinaryExpr>(e);
  if (!b)
    return 0;
  switch (b->op) {
  case BinOp::Add:
  case BinOp::Sub:
    return 1;
  case BinOp::Mul:
  case BinOp::Div:
    return 2;
  default:
    return 0;
  }
}

/// The nesting of calls and operators in `e`: a call or an operator (not a
/// minus before a literal) is one level above its operands; a chain of one
/// kind (`a + b - c + d`, `a * b / c`) is one level, as a person reads it.
int nesting(const Expr *e) {
  bool counts = false;
  switch (e->kind) {
  case ExprKind::Unary: {
    const Expr *x = cast<UnaryExpr>(e)->operand;
    counts = !(x && (x->kind == ExprKind::Int || x->kind == ExprKind::Float));
    break;
  }
  case ExprKind::Call:
  case ExprKind::Binary:
  case ExprKind::Compare:
  case ExprKind::BoolOp:
  case ExprKind::IfExp:
    counts = true;
    break;
  default:
    break;
  }
  int deepest = 0;
  forEachChild(e, [&](const Expr *c) {
    int d = nesting(c);
    if (chainOf(e) && chainOf(c) == chainOf(e) && c == cast<BinaryExpr>(e)->lhs)
      --d; // the chain's own level
    deepest = std::max(deepest, d);
  });
  return deepest + counts;
}

/// The deepest nesting (above) of an expression of `body`.
int expressionDepth(const Body &body) {
  int deepest = 0;
  walk(
      body,
      [&](Stmt *st) {
        forEachChild(st, [&](Expr *e) { deepest = std::max(deepest, nesting(e)); }, [](Body &) {});
        return WalkAction::Advance;
      },
      [](Expr *) { return WalkAction::Skip; });
  return deepest;
}

void Analyzer::run(ModuleAST &mod, const std::vector<FuncDef *> &funcs) {
  facts.kernel = mod.kernels.front()->name.str();
  for (StructDef *s : mod.structs) {
    facts.identifierForms.insert(foldDigits(s->name));
    for (const FieldDef &f : s->fields)
      facts.identifierForms.insert(foldDigits(f.name));
  }
  std::string skeleton;
  auto liveness = [&](FuncDef *f) {
    deadMark.clear();
    counted.clear();
    liveBody(f->body, {}, nullptr);
    facts.assignments += counted.size();
    std::vector<std::pair<unsigned, std::string>> dead;
    for (auto &[stmt, why] : deadMark)
      if (!why.empty())
        dead.push_back({lineOf(stmt->loc), why});
    llvm::sort(dead);
    for (auto &d : dead)
      facts.deadAssignments.push_back(d.second);
  };
  // Funcs, callees first: summaries of what reaches their return value.
  std::set<const FuncDef *> templatesSeen;
  for (FuncDef *f : funcs) {
    if (f->isKernel)
      continue;
    bool inPrelude =
        sm && f->loc.isValid() && sm->FindBufferContainingLoc(f->loc) != sm->getMainFileID();
    if (inPrelude)
      prelude.insert(f);
    env.clear();
    retDeps.clear();
    outDeps.clear();
    for (const Param &p : f->params)
      env[p.name.str()] = {"p:" + p.name.str(), "g:" + p.name.str()};
    fwdBody(f->body, {});
    FuncSummary sum;
    for (const Param &p : f->params) {
      sum.reaches.push_back(retDeps.count("p:" + p.name.str()));
      sum.grad.push_back(retDeps.count("g:" + p.name.str()));
    }
    for (const std::string &d : retDeps)
      if (d == "tid" || StringRef(d).starts_with("f:"))
        sum.tags.insert(d);
    summaries[f] = std::move(sum);
    // The program's own funcs: a generic func once (its first instance).
    if (inPrelude || (f->templateOf && !templatesSeen.insert(f->templateOf).second))
      continue;
    liveness(f);
    facts.expressionDepth = std::max(facts.expressionDepth, expressionDepth(f->body));
    skeleton += "def{" + skeletonBody(f->body) + "};";
    identifiersOf(f);
  }
  // The kernels (a program of several: each on its own; an array one
  // kernel writes is an output of that kernel, and an input of a later one
  // that reads it).
  std::set<std::string> writtenByAny;
  for (FuncDef *kernel : mod.kernels) {
    env.clear();
    outDeps.clear();
    facts.writtenArrays.clear();
    for (const Param &p : kernel->params) {
      Deps &d = env[p.name.str()];
      d = {"p:" + p.name.str(), "g:" + p.name.str()};
      if (p.type && p.type->isFloatScalar())
        d.insert("f:scalar_param");
    }
    inKernel = true;
    fwdBody(kernel->body, {});
    facts.params += kernel->params.size();
    // In a program of several kernels a finding names its kernel.
    std::string where = mod.kernels.size() > 1 ? kernel->name.str() + "." : "";
    for (const Param &p : kernel->params) {
      std::string n = p.name.str();
      if (!outDeps.count("p:" + n))
        facts.unusedParams.push_back(where + n);
      if (p.type && p.type->isArray() && !facts.writtenArrays.count(n)) {
        facts.inputArrays.push_back(where + n);
        const Type *dt = p.type->dtype;
        bool floaty = dt && (dt->isFloatScalar() || dt->isVecLike() || dt->kind == Type::Struct);
        if (floaty && !outDeps.count("g:" + n))
          facts.noGradPath.push_back(where + n);
      }
    }
    for (const std::string &d : outDeps)
      if (StringRef(d).starts_with("f:"))
        facts.featuresInOutput.insert(d.substr(2));
    liveness(kernel);
    facts.expressionDepth = std::max(facts.expressionDepth, expressionDepth(kernel->body));
    skeleton += "kernel{" + skeletonBody(kernel->body) + "}";
    identifiersOf(kernel);
    writtenByAny.insert(facts.writtenArrays.begin(), facts.writtenArrays.end());
  }
  facts.writtenArrays = std::move(writtenByAny);
  facts.kernels = int(mod.kernels.size());
  facts.moduleConstants = int(mod.consts.size());
  facts.skeleton = skeleton;
  // wp.tid()'s `i` and friends are locals; loop targets are locals too.
  std::sort(facts.sameOperand.begin(), facts.sameOperand.end());
}

} // namespace

static RealismFacts analyzeOnce(StringRef source);

RealismFacts kdsl::synth::analyzeRealism(StringRef source) {
  RealismFacts facts = analyzeOnce(source);
  // Datasets from before Warp 1.16 use wp.select(cond, if_false, if_true),
  // which the front end now rejects. For this analysis it is wp.where with
  // its values swapped, and the order of the values changes nothing here.
  if (!facts.ok && source.contains("wp.select(")) {
    std::string s = source.str();
    for (size_t at; (at = s.find("wp.select(")) != std::string::npos;)
      s.replace(at, 10, "wp.where(");
    RealismFacts retry = analyzeOnce(s);
    if (retry.ok)
      return retry;
  }
  return facts;
}

static RealismFacts analyzeOnce(StringRef source) {
  RealismFacts facts;
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "sample.py"), llvm::SMLoc());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  DiagEngine diags(sm, os);
  ModuleAST ast;
  if (!parseModule(sm.getMainFileID(), diags, ast) || ast.kernels.empty()) {
    facts.error = ast.kernels.empty() && errors.empty() ? "no kernel" : errors;
    return facts;
  }
  TypeContext types;
  Sema sema(ast, diags, types);
  if (!sema.checkAll()) {
    facts.error = errors;
    return facts;
  }
  Analyzer a(facts);
  a.sm = &sm;
  a.run(ast, sema.getCheckedFuncs());
  facts.ok = true;
  return facts;
}

RealismFacts kdsl::synth::analyzeRealism(CheckedModule &checked) {
  RealismFacts facts;
  if (checked.ast().kernels.empty()) {
    facts.error = "no kernel";
    return facts;
  }
  Analyzer a(facts);
  a.sm = &checked.sourceMgr();
  a.run(checked.ast(), checked.checkedFuncs());
  facts.ok = true;
  return facts;
}

bool kdsl::synth::categoryFeatureInOutput(const RealismFacts &facts, StringRef category) {
  if (category == "combined") {
    for (const char *f : {"loop_carried", "func_call", "vector", "matrix", "quaternion"})
      if (!facts.featuresInOutput.count(f))
        return false;
    return true;
  }
  return facts.featuresInOutput.count(category.str()) != 0;
}

bool kdsl::synth::isLiveProgram(const RealismFacts &facts, StringRef category, std::string *why) {
  auto no = [&](const std::string &w) {
    if (why)
      *why = w;
    return false;
  };
  if (!facts.ok)
    return no("does not parse: " + facts.error);
  if (!facts.deadAssignments.empty())
    return no("dead assignment " + facts.deadAssignments.front());
  if (!facts.unusedParams.empty())
    return no("unused parameter " + facts.unusedParams.front());
  if (!facts.noGradPath.empty())
    return no("no gradient path from " + facts.noGradPath.front());
  if (facts.constantStore)
    return no("constant store");
  if (!facts.sameOperand.empty())
    return no("same operands " + facts.sameOperand.front());
  if (!categoryFeatureInOutput(facts, category))
    return no("the " + category.str() + " feature reaches no output");
  return true;
}
