//===- JitBackend.cpp - in-process JIT through ORC's LLJIT ----------------===//
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/KernelJit.h"
#include "kdsl/Runtime/ObjectCache.h"
#include "kdsl/Runtime/PipelineDiagnostics.h"
#include "kdsl/Transforms/Passes.h"

#include "JitPasses.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include <chrono>
#include <cstdlib>

using namespace mlir;
using namespace kdsl;

/// Runs the CPU lowering pipeline on `module`; diagnostics go into the error.
llvm::Error kdsl::lowerToLLVMDialect(ModuleOp module, const CpuCompileOptions &options) {
  PipelineDiagnostics diagnostics(module.getContext(), options.sourceDiagnosticsToCaller);
  PassManager pm(module.getContext());
  // The front end verified its output and every pass here is tested:
  // verifying only at the end saves a few milliseconds per kernel.
  pm.enableVerifier(false);
  if (options.configurePassManager && failed(options.configurePassManager(pm)))
    return llvm::createStringError("invalid pass-manager options");
  CpuPipelineOptions pipeline;
  pipeline.checkBounds = options.checkBounds;
  // Without optimization there is no vectorizer to feed: one grid loop; and
  // code that runs once on a few elements does not need the index facts
  // (their range analysis is a third of the lowering of tile kernels).
  pipeline.denseFastPath = options.optimize;
  pipeline.indexFacts = options.optimize;
  buildLowerToCpuPipeline(pm, pipeline);
  if (failed(pm.run(module)))
    return diagnostics.failure("CPU lowering");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<CpuModule>> kdsl::compileWithJit(ModuleOp module,
                                                                const CpuCompileOptions &options) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point last = Clock::now();
  // Adds the time since the previous call to `phase` (when timing is asked for).
  auto lap = [&](double JitPhaseTimes::*phase) {
    Clock::time_point now = Clock::now();
    if (options.phaseTimes)
      options.phaseTimes->*phase += std::chrono::duration<double, std::milli>(now - last).count();
    last = now;
  };
  if (llvm::Error e = lowerToLLVMDialect(module, options))
    return std::move(e);
  lap(&JitPhaseTimes::lowering);
  initializeNativeTargetOnce();
  registerBuiltinDialectTranslation(*module.getContext());
  registerLLVMDialectTranslation(*module.getContext());

  // LLJIT directly, not mlir::ExecutionEngine: on MLIR 22 the engine compiles
  // with a target machine made before it applies `jitCodeGenOptLevel`, so
  // code generation always runs at the default level (greedy register
  // allocation, machine scheduling), 3-4x slower than O0 for code that runs
  // once. It also adds a packed wrapper per function, which kdsl never calls.
  auto tmBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!tmBuilder)
    return tmBuilder.takeError();
  tmBuilder->setCodeGenOptLevel(options.optimize ? llvm::CodeGenOptLevel::Aggressive
                                                 : llvm::CodeGenOptLevel::None);
  auto tm = tmBuilder->createTargetMachine();
  if (!tm)
    return tm.takeError();
  lap(&JitPhaseTimes::target);
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, *llvmContext);
  if (!llvmModule)
    return llvm::createStringError("cannot translate the lowered module to LLVM IR");
  llvmModule->setDataLayout((*tm)->createDataLayout());
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  lap(&JitPhaseTimes::translate);

  std::shared_ptr<KernelObjectCache> cache;
  if (!options.objectCacheDir.empty()) {
    cache = std::make_shared<KernelObjectCache>(options.objectCacheDir, *llvmModule, **tm,
                                                options.optimize);
    if (std::unique_ptr<llvm::MemoryBuffer> object = cache->load()) {
      // The module goes before its context.
      llvmModule.reset();
      llvmContext.reset();
      auto jit = createKernelJitFromObject(std::move(*tmBuilder), std::move(object));
      if (!jit)
        return jit.takeError();
      lap(&JitPhaseTimes::jitSetup);
      if (options.phaseTimes)
        options.phaseTimes->cacheHit = true;
      return makeJitCpuModule(std::move(*jit));
    }
  }

  if (options.optimize)
    optimizeForHost(*llvmModule, **tm);
  else
    prepareForFastISel(*llvmModule);
  lap(&JitPhaseTimes::optimize);

  auto jit = createKernelJit(std::move(*tmBuilder), std::move(llvmModule), std::move(llvmContext),
                             /*allow=*/nullptr, cache.get());
  if (!jit)
    return jit.takeError();
  lap(&JitPhaseTimes::jitSetup);
  return makeJitCpuModule(std::move(*jit), std::move(cache));
}
