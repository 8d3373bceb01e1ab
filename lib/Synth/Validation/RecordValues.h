//===- RecordValues.h - a record's spec, outputs and gradients -*- C++ -*-===//
//
// The values of a record as they are stored (internal to lib/Synth): per
// kernel argument, in signature order, its layout and its flat float data;
// the reference run's outputs and gradients; the gradient check's summary.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_SYNTH_VALIDATION_RECORDVALUES_H
#define KDSL_LIB_SYNTH_VALIDATION_RECORDVALUES_H

#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace kdsl::synth {

/// {"outputs", "grads"} of a plan after run().
llvm::Expected<llvm::json::Object> resultsOf(const LaunchPlan &plan);

/// validation.gradcheck of a passing gradient check (its worst component
/// over all arrays: the largest |a - n| / (rtol * max(|a|, |n|) + atol)), or
/// the failure.
llvm::Expected<llvm::json::Object> checkedGradients(LaunchPlan &plan, CpuModule &cpu,
                                                    const GradCheckOptions &check);

/// How the values of one kernel argument are laid out in the record: its
/// element type, and whether it is an array.
struct ArgLayout {
  std::string name;
  mlir::Type type;
  std::optional<ElemType> elem;
  bool array = false;
  unsigned ndim = 0;
};

/// The layouts of a kernel's arguments, in signature order.
std::vector<ArgLayout> argLayouts(const KernelInfo &k);

/// {"name", "data"} per argument of `values` (an object by argument name),
/// in signature order, the data flattened. Fails on a value that is not a
/// finite number.
llvm::Expected<llvm::json::Array> flatValues(const llvm::json::Object &values,
                                             llvm::ArrayRef<ArgLayout> args);

/// The values of a program's spec and how its launches pass them: for
/// kdsl-run's short form, the kernel's arguments (in signature order), each
/// passed to the parameter of its name; for the general form, the named
/// arrays (in order of first use by the launches, named by array) and then
/// the scalar arguments (named by parameter; `<param>_<launch>` when one
/// name would take two values).
struct ProgramLayout {
  std::vector<ArgLayout> values;
  struct Launch {
    std::string kernel;
    llvm::json::Array dim;
    std::vector<std::pair<std::string, std::string>> args; // parameter, value
    /// wp.launch_tiled (tiled) or wp.launch's block_dim (0: not given).
    bool tiled = false;
    int64_t blockDim = 0;
  };
  std::vector<Launch> launches;
  /// The scalar values of the general form (name -> the literal).
  llvm::json::Object scalars;
  bool general = false;
};
llvm::Expected<ProgramLayout> programLayout(const llvm::json::Value &spec,
                                            llvm::ArrayRef<KernelInfo> kernels);

/// The record's `spec` (schema kdsl-synth-record/3): kdsl-run's spec made
/// uniform: per value (`layout.values`) its name, kind, dtype, shape, struct
/// fields, requires_grad and flat float data; the launches, each with its
/// kernel, dimensions (a list) and arguments (`{"param", "value"}`: a
/// parameter and the value it gets); the first launch's kernel and
/// dimensions as `kernel` and `dim`.
llvm::Expected<llvm::json::Object> typedSpec(const llvm::json::Value &spec,
                                             const ProgramLayout &layout);

} // namespace kdsl::synth

#endif
