//===- FlattenCarriedStructs.cpp - values across region boundaries --------===//
//
// Rewrites the values that cross the boundary of an scf.for, scf.while or
// scf.if (loop-carried values, if results) into other values: the op takes
// and yields the parts, each region rebuilds the value from its block
// arguments, and the value is rebuilt from the op's results after it.
//
// - Structs (of scalars, vectors, matrices and nested such structs) cross as
//   their fields, depth first. Two users: kdsl-autodiff, whose loop tapes
//   (memref<?xT>) hold scalars and vectors only, and the GPU lowering, where
//   convert-gpu-to-nvvm converts no struct-typed block arguments. Structs
//   with array fields stay as they are.
// - Matrices (n-D vectors) cross as 1-D vectors, for the GPU lowering:
//   convert-gpu-to-nvvm converts the block arguments scf-to-cf makes of them
//   but not the n-D vector ops that feed them.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kdsl;

namespace {
/// How values of some types cross a region boundary: as parts.
struct Split {
  /// Whether values of `t` are split.
  bool (*applies)(Type t);
  /// Appends the parts of `v` (a value of a type that applies).
  void (*split)(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &out);
  /// Appends the part types of `t`.
  void (*partTypes)(Type t, SmallVectorImpl<Type> &out);
  /// A value of `t` from the front of `parts`, which it consumes.
  Value (*join)(OpBuilder &b, Location loc, Type t, ValueRange &parts);
};
} // namespace

//===----------------------------------------------------------------------===//
// Structs as their fields
//===----------------------------------------------------------------------===//

/// A struct all of whose fields (nested ones too) are scalars or vectors.
static bool isFlattenable(Type t) {
  auto st = dyn_cast<StructType>(t);
  return st && llvm::all_of(st.getFieldTypes(), [](Type f) {
           return isFlattenable(f) || f.isIntOrIndexOrFloat() || isa<VectorType>(f);
         });
}

static void fieldTypes(Type t, SmallVectorImpl<Type> &out) {
  if (!isFlattenable(t)) {
    out.push_back(t);
    return;
  }
  for (Type f : cast<StructType>(t).getFieldTypes())
    fieldTypes(f, out);
}

