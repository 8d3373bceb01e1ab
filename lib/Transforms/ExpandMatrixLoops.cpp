//===- ExpandMatrixLoops.cpp - large matrices in memory, ops as loops ------===//
//
// kdsl-expand-builtins writes products out element by element: an (n x k)
// by (k x m) product is n*k*m scalar multiply-adds, 262,144 for two 64x64
// matrices, which LLVM's and NVPTX's back ends took minutes over (issue 26,
// finding 18). And a large matrix as an SSA value is itself a problem: a
// 128x128 float matrix is 16,384 scalars, an LLVM array of 128 vectors,
// and every load, store, copy or element-wise op on it is straight-line code
// of 128 rows (16,384 instructions on the GPU), in blocks the back ends'
// schedulers take time quadratic in.
//
// So, before the element-wise patterns run, in every function:
//  - Products above kMaxUnrolledMatrixOps multiply-adds, and transposes and
//    outer products above kMaxUnrolledMatrixOps elements, become scf.for
//    loops over stack buffers. Each row of a product is accumulated as a
//    vector, c[i, :] = ((a[i, 0] * b[0, :] + a[i, 1] * b[1, :]) + ...),
//    which is, element by element, Warp's dot(a[i], column j of b) in the
//    order of the unrolled expansion and of the C++ prelude's matmul (the
//    same roundings, so all backends stay bit-identical).
//  - Large matrices (more than kMaxSSAMatrixElements elements) live in
//    those buffers instead of SSA values wherever the ops allow: array loads
//    and stores (a row at a time through kdsl.component_view), atomic
//    add/sub into arrays, element-wise arith and math ops, extracting and
//    inserting rows or elements, splats, the results of scf.if (the
//    bounds-checked loads), and sums and products of a flattened matrix
//    (autodiff's adjoint of a broadcast); every one a loop. Where another
//    op needs the SSA value (a call, a loop-carried value, a return), it is
//    read back from its buffer row by row, and an SSA value a memory op
//    needs is written to one row by row.
// The code is then linear in the number of rows, not in n^3 or in n^2. Small
// ops (every vec2..4 / mat22..44 one, up to an 8x8 by 8x8 product) keep
// their unrolled expansion.
//
// The buffers are allocated at the entry of the enclosing function (static
// allocas) and reused: a buffer goes back to its pool after the last use of
// its value (in its block; uses in nested regions count at their ancestor).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/IndexFacts.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;

