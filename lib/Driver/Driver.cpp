//===- Driver.cpp - one compile path for kdsl's tools ---------------------===//
#include "kdsl/Driver/Driver.h"

#include "kdsl/Autodiff/Passes.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/PipelineDiagnostics.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::driver;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

namespace {
/// The driver's own options, registered by registerToolCLOptions() only (a
/// tool that does not call it has none of them).
struct DriverCLOptions {
  llvm::cl::opt<bool> verifyEach{
      "verify-each",
      llvm::cl::desc("Verify the IR after every pass of kdsl's pipelines (off by default: the "
                     "front end verifies its output and every pass is tested)"),
      llvm::cl::init(false)};
};
} // namespace

static llvm::ManagedStatic<DriverCLOptions> driverCLOptions;

void driver::registerToolCLOptions() {
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  *driverCLOptions;
}

LogicalResult driver::configurePassManager(PassManager &pm, TimingScope *timing) {
  // A library user that registered no tool options (kdsl-synth) gets the
  // defaults; applyPassManagerCLOptions fails when they are not registered.
  bool registered = driverCLOptions.isConstructed();
  pm.enableVerifier(registered && driverCLOptions->verifyEach);
  if (registered && failed(applyPassManagerCLOptions(pm)))
    return failure();
  if (timing)
    pm.enableTiming(*timing);
  return success();
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

char ReportedError::ID = 0;

std::error_code ReportedError::convertToErrorCode() const { return llvm::inconvertibleErrorCode(); }

llvm::Error driver::reported() { return llvm::make_error<ReportedError>(); }

bool driver::isReported(llvm::Error &e) {
  if (!e.isA<ReportedError>())
    return false;
  llvm::consumeError(std::move(e));
  return true;
}

WarningPrinter::WarningPrinter(MLIRContext &ctx, llvm::raw_ostream &os)
    : handler(&ctx, [&os](Diagnostic &d) {
        if (d.getSeverity() != DiagnosticSeverity::Warning)
          return failure();
        auto print = [&](Diagnostic &d, StringRef kind) {
          if (auto fl = d.getLocation()->findInstanceOf<FileLineColLoc>())
            os << fl.getFilename().getValue() << ":" << fl.getLine() << ":" << fl.getColumn();
          else
            os << d.getLocation();
          os << ": " << kind << ": " << d << "\n";
        };
        print(d, "warning");
        for (Diagnostic &note : d.getNotes())
          print(note, "note");
        return success();
      }) {}

//===----------------------------------------------------------------------===//
// Adjoint preparation
//===----------------------------------------------------------------------===//

llvm::Error driver::prepareAdjoints(ModuleOp module, const AdjointOptions &options,
                                    TimingScope *timing) {
  // An empty selection: nothing to differentiate (kdsl-autodiff would take
  // an empty list for its default selection).
  if (options.kernels && options.kernels->empty())
    return llvm::Error::success();
  PassManager pm(module.getContext());
  if (failed(configurePassManager(pm, timing)))
    return llvm::createStringError("invalid pass-manager options");
  // kdsl-autodiff, on the default selection or the kernels given.
  AutodiffOptions autodiff;
  if (options.kernels)
    autodiff.kernels.assign(options.kernels->begin(), options.kernels->end());
  std::string failedKernel;
  pm.addPass(createAutodiff(std::move(autodiff), &failedKernel));
  // The pass's errors make the message; warnings (InPlaceReads.cpp) go on
  // to the context's other handlers.
  std::string diagnostics, firstError;
  llvm::raw_string_ostream os(diagnostics);
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Warning)
        return failure();
      if (firstError.empty())
        firstError = d.str();
      // A named value's location wraps its position (loc("s"(...))).
      if (auto fl = d.getLocation()->findInstanceOf<FileLineColLoc>())
        os << fl.getFilename().getValue() << ":" << fl.getLine() << ":" << fl.getColumn();
      else
        os << d.getLocation();
      os << ": error: " << d << "\n";
      return success();
    });
    result = pm.run(module);
  }
  if (succeeded(result))
    return llvm::Error::success();
  if (!failedKernel.empty())
    return llvm::createStringError("cannot differentiate kernel '" + failedKernel + "':\n" +
                                   diagnostics);
  return llvm::createStringError(firstError.empty() ? "adjoint preparation failed" : firstError);
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

