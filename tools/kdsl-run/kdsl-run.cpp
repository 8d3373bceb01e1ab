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
#include "kdsl/Runtime/ChildProcess.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ValueLayout.h"
#include "kdsl/Support/OutputFiles.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
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
#include <cmath>
#include <limits>
#include <type_traits>
#include <csignal>
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

/// cl's own parsers print a bad option value's error to stderr only (the JSON
/// error would be empty): this one keeps the message for main() to report.
static std::string optionValueError;
template <typename T> struct CheckedParser : cl::parser<T> {
  using cl::parser<T>::parser;
  bool parse(cl::Option &o, StringRef argName, StringRef arg, T &value) {
    bool bad;
    if constexpr (std::is_same_v<T, double>) {
      bad = arg.trim().getAsDouble(value);
    } else {
      unsigned long long v = 0;
      bad = arg.trim().getAsInteger(10, v) || v > std::numeric_limits<T>::max();
      value = T(v);
    }
    if (bad && optionValueError.empty())
      optionValueError = ("--" + argName + ": '" + arg + "' is not " +
                          (std::is_same_v<T, double> ? "a number" : "a non-negative integer"))
                             .str();
    return bad;
  }
};

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
// "kdsl-threads", and main() renames LLVM's to "llvm-threads" and ours to
// "threads" before parsing.
static cl::opt<unsigned, false, CheckedParser<unsigned>> numThreads(
    "kdsl-threads",
    cl::desc("Host threads per launch, 0 to 1024 (default 0: all hardware threads)"),
    cl::value_desc("N"), cl::init(0), cl::cat(runCategory));
static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("Check every array index and report out-of-range ones (default: on; "
             "--check-bounds=false or --no-check-bounds turns the checks off)"),
    cl::init(true), cl::cat(runCategory));
static cl::opt<bool> noCheckBounds(
    "no-check-bounds",
    cl::desc("No bounds checks: faster kernels; an out-of-range access is then undefined (a "
             "fault ends the run with an error, a wrong read or write may go unnoticed)"),
    cl::init(false), cl::cat(runCategory));
static cl::opt<double, false, CheckedParser<double>> timeoutSeconds(
    "timeout",
    cl::desc("End the run with a \"timeout\" error if the launches take longer than this "
             "many seconds (default: the spec's \"timeout\", else no limit; 0: no limit)"),
    cl::value_desc("seconds"), cl::init(0), cl::cat(runCategory));
static cl::opt<std::string> outputFilename("o", cl::desc("Write the result JSON here (default: "
                                                         "stdout)"),
                                           cl::value_desc("filename"), cl::init("-"),
                                           cl::cat(runCategory));
static cl::opt<std::string> bundleDir(
    "write-bundle",
    cl::desc("After a successful run, write DIR/bundle.bin (the arrays before the run and the "
             "launches) and DIR/expected.bin (the outputs after it) for utils/gpu"),
    cl::value_desc("DIR"), cl::init(""), cl::cat(runCategory));
static cl::opt<std::string> cxx("cxx",
                                cl::desc("C++ compiler of --backend=cpp (default: $CXX, then c++)"),
                                cl::value_desc("path"), cl::cat(runCategory));

static cl::opt<bool> checkGrads(
    "check-grads",
    cl::desc("With \"backward\": compare the gradient of every input array with requires_grad "
             "with central finite differences of the objective (float32/float64 arrays)"),
    cl::init(false), cl::cat(runCategory));
// Unset: the defaults of the array's dtype (GradCheck.h, docs/kdsl-run.md).
static cl::opt<double, false, CheckedParser<double>> gradRtol(
    "grad-rtol",
    cl::desc("--check-grads relative tolerance, >= 0 (default: 1e-6 for float64 arrays, 1e-2 "
             "for float32)"),
    cl::value_desc("R"), cl::cat(runCategory));
static cl::opt<double, false, CheckedParser<double>> gradAtol(
    "grad-atol",
    cl::desc("--check-grads absolute tolerance, >= 0 (default: 1e-9 for float64, 1e-3 for "
             "float32)"),
    cl::value_desc("A"), cl::cat(runCategory));
