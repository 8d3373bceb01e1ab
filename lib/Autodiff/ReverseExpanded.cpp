//===- ReverseExpanded.cpp - reverse of the ops kdsl-expand-builtins rewrites ===//
//
// The primal kernel keeps its builtins (kdsl.dot, kdsl.matmul,
// kdsl.quat_to_matrix, matrix shapes, ...): the forward replay of a backward
// kernel recomputes `m = quat_to_matrix(q)` as that one op, as the forward
// kernel does. Their derivatives are those of their expansions: the reverse
// of such an op expands a private copy of it (kdsl-expand-builtins, the
// formulas of the C++ prelude), recomputes the expansion's scalar math in the
// reverse sweep and reverses it op by op with the ordinary rules, as Warp's
// adj_ functions recompute what they need. Only what the derivative reads of
// the recomputation survives canonicalization.
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Target/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace kdsl;

/// The derivatives of the linear and bilinear builtins at the vector level,
/// as Warp's adj_dot, adj_mul, adj_cross, ... write them: adj_a += adj * b
/// for d = dot(a, b), adj_A += adj_C * transpose(B) for C = A * B, adj_q +=
/// adj_r * conj(p) for r = q * p (quaternions). The adjoint
/// of the result stays a vector or matrix (adj_<name> in the C++), and the
/// reverse reads as one line per operand. Returns false for the other ops.
static bool vectorRule(AdjointBuilder &ab, Operation &op, Value g, Location loc) {
  OpBuilder &b = ab.builder();
  auto splat = [&](Value s, Type t) -> Value {
    return vector::BroadcastOp::create(b, loc, t, s);
  };
  auto transpose = [&](Value m) -> Value {
    return vector::TransposeOp::create(b, loc, m, ArrayRef<int64_t>{1, 0});
  };
  auto matmul = [&](Value x, Value y, Type t) -> Value {
    return MatMulOp::create(b, loc, t, x, y);
  };
  auto outer = [&](Value x, Value y, Type t) -> Value {
    return vector::OuterProductOp::create(b, loc, t, x, y, Value());
  };
  return llvm::TypeSwitch<Operation *, bool>(&op)
      .Case([&](DotOp o) {
        Value a = ab.primal(o.getLhs()), c = ab.primal(o.getRhs());
        Value gs = splat(g, a.getType());
        ab.accumulate(o.getLhs(), arith::MulFOp::create(b, loc, gs, c));
        ab.accumulate(o.getRhs(), arith::MulFOp::create(b, loc, gs, a));
        return true;
      })
      .Case([&](LengthSqOp o) {
        Value a = ab.primal(o.getInput());
        Value two = arith::ConstantOp::create(b, loc, b.getFloatAttr(g.getType(), 2.0));
        Value g2 = arith::MulFOp::create(b, loc, g, two);
        ab.accumulate(o.getInput(), arith::MulFOp::create(b, loc, splat(g2, a.getType()), a));
        return true;
      })
      .Case([&](LengthOp o) {
        // adj_a += a * (adj / |a|) where |a| > 0.
        Value a = ab.primal(o.getInput()), len = ab.primal(o.getResult());
        Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(g.getType(), 0.0));
        Value pos = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, len, zero);
        Value q = arith::SelectOp::create(b, loc, pos, arith::DivFOp::create(b, loc, g, len), zero);
        ab.accumulate(o.getInput(), arith::MulFOp::create(b, loc, a, splat(q, a.getType())));
        return true;
      })
      .Case([&](CrossOp o) {
        Value a = ab.primal(o.getLhs()), c = ab.primal(o.getRhs());
        ab.accumulate(o.getLhs(), CrossOp::create(b, loc, c, g));
        ab.accumulate(o.getRhs(), CrossOp::create(b, loc, g, a));
        return true;
      })
      .Case([&](vector::TransposeOp o) {
        if (o.getSourceVectorType().getRank() != 2)
          return false;
        ab.accumulate(o.getVector(), transpose(g));
        return true;
      })
      .Case([&](vector::OuterProductOp o) {
        auto rt = dyn_cast<VectorType>(o.getOperandTypeRHS());
        if (!rt || o.getAcc() || o.getResultVectorType().getRank() != 2)
          return false;
        Value a = ab.primal(o.getLhs()), c = ab.primal(o.getRhs());
        ab.accumulate(o.getLhs(), matmul(g, c, a.getType()));
        ab.accumulate(o.getRhs(), matmul(a, g, c.getType()));
        return true;
      })
      .Case([&](MatMulOp o) {
        Value x = ab.primal(o.getLhs()), y = ab.primal(o.getRhs());
        VectorType xt = o.getLhs().getType(), yt = o.getRhs().getType();
        if (xt.getRank() == 2 && yt.getRank() == 1) { // M v
          ab.accumulate(o.getLhs(), outer(g, y, xt));
          ab.accumulate(o.getRhs(), matmul(g, x, yt));
        } else if (xt.getRank() == 1) { // v M
          ab.accumulate(o.getLhs(), matmul(y, g, xt));
          ab.accumulate(o.getRhs(), outer(x, g, yt));
        } else { // A B
          ab.accumulate(o.getLhs(), matmul(g, transpose(y), xt));
          ab.accumulate(o.getRhs(), matmul(transpose(x), g, yt));
        }
        return true;
      })
      .Case([&](QuatMulOp o) {
        // r = a b: adj_a += adj conj(b), adj_b += conj(a) adj (Warp's
        // adj_quat_mul; quat_inverse is the conjugate).
        Value a = ab.primal(o.getLhs()), c = ab.primal(o.getRhs());
        ab.accumulate(o.getLhs(), QuatMulOp::create(b, loc, g, QuatInverseOp::create(b, loc, c)));
        ab.accumulate(o.getRhs(), QuatMulOp::create(b, loc, QuatInverseOp::create(b, loc, a), g));
        return true;
      })
      .Case([&](QuatInverseOp o) {
        ab.accumulate(o.getInput(), QuatInverseOp::create(b, loc, g));
        return true;
      })
      .Default([](Operation *) { return false; });
}

