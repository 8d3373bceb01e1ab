//===- gpu_latency.cpp - source -> PTX / CUDA C latency benchmark ---------===//
//
// In-process latency of the GPU paths for one kernel, as a long-running tool
// (kdsl-synth) sees it: one MLIRContext, then per run the whole way from the
// Python source text to the PTX text (front end, kdsl-lower-to-nvvm, libdevice
// link, NVPTX codegen) and, separately, to the CUDA C text:
//
//   build/bin/kdsl-bench-gpu-latency [--kernel NAME] [--runs N] [--arch sm_80]
//                                    [--forward-only] FILE.py
//
// Each run goes through kdsl::driver::compile, the path kdsl-translate
// --emit=ptx / --emit=cuda takes (a benchmark with its own copy of the
// pipeline rotted: the CUDA C emitter gained a prerequisite it lacked). By
// default the kernels get their adjoints, as kdsl-translate emits them;
// --forward-only measures the forward kernels.
//
// Prints the first (cold) run and the median / min of the others. Run by
// hand; not part of the test suite (bench/README.md has measured numbers).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Driver/Driver.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

static cl::opt<std::string> input(cl::Positional, cl::desc("<file.py>"), cl::Required);
static cl::opt<std::string> kernel("kernel", cl::desc("Translate only this kernel"), cl::init(""));
static cl::opt<unsigned> runs("runs", cl::desc("Timed runs after the cold one"), cl::init(30));
static cl::opt<std::string> arch("arch", cl::desc("PTX target"), cl::init("sm_80"));
static cl::opt<bool> forwardOnly("forward-only", cl::desc("No adjoint kernels"), cl::init(false));

namespace {
struct Stats {
  double cold = 0;
  std::vector<double> warm;
  void print(StringRef what, size_t bytes) const {
    std::vector<double> w = warm;
    std::sort(w.begin(), w.end());
    outs() << what << ": cold " << format("%.1f", cold) << " ms, median "
           << format("%.1f", w[w.size() / 2]) << " ms, min " << format("%.1f", w.front())
           << " ms over " << w.size() << " runs; output " << bytes << " bytes\n";
  }
};
} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl GPU-path latency benchmark\n");
  auto buf = MemoryBuffer::getFile(input);
  if (!buf) {
    errs() << input << ": " << buf.getError().message() << "\n";
    return 1;
  }
  std::unique_ptr<mlir::MLIRContext> ctx = kdsl::driver::createContext();

  // One source-to-text translation; returns the text, empty on failure.
  auto translate = [&](bool ptx) -> std::string {
    SourceMgr sm;
    sm.AddNewSourceBuffer(MemoryBuffer::getMemBuffer((*buf)->getBuffer(), input), SMLoc());
    kdsl::driver::CompileOptions options;
    options.target = ptx ? kdsl::driver::Target::Ptx : kdsl::driver::Target::Cuda;
    options.frontend.kernel = kernel;
    options.adjoints = !forwardOnly;
    options.arch = arch;
    llvm::Expected<kdsl::driver::CompileResult> result = kdsl::driver::compile(sm, *ctx, options);
    if (!result) {
      llvm::Error e = result.takeError();
      if (!kdsl::driver::isReported(e))
        errs() << "kdsl-bench-gpu-latency: " << toString(std::move(e)) << "\n";
      return "";
    }
    return std::move(result->text);
  };
  using clock = std::chrono::steady_clock;
  for (bool ptx : {true, false}) {
    Stats stats;
    size_t bytes = 0;
    for (unsigned r = 0; r <= runs; ++r) {
      auto start = clock::now();
      std::string text = translate(ptx);
      double ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
      if (text.empty())
        return 1;
      bytes = text.size();
      if (r == 0)
        stats.cold = ms;
      else
        stats.warm.push_back(ms);
    }
    std::string what = ptx ? "source -> PTX (" + arch + ")" : std::string("source -> CUDA C");
    stats.print(what + (forwardOnly ? ", forward only" : ", forward + backward"), bytes);
  }
  return 0;
}
