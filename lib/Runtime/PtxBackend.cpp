//===- PtxBackend.cpp - kdsl -> gpu/nvvm -> PTX text ----------------------===//
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/PipelineDiagnostics.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <cstdlib>

using namespace mlir;
using namespace kdsl;

void kdsl::registerGpuTargets(DialectRegistry &registry) {
  registry.insert<gpu::GPUDialect, NVVM::NVVMDialect>();
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
}

/// The toolkit: the option, then $CUDA_HOME, $CUDA_PATH, /usr/local/cuda.
static std::string findCuda(const std::string &given) {
  SmallVector<std::string> candidates;
  if (!given.empty()) {
    candidates.push_back(given); // an explicit path is the only one tried
  } else {
    for (const char *env : {"CUDA_HOME", "CUDA_PATH"})
      if (const char *v = std::getenv(env))
        candidates.push_back(v);
    candidates.push_back("/usr/local/cuda");
  }
  for (const std::string &c : candidates) {
    SmallString<128> libdevice(c);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(libdevice))
      return c;
  }
  return "";
}

llvm::Expected<std::string> kdsl::compileToPtx(ModuleOp module, const PtxCompileOptions &options) {
  PipelineDiagnostics diagnostics(module.getContext(), options.sourceDiagnosticsToCaller);
  if (llvm::Error e = checkPtxChip(options.chip, "the PTX target chip"))
    return std::move(e);
  std::string cuda = findCuda(options.cudaPath);
  PassManager pm(module.getContext());
  if (options.configurePassManager && failed(options.configurePassManager(pm)))
    return llvm::createStringError("invalid pass-manager options");
  NvvmPipelineOptions pipeline;
  pipeline.chip = options.chip;
  pipeline.cudaPath = cuda;
  buildLowerToNvvmPipeline(pm, pipeline);
  if (failed(pm.run(module)))
    return diagnostics.failure("GPU lowering");
  std::string ptx;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute a : binary.getObjects())
      if (auto object = dyn_cast<gpu::ObjectAttr>(a))
        ptx += object.getObject().getValue().str();
  });
  // Without libdevice, math builtins stay unresolved externs that ptxas rejects.
  llvm::Regex unresolved("\\.extern \\.func[^\\n]*(__nv_[A-Za-z0-9_]+)");
  SmallVector<StringRef> match;
  if (unresolved.match(ptx, &match))
    return llvm::createStringError(
        "the kernels call " + match[1].str() + " from libdevice, but no CUDA toolkit was found " +
        (cuda.empty() ? (options.cudaPath.empty()
                             ? std::string("(give --cuda-path, or set CUDA_HOME / CUDA_PATH)")
                             : "under " + options.cudaPath)
                      : "at " + cuda));
  return ptx;
}
