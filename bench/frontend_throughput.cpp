//===- frontend_throughput.cpp - front-end kernels/s benchmark ------------===//
//
// Measures parse + type check + MLIR generation + verification of whole
// files, on one thread, and reports kernels per second:
//
//   build/bin/kdsl-bench-frontend [--seconds S] FILE.py...
//
// Each file is translated repeatedly in one MLIRContext (as a long-running
// tool such as kdsl-synth would); the kernel count comes from the produced
// modules. Run by hand; not part of the test suite.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

static cl::list<std::string> inputs(cl::Positional, cl::desc("<files>"), cl::OneOrMore);
static cl::opt<double> seconds("seconds", cl::desc("Minimum measuring time"), cl::init(3.0));

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl front-end throughput benchmark\n");
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();

  std::vector<std::unique_ptr<MemoryBuffer>> files;
  size_t totalLines = 0, kernelsPerRound = 0, kernelLines = 0;
  for (const std::string &path : inputs) {
    auto buf = MemoryBuffer::getFile(path);
    if (!buf) {
      errs() << path << ": " << buf.getError().message() << "\n";
      return 1;
    }
    totalLines += (*buf)->getBuffer().count('\n');
    files.push_back(std::move(*buf));
  }
  auto translate = [&](const MemoryBuffer &buf) -> size_t {
    SourceMgr sm;
    sm.AddNewSourceBuffer(MemoryBuffer::getMemBuffer(buf.getBuffer(), buf.getBufferIdentifier()),
                          SMLoc());
    kdsl::FrontendOptions options;
    auto module = kdsl::translateSource(sm, ctx, options, errs());
    if (!module)
      return SIZE_MAX;
    size_t n = 0;
    module->walk([&](kdsl::KernelOp k) {
      ++n;
      // Source lines of the kernel body: from its location to the next def.
      (void)k;
    });
    return n;
  };
  for (auto &f : files) {
    size_t n = translate(*f);
    if (n == SIZE_MAX)
      return 1;
    kernelsPerRound += n;
  }
  (void)kernelLines;
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  size_t rounds = 0;
  double elapsed = 0;
  do {
    for (auto &f : files)
      translate(*f);
    ++rounds;
    elapsed = std::chrono::duration<double>(clock::now() - start).count();
  } while (elapsed < seconds);
  double kernels = double(rounds) * kernelsPerRound;
  outs() << "files: " << files.size() << ", source lines: " << totalLines
         << ", kernels per round: " << kernelsPerRound << "\n";
  outs() << "rounds: " << rounds << " in " << format("%.2f", elapsed) << " s\n";
  outs() << "throughput: " << format("%.0f", kernels / elapsed) << " kernels/s, "
         << format("%.0f", rounds * totalLines / elapsed) << " source lines/s (one thread)\n";
  return 0;
}
