//===- kdsl-run.cpp - run Warp-syntax kernels on the CPU from a JSON spec --===//
//
//   kdsl-run FILE.py SPEC.json [--backend jit|cpp] [--threads N]
//            [--check-bounds] [-o OUT.json]
//
// Translates FILE.py, binds the arguments of SPEC.json (docs/kdsl-run.md) to
// its kernels, compiles the module for the CPU, runs the launches and prints
//   {"ok": true, "outputs": {...}, "grads": {}}
// or, on any error,
//   {"ok": false, "error": "...", "type": "usage|io|json|spec|compile|runtime"}
// (with "outputs" too for runtime failures: failed asserts, out-of-bounds
// accesses). The exit code is 0 on success and 1 on any error; the message
// also goes to stderr.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Runtime/Bundle.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ValueLayout.h"
#include "kdsl/Support/OutputFiles.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <atomic>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using kdsl::RunErrorKind;

// Kernels call these (KernelABI.h); -rdynamic exports them to the JIT and to
// the shared objects of the C++ backend.
KDSL_DEFINE_RUNTIME_REPORT_HOOKS()

// Referenced so that no linker garbage collection drops the hooks.
__attribute__((used)) static void *const keepReportHooks[] = {
    reinterpret_cast<void *>(&kdsl_report_assert), reinterpret_cast<void *>(&kdsl_report_oob)};

static cl::OptionCategory runCategory("kdsl-run options");
static cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<kernels .py file>"),
                                          cl::Required, cl::cat(runCategory));
static cl::opt<std::string> specFilename(cl::Positional,
                                         cl::desc("<launch spec .json file, - for stdin>"),
                                         cl::Required, cl::cat(runCategory));
enum class Backend { JIT, Cpp };
static cl::opt<Backend> backend(
    "backend", cl::desc("How to compile the kernels"), cl::init(Backend::JIT),
    cl::values(clEnumValN(Backend::JIT, "jit", "MLIR's LLVM pipeline, JIT-compiled in process"),
               clEnumValN(Backend::Cpp, "cpp",
                          "emitted C++, compiled with the system compiler and loaded")),
    cl::cat(runCategory));
// libLLVM already registers an option named "threads": ours is registered as
// "kdsl-threads" and main() maps --threads onto it.
static cl::opt<unsigned> numThreads("kdsl-threads",
                                    cl::desc("--threads N: host threads per launch (default: all "
                                             "hardware threads)"),
                                    cl::value_desc("N"), cl::init(0), cl::cat(runCategory));
static cl::opt<bool> checkBounds("check-bounds",
                                 cl::desc("Check every array index; report out-of-range ones"),
                                 cl::init(false), cl::cat(runCategory));
static cl::opt<std::string> outputFilename("o", cl::desc("Write the result JSON here (default: "
                                                         "stdout)"),
                                           cl::value_desc("filename"), cl::init("-"),
                                           cl::cat(runCategory));
static cl::opt<std::string> bundleDir(
    "write-bundle",
    cl::desc("After a successful run, write DIR/bundle.bin (the arrays before the run and the "
             "launches) and DIR/expected.bin (the outputs after it) for utils/gpu"),
    cl::value_desc("DIR"), cl::init(""));
static cl::opt<std::string> cxx("cxx",
                                cl::desc("C++ compiler of --backend=cpp (default: $CXX, then c++)"),
                                cl::value_desc("path"), cl::cat(runCategory));

static cl::opt<bool> checkGrads(
    "check-grads",
    cl::desc("With \"backward\": compare the gradient of every input array with requires_grad "
             "with central finite differences of the objective (float32/float64 arrays)"),
    cl::init(false), cl::cat(runCategory));
static cl::opt<double> gradRtol("grad-rtol",
                                cl::desc("--check-grads relative tolerance (default 1e-6)"),
                                cl::init(1e-6), cl::cat(runCategory));
