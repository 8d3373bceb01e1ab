//===- TileRulesLinalg.cpp - derivative rules of tile linalg, fft, views ===//
//
// External models of AutodiffOpInterface (as TileRules.cpp's) for the tile
// ops of Warp's MathDx builtins, scans and sub-tile views. Every rule builds
// tile ops that kdsl-lower-tiles lowers:
//
//   tile_scan add (inclusive)  adj_x = sum(adj) - exclusive_scan(adj)
//   tile_scan add (exclusive)  adj_x = sum(adj) - inclusive_scan(adj)
//   tile_cholesky              L = chol(A): with P = Phi(L^T adj_L) (the
//                              lower triangle, half the diagonal) and
//                              S = L^-T P L^-1, adj_A = S + S^T below the
//                              diagonal, S on it (only A's lower triangle
//                              is read); upper: the same on the transposes
//   tile_triangular_solve      x = T^-1 y: adj_y = T^-T adj_x, adj_T =
//                              -adj_y x^T on T's triangle
//   tile_cholesky_solve        x = A^-1 y: adj_y = A^-1 adj_x, with
//                              G = -(adj_y x^T + x adj_y^T): adj_L = G L
//                              (lower), adj_U = U G (upper), on the triangle
//   tile_diag_add              adj_a = adj, adj_d = diag(adj)
//   tile_fft / tile_ifft       adj_x = ifft(adj) / fft(adj) (the conjugate
//                              transpose of the unnormalized DFT)
//   tile_view                  adj_in = zeros with the view's positions = adj
//   tile_assign                adj_dest = adj with the view's positions 0,
//                              adj_source = the view of adj
//   tile_gather (t[idx, :])    adj_in[r] = sum of adj[k] over the k with
//                              idx[k] = r (along the gather's axis)
//
// Min / max scans have no rule yet (an error where a gradient flows).
//
//===----------------------------------------------------------------------===//
#include "OpRule.h"
#include "TileRuleBuild.h"
#include "kdsl/Autodiff/Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tile_ad;

/// alpha a b (a zero accumulator, beta 0), in `type`.
static Value matmul(OpBuilder &b, Location loc, TileType type, Value x, Value y,
                    double alpha = 1.0) {
  return TileMatmulOp::create(b, loc, type, x, y, buildZero(b, loc, type), APFloat(alpha),
                              APFloat(0.0));
}

/// `t` (n x n) with the elements outside the lower (`upper`: upper)
/// triangle zeroed, the diagonal scaled by `diag`; with `plus`, element
/// (i, j) off the diagonal is t[i, j] + plus[i, j].
static Value triangle(OpBuilder &b, Location loc, Value t, bool upper, double diag,
                      Value plus = {}) {
  auto tt = cast<TileType>(t.getType());
  int64_t n = tt.getShape()[0];
  SmallVector<Value> inputs{buildIndices(b, loc, tt.getShape()), t};
  if (plus)
    inputs.push_back(plus);
  return buildMap(b, loc, tt, inputs, [&](ValueRange e) -> Value {
    auto i32 = b.getI32Type();
    Value nn = arith::ConstantIntOp::create(b, loc, i32, n);
    Value i = arith::DivSIOp::create(b, loc, e[0], nn),
          j = arith::RemSIOp::create(b, loc, e[0], nn);
    Value off = arith::CmpIOp::create(
        b, loc, upper ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sgt, i, j);
    Value on = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, i, j);
    Value offValue = plus ? (Value)arith::AddFOp::create(b, loc, e[1], e[2]) : e[1];
    Value onValue = e[1];
    if (diag != 1.0)
      onValue = arith::MulFOp::create(
          b, loc, e[1],
          arith::ConstantOp::create(b, loc, b.getFloatAttr(tt.getElementType(), diag)));
    Value zero = buildZero(b, loc, tt.getElementType());
    return arith::SelectOp::create(b, loc, off, offValue,
                                   arith::SelectOp::create(b, loc, on, onValue, zero));
  });
}

/// u v^T (alpha times) for u, v of M or M x N elements: an M x M tile.
static Value outer(OpBuilder &b, Location loc, Value u, Value v, double alpha) {
  auto ut = cast<TileType>(u.getType());
  int64_t m = ut.getShape()[0];
  Type e = ut.getElementType();
  auto square = TileType::get(b.getContext(), {m, m}, e);
  if (ut.getRank() == 1) {
    u = reshape(b, loc, u, TileType::get(b.getContext(), {m, 1}, e));
    v = reshape(b, loc, v, TileType::get(b.getContext(), {m, 1}, e));
  }
  return matmul(b, loc, square, u, transpose(b, loc, v), alpha);
}

