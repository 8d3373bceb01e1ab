//===- ChildProcess.h - run launches in a child process -------*- C++ -*-===//
//
// kdsl-run runs a spec's launches in a forked child process so that a kernel
// that faults (integer division by zero, a wild store with bounds checks
// off), aborts or never ends cannot take the tool down, corrupt its heap or
// leave half a result: the parent prints the child's result only when the
// child exited normally, and otherwise names the kernel and the cause from
// the LaunchProgress the child kept in memory shared with it.
//
// The child only runs already compiled kernels and serializes their results;
// it must not touch the MLIRContext (its thread pool's threads do not exist
// in the child).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_CHILDPROCESS_H
#define KDSL_RUNTIME_CHILDPROCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kdsl {

/// How the child of runInChildProcess ended.
struct ChildOutcome {
  enum class Kind {
    Exited,   // the body returned; `payload` holds what it returned
    Crashed,  // killed by `signal` (or exited with a status other than 0)
    TimedOut, // still running at the deadline; killed
  };
  Kind kind = Kind::Exited;
  std::string payload;
  int signal = 0;     // Crashed by a signal
  int exitStatus = 0; // Crashed by exiting with a non-zero status
  int faultCode = 0;  // si_code of a fault signal (SIGFPE, SIGSEGV, ...)
  uint64_t faultAddress = 0;
  /// From the child's LaunchProgress: the launch that ran when it ended.
  bool inKernel = false;
  std::string kernel;
  bool backward = false;
  int64_t launch = 0;

  /// The cause in words, e.g. "integer division by zero" or "invalid memory
  /// access at address 0x10".
  std::string cause() const;
  /// The error of a run that crashed or ran out of time, naming the launch:
  /// "kernel 'k' (launch 0 of the spec) crashed: integer division by zero".
  /// `tool` ran the spec ("kdsl-run") with bounds checks on or off (and
  /// `boundsOption`, "without --no-check-bounds", turns them on), with a time
  /// limit of `timeout` seconds set by `timeoutSource` ("--timeout or the
  /// spec's \"timeout\"").
  std::string describe(std::optional<double> timeout, bool checkedBounds,
                       llvm::StringRef boundsOption, llvm::StringRef tool,
                       llvm::StringRef timeoutSource) const;
};

/// Forks; the child installs a LaunchProgress (setLaunchProgress) in shared
/// memory and fault handlers that record the signal, runs `body`, sends its
/// result to the parent through a pipe and exits without running
/// destructors. The parent waits at most `timeoutSeconds` (none: no limit),
/// then kills the child. Errors: fork, pipe or mmap failures.
llvm::Expected<ChildOutcome> runInChildProcess(llvm::function_ref<std::string()> body,
                                               std::optional<double> timeoutSeconds);

} // namespace kdsl

#endif
