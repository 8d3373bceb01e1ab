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
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;

/// The derivatives of the linear and bilinear builtins at the vector level,
/// as Warp's adj_dot, adj_mul, adj_cross, ... write them: adj_a += adj * b
/// for d = dot(a, b), adj_A += adj_C * transpose(B) for C = A * B, adj_q +=
/// adj_r * conj(p) for r = q * p (quaternions); and those of normalize,
/// quat_rotate(_inv), quat_to_matrix, quat_from_axis_angle, diag, trace,
/// inverse and determinant (2x2, 3x3) in vector form, algebraically equal to
/// Warp's adj_* functions. The adjoint of the result stays a vector or matrix
/// (adj_<name> in the C++), and the reverse reads as a few vector lines per
/// operand. Returns false for the other ops (their expansion is reversed).
static bool vectorRule(AdjointBuilder &ab, Operation &op, Value g, Location loc) {
  OpBuilder &b = ab.builder();
  auto splat = [&](Value s, Type t) -> Value { return vector::BroadcastOp::create(b, loc, t, s); };
  auto transpose = [&](Value m) -> Value {
    return vector::TransposeOp::create(b, loc, m, ArrayRef<int64_t>{1, 0});
  };
  auto matmul = [&](Value x, Value y, Type t) -> Value {
    return MatMulOp::create(b, loc, t, x, y);
  };
  auto outer = [&](Value x, Value y, Type t) -> Value {
    return vector::OuterProductOp::create(b, loc, t, x, y, Value());
  };
  auto cst = [&](Value like, double c) -> Value {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(like.getType(), c));
  };
  auto comp = [&](Value v, int64_t i) -> Value {
    return vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i});
  };
  auto elem = [&](Value m, int64_t i, int64_t j) -> Value {
    return vector::ExtractOp::create(b, loc, m, ArrayRef<int64_t>{i, j});
  };
  auto row = comp;
  auto fromElements = [&](ArrayRef<Value> elems) -> Value {
    auto t = VectorType::get({(int64_t)elems.size()}, elems[0].getType());
    return vector::FromElementsOp::create(b, loc, t, elems);
  };
  // The pure quaternion (v, 0) of a 3-vector.
  auto pure = [&](Value v) -> Value {
    Value c0 = comp(v, 0);
    return fromElements({c0, comp(v, 1), comp(v, 2), cst(c0, 0.0)});
  };
  // 2 dot(adj, v) q - 2 p, the adjoint of q in quat_rotate(_inv) with p the
  // product of pure quaternions and q that the rule built.
  auto rotateQuatAdjoint = [&](Value q, Value g, Value v, Value p) -> Value {
    Value d = DotOp::create(b, loc, g, v);
    Value t =
        arith::SubFOp::create(b, loc, arith::MulFOp::create(b, loc, splat(d, q.getType()), q), p);
    return arith::AddFOp::create(b, loc, t, t);
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
      .Case([&](NormalizeOp o) {
        // r = v / |v| (0 when |v| = 0): adj_v += (adj - r dot(r, adj)) / |v|
        // where |v| > 0 (Warp's adj_normalize, vectors and quaternions).
        Value v = ab.primal(o.getInput()), r = ab.primal(o.getResult());
        Type t = v.getType();
        Value len = LengthOp::create(b, loc, v);
        Value along = arith::MulFOp::create(b, loc, r, splat(DotOp::create(b, loc, r, g), t));
        Value tangent = arith::SubFOp::create(b, loc, g, along);
        Value d = arith::DivFOp::create(b, loc, tangent, splat(len, t));
        Value pos = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, len, cst(len, 0.0));
        ab.accumulate(o.getInput(), arith::SelectOp::create(b, loc, pos, d, buildZero(b, loc, t)));
        return true;
      })
      .Case([&](QuatRotateOp o) {
        // r = R(q) v: adj_v += R(q)^T adj = quat_rotate_inv(q, adj), and
        // adj_q += 2 dot(adj, v) q - 2 (adj, 0) q (v, 0), the derivative of
        // Warp's formula v (2w^2 - 1) + cross(q.xyz, v) 2w + q.xyz 2 dot(q.xyz, v)
        // (also for a q of any length; Warp's adj_quat_rotate writes it out
        // per component).
        Value q = ab.primal(o.getQuat()), v = ab.primal(o.getVec());
        ab.accumulate(o.getVec(), QuatRotateInvOp::create(b, loc, q, g));
        if (isKnownZero(v)) // the zero translation of a transform: adj_q += 0
          return true;
        Value p = QuatMulOp::create(b, loc, QuatMulOp::create(b, loc, pure(g), q), pure(v));
        ab.accumulate(o.getQuat(), rotateQuatAdjoint(q, g, v, p));
        return true;
      })
      .Case([&](QuatRotateInvOp o) {
        // r = R(q)^T v: adj_v += quat_rotate(q, adj), and
        // adj_q += 2 dot(adj, v) q - 2 (v, 0) q (adj, 0).
        Value q = ab.primal(o.getQuat()), v = ab.primal(o.getVec());
        ab.accumulate(o.getVec(), QuatRotateOp::create(b, loc, q, g));
        if (isKnownZero(v))
          return true;
        Value p = QuatMulOp::create(b, loc, QuatMulOp::create(b, loc, pure(v), q), pure(g));
        ab.accumulate(o.getQuat(), rotateQuatAdjoint(q, g, v, p));
        return true;
      })
      .Case([&](QuatToMatrixOp o) {
        // R = (2w^2 - 1) I + 2w [u]x + 2 u u^T for q = (u, w), R's columns
        // being quat_rotate(q, e_j) (Warp's adj_quat_to_matrix sums
        // adj_quat_rotate over them). With a = the axial vector of adj -
        // adj^T: adj_u += 2 (w a + (adj + adj^T) u), adj_w += 2 (2 w
        // trace(adj) + dot(u, a)).
        Value q = ab.primal(o.getInput());
        Value u = fromElements({comp(q, 0), comp(q, 1), comp(q, 2)});
        Value w = comp(q, 3);
        Value gt = transpose(g);
        Value skew = arith::SubFOp::create(b, loc, g, gt);
        Value a = fromElements({elem(skew, 2, 1), elem(skew, 0, 2), elem(skew, 1, 0)});
        Value sym = arith::AddFOp::create(b, loc, g, gt);
        Value adjU =
            arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, a, splat(w, a.getType())),
                                  matmul(sym, u, u.getType()));
        Value wTr = arith::MulFOp::create(b, loc, w, TraceOp::create(b, loc, g));
        Value adjW = arith::AddFOp::create(b, loc, arith::AddFOp::create(b, loc, wTr, wTr),
                                           DotOp::create(b, loc, u, a));
        Value half = fromElements({comp(adjU, 0), comp(adjU, 1), comp(adjU, 2), adjW});
        ab.accumulate(o.getInput(), arith::AddFOp::create(b, loc, half, half));
        return true;
      })
      .Case([&](QuatFromAxisAngleOp o) {
        // q = (axis s, c), s = sin(angle / 2), c = cos(angle / 2): adj_axis
        // += adj.xyz s, adj_angle += dot((axis c, -s) / 2, adj) (Warp's
        // adj_quat_from_axis_angle).
        Value axis = ab.primal(o.getAxis()), angle = ab.primal(o.getAngle());
        Value half = arith::MulFOp::create(b, loc, angle, cst(angle, 0.5));
        Value s = math::SinOp::create(b, loc, half), c = math::CosOp::create(b, loc, half);
        Value gv = fromElements({comp(g, 0), comp(g, 1), comp(g, 2)});
        ab.accumulate(o.getAxis(), arith::MulFOp::create(b, loc, gv, splat(s, gv.getType())));
        Value ac = arith::MulFOp::create(b, loc, axis, splat(c, axis.getType()));
        Value dq =
            fromElements({comp(ac, 0), comp(ac, 1), comp(ac, 2), arith::NegFOp::create(b, loc, s)});
        Value dqHalf = arith::MulFOp::create(b, loc, dq, splat(cst(angle, 0.5), dq.getType()));
        ab.accumulate(o.getAngle(), DotOp::create(b, loc, dqHalf, g));
        return true;
      })
      .Case([&](DiagOp o) {
        // adj_v += the diagonal of adj.
        int64_t n = o.getType().getDimSize(0);
        SmallVector<Value> d;
        for (int64_t i = 0; i < n; ++i)
          d.push_back(elem(g, i, i));
        ab.accumulate(o.getInput(), fromElements(d));
        return true;
      })
      .Case([&](TraceOp o) {
        // adj_M += adj I.
        auto mt = cast<VectorType>(o.getInput().getType());
        auto vt = VectorType::get({mt.getDimSize(0)}, mt.getElementType());
        ab.accumulate(o.getInput(), DiagOp::create(b, loc, mt, splat(g, vt)));
        return true;
      })
      .Case([&](InverseOp o) {
        // R = M^-1 (0 where det M = 0, and then so is the adjoint):
        // adj_M -= R^T adj R^T (Warp's adj_inverse).
        Value r = ab.primal(o.getResult());
        Type t = r.getType();
        Value rt = transpose(r);
        Value prod = matmul(matmul(rt, g, t), rt, t);
        ab.accumulate(o.getInput(), arith::NegFOp::create(b, loc, prod));
        return true;
      })
      .Case([&](DeterminantOp o) {
        // adj_M += adj cofactor(M) (Warp's adj_determinant): for 2x2
        // [[m11, -m10], [-m01, m00]], for 3x3 rows cross(m1, m2),
        // cross(m2, m0), cross(m0, m1). 4x4 keeps its expansion.
        Value m = ab.primal(o.getInput());
        auto mt = cast<VectorType>(m.getType());
        int64_t n = mt.getDimSize(0);
        if (n != 2 && n != 3)
          return false;
        SmallVector<Value> rows;
        if (n == 2) {
          rows.push_back(
              fromElements({elem(m, 1, 1), arith::NegFOp::create(b, loc, elem(m, 1, 0))}));
          rows.push_back(
              fromElements({arith::NegFOp::create(b, loc, elem(m, 0, 1)), elem(m, 0, 0)}));
        } else {
          Value r[3] = {row(m, 0), row(m, 1), row(m, 2)};
          for (int i = 0; i < 3; ++i)
            rows.push_back(CrossOp::create(b, loc, r[(i + 1) % 3], r[(i + 2) % 3]));
        }
        Value cof = buildZero(b, loc, mt);
        for (auto [i, rw] : llvm::enumerate(rows))
          cof = vector::InsertOp::create(b, loc, rw, cof, ArrayRef<int64_t>{(int64_t)i});
        ab.accumulate(o.getInput(), arith::MulFOp::create(b, loc, splat(g, mt), cof));
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

  // An adjoint known to be zero (a constant) contributes nothing.
  if (llvm::all_of(resAdj, [](Value a) { return !a || isKnownZero(a); }))
    return success();
  Location loc = withoutSourceNames(op.getLoc());
  if (op.getNumResults() == 1 && vectorRule(*this, op, resAdj[0], loc))
    return success();

  // The op alone in a detached func over its operands, expanded there.
  MLIRContext *ctx = op.getContext();
  auto scratch =
      func::FuncOp::create(loc, "kdsl_autodiff_expansion",
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
