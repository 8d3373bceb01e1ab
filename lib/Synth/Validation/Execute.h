//===- Execute.h - run emitted C++ / CUDA C and compare ---------*- C++ -*-===//
//
// Runs kernels compiled from a record's emitted text (buildEmittedAfterPrelude:
// Clang and the JIT in process) on the record's launch spec and compares every
// output and gradient with the record's reference (the MLIR JIT's run), bit
// for bit. kdsl-synth generate uses it on every C++ and CUDA C text,
// kdsl-synth score on model outputs.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_EXECUTE_H
#define KDSL_SYNTH_EXECUTE_H

#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace kdsl::synth {

/// What running a record's texts needs besides the texts: the spec in
/// kdsl-run's form and the record's kernel (its KernelInfo, whose types
/// belong to the MLIRContext that translated the source).
struct RunContext {
  llvm::json::Value spec = nullptr;
  std::vector<KernelInfo> kernels;
};

/// The first difference between a run and the reference.
struct Mismatch {
  std::string what;  // "output" or "gradient"
  std::string array; // the argument's name
  int64_t index = 0; // in the flat data list of the record
  double expected = 0, got = 0;
  std::string text() const;
};

/// How one run went.
struct RunOutcome {
  bool executed = false; // the launches ran without a runtime error
  bool matched = false;  // and every compared value equals the reference
  std::string error;     // when !executed
  std::optional<Mismatch> mismatch;
  std::optional<Mismatch> gradientMismatch; // the first one among gradients
};

/// Runs `module`'s kernels on `rc.spec` (forward, and with `backward` the
/// adjoint launches too) on one thread and compares the outputs (and with
/// `backward` the gradients) with `reference` ({"outputs": [{"name",
/// "data"}], "grads": [...]}, the record's). Values must be equal as the
/// element type's scalars (floats: the same value; any NaN equals any NaN).
RunOutcome runAndCompare(CpuModule &module, const RunContext &rc,
                         const llvm::json::Object &reference, bool backward);

/// Compares `plan` (after a run) with `reference` as runAndCompare does:
/// the outputs, and with `backward` the gradients. The first difference;
/// `error` says when the two cannot be compared.
std::optional<Mismatch> compareWithReference(const LaunchPlan &plan,
                                             const llvm::json::Object &reference, bool backward,
                                             std::string &error);

/// Compares the whole final state of two runs of one spec, array by array
/// (LaunchPlan::allArrays order) and, with `grads`, gradient by gradient,
/// scalar by scalar as runAndCompare does. A difference in an array named in
/// `outputs` is an "output" mismatch, in any other array an "input" one (the
/// run changed what it must only read), in a gradient a "gradient" one.
/// `names` names the arrays by index (LaunchPlan::outputNames order may
/// differ); an array without a name is "#k".
std::optional<Mismatch> compareStates(const LaunchPlan &expected, const LaunchPlan &got, bool grads,
                                      const std::vector<std::string> &names,
                                      const std::vector<bool> &isOutput);

/// The name of each of `plan`'s arrays (allArrays order): its output name, or
/// "" when it has none.
std::vector<std::string> arrayNames(const LaunchPlan &plan);

/// The values of the arrays (and gradients) that `reference` names, read
/// from `plan` after a run, in the reference's form ({"outputs": [{"name",
/// "data"}], "grads": [...]}, flat). `nonFinite` counts NaN and infinite
/// values.
llvm::json::Object resultsLike(const LaunchPlan &plan, const llvm::json::Object &reference,
                               uint64_t &nonFinite, std::string &error);

/// The side table generate fills in buildSamples and checkEmittedBatch reads:
/// the RunContext of each sample (by record id and attempt) of this thread.
void rememberRunContext(int64_t id, int64_t attempt, RunContext rc);
const RunContext *findRunContext(int64_t id, int64_t attempt);
void forgetRunContext(int64_t id, int64_t attempt);

/// Time spent per sub-stage of the execution checks ("device_check",
/// "clang", "jit", "run"), per language, for the whole process; printed on
/// stderr at exit when KDSL_SYNTH_EXEC_TIMING is set (generate --timing
/// counts all of it under clang_cpp / clang_cuda).
void noteExecutionTime(bool cuda, llvm::StringRef stage, double seconds);

/// Test-only switch (docs/synth.md): KDSL_SYNTH_TEST_BREAK=cpp or cuda makes
/// every float addition (" + " on a `const float vN = ...` line) of that
/// language's emitted text " -  " (an operator swapped, marked by the second
/// space). Sample.cpp applies it to attempt 0 of each index. Returns whether
/// it changed `text`.
bool applyTestBreak(std::string &text, bool cuda);

} // namespace kdsl::synth

#endif
