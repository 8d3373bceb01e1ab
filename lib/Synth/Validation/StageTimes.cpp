//===- StageTimes.cpp - where kdsl-synth spends its time -------------------===//
#include "kdsl/Synth/Validation/StageTimes.h"

#include "llvm/Support/FormatVariadic.h"

using namespace kdsl::synth;

StageTimes &StageTimes::global() {
  static StageTimes times;
  return times;
}

void StageTimes::print(llvm::raw_ostream &os) const {
  static const char *names[] = {"generate",  "frontend",   "autodiff",    "emit_cpp", "emit_cuda",
                                "emit_ptx",  "ptxas",      "jit_compile", "cpu_run",  "gradcheck",
                                "clang_cpp", "clang_cuda", "write"};
  static_assert(std::size(names) == size_t(Stage::Count));
  double total = 0;
  for (auto &n : nanos)
    total += double(n.load()) * 1e-9;
  os << "kdsl-synth stage times (summed over threads):\n";
  for (size_t i = 0; i < size_t(Stage::Count); ++i) {
    double s = double(nanos[i].load()) * 1e-9;
    os << llvm::formatv("  {0,-12} {1,8:f3} s {2,6:f1}%\n", names[i], s,
                        total > 0 ? 100 * s / total : 0.0);
  }
  os << llvm::formatv("  {0,-12} {1,8:f3} s\n", "total", total);
}
