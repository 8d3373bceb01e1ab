//===- TranslateRegistration.cpp - the C++/CUDA C emitters as translations ===//
//
// Registers kdsl::emitCpp with MLIR's translation registry (the one
// mlir-translate's drivers read), as "kdsl-to-cpp" and "kdsl-to-cuda".
//
//===----------------------------------------------------------------------===//
#include "kdsl/Target/Cpp.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

mlir::LogicalResult kdsl::translateToCpp(Operation *op, llvm::raw_ostream &os,
                                         const CppEmitOptions &options) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError() << "expected a 'builtin.module' op, got '" << op->getName() << "'";
  return emitCpp(module, os, options);
}

void kdsl::registerCppTranslations() {
  static bool once = [] {
    static TranslateFromMLIRRegistration toCpp(
        "kdsl-to-cpp", "kdsl IR to self-contained C++17 (<kernel>_cpu_forward entry points)",
        [](Operation *op, llvm::raw_ostream &os) { return translateToCpp(op, os, {}); },
        [](DialectRegistry &registry) { registerKdslDialects(registry); });
    static TranslateFromMLIRRegistration toCuda(
        "kdsl-to-cuda",
        "kdsl IR to self-contained CUDA C (__global__ <kernel>_cuda_kernel_forward entry points)",
        [](Operation *op, llvm::raw_ostream &os) {
          CppEmitOptions options;
          options.target = CppEmitOptions::Target::Cuda;
          return translateToCpp(op, os, options);
        },
        [](DialectRegistry &registry) { registerKdslDialects(registry); });
    return true;
  }();
  (void)once;
}
