//===- StageTimes.h - where kdsl-synth spends its time ----------*- C++ -*-===//
//
// Thread-safe accumulated wall time per validation stage, summed over the
// worker threads (so the total is CPU-ish time, not elapsed time).
// `kdsl-synth generate --timing` prints it; the dataset never depends on it.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_STAGETIMES_H
#define KDSL_SYNTH_STAGETIMES_H

#include "llvm/Support/raw_ostream.h"

#include <array>
#include <atomic>
#include <chrono>

namespace kdsl::synth {

enum class Stage {
  Generate,
  Frontend,
  Autodiff,
  EmitCpp,
  EmitCuda,
  EmitPtx,
  Ptxas,
  JitCompile,
  CpuRun,
  GradCheck,
  ClangCpp,
  ClangCuda,
  Write,
  Count
};

class StageTimes {
public:
  static StageTimes &global();
  void add(Stage s, std::chrono::nanoseconds d) { nanos[size_t(s)] += d.count(); }
  /// One line per stage with its seconds and share of the total.
  void print(llvm::raw_ostream &os) const;

private:
  std::array<std::atomic<int64_t>, size_t(Stage::Count)> nanos{};
};

/// Adds the time from its construction to its destruction to a stage.
class StageScope {
public:
  explicit StageScope(Stage s) : stage(s), start(std::chrono::steady_clock::now()) {}
  ~StageScope() { StageTimes::global().add(stage, std::chrono::steady_clock::now() - start); }

private:
  Stage stage;
  std::chrono::steady_clock::time_point start;
};

} // namespace kdsl::synth

#endif