/// kdsl-lower-to-cpu and the LLVM IR of the result.
static llvm::Error emitLLVM(ModuleOp module, const CompileOptions &options, std::string &text) {
  PipelineDiagnostics diagnostics(module.getContext(), /*toCaller=*/true);
  PassManager pm(module.getContext());
  if (failed(configurePassManager(pm, options.timing)))
    return llvm::createStringError("invalid pass-manager options");
  CpuPipelineOptions pipeline;
  pipeline.checkBounds = options.checkBounds;
  buildLowerToCpuPipeline(pm, pipeline);
  if (failed(pm.run(module))) {
    if (diagnostics.onlyAtSource())
      return reported();
    return diagnostics.failure("CPU lowering");
  }
  registerBuiltinDialectTranslation(*module.getContext());
  registerLLVMDialectTranslation(*module.getContext());
  llvm::LLVMContext llvmCtx;
  auto llvmModule = translateModuleToLLVMIR(module, llvmCtx, options.llvmModuleName);
  if (!llvmModule)
    return llvm::createStringError("translation to LLVM IR failed");
  llvm::raw_string_ostream textOs(text);
  llvmModule->print(textOs, nullptr);
  return llvm::Error::success();
}

static llvm::Error emitPtx(ModuleOp module, const CompileOptions &options, std::string &text) {
  if (llvm::Error e = checkPtxChip(options.arch, "--arch"))
    return e;
  PtxCompileOptions ptxOptions;
  ptxOptions.chip = options.arch;
  ptxOptions.cudaPath = options.cudaPath;
  ptxOptions.configurePassManager = [&](PassManager &pm) {
    return configurePassManager(pm, options.timing);
  };
  ptxOptions.sourceDiagnosticsToCaller = true;
  llvm::Expected<std::string> ptx = compileToPtx(module, ptxOptions);
  if (!ptx) {
    std::string message = llvm::toString(ptx.takeError());
    // Printed at their source lines already: nothing to add.
    if (message == "GPU lowering failed")
      return reported();
    return llvm::createStringError(message);
  }
  text = std::move(*ptx);
  return llvm::Error::success();
}

static llvm::Error emitSource(ModuleOp module, const CompileOptions &options,
                              CompileResult &result) {
  CppEmitOptions cppOptions;
  cppOptions.checkBounds = options.checkBounds;
  if (options.target == Target::Cuda)
    cppOptions.target = CppEmitOptions::Target::Cuda;
  llvm::raw_string_ostream os(result.text);
  // Both report their diagnostics through the context.
  if (failed(prepareForEmission(
          module, options.target == Target::Cuda ? "cuda" : "cpp",
          [&](PassManager &pm) { return configurePassManager(pm, options.timing); })) ||
      failed(emitCpp(module, os, cppOptions)))
    return reported();
  if (options.standaloneHost)
    emitStandaloneHost(result.cudaEntryPoints, os);
  return llvm::Error::success();
}

static llvm::Error compileForCpu(ModuleOp module, const CompileOptions &options,
                                 CompileResult &result) {
  CpuCompileOptions cpuOptions;
  cpuOptions.checkBounds = options.checkBounds;
  cpuOptions.optimize = options.optimize;
  cpuOptions.cxx = options.cxx;
  cpuOptions.objectCacheDir = options.objectCacheDir;
  cpuOptions.configurePassManager = [&](PassManager &pm) {
    return configurePassManager(pm, options.timing);
  };
  cpuOptions.sourceDiagnosticsToCaller = true;
  auto cpu = options.target == Target::Jit ? compileWithJit(module, cpuOptions)
                                           : compileWithCpp(module, cpuOptions);
  if (!cpu) {
    std::string message = llvm::toString(cpu.takeError());
    // Printed at their source lines already: nothing to add.
    if (message == "CPU lowering failed" || message == "C++ emission failed")
      return reported();
    return llvm::createStringError(message);
  }
  if (!*cpu)
    return llvm::createStringError("the CPU backend returned no module");
  result.cpu = std::move(*cpu);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// The path
//===----------------------------------------------------------------------===//

/// kdsl-build-grad-funcs on the front end's `module` (null on a failure: a
/// compiler bug).
static OwningOpRef<ModuleOp> completeFrontend(OwningOpRef<ModuleOp> module, MLIRContext &ctx,
                                              const FrontendOptions &options, TimingScope *timing) {
  if (!module)
    return nullptr;
  PassManager pm(&ctx);
  if (failed(configurePassManager(pm, timing))) {
    emitError(UnknownLoc::get(&ctx), "invalid pass-manager options");
    return nullptr;
  }
  pm.addPass(createBuildGradFuncs());
  if (failed(pm.run(*module))) {
    if (options.internalError)
      *options.internalError = true;
    return nullptr;
  }
  return module;
}

OwningOpRef<ModuleOp> driver::translatePython(llvm::SourceMgr &sm, MLIRContext &ctx,
                                              const FrontendOptions &options,
                                              llvm::raw_ostream *errs, TimingScope *timing) {
  std::optional<SourceMgrDiagnosticHandler> handler;
  if (errs)
    handler.emplace(sm, &ctx, *errs);
  return completeFrontend(translateSource(sm, ctx, options), ctx, options, timing);
}

std::unique_ptr<driver::ParsedPython>
driver::parsePython(llvm::StringRef source, llvm::StringRef bufferName, MLIRContext &ctx) {
  auto parsed = std::make_unique<ParsedPython>();
  parsed->ctx = &ctx;
  parsed->sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, bufferName),
                                llvm::SMLoc());
  llvm::raw_string_ostream os(parsed->errors);
  SourceMgrDiagnosticHandler handler(parsed->sm, &ctx, os);
  parsed->checked = CheckedModule::check(parsed->sm, ctx, {});
  return parsed;
}

