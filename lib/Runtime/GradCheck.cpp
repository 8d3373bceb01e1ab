//===- GradCheck.cpp - adjoint gradients against central differences -------===//
#include "kdsl/Runtime/GradCheck.h"

#include <cmath>
#include <cstring>

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace kdsl;

GradCheckDefaults kdsl::gradCheckDefaults(ScalarKind kind) {
  if (kind == ScalarKind::F32)
    return {5e-3, 1e-2, 1e-3};
  return {1e-6, 1e-6, 1e-9};
}

std::string kdsl::describeGradCheckFailure(const GradCheckResult &r) {
  // Enough digits to see the difference (formatv's default shows 2 decimals).
  auto g = [](const char *fmt, double v) {
    return llvm::formatv("{0}", llvm::format(fmt, v)).str();
  };
  std::string text =
      llvm::formatv("gradient of '{0}' disagrees with finite differences in {1} of {2} "
                    "components; worst: component {3}: adjoint {4}, finite differences {5} "
                    "(step {6}, rtol {7}, atol {8})",
                    r.array, r.failed, r.checked, r.worst, g("%.9g", r.analytic),
                    g("%.9g", r.numeric), g("%g", r.step), g("%g", r.rtol), g("%g", r.atol))
          .str();
  if (r.float32)
    text += "; float32 finite differences are only accurate to a few digits: check the "
            "gradient on a float64 copy of the kernels, or try another --fd-step (and "
            "--grad-rtol, --grad-atol)";
  return text;
}

llvm::Expected<std::vector<GradCheckResult>> kdsl::checkGradients(LaunchPlan &plan,
                                                                  CpuModule &module,
                                                                  unsigned threads,
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
      double h =
          options.step.value_or(gradCheckDefaults(slot.kind).step) * std::max(1.0, std::fabs(x));
      // The points as the array stores them (float32 rounds x +- h).
      auto stored = [&](double v) {
        char buf[8];
        storeFloatComponent(buf, slot.kind, 0, v);
        return *loadFloatComponent(buf, slot.kind, 0);
      };
      double xUp = stored(x + h), xDown = stored(x - h);
      llvm::Expected<double> up = objectiveAt(a, slot, xUp);
      if (!up)
        return up.takeError();
      llvm::Expected<double> down = objectiveAt(a, slot, xDown);
      if (!down)
        return down.takeError();
      n.values.push_back((*up - *down) / (xUp - xDown));
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
      GradCheckDefaults d = gradCheckDefaults(slot.kind);
      double rtol = options.rtol.value_or(d.rtol), atol = options.atol.value_or(d.atol);
      double ratio = diff / (rtol * scale + atol);
      ++r.checked;
      if (!(ratio <= 1.0)) // NaN fails too
        ++r.failed;
      if (!(ratio <= worstRatio)) {
        worstRatio = ratio;
        r.worst = int64_t(i);
        r.analytic = ana;
        r.numeric = num;
        r.relError = scale > 0 ? diff / scale : diff;
        r.step = options.step.value_or(d.step);
        r.rtol = rtol;
        r.atol = atol;
        r.float32 = slot.kind == ScalarKind::F32;
      }
    }
    results.push_back(r);
  }
  return results;
}
