//===- ScoreInputs.h - the input sets kdsl-synth score compares on -*- C++ -*-===//
//
// kdsl-synth score runs a candidate on the record's stored spec and on
// extra input sets drawn from it (docs/synth.md, "Scoring model outputs"):
// every float input (array components, struct fields, float scalars, the
// backward seeds) is redrawn uniformly within the range its values take in
// the stored spec, per component, with unit vectors and quaternions kept
// unit; drawn sets 1, 4, ... have exact zeros, sets 2, 5, ... ranges
// widened by half their width (DrawKind); integers (indices, counts, flags, random seeds) are kept.
// The expected values of a drawn set come from the MLIR JIT (with bounds checks) on the record's
// source and its adjoint, the path generate takes for the record's `reference`; a drawn set whose
// reference run fails (an out-of-bounds access, an assert) or has a non-finite value where the
// stored reference has none is replaced by another draw. In every drawn set,
// a float array the kernel writes that the spec gives as zeros starts as
// another value drawn for the set (`{"full": shape, "value": v}`), so a
// candidate that writes nothing cannot match. Each set keeps the JIT's whole
// final state (every array and gradient), which the scorer compares with the
// candidate's: outputs, gradients, and inputs that must stay unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_SCOREINPUTS_H
#define KDSL_SYNTH_SCOREINPUTS_H

#include "Validation/Execute.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kdsl::synth {

/// One set of inputs a candidate is compared on.
struct InputSet {
  unsigned number = 0; // 0: the record's spec; 1, 2, ...: drawn
  uint64_t seed = 0;   // the draw's seed (0 for the record's spec)
  RunContext rc;       // the spec (kdsl-run form) and the kernel (with its adjoint's facts)
  llvm::json::Object reference; // {"outputs", "grads"}, flat as the record's
  /// The JIT's run of the spec: the forward launches alone, and forward and
  /// backward (the latter null without "backward"). Both null when the JIT
  /// does not reproduce the record: set 0 is then compared with `reference`.
  std::shared_ptr<LaunchPlan> forward, full;
};

/// How a drawn set's float inputs are drawn (ScoreInputs.cpp): uniformly
/// within each component's stored range; the same with exact zeros where
/// the range contains 0; within the range widened by half its width.
enum class DrawKind { Plain, Zeros, Wide };

/// The record's spec perturbed as described above, for `kernels` (the
/// record's kernels: the short form's, or every kernel the general form's
/// launches name; there every named array and every launch's scalar
/// arguments are drawn), with the draw `seed`, the inputs drawn as `kind` says.
/// `changed` says whether any value was redrawn (false: the spec has no
/// float input).
/// With `fillWritten`, a float array argument the kernel writes that the spec
/// gives as `{"zeros": shape}` becomes `{"full": shape, "value": v}`, v drawn.
llvm::Expected<llvm::json::Value> perturbSpec(const llvm::json::Value &spec,
                                              llvm::ArrayRef<KernelInfo> kernels, uint64_t seed,
                                              bool &changed, DrawKind kind = DrawKind::Plain,
                                              bool fillWritten = false);

/// The input sets of `record`: set 0, its spec with its own reference, then
/// up to `extra` drawn sets (deterministic: from the record's seed, id and
/// attempt), each with the JIT's final state. `ctx` must have the
/// kdsl dialects loaded; the sets' kernel types belong to it. Fails when the
/// record cannot be translated. When the JIT does not reproduce the record's
/// own reference on its spec (a record from another kdsl), returns set 0
/// alone and says why in `note`.
llvm::Expected<std::vector<InputSet>> inputSetsOf(const llvm::json::Object &record,
                                                  mlir::MLIRContext &ctx, unsigned extra,
                                                  std::string &note);

} // namespace kdsl::synth

#endif
