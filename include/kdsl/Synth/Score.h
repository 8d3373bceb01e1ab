//===- Score.h - kdsl-synth score: model outputs against records -*- C++ -*-===//
#ifndef KDSL_SYNTH_SCORE_H
#define KDSL_SYNTH_SCORE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace kdsl::synth {

/// The sandbox of one candidate (docs/synth.md, "Scoring model outputs").
struct ScoreLimits {
  double cpuSeconds = 10;  // RLIMIT_CPU of the child (compilation and run)
  double wallSeconds = 30; // then the child is killed
  uint64_t compileBytes = uint64_t(2) << 30; // address space beyond the parent's, to compile
  uint64_t runBytes = uint64_t(512) << 20;   // beyond the compiled child's, to run
  /// Input sets drawn from each record's spec besides the spec itself
  /// (`--inputs`; lib/Synth/ScoreInputs.h).
  unsigned extraInputs = 3;
  /// If set, a folder where each record's input sets are written as
  /// kdsl-run specs, `<id>-<set>.json` (`--dump-inputs`).
  std::string dumpInputs;
};

/// kdsl-synth score: reads the records of `dataset` (a directory of
/// shard-*.jsonl or one JSONL file) and, for each line {"id", "target",
/// "text"} of `candidates`, writes one verdict line to `out`: {"id",
/// "target", "verdict": pass | compile_error | runtime_fault | timeout |
/// wrong_output, "message", and for wrong_output "mismatch": {"what",
/// "array", "index", "expected", "got", "input_set"}}. Each candidate is
/// compared on the record's spec (input set 0) and on `extraInputs` sets
/// drawn from it (1, 2, ...).
llvm::Error scoreCandidates(llvm::StringRef dataset, llvm::StringRef candidates,
                            llvm::raw_ostream &out, const ScoreLimits &limits = {});

} // namespace kdsl::synth

#endif