static cl::opt<double> gradAtol("grad-atol",
                                cl::desc("--check-grads absolute tolerance (default 1e-9)"),
                                cl::init(1e-9), cl::cat(runCategory));
static cl::opt<double> fdStep("fd-step",
                              cl::desc("--check-grads step h = fd-step * max(1, |x|) (default 1e-6)"),
                              cl::init(1e-6), cl::cat(runCategory));

static constexpr unsigned kMaxThreads = 1024;

/// --check-grads results, printed as "gradcheck" in the result.
static std::vector<kdsl::GradCheckResult> gradResults;

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

static std::string validUTF8(StringRef s) { return json::isUTF8(s) ? s.str() : json::fixUTF8(s); }

/// Writes the result object; `plan` (may be null) supplies the outputs.
static void writeResult(raw_ostream &os, bool ok, RunErrorKind kind, StringRef error,
                        const kdsl::LaunchPlan *plan) {
  json::OStream j(os);
  j.objectBegin();
  j.attribute("ok", ok);
  if (!ok) {
    j.attribute("error", validUTF8(error));
    j.attribute("type", kdsl::runErrorKindName(kind));
  }
  if (plan) {
    j.attributeBegin("outputs");
    plan->writeOutputs(j);
    j.attributeEnd();
    j.attributeBegin("grads");
    plan->writeGrads(j);
    j.attributeEnd();
    if (checkGrads)
      j.attributeObject("gradcheck", [&] {
        for (const kdsl::GradCheckResult &r : gradResults)
          j.attributeObject(r.array, [&] {
            j.attribute("checked", r.checked);
            j.attribute("failed", r.failed);
            j.attribute("max_rel_error", r.relError);
            j.attributeObject("worst", [&] {
              j.attribute("index", r.worst);
              j.attribute("analytic", r.analytic);
              j.attribute("numeric", r.numeric);
            });
          });
      });
  }
  j.objectEnd();
  os << "\n";
}

/// Prints the result to -o (or stdout) and returns the exit code. Errors are
/// also printed to stderr unless `printedAlready`.
static int finish(bool ok, RunErrorKind kind, StringRef error, const kdsl::LaunchPlan *plan,
                  bool printedAlready = false) {
  if (!ok && !printedAlready)
    WithColor::error(errs(), "kdsl-run") << error << "\n";
  if (outputFilename != "-") {
    std::string text;
    raw_string_ostream os(text);
    writeResult(os, ok, kind, error, plan);
    llvm::Error e = kdsl::writeFileAtomically(outputFilename, text);
    if (!e)
      return ok ? 0 : 1;
    std::string err = toString(std::move(e));
    // Report the I/O error (and the original one) on stdout.
    std::string message = err + (ok ? "" : " (after: " + error.str() + ")");
    WithColor::error(errs(), "kdsl-run") << message << "\n";
    writeResult(outs(), false, RunErrorKind::IO, message, nullptr);
    outs().flush();
    return 1;
  }
  writeResult(outs(), ok, kind, error, plan);
  outs().flush();
  return ok ? 0 : 1;
}

static int fail(RunErrorKind kind, StringRef error, bool printedAlready = false) {
  return finish(false, kind, error, nullptr, printedAlready);
}

static int fail(Error err, RunErrorKind fallback) {
  auto [kind, message] = kdsl::takeRunError(std::move(err), fallback);
  return fail(kind, message);
}

//===----------------------------------------------------------------------===//
// Crashes
//===----------------------------------------------------------------------===//

// A crash while compiling or running kernels (a kernel indexing out of bounds
// without --check-bounds, a backend bug) still leaves a JSON result. The
// texts are prepared before the risky phase; the handler only calls open,
// write and _exit.
static std::string crashJSON;
static std::string crashPath; // empty: stdout
static std::atomic<bool> crashArmed{false};

