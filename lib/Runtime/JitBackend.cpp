//===- JitBackend.cpp - in-process JIT through MLIR's ExecutionEngine -----===//
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include <cstdlib>
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

using namespace mlir;
using namespace kdsl;

namespace {
class JitModule : public CpuModule {
public:
  explicit JitModule(std::unique_ptr<ExecutionEngine> engine) : engine(std::move(engine)) {}
  kdsl_kernel_fn lookup(llvm::StringRef kernel, bool backward) override {
    auto sym = engine->lookup((kernel + (backward ? "_cpu_backward" : "_cpu_forward")).str());
    if (!sym) {
      llvm::consumeError(sym.takeError());
      return nullptr;
    }
    return reinterpret_cast<kdsl_kernel_fn>(*sym);
  }

private:
  std::unique_ptr<ExecutionEngine> engine;
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

/// LLVM's O3 pipeline for the host, after the Scalarizer: kdsl keeps small
/// vectors (vec3, mat33 rows) as LLVM vector values, and the loop vectorizer
/// only widens loops of scalar instructions; scalarized, the grid loop
/// vectorizes across threads.
static llvm::Error optimizeForHost(llvm::Module &m, llvm::TargetMachine &tm) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::FunctionPassManager scalarize;
  scalarize.addPass(llvm::ScalarizerPass());
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(scalarize)));
  mpm.addPass(pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3));
  mpm.run(m, mam);
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

  ExecutionEngineOptions engineOptions;
  // The optimizer needs the host's target machine: without its cost model
  // LLVM does not vectorize.
  auto tmBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!tmBuilder)
    return tmBuilder.takeError();
  llvm::CodeGenOptLevel codegen =
      options.optimize ? llvm::CodeGenOptLevel::Aggressive : llvm::CodeGenOptLevel::None;
  tmBuilder->setCodeGenOptLevel(codegen);
  auto targetMachine = tmBuilder->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();
  // function_ref: the transformer must outlive ExecutionEngine::create.
  llvm::TargetMachine *tm = targetMachine->get();
  std::function<llvm::Error(llvm::Module *)> transformer = [tm](llvm::Module *m) {
    return optimizeForHost(*m, *tm);
  };
  if (options.optimize)
    engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = codegen;
  auto engine = ExecutionEngine::create(module, engineOptions);
  if (!engine)
    return engine.takeError();
  // The kernels' report hooks resolve to the host's definitions.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    map[interner("kdsl_report_assert")] = {llvm::orc::ExecutorAddr::fromPtr(&kdsl_report_assert),
                                           llvm::JITSymbolFlags::Exported};
    map[interner("kdsl_report_oob")] = {llvm::orc::ExecutorAddr::fromPtr(&kdsl_report_oob),
                                        llvm::JITSymbolFlags::Exported};
    return map;
  });
  return std::make_unique<JitModule>(std::move(*engine));
}
