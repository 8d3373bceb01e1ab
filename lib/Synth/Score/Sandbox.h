//===- Sandbox.h - run a candidate's code in a fresh, confined process -*- C++ -*-===//
//
// kdsl-synth score never runs a candidate in a process that knows an expected
// value or writes a verdict. runInSandbox starts a fresh process (kdsl-synth
// itself, exec'd with --kdsl-score-sandbox: it has loaded no dataset) and
// hands it, on its stdin, only what running needs: the unit to compile, the
// record's source and kernel (to lay out the launch plans) and the input
// sets. The child
//   - compiles the unit with Clang in process against the prelude's PCH, with
//     no file system (only the in-memory unit, prelude and PCH: an #include or
//     #embed of a host file is a missing file), linking only allowlisted
//     process symbols (libm, memcpy, operator new, printf, ...: not the
//     compiler or the JIT the process holds);
//   - then, under rlimits (CPU time, address space, no file size, no core),
//     with no open descriptor but its result pipe and a seccomp filter
//     (process creation, exec, opening files, signals to others, sockets,
//     ptrace kill it; other calls outside a small allowlist fail), runs every
//     input set and writes the final bytes of every array and gradient to the
//     pipe, raw.
// The parent reads at most the bytes it expects (the sizes of its own launch
// plans), kills the child's process group at the wall-clock limit, and
// compares in its own memory (Score.cpp). The child dies with the parent
// (PR_SET_PDEATHSIG) and creates no file.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_SANDBOX_H
#define KDSL_SYNTH_SANDBOX_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kdsl::synth {

/// What the sandboxed process is given: never an expected value.
struct SandboxJob {
  bool cuda = false;     // the unit is CUDA C (compiled as host C++ after the emulation header)
  bool backward = false; // run the adjoint launches too
  std::string unit;      // the C++ / CUDA C after the prelude
  std::vector<std::string> symbols;     // entry points looked up after linking
  std::string source, kernel;           // the record's Warp source and kernel
  std::vector<std::string> kernels;     // every kernel its spec launches (kernel first)
  std::vector<llvm::json::Value> specs; // the input sets, in order (kdsl-run form)
  double cpuSeconds = 10;
  uint64_t compileBytes = uint64_t(2) << 30, runBytes = uint64_t(512) << 20;
};

/// The bytes one input set's run left: every array of the launch plan (in
/// LaunchPlan::allArrays() order), then every gradient (allGrads()).
struct SandboxSet {
  bool ran = false; // false: a runtime error stopped it (`error`)
  std::string error;
  std::vector<std::string> arrays, grads;
};

/// How the sandbox ended.
struct SandboxOutcome {
  enum class Kind {
    Finished,     // every set reported (ran or stopped by a runtime error)
    CompileError, // Clang or the JIT rejected the unit (`message`)
    Timeout,      // the wall-clock or CPU limit (`message`)
    Fault,        // a signal, an early exit, a malformed or oversized result
  } kind = Kind::Fault;
  std::string message;
  std::vector<SandboxSet> sets; // those reported before the end
};

/// Per input set, the byte sizes of its arrays and gradients, as the parent's
/// own plan of that set has them: the child's result must match exactly.
struct SetLayout {
  std::vector<uint64_t> arrays, grads;
};

/// Runs `job` in a fresh sandboxed process (see the top of the file), with
/// the prelude's PCH `pch`, and waits at most `wallSeconds`.
SandboxOutcome runInSandbox(const SandboxJob &job, llvm::StringRef pch,
                            const std::vector<SetLayout> &layouts, double wallSeconds);

} // namespace kdsl::synth

#endif
