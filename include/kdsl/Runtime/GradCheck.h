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

#include <optional>
#include <string>

namespace kdsl {

/// The settings of one check. An unset one takes the default of the checked
/// component's type (gradCheckDefaults).
struct GradCheckOptions {
  /// h = step * max(1, |x|). The difference quotient divides by the distance
  /// of x + h and x - h as stored (rounded to the component's type).
  std::optional<double> step;
  /// A component passes when |analytic - numeric| <= rtol * max(|analytic|, |numeric|) + atol.
  std::optional<double> rtol;
  std::optional<double> atol;
};

/// The defaults for a float64 or float32 component.
///
/// float64: step 1e-6, rtol 1e-6, atol 1e-9.
///
/// float32: the objective is computed in float32, so each of L(x + h) and
/// L(x - h) carries a rounding error of about eps * |L| (eps = 2^-23 = 1.2e-7,
/// more after long sums), while the central difference itself is off by
/// about h^2 * |L3| / 6 (L3: the third derivative). The error of the
/// quotient, eps * |L| / h + h^2 * |L3| / 6, is smallest near
/// h = (3 eps)^(1/3) = 7e-3 (for |L| ~ |L3|), where it is about
/// 2.5e-5 times the scale of L: hence step 5e-3, and tolerances a few hundred
/// times that bound, for kernels that round more than once per term:
/// rtol 1e-2 and atol 1e-3 (a component near zero still sees the
/// eps * |L| / h term in full).
struct GradCheckDefaults {
  double step, rtol, atol;
};
GradCheckDefaults gradCheckDefaults(ScalarKind kind);

struct GradCheckResult {
  std::string array;
  int64_t checked = 0; // scalar components
  int64_t failed = 0;
  /// The worst component: the largest |a - n| / (rtol * max(|a|, |n|) + atol).
  int64_t worst = -1;
  double analytic = 0, numeric = 0, relError = 0;
  /// The settings used for the worst component, and whether it is float32.
  double step = 0, rtol = 0, atol = 0;
  bool float32 = false;
};

/// "gradient of 'x' disagrees with finite differences in 1 of 3 components;
/// worst: ...", with a hint (float64, --fd-step, --grad-rtol) for float32.
std::string describeGradCheckFailure(const GradCheckResult &result);

/// Runs the plan's forward launches 2 * (components) times and then the plan
/// itself (forward and backward), so that afterwards the arrays and gradients
/// are those of a plain run().
llvm::Expected<std::vector<GradCheckResult>> checkGradients(LaunchPlan &plan, CpuModule &module,
                                                            unsigned threads,
                                                            const GradCheckOptions &options = {});

} // namespace kdsl

#endif