namespace {

/// Up to an 8x8 by 8x8 product (512 multiply-adds), or 512 elements.
constexpr int64_t kMaxUnrolledMatrixOps = 512;

/// The buffers' alignment: rows whose size is a multiple of it are moved
/// with aligned vector loads and stores (ld.local.v4 on the GPU).
constexpr int64_t kBufferAlign = 16;

bool isScalarElement(Type t) { return t.isIntOrFloat() && !t.isInteger(1); }

/// A matrix too large to be an SSA value (bool ones stay: a vector of i1 is
/// packed in memory, a memref of i1 is not).
bool isLargeMatrix(Type t) {
  return isLargeMatrixType(t) && !cast<VectorType>(t).isScalable() &&
         isScalarElement(cast<VectorType>(t).getElementType());
}

/// n, k, m of a product (n x k) (k x m): M v has m = 1, v M has n = 1.
std::array<int64_t, 3> productDims(MatMulOp o) {
  VectorType lt = o.getLhs().getType(), rt = o.getRhs().getType();
  return {lt.getRank() == 2 ? lt.getDimSize(0) : 1, rt.getDimSize(0),
          rt.getRank() == 2 ? rt.getDimSize(1) : 1};
}

enum class Kind {
  None,
  Product,
  Transpose,
  Outer,
  Elementwise,
  Load,
  Store,
  Atomic,
  Extract,
  Insert,
  Splat,
  Reduce
};

/// Whether a reduction gives the same result chained row by row, each row's
/// reduction accumulating into the previous result: sums and products are
/// ordered (left to right, LLVM's reduce.fadd / fmul without reassoc, the C++
/// prelude's loop), integer reductions are exact in any order. (Float min /
/// max may pick either zero of a tie depending on the grouping.)
bool isOrderedRowReduction(vector::ReductionOp r) {
  if (!isa<FloatType>(r.getType()))
    return true;
  return r.getKind() == vector::CombiningKind::ADD || r.getKind() == vector::CombiningKind::MUL;
}

/// What this file does with `op` (None: the op stays as it is).
Kind classify(Operation *op) {
  return TypeSwitch<Operation *, Kind>(op)
      .Case([](MatMulOp o) {
        auto [n, k, m] = productDims(o);
        bool numeric = isScalarElement(o.getType().getElementType());
        return numeric && n * k * m > kMaxUnrolledMatrixOps ? Kind::Product : Kind::None;
      })
      .Case([](vector::TransposeOp o) {
        VectorType t = o.getSourceVectorType();
        return t.getRank() == 2 && t.getNumElements() > kMaxUnrolledMatrixOps &&
                       isScalarElement(t.getElementType())
                   ? Kind::Transpose
                   : Kind::None;
      })
      .Case([](vector::OuterProductOp o) {
        VectorType t = o.getResultVectorType();
        return !o.getAcc() && isa<VectorType>(o.getOperandTypeRHS()) && t.getRank() == 2 &&
                       t.getNumElements() > kMaxUnrolledMatrixOps &&
                       isScalarElement(t.getElementType())
                   ? Kind::Outer
                   : Kind::None;
      })
      .Case([](LoadOp o) { return isLargeMatrix(o.getType()) ? Kind::Load : Kind::None; })
      .Case([](StoreOp o) {
        return isLargeMatrix(o.getValue().getType()) ? Kind::Store : Kind::None;
      })
      .Case([](AtomicOp o) {
        bool addSub = o.getKind() == AtomicKind::add || o.getKind() == AtomicKind::sub;
        return addSub && !o.getCompare() && o->use_empty() && isLargeMatrix(o.getValue().getType())
                   ? Kind::Atomic
                   : Kind::None;
      })
      .Case([](vector::ExtractOp o) {
        return isLargeMatrix(o.getSourceVectorType()) && o.getNumIndices() > 0 ? Kind::Extract
                                                                               : Kind::None;
      })
      .Case([](vector::InsertOp o) {
        return isLargeMatrix(o.getDestVectorType()) && o.getNumIndices() > 0 ? Kind::Insert
                                                                             : Kind::None;
      })
      .Case([](vector::BroadcastOp o) {
        return isLargeMatrix(o.getResultVectorType()) && !isa<VectorType>(o.getSourceType())
                   ? Kind::Splat
                   : Kind::None;
      })
      .Case([](arith::ConstantOp o) {
        auto splat = dyn_cast<SplatElementsAttr>(o.getValue());
        return splat && isLargeMatrix(o.getType()) ? Kind::Splat : Kind::None;
      })
      .Case([](vector::ShapeCastOp o) {
        // A flattened large matrix that is only reduced (autodiff's adjoint
        // of a broadcast): the reductions run row by row.
        bool reduced = !o->use_empty() && llvm::all_of(o->getUsers(), [](Operation *u) {
          auto r = dyn_cast<vector::ReductionOp>(u);
          return r && !r.getAcc() && isOrderedRowReduction(r);
        });
        return isLargeMatrix(o.getSourceVectorType()) && reduced ? Kind::Reduce : Kind::None;
      })
      .Default([](Operation *op) {
        // Element-wise arith / math ops of large matrices (a select with a
        // scalar condition too): applied row by row.
        if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
            op->getNumRegions() || !isLargeMatrix(op->getResult(0).getType()))
          return Kind::None;
        auto shape = cast<VectorType>(op->getResult(0).getType()).getShape();
        for (Type t : op->getOperandTypes()) {
          auto v = dyn_cast<VectorType>(t);
          if (v ? v.getShape() != shape || !isScalarElement(v.getElementType()) : !t.isIntOrFloat())
            return Kind::None;
        }
        return Kind::Elementwise;
      });
}

/// Where a large matrix is: a buffer, or (a splat) one scalar every element
/// equals.
struct Mem {
  Value buf;
  Value splat;
};

/// The rewrite of one function.
class MatrixMemory {
public:
  MatrixMemory(FunctionOpInterface fn) : fn(fn), b(fn->getContext()) {}

  void run() {
    processRegion(fn.getFunctionBody());
    for (Operation *op : llvm::reverse(toErase))
      op->erase();
    for (scf::IfOp ifOp : ifs)
      dropMemoryResults(ifOp);
  }

private:
  FunctionOpInterface fn;
  IRRewriter b;
  Location loc = UnknownLoc::get(fn->getContext());
  /// Free buffers by type.
  DenseMap<Type, SmallVector<Value>> pool;
  /// The large matrices in memory.
  DenseMap<Value, Mem> mem;
  /// The values whose buffers go back to the pool after an op.
  DenseMap<Operation *, SmallVector<Value>> lastUses;
  /// Buffers of scf.if results: their values are written in the branches.
  DenseMap<Value, Value> ifResultBufs;
  SmallVector<Operation *> toErase;
  SmallVector<scf::IfOp> ifs;

