//===- GradCheck.h - compare adjoint gradients with finite differences -*- C++ -*-===//
//
// For a plan with "backward": every input array with requires_grad (one no
// launch writes) has its gradient compared, component by component, with
// the central difference (L(x + h) - L(x - h)) / 2h of the plan's objective
// (LaunchPlan::objective), computed by forward runs only.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_GRADCHECK_H
#define KDSL_RUNTIME_GRADCHECK_H

#include "kdsl/Runtime/LaunchSpec.h"

namespace kdsl {

struct GradCheckOptions {
  /// h = step * max(1, |x|).
  double step = 1e-6;
  /// A component passes when |analytic - numeric| <= rtol * max(|analytic|, |numeric|) + atol.
  double rtol = 1e-6;
  double atol = 1e-9;
};

struct GradCheckResult {
  std::string array;
  int64_t checked = 0; // scalar components
  int64_t failed = 0;
  /// The worst component: the largest |a - n| / (rtol * max(|a|, |n|) + atol).
  int64_t worst = -1;
  double analytic = 0, numeric = 0, relError = 0;
};

/// Runs the plan's forward launches 2 * (components) times and then the plan
/// itself (forward and backward), so that afterwards the arrays and gradients
/// are those of a plain run().
llvm::Expected<std::vector<GradCheckResult>> checkGradients(LaunchPlan &plan, CpuModule &module,
                                                            unsigned threads,
                                                            const GradCheckOptions &options = {});

} // namespace kdsl

#endif
