//===- TranslateTool.cpp - kdsl-translate's options and logic -------------===//
//
// kdsl-translate's main (tools/kdsl-translate) parses the command line and
// calls translateMain; the compile path itself is driver::compile.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Driver/Tools.h"

#include "EmittedRun.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <cmath>
#include <optional>

using namespace llvm;
using namespace kdsl;
using namespace kdsl::driver;

namespace {
enum class InputKind { Auto, Python, Mlir };

/// kdsl-translate's options, registered when the tool constructs them.
struct TranslateOptions {
  cl::OptionCategory category{"kdsl-translate options"};
  cl::opt<std::string> inputFilename{cl::Positional, cl::desc("<input .py or .mlir file>"),
                                     cl::Required, cl::cat(category)};
  cl::opt<std::string> outputFilename{"o", cl::desc("Output file (default: stdout)"),
                                      cl::value_desc("filename"), cl::init("-"), cl::cat(category)};
  cl::opt<InputKind> inputKind{
      "input", cl::desc("How to read the input"), cl::init(InputKind::Auto),
      cl::values(clEnumValN(InputKind::Auto, "auto",
                            "kdsl IR if the file name ends in .mlir, Python otherwise (stdin: "
                            "Python)"),
                 clEnumValN(InputKind::Python, "py", "Warp-syntax Python"),
                 clEnumValN(InputKind::Mlir, "mlir",
                            "kdsl IR (as --emit=mlir or kdsl-opt print it); parsed and verified")),
      cl::cat(category)};
  cl::opt<std::string> kernelName{"kernel",
                                  cl::desc("Translate only this kernel (the first of that "
                                           "name) and the funcs and structs it uses"),
                                  cl::value_desc("name"), cl::cat(category)};
  cl::opt<std::string> kernelTypes{
      "kernel-types",
      cl::desc("With --kernel: the types of a generic kernel's typing.Any parameters, as "
               "Python call arguments, e.g. 'a=wp.array(dtype=float), s=wp.float64' or "
               "'wp.array(dtype=float), wp.float64', or 'Any=wp.float64' for every Any not named "
               "(translates that one instance under the "
               "kernel's name; without it, a generic kernel gets the instances its file's "
               "wp.overload() calls and @wp.overload stubs name)"),
      cl::value_desc("types"), cl::cat(category)};
  cl::list<std::string> includeDirs{
      "I",
      cl::desc("Also look for the source of imported Python modules (import pkg.mod, from pkg "
               "import f) in this directory, after the file's own directory and its ancestors"),
      cl::value_desc("dir"), cl::Prefix, cl::cat(category)};
  cl::opt<Target> emit{
      "emit", cl::desc("What to emit"), cl::init(Target::Mlir),
      cl::values(
          clEnumValN(Target::Mlir, "mlir", "kdsl dialect IR"),
          clEnumValN(Target::LLVM, "llvm", "LLVM IR of the CPU module (kdsl-lower-to-cpu)"),
          clEnumValN(Target::Cpp, "cpp",
                     "self-contained C++17 with <kernel>_cpu_forward entry points"),
          clEnumValN(Target::Ptx, "ptx", "PTX through gpu/nvvm (forward and backward kernels)"),
          clEnumValN(Target::Cuda, "cuda",
                     "self-contained CUDA C with __global__ <kernel>_cuda_kernel_forward "
                     "and <kernel>_cuda_kernel_backward entry points")),
      cl::cat(category)};
  cl::opt<std::string> arch{"arch", cl::desc("PTX: target GPU, sm_70 to sm_90a"), cl::init("sm_80"),
                            cl::cat(category)};
  cl::opt<std::string> cudaPath{"cuda-path",
                                cl::desc("PTX: CUDA toolkit (default: $CUDA_HOME, "
                                         "$CUDA_PATH, /usr/local/cuda)"),
                                cl::init(""), cl::cat(category)};
  cl::opt<bool> checkBounds{
      "check-bounds",
      cl::desc("llvm, cpp, cuda: guard every array access (out-of-range ones are reported and "
               "skipped); mlir ignores it, and so does ptx"),
      cl::init(false), cl::cat(category)};
  cl::opt<bool> verifyEmitted{
      "verify-emitted",
      cl::desc("cpp/cuda: check the emitted source with Clang in process (-fsyntax-only) and "
               "fail, writing nothing, if Clang reports an error or warning; with --spec, also "
               "compile it in process and run it on the spec, comparing with the JIT"),
      cl::init(false), cl::cat(category)};
  cl::opt<std::string> specFilename{
      "spec",
      cl::desc("--verify-emitted: a kdsl-run launch spec (docs/kdsl-run.md) to run the emitted "
               "C++ or CUDA C on; every output and gradient must equal the JIT's"),
      cl::value_desc("SPEC.json"), cl::init(""), cl::cat(category)};
  cl::opt<std::string> specTimeout{
      "timeout",
      cl::desc("--verify-emitted --spec: the seconds each run on the spec may take before it is "
               "killed and an error (default: the spec's \"timeout\", else 60; 0: no limit)"),
      cl::value_desc("S"), cl::init(""), cl::cat(category)};
  cl::opt<bool> standalone{
      "standalone",
      cl::desc("cuda: write a directory (-o DIR): DIR/<file>.cu with a host program that runs a "
               "kdsl bundle (kdsl-run --write-bundle) and prints kdsl-run's JSON, plus a Makefile "
               "and a CMakeLists.txt to build it with nvcc"),
      cl::init(false), cl::cat(category)};
  cl::opt<bool> forwardOnly{
      "forward-only",
      cl::desc("Leave out the adjoint (backward) kernels that --emit=llvm|cpp|cuda|ptx add by "
               "default"),
      cl::init(false), cl::cat(category)};
  // Test hook: proves --verify-emitted can fail by appending a line Clang rejects.
  cl::opt<std::string> appendToEmitted{"append-to-emitted", cl::Hidden, cl::init("")};
  // Test hook: proves --verify-emitted --spec can fail: every OLD in the
  // emitted text becomes NEW (the value is OLD=>NEW).
  cl::opt<std::string> replaceInEmitted{"replace-in-emitted", cl::Hidden, cl::init("")};
  cl::opt<bool> verifyDiagnostics{
      "verify-diagnostics",
      cl::desc("Check that the diagnostics match the input's expected-error {{...}} "
               "(and expected-warning, expected-note, expected-remark) comments, as mlir-opt's "
               "option does; the exit code says whether they match"),
      cl::init(false), cl::cat(category)};
  cl::opt<bool> splitInputFile{
      "split-input-file",
      cl::desc("Translate each chunk of the input between lines '# -----' (Python) or '// -----' "
               "(kdsl IR) on its own"),
      cl::init(false), cl::cat(category)};

