//===- LowerTileLaneLoops.cpp - loops whose bounds vary over the lanes ----===//
//
// Part of kdsl-lower-tiles (LowerTiles.h): before a lane-dependent kernel's
// tiles are lowered, an `scf.for` that holds tile operations and whose
// bounds may vary over the block's lanes, as Warp's strided loops
//
//   for el in range(lane, upper, wp.block_dim()):  # upper a multiple of B
//       t = wp.tile(x[el]) ...
//
// becomes a loop of the block: each lane's trip count n goes through the
// block (wp.tile(n), its minimum and maximum), the loop runs the minimum
// number of iterations, iteration k at lane's `lower + k * step`, and an
// assert fails the launch where the lanes' counts differ (tile operations
// under control flow that varies are undefined in Warp; kdsl-lower-lanes
// refuses them). Lanes that agree, the case Warp's users write, run exactly
// their iterations.
//
//===----------------------------------------------------------------------===//
#include "LowerTiles.h"
#include "kdsl/Transforms/Lanes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace kdsl;

static bool isTileOpName(Operation *op) {
  return isa<KdslDialect>(op->getDialect()) &&
         op->getName().getStringRef().starts_with("kdsl.tile_");
}

namespace {

/// Whether a value may differ between the lanes of a block: it depends on a
/// wp.tid() index not marked the block's, on a lane's own value (wp.untile
/// folded to the lane index, a stack's pop or push, an atomic's old value),
/// or on a value carried by a loop or made by a branch (not followed).
class MayVary {
public:
  bool operator()(Value v) {
    if (auto it = memo.find(v); it != memo.end())
      return it->second;
    memo[v] = true; // (cycles through loops: may vary)
    return memo[v] = compute(v);
  }

private:
  bool compute(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<KernelOp>(owner))
        return false;
      // A loop's counter varies as its bounds do.
      if (auto f = dyn_cast<scf::ForOp>(owner); f && arg == f.getInductionVar())
        return (*this)(f.getLowerBound()) || (*this)(f.getUpperBound()) || (*this)(f.getStep());
      return true;
    }
    Operation *def = v.getDefiningOp();
    if (auto tid = dyn_cast<TidOp>(def)) {
      auto uniform = tid->getAttrOfType<DenseBoolArrayAttr>(kLaneUniformTidAttrName);
      unsigned i = cast<OpResult>(v).getResultNumber();
      return !uniform || i >= (unsigned)uniform.size() || !uniform[i];
    }
    if (isa<gpu::ThreadIdOp, TileToLanesOp, TileStackPushOp, TileStackPopOp, AtomicOp>(def) ||
        def->getNumRegions() != 0)
      return true;
    return llvm::any_of(def->getOperands(), [&](Value x) { return (*this)(x); });
  }

  DenseMap<Value, bool> memo;
};

} // namespace

/// The block's extreme of `n` (i32) over its lanes: tile_reduce of wp.tile(n).
static Value blockExtreme(OpBuilder &b, Location loc, Value n, bool max) {
  MLIRContext *ctx = b.getContext();
  Type i32 = b.getI32Type();
  Value lanes = TileFromLanesOp::create(b, loc, TileType::get(ctx, {ShapedType::kDynamic}, i32), n);
  auto reduce = TileReduceOp::create(b, loc, TileType::get(ctx, {1}, i32), lanes, IntegerAttr());
  {
    OpBuilder::InsertionGuard g(b);
    Block *body = b.createBlock(&reduce.getBody(), {}, {i32, i32}, {loc, loc});
    Value x = body->getArgument(0), y = body->getArgument(1);
    TileYieldOp::create(b, loc,
                        max ? (Value)arith::MaxSIOp::create(b, loc, x, y)
                            : (Value)arith::MinSIOp::create(b, loc, x, y));
  }
  return TileExtractOp::create(b, loc, reduce,
                               ValueRange{arith::ConstantIntOp::create(b, loc, i32, 0)});
}

void kdsl::tiles::uniformLaneLoops(KernelOp kernel) {
  MayVary mayVary;
  SmallVector<scf::ForOp> loops;
  kernel.walk([&](scf::ForOp f) {
    bool tiles = f.getBody()
                     ->walk([](Operation *op) {
                       return isTileOpName(op) ? WalkResult::interrupt() : WalkResult::advance();
                     })
                     .wasInterrupted();
    Type t = f.getLowerBound().getType();
    if (tiles && (t.isInteger(32) || t.isInteger(64)) &&
        (mayVary(f.getLowerBound()) || mayVary(f.getUpperBound()) || mayVary(f.getStep())))
      loops.push_back(f);
  });
  // (Outer loops first: an inner loop's bounds may be an outer counter.)
  for (scf::ForOp f : llvm::reverse(loops)) {
    OpBuilder b(f);
    Location loc = f.getLoc();
    Type i32 = b.getI32Type();
    Value lb = f.getLowerBound(), ub = f.getUpperBound(), step = f.getStep();
    Type t = lb.getType(); // i32, or i64 (the reversed loops of adjoints)
    auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, t, v); };
    // This lane's trip count max(0, ceildiv(ub - lb, step)) (steps are positive).
    Value n =
        arith::DivSIOp::create(b, loc,
                               arith::AddIOp::create(b, loc, arith::SubIOp::create(b, loc, ub, lb),
                                                     arith::SubIOp::create(b, loc, step, cst(1))),
                               step);
    n = arith::MaxSIOp::create(b, loc, n, cst(0));
    if (t != i32)
      n = arith::TruncIOp::create(b, loc, i32, n);
    Value fewest = blockExtreme(b, loc, n, /*max=*/false);
    Value most = blockExtreme(b, loc, n, /*max=*/true);
    AssertOp::create(b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, fewest, most),
                     b.getStringAttr("the lanes of a block run a loop holding tile operations a "
                                     "different number of times (Warp leaves it undefined)"),
                     Value());
    Value count = t == i32 ? fewest : (Value)arith::ExtSIOp::create(b, loc, t, fewest);
    auto uniform = scf::ForOp::create(b, loc, cst(0), count, cst(1), f.getInitArgs());
    Block *body = uniform.getBody();
    if (!body->empty())
      body->back().erase(); // the implicit yield
    body->getOperations().splice(body->end(), f.getBody()->getOperations());
    b.setInsertionPointToStart(body);
    Value iv = arith::AddIOp::create(
        b, loc, lb, arith::MulIOp::create(b, loc, uniform.getInductionVar(), step));
    f.getInductionVar().replaceAllUsesWith(iv);
    for (auto [from, to] : llvm::zip(f.getRegionIterArgs(), uniform.getRegionIterArgs()))
      from.replaceAllUsesWith(to);
    f.replaceAllUsesWith(uniform.getResults());
    f.erase();
  }
}