static void crashHandler(void *) {
  if (!crashArmed.exchange(false))
    return;
  int fd = 1;
  if (!crashPath.empty())
    fd = ::open(crashPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd >= 0) {
    const char *p = crashJSON.data();
    size_t left = crashJSON.size();
    while (left > 0) {
      ssize_t n = ::write(fd, p, left);
      if (n <= 0)
        break;
      p += n;
      left -= size_t(n);
    }
  }
  ::_exit(1);
}

static void armCrashHandler(RunErrorKind kind, StringRef message) {
  std::string text;
  raw_string_ostream os(text);
  writeResult(os, false, kind, message, nullptr);
  crashJSON = text;
  crashPath = outputFilename == "-" ? "" : outputFilename.getValue();
  crashArmed = true;
}

static void disarmCrashHandler() { crashArmed = false; }

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

/// The "file:line:col: error: ..." lines of front-end diagnostics (without
/// the source excerpts), or all of it if there are none.
static std::string errorLines(StringRef diagnostics) {
  std::string lines;
  SmallVector<StringRef> all;
  diagnostics.split(all, '\n');
  for (StringRef line : all)
    if (line.contains(": error: ") || line.starts_with("kdsl: internal error"))
      lines += (lines.empty() ? "" : "\n") + line.str();
  return lines.empty() ? diagnostics.trim().str() : lines;
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  setBugReportMsg("kdsl-run crashed. If a kernel indexed an array out of range, run with "
                  "--check-bounds to have it reported instead.\n");
  sys::AddSignalHandler(crashHandler, nullptr);
  (void)keepReportHooks;

  // --threads / -threads (with a separate or an `=` value) -> --kdsl-threads.
  std::vector<std::string> renamed;
  renamed.reserve(argc); // args keeps pointers into these strings
  std::vector<const char *> args;
  for (int i = 0; i < argc; ++i) {
    StringRef a = argv[i];
    for (StringRef prefix : {"--threads", "-threads"})
      if (a == prefix || a.starts_with((prefix + "=").str())) {
        renamed.push_back(("--kdsl-threads" + a.drop_front(prefix.size())).str());
        a = renamed.back();
        break;
      }
    args.push_back(a.data());
  }
  argc = (int)args.size();
  argv = const_cast<char **>(args.data());

  std::string clErrors;
  raw_string_ostream clOs(clErrors);
  cl::HideUnrelatedOptions(runCategory);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "kdsl-run: run Warp kernels on the CPU from a JSON launch spec "
                                   "(docs/kdsl-run.md)\n",
                                   &clOs))
    return fail(RunErrorKind::Usage, StringRef(clErrors).trim());
  if (numThreads > kMaxThreads)
    return fail(RunErrorKind::Usage,
                "--threads must be at most " + std::to_string(kMaxThreads) + " (0: all hardware "
                "threads), got " + std::to_string(numThreads));

  // 1. The kernels.
  ErrorOr<std::unique_ptr<MemoryBuffer>> source = MemoryBuffer::getFile(inputFilename);
  if (!source)
    return fail(RunErrorKind::IO,
                "cannot read '" + inputFilename + "': " + source.getError().message());
  SourceMgr sm;
  sm.AddNewSourceBuffer(std::move(*source), SMLoc());

  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  std::string diagnostics;
  raw_string_ostream diagOs(diagnostics);
  kdsl::FrontendOptions frontendOptions;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      kdsl::translateSource(sm, ctx, frontendOptions, diagOs);
  if (!module) {
    errs() << diagnostics;
    if (diagnostics.empty() || diagnostics.back() != '\n')
      errs() << "\n";
    return fail(RunErrorKind::Compile, errorLines(diagnostics), /*printedAlready=*/true);
  }

  // 2. The spec.
  ErrorOr<std::unique_ptr<MemoryBuffer>> specBuffer = MemoryBuffer::getFileOrSTDIN(specFilename);
  if (!specBuffer)
    return fail(RunErrorKind::IO,
                "cannot read '" + specFilename + "': " + specBuffer.getError().message());
  Expected<json::Value> spec = kdsl::parseJSONText(
      (*specBuffer)->getBuffer(), specFilename == "-" ? StringRef("<stdin>") : StringRef(specFilename));
  if (!spec)
    return fail(spec.takeError(), RunErrorKind::JSON);
  Expected<std::unique_ptr<kdsl::LaunchPlan>> plan = kdsl::LaunchPlan::create(*spec, *module);
  if (!plan)
    return fail(plan.takeError(), RunErrorKind::Spec);
  if ((*plan)->hasBackward())
    if (Error e = kdsl::buildAdjointKernels(*module, (*plan)->kernelNames()))
      return fail(RunErrorKind::Compile, toString(std::move(e)));

  // The bundle holds the arrays as they are before the run.
  std::string bundleInputs;
  if (!bundleDir.empty()) {
    raw_string_ostream os(bundleInputs);
    kdsl::writeBundleInputs(**plan, os);
  }

  // 3. Compile (the module is lowered in place) and run.
  kdsl::CpuCompileOptions compileOptions;
  // A null array is read out of range: report it rather than crash.
  compileOptions.checkBounds = checkBounds || (*plan)->passesNullArrays();
  compileOptions.cxx = cxx;
  armCrashHandler(RunErrorKind::Compile, "kdsl-run crashed while compiling the kernels (a "
                                         "compiler bug)");
  Expected<std::unique_ptr<kdsl::CpuModule>> cpu =
      backend == Backend::JIT ? kdsl::compileWithJit(*module, compileOptions)
                              : kdsl::compileWithCpp(*module, compileOptions);
  disarmCrashHandler();
  if (!cpu)
    return fail(cpu.takeError(), RunErrorKind::Compile);
  if (!*cpu)
    return fail(RunErrorKind::Compile, "the CPU backend returned no module");

  armCrashHandler(RunErrorKind::Runtime,
                  std::string("a kernel crashed") +
                      (compileOptions.checkBounds
                           ? ""
                           : " (if it indexed an array out of range, --check-bounds reports where)"));
  Error runError = Error::success();
  if (checkGrads) {
    kdsl::GradCheckOptions gc;
    gc.rtol = gradRtol;
    gc.atol = gradAtol;
    gc.step = fdStep;
    Expected<std::vector<kdsl::GradCheckResult>> results = kdsl::checkGradients(**plan, **cpu, numThreads, gc);
    if (results)
      gradResults = std::move(*results);
    else
      runError = results.takeError();
  } else {
    runError = (*plan)->run(**cpu, numThreads);
  }
  disarmCrashHandler();
  if (runError) {
    auto [kind, message] = kdsl::takeRunError(std::move(runError), RunErrorKind::Runtime);
    // Runtime failures keep the outputs: they show what the kernels did.
    return finish(false, kind, message, kind == RunErrorKind::Runtime ? plan->get() : nullptr);
  }
  if (!bundleDir.empty()) {
    std::string expected;
    raw_string_ostream os(expected);
    kdsl::writeBundleExpected(**plan, os);
    // Both files or neither.
    if (Error e = kdsl::writeFilesInDirectory(
            bundleDir, {{"bundle.bin", bundleInputs}, {"expected.bin", expected}}))
      return fail(RunErrorKind::IO, toString(std::move(e)));
  }
  for (const kdsl::GradCheckResult &r : gradResults)
    if (r.failed)
      return finish(false, RunErrorKind::GradCheck,
                    formatv("gradient of '{0}' disagrees with finite differences in {1} of {2} "
                            "components; worst: component {3}: adjoint {4}, finite differences {5}",
                            r.array, r.failed, r.checked, r.worst, r.analytic, r.numeric)
                        .str(),
                    plan->get());
  return finish(true, RunErrorKind::Runtime, "", plan->get());
}