  bool mlirInput() const {
    return inputKind == InputKind::Mlir ||
           (inputKind == InputKind::Auto && llvm::sys::path::extension(inputFilename) == ".mlir");
  }
};
} // namespace

static ManagedStatic<TranslateOptions> options;

static int error(const Twine &message) {
  WithColor::error(errs(), "kdsl-translate") << message;
  return 1;
}

cl::OptionCategory &driver::registerTranslateOptions() { return options->category; }

/// --standalone: DIR/<stem>.cu, DIR/Makefile and DIR/CMakeLists.txt, all
/// written or none.
static int writeStandalone(StringRef source) {
  // The program's name is a Makefile target and a CMake project: keep it to
  // [A-Za-z0-9_-].
  std::string stem = sys::path::stem(options->inputFilename).str();
  for (char &c : stem)
    if (!isAlnum(c) && c != '_' && c != '-')
      c = '_';
  if (stem.empty() || stem == "-")
    stem = "kernels";
  if (Error e = writeFilesInDirectory(options->outputFilename,
                                      {{stem + ".cu", source.str()},
                                       {"Makefile", standaloneMakefile(stem)},
                                       {"CMakeLists.txt", standaloneCMakeLists(stem)}}))
    return error(toString(std::move(e)) + "\n");
  return 0;
}

/// --verify-emitted: Clang in process on the emitted text (and with --spec,
/// a run of it compared with the JIT's).
static int verifyEmittedText(SourceMgr &sm, const CompileOptions &compile,
                             const CompileResult &result) {
  const TranslateOptions &o = *options;
  bool cuda = o.emit == Target::Cuda;
  std::string name = o.standalone              ? "standalone.cu"
                     : o.outputFilename != "-" ? o.outputFilename.getValue()
                     : cuda                    ? std::string("emitted.cu")
                                               : std::string("emitted.cpp");
  if (Error e =
          verifyEmitted(result.text, cuda ? EmittedLanguage::Cuda : EmittedLanguage::Cpp, name))
    return error(toString(std::move(e)));
  if (o.specFilename.empty())
    return 0;
  std::optional<double> timeout;
  if (double t = 0; !o.specTimeout.empty() && !StringRef(o.specTimeout).trim().getAsDouble(t))
    timeout = t; // checked by checkUsage
  if (Error e = runEmittedOnSpec(sm, compile, result.text, cuda, o.specFilename, timeout))
    return error(toString(std::move(e)) + "\n");
  return 0;
}

/// --append-to-emitted and --replace-in-emitted.
static void applyTestHooks(std::string &text) {
  if (!options->appendToEmitted.empty())
    text += options->appendToEmitted + "\n";
  auto [from, to] = StringRef(options->replaceInEmitted).split("=>");
  if (!from.empty())
    text = llvm::join(llvm::split(StringRef(text), from), to);
}

/// Writes the output: -o FILE atomically, or stdout.
static int writeOutput(StringRef text) {
  if (options->standalone)
    return writeStandalone(text);
  if (options->outputFilename == "-") {
    outs() << text;
    outs().flush();
    return 0;
  }
  if (Error e = writeFileAtomically(options->outputFilename, text))
    return error(toString(std::move(e)) + "\n");
  return 0;
}

