//===- RunTool.cpp - kdsl-run's options and logic -------------------------===//
//
// kdsl-run's main (tools/kdsl-run) registers the options and calls runMain:
// it translates FILE.py through the driver (kdsl/Driver/Driver.h), binds the
// arguments of SPEC.json (docs/kdsl-run.md) to its kernels, compiles the
// module for the CPU, runs the launches in a child process and prints
//   {"ok": true, "outputs": {...}, "grads": {}}
// or, on any error,
//   {"ok": false, "error": "...", "type": "usage|io|json|spec|compile|runtime"}
//
//===----------------------------------------------------------------------===//
#include "kdsl/Driver/Tools.h"

#include "kdsl/Driver/Driver.h"
#include "kdsl/Runtime/Bundle.h"
#include "kdsl/Runtime/ChildProcess.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ObjectCache.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/OutputFiles.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <atomic>
#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <limits>
#include <type_traits>
#include <unistd.h>

using namespace llvm;
using kdsl::RunErrorKind;

/// cl's own parsers print a bad option value's error to stderr only (the JSON
/// error would be empty): this one keeps the message for main() to report.
static std::string optionValueError;

namespace {
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

enum class Backend { JIT, Cpp };

/// kdsl-run's options, registered when registerRunOptions constructs them.
struct RunOptions {
  cl::OptionCategory category{"kdsl-run options"};

  cl::opt<std::string> inputFilename{cl::Positional, cl::desc("<kernels .py file>"), cl::Required,
                                     cl::cat(category)};
  cl::opt<std::string> specFilename{cl::Positional,
                                    cl::desc("<launch spec .json file, - for stdin>"), cl::Required,
                                    cl::cat(category)};
  cl::list<std::string> includeDirs{
      "I",
      cl::desc("Also look for the source of imported Python modules in this directory (as "
               "kdsl-translate -I)"),
      cl::value_desc("dir"), cl::Prefix, cl::cat(category)};
  cl::opt<Backend> backend{
      "backend", cl::desc("How to compile the kernels"), cl::init(Backend::JIT),
      cl::values(clEnumValN(Backend::JIT, "jit", "MLIR's LLVM pipeline, JIT-compiled in process"),
                 clEnumValN(Backend::Cpp, "cpp",
                            "emitted C++, compiled with the system compiler and loaded")),
      cl::cat(category)};
  // libLLVM already registers an option named "threads": ours is registered as
  // "kdsl-threads", and main() renames LLVM's to "llvm-threads" and ours to
  // "threads" before parsing.
  cl::opt<unsigned, false, CheckedParser<unsigned>> numThreads{
      "kdsl-threads",
      cl::desc("Host threads per launch, 0 to 1024 (default 0: all hardware threads)"),
      cl::value_desc("N"), cl::init(0), cl::cat(category)};
  cl::opt<bool> checkBounds{
      "check-bounds",
      cl::desc("Check every array index and report out-of-range ones (default: on; "
               "--check-bounds=false or --no-check-bounds turns the checks off)"),
      cl::init(true), cl::cat(category)};
  cl::opt<bool> noCheckBounds{
      "no-check-bounds",
      cl::desc("No bounds checks: faster kernels; an out-of-range access is then undefined (a "
               "fault ends the run with an error, a wrong read or write may go unnoticed)"),
      cl::init(false), cl::cat(category)};
  cl::opt<double, false, CheckedParser<double>> timeoutSeconds{
      "timeout",
      cl::desc("End the run with a \"timeout\" error if the launches take longer than this "
               "many seconds (default: the spec's \"timeout\", else no limit; 0: no limit)"),
      cl::value_desc("seconds"), cl::init(0), cl::cat(category)};
  cl::opt<std::string> outputFilename{"o",
                                      cl::desc("Write the result JSON here (default: "
                                               "stdout)"),
                                      cl::value_desc("filename"), cl::init("-"), cl::cat(category)};
  cl::opt<std::string> bundleDir{
      "write-bundle",
      cl::desc("After a successful run, write DIR/bundle.bin (the arrays before the run and the "
               "launches) and DIR/expected.bin (the outputs after it) for utils/gpu"),
      cl::value_desc("DIR"), cl::init(""), cl::cat(category)};
  cl::opt<std::string> cxx{"cxx",
                           cl::desc("C++ compiler of --backend=cpp (default: $CXX, then c++)"),
                           cl::value_desc("path"), cl::cat(category)};