static bool floatTile(Type t) {
  return isa<FloatType>(cast<TileType>(t).getElementType()) ||
         isa<VectorType>(cast<TileType>(t).getElementType());
}

static LogicalResult tileScanRule(TileScanOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || !floatTile(op.getInput().getType()))
    return success();
  if (op.getKind() != AtomicKind::add)
    return op.emitOpError("autodiff: no derivative rule for a min / max tile scan yet "
                          "(docs/design/tiles.md)");
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  // Element j reaches every later output (and itself when inclusive):
  // the sum of adj from j (after j) on, the total less a scan.
  Value total = buildTotal(b, loc, adj);
  Value before = TileScanOp::create(b, loc, adj.getType(), AtomicKind::add, adj,
                                    /*exclusive=*/!op.getExclusive());
  ab.accumulate(op.getInput(),
                buildMap(b, loc, op.getInput().getType(), {before}, [&](ValueRange s) {
                  return (Value)arith::SubFOp::create(b, loc, total, s[0]);
                }));
  return success();
}

static LogicalResult tileCholeskyRule(TileCholeskyOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType t = op.getA().getType();
  bool upper = op.getUpper();
  // Upper: U = L^T, adj_L = adj_U^T, and A's upper triangle is L's lower
  // one transposed.
  Value l = ab.primal(op.getResult());
  if (upper) {
    l = transpose(b, loc, l);
    adj = transpose(b, loc, adj);
  }
  Value lt = transpose(b, loc, l);
  Value p = triangle(b, loc, matmul(b, loc, t, lt, adj), /*upper=*/false, 0.5);
  Value y = TileTriangularSolveOp::create(b, loc, t, lt, p, /*upper=*/true);           // L^-T P
  Value st = TileTriangularSolveOp::create(b, loc, t, lt, transpose(b, loc, y), true); // S^T
  Value s = transpose(b, loc, st);
  Value adjA = triangle(b, loc, s, /*upper=*/false, 1.0, st);
  ab.accumulate(op.getA(), upper ? transpose(b, loc, adjA) : adjA);
  return success();
}

static LogicalResult tileTriangularSolveRule(TileTriangularSolveOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  Value t = ab.primal(op.getT());
  bool upper = op.getUpper();
  Value adjY =
      TileTriangularSolveOp::create(b, loc, op.getY().getType(), transpose(b, loc, t), adj, !upper);
  ab.accumulate(op.getY(), adjY);
  Value x = ab.primal(op.getResult());
  ab.accumulate(op.getT(), triangle(b, loc, outer(b, loc, adjY, x, -1.0), upper, 1.0));
  return success();
}

static LogicalResult tileCholeskySolveRule(TileCholeskySolveOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  Value l = ab.primal(op.getL());
  bool upper = op.getUpper();
  Value adjY = TileCholeskySolveOp::create(b, loc, op.getY().getType(), l, adj, upper);
  ab.accumulate(op.getY(), adjY);
  Value x = ab.primal(op.getResult());
  TileType lt = op.getL().getType();
  // adj_A = -adj_y x^T; A = L L^T reads it through L twice.
  Value g =
      buildMap(b, loc, lt, {outer(b, loc, adjY, x, -1.0), outer(b, loc, x, adjY, -1.0)},
               [&](ValueRange e) { return (Value)arith::AddFOp::create(b, loc, e[0], e[1]); });
  Value adjL = upper ? matmul(b, loc, lt, l, g) : matmul(b, loc, lt, g, l);
  ab.accumulate(op.getL(), triangle(b, loc, adjL, upper, 1.0));
  return success();
}

static LogicalResult tileDiagAddRule(TileDiagAddOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  ab.accumulate(op.getA(), adj);
  TileType dt = op.getD().getType();
  int64_t m = dt.getNumElements();
  Value flat = reshape(b, loc, adj, TileType::get(b.getContext(), {m * m}, dt.getElementType()));
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  Value diag = TileViewOp::create(b, loc, TileType::get(b.getContext(), {m}, dt.getElementType()),
                                  flat, ValueRange{zero}, ArrayRef<int64_t>{m + 1});
  ab.accumulate(op.getD(), reshape(b, loc, diag, dt));
  return success();
}

static LogicalResult tileFftRule(TileFftOp op, AdjointBuilder &ab) {
  if (Value adj = ab.adjoint(op.getResult()))
    ab.accumulate(op.getInput(), TileFftOp::create(ab.builder(), op.getLoc(), adj.getType(), adj,
                                                   !op.getInverse()));
  return success();
}

