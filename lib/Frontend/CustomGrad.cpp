//===- CustomGrad.cpp - @wp.func_grad and @wp.func_replay -----------------===//
//
// A custom gradient `@wp.func_grad(f) def g(x..., adj_ret...)` takes f's
// parameters, then one adjoint per result of f, and adds into the adjoints
// of f's parameters with `wp.adjoint[x] += ...`. The parser turns
// `wp.adjoint[x]` into the local `adjoint[x]`; here Sema types those locals
// and MLIRGen makes g a func.func
//
//   (f's params..., adj_ret..., adjoint arrays of f's array params...)
//       -> (adjoints of f's differentiable value params...)
//
// whose results start at zero. f gets `kdsl.grad = @g` (and
// `kdsl.replay = @r` for @wp.func_replay(f) def r), g gets
// `kdsl.adjoint_params` / `kdsl.adjoint_arrays` (the indices of f's params
// its results and its trailing array params stand for). The autodiff pass
// keeps calls of f whole and reverses them with a call of g
// (lib/Autodiff/CustomGradCalls.cpp).
//
//===----------------------------------------------------------------------===//
#include "CustomGrad.h"
#include "MLIRGenImpl.h"
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::StringRef;

static bool hasAdjoint(const Type *t) {
  return t->isFloatScalar() || (t->isVecLike() && isFloat(t->scalar)) || t->kind == Type::Struct;
}

void kdsl::customAdjointParams(const FuncDef *grad, llvm::SmallVectorImpl<unsigned> &values,
                               llvm::SmallVectorImpl<unsigned> &arrays) {
  const FuncDef *f = grad->gradOf;
  for (auto [i, p] : llvm::enumerate(f->params)) {
    if (p.type->isArray())
      arrays.push_back(i);
    else if (hasAdjoint(p.type))
      values.push_back(i);
  }
}

std::string kdsl::adjointLocalName(StringRef param) { return ("adjoint[" + param + "]").str(); }

static const Stmt *findReturn(const Body &body) {
  for (const Stmt *s : body) {
    const Stmt *r = nullptr;
    if (s->kind == StmtKind::Return)
      return s;
    if (auto *i = llvm::dyn_cast<IfStmt>(s))
      r = findReturn(i->thenBody) ? findReturn(i->thenBody) : findReturn(i->elseBody);
    else if (auto *fs = llvm::dyn_cast<ForStmt>(s))
      r = findReturn(fs->body);
    else if (auto *w = llvm::dyn_cast<WhileStmt>(s))
      r = findReturn(w->body);
    if (r)
      return r;
  }
  return nullptr;
}

bool Sema::checkCustomSignature(FuncDef *g) {
  FuncDef *f = g->gradOf ? g->gradOf : g->replayOf;
  StringRef kind = g->gradOf ? "@wp.func_grad" : "@wp.func_replay";
  // f's signature is resolved first (its params are typed before its body).
  size_t n = f->params.size();
  size_t expected = n + (g->gradOf ? f->resultTypes.size() : 0);
  auto mismatch = [&](llvm::SMLoc loc, const llvm::Twine &what) {
    error(loc, kind + " function '" + g->name + "' of '" + f->name + "': " + what);
    diags.note(f->loc, "'" + f->name + "' is defined here");
    return false;
  };
  if (g->params.size() != expected)
    return mismatch(g->loc, "takes " + llvm::Twine(g->params.size()) + " parameters, expected " +
                                llvm::Twine(expected) +
                                (g->gradOf ? " (the parameters of '" + f->name +
                                                 "', then one adjoint per result)"
                                           : " (the parameters of '" + f->name + "')"));
  for (auto [i, p] : llvm::enumerate(g->params)) {
    const Type *want = i < n ? f->params[i].type : f->resultTypes[i - n];
    if (p.type != want)
      return mismatch(p.loc, "parameter '" + p.name + "' has type " + p.type->str() +
                                 ", expected " + want->str());
  }
  if (!g->gradOf)
    return true;
  if (const Stmt *r = findReturn(g->body))
    return mismatch(r->loc, "a custom gradient returns nothing (it adds into wp.adjoint[...])");
  llvm::SmallVector<unsigned> values, arrays;
  customAdjointParams(g, values, arrays);
  for (unsigned i : values)
    g->locals[mod.save(adjointLocalName(g->params[i].name))] = g->params[i].type;
  for (unsigned i : arrays) {
    Param adj = g->params[i];
    adj.name = mod.save(adjointLocalName(adj.name));
    g->params.push_back(adj);
    g->locals[adj.name] = adj.type;
  }
  return true;
}

bool Sema::finishCustomFuncs(FuncDef *f) {
  if (f->gradOf) {
    llvm::SmallVector<unsigned> values, arrays;
    customAdjointParams(f, values, arrays);
    for (unsigned i : values)
      f->resultTypes.push_back(f->params[i].type);
  }
  for (FuncDef *c : {f->customGrad, f->customReplay}) {
    if (!c)
      continue;
    StringRef kind = c == f->customGrad ? "custom gradient" : "custom replay function";
    if (!checkFunc(c)) {
      diags.note(f->loc, "'" + f->name + "' has this " + kind);
      return false;
    }
    if (c == f->customReplay && c->resultTypes != f->resultTypes)
      return error(c->loc, "@wp.func_replay function '" + c->name + "' must return what '" +
                               f->name + "' returns");
  }
  return true;
}

NameSet MLIRGen::initAdjointLocals(FuncDef *g, mlir::Location l) {
  llvm::SmallVector<unsigned> values, arrays;
  customAdjointParams(g, values, arrays);
  NameSet live;
  for (unsigned i : values) {
    StringRef name = g->locals.find(adjointLocalName(g->params[i].name))->first();
    env[name] = zeroValue(g->params[i].type, l);
    live.insert(name);
  }
  return live;
}

void MLIRGen::customGradResults(FuncDef *g, llvm::SmallVectorImpl<mlir::Value> &results) {
  llvm::SmallVector<unsigned> values, arrays;
  customAdjointParams(g, values, arrays);
  for (unsigned i : values)
    results.push_back(env.lookup(adjointLocalName(g->params[i].name)));
}

void MLIRGen::annotateCustomFunc(FuncDef *f, mlir::Operation *func) {
  if (f->customGrad)
    func->setAttr(kCustomGradAttr, mlir::FlatSymbolRefAttr::get(&ctx, f->customGrad->symName));
  if (f->customReplay)
    func->setAttr(kCustomReplayAttr, mlir::FlatSymbolRefAttr::get(&ctx, f->customReplay->symName));
  if (!f->gradOf)
    return;
  llvm::SmallVector<unsigned> values, arrays;
  customAdjointParams(f, values, arrays);
  auto indices = [&](llvm::ArrayRef<unsigned> v) {
    llvm::SmallVector<int64_t> out(v.begin(), v.end());
    return b.getDenseI64ArrayAttr(out);
  };
  func->setAttr(kAdjointParamsAttr, indices(values));
  func->setAttr(kAdjointArraysAttr, indices(arrays));
}
