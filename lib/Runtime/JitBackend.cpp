//===- JitBackend.cpp - in-process JIT through ORC's LLJIT ----------------===//
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Transforms/Passes.h"

#include "JitPasses.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include <cstdlib>
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/TargetSelect.h"

using namespace mlir;
using namespace kdsl;

namespace {
class JitModule : public CpuModule {
public:
  explicit JitModule(std::unique_ptr<llvm::orc::LLJIT> jit) : jit(std::move(jit)) {}
  kdsl_kernel_fn lookup(llvm::StringRef kernel, bool backward) override {
    auto sym = jit->lookup((kernel + (backward ? "_cpu_backward" : "_cpu_forward")).str());
    if (!sym) {
      llvm::consumeError(sym.takeError());
      return nullptr;
    }
    return sym->toPtr<kdsl_kernel_fn>();
  }

private:
  std::unique_ptr<llvm::orc::LLJIT> jit;
};
} // namespace

/// Runs the CPU lowering pipeline on `module`; diagnostics go into the error.
llvm::Error kdsl::lowerToLLVMDialect(ModuleOp module, const CpuCompileOptions &options) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    os << d.getLocation() << ": " << d << "\n";
    return success();
  });
  PassManager pm(module.getContext());
  // The front end verified its output and every pass here is tested:
  // verifying only at the end saves a few milliseconds per kernel.
  pm.enableVerifier(std::getenv("KDSL_VERIFY_PASSES") != nullptr);
  CpuPipelineOptions pipeline;
  pipeline.checkBounds = options.checkBounds;
  // Without optimization there is no vectorizer to feed: one grid loop.
  pipeline.denseFastPath = options.optimize;
  buildLowerToCpuPipeline(pm, pipeline);
  if (failed(pm.run(module)))
    return llvm::createStringError("CPU lowering failed:\n" + diagnostics);
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<CpuModule>> kdsl::compileWithJit(ModuleOp module,
                                                                const CpuCompileOptions &options) {
  if (llvm::Error e = lowerToLLVMDialect(module, options))
    return std::move(e);
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
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
  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, *llvmContext);
  if (!llvmModule)
    return llvm::createStringError("cannot translate the lowered module to LLVM IR");
  llvmModule->setDataLayout((*tm)->createDataLayout());
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  if (options.optimize)
    optimizeForHost(*llvmModule, **tm);
  else
    prepareForFastISel(*llvmModule);

  auto jit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(std::move(*tmBuilder)).create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  // libm and the C library for the kernels' math calls...
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  // ...and the report hooks resolve to the host's definitions.
  llvm::orc::MangleAndInterner interner((*jit)->getExecutionSession(), (*jit)->getDataLayout());
  llvm::orc::SymbolMap hooks;
  hooks[interner("kdsl_report_assert")] = {llvm::orc::ExecutorAddr::fromPtr(&kdsl_report_assert),
                                           llvm::JITSymbolFlags::Exported};
  hooks[interner("kdsl_report_oob")] = {llvm::orc::ExecutorAddr::fromPtr(&kdsl_report_oob),
                                        llvm::JITSymbolFlags::Exported};
  if (llvm::Error e = dylib.define(llvm::orc::absoluteSymbols(std::move(hooks))))
    return std::move(e);
  if (llvm::Error e = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(llvmModule), std::move(llvmContext))))
    return std::move(e);
  return std::make_unique<JitModule>(std::move(*jit));
}