  cl::opt<std::string> cacheDir{
      "cache-dir",
      cl::desc("--backend=jit: keep compiled kernels in DIR and reuse them when the same kernels "
               "are compiled again, as Warp's kernel cache (default: $KDSL_CACHE_DIR, else "
               "$XDG_CACHE_HOME/kdsl, else ~/.cache/kdsl)"),
      cl::value_desc("DIR"), cl::cat(category)};
  cl::opt<bool> noCache{"no-cache", cl::desc("Compile every kernel, reading and writing no cache"),
                        cl::cat(category)};
  cl::opt<bool> checkGrads{
      "check-grads",
      cl::desc("With \"backward\": compare the gradient of every input array with requires_grad "
               "with central finite differences of the objective (float32/float64 arrays)"),
      cl::init(false), cl::cat(category)};
  // Unset: the defaults of the array's dtype (GradCheck.h, docs/kdsl-run.md).
  cl::opt<double, false, CheckedParser<double>> gradRtol{
      "grad-rtol",
      cl::desc("--check-grads relative tolerance, >= 0 (default: 1e-6 for float64 arrays, 1e-2 "
               "for float32)"),
      cl::value_desc("R"), cl::cat(category)};
  cl::opt<double, false, CheckedParser<double>> gradAtol{
      "grad-atol",
      cl::desc("--check-grads absolute tolerance, >= 0 (default: 1e-9 for float64, 1e-3 for "
               "float32)"),
      cl::value_desc("A"), cl::cat(category)};
  cl::opt<double, false, CheckedParser<double>> fdStep{
      "fd-step",
      cl::desc("--check-grads step h = H * max(1, |x|), H > 0 (default: 1e-6 for float64, 5e-3 "
               "for float32)"),
      cl::value_desc("H"), cl::cat(category)};
};
} // namespace

static ManagedStatic<RunOptions> options;

cl::OptionCategory &kdsl::driver::registerRunOptions() { return options->category; }

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
    if (options->checkGrads)
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
  if (options->outputFilename != "-") {
    llvm::Error e = kdsl::writeFileAtomically(options->outputFilename, text);
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
  crashPath = options->outputFilename == "-" ? "" : options->outputFilename.getValue();
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
  if (options->checkGrads) {
    kdsl::GradCheckOptions gc;
    // Unset: the defaults of each array's dtype.
    if (options->gradRtol.getNumOccurrences())
      gc.rtol = options->gradRtol;
    if (options->gradAtol.getNumOccurrences())
      gc.atol = options->gradAtol;
    if (options->fdStep.getNumOccurrences())
      gc.step = options->fdStep;
    Expected<std::vector<kdsl::GradCheckResult>> results =
        kdsl::checkGradients(plan, cpu, options->numThreads, gc);
    if (results)
      gradResults = std::move(*results);
    else
      runError = results.takeError();
  } else {
    runError = plan.run(cpu, options->numThreads);
  }
  if (runError) {
    auto [kind, message] = kdsl::takeRunError(std::move(runError), RunErrorKind::Runtime);
    // Runtime failures keep the outputs: they show what the kernels did.
    return failure(kind, message, kind == RunErrorKind::Runtime ? &plan : nullptr);
  }
  if (!options->bundleDir.empty()) {
    std::string expected;
    raw_string_ostream os(expected);
    kdsl::writeBundleExpected(plan, os);
    // Both files or neither.
    if (Error e = kdsl::writeFilesInDirectory(
            options->bundleDir, {{"bundle.bin", bundleInputs.str()}, {"expected.bin", expected}}))
      return failure(RunErrorKind::IO, toString(std::move(e)), nullptr);
  }
  for (const kdsl::GradCheckResult &r : gradResults)
    if (r.failed)
      return failure(RunErrorKind::GradCheck, kdsl::describeGradCheckFailure(r), &plan);
  return payload("", resultText(true, RunErrorKind::Runtime, "", &plan));
}