/// The usage errors found before any input is read.
static int checkUsage() {
  const TranslateOptions &o = *options;
  if (o.verifyEmitted && o.emit != Target::Cpp && o.emit != Target::Cuda)
    return error("--verify-emitted needs --emit=cpp or --emit=cuda\n");
  if (!o.specFilename.empty() && !o.verifyEmitted)
    return error("--spec needs --verify-emitted\n");
  if (!o.specTimeout.empty()) {
    double t;
    if (o.specFilename.empty())
      return error("--timeout needs --verify-emitted --spec\n");
    if (StringRef(o.specTimeout).trim().getAsDouble(t) || !std::isfinite(t) || t < 0)
      return error("--timeout must be a number of seconds >= 0 (0: no limit), got '" +
                   o.specTimeout + "'\n");
  }
  if (o.standalone && (o.emit != Target::Cuda || o.outputFilename == "-"))
    return error("--standalone needs --emit=cuda and -o DIR\n");
  if (o.mlirInput() && !o.kernelName.empty())
    return error("--kernel needs Python input\n");
  return 0;
}

/// One input (a whole file, or a chunk of --split-input-file).
static int translateBuffer(std::unique_ptr<MemoryBuffer> buffer, mlir::TimingScope &timing) {
  const TranslateOptions &o = *options;
  SourceMgr sm;
  sm.AddNewSourceBuffer(std::move(buffer), SMLoc());
  std::unique_ptr<mlir::MLIRContext> ctx = createContext();

  CompileOptions compile;
  compile.target = o.emit;
  compile.mlirInput = o.mlirInput();
  compile.frontend.kernel = o.kernelName;
  compile.frontend.includeDirs.assign(o.includeDirs.begin(), o.includeDirs.end());
  if (!o.kernelTypes.empty()) {
    if (o.kernelName.empty())
      return error("--kernel-types needs --kernel NAME (the generic kernel they are for)\n");
    compile.frontend.kernelTypes[o.kernelName] = o.kernelTypes;
  }
  compile.adjoints = !o.forwardOnly;
  compile.adjointHint =
      "(mark the kernel @wp.kernel(enable_backward=False), or pass --forward-only)";
  compile.checkBounds = o.checkBounds;
  compile.arch = o.arch;
  compile.cudaPath = o.cudaPath;
  compile.standaloneHost = o.standalone;
  compile.llvmModuleName = o.inputFilename;
  compile.timing = &timing;

  // For kdsl IR input every diagnostic (parser, verifier, autodiff, emitter)
  // is file:line:col with the source line. --verify-diagnostics checks every
  // diagnostic of the context against the expected-* comments instead.
  std::optional<mlir::SourceMgrDiagnosticHandler> diagnostics;
  std::optional<mlir::SourceMgrDiagnosticVerifierHandler> verifier;
  std::optional<WarningPrinter> warnings; // the autodiff's, for .py input
  if (o.verifyDiagnostics) {
    verifier.emplace(sm, ctx.get());
    compile.frontendToContext = true;
  } else if (compile.mlirInput) {
    diagnostics.emplace(sm, ctx.get());
  } else {
    // Errors after the front end (a target's refusal: tiles) at their
    // file:line:col with the source line; warnings as the WarningPrinter
    // prints them (registered last, it sees them first).
    diagnostics.emplace(sm, ctx.get());
    warnings.emplace(*ctx, errs());
  }

  Expected<CompileResult> result = driver::compile(sm, *ctx, compile);
  if (verifier) {
    consumeError(result.takeError());
    return mlir::succeeded(verifier->verify()) ? 0 : 1;
  }
  if (!result) {
    Error e = result.takeError();
    return isReported(e) ? 1 : error(toString(std::move(e)) + "\n");
  }
  if (o.emit == Target::Cpp || o.emit == Target::Cuda)
    applyTestHooks(result->text);
  if (o.verifyEmitted)
    if (int rc = verifyEmittedText(sm, compile, *result))
      return rc;
  return writeOutput(result->text);
}

int driver::translateMain() {
  Expected<std::unique_ptr<MemoryBuffer>> read = kdsl::readInputFile(options->inputFilename);
  if (!read)
    return error(toString(read.takeError()) + "\n");
  std::unique_ptr<MemoryBuffer> file = std::move(*read);
  if (int rc = checkUsage())
    return rc;
  mlir::DefaultTimingManager tm;
  mlir::applyDefaultTimingManagerCLOptions(tm);
  mlir::TimingScope timing = tm.getRootScope();
  auto process = [&](std::unique_ptr<MemoryBuffer> chunk, raw_ostream &) {
    return mlir::success(translateBuffer(std::move(chunk), timing) == 0);
  };
  if (!options->splitInputFile)
    return mlir::succeeded(process(std::move(file), outs())) ? 0 : 1;
  StringRef marker = options->mlirInput() ? "// -----" : "# -----";
  return mlir::succeeded(mlir::splitAndProcessBuffer(std::move(file), process, outs(), marker)) ? 0
                                                                                                : 1;
}
