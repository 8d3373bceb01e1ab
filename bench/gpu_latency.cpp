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
// By default the kernels get their adjoints (kdsl-autodiff), as
// kdsl-translate emits them; --forward-only measures the forward kernels.
//
// Prints the first (cold) run and the median / min of the others. Run by
// hand; not part of the test suite (bench/README.md has measured numbers).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Target/Cpp.h"

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
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  kdsl::registerGpuTargets(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();

  // One source-to-text translation; returns the text, empty on failure.
  auto translate = [&](bool ptx) -> std::string {
    SourceMgr sm;
    sm.AddNewSourceBuffer(MemoryBuffer::getMemBuffer((*buf)->getBuffer(), input), SMLoc());
    kdsl::FrontendOptions options;
    options.kernel = kernel;
    auto module = kdsl::translateSource(sm, ctx, options, errs());
    if (!module)
      return "";
    if (!forwardOnly) {
      std::vector<std::string> kernels;
      for (auto k : module->getOps<kdsl::KernelOp>())
        if (k.getEnableBackward())
          kernels.push_back(k.getSymName().str());
      if (auto e = kdsl::buildAdjointKernels(*module, kernels)) {
        errs() << toString(std::move(e)) << "\n";
        return "";
      }
    }
    if (ptx) {
      kdsl::PtxCompileOptions ptxOptions;
      ptxOptions.chip = arch;
      auto text = kdsl::compileToPtx(*module, ptxOptions);
      if (!text) {
        errs() << toString(text.takeError()) << "\n";
        return "";
      }
      return *text;
    }
    std::string text;
    raw_string_ostream os(text);
    kdsl::CppEmitOptions cppOptions;
    cppOptions.target = kdsl::CppEmitOptions::Target::Cuda;
    if (mlir::failed(kdsl::emitCpp(*module, os, cppOptions)))
      return "";
    return text;
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