/// The "file:line:col: error: ..." lines of front-end diagnostics (without
/// the source excerpts), or all of it if there are none.
static std::string errorLines(StringRef diagnostics) {
  std::string lines;
  SmallVector<StringRef> all;
  diagnostics.split(all, '\n');
  for (StringRef line : all)
    // Located errors, and unlocated ones (the front end's internal errors).
    if (line.contains(": error: ") || line.starts_with("error: "))
      lines += (lines.empty() ? "" : "\n") + line.str();
  return lines.empty() ? diagnostics.trim().str() : lines;
}

//===----------------------------------------------------------------------===//
// The steps of runMain
//===----------------------------------------------------------------------===//

/// Parses the command line; a usage error is the exit code of its result.
static std::optional<int> parseCommandLine(int argc, char **argv) {
  // Response files (@FILE) bounded as every input (InputFiles.h).
  if (Error e = kdsl::expandResponseFiles(argc, argv))
    return fail(RunErrorKind::IO, toString(std::move(e)));
  // --threads is ours (LLVM's own "threads" becomes --llvm-threads).
  if (cl::Option *llvmThreads = cl::getRegisteredOptions().lookup("threads"))
    llvmThreads->setArgStr("llvm-threads");
  options->numThreads.setArgStr("threads");
  // --help shows kdsl-run's options; LLVM's stay behind --help-hidden.
  kdsl::driver::hideOptionsOutside(options->category);
  std::string clErrors;
  raw_string_ostream clOs(clErrors);
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
  return std::nullopt;
}

/// Option values that parse but make no sense: NaN, infinities, signs.
static std::optional<int> checkOptionValues() {
  const RunOptions &o = *options;
  if (o.numThreads > kMaxThreads)
    return fail(RunErrorKind::Usage, "--threads must be at most " + std::to_string(kMaxThreads) +
                                         " (0: all hardware "
                                         "threads), got " +
                                         std::to_string(o.numThreads));
  auto number = [](double v) { return formatv("{0}", format("%g", v)).str(); };
  if (o.gradRtol.getNumOccurrences() && !(std::isfinite(o.gradRtol) && o.gradRtol >= 0))
    return fail(
        RunErrorKind::Usage,
        formatv("--grad-rtol must be a finite number >= 0, got {0}", number(o.gradRtol)).str());
  if (o.gradAtol.getNumOccurrences() && !(std::isfinite(o.gradAtol) && o.gradAtol >= 0))
    return fail(
        RunErrorKind::Usage,
        formatv("--grad-atol must be a finite number >= 0, got {0}", number(o.gradAtol)).str());
  if (o.fdStep.getNumOccurrences() && !(std::isfinite(o.fdStep) && o.fdStep > 0 && o.fdStep < 1))
    return fail(
        RunErrorKind::Usage,
        formatv("--fd-step must be a finite number > 0 and < 1, got {0}", number(o.fdStep)).str());
  if (!(o.timeoutSeconds >= 0) || !std::isfinite(o.timeoutSeconds))
    return fail(RunErrorKind::Usage,
                "--timeout must be a number of seconds >= 0 (0: no limit), "
                "got " +
                    formatv("{0}", format("%g", double(o.timeoutSeconds))).str());
  return std::nullopt;
}

namespace {
/// What the steps after option parsing share.
struct Run {
  SourceMgr sm;
  std::unique_ptr<mlir::MLIRContext> ctx = kdsl::driver::createContext(/*gpu=*/false);
  json::Value spec = nullptr;
  kdsl::PlanOptions planOptions;
  kdsl::driver::CompileOptions compile;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<kdsl::LaunchPlan> plan;
  std::string bundleInputs;
  /// --mlir-timing: the front end and the pass pipelines, reported at exit.
  mlir::DefaultTimingManager timingManager;
  mlir::TimingScope timing;
  Run() {
    mlir::applyDefaultTimingManagerCLOptions(timingManager);
    timing = timingManager.getRootScope();
  }
};
} // namespace

