//===- GradCheck.cpp - adjoint gradients against central differences -------===//
#include "kdsl/Runtime/GradCheck.h"

#include <cmath>
#include <cstring>

using namespace kdsl;


llvm::Expected<std::vector<GradCheckResult>>
kdsl::checkGradients(LaunchPlan &plan, CpuModule &module, unsigned threads,
                     const GradCheckOptions &options) {
  if (!plan.hasBackward())
    return makeRunError(RunErrorKind::Spec, "checking gradients needs \"backward\" in the spec");
  std::vector<std::vector<char>> initial = plan.snapshot();
  auto objectiveAt = [&](HostArray &a, ScalarSlot slot, double x) -> llvm::Expected<double> {
    plan.restore(initial);
    storeFloatComponent(a.data() + slot.offset, slot.kind, 0, x);
    if (llvm::Error e = plan.runForward(module, threads))
      return std::move(e);
    return plan.objective();
  };

  struct Numeric {
    std::string name;
    std::vector<ScalarSlot> slots;
    std::vector<double> values;
  };
  std::vector<Numeric> numeric;
  for (const std::string &name : plan.gradNames()) {
    HostArray &a = *plan.array(name);
    if (plan.isWritten(&a))
      continue; // its gradient is reset after the backward pass
    llvm::Expected<std::vector<ScalarSlot>> slots = gradientSlots(a);
    if (!slots)
      return prefixRunError(slots.takeError(), "checking the gradient of '" + name + "'");
    Numeric n{name, std::move(*slots), {}};
    for (ScalarSlot slot : n.slots) {
      plan.restore(initial);
      double x = *loadFloatComponent(a.data() + slot.offset, slot.kind, 0);
      double h = options.step * std::max(1.0, std::fabs(x));
      llvm::Expected<double> up = objectiveAt(a, slot, x + h);
      if (!up)
        return up.takeError();
      llvm::Expected<double> down = objectiveAt(a, slot, x - h);
      if (!down)
        return down.takeError();
      n.values.push_back((*up - *down) / (2 * h));
    }
    numeric.push_back(std::move(n));
  }

  plan.restore(initial);
  if (llvm::Error e = plan.run(module, threads))
    return std::move(e);
  std::vector<GradCheckResult> results;
  for (const Numeric &n : numeric) {
    GradCheckResult r;
    r.array = n.name;
    HostArray &g = *plan.grad(n.name);
    double worstRatio = -1;
    // The gradient array has the layout of the array.
    for (auto [i, slot, num] : llvm::enumerate(n.slots, n.values)) {
      double ana = *loadFloatComponent(g.data() + slot.offset, slot.kind, 0);
      double scale = std::max(std::fabs(ana), std::fabs(num));
      double diff = std::fabs(ana - num);
      double ratio = diff / (options.rtol * scale + options.atol);
      ++r.checked;
      if (!(ratio <= 1.0)) // NaN fails too
        ++r.failed;
      if (!(ratio <= worstRatio)) {
        worstRatio = ratio;
        r.worst = int64_t(i);
        r.analytic = ana;
        r.numeric = num;
        r.relError = scale > 0 ? diff / scale : diff;
      }
    }
    results.push_back(r);
  }
  return results;
}