OwningOpRef<ModuleOp> driver::translateParsed(ParsedPython &parsed) {
  if (!parsed.checked)
    return nullptr;
  MLIRContext &ctx = *parsed.ctx;
  llvm::raw_string_ostream os(parsed.errors);
  SourceMgrDiagnosticHandler handler(parsed.sm, &ctx, os);
  std::unique_ptr<CheckedModule> checked = std::move(parsed.checked);
  return completeFrontend(checked->lower(), ctx, {}, nullptr);
}

OwningOpRef<ModuleOp> driver::loadModule(llvm::SourceMgr &sm, MLIRContext &ctx,
                                         const CompileOptions &options) {
  std::optional<TimingScope> timing;
  if (options.timing)
    timing = options.timing->nest(options.mlirInput ? "Parser" : "Front end");
  if (options.mlirInput)
    return parseSourceFile<ModuleOp>(sm, &ctx);
  llvm::raw_ostream *errs = nullptr;
  if (!options.frontendToContext)
    errs = options.frontendDiagnostics ? options.frontendDiagnostics : &llvm::errs();
  return translatePython(sm, ctx, options.frontend, errs, timing ? &*timing : nullptr);
}

llvm::Error driver::lowerModule(ModuleOp module, const CompileOptions &options,
                                CompileResult &result) {
  if (options.target == Target::Mlir) {
    llvm::raw_string_ostream os(result.text);
    module.print(os);
    os << "\n";
    return llvm::Error::success();
  }
  if (options.adjoints) {
    if (llvm::Error e = prepareAdjoints(module, options.adjointOptions, options.timing))
      return llvm::createStringError(llvm::toString(std::move(e)) + options.adjointHint);
    for (const KernelInfo &k : collectKernels(module))
      if (llvm::is_contained(k.argPreLaunch, true))
        result.preLaunchArgs[k.name] = k.argPreLaunch;
  }
  // Before emission, which canonicalizes the module.
  result.cudaEntryPoints = cudaEntryPoints(module);
  std::optional<TimingScope> timing;
  if (options.timing)
    timing = options.timing->nest("Target");
  switch (options.target) {
  case Target::Mlir:
    break;
  case Target::LLVM:
    return emitLLVM(module, options, result.text);
  case Target::Ptx:
    return emitPtx(module, options, result.text);
  case Target::Cpp:
  case Target::Cuda:
    return emitSource(module, options, result);
  case Target::Jit:
  case Target::CppLoaded:
    return compileForCpu(module, options, result);
  }
  return llvm::Error::success();
}

llvm::Expected<CompileResult> driver::compile(llvm::SourceMgr &sm, MLIRContext &ctx,
                                              const CompileOptions &options) {
  CompileResult result;
  result.module = loadModule(sm, ctx, options);
  if (!result.module)
    return reported();
  if (llvm::Error e = lowerModule(*result.module, options, result))
    return std::move(e);
  return std::move(result);
}

std::unique_ptr<MLIRContext> driver::createContext(bool gpu) {
  DialectRegistry registry;
  registerKdslDialects(registry);
  if (gpu)
    registerGpuTargets(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  // A diagnostic at an op points at its source line; the op's generic MLIR
  // form ("see current operation") says nothing to a Warp user (kdsl-opt
  // keeps MLIR's default).
  ctx->printOpOnDiagnostic(false);
  return ctx;
}
