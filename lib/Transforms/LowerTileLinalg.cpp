//===- LowerTileLinalg.cpp - cholesky, solves, diag_add, fft as loops -----===//
//
// Part of kdsl-lower-tiles (LowerTiles.h): Warp's MathDx builtins as plain
// loop nests, no library (issue 30: no MathDx here). Cholesky is the
// column-by-column (Cholesky-Banachiewicz) factorization; the solves are
// forward and back substitution per column of the right-hand side; the FFT
// is the direct DFT of each batch row against a table of the N twiddle
// factors, computed in f64 (tiles are small, and the direct sum has no
// size restriction).
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

namespace {

/// Element (i, k) of an M x M buffer, or of its transpose.
struct Square {
  Value buf;
  int64_t m;
  bool transposed = false;

  Value flat(Emitter &e, Value i, Value k) const {
    if (transposed)
      std::swap(i, k);
    return arith::AddIOp::create(e.b, e.loc, arith::MulIOp::create(e.b, e.loc, i, e.c32(m)), k);
  }
  Value at(Emitter &e, Value i, Value k) const { return e.load(buf, flat(e, i, k)); }
};

} // namespace

static Value sub(Emitter &e, Value x, Value y) { return arith::SubFOp::create(e.b, e.loc, x, y); }
static Value div(Emitter &e, Value x, Value y) { return arith::DivFOp::create(e.b, e.loc, x, y); }

/// sum_{k in [lo, hi)} f(k), from `init` subtracted: init - f(lo) - ...
static Value subtractSum(Emitter &e, Value init, Value lo, Value hi,
                         function_ref<Value(Value)> term) {
  return e.loop(lo, hi, init, [&](Value k, ValueRange acc) {
    return SmallVector<Value>{sub(e, acc[0], term(k))};
  })[0];
}

/// Solves T x = x in place, column by column, in buffer `x` of M x cols
/// elements: forward substitution (T lower triangular) or back
/// substitution (`upper`). Reads only T's triangle and diagonal.
static void solveInPlace(Emitter &e, const Square &t, Value x, int64_t cols, bool upper) {
  int64_t m = t.m;
  auto at = [&](Value i, Value c) {
    return arith::AddIOp::create(e.b, e.loc, arith::MulIOp::create(e.b, e.loc, i, e.c32(cols)), c);
  };
  e.loop(e.c32(0), cols, {}, [&](Value c, ValueRange) {
    e.loop(e.c32(0), m, {}, [&](Value ii, ValueRange) {
      Value i = upper ? (Value)arith::SubIOp::create(e.b, e.loc, e.c32(m - 1), ii) : ii;
      Value lo = upper ? (Value)arith::AddIOp::create(e.b, e.loc, i, e.c32(1)) : e.c32(0);
      Value hi = upper ? e.c32(m) : i;
      Value s = subtractSum(e, e.load(x, at(i, c)), lo, hi,
                            [&](Value k) { return e.mul(t.at(e, i, k), e.load(x, at(k, c))); });
      e.store(div(e, s, t.at(e, i, i)), x, at(i, c));
      return SmallVector<Value>{};
    });
    return SmallVector<Value>{};
  });
}

/// The number of right-hand-side columns of a solve's y (M or M x N).
static int64_t columns(TileType y) { return y.getRank() == 1 ? 1 : y.getShape()[1]; }

/// L with L L^T = a (lower; with `upper`, U = L^T from a's upper triangle),
/// zeros elsewhere.
static void cholesky(Emitter &e, Value a, Value out, TileType t, bool upper) {
  int64_t m = t.getShape()[0];
  Type et = t.getElementType();
  // With `upper`, a's upper triangle read as the lower one's transpose and
  // L written transposed: U = L^T.
  Square in{a, m, upper}, l{out, m, upper};
  e.forEach(t.getShape(), [&](ValueRange, Value flat) { e.store(e.zero(et), out, flat); });
  e.loop(e.c32(0), m, {}, [&](Value j, ValueRange) {
    Value d = subtractSum(e, in.at(e, j, j), e.c32(0), j, [&](Value k) {
      Value x = l.at(e, j, k);
      return e.mul(x, x);
    });
    d = math::SqrtOp::create(e.b, e.loc, d);
    e.store(d, out, l.flat(e, j, j));
    Value next = arith::AddIOp::create(e.b, e.loc, j, e.c32(1));
    e.loop(next, e.c32(m), {}, [&](Value i, ValueRange) {
      Value s = subtractSum(e, in.at(e, i, j), e.c32(0), j,
                            [&](Value k) { return e.mul(l.at(e, i, k), l.at(e, j, k)); });
      e.store(div(e, s, d), out, l.flat(e, i, j));
      return SmallVector<Value>{};
    });
    return SmallVector<Value>{};
  });
}

