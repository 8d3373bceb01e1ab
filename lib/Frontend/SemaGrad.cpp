//===- SemaGrad.cpp - wp.grad(f): gradients of functions in forward code --===//
//
// Warp 1.16's `wp.grad(f)` (warp/_src/context.py GradWrapper, codegen.py
// add_grad_call) is a function value: called with f's arguments it runs f's
// adjoint with an adjoint return of one (every component) and gives the
// adjoints of f's inputs, one value for a single input, else a tuple (the
// wp.Function parameters of f are no inputs). f is a @wp.func (any overload,
// a generic one instantiated by the arguments, one with wp.Function
// parameters) or a Warp builtin. `g = wp.grad(f)` binds it to a local.
//
// A call is a CallExpr with `gradCall` set and `func` the instance of f;
// MLIRGen calls `@<f>__grad`, which the pass kdsl-build-grad-funcs (run by
// the driver after the front end) builds from f (lib/Autodiff/GradFuncs.cpp). For a builtin, f is a
// func of its own that calls the builtin with parameters of the argument types, parsed from text
// here (one per builtin and types).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Frontend/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace kdsl;
using llvm::StringRef;

const Type *Sema::gradValue(CallExpr *e, Scope *scope, bool useLocals, bool report) {
  if (e->args.size() != 1 || !e->kwargs.empty() || !e->starred.empty()) {
    if (report)
      error(e->loc, "wp.grad() expects exactly one function argument (as in Warp)");
    return nullptr;
  }
  const Type *ft = functionValue(e->args[0], scope, useLocals);
  if (!ft || ft->grad) {
    if (report)
      error(e->args[0]->loc, "wp.grad() expects a @wp.func or a Warp builtin (as in Warp)" +
                                 std::string(ft ? "; kdsl has no gradients of gradients" : ""));
    return nullptr;
  }
  return e->type = types.function(ft->funcDef, ft->builtinName, /*grad=*/true);
}

/// Whether kdsl can take the adjoint of a value of type `t` as an input or
/// seed it as a result: float scalars, vectors, matrices, quaternions,
/// transforms. Integer inputs are allowed too (their adjoint is zero).
static bool differentiableValue(const Type *t) {
  if (t->kind == Type::Scalar)
    return isFloat(t->scalar);
  return t->isVecLike() && isFloat(t->scalar);
}

FuncDef *Sema::gradBuiltinWrapper(CallExpr *e, StringRef builtin) {
  if (!e->kwargs.empty()) {
    error(e->kwargs[0].loc,
          "kdsl takes the arguments of wp.grad(wp." + builtin + ")(...) by position only");
    return nullptr;
  }
  std::string key = builtin.str(), params, args;
  for (auto [i, a] : llvm::enumerate(e->args)) {
    const Type *t = check(a);
    if (!t)
      return nullptr;
    if (t->kind == Type::IntLit)
      t = types.scalar(Scalar::I32);
    else if (t->kind == Type::FloatLit)
      t = types.scalar(Scalar::F32);
    if (!(t->kind == Type::Scalar || t->isVecLike())) {
      error(a->loc, "wp.grad(wp." + builtin +
                        "): kdsl differentiates builtins of scalar, vector, "
                        "matrix and quaternion arguments, not " +
                        t->str());
      return nullptr;
    }
    std::string p = "a" + std::to_string(i);
    params += (i ? ", " : "") + p + ": wp." + t->str();
    args += (i ? ", " : "") + p;
    key += " " + t->str();
  }
  if (auto it = gradWrappers.find(key); it != gradWrappers.end())
    return it->second;
  std::string name = "wp_grad_" + builtin.str() + "_" + std::to_string(gradWrappers.size());
  std::string text = "import warp as wp\n\n\n@wp.func\ndef " + name + "(" + params +
                     "):\n    return wp." + builtin.str() + "(" + args + ")\n";
  llvm::SourceMgr &sm = diags.getSourceMgr();
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "<wp.grad(wp." + builtin.str() + ")>"),
      llvm::SMLoc());
  auto m = std::make_unique<ModuleAST>();
  if (!parseModule(id, diags, *m) || m->funcs.empty()) {
    diags.internalError(e->loc, "the func of wp.grad(wp." + builtin + ") does not parse");
    return nullptr;
  }
  FuncDef *f = m->funcs.front();
  gradWrapperModules.push_back(std::move(m));
  gradWrappers[key] = f;
  return f;
}

const Type *Sema::checkGradCall(CallExpr *e, const Type *gradFn) {
  FuncDef *f = const_cast<FuncDef *>(gradFn->funcDef);
  std::string what = "wp.grad(" + (f ? f->name.str() : "wp." + gradFn->builtinName) + ")";
  if (!f && !(f = gradBuiltinWrapper(e, gradFn->builtinName)))
    return nullptr;
  if (!checkFuncCall(e, f)) {
    if (!gradFn->funcDef)
      diags.note(e->loc, "in the call of " + what);
    return nullptr;
  }
  FuncDef *inst = e->func;
  if (inst->resultTypes.empty()) {
    error(e->loc, what + ": cannot compute the gradient of a function that returns no value "
                         "(as in Warp)");
    return nullptr;
  }
  for (const Type *r : inst->resultTypes)
    if (!differentiableValue(r)) {
      error(e->loc, what + ": kdsl seeds float results only, and the function returns " + r->str());
      return nullptr;
    }
  std::vector<const Type *> inputs;
  for (const Param &p : inst->params) {
    if (p.type->kind == Type::Function)
      continue; // a specialization input, not an argument (as in Warp)
    if (p.isRef || !(p.type->kind == Type::Scalar || p.type->isVecLike())) {
      error(e->loc, what +
                        ": kdsl gives gradients with respect to scalar, vector, matrix and "
                        "quaternion parameters, not the " +
                        (p.isRef ? "wp.ref[" + p.type->str() + "]" : p.type->str()) +
                        " parameter '" + p.name.str() + "'");
      return nullptr;
    }
    inputs.push_back(p.type);
  }
  if (inputs.empty()) {
    error(e->loc, what + ": the function has no inputs to differentiate");
    return nullptr;
  }
  e->gradCall = true;
  return inputs.size() == 1 ? inputs[0] : types.tuple(inputs);
}