/// 1. The kernels' source and 2. the spec, read first: only the kernels it
/// launches (and the funcs and structs they use) are translated, so a kernel
/// elsewhere in the file that kdsl does not support does not stop the run.
static std::optional<int> readInputs(Run &run) {
  const RunOptions &o = *options;
  // Both bounded (kdsl::readInputFile): /dev/zero is an error, not an
  // allocation without end.
  Expected<std::unique_ptr<MemoryBuffer>> source = kdsl::readInputFile(o.inputFilename);
  if (!source)
    return fail(RunErrorKind::IO, toString(source.takeError()));
  run.sm.AddNewSourceBuffer(std::move(*source), SMLoc());
  Expected<std::unique_ptr<MemoryBuffer>> specBuffer = kdsl::readInputFile(o.specFilename);
  if (!specBuffer)
    return fail(RunErrorKind::IO, toString(specBuffer.takeError()));
  Expected<json::Value> spec =
      kdsl::parseJSONText((*specBuffer)->getBuffer(),
                          o.specFilename == "-" ? StringRef("<stdin>") : StringRef(o.specFilename));
  if (!spec)
    return fail(spec.takeError(), RunErrorKind::JSON);
  run.spec = std::move(*spec);
  return std::nullopt;
}

/// The kernels as kdsl IR and the launch plan.
static std::optional<int> translateAndPlan(Run &run) {
  std::string diagnostics;
  auto translate = [&](std::vector<std::string> only) {
    diagnostics.clear();
    raw_string_ostream diagOs(diagnostics);
    kdsl::driver::CompileOptions load;
    load.frontend.kernels = std::move(only);
    load.frontend.includeDirs.assign(options->includeDirs.begin(), options->includeDirs.end());
    // Generic kernels: the one instance the spec's arguments ask for.
    load.frontend.kernelTypes = kdsl::specKernelTypes(run.spec);
    load.frontend.kernelSymbols = &run.planOptions.fileKernels;
    load.frontendDiagnostics = &diagOs;
    load.timing = &run.timing;
    return kdsl::driver::loadModule(run.sm, *run.ctx, load);
  };
  std::vector<std::string> launched = kdsl::launchedKernelNames(run.spec);
  // No launches: the whole file (named arrays may use its structs).
  run.module = translate(launched);
  if (!run.module) {
    errs() << diagnostics;
    if (diagnostics.empty() || diagnostics.back() != '\n')
      errs() << "\n";
    return fail(RunErrorKind::Compile, errorLines(diagnostics), /*printedAlready=*/true);
  }
  auto plan = kdsl::LaunchPlan::create(run.spec, *run.module, run.planOptions);
  if (!plan && !launched.empty()) {
    // Judge a spec error against every kernel of the file (an unknown kernel
    // lists them all; a named array may take a struct only another kernel
    // uses), if the whole file translates; else report it as it is.
    if (mlir::OwningOpRef<mlir::ModuleOp> whole = translate({})) {
      consumeError(plan.takeError());
      run.module = std::move(whole);
      plan = kdsl::LaunchPlan::create(run.spec, *run.module, run.planOptions);
    }
  }
  if (!plan)
    return fail(plan.takeError(), RunErrorKind::Spec);
  run.plan = std::move(*plan);
  return std::nullopt;
}

