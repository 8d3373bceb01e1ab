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
  double cpuSeconds = 10;                    // RLIMIT_CPU of the child (compilation and run)
  double wallSeconds = 30;                   // then the child is killed
  uint64_t compileBytes = uint64_t(2) << 30; // address space beyond the parent's, to compile
  uint64_t runBytes = uint64_t(512) << 20;   // beyond the compiled child's, to run
  /// Input sets drawn from each record's spec besides the spec itself
  /// (`--inputs`; lib/Synth/ScoreInputs.h).
  unsigned extraInputs = 3;
  /// Lets inline assembly through the static check (`--test-allow-inline-asm`,
  /// hidden): the suite uses it to show that the sandbox's seccomp filter
  /// stops what raw system calls try.
  bool allowInlineAsm = false;
  /// If set, a folder where each record's input sets are written as
  /// kdsl-run specs, `<id>-<set>.json` (`--dump-inputs`).
  std::string dumpInputs;
};

/// The largest --cpu-seconds and --timeout score accepts.
inline constexpr double kMaxLimitSeconds = 3600;

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

/// kdsl-synth's main calls this, before parsing options, when its first
/// argument is kScoreSandboxFlag: the process is then the sandbox a
/// candidate runs in (lib/Synth/Sandbox.h); it never returns.
[[noreturn]] void scoreSandboxMain();
inline constexpr const char *kScoreSandboxFlag = "--kdsl-score-sandbox";

} // namespace kdsl::synth

#endif