LogicalResult Reverser::reverseExpanded(Operation &op) {
  SmallVector<Value> resAdj;
  bool any = false;
  for (Value r : op.getResults()) {
    Value a = isDifferentiableType(r.getType()) ? adj.lookup(r) : Value();
    resAdj.push_back(a);
    any |= (bool)a;
  }
  if (!any || !llvm::any_of(op.getOperandTypes(), isDifferentiableType))
    return success();

  Location loc = withoutSourceNames(op.getLoc());
  if (op.getNumResults() == 1 && vectorRule(*this, op, resAdj[0], loc))
    return success();

  // The op alone in a detached func over its operands, expanded there.
  MLIRContext *ctx = op.getContext();
  auto scratch = func::FuncOp::create(
      loc, "kdsl_autodiff_expansion",
      FunctionType::get(ctx, op.getOperandTypes(), op.getResultTypes()));
  llvm::scope_exit eraseScratch([&] { scratch.erase(); });
  Block *body = scratch.addEntryBlock();
  OpBuilder sb = OpBuilder::atBlockEnd(body);
  IRMapping m;
  m.map(op.getOperands(), body->getArguments());
  Operation *copy = sb.clone(op, m);
  func::ReturnOp::create(sb, loc, copy->getResults());
  if (failed(expandBuiltinsIn(scratch)))
    return op.emitOpError("autodiff: cannot expand this op to differentiate it");

  // Recompute the expansion (its values carry no source names: the op's
  // result is named in the forward replay).
  for (auto [a, v] : llvm::zip(body->getArguments(), op.getOperands()))
    map.map(a, primal(v));
  for (Operation &o : body->without_terminator()) {
    o.setLoc(loc);
    if (failed(recomputeOp(b, o)))
      return failure();
  }
  // Reverse it from the op's result adjoints into its operands'.
  for (auto [v, a] : llvm::zip(body->getTerminator()->getOperands(), resAdj))
    if (a)
      accumulate(v, a);
  LogicalResult status = reverse(*body);
  if (succeeded(status))
    for (auto [a, v] : llvm::zip(body->getArguments(), op.getOperands()))
      if (Value d = adj.lookup(a))
        accumulate(v, d);

  // Forget the scratch values before they are freed.
  forget(*body);
  for (BlockArgument a : body->getArguments())
    map.erase(a);
  body->walk([&](Operation *o) {
    for (Value r : o->getResults())
      map.erase(r);
  });
  return status;
}
