//===- KdslDialect.cpp - kdsl dialect registration -----------------------===//
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace kdsl;

#include "kdsl/KdslDialect.cpp.inc"

namespace {
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
  addInterfaces<KdslOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "kdsl/KdslOps.cpp.inc"
      >();
}

void kdsl::registerKdslDialects(DialectRegistry &registry) {
  registry.insert<KdslDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect, vector::VectorDialect, func::FuncDialect, ub::UBDialect,
                  LLVM::LLVMDialect>();
}