static void fields(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &out) {
  if (!isFlattenable(v.getType())) {
    out.push_back(v);
    return;
  }
  auto st = cast<StructType>(v.getType());
  for (auto [name, f] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
    fields(b, loc, StructExtractOp::create(b, loc, f, v, name), out);
}

static Value takeFront(ValueRange &parts) {
  Value v = parts.front();
  parts = parts.drop_front();
  return v;
}

static Value fromFields(OpBuilder &b, Location loc, Type t, ValueRange &parts) {
  if (!isFlattenable(t))
    return takeFront(parts);
  auto st = cast<StructType>(t);
  SmallVector<Value> values;
  for (Type f : st.getFieldTypes())
    values.push_back(fromFields(b, loc, f, parts));
  return StructCreateOp::create(b, loc, st, values);
}

static const Split kStructFields = {isFlattenable, fields, fieldTypes, fromFields};

//===----------------------------------------------------------------------===//
// Matrices as 1-D vectors
//===----------------------------------------------------------------------===//

static bool isMatrix(Type t) {
  auto v = dyn_cast<VectorType>(t);
  return v && v.getRank() > 1;
}

static VectorType flatVector(Type t) {
  auto v = cast<VectorType>(t);
  return VectorType::get({v.getNumElements()}, v.getElementType());
}

static void flatMatrix(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &out) {
  out.push_back(vector::ShapeCastOp::create(b, loc, flatVector(v.getType()), v));
}

static void flatMatrixType(Type t, SmallVectorImpl<Type> &out) { out.push_back(flatVector(t)); }

static Value fromFlatMatrix(OpBuilder &b, Location loc, Type t, ValueRange &parts) {
  return vector::ShapeCastOp::create(b, loc, t, takeFront(parts));
}

static const Split kMatrixRows = {isMatrix, flatMatrix, flatMatrixType, fromFlatMatrix};

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

static SmallVector<Value> splitAll(const Split &s, OpBuilder &b, Location loc, ValueRange values) {
  SmallVector<Value> out;
  for (Value v : values) {
    if (s.applies(v.getType()))
      s.split(b, loc, v, out);
    else
      out.push_back(v);
  }
  return out;
}

static SmallVector<Type> splitTypes(const Split &s, TypeRange types) {
  SmallVector<Type> out;
  for (Type t : types) {
    if (s.applies(t))
      s.partTypes(t, out);
    else
      out.push_back(t);
  }
  return out;
}

static SmallVector<Value> joinAll(const Split &s, OpBuilder &b, Location loc, TypeRange types,
                                  ValueRange parts) {
  SmallVector<Value> out;
  for (Type t : types)
    out.push_back(s.applies(t) ? s.join(b, loc, t, parts) : takeFront(parts));
  return out;
}

/// Replaces the arguments of `block` from `first` on that `s` splits by their parts.
static void splitArguments(const Split &s, Block &block, unsigned first) {
  OpBuilder b = OpBuilder::atBlockBegin(&block);
  for (unsigned i = first; i < block.getNumArguments();) {
    BlockArgument a = block.getArgument(i);
    if (!s.applies(a.getType())) {
      ++i;
      continue;
    }
    SmallVector<Type> types;
    s.partTypes(a.getType(), types);
    SmallVector<Value> parts;
    for (auto [k, t] : llvm::enumerate(types))
      parts.push_back(block.insertArgument(i + 1 + k, t, a.getLoc()));
    ValueRange rest = parts;
    a.replaceAllUsesWith(s.join(b, a.getLoc(), a.getType(), rest));
    block.eraseArgument(i);
    i += types.size();
  }
}

/// Splits the operands of `block`'s terminator from `first` on.
static void splitYield(const Split &s, Block &block, unsigned first) {
  Operation *yield = block.getTerminator();
  OpBuilder b(yield);
  SmallVector<Value> operands(yield->getOperands().take_front(first));
  llvm::append_range(operands,
                     splitAll(s, b, yield->getLoc(), yield->getOperands().drop_front(first)));
  yield->setOperands(operands);
}

static void rewriteOp(const Split &s, Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<Type> types = splitTypes(s, op->getResultTypes());
  Operation *flat;
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    auto g = scf::ForOp::create(b, loc, f.getLowerBound(), f.getUpperBound(), f.getStep(),
                                splitAll(s, b, loc, f.getInitArgs()), nullptr, f.getUnsignedCmp());
    g.getRegion().takeBody(f.getRegion());
    splitArguments(s, *g.getBody(), 1);
    splitYield(s, *g.getBody(), 0);
    flat = g;
  } else if (auto w = dyn_cast<scf::WhileOp>(op)) {
    auto g = scf::WhileOp::create(b, loc, types, splitAll(s, b, loc, w.getInits()));
    g.getBefore().takeBody(w.getBefore());
    g.getAfter().takeBody(w.getAfter());
    splitArguments(s, g.getBefore().front(), 0);
    splitYield(s, g.getBefore().front(), 1); // scf.condition(%cond) args...
    splitArguments(s, g.getAfter().front(), 0);
    splitYield(s, g.getAfter().front(), 0);
    flat = g;
  } else {
    auto i = cast<scf::IfOp>(op);
    auto g = scf::IfOp::create(b, loc, types, i.getCondition(), /*withElse=*/false);
    g.getThenRegion().takeBody(i.getThenRegion());
    g.getElseRegion().takeBody(i.getElseRegion());
    splitYield(s, g.getThenRegion().front(), 0);
    if (!g.getElseRegion().empty())
      splitYield(s, g.getElseRegion().front(), 0);
    flat = g;
  }
  b.setInsertionPointAfter(flat);
  op->replaceAllUsesWith(joinAll(s, b, loc, op->getResultTypes(), flat->getResults()));
  op->erase();
}

static void rewriteBoundaries(const Split &s, Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) { // inner regions first
    if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op) &&
        (llvm::any_of(op->getResultTypes(), s.applies) ||
         llvm::any_of(op->getOperandTypes(), s.applies)))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    rewriteOp(s, op);
}

void kdsl::flattenCarriedStructs(Operation *root) { rewriteBoundaries(kStructFields, root); }

void kdsl::flattenCarriedMatrices(Operation *root) { rewriteBoundaries(kMatrixRows, root); }
