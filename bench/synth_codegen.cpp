//===- synth_codegen.cpp - kdsl-synth codegen alone, samples/s ------------===//
//
// Issue 13's "codegen alone" figure: kdsl-synth's generator, front end,
// autodiff and both emitters (C++ and CUDA C, forward and backward) with no
// validation (no float64 twin, no JIT, no Clang, no PTX), on one thread in
// one MLIRContext, through kdsl-synth's own code (buildSamples with
// SampleOptions::textsOnly, batches of 16 as generate makes them):
//
//   taskset -c 0 build/bin/kdsl-bench-synth-codegen -n 1000 --seed 11
//
// Prints samples/s, kdsl-synth's stage times and a hash of every emitted
// text (to check that a speed change leaves the output alone). Run by hand;
// not part of the test suite.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Synth/Generator/ProgramGen.h"
#include "kdsl/Synth/Validation/Sample.h"
#include "kdsl/Synth/Validation/StageTimes.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>

using namespace llvm;
using namespace kdsl::synth;

static cl::opt<uint64_t> numPrograms("n", cl::desc("Programs (indices 0..n-1)"), cl::init(1000));
static cl::opt<uint64_t> seed("seed", cl::desc("Random seed"), cl::init(11));
static cl::opt<unsigned> batch("batch", cl::desc("Programs per buildSamples call"), cl::init(16));
static cl::opt<bool> forwardOnly("forward-only", cl::desc("No adjoint, forward texts only"));

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl-synth codegen throughput (no validation)\n");
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  std::vector<std::string> categories;
  for (StringRef c : allCategories())
    categories.push_back(c.str());
  SampleOptions options;
  options.textsOnly = true;
  options.backward = !forwardOnly;

  uint64_t done = 0, failures = 0, bytes = 0, hash = 0;
  auto start = std::chrono::steady_clock::now();
  for (uint64_t first = 0; first < numPrograms; first += batch) {
    std::vector<Program> programs; // reserved, as generate's (a Program is copied when it grows)
    programs.reserve(batch);
    std::vector<uint64_t> indices;
    for (uint64_t index = first; index < std::min<uint64_t>(first + batch, numPrograms); ++index) {
      StageScope timer(Stage::Generate);
      programs.push_back(
          generateProgram(seed, index, pickCategory(seed, index, categories), {}, &ctx));
      indices.push_back(index);
    }
    for (SampleResult &r : buildSamples(programs, indices, seed, options, ctx)) {
      if (!r.ok) {
        ++failures;
        continue;
      }
      ++done;
      for (const char *key : {"cpp_forward", "cpp_backward", "cuda_forward", "cuda_backward"})
        if (std::optional<StringRef> text = r.record.getString(key)) {
          bytes += text->size();
          hash = xxh3_64bits(*text) ^ (hash * 31);
        }
    }
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outs() << format("%llu programs, %llu failed, %.3f s: %.1f samples/s (%.3f ms each), "
                   "%.1f KB of C++/CUDA C per sample, texts hash %016llx\n",
                   (unsigned long long)numPrograms.getValue(), (unsigned long long)failures, total,
                   done / total, 1000 * total / std::max<uint64_t>(done, 1),
                   bytes / 1024.0 / std::max<uint64_t>(done, 1), (unsigned long long)hash);
  StageTimes::global().print(outs());
  return failures ? 1 : 0;
}