static cl::opt<double, false, CheckedParser<double>> fdStep(
    "fd-step",
    cl::desc("--check-grads step h = H * max(1, |x|), H > 0 (default: 1e-6 for float64, 5e-3 "
             "for float32)"),
    cl::value_desc("H"), cl::cat(runCategory));

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

static std::string resultText(bool ok, RunErrorKind kind, StringRef error,
                              const kdsl::LaunchPlan *plan) {
  std::string text;
  raw_string_ostream os(text);
  writeResult(os, ok, kind, error, plan);
  return text;
}

/// Prints a result (`text`, from resultText) to -o (or stdout) and returns
/// the exit code. The `error` of a failure also goes to stderr unless
/// `printedAlready`.
static int emit(bool ok, StringRef error, StringRef text, bool printedAlready = false) {
  if (!ok && !printedAlready)
    WithColor::error(errs(), "kdsl-run") << error << "\n";
  if (outputFilename != "-") {
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
  outs() << text;
  outs().flush();
  return ok ? 0 : 1;
}

static int finish(bool ok, RunErrorKind kind, StringRef error, const kdsl::LaunchPlan *plan,
                  bool printedAlready = false) {
  return emit(ok, error, resultText(ok, kind, error, plan), printedAlready);
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

// A crash while compiling the kernels (a backend bug) still leaves a JSON
// result. The text is prepared before the risky phase; the handler only
// calls open, write and _exit. (Kernels run in a child process: their faults
// never reach this handler.)
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
// The run (in a child process)
//===----------------------------------------------------------------------===//

/// Runs the launches (or the gradient check), writes the bundle if asked,
/// and returns {"error": "..." ("" on success), "result": "<result JSON>"}
/// for the parent process to print.
static std::string runLaunches(kdsl::LaunchPlan &plan, kdsl::CpuModule &cpu,
                               StringRef bundleInputs) {
  auto payload = [](StringRef error, std::string result) {
    std::string text;
    raw_string_ostream os(text);
    json::OStream j(os);
    j.object([&] {
      j.attribute("error", validUTF8(error));
      j.attribute("result", std::move(result));
    });
    return text;
  };
  auto failure = [&](RunErrorKind kind, StringRef message, const kdsl::LaunchPlan *withOutputs) {
    return payload(message, resultText(false, kind, message, withOutputs));
  };

  Error runError = Error::success();
  if (checkGrads) {
    kdsl::GradCheckOptions gc;
    // Unset: the defaults of each array's dtype.
    if (gradRtol.getNumOccurrences())
      gc.rtol = gradRtol;
    if (gradAtol.getNumOccurrences())
      gc.atol = gradAtol;
    if (fdStep.getNumOccurrences())
      gc.step = fdStep;
    Expected<std::vector<kdsl::GradCheckResult>> results =
        kdsl::checkGradients(plan, cpu, numThreads, gc);
    if (results)
      gradResults = std::move(*results);
    else
      runError = results.takeError();
  } else {
    runError = plan.run(cpu, numThreads);
  }
  if (runError) {
    auto [kind, message] = kdsl::takeRunError(std::move(runError), RunErrorKind::Runtime);
    // Runtime failures keep the outputs: they show what the kernels did.
    return failure(kind, message, kind == RunErrorKind::Runtime ? &plan : nullptr);
  }
  if (!bundleDir.empty()) {
    std::string expected;
    raw_string_ostream os(expected);
    kdsl::writeBundleExpected(plan, os);
    // Both files or neither.
    if (Error e = kdsl::writeFilesInDirectory(
            bundleDir, {{"bundle.bin", bundleInputs.str()}, {"expected.bin", expected}}))
      return failure(RunErrorKind::IO, toString(std::move(e)), nullptr);
  }
  for (const kdsl::GradCheckResult &r : gradResults)
    if (r.failed)
      return failure(RunErrorKind::GradCheck, kdsl::describeGradCheckFailure(r), &plan);
  return payload("", resultText(true, RunErrorKind::Runtime, "", &plan));
}

/// The error of a run whose process faulted or ran out of time.
static std::string describeFailedRun(const kdsl::ChildOutcome &outcome,
                                     std::optional<double> timeout, bool checkedBounds) {
  std::string where;
  if (outcome.inKernel)
    where = formatv("{0}kernel '{1}' (launch {2} of the spec{3})",
                    outcome.backward ? "the adjoint of " : "", outcome.kernel, outcome.launch,
                    outcome.backward ? "'s backward pass" : "")
                .str();
  if (outcome.kind == kdsl::ChildOutcome::Kind::TimedOut)
    return formatv("{0} did not finish within {1} s (--timeout or the spec's \"timeout\")",
                   where.empty() ? std::string("the run") : where, format("%g", *timeout))
        .str();
  if (where.empty())
    return "kdsl-run crashed outside any kernel while running the spec: " + outcome.cause() +
           " (a kdsl bug)";
  std::string message = where + " crashed: " + outcome.cause();
  if (!checkedBounds && outcome.signal != SIGFPE)
    message += " (bounds checks were off: an array index out of range? without "
               "--no-check-bounds kdsl-run reports which)";
  return message;
}

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
  setBugReportMsg("kdsl-run crashed (a kdsl bug; kernels' own faults are reported as JSON "
                  "errors, not like this).\n");
  sys::AddSignalHandler(crashHandler, nullptr);
  (void)keepReportHooks;

  // --threads is ours (LLVM's own "threads" becomes --llvm-threads).
  {
    auto &options = cl::getRegisteredOptions();
    if (cl::Option *llvmThreads = options.lookup("threads"))
      llvmThreads->setArgStr("llvm-threads");
    numThreads.setArgStr("threads");
  }

  std::string clErrors;
  raw_string_ostream clOs(clErrors);
  // --help shows kdsl-run's options; LLVM's stay behind --help-hidden.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *o = entry.second;
    StringRef name = o->ArgStr;
    if (!is_contained(o->Categories, &runCategory) && name != "help" && name != "help-list" &&
        name != "version" && o->getOptionHiddenFlag() == cl::NotHidden)
      o->setHiddenFlag(cl::Hidden);
  }
  bool parsed = cl::ParseCommandLineOptions(
      argc, argv,
      "kdsl-run: run Warp kernels on the CPU from a JSON launch spec (docs/kdsl-run.md)\n\n"
      "  kdsl-run FILE.py SPEC.json [options]\n\n"
      "--help-hidden also lists LLVM's own options.\n",
      &clOs);
  if (!optionValueError.empty())
    return fail(RunErrorKind::Usage, optionValueError);
  if (!parsed)
    return fail(RunErrorKind::Usage, StringRef(clErrors).trim());
  if (numThreads > kMaxThreads)
    return fail(RunErrorKind::Usage,
                "--threads must be at most " + std::to_string(kMaxThreads) + " (0: all hardware "
                "threads), got " + std::to_string(numThreads));
  // --check-grads settings: NaN, infinities and signs that make no sense.
  auto number = [](double v) { return formatv("{0}", format("%g", v)).str(); };
  if (gradRtol.getNumOccurrences() && !(std::isfinite(gradRtol) && gradRtol >= 0))
    return fail(RunErrorKind::Usage,
                formatv("--grad-rtol must be a finite number >= 0, got {0}", number(gradRtol))
                    .str());
  if (gradAtol.getNumOccurrences() && !(std::isfinite(gradAtol) && gradAtol >= 0))
    return fail(RunErrorKind::Usage,
                formatv("--grad-atol must be a finite number >= 0, got {0}", number(gradAtol))
                    .str());
  if (fdStep.getNumOccurrences() && !(std::isfinite(fdStep) && fdStep > 0 && fdStep < 1))
    return fail(RunErrorKind::Usage,
                formatv("--fd-step must be a finite number > 0 and < 1, got {0}", number(fdStep))
                    .str());

  if (!(timeoutSeconds >= 0) || !std::isfinite(timeoutSeconds))
    return fail(RunErrorKind::Usage, "--timeout must be a number of seconds >= 0 (0: no limit), "
                                     "got " + formatv("{0}", format("%g", double(timeoutSeconds))).str());

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

  // 2. The spec, read first: only the kernels it launches (and the funcs and
  // structs they use) are translated, so a kernel elsewhere in the file that
  // kdsl does not support does not stop the run.
  ErrorOr<std::unique_ptr<MemoryBuffer>> specBuffer = MemoryBuffer::getFileOrSTDIN(specFilename);
  if (!specBuffer)
    return fail(RunErrorKind::IO,
                "cannot read '" + specFilename + "': " + specBuffer.getError().message());
  Expected<json::Value> spec = kdsl::parseJSONText(
      (*specBuffer)->getBuffer(), specFilename == "-" ? StringRef("<stdin>") : StringRef(specFilename));
  if (!spec)
    return fail(spec.takeError(), RunErrorKind::JSON);

  std::string diagnostics;
  kdsl::PlanOptions planOptions;
  auto translate = [&](std::vector<std::string> only) {
    diagnostics.clear();
    raw_string_ostream diagOs(diagnostics);
    kdsl::FrontendOptions frontendOptions;
    frontendOptions.kernels = std::move(only);
    frontendOptions.kernelSymbols = &planOptions.fileKernels;
    return kdsl::translateSource(sm, ctx, frontendOptions, diagOs);
  };
  std::vector<std::string> launched = kdsl::launchedKernelNames(*spec);
  // No launches: the whole file (named arrays may use its structs).
  mlir::OwningOpRef<mlir::ModuleOp> module = translate(launched);
  if (!module) {
    errs() << diagnostics;
    if (diagnostics.empty() || diagnostics.back() != '\n')
      errs() << "\n";
    return fail(RunErrorKind::Compile, errorLines(diagnostics), /*printedAlready=*/true);
  }
  Expected<std::unique_ptr<kdsl::LaunchPlan>> plan =
      kdsl::LaunchPlan::create(*spec, *module, planOptions);
  if (!plan && !launched.empty()) {
    // Judge a spec error against every kernel of the file (an unknown kernel
    // lists them all; a named array may take a struct only another kernel
    // uses), if the whole file translates; else report it as it is.
    if (mlir::OwningOpRef<mlir::ModuleOp> whole = translate({})) {
      consumeError(plan.takeError());
      module = std::move(whole);
      plan = kdsl::LaunchPlan::create(*spec, *module, planOptions);
    }
  }
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
  compileOptions.checkBounds = (checkBounds && !noCheckBounds) || (*plan)->passesNullArrays();
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

  // 4. Run, in a child process: a kernel's fault or a runaway loop ends as a
  // JSON error naming the kernel, never as a crash or a hang of kdsl-run.
  std::optional<double> timeout = (*plan)->timeout();
  if (timeoutSeconds.getNumOccurrences())
    timeout = timeoutSeconds > 0 ? std::optional<double>(timeoutSeconds) : std::nullopt;
  Expected<kdsl::ChildOutcome> outcome = kdsl::runInChildProcess(
      [&] { return runLaunches(**plan, **cpu, bundleInputs); }, timeout);
  if (!outcome)
    return fail(RunErrorKind::Runtime, toString(outcome.takeError()));
  if (outcome->kind == kdsl::ChildOutcome::Kind::Exited) {
    // The child's payload: {"error": "..." (empty on success), "result": "..."}.
    Expected<json::Value> payload = json::parse(outcome->payload);
    const json::Object *obj = payload ? payload->getAsObject() : nullptr;
    std::optional<StringRef> error = obj ? obj->getString("error") : std::nullopt;
    std::optional<StringRef> result = obj ? obj->getString("result") : std::nullopt;
    if (!payload)
      consumeError(payload.takeError());
    if (!error || !result)
      return fail(RunErrorKind::Runtime, "the process that ran the kernels sent no result");
    return emit(error->empty(), *error, *result);
  }
  return fail(outcome->kind == kdsl::ChildOutcome::Kind::TimedOut ? RunErrorKind::Timeout
                                                                 : RunErrorKind::Runtime,
              describeFailedRun(*outcome, timeout, compileOptions.checkBounds));
}
