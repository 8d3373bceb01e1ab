//===- FlattenCarriedStructs.cpp - values across region boundaries --------===//
//
// Makes the values that cross the boundary of an scf.for, scf.while or scf.if
// (loop-carried values, if results) cross as parts: the op takes and yields
// the parts, each region rebuilds the value from its block arguments, and the
// value is rebuilt from the op's results after it.
//
// - Structs (of scalars, vectors, matrices and nested such structs) cross as
//   their fields, depth first. Two users: kdsl-autodiff, whose loop tapes
//   (memref<?xT>) hold scalars and vectors only, and the GPU lowering, where
//   convert-gpu-to-nvvm converts no struct-typed block arguments. Structs
//   with array fields stay as they are.
// - With `matrices`, matrices (n-D vectors, struct fields too) cross as 1-D
//   vectors, for the GPU lowering: convert-gpu-to-nvvm converts the block
//   arguments scf-to-cf makes of them but not the n-D vector ops that feed
//   them.
//
// This is a 1:N type conversion: CarriedTypeConverter splits the types and
// builds the parts (target materialization: struct_extract, shape_cast) and
// the whole (source materialization: struct_create, shape_cast); the
// upstream SCF structural conversion patterns rewrite the ops.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "kdsl-flatten-carried-structs"

namespace kdsl {
#define GEN_PASS_DEF_FLATTENCARRIEDSTRUCTS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

/// A struct all of whose fields (nested ones too) are scalars or vectors.
static bool isFlattenable(Type t) {
  auto st = dyn_cast<StructType>(t);
  return st && llvm::all_of(st.getFieldTypes(), [](Type f) {
           return isFlattenable(f) || f.isIntOrIndexOrFloat() || isa<VectorType>(f);
         });
}

static bool isMatrix(Type t) {
  auto v = dyn_cast<VectorType>(t);
  return v && v.getRank() > 1;
}

static VectorType flatVector(Type t) {
  auto v = cast<VectorType>(t);
  return VectorType::get({v.getNumElements()}, v.getElementType());
}

namespace {

/// Splits flattenable structs into their fields (depth first) and, with
/// `matrices`, matrices into 1-D vectors; every other type stays.
class CarriedTypeConverter : public TypeConverter {
public:
  explicit CarriedTypeConverter(bool matrices) : matrices(matrices) {
    addConversion([](Type t) { return t; });
    addConversion([this](Type t, SmallVectorImpl<Type> &out) -> std::optional<LogicalResult> {
      if (!isSplit(t))
        return std::nullopt;
      partTypes(t, out);
      return success();
    });
    addSourceMaterialization([this](OpBuilder &b, Type t, ValueRange parts, Location loc) {
      if (!isSplit(t))
        return Value();
      ValueRange rest = parts;
      Value v = join(b, loc, t, rest);
      return rest.empty() ? v : Value();
    });
    addTargetMaterialization([this](OpBuilder &b, TypeRange types, ValueRange inputs,
                                    Location loc) -> SmallVector<Value> {
      if (inputs.size() != 1 || !isSplit(inputs.front().getType()))
        return {};
      SmallVector<Value> parts;
      split(b, loc, inputs.front(), parts);
      if (TypeRange(ValueRange(parts)) != types)
        return {};
      return parts;
    });
  }

private:
  bool isSplit(Type t) const { return isFlattenable(t) || (matrices && isMatrix(t)); }

  void partTypes(Type t, SmallVectorImpl<Type> &out) const {
    if (isFlattenable(t)) {
      for (Type f : cast<StructType>(t).getFieldTypes())
        partTypes(f, out);
      return;
    }
    out.push_back(matrices && isMatrix(t) ? flatVector(t) : t);
  }

  /// Appends the parts of `v`: struct_extract of each field, shape_cast of
  /// a matrix.
  void split(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &out) const {
    Type t = v.getType();
    if (isFlattenable(t)) {
      auto st = cast<StructType>(t);
      for (auto [name, f] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
        split(b, loc, StructExtractOp::create(b, loc, f, v, name), out);
      return;
    }
    if (matrices && isMatrix(t)) {
      out.push_back(vector::ShapeCastOp::create(b, loc, flatVector(t), v));
      return;
    }
    out.push_back(v);
  }

  /// A value of `t` from the front of `parts`, which it consumes.
  Value join(OpBuilder &b, Location loc, Type t, ValueRange &parts) const {
    if (isFlattenable(t)) {
      auto st = cast<StructType>(t);
      SmallVector<Value> values;
      for (Type f : st.getFieldTypes())
        values.push_back(join(b, loc, f, parts));
      return StructCreateOp::create(b, loc, st, values);
    }
    Value front = parts.front();
    parts = parts.drop_front();
    if (matrices && isMatrix(t))
      return vector::ShapeCastOp::create(b, loc, t, front);
    return front;
  }

  bool matrices;
};

struct FlattenCarriedStructsPass
    : public kdsl::impl::FlattenCarriedStructsBase<FlattenCarriedStructsPass> {
  using FlattenCarriedStructsBase::FlattenCarriedStructsBase;

  void runOnOperation() override {
    if (failed(flattenCarriedValues(getOperation(), matrices)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult kdsl::flattenCarriedValues(Operation *root, bool matrices) {
  MLIRContext *ctx = root->getContext();
  CarriedTypeConverter converter(matrices);
  RewritePatternSet patterns(ctx);
  ConversionTarget target(*ctx);
  // scf.for/while/if/yield/condition are legal when their types are.
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
  LLVM_DEBUG(llvm::dbgs() << "kdsl-flatten-carried-structs: on " << root->getName()
                          << (matrices ? " (structs and matrices)\n" : " (structs)\n"));
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  return applyPartialConversion(root, target, std::move(patterns), config);
}

void kdsl::flattenCarriedStructs(Operation *root) {
  (void)flattenCarriedValues(root, /*matrices=*/false);
}
