//===- FlattenCarriedStructs.cpp - structs across region boundaries -------===//
//
// Structs (of scalars, vectors, matrices and nested such structs) that cross
// the boundary of an scf.for, scf.while or scf.if -- loop-carried values,
// if results -- cross it as their fields instead, depth first: the op takes
// and yields the fields, each region rebuilds the struct from its block
// arguments, and the struct is rebuilt from the op's results after it.
//
// Two users: kdsl-autodiff, whose loop tapes (memref<?xT>) hold scalars and
// vectors only, and the GPU lowering, where convert-gpu-to-nvvm converts no
// struct-typed block arguments. Structs with array fields stay as they are.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace kdsl;

/// A struct all of whose fields (nested ones too) are scalars or vectors.
static bool isFlattenable(Type t) {
  auto st = dyn_cast<StructType>(t);
  return st && llvm::all_of(st.getFieldTypes(), [](Type f) {
           return isFlattenable(f) || f.isIntOrIndexOrFloat() || isa<VectorType>(f);
         });
}

static void appendLeafTypes(Type t, SmallVectorImpl<Type> &out) {
  if (!isFlattenable(t)) {
    out.push_back(t);
    return;
  }
  for (Type f : cast<StructType>(t).getFieldTypes())
    appendLeafTypes(f, out);
}

/// Appends `v` (a flattenable struct: its fields, depth first) to `out`.
static void appendLeaves(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &out) {
  if (!isFlattenable(v.getType())) {
    out.push_back(v);
    return;
  }
  auto st = cast<StructType>(v.getType());
  for (auto [name, f] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
    appendLeaves(b, loc, StructExtractOp::create(b, loc, f, v, name), out);
}

/// A value of type `t` from the front of `leaves`, which it consumes.
static Value rebuild(OpBuilder &b, Location loc, Type t, ValueRange &leaves) {
  if (!isFlattenable(t)) {
    Value v = leaves.front();
    leaves = leaves.drop_front();
    return v;
  }
  auto st = cast<StructType>(t);
  SmallVector<Value> fields;
  for (Type f : st.getFieldTypes())
    fields.push_back(rebuild(b, loc, f, leaves));
  return StructCreateOp::create(b, loc, st, fields);
}

static SmallVector<Value> flatten(OpBuilder &b, Location loc, ValueRange values) {
  SmallVector<Value> out;
  for (Value v : values)
    appendLeaves(b, loc, v, out);
  return out;
}

static SmallVector<Type> flattenTypes(TypeRange types) {
  SmallVector<Type> out;
  for (Type t : types)
    appendLeafTypes(t, out);
  return out;
}

/// Replaces the struct arguments of `block` from `first` on by their fields.
static void flattenArguments(Block &block, unsigned first) {
  OpBuilder b = OpBuilder::atBlockBegin(&block);
  for (unsigned i = first; i < block.getNumArguments();) {
    BlockArgument a = block.getArgument(i);
    if (!isFlattenable(a.getType())) {
      ++i;
      continue;
    }
    SmallVector<Type> types;
    appendLeafTypes(a.getType(), types);
    SmallVector<Value> leaves;
    for (auto [k, t] : llvm::enumerate(types))
      leaves.push_back(block.insertArgument(i + 1 + k, t, a.getLoc()));
    ValueRange rest = leaves;
    a.replaceAllUsesWith(rebuild(b, a.getLoc(), a.getType(), rest));
    block.eraseArgument(i);
    i += types.size();
  }
}

/// Flattens the operands of `block`'s terminator from `first` on.
static void flattenYield(Block &block, unsigned first) {
  Operation *yield = block.getTerminator();
  OpBuilder b(yield);
  SmallVector<Value> operands(yield->getOperands().take_front(first));
  llvm::append_range(operands, flatten(b, yield->getLoc(), yield->getOperands().drop_front(first)));
  yield->setOperands(operands);
}

static void flattenOp(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<Type> types = flattenTypes(op->getResultTypes());
  Operation *flat;
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    auto g = scf::ForOp::create(b, loc, f.getLowerBound(), f.getUpperBound(), f.getStep(),
                                flatten(b, loc, f.getInitArgs()), nullptr, f.getUnsignedCmp());
    g.getRegion().takeBody(f.getRegion());
    flattenArguments(*g.getBody(), 1);
    flattenYield(*g.getBody(), 0);
    flat = g;
  } else if (auto w = dyn_cast<scf::WhileOp>(op)) {
    auto g = scf::WhileOp::create(b, loc, types, flatten(b, loc, w.getInits()));
    g.getBefore().takeBody(w.getBefore());
    g.getAfter().takeBody(w.getAfter());
    flattenArguments(g.getBefore().front(), 0);
    flattenYield(g.getBefore().front(), 1); // scf.condition(%cond) args...
    flattenArguments(g.getAfter().front(), 0);
    flattenYield(g.getAfter().front(), 0);
    flat = g;
  } else {
    auto i = cast<scf::IfOp>(op);
    auto g = scf::IfOp::create(b, loc, types, i.getCondition(), /*withElse=*/false);
    g.getThenRegion().takeBody(i.getThenRegion());
    g.getElseRegion().takeBody(i.getElseRegion());
    flattenYield(g.getThenRegion().front(), 0);
    if (!g.getElseRegion().empty())
      flattenYield(g.getElseRegion().front(), 0);
    flat = g;
  }
  b.setInsertionPointAfter(flat);
  ValueRange leaves = flat->getResults();
  for (Value r : op->getResults())
    r.replaceAllUsesWith(rebuild(b, loc, r.getType(), leaves));
  op->erase();
}

void kdsl::flattenCarriedStructs(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) { // inner regions first
    if (isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op) &&
        llvm::any_of(op->getResultTypes(), isFlattenable))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    flattenOp(op);
}
