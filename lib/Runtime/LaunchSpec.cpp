//===- LaunchSpec.cpp - running launch plans --------------------------------===//
#include "kdsl/Runtime/LaunchSpec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <algorithm>
#include <cstring>

using namespace kdsl;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Launch progress
//===----------------------------------------------------------------------===//

static LaunchProgress *launchProgress = nullptr;

void kdsl::setLaunchProgress(LaunchProgress *progress) { launchProgress = progress; }

/// Records in the LaunchProgress, if any, that launch `index` of `kernel` runs.
static void beginLaunch(StringRef kernel, bool backward, size_t index) {
  if (!launchProgress)
    return;
  size_t n = std::min(kernel.size(), sizeof(launchProgress->kernel) - 1);
  std::memcpy(launchProgress->kernel, kernel.data(), n);
  launchProgress->kernel[n] = 0;
  launchProgress->backward = backward;
  launchProgress->launch = int64_t(index);
  launchProgress->inKernel = 1;
}

static void endLaunch() {
  if (launchProgress)
    launchProgress->inKernel = 0;
}

//===----------------------------------------------------------------------===//
// LaunchPlan
//===----------------------------------------------------------------------===//

std::vector<std::string> LaunchPlan::kernelNames() const {
  std::vector<std::string> names;
  for (const Launch &l : launchList)
    if (!llvm::is_contained(names, l.kernel))
      names.push_back(l.kernel);
  return names;
}

HostArray *LaunchPlan::array(StringRef name) const {
  auto it = named.find(name);
  return it == named.end() ? nullptr : it->second;
}

void LaunchPlan::seedGradients() {
  for (const std::unique_ptr<HostArray> &g : grads)
    std::memset(g->data(), 0, g->byteSize());
  for (const Seed &seed : seeds)
    std::memcpy(seed.grad->data(), seed.bytes.data(), seed.bytes.size());
}

Error LaunchPlan::run(CpuModule &module, unsigned threads, RuntimeReports *reports) {
  llvm::StringMap<kdsl_kernel_fn> adjointFns;
  for (const Launch &l : backwardList) {
    if (adjointFns.count(l.kernel))
      continue;
    kdsl_kernel_fn fn = module.lookup(l.kernel, /*backward=*/true);
    if (!fn)
      return makeRunError(RunErrorKind::Compile, "the adjoint of kernel '" + l.kernel +
                                                     "' is missing from the compiled module");
    adjointFns[l.kernel] = fn;
  }
  if (!backward)
    return runForward(module, threads, reports);
  std::vector<std::vector<Saved>> saved = savePlan();
  // The saves and the forward results of the arrays saved: within the
  // plan's size limit, like the arrays.
  uint64_t saveBytes = 0;
  llvm::DenseSet<HostArray *> counted;
  for (const std::vector<Saved> &list : saved)
    for (const Saved &s : list)
      saveBytes += s.array->byteSize() * (counted.insert(s.array).second ? 2 : 1);
  if (saveBytes > saveBytesLeft)
    return makeRunError(RunErrorKind::Spec,
                        "the backward pass would save " + std::to_string(saveBytes) +
                            " bytes of arrays that launches overwrite (for the adjoints, which "
                            "read them as they were before), over what the size limit leaves (" +
                            std::to_string(saveBytesLeft) + " bytes)");
  if (Error e = runForward(module, threads, reports, &saved))
    return e;
  // The forward results of the arrays the adjoints see as they were before
  // some launch, put back after the backward pass.
  std::vector<Saved> results;
  llvm::DenseSet<HostArray *> seen;
  for (const std::vector<Saved> &list : saved)
    for (const Saved &s : list)
      if (seen.insert(s.array).second)
        results.push_back(
            {s.array, false,
             std::vector<char>(s.array->data(), s.array->data() + s.array->byteSize())});
  auto putBack = [](const Saved &s) {
    std::memcpy(s.array->data(), s.bytes.data(), s.bytes.size());
  };
  llvm::scope_exit restoreResults([&] { llvm::for_each(results, putBack); });
  // The tape: seed the gradients, then run the adjoints in reverse order,
  // each on the arrays as its forward launch found them.
  seedGradients();
  for (auto [i, l] : llvm::enumerate(backwardList)) {
    size_t forward = backwardList.size() - 1 - i;
    for (const Saved &s : saved[forward])
      if (s.beforeAdjoint)
        putBack(s);
    beginLaunch(l.kernel, /*backward=*/true, i);
    launchParallel(adjointFns[l.kernel], l.dims, l.args.data(), threads);
    endLaunch();
    if (reports && reports->count())
      return makeRunError(RunErrorKind::Runtime, reports->summary() +
                                                     " (in the adjoint of launch " +
                                                     std::to_string(forward) + " of the spec)");
    for (const Saved &s : saved[forward])
      if (!s.beforeAdjoint)
        putBack(s);
  }
  // As in Warp >= 1.13: the gradient of an array a launch wrote is reset.
  for (HostArray *g : resetAfterBackward)
    std::memset(g->data(), 0, g->byteSize());
  return Error::success();
}

void LaunchPlan::setPreLaunchArgs(StringRef kernel, const std::vector<bool> &args) {
  for (auto [l, flags] : llvm::zip(launchList, launchPreLaunch))
    if (l.kernel == kernel)
      flags = args;
}