/// The DFT along the last dimension of every batch row, unnormalized;
/// `sign` -1 for the forward transform, +1 for the inverse.
static void dft(Emitter &e, Value x, Value out, TileType t, double sign, TileBuffers &bufs) {
  int64_t n = t.getShape().back(), rows = t.getNumElements() / n;
  auto vt = cast<VectorType>(t.getElementType());
  Type ft = vt.getElementType();
  OpBuilder &b = e.b;
  // Twiddles w[m] = exp(sign 2 pi i m / n), in f64 then rounded.
  Value wr = bufs.allocate(e.loc, TileType::get(b.getContext(), {n}, ft));
  Value wi = bufs.allocate(e.loc, TileType::get(b.getContext(), {n}, ft));
  e.loop(e.c32(0), n, {}, [&](Value m, ValueRange) {
    Value md = arith::SIToFPOp::create(b, e.loc, b.getF64Type(), m);
    Value scale =
        arith::ConstantOp::create(b, e.loc, b.getF64FloatAttr(sign * 2 * llvm::numbers::pi / n));
    Value angle = arith::MulFOp::create(b, e.loc, md, scale);
    e.store(e.convert(math::CosOp::create(b, e.loc, angle), ft), wr, m);
    e.store(e.convert(math::SinOp::create(b, e.loc, angle), ft), wi, m);
    return SmallVector<Value>{};
  });
  e.loop(e.c32(0), rows, {}, [&](Value r, ValueRange) {
    Value base = arith::MulIOp::create(b, e.loc, r, e.c32(n));
    e.loop(e.c32(0), n, {}, [&](Value k, ValueRange) {
      ValueRange acc = e.loop(e.c32(0), n, {e.zero(ft), e.zero(ft)},
                              [&](Value j, ValueRange acc) -> SmallVector<Value> {
                                Value v = e.load(x, arith::AddIOp::create(b, e.loc, base, j));
                                Value xr = vector::ExtractOp::create(b, e.loc, v, int64_t(0));
                                Value xi = vector::ExtractOp::create(b, e.loc, v, int64_t(1));
                                Value m = arith::RemUIOp::create(
                                    b, e.loc, arith::MulIOp::create(b, e.loc, k, j), e.c32(n));
                                Value cr = e.load(wr, m), ci = e.load(wi, m);
                                Value re = sub(e, e.mul(xr, cr), e.mul(xi, ci));
                                Value im = e.add(e.mul(xr, ci), e.mul(xi, cr));
                                return {e.add(acc[0], re), e.add(acc[1], im)};
                              });
      Value v = vector::FromElementsOp::create(b, e.loc, vt, ValueRange{acc[0], acc[1]});
      e.store(v, out, arith::AddIOp::create(b, e.loc, base, k));
      return SmallVector<Value>{};
    });
    return SmallVector<Value>{};
  });
}

LogicalResult kdsl::tiles::lowerTileLinalgOp(Operation *op, ArrayRef<Value> in, TileBuffers &bufs) {
  OpBuilder b(op);
  Emitter e{b, op->getLoc()};
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](TileCholeskyOp o) {
        cholesky(e, in[0], bufs.allocateFor(o.getResult()), o.getA().getType(), o.getUpper());
        return success();
      })
      .Case([&](TileTriangularSolveOp o) {
        Value out = bufs.allocateFor(o.getResult());
        copyBuffer(b, e.loc, in[1], out);
        Square t{in[0], o.getT().getType().getShape()[0]};
        solveInPlace(e, t, out, columns(o.getY().getType()), o.getUpper());
        return success();
      })
      .Case([&](TileCholeskySolveOp o) {
        // Lower L: L z = y, then L^T x = z. Upper U: U^T z = y, then U x = z.
        Value out = bufs.allocateFor(o.getResult());
        copyBuffer(b, e.loc, in[1], out);
        int64_t m = o.getL().getType().getShape()[0], cols = columns(o.getY().getType());
        bool upper = o.getUpper();
        solveInPlace(e, Square{in[0], m, upper}, out, cols, /*upper=*/false);
        solveInPlace(e, Square{in[0], m, !upper}, out, cols, /*upper=*/true);
        return success();
      })
      .Case([&](TileDiagAddOp o) {
        Value out = bufs.allocateFor(o.getResult());
        copyBuffer(b, e.loc, in[0], out);
        Square a{out, o.getA().getType().getShape()[0]};
        e.loop(e.c32(0), a.m, {}, [&](Value i, ValueRange) {
          Value at = a.flat(e, i, i);
          e.store(e.add(e.load(out, at), e.load(in[1], i)), out, at);
          return SmallVector<Value>{};
        });
        return success();
      })
      .Case([&](TileFftOp o) {
        dft(e, in[0], bufs.allocateFor(o.getResult()), o.getInput().getType(),
            o.getInverse() ? 1.0 : -1.0, bufs);
        return success();
      })
      .Default([&](Operation *) {
        return op->emitError("not a linear algebra tile op (kdsl-lower-tiles)");
      });
}
