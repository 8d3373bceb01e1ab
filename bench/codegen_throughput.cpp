//===- codegen_throughput.cpp - in-process codegen per kernel -------------===//
//
// Codegen throughput without process start-up (loading libMLIR.so alone takes
// 60-70 ms, which swamps the work when kdsl-translate processes are timed):
// one MLIRContext, then for every kernel of every file the whole way from the
// Python source to the forward + backward text of each target, through
// kdsl::driver::compile (kdsl-translate's path):
//
//   build/bin/kdsl-bench-codegen [--targets cpp,cuda,ptx] [--runs N]
//                                [--arch sm_80] FILES...
//
// Per target: kernels/s over all kernels (the sum of their median times),
// and the distribution of the per-kernel median times (median, p99, max)
// with the slowest five. A kernel that fails to translate is reported and
// left out of that target's figures; the exit status is then 1.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;
namespace driver = kdsl::driver;

static cl::list<std::string> inputs(cl::Positional, cl::desc("<file.py>..."), cl::OneOrMore);
static cl::opt<std::string> targetList("targets", cl::desc("Comma-separated: cpp, cuda, ptx"),
                                       cl::init("cpp,cuda,ptx"));
static cl::opt<unsigned> runs("runs", cl::desc("Timed runs per kernel and target, after a warm-up"),
                              cl::init(3));
static cl::opt<std::string> arch("arch", cl::desc("PTX target"), cl::init("sm_80"));

namespace {
struct Kernel {
  std::string file, name;
  const MemoryBuffer *source;
};
struct Timed {
  const Kernel *kernel;
  double ms; // median of the runs
};

/// The kernels of a file, in order (kdsl IR of the whole file, adjoints
/// left out).
bool listKernels(mlir::MLIRContext &ctx, const std::string &file, const MemoryBuffer &buf,
                 std::vector<std::string> &names) {
  SourceMgr sm;
  sm.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(buf.getBuffer(), file), SMLoc());
  driver::CompileOptions options;
  options.target = driver::Target::Mlir;
  options.adjoints = false;
  Expected<driver::CompileResult> result = driver::compile(sm, ctx, options);
  if (!result) {
    Error e = result.takeError();
    if (!driver::isReported(e))
      errs() << file << ": " << toString(std::move(e)) << "\n";
    return false;
  }
  for (kdsl::KernelOp k : result->module->getOps<kdsl::KernelOp>())
    names.push_back(k.getSymName().str());
  return true;
}

/// Milliseconds of one translation of `k` to `target`; negative on failure.
double translate(mlir::MLIRContext &ctx, const Kernel &k, driver::Target target) {
  SourceMgr sm;
  sm.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(k.source->getBuffer(), k.file), SMLoc());
  driver::CompileOptions options;
  options.target = target;
  options.frontend.kernel = k.name;
  options.arch = arch;
  auto start = std::chrono::steady_clock::now();
  Expected<driver::CompileResult> result = driver::compile(sm, ctx, options);
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!result) {
    Error e = result.takeError();
    if (!driver::isReported(e))
      errs() << k.file << ": kernel '" << k.name << "': " << toString(std::move(e)) << "\n";
    return -1;
  }
  return ms;
}
} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl in-process codegen throughput benchmark\n");
  if (runs == 0) {
    errs() << "kdsl-bench-codegen: --runs must be at least 1\n";
    return 1;
  }
  std::vector<std::pair<std::string, driver::Target>> targets;
  for (StringRef t : split(targetList, ',')) {
    if (t == "cpp")
      targets.push_back({"cpp", driver::Target::Cpp});
    else if (t == "cuda")
      targets.push_back({"cuda", driver::Target::Cuda});
    else if (t == "ptx")
      targets.push_back({"ptx", driver::Target::Ptx});
    else {
      errs() << "kdsl-bench-codegen: unknown target '" << t << "' (cpp, cuda, ptx)\n";
      return 1;
    }
  }
  std::unique_ptr<mlir::MLIRContext> ctx = driver::createContext();
  std::vector<std::unique_ptr<MemoryBuffer>> buffers;
  std::vector<Kernel> kernels;
  bool failed = false;
  for (const std::string &file : inputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> buf = MemoryBuffer::getFile(file);
    if (!buf) {
      errs() << "kdsl-bench-codegen: " << file << ": " << buf.getError().message() << "\n";
      return 1;
    }
    std::vector<std::string> names;
    if (!listKernels(*ctx, file, **buf, names)) {
      failed = true;
      continue;
    }
    buffers.push_back(std::move(*buf));
    for (std::string &n : names)
      kernels.push_back({file, std::move(n), buffers.back().get()});
  }
  outs() << kernels.size() << " kernels in " << inputs.size() << " files; forward + backward, "
         << "median of " << runs << " runs after a warm-up\n";
  for (auto &[label, target] : targets) {
    std::vector<Timed> times;
    for (const Kernel &k : kernels) {
      std::vector<double> ms;
      for (unsigned r = 0; r <= runs; ++r) {
        double t = translate(*ctx, k, target);
        if (t < 0) {
          failed = true;
          break;
        }
        if (r > 0) // the first is the warm-up
          ms.push_back(t);
      }
      if (ms.size() != runs)
        continue;
      std::sort(ms.begin(), ms.end());
      times.push_back({&k, ms[ms.size() / 2]});
    }
    if (times.empty()) {
      outs() << label << ": no kernel translated\n";
      continue;
    }
    double total = 0;
    for (const Timed &t : times)
      total += t.ms;
    std::sort(times.begin(), times.end(),
              [](const Timed &a, const Timed &b) { return a.ms < b.ms; });
    auto at = [&](double q) {
      return times[std::min(times.size() - 1, (size_t)(q * times.size()))].ms;
    };
    outs() << format("%-5s %8.1f kernels/s  per kernel: median %.2f ms, p99 %.2f ms, max %.2f ms",
                     label.c_str(), 1000.0 * times.size() / total, at(0.5), at(0.99),
                     times.back().ms)
           << "  (" << times.size() << " kernels)\n";
    outs() << "      slowest:";
    for (size_t i = 0; i < std::min<size_t>(5, times.size()); ++i) {
      const Timed &t = times[times.size() - 1 - i];
      outs() << format(" %s:%s (%.1f ms)", sys::path::filename(t.kernel->file).str().c_str(),
                       t.kernel->name.c_str(), t.ms);
    }
    outs() << "\n";
  }
  return failed ? 1 : 0;
}
