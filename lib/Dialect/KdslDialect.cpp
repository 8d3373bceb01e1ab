//===- KdslDialect.cpp - kdsl dialect registration -----------------------===//
#include "kdsl/Dialect/EntryPoints.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace kdsl;

#include "kdsl/KdslDialect.cpp.inc"

namespace {
/// Every kdsl op can be inlined (funcs are inlined into GPU kernels).
struct KdslInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
};

/// Prints struct types once at the top of the module as `!Name = !kdsl.struct<...>`.
struct KdslOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Type type, raw_ostream &os) const override {
    if (auto st = dyn_cast<StructType>(type)) {
      os << st.getName();
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void KdslDialect::initialize() {
  registerTypes();
  registerAttributes();
  addInterfaces<KdslOpAsmInterface, KdslInlinerInterface>();
  addOperations<
#define GET_OP_LIST
#include "kdsl/KdslOps.cpp.inc"
      >();
}

Operation *KdslDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                            Location loc) {
  if (!arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, cast<TypedAttr>(value));
}

LogicalResult KdslDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  return verifyEntryPointAttribute(op, attr);
}

void kdsl::registerKdslDialects(DialectRegistry &registry) {
  func::registerInlinerExtension(registry);
  registerPureCallModel(registry);
  registry.insert<KdslDialect, arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                  vector::VectorDialect, func::FuncDialect, ub::UBDialect, memref::MemRefDialect,
                  LLVM::LLVMDialect, emitc::EmitCDialect>();
}