/// Launch m saves the arrays it writes that its adjoint reads as they were
/// before it (put back before its adjoint), and those an earlier launch
/// may read (put back after its adjoint, for the earlier adjoints): so every
/// adjoint runs on the arrays as its forward launch found them, except
/// those its own kernel wrote before reading them (or only wrote: atomic
/// min/max adjoints compare with the result), which it sees as it left them.
std::vector<std::vector<LaunchPlan::Saved>> LaunchPlan::savePlan() const {
  std::vector<std::vector<Saved>> plan(launchList.size());
  if (!backward)
    return plan;
  llvm::DenseSet<const HostArray *> usedEarlier;
  for (size_t m = 0; m < launchList.size(); ++m) {
    for (const Write &w : launchWrites[m]) {
      bool before = w.arg < launchPreLaunch[m].size() && launchPreLaunch[m][w.arg];
      auto it = llvm::find_if(plan[m], [&](const Saved &s) { return s.array == w.array; });
      if (it != plan[m].end())
        it->beforeAdjoint |= before;
      else if (before || usedEarlier.count(w.array))
        plan[m].push_back({w.array, before, {}});
    }
    usedEarlier.insert(launchReads[m].begin(), launchReads[m].end());
  }
  return plan;
}

bool LaunchPlan::restoresArrays() const {
  return llvm::any_of(savePlan(), [](const std::vector<Saved> &s) { return !s.empty(); });
}

Error LaunchPlan::runForward(CpuModule &module, unsigned threads, RuntimeReports *reports) {
  return runForward(module, threads, reports, nullptr);
}

Error LaunchPlan::runForward(CpuModule &module, unsigned threads, RuntimeReports *reports,
                             std::vector<std::vector<Saved>> *saved) {
  llvm::StringMap<kdsl_kernel_fn> fns;
  for (const Launch &l : launchList) {
    if (fns.count(l.kernel))
      continue;
    kdsl_kernel_fn fn = module.lookup(l.kernel);
    if (!fn)
      return makeRunError(RunErrorKind::Compile,
                          "kernel '" + l.kernel + "' is missing from the compiled module");
    fns[l.kernel] = fn;
  }
  if (reports)
    reports->clear();
  // The spec's objects, built from their points' current values (every
  // forward run starts from the same state: --check-grads reruns it).
  for (const std::unique_ptr<HostObject> &o : objectList)
    o->build(threads);
  for (auto [i, l] : llvm::enumerate(launchList)) {
    if (saved)
      for (Saved &s : (*saved)[i])
        s.bytes.assign(s.array->data(), s.array->data() + s.array->byteSize());
    for (HostObject *o : l.rebuildBefore)
      o->update(threads);
    beginLaunch(l.kernel, /*backward=*/false, i);
    launchParallel(fns[l.kernel], l.dims, l.args.data(), threads);
    endLaunch();
    if (reports && reports->count()) {
      std::string message = reports->summary();
      if (launchList.size() > 1)
        message += " (in launch " + std::to_string(i) + " of the spec" +
                   (i + 1 < launchList.size() ? "; the later launches did not run)" : ")");
      return makeRunError(RunErrorKind::Runtime, message);
    }
  }
  for (HostObject *o : rebuildAtEnd)
    o->update(threads);
  return Error::success();
}

bool LaunchPlan::rebuildsObjects() const {
  return !rebuildAtEnd.empty() ||
         llvm::any_of(launchList, [](const Launch &l) { return !l.rebuildBefore.empty(); });
}

std::vector<std::vector<char>> LaunchPlan::snapshot() const {
  std::vector<std::vector<char>> out;
  for (const std::unique_ptr<HostArray> &a : arrays)
    out.emplace_back(a->data(), a->data() + a->byteSize());
  return out;
}

void LaunchPlan::restore(const std::vector<std::vector<char>> &bytes) {
  for (auto [a, b] : llvm::zip(arrays, bytes))
    std::memcpy(a->data(), b.data(), b.size());
}

Expected<double> LaunchPlan::objective() const {
  double sum = 0;
  for (const Seed &seed : seeds) {
    const HostArray &a = *seed.array;
    Expected<std::vector<ScalarSlot>> slots = gradientSlots(a);
    if (!slots)
      return prefixRunError(slots.takeError(), "the objective");
    // The loss's seed is 1.0: both forms are sum(seed * array).
    for (ScalarSlot slot : *slots)
      sum += *loadFloatComponent(seed.bytes.data() + slot.offset, slot.kind, 0) *
             *loadFloatComponent(a.data() + slot.offset, slot.kind, 0);
  }
  return sum;
}

HostArray *LaunchPlan::grad(StringRef name) const {
  HostArray *a = array(name);
  return a ? gradOf.lookup(a) : nullptr;
}

void LaunchPlan::writeGrads(json::OStream &os) const {
  os.objectBegin();
  for (const std::string &name : gradList) {
    os.attributeBegin(name);
    grad(name)->writeJSON(os);
    os.attributeEnd();
  }
  os.objectEnd();
}

json::Value LaunchPlan::outputs() const {
  json::Object obj;
  for (const std::string &name : printed)
    obj[name] = array(name)->toJSON();
  return obj;
}

void LaunchPlan::writeOutputs(json::OStream &os) const {
  os.objectBegin();
  for (const std::string &name : printed) {
    os.attributeBegin(name);
    array(name)->writeJSON(os);
    os.attributeEnd();
  }
  os.objectEnd();
}