/// 3. Adjoints (for the kernels the spec differentiates) and the CPU code:
/// the driver's path from kdsl IR to a CpuModule.
static Expected<kdsl::driver::CompileResult> compileKernels(Run &run) {
  const RunOptions &o = *options;
  kdsl::driver::CompileOptions &c = run.compile;
  c.target =
      o.backend == Backend::JIT ? kdsl::driver::Target::Jit : kdsl::driver::Target::CppLoaded;
  c.adjoints = run.plan->hasBackward();
  c.adjointOptions.kernels = run.plan->kernelNames();
  // A null array is read out of range: report it rather than crash.
  c.checkBounds = (o.checkBounds && !o.noCheckBounds) || run.plan->passesNullArrays();
  c.cxx = o.cxx;
  if (!o.noCache)
    c.objectCacheDir =
        o.cacheDir.getNumOccurrences() ? std::string(o.cacheDir) : kdsl::defaultObjectCacheDir();
  c.timing = &run.timing;
  armCrashHandler(RunErrorKind::Compile, "kdsl-run crashed while compiling the kernels (a "
                                         "compiler bug)");
  kdsl::driver::CompileResult result;
  // Errors the driver reports at a source line (tiles, which no target
  // lowers yet): the run's error message, `file:line:col: message`.
  std::string reportedErrors;
  mlir::ScopedDiagnosticHandler errorsAtLines(run.ctx.get(), [&](mlir::Diagnostic &d) {
    if (d.getSeverity() != mlir::DiagnosticSeverity::Error)
      return mlir::failure();
    if (auto fl = d.getLocation()->findInstanceOf<mlir::FileLineColLoc>())
      reportedErrors += (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
                         Twine(fl.getColumn()) + ": error: ")
                            .str();
    reportedErrors += d.str();
    return mlir::success();
  });
  // The autodiff's warnings (an array read, then written in place).
  kdsl::driver::WarningPrinter warnings(*run.ctx, errs());
  Error e = kdsl::driver::lowerModule(*run.module, c, result);
  disarmCrashHandler();
  if (e && !reportedErrors.empty() && kdsl::driver::isReported(e))
    return createStringError(reportedErrors);
  if (e)
    return std::move(e);
  for (const auto &[kernel, args] : result.preLaunchArgs)
    run.plan->setPreLaunchArgs(kernel, args);
  return std::move(result);
}

/// 4. Run, in a child process: a kernel's fault or a runaway loop ends as a
/// JSON error naming the kernel, never as a crash or a hang of kdsl-run.
static int runAndReport(Run &run, kdsl::CpuModule &cpu) {
  std::optional<double> timeout = run.plan->timeout();
  if (options->timeoutSeconds.getNumOccurrences())
    timeout =
        options->timeoutSeconds > 0 ? std::optional<double>(options->timeoutSeconds) : std::nullopt;
  Expected<kdsl::ChildOutcome> outcome = kdsl::runInChildProcess(
      [&] { return runLaunches(*run.plan, cpu, run.bundleInputs); }, timeout);
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
              outcome->describe(timeout, run.compile.checkBounds, "without --no-check-bounds",
                                "kdsl-run", "--timeout or the spec's \"timeout\""));
}

int kdsl::driver::runMain(int argc, char **argv) {
  setBugReportMsg("kdsl-run crashed (a kdsl bug; kernels' own faults are reported as JSON "
                  "errors, not like this).\n");
  sys::AddSignalHandler(crashHandler, nullptr);
  if (std::optional<int> rc = parseCommandLine(argc, argv))
    return *rc;
  if (std::optional<int> rc = checkOptionValues())
    return *rc;
  Run run;
  if (std::optional<int> rc = readInputs(run))
    return *rc;
  if (std::optional<int> rc = translateAndPlan(run))
    return *rc;
  // The bundle holds the arrays (and the objects built from them) as they
  // are before the run.
  if (!options->bundleDir.empty()) {
    raw_string_ostream os(run.bundleInputs);
    if (Error e = kdsl::writeBundleInputs(*run.plan, os))
      return fail(std::move(e), RunErrorKind::Spec);
  }
  Expected<CompileResult> compiled = compileKernels(run);
  if (!compiled)
    return fail(compiled.takeError(), RunErrorKind::Compile);
  if (!options->bundleDir.empty() && run.plan->restoresArrays())
    return fail(RunErrorKind::Spec,
                "--write-bundle: the backward pass runs adjoints on arrays as they were before "
                "a launch that overwrote them (an array read, then written in place), which "
                "bundles do not carry");
  return runAndReport(run, *compiled->cpu);
}
