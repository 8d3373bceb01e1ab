//===- kdsl-translate.cpp - Warp-syntax Python to MLIR and targets --------===//
//
//   kdsl-translate FILE.py --emit=mlir [-o OUT] [--kernel NAME]
//   kdsl-translate FILE.mlir --emit=cpp|cuda|llvm|ptx [-o OUT]
//
// The input is kdsl IR when its name ends in .mlir (or with --input=mlir),
// Warp-syntax Python otherwise.
//
// Diagnostics go to stderr as file:line:col; the exit code is 1 on any error
// and no output file is left behind.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"

#include <optional>

using namespace llvm;

static cl::OptionCategory translateCategory("kdsl-translate options");
static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .py or .mlir file>"),
                                          cl::Required, cl::cat(translateCategory));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file (default: stdout)"),
                                           cl::value_desc("filename"), cl::init("-"),
                                           cl::cat(translateCategory));
enum class InputKind { Auto, Python, Mlir };
static cl::opt<InputKind> inputKind(
    "input", cl::desc("How to read the input"), cl::init(InputKind::Auto),
    cl::values(clEnumValN(InputKind::Auto, "auto",
                          "kdsl IR if the file name ends in .mlir, Python otherwise (stdin: "
                          "Python)"),
               clEnumValN(InputKind::Python, "py", "Warp-syntax Python"),
               clEnumValN(InputKind::Mlir, "mlir",
                          "kdsl IR (as --emit=mlir or kdsl-opt print it); parsed and verified")),
    cl::cat(translateCategory));
static cl::opt<std::string> kernelName("kernel",
                                       cl::desc("Translate only this kernel (the first of that "
                                                "name) and the funcs and structs it uses"),
                                       cl::value_desc("name"), cl::cat(translateCategory));
enum class Emit { MLIR, LLVM, Cpp, Cuda, Ptx };
static cl::opt<Emit> emit("emit", cl::desc("What to emit"), cl::init(Emit::MLIR),
                          cl::values(clEnumValN(Emit::MLIR, "mlir", "kdsl dialect IR"),
                                     clEnumValN(Emit::LLVM, "llvm",
                                                "LLVM IR of the CPU module (kdsl-lower-to-cpu)"),
                                     clEnumValN(Emit::Cpp, "cpp",
                                                "self-contained C++17 with <kernel>_cpu_forward "
                                                "entry points"),
                                     clEnumValN(Emit::Ptx, "ptx",
                                                "PTX through gpu/nvvm (forward and backward "
                                                "kernels)"),
                                     clEnumValN(Emit::Cuda, "cuda",
                                                "self-contained CUDA C with __global__ "
                                                "<kernel>_cuda_kernel_forward and "
                                                "<kernel>_cuda_kernel_backward entry points")),
                          cl::cat(translateCategory));
static cl::opt<std::string> arch("arch", cl::desc("PTX: target GPU, sm_70 to sm_90a"),
                                 cl::init("sm_80"), cl::cat(translateCategory));
static cl::opt<std::string> cudaPath("cuda-path",
                                     cl::desc("PTX: CUDA toolkit (default: $CUDA_HOME, "
                                              "$CUDA_PATH, /usr/local/cuda)"),
                                     cl::init(""), cl::cat(translateCategory));
static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("llvm, cpp, cuda: guard every array access (out-of-range ones are reported and "
             "skipped); mlir ignores it, and so does ptx"),
    cl::init(false), cl::cat(translateCategory));
static cl::opt<bool> verifyEmitted(
    "verify-emitted",
    cl::desc("cpp/cuda: check the emitted source with Clang in process (-fsyntax-only) and "
             "fail, writing nothing, if Clang reports an error or warning"),
    cl::init(false), cl::cat(translateCategory));