static LogicalResult tileViewRule(TileViewOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType in = op.getInput().getType();
  ab.accumulate(op.getInput(),
                TileAssignOp::create(b, loc, in, adj, buildZero(b, loc, in),
                                     primals(ab, op.getOffsets()), op.getStepsAttr()));
  return success();
}

static LogicalResult tileAssignRule(TileAssignOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType st = op.getSource().getType(), dt = op.getDest().getType();
  SmallVector<Value> offsets = primals(ab, op.getOffsets());
  ab.accumulate(op.getDest(), TileAssignOp::create(b, loc, dt, buildZero(b, loc, st), adj, offsets,
                                                   op.getStepsAttr()));
  ab.accumulate(op.getSource(), TileViewOp::create(b, loc, st, adj, offsets, op.getStepsAttr()));
  return success();
}

/// t[idx, :] along `axis`: the input's element r (along the axis) gets the
/// result's adjoint summed over the k with idx[k] == r, a negative index
/// counting from the end; an index outside the input read zero and takes
/// nothing. Built on a tile with the result's axis inserted after `axis`
/// (element (.., r, k, ..)), masked by idx[k] == r and summed over k.
static LogicalResult tileGatherRule(TileGatherOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType in = op.getInput().getType(), out = op.getResult().getType();
  if (in.getRank() >= 4)
    return op.emitError("autodiff: no derivative rule for a gather from a tile of rank 4 yet");
  int64_t axis = op.getAxis(), n = in.getShape()[axis], m = out.getShape()[axis];
  SmallVector<int64_t> wide(in.getShape());
  wide.insert(wide.begin() + axis + 1, m);
  // The adjoint with a unit extent for r, the indices along k only, both
  // broadcast to the wide shape.
  auto spread = [&](Value t, ArrayRef<int64_t> unitShape) -> Value {
    Type e = cast<TileType>(t.getType()).getElementType();
    Value r = reshape(b, loc, t, TileType::get(b.getContext(), unitShape, e));
    return TileBroadcastOp::create(b, loc, TileType::get(b.getContext(), wide, e), r);
  };
  SmallVector<int64_t> adjShape(out.getShape());
  adjShape.insert(adjShape.begin() + axis, 1);
  SmallVector<int64_t> idxShape(wide.size(), 1);
  idxShape[axis + 1] = m;
  Value a = spread(adj, adjShape);
  Value k = spread(primals(ab, op.getIndices())[0], idxShape);
  int64_t stride = 1;
  for (size_t d = axis + 1; d < wide.size(); ++d)
    stride *= wide[d];
  Type i32 = b.getI32Type();
  auto c32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i32, v); };
  Value zero = buildZero(b, loc, out.getElementType());
  Value masked = buildMap(
      b, loc, TileType::get(b.getContext(), wide, out.getElementType()),
      {a, k, buildIndices(b, loc, wide)}, [&](ValueRange x) {
        // r: the element's position along `axis` of the wide tile.
        Value r = arith::RemSIOp::create(b, loc, arith::DivSIOp::create(b, loc, x[2], c32(stride)),
                                         c32(n));
        Value neg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x[1], c32(0));
        Value idx =
            arith::SelectOp::create(b, loc, neg, arith::AddIOp::create(b, loc, x[1], c32(n)), x[1]);
        Value hit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, idx, r);
        return (Value)arith::SelectOp::create(b, loc, hit, x[0], zero);
      });
  ab.accumulate(op.getInput(), reshape(b, loc, buildSum(b, loc, masked, axis + 1), in));
  return success();
}

void kdsl::tile_ad::attachTileLinalgRules(MLIRContext *ctx) {
  TileScanOp::attachInterface<OpRule<TileScanOp, tileScanRule>>(*ctx);
  TileCholeskyOp::attachInterface<OpRule<TileCholeskyOp, tileCholeskyRule>>(*ctx);
  TileTriangularSolveOp::attachInterface<OpRule<TileTriangularSolveOp, tileTriangularSolveRule>>(
      *ctx);
  TileCholeskySolveOp::attachInterface<OpRule<TileCholeskySolveOp, tileCholeskySolveRule>>(*ctx);
  TileDiagAddOp::attachInterface<OpRule<TileDiagAddOp, tileDiagAddRule>>(*ctx);
  TileFftOp::attachInterface<OpRule<TileFftOp, tileFftRule>>(*ctx);
  TileViewOp::attachInterface<OpRule<TileViewOp, tileViewRule>>(*ctx);
  TileAssignOp::attachInterface<OpRule<TileAssignOp, tileAssignRule>>(*ctx);
  TileGatherOp::attachInterface<OpRule<TileGatherOp, tileGatherRule>>(*ctx);
}