  //===--------------------------------------------------------------------===//
  // Which values go to memory
  //===--------------------------------------------------------------------===//

  /// Whether `user` reads its operand `v` from memory once rewritten.
  bool readsFromMemory(Operation *user, Value v) {
    Kind k = classify(user);
    if (k == Kind::Store)
      return cast<StoreOp>(user).getValue() == v;
    if (k == Kind::Insert)
      return cast<vector::InsertOp>(user).getDest() == v;
    if (k != Kind::None && k != Kind::Splat && k != Kind::Load)
      return true;
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp());
      if (!ifOp)
        return false;
      for (OpOperand &o : yield->getOpOperands())
        if (o.get() == v && resultInMemory(ifOp.getResult(o.getOperandNumber())))
          return true;
    }
    return false;
  }

  bool anyUserReadsFromMemory(Value v) {
    return llvm::any_of(v.getUsers(), [&](Operation *u) { return readsFromMemory(u, v); });
  }

  /// A large scf.if result goes to memory when something reads it from memory.
  bool resultInMemory(Value r) { return isLargeMatrix(r.getType()) && anyUserReadsFromMemory(r); }

  //===--------------------------------------------------------------------===//
  // Buffers
  //===--------------------------------------------------------------------===//

  Value allocate(MemRefType t) {
    SmallVector<Value> &free = pool[t];
    if (!free.empty())
      return free.pop_back_val();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&fn.getFunctionBody().front());
    return memref::AllocaOp::create(b, loc, t, b.getI64IntegerAttr(kBufferAlign));
  }
  Value allocate(VectorType t) {
    SmallVector<int64_t> shape(t.getShape());
    if (shape.size() == 1)
      shape.insert(shape.begin(), 1);
    return allocate(MemRefType::get(shape, t.getElementType()));
  }
  void release(Value buf) { pool[buf.getType()].push_back(buf); }

  /// `v` (now in memory) is dead after the op of its block that holds its
  /// last use.
  void trackLastUse(Value v) {
    Block *block = v.getParentBlock();
    Operation *last = nullptr;
    for (Operation *u : v.getUsers()) {
      Operation *a = block->findAncestorOpInBlock(*u);
      if (a && (!last || last->isBeforeInBlock(a)))
        last = a;
    }
    if (!last) // no use: dead at once
      last = v.getDefiningOp() ? v.getDefiningOp() : &block->front();
    lastUses[last].push_back(v);
  }

  void releaseAfter(Operation *op) {
    auto it = lastUses.find(op);
    if (it == lastUses.end())
      return;
    for (Value v : it->second)
      if (Mem m = mem.lookup(v); m.buf)
        release(m.buf);
    lastUses.erase(it);
  }

  //===--------------------------------------------------------------------===//
  // Code
  //===--------------------------------------------------------------------===//

  Value c32(int64_t i) { return arith::ConstantIntOp::create(b, loc, b.getI32Type(), i); }
  Value cidx(int64_t i) { return arith::ConstantIndexOp::create(b, loc, i); }
  bool isF(Type t) { return isa<FloatType>(getElementTypeOrSelf(t)); }
  Value add(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::AddFOp::create(b, loc, x, y)
                            : arith::AddIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::MulFOp::create(b, loc, x, y)
                            : arith::MulIOp::create(b, loc, x, y);
  }

  /// for (i = 0; i < n; ++i) body(i as i32, i as index). The counter is an
  /// i32, as the kernels' own loops: cf block arguments of index type would
  /// meet convert-gpu-to-nvvm half converted.
  void loop(int64_t n, function_ref<void(Value, Value)> body) {
    scf::ForOp::create(b, loc, c32(0), c32(n), c32(1), ValueRange{},
                       [&](OpBuilder &, Location, Value i, ValueRange) {
                         body(i, arith::IndexCastOp::create(b, loc, b.getIndexType(), i));
                         scf::YieldOp::create(b, loc);
                       });
  }

  /// The alignment of every row of a buffer with `cols` columns.
  llvm::MaybeAlign rowAlign(int64_t cols, Type elem) {
    uint64_t bytes = (uint64_t)cols * elem.getIntOrFloatBitWidth() / 8;
    return llvm::Align(std::min<uint64_t>(kBufferAlign, bytes & -bytes));
  }
  static VectorType rowType(VectorType t) {
    return VectorType::get({t.getShape().back()}, t.getElementType());
  }

  Value loadRow(Value buf, Value i) {
    auto t = cast<MemRefType>(buf.getType());
    auto rowT = VectorType::get({t.getDimSize(1)}, t.getElementType());
    return vector::LoadOp::create(b, loc, rowT, buf, ValueRange{i, cidx(0)}, /*nontemporal=*/false,
                                  rowAlign(t.getDimSize(1), t.getElementType()));
  }
  void storeRow(Value row, Value buf, Value i) {
    auto t = cast<MemRefType>(buf.getType());
    vector::StoreOp::create(b, loc, row, buf, ValueRange{i, cidx(0)}, /*nontemporal=*/false,
                            rowAlign(t.getDimSize(1), t.getElementType()));
  }
  /// Row i of a matrix in memory.
  Value row(const Mem &m, VectorType rowT, Value i) {
    if (m.splat)
      return vector::BroadcastOp::create(b, loc, rowT, m.splat);
    return loadRow(m.buf, i);
  }
  Value element(const Mem &m, Value i, Value j) {
    if (m.splat)
      return m.splat;
    return memref::LoadOp::create(b, loc, m.buf, ValueRange{i, j});
  }

  /// dst[i, :] = src[i, :] for every row (nothing when they are one buffer).
  void copy(const Mem &src, Value dst, VectorType t) {
    if (src.buf == dst)
      return;
    loop(t.getDimSize(0), [&](Value, Value i) { storeRow(row(src, rowType(t), i), dst, i); });
  }

  /// An SSA matrix or vector (a vector as one row) written to `buf`, row by
  /// row; `asColumn`: a vector as one column.
  void spill(Value v, Value buf, bool asColumn = false) {
    auto t = cast<VectorType>(v.getType());
    if (t.getRank() == 1 && asColumn) {
      for (int64_t i = 0; i < t.getDimSize(0); ++i)
        memref::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i}),
                                buf, ValueRange{cidx(i), cidx(0)});
      return;
    }
    if (t.getRank() == 1) {
      storeRow(v, buf, cidx(0));
      return;
    }
    for (int64_t i = 0; i < t.getDimSize(0); ++i)
      storeRow(vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i}), buf, cidx(i));
  }

  /// The value of type `t` held in `buf`: a matrix row by row, a vector from
  /// the buffer's one row or (`fromColumn`) its one column.
  Value fill(Value buf, VectorType t, bool fromColumn = false) {
    if (t.getRank() == 1 && fromColumn) {
      SmallVector<Value> elems;
      for (int64_t i = 0; i < t.getDimSize(0); ++i)
        elems.push_back(memref::LoadOp::create(b, loc, buf, ValueRange{cidx(i), cidx(0)}));
      return vector::FromElementsOp::create(b, loc, t, elems);
    }
    if (t.getRank() == 1)
      return loadRow(buf, cidx(0));
    Value m = arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
    for (int64_t i = 0; i < t.getDimSize(0); ++i)
      m = vector::InsertOp::create(b, loc, loadRow(buf, cidx(i)), m, ArrayRef<int64_t>{i});
    return m;
  }

  /// The matrix operand `v` in memory: its own buffer, or (an SSA value)
  /// a temporary one, appended to `temps`.
  Mem operand(Value v, SmallVectorImpl<Value> &temps) {
    if (Mem m = mem.lookup(v); m.buf || m.splat)
      return m;
    Value buf = allocate(cast<VectorType>(v.getType()));
    spill(v, buf);
    temps.push_back(buf);
    return Mem{buf, {}};
  }

  /// The view of the element `access` reads or writes: its rows, or its
  /// scalars (with what kdsl-index-facts proved of the access's indices).
  Value view(Operation *access, Value array, ValueRange indices, VectorType t, bool rows) {
    auto at = ArrayType::get(b.getContext(), rows ? (Type)rowType(t) : t.getElementType(),
                             rows ? 1 : t.getRank());
    auto v = ComponentViewOp::create(b, loc, at, array, indices);
    if (Attribute facts = access->getAttr(kNonNegativeIndicesAttr))
      v->setAttr(kNonNegativeIndicesAttr, facts);
    return v;
  }
  /// An access to a view at `n` loop counters: indices in [0, extent).
  static Operation *inRange(Operation *access, unsigned n) {
    access->setAttr(kNonNegativeIndicesAttr,
                    DenseBoolArrayAttr::get(access->getContext(), SmallVector<bool>(n, true)));
    return access;
  }

  //===--------------------------------------------------------------------===//
  // The walk
  //===--------------------------------------------------------------------===//

  void processRegion(Region &region) {
    for (Block &block : region)
      processBlock(block);
  }

  void processBlock(Block &block) {
    // Large block arguments (loop-carried matrices, function arguments) that
    // memory ops read: written to a buffer at the block's start.
    b.setInsertionPointToStart(&block);
    loc = withoutSourceNames(block.getParentOp()->getLoc());
    for (BlockArgument arg : block.getArguments())
      if (isLargeMatrix(arg.getType()) && anyUserReadsFromMemory(arg)) {
        Value buf = allocate(cast<VectorType>(arg.getType()));
        spill(arg, buf);
        mem[arg] = Mem{buf, {}};
        trackLastUse(arg);
      }
    for (Operation &op : llvm::make_early_inc_range(block)) {
      process(&op);
      releaseAfter(&op);
    }
  }

  void process(Operation *op) {
    Kind k = classify(op);
    if (k == Kind::None) {
      if (auto ifOp = dyn_cast<scf::IfOp>(op))
        return processIf(ifOp);
      if (auto yield = dyn_cast<scf::YieldOp>(op))
        return processYield(yield);
      for (Region &r : op->getRegions())
        processRegion(r);
      // Large results memory ops read: written to a buffer after the op.
      b.setInsertionPointAfter(op);
      loc = withoutSourceNames(op->getLoc());
      for (Value r : op->getResults())
        if (isLargeMatrix(r.getType()) && anyUserReadsFromMemory(r)) {
          Value buf = allocate(cast<VectorType>(r.getType()));
          spill(r, buf);
          mem[r] = Mem{buf, {}};
          trackLastUse(r);
        }
      return;
    }
    loc = withoutSourceNames(op->getLoc());
    b.setInsertionPoint(op);
    switch (k) {
    case Kind::Product:
      return product(cast<MatMulOp>(op));
    case Kind::Transpose:
      return transpose(cast<vector::TransposeOp>(op));
    case Kind::Outer:
      return outer(cast<vector::OuterProductOp>(op));
    case Kind::Elementwise:
      return elementwise(op);
    case Kind::Load:
      return load(cast<LoadOp>(op));
    case Kind::Store:
      return store(cast<StoreOp>(op));
    case Kind::Atomic:
      return atomic(cast<AtomicOp>(op));
    case Kind::Extract:
      return extract(cast<vector::ExtractOp>(op));
    case Kind::Insert:
      return insert(cast<vector::InsertOp>(op));
    case Kind::Splat:
      return splat(op);
    case Kind::Reduce:
      return reduce(cast<vector::ShapeCastOp>(op));
    case Kind::None:
      break;
    }
  }

  /// `op`'s result `r` is now `m`: the ops that read it from memory use `m`,
  /// the others the SSA value read back from it (after `op`), and `op` goes.
  void define(Operation *op, Value r, Mem m) {
    mem[r] = m;
    if (m.buf && llvm::any_of(r.getUsers(), [&](Operation *u) { return !readsFromMemory(u, r); })) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfter(op);
      Value ssa = fill(m.buf, cast<VectorType>(r.getType()));
      r.replaceUsesWithIf(ssa, [&](OpOperand &o) { return !readsFromMemory(o.getOwner(), r); });
      ssa.getDefiningOp()->setLoc(op->getLoc());
    }
    if (m.buf)
      trackLastUse(r);
    toErase.push_back(op);
  }

  /// A result that is not a large matrix (a vector, a small matrix) read
  /// back from `buf`; `buf` is a temporary.
  void defineSSA(Operation *op, Value buf, bool fromColumn = false) {
    Value r = fill(buf, cast<VectorType>(op->getResult(0).getType()), fromColumn);
    r.getDefiningOp()->setLoc(op->getLoc());
    op->getResult(0).replaceAllUsesWith(r);
    release(buf);
    toErase.push_back(op);
  }

  /// The result buffer of `op` (result `r`): for an element-wise op, the
  /// buffer of an operand whose last use this is, if there is one (each row
  /// is read before it is written).
  Value resultBuffer(Operation *op, Value r) {
    auto t = cast<VectorType>(r.getType());
    auto bufT = MemRefType::get(t.getShape(), t.getElementType());
    auto dying = lastUses.find(op);
    for (Value o : op->getOperands()) {
      Mem m = mem.lookup(o);
      if (m.buf && m.buf.getType() == bufT && dying != lastUses.end() &&
          llvm::is_contained(dying->second, o)) {
        llvm::erase(dying->second, o); // the result's now
        return m.buf;
      }
    }
    return allocate(t);
  }

  void product(MatMulOp o) {
    std::array<int64_t, 3> dims = productDims(o);
    int64_t n = dims[0], k = dims[1], m = dims[2];
    VectorType t = o.getType();
    Type elem = t.getElementType();
    SmallVector<Value> temps;
    // M v: v is a (k x 1) matrix; v M: v is a (1 x k) one.
    bool matVec = o.getRhs().getType().getRank() == 1;
    auto matrixOperand = [&](Value v, bool asColumn) -> Mem {
      if (cast<VectorType>(v.getType()).getRank() == 2)
        return operand(v, temps);
      Value buf = allocate(MemRefType::get({asColumn ? k : 1, asColumn ? 1 : k}, elem));
      spill(v, buf, asColumn);
      temps.push_back(buf);
      return Mem{buf, {}};
    };
    Mem a = matrixOperand(o.getLhs(), false);
    Mem bb = matrixOperand(o.getRhs(), true);
    bool large = isLargeMatrix(t);
    Value c = large ? allocate(t) : allocate(MemRefType::get({n, m}, elem));
    auto rowT = VectorType::get({m}, elem);
    auto term = [&](Value i, Value l) {
      return mul(vector::BroadcastOp::create(b, loc, rowT, element(a, i, l)), row(bb, rowT, l));
    };
    loop(n, [&](Value, Value i) {
      Value first = term(i, cidx(0));
      auto sum = scf::ForOp::create(b, loc, c32(1), c32(k), c32(1), ValueRange{first},
                                    [&](OpBuilder &, Location, Value l, ValueRange acc) {
                                      Value li =
                                          arith::IndexCastOp::create(b, loc, b.getIndexType(), l);
                                      scf::YieldOp::create(b, loc, add(acc[0], term(i, li)));
                                    });
      storeRow(sum.getResult(0), c, i);
    });
    for (Value buf : temps)
      release(buf);
    if (large)
      return define(o, o.getResult(), Mem{c, {}});
    defineSSA(o, c, /*fromColumn=*/matVec);
  }

  void transpose(vector::TransposeOp o) {
    VectorType st = o.getSourceVectorType(), t = o.getResultVectorType();
    SmallVector<Value> temps;
    Mem a = operand(o.getVector(), temps);
    bool large = isLargeMatrix(t);
    Value r = allocate(t);
    loop(st.getDimSize(0), [&](Value, Value i) {
      loop(st.getDimSize(1), [&](Value, Value j) {
        memref::StoreOp::create(b, loc, element(a, i, j), r, ValueRange{j, i});
      });
    });
    for (Value buf : temps)
      release(buf);
    if (large)
      return define(o, o.getResult(), Mem{r, {}});
    defineSSA(o, r);
  }

  void outer(vector::OuterProductOp o) {
    // r[i, :] = a[i] * c (Warp's outer: r_ij = a_i c_j).
    VectorType t = o.getResultVectorType();
    VectorType rowT = rowType(t);
    Value a = allocate(MemRefType::get({1, t.getDimSize(0)}, t.getElementType()));
    spill(o.getLhs(), a);
    Value r = allocate(t);
    Value c = o.getRhs();
    loop(t.getDimSize(0), [&](Value, Value i) {
      Value ai = memref::LoadOp::create(b, loc, a, ValueRange{cidx(0), i});
      storeRow(mul(vector::BroadcastOp::create(b, loc, rowT, ai), c), r, i);
    });
    release(a);
    if (isLargeMatrix(t))
      return define(o, o.getResult(), Mem{r, {}});
    defineSSA(o, r);
  }

  /// The op applied row by row: the same op on rows (scalars stay).
  void elementwise(Operation *op) {
    auto t = cast<VectorType>(op->getResult(0).getType());
    SmallVector<Value> temps;
    SmallVector<std::optional<Mem>> ins;
    for (Value v : op->getOperands())
      ins.push_back(isa<VectorType>(v.getType()) ? std::optional<Mem>(operand(v, temps))
                                                 : std::nullopt);
    Value r = resultBuffer(op, op->getResult(0));
    loop(t.getDimSize(0), [&](Value, Value i) {
      OperationState st(loc, op->getName());
      for (auto [v, m] : llvm::zip(op->getOperands(), ins))
        st.addOperands(m ? row(*m, rowType(cast<VectorType>(v.getType())), i) : v);
      st.addTypes(rowType(t));
      st.addAttributes(op->getAttrs());
      storeRow(b.create(st)->getResult(0), r, i);
    });
    for (Value buf : temps)
      if (buf != r)
        release(buf);
    define(op, op->getResult(0), Mem{r, {}});
  }

  void splat(Operation *op) {
    Value scalar;
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      auto attr = cast<SplatElementsAttr>(c.getValue()).getSplatValue<TypedAttr>();
      b.setInsertionPointAfter(op);
      scalar = arith::ConstantOp::create(b, loc, attr);
    } else {
      scalar = cast<vector::BroadcastOp>(op).getSource();
    }
    Value r = op->getResult(0);
    mem[r] = Mem{{}, scalar};
    // The SSA value stays for the ops that need it.
    if (llvm::all_of(r.getUsers(), [&](Operation *u) { return readsFromMemory(u, r); }))
      toErase.push_back(op);
  }

  /// A load into a buffer, a row at a time; into the buffer of the scf.if
  /// result it is the only use of, when it is yielded.
  void load(LoadOp o) {
    VectorType t = cast<VectorType>(o.getType());
    Value r = o.getResult();
    if (!anyUserReadsFromMemory(r))
      return; // as it is
    Value buf;
    if (r.hasOneUse())
      if (auto yield = dyn_cast<scf::YieldOp>(*r.getUsers().begin()))
        buf = ifResultBufs.lookup(
            yield->getParentOp()->getResult(r.getUses().begin()->getOperandNumber()));
    bool own = !buf;
    if (own)
      buf = allocate(t);
    Value rows = view(o, o.getArray(), o.getIndices(), t, /*rows=*/true);
    loop(t.getDimSize(0), [&](Value i32, Value i) {
      storeRow(inRange(LoadOp::create(b, loc, rows, ValueRange{i32}), 1)->getResult(0), buf, i);
    });
    if (!own) { // written where the if's result is
      r.replaceAllUsesWith(ub::PoisonOp::create(b, loc, t));
      toErase.push_back(o);
      return;
    }
    define(o, r, Mem{buf, {}});
  }

  void store(StoreOp o) {
    auto t = cast<VectorType>(o.getValue().getType());
    SmallVector<Value> temps;
    Mem m = operand(o.getValue(), temps);
    Value rows = view(o, o.getArray(), o.getIndices(), t, /*rows=*/true);
    loop(t.getDimSize(0), [&](Value i32, Value i) {
      inRange(StoreOp::create(b, loc, row(m, rowType(t), i), rows, ValueRange{i32}), 1);
    });
    for (Value buf : temps)
      release(buf);
    toErase.push_back(o);
  }

  /// One atomic per component, in row-major order, as kdsl-convert-to-llvm
  /// does for small matrices.
  void atomic(AtomicOp o) {
    auto t = cast<VectorType>(o.getValue().getType());
    SmallVector<Value> temps;
    Mem m = operand(o.getValue(), temps);
    Value elems = view(o, o.getArray(), o.getIndices(), t, /*rows=*/false);
    loop(t.getDimSize(0), [&](Value i32, Value i) {
      loop(t.getDimSize(1), [&](Value j32, Value j) {
        inRange(
            AtomicOp::create(b, loc, o.getKind(), elems, ValueRange{i32, j32}, element(m, i, j)),
            2);
      });
    });
    for (Value buf : temps)
      release(buf);
    toErase.push_back(o);
  }

  /// reduce(flatten(m)) as reduce(row R-1, ... reduce(row 1, reduce(row
  /// 0))): the same ordered sequence of operations. Computed where the
  /// flattening is (the matrix's buffer is read there), the reductions go.
  void reduce(vector::ShapeCastOp o) {
    auto t = o.getSourceVectorType();
    VectorType rowT = rowType(t);
    SmallVector<Value> temps;
    Mem m = operand(o.getSource(), temps);
    toErase.push_back(o);
    for (Operation *user : o->getUsers()) {
      auto r = cast<vector::ReductionOp>(user);
      auto rowReduce = [&](Value row, Value acc) -> Value {
        return vector::ReductionOp::create(b, loc, r.getKind(), row, acc, r.getFastmath());
      };
      Value first = rowReduce(row(m, rowT, cidx(0)), Value());
      auto rest =
          scf::ForOp::create(b, loc, c32(1), c32(t.getDimSize(0)), c32(1), ValueRange{first},
                             [&](OpBuilder &, Location, Value i32, ValueRange acc) {
                               Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), i32);
                               scf::YieldOp::create(b, loc, rowReduce(row(m, rowT, i), acc[0]));
                             });
      rest->setLoc(r->getLoc());
      r.getResult().replaceAllUsesWith(rest.getResult(0));
      toErase.push_back(r); // after o: erased first
    }
    for (Value buf : temps)
      release(buf);
  }

  /// The position of `o`'s k-th index as an index value.
  Value position(OpFoldResult p) {
    if (auto v = dyn_cast<Value>(p))
      return v;
    return cidx(cast<IntegerAttr>(cast<Attribute>(p)).getInt());
  }

  void extract(vector::ExtractOp o) {
    SmallVector<Value> temps;
    Mem m = operand(o.getSource(), temps);
    SmallVector<OpFoldResult> pos = o.getMixedPosition();
    Value i = position(pos[0]);
    Value r = pos.size() == 2 ? element(m, i, position(pos[1]))
                              : row(m, rowType(o.getSourceVectorType()), i);
    for (Value buf : temps)
      release(buf);
    if (Operation *def = r.getDefiningOp())
      def->setLoc(o->getLoc());
    o.getResult().replaceAllUsesWith(r);
    toErase.push_back(o);
  }

  void insert(vector::InsertOp o) {
    VectorType t = o.getDestVectorType();
    SmallVector<Value> temps;
    Mem d = operand(o.getDest(), temps);
    Value r = resultBuffer(o, o.getResult());
    copy(d, r, t);
    SmallVector<OpFoldResult> pos = o.getMixedPosition();
    Value i = position(pos[0]);
    if (pos.size() == 2)
      memref::StoreOp::create(b, loc, o.getValueToStore(), r, ValueRange{i, position(pos[1])});
    else
      storeRow(o.getValueToStore(), r, i);
    for (Value buf : temps)
      if (buf != r)
        release(buf);
    define(o, o.getResult(), Mem{r, {}});
  }

  /// Large results that memory ops read get a buffer each branch writes.
  void processIf(scf::IfOp ifOp) {
    bool any = false;
    for (Value r : ifOp.getResults())
      if (resultInMemory(r)) {
        ifResultBufs[r] = allocate(cast<VectorType>(r.getType()));
        any = true;
      }
    for (Region &region : ifOp->getRegions())
      processRegion(region);
    if (!any)
      return;
    ifs.push_back(ifOp);
    for (Value r : ifOp.getResults())
      if (Value buf = ifResultBufs.lookup(r)) {
        // define() with the if kept: its other results stay.
        mem[r] = Mem{buf, {}};
        if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !readsFromMemory(u, r); })) {
          b.setInsertionPointAfter(ifOp);
          Value ssa = fill(buf, cast<VectorType>(r.getType()));
          r.replaceUsesWithIf(ssa, [&](OpOperand &o) { return !readsFromMemory(o.getOwner(), r); });
        }
        trackLastUse(r);
      }
  }

  /// In a branch of an scf.if whose large results are in memory: each such
  /// value written to the result's buffer (a load that is yielded wrote it
  /// there already).
  void processYield(scf::YieldOp yield) {
    auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp());
    if (!ifOp)
      return;
    b.setInsertionPoint(yield);
    for (OpOperand &o : yield->getOpOperands()) {
      Value buf = ifResultBufs.lookup(ifOp.getResult(o.getOperandNumber()));
      if (!buf || o.get().getDefiningOp<ub::PoisonOp>())
        continue;
      loc = withoutSourceNames(yield->getLoc());
      SmallVector<Value> temps;
      Mem m = operand(o.get(), temps);
      copy(m, buf, cast<VectorType>(o.get().getType()));
      for (Value t : temps)
        release(t);
      o.set(ub::PoisonOp::create(b, loc, o.get().getType()));
    }
  }

  /// The if without the results now in buffers.
  void dropMemoryResults(scf::IfOp ifOp) {
    SmallVector<Type> types;
    SmallVector<unsigned> kept;
    for (Value r : ifOp.getResults())
      if (!ifResultBufs.count(r)) {
        types.push_back(r.getType());
        kept.push_back(cast<OpResult>(r).getResultNumber());
      }
    b.setInsertionPoint(ifOp);
    auto newIf =
        scf::IfOp::create(b, ifOp.getLoc(), types, ifOp.getCondition(), /*withElse=*/false);
    newIf->setAttrs(ifOp->getAttrs());
    for (auto [from, to] : llvm::zip(ifOp->getRegions(), newIf->getRegions())) {
      to.takeBody(from);
      if (to.empty())
        continue;
      auto yield = cast<scf::YieldOp>(to.front().getTerminator());
      SmallVector<Value> values;
      for (unsigned k : kept)
        values.push_back(yield.getOperand(k));
      b.setInsertionPoint(yield);
      scf::YieldOp::create(b, yield.getLoc(), values);
      yield.erase();
    }
    for (auto [k, r] : llvm::enumerate(kept))
      ifOp.getResult(r).replaceAllUsesWith(newIf.getResult(k));
    ifOp.erase();
    // The placeholders the branches yielded for the results in buffers.
    for (Region &region : newIf->getRegions())
      for (Operation &op : llvm::make_early_inc_range(region.getOps()))
        if (isa<ub::PoisonOp>(op) && op.use_empty())
          op.erase();
  }
};

} // namespace

void kdsl::expandLargeMatrixOpsToLoops(Operation *root) {
  SmallVector<FunctionOpInterface> fns;
  root->walk([&](FunctionOpInterface fn) {
    if (!fn.isExternal())
      fns.push_back(fn);
  });
  for (FunctionOpInterface fn : fns)
    MatrixMemory(fn).run();
}