static cl::opt<bool> standalone(
    "standalone",
    cl::desc("cuda: write a directory (-o DIR): DIR/<file>.cu with a host program that runs a "
             "kdsl bundle (kdsl-run --write-bundle) and prints kdsl-run's JSON, plus a Makefile "
             "and a CMakeLists.txt to build it with nvcc"),
    cl::init(false), cl::cat(translateCategory));
// Test hook: proves --verify-emitted can fail by appending a line Clang rejects.
static cl::opt<bool> forwardOnly(
    "forward-only",
    cl::desc("Leave out the adjoint (backward) kernels that --emit=llvm|cpp|cuda|ptx add by default"),
    cl::init(false), cl::cat(translateCategory));
static cl::opt<std::string> appendToEmitted("append-to-emitted", cl::Hidden, cl::init(""));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Check that the diagnostics match the input's expected-error {{...}} "
             "(and expected-warning, expected-note, expected-remark) comments, as mlir-opt's "
             "option does; the exit code says whether they match"),
    cl::init(false), cl::cat(translateCategory));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Translate each chunk of the input between lines '# -----' (Python) or '// -----' "
             "(kdsl IR) on its own"),
    cl::init(false), cl::cat(translateCategory));

/// --standalone: DIR/<stem>.cu, DIR/Makefile and DIR/CMakeLists.txt, all
/// written or none.
static int writeStandalone(StringRef source) {
  // The program's name is a Makefile target and a CMake project: keep it to
  // [A-Za-z0-9_-].
  std::string stem = llvm::sys::path::stem(inputFilename).str();
  for (char &c : stem)
    if (!llvm::isAlnum(c) && c != '_' && c != '-')
      c = '_';
  if (stem.empty() || stem == "-")
    stem = "kernels";
  if (llvm::Error e = kdsl::writeFilesInDirectory(
          outputFilename, {{stem + ".cu", source.str()},
                           {"Makefile", kdsl::standaloneMakefile(stem)},
                           {"CMakeLists.txt", kdsl::standaloneCMakeLists(stem)}})) {
    WithColor::error(errs(), "kdsl-translate") << toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}

/// kdsl-lower-to-cpu on `module` (as kdsl::lowerToLLVMDialect) in a pass
/// manager that takes the pass-manager options (--mlir-print-ir-after-all,
/// --mlir-timing, ...).
static Error lowerToLLVM(mlir::ModuleOp module, mlir::TimingScope &timing) {
  std::string diagnostics;
  raw_string_ostream os(diagnostics);
  mlir::ScopedDiagnosticHandler handler(module.getContext(), [&](mlir::Diagnostic &d) {
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  mlir::PassManager pm(module.getContext());
  pm.enableVerifier(false);
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return createStringError("invalid pass-manager options");
  pm.enableTiming(timing);
  kdsl::CpuPipelineOptions pipeline;
  pipeline.checkBounds = checkBounds;
  kdsl::buildLowerToCpuPipeline(pm, pipeline);
  if (mlir::failed(pm.run(module)))
    return createStringError("CPU lowering failed:\n" + diagnostics);
  return Error::success();
}

static bool isMlirInput() {
  return inputKind == InputKind::Mlir ||
         (inputKind == InputKind::Auto && llvm::sys::path::extension(inputFilename) == ".mlir");
}

int translateBuffer(std::unique_ptr<MemoryBuffer> file, mlir::TimingScope &timing);
int translateModule(SourceMgr &sm, mlir::MLIRContext &ctx, mlir::TimingScope &timing,
                    raw_ostream &frontendErrs);

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  // --help shows kdsl-translate's options (and --mlir-print-debuginfo); LLVM's
  // and MLIR's others stay behind --help-hidden.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *o = entry.second;
    StringRef name = o->ArgStr;
    if (!is_contained(o->Categories, &translateCategory) && name != "help" &&
        name != "help-list" && name != "version" && name != "mlir-print-debuginfo" &&
        o->getOptionHiddenFlag() == cl::NotHidden)
      o->setHiddenFlag(cl::Hidden);
  }
  cl::ParseCommandLineOptions(argc, argv,
                              "kdsl translator: Warp kernels to MLIR, LLVM IR, C++, CUDA C or "
                              "PTX\n\n--help-hidden also lists LLVM's and MLIR's own options.\n");

  std::string err;
  auto file = mlir::openInputFile(inputFilename, &err);
  if (!file) {
    WithColor::error(errs(), "kdsl-translate") << err << "\n";
    return 1;
  }
  mlir::DefaultTimingManager tm;
  mlir::applyDefaultTimingManagerCLOptions(tm);
  mlir::TimingScope timing = tm.getRootScope();
  auto process = [&](std::unique_ptr<MemoryBuffer> chunk, raw_ostream &) {
    return mlir::success(translateBuffer(std::move(chunk), timing) == 0);
  };
  if (!splitInputFile)
    return process(std::move(file), outs()).succeeded() ? 0 : 1;
  StringRef marker = isMlirInput() ? "// -----" : "# -----";
  return mlir::splitAndProcessBuffer(std::move(file), process, outs(), marker).succeeded() ? 0 : 1;
}

int translateBuffer(std::unique_ptr<MemoryBuffer> file, mlir::TimingScope &timing) {
  SourceMgr sm;
  sm.AddNewSourceBuffer(std::move(file), SMLoc());

  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  kdsl::registerGpuTargets(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  // --verify-diagnostics: every diagnostic of the context is checked against
  // the expected-* comments; the result is whether they all matched.
  if (verifyDiagnostics) {
    mlir::SourceMgrDiagnosticVerifierHandler verifier(sm, &ctx);
    std::string ignored;
    llvm::raw_string_ostream ignoredOs(ignored);
    (void)translateModule(sm, ctx, timing, ignoredOs);
    return mlir::succeeded(verifier.verify()) ? 0 : 1;
  }
  return translateModule(sm, ctx, timing, errs());
}

int translateModule(SourceMgr &sm, mlir::MLIRContext &ctx, mlir::TimingScope &timing,
                    raw_ostream &frontendErrs) {

  kdsl::FrontendOptions options;
  options.kernel = kernelName;
  if (verifyEmitted && emit != Emit::Cpp && emit != Emit::Cuda) {
    WithColor::error(errs(), "kdsl-translate") << "--verify-emitted needs --emit=cpp or --emit=cuda\n";
    return 1;
  }
  if (standalone && (emit != Emit::Cuda || outputFilename == "-")) {
    WithColor::error(errs(), "kdsl-translate") << "--standalone needs --emit=cuda and -o DIR\n";
    return 1;
  }
  bool mlirInput = isMlirInput();
  // For kdsl IR input every diagnostic (parser, verifier, autodiff, emitter)
  // is file:line:col with the source line.
  std::optional<mlir::SourceMgrDiagnosticHandler> mlirDiagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  if (mlirInput) {
    if (!kernelName.empty()) {
      WithColor::error(errs(), "kdsl-translate") << "--kernel needs Python input\n";
      return 1;
    }
    if (!verifyDiagnostics)
      mlirDiagnostics.emplace(sm, &ctx);
    module = mlir::parseSourceFile<mlir::ModuleOp>(sm, &ctx);
  } else {
    mlir::TimingScope frontendTiming = timing.nest("Front end");
    module = kdsl::translateSource(sm, ctx, options, frontendErrs);
  }
  if (!module)
    return 1;
  // Every kernel gets its adjoint unless it says enable_backward=False, or
  // (kdsl IR input) the module has one for it already (kdsl.adjoint_of).
  if (emit != Emit::MLIR && !forwardOnly) {
    llvm::StringSet<> hasAdjoint;
    for (auto k : module->getOps<kdsl::KernelOp>())
      if (auto of = k->getAttrOfType<mlir::StringAttr>(kdsl::kAdjointOfAttrName))
        hasAdjoint.insert(of.getValue());
    std::vector<std::string> differentiable;
    for (auto k : module->getOps<kdsl::KernelOp>())
      if (k.getEnableBackward() && !hasAdjoint.contains(k.getSymName()))
        differentiable.push_back(k.getSymName().str());
    if (auto e = kdsl::buildAdjointKernels(*module, differentiable)) {
      WithColor::error(errs(), "kdsl-translate")
          << toString(std::move(e))
          << "(mark the kernel @wp.kernel(enable_backward=False), or pass --forward-only)\n";
      return 1;
    }
  }

  // Before emitCpp, which canonicalizes the module.
  std::vector<std::string> entries = kdsl::cudaEntryPoints(*module);

  // Produce the whole output before opening the file: a failure leaves none.
  std::string text;
  llvm::raw_string_ostream textOs(text);
  if (emit == Emit::MLIR) {
    module->print(textOs);
    textOs << "\n";
  } else if (emit == Emit::Ptx) {
    static const llvm::Regex validArch("^sm_(7[05]|8[0679]|90a?)$");
    if (!validArch.match(arch)) {
      WithColor::error(errs(), "kdsl-translate")
          << "--arch must be one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a; got '"
          << arch << "'\n";
      return 1;
    }
    kdsl::PtxCompileOptions ptxOptions;
    ptxOptions.chip = arch;
    ptxOptions.cudaPath = cudaPath;
    auto ptx = kdsl::compileToPtx(*module, ptxOptions);
    if (!ptx) {
      WithColor::error(errs(), "kdsl-translate") << toString(ptx.takeError()) << "\n";
      return 1;
    }
    textOs << *ptx;
  } else if (emit == Emit::Cpp || emit == Emit::Cuda) {
    kdsl::CppEmitOptions cppOptions;
    cppOptions.checkBounds = checkBounds;
    if (emit == Emit::Cuda)
      cppOptions.target = kdsl::CppEmitOptions::Target::Cuda;
    if (mlir::failed(kdsl::translateToCpp(*module, textOs, cppOptions)))
      return 1;
    if (standalone)
      kdsl::emitStandaloneHost(entries, textOs);
    if (!appendToEmitted.empty())
      textOs << appendToEmitted << "\n";
    if (verifyEmitted) {
      auto language =
          emit == Emit::Cuda ? kdsl::EmittedLanguage::Cuda : kdsl::EmittedLanguage::Cpp;
      std::string name = standalone                  ? "standalone.cu"
                         : outputFilename != "-"       ? outputFilename
                         : emit == Emit::Cuda ? std::string("emitted.cu")
                                              : std::string("emitted.cpp");
      if (auto e = kdsl::verifyEmitted(text, language, name)) {
        WithColor::error(errs(), "kdsl-translate") << toString(std::move(e));
        return 1;
      }
    }
  } else {
    if (auto e = lowerToLLVM(*module, timing)) {
      WithColor::error(errs(), "kdsl-translate") << toString(std::move(e)) << "\n";
      return 1;
    }
    mlir::registerBuiltinDialectTranslation(ctx);
    mlir::registerLLVMDialectTranslation(ctx);
    llvm::LLVMContext llvmCtx;
    auto llvmModule = mlir::translateModuleToLLVMIR(*module, llvmCtx, inputFilename);
    if (!llvmModule) {
      WithColor::error(errs(), "kdsl-translate") << "translation to LLVM IR failed\n";
      return 1;
    }
    llvmModule->print(textOs, nullptr);
  }
  if (standalone)
    return writeStandalone(text);
  if (outputFilename == "-") {
    outs() << text;
    outs().flush();
    return 0;
  }
  if (llvm::Error e = kdsl::writeFileAtomically(outputFilename, text)) {
    WithColor::error(errs(), "kdsl-translate") << toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}
