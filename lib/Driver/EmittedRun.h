//===- EmittedRun.h - run emitted C++ / CUDA C on a launch spec -*- C++ -*-===//
#ifndef KDSL_LIB_DRIVER_EMITTEDRUN_H
#define KDSL_LIB_DRIVER_EMITTEDRUN_H

#include "kdsl/Driver/Driver.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

namespace kdsl::driver {

/// kdsl-translate --verify-emitted --spec: compiles `text` (the emitted C++,
/// or with `cuda` the CUDA C under the CUDA host emulation) in process
/// (buildEmittedAfterPrelude), runs it on the launch spec at `specPath`, and
/// compares every output and gradient with a run of the kernels of the main
/// buffer of `sm` compiled as `options` say (with its adjoints) for the JIT:
/// the values must be equal. The error names the first difference. Each run
/// is in a child process (runInChildProcess, as kdsl-run's): a kernel's fault
/// is an error naming the launch, and a run that takes longer than
/// `timeoutSeconds` (0: no limit; none: the spec's "timeout", else
/// kDefaultSpecTimeout) is killed and an error.
llvm::Error runEmittedOnSpec(llvm::SourceMgr &sm, const CompileOptions &options,
                             llvm::StringRef text, bool cuda, llvm::StringRef specPath,
                             std::optional<double> timeoutSeconds);

/// The time limit of each run when neither --timeout nor the spec sets one.
constexpr double kDefaultSpecTimeout = 60;

} // namespace kdsl::driver

#endif
