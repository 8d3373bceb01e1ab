//===- ScoreInputs.cpp - the input sets kdsl-synth score compares on -------===//
//
// See ScoreInputs.h. The draw works on the spec in kdsl-run's form (the
// record's kdsl_run_spec), with the element types of the kernel's
// arguments: an argument's values are its elements (nested lists down to
// the element's own JSON depth), each a list of scalar slots (a struct's
// fields flattened, in order). Each float slot is redrawn uniformly in
// [min, max] of that slot over the argument's elements in the stored spec
// (one element, or all equal: the value scaled by a factor in [0.75, 1.25];
// zero stays zero, which keeps a matrix's structural zeros). A vector or
// quaternion whose stored elements all have norm 1 (within 1e-2) is
// normalized after the draw, and so is the rotation of a transform (7
// components: translation, then the quaternion). A slot whose stored values
// all have 3 decimals (the generator's) gets values of 3 decimals. Drawn
// sets 1, 4, 7, ... are `Zeros` draws: an input slot whose range contains 0
// is exactly 0 in one element (at random) and in each other with probability
// 1/8 (an exact zero reaches what a uniform draw never does: `d / d` for
// `d * d` is NaN there, `x == 0` branches, `0 * inf`). Sets 2, 5, 8, ... are
// `Wide` draws: an input slot's range [lo, hi] is widened by (hi - lo) / 2 on
// each side, clipped at 0 when it does not contain 0 (a positive mass stays
// non-negative), and a single value is scaled by [0.5, 1.5] (code the stored
// range never reaches: a clamp, a far branch). Both only in the first 4
// tries of a set; the backward seeds are always plain draws.
// Integer and bool slots are never changed: they are indices, counts, flags
// and random seeds.
//
//===----------------------------------------------------------------------===//
#include "ScoreInputs.h"
#include "kdsl/Synth/Validation/Record.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cmath>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

namespace {

struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

uint64_t mix(uint64_t h, uint64_t v) {
  Rng r{h ^ (v * 0x9e3779b97f4a7c15ull)};
  return r.next();
}

/// Components of a vector or quaternion inside an element: the slots
/// [first, first + count).
struct Group {
  unsigned first, count;
};

/// The JSON list depth of `v` along its first elements.
unsigned depthOf(const json::Value &v) {
  const json::Array *a = v.getAsArray();
  if (!a)
    return 0;
  return 1 + (a->empty() ? 0 : depthOf((*a)[0]));
}

/// The scalar slots of one element `v` of type `t`, in memory order: the
/// JSON number of a float slot, null for an integer or bool one. `groups`
/// (if given) receives the element's vectors and quaternions.
bool elementLeaves(json::Value &v, const ElemType &t, std::vector<json::Value *> &leaves,
                   std::vector<Group> *groups) {
  switch (t.family) {
  case ElemType::Family::Scalar:
    if (!v.getAsNumber())
      return false;
    leaves.push_back(isFloatScalar(t.scalar) ? &v : nullptr);
    return true;
  case ElemType::Family::Vector:
  case ElemType::Family::Quat:
  case ElemType::Family::Matrix: {
    std::vector<json::Value *> numbers;
    std::function<bool(json::Value &)> collect = [&](json::Value &x) {
      if (json::Array *a = x.getAsArray()) {
        for (json::Value &y : *a)
          if (!collect(y))
            return false;
        return true;
      }
      if (!x.getAsNumber())
        return false;
      numbers.push_back(&x);
      return true;
    };
    if (!collect(v) || numbers.size() != t.numScalars())
      return false;
    if (groups && t.family != ElemType::Family::Matrix && isFloatScalar(t.scalar))
      groups->push_back({unsigned(leaves.size()), t.numScalars()});
    for (json::Value *n : numbers)
      leaves.push_back(isFloatScalar(t.scalar) ? n : nullptr);
    return true;
  }
  case ElemType::Family::Struct: {
    json::Object *o = v.getAsObject();
    if (!o)
      return false;
    for (const ElemField &f : structFields(t)) {
      json::Value *fv = o->get(f.name);
      if (!fv || !elementLeaves(*fv, f.type, leaves, groups))
        return false;
    }
    return true;
  }
  }
  return false;
}

/// The elements of an array's data (nested lists down to the element).
bool arrayElements(json::Value &data, const ElemType &t, std::vector<json::Value *> &elems) {
  unsigned want = t.family == ElemType::Family::Struct ? 0 : t.jsonDepth();
  if (t.family == ElemType::Family::Struct ? bool(data.getAsObject()) : depthOf(data) == want) {
    elems.push_back(&data);
    return true;
  }
  json::Array *a = data.getAsArray();
  if (!a || depthOf(data) < want)
    return false;
  for (json::Value &x : *a)
    if (!arrayElements(x, t, elems))
      return false;
  return true;
}

/// Redraws the float slots of `elems` (elements of type `t`) as the file
/// header says, as a draw of `kind`. Returns whether a value changed; leaves
/// `elems` as they are when their JSON does not have the type's shape.
bool redraw(std::vector<json::Value *> &elems, const ElemType &t, Rng &rng, DrawKind kind) {
  if (elems.empty())
    return false;
  std::vector<std::vector<json::Value *>> leaves(elems.size());
  std::vector<Group> groups;
  for (size_t e = 0; e < elems.size(); ++e)
    if (!elementLeaves(*elems[e], t, leaves[e], e == 0 ? &groups : nullptr) ||
        leaves[e].size() != leaves[0].size())
      return false;
  size_t slots = leaves[0].size(), n = elems.size();
  std::vector<std::vector<double>> old(n, std::vector<double>(slots, 0.0)), now = old;
  std::vector<std::vector<double>> uniform = old; // `now` before the zeros
  for (size_t e = 0; e < n; ++e)
    for (size_t s = 0; s < slots; ++s)
      if (leaves[e][s])
        old[e][s] = now[e][s] = *leaves[e][s]->getAsNumber();
  bool changed = false;
  for (size_t s = 0; s < slots; ++s) {
    if (!leaves[0][s])
      continue;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t e = 0; e < n; ++e)
      if (std::isfinite(old[e][s]))
        lo = std::min(lo, old[e][s]), hi = std::max(hi, old[e][s]);
    if (!(lo <= hi))
      continue;
    // Zeros: one element (at random) and each other with probability 1/8.
    bool zeros = kind == DrawKind::Zeros && lo <= 0 && 0 <= hi;
    size_t zeroAt = zeros ? size_t(rng.next() % n) : n;
    double from = lo, to = hi, scale = 0.5; // a single value: * [1 - scale, 1 + scale]
    if (kind == DrawKind::Wide) {
      double w = (hi - lo) / 2;
      from = lo >= 0 ? std::max(0.0, lo - w) : lo - w;
      to = hi <= 0 ? std::min(0.0, hi + w) : hi + w;
      scale = 1.0;
    }
    for (size_t e = 0; e < n; ++e) {
      if (!std::isfinite(old[e][s]))
        continue;
      double u = rng.uniform();
      now[e][s] = lo < hi ? from + (to - from) * u : old[e][s] * (1 - scale / 2 + scale * u);
      uniform[e][s] = now[e][s];
      if (zeros && (e == zeroAt || rng.uniform() < 0.125))
        now[e][s] = 0;
    }
  }
  // Unit vectors and quaternions stay unit (a transform: its rotation).
  auto normOf = [](const std::vector<double> &v, unsigned first, unsigned count) {
    double sq = 0;
    for (unsigned c = first; c < first + count; ++c)
      sq += v[c] * v[c];
    return std::sqrt(sq);
  };
  for (Group g : groups) {
    std::vector<Group> parts;
    if (g.count >= 2)
      parts.push_back(g);
    if (g.count == 7)
      parts.push_back({g.first + 3, 4});
    for (Group p : parts) {
      bool unit = true;
      for (size_t e = 0; e < n && unit; ++e)
        unit = std::fabs(normOf(old[e], p.first, p.count) - 1.0) <= 1e-2;
      if (!unit)
        continue;
      for (size_t e = 0; e < n; ++e) {
        double norm = normOf(now[e], p.first, p.count);
        if (norm <= 1e-3) { // zeros everywhere: not a unit vector; the uniform draw
          for (unsigned c = p.first; c < p.first + p.count; ++c)
            now[e][c] = uniform[e][c];
          norm = normOf(now[e], p.first, p.count);
        }
        if (norm > 1e-3)
          for (unsigned c = p.first; c < p.first + p.count; ++c)
            now[e][c] /= norm;
      }
      break;
    }
  }
  // Values of 3 decimals (as the generator writes them) stay so.
  for (size_t s = 0; s < slots; ++s) {
    bool decimals = true;
    for (size_t e = 0; e < n && decimals; ++e)
      decimals = std::fabs(old[e][s] * 1000 - std::round(old[e][s] * 1000)) < 1e-6;
    for (size_t e = 0; e < n; ++e) {
      if (!leaves[e][s] || now[e][s] == old[e][s])
        continue;
      *leaves[e][s] = decimals ? std::round(now[e][s] * 1000) / 1000 : now[e][s];
      changed |= *leaves[e][s]->getAsNumber() != old[e][s];
    }
  }
  return changed;
}

/// The element type of argument `name` of `kernel` (an array's element
/// type, or the type of a scalar, vector or struct argument), and whether it
/// is an array.
std::optional<ElemType> argElemType(const KernelInfo &kernel, llvm::StringRef name, bool &isArray) {
  for (auto [argName, type] : llvm::zip(kernel.argNames, kernel.argTypes)) {
    if (argName != name)
      continue;
    if (auto at = llvm::dyn_cast<ArrayType>(type)) {
      isArray = true;
      return arrayElemTypeFromMLIR(at.getElementType());
    }
    isArray = false;
    return arrayElemTypeFromMLIR(type);
  }
  return std::nullopt;
}

/// Whether `kernel` writes argument `name`'s arrays.
bool writes(const KernelInfo &kernel, llvm::StringRef name) {
  for (auto [argName, written] : llvm::zip(kernel.argNames, kernel.argWritten))
    if (argName == name)
      return written;
  return false;
}

/// Translates the record's source in `ctx`.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>> translateRecord(const json::Object &record,
                                                                  mlir::MLIRContext &ctx) {
  auto source = record.getString("source");
  auto kernel = record.getString("kernel_name");
  if (!source || !kernel)
    return llvm::createStringError("the record lacks source or kernel_name");
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(*source, *kernel + ".py"),
                        llvm::SMLoc());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  auto module = driver::translatePython(sm, ctx, {}, &os);
  if (!module)
    return llvm::createStringError("the record's source: " + errors);
  return module;
}

uint64_t nonFiniteIn(const json::Object &reference) {
  uint64_t count = 0;
  for (const char *key : {"outputs", "grads"})
    if (const json::Array *list = reference.getArray(key))
      for (const json::Value &entry : *list)
        if (const json::Object *o = entry.getAsObject())
          if (const json::Array *data = o->getArray("data"))
            for (const json::Value &x : *data)
              count += !std::isfinite(x.getAsNumber().value_or(NAN));
  return count;
}
} // namespace

namespace {
/// A value of the spec the draw may change: an argument (short form), a
/// named array or a launch's scalar argument (general form).
struct DrawTarget {
  json::Value *value;
  ElemType type;
  bool isArray, written;
  std::string name; // the argument's, or the named array's
};

/// The spec's values in the kernels' parameter order (short form: the
/// kernel's arguments; general form: launch by launch, each named array at
/// its first use, written when any launch writes it).
std::vector<DrawTarget> drawTargets(json::Object &o, llvm::ArrayRef<KernelInfo> kernels) {
  std::vector<DrawTarget> out;
  auto kernelNamed = [&](std::optional<llvm::StringRef> name) -> const KernelInfo * {
    for (const KernelInfo &k : kernels)
      if (!name || k.name == *name)
        return &k;
    return nullptr;
  };
  if (json::Object *inputs = o.getObject("inputs")) {
    const KernelInfo *kernel = kernelNamed(o.getString("kernel"));
    if (!kernel && !kernels.empty())
      kernel = &kernels.front();
    if (!kernel)
      return out;
    for (const std::string &name : kernel->argNames) {
      json::Value *v = inputs->get(name);
      bool isArray = false;
      std::optional<ElemType> t = argElemType(*kernel, name, isArray);
      if (v && t)
        out.push_back({v, *t, isArray, isArray && writes(*kernel, name), name});
    }
    return out;
  }
  json::Object *arrays = o.getObject("arrays");
  json::Array *launches = o.getArray("launches");
  if (!launches)
    return out;
  for (json::Value &l : *launches) {
    json::Object *lo = l.getAsObject();
    json::Object *args = lo ? lo->getObject("args") : nullptr;
    const KernelInfo *kernel = lo ? kernelNamed(lo->getString("kernel")) : nullptr;
    if (!args || !kernel || !lo->getString("kernel"))
      continue;
    for (const std::string &name : kernel->argNames) {
      json::Value *v = args->get(name);
      bool isArray = false;
      std::optional<ElemType> t = argElemType(*kernel, name, isArray);
      if (!v || !t)
        continue;
      if (!isArray) {
        out.push_back({v, *t, false, false, name});
        continue;
      }
      std::optional<llvm::StringRef> ref = v->getAsString();
      if (!ref || !ref->starts_with("@") || !arrays)
        continue;
      std::string arrayName = ref->drop_front().str();
      bool written = writes(*kernel, name);
      auto seen =
          llvm::find_if(out, [&](const DrawTarget &d) { return d.isArray && d.name == arrayName; });
      if (seen != out.end()) {
        seen->written |= written;
        continue;
      }
      if (json::Value *desc = arrays->get(arrayName))
        out.push_back({desc, *t, true, written, arrayName});
    }
  }
  return out;
}
} // namespace

llvm::Expected<json::Value> kdsl::synth::perturbSpec(const json::Value &spec,
                                                     llvm::ArrayRef<KernelInfo> kernels,
                                                     uint64_t seed, bool &changed, DrawKind kind,
                                                     bool fillWritten) {
  changed = false;
  json::Value out = spec;
  json::Object *o = out.getAsObject();
  if (!o)
    return llvm::createStringError("the spec is not an object");
  Rng rng{seed};
  // Arguments in the kernels' order (the draw does not depend on the
  // spec's key order).
  std::vector<DrawTarget> targets = drawTargets(*o, kernels);
  for (DrawTarget &target : targets) {
    json::Value *v = target.value;
    const ElemType &t = target.type;
    json::Value *data = v;
    if (target.isArray) {
      json::Object *desc = v->getAsObject();
      if (desc && fillWritten && desc->get("zeros") && t.family != ElemType::Family::Struct &&
          isFloatScalar(t.scalar) && target.written) {
        // A sentinel the kernel must overwrite (or add to): never 0.
        double value = std::round((rng.uniform() * 2 - 1) * 8000) / 1000;
        (*desc)["full"] = std::move(*desc->get("zeros"));
        desc->erase("zeros");
        (*desc)["value"] = value == 0 ? 1.5 : value;
        changed = true;
        continue;
      }
      if (desc)
        data = desc->get("data");
      if (!data || !data->getAsArray())
        continue; // zeros, ones, full
    }
    std::vector<json::Value *> elems;
    if (target.isArray ? arrayElements(*data, t, elems) : (elems.push_back(data), true))
      changed |= redraw(elems, t, rng, kind);
  }
  if (json::Object *backward = o->getObject("backward"))
    if (json::Object *seeds = backward->getObject("seed"))
      for (const DrawTarget &target : targets) {
        json::Value *data = target.isArray ? seeds->get(target.name) : nullptr;
        std::vector<json::Value *> elems;
        if (data && arrayElements(*data, target.type, elems))
          changed |= redraw(elems, target.type, rng, DrawKind::Plain);
      }
  return out;
}

llvm::Expected<std::vector<InputSet>> kdsl::synth::inputSetsOf(const json::Object &record,
                                                               mlir::MLIRContext &ctx,
                                                               unsigned extra, std::string &note) {
  auto runSpec = record.getString("kdsl_run_spec");
  auto kernelName = record.getString("kernel_name");
  std::vector<std::string> kernelNames = recordKernels(record);
  const json::Object *reference = record.getObject("reference");
  if (!runSpec || !kernelName || !reference)
    return llvm::createStringError("the record lacks kdsl_run_spec, kernel_name or reference");
  auto module = translateRecord(record, ctx);
  if (!module)
    return module.takeError();
  // The reference path: the source and its adjoint on the JIT, with bounds
  // checks (a drawn set that reads out of bounds is dropped, not run).
  if (llvm::Error e = driver::prepareAdjoints(**module, {kernelNames}))
    return e;
  std::vector<KernelInfo> kernels = collectKernels(**module);
  std::vector<InputSet> sets(1);
  InputSet &stored = sets[0];
  for (const std::string &name : kernelNames) {
    auto k = llvm::find_if(kernels, [&](const KernelInfo &info) { return info.name == name; });
    if (k == kernels.end())
      return llvm::createStringError("the record's source has no kernel '" + name + "'");
    stored.rc.kernels.push_back(*k);
  }
  auto spec = json::parse(*runSpec);
  if (!spec)
    return spec.takeError();
  stored.rc.spec = std::move(*spec);
  stored.reference = *reference;
  CpuCompileOptions options;
  options.optimize = false;
  options.checkBounds = true;
  auto cpu = compileWithJit(**module, options);
  if (!cpu)
    return cpu.takeError();
  // Runs `spec` on the JIT (forward only, or with the backward pass): the
  // plan after the run, or why it failed.
  auto referenceRun = [&](const json::Value &spec, bool backward,
                          std::string &error) -> std::unique_ptr<LaunchPlan> {
    auto plan = LaunchPlan::create(spec, kernels);
    if (!plan) {
      error = llvm::toString(plan.takeError());
      return nullptr;
    }
    RuntimeReports reports;
    llvm::Error e =
        backward ? (*plan)->run(**cpu, 1, &reports) : (*plan)->runForward(**cpu, 1, &reports);
    if (e) {
      error = llvm::toString(std::move(e));
      return nullptr;
    }
    return std::move(*plan);
  };
  // Both runs of a set; false (and `error`) when one fails.
  auto runBoth = [&](InputSet &set, std::string &error) {
    std::unique_ptr<LaunchPlan> full = referenceRun(set.rc.spec, true, error);
    if (!full)
      return false;
    std::unique_ptr<LaunchPlan> forward = referenceRun(set.rc.spec, false, error);
    if (!forward)
      return false;
    set.full = full->hasBackward() ? std::move(full) : nullptr;
    set.forward = std::move(forward);
    return true;
  };
  // The JIT must reproduce the record's own reference on its spec.
  {
    std::string error;
    std::optional<Mismatch> m;
    bool ran = runBoth(stored, error);
    if (ran)
      m = compareWithReference(stored.full ? *stored.full : *stored.forward, *reference,
                               bool(stored.full), error);
    if (!ran || m || !error.empty()) {
      stored.forward = stored.full = nullptr;
      note = "only the record's spec: the JIT does not reproduce the record's reference (" +
             (m ? m->text() : error) + "; a dataset of another kdsl?)";
      return sets;
    }
  }
  // (sets grows below: no reference into it.)
  const json::Value storedSpec = stored.rc.spec;
  const std::vector<KernelInfo> recordKernelInfos = stored.rc.kernels;
  uint64_t storedNonFinite = nonFiniteIn(*reference);
  uint64_t base =
      mix(mix(mix(0x6b64736c73636f72ull, uint64_t(record.getInteger("seed").value_or(0))),
              uint64_t(record.getInteger("id").value_or(0))),
          uint64_t(record.getInteger("attempt").value_or(0)));
  constexpr unsigned kTries = 8;
  for (unsigned k = 1; k <= extra; ++k)
    for (unsigned attempt = 0; attempt < kTries; ++attempt) {
      uint64_t seed = mix(mix(base, k), attempt);
      bool changed = false;
      DrawKind kind = attempt >= kTries / 2 ? DrawKind::Plain
                      : k % 3 == 1          ? DrawKind::Zeros
                      : k % 3 == 2          ? DrawKind::Wide
                                            : DrawKind::Plain;
      auto drawn =
          perturbSpec(storedSpec, recordKernelInfos, seed, changed, kind, /*fillWritten=*/true);
      if (!drawn)
        return drawn.takeError();
      if (!changed)
        return sets; // no float input: nothing to draw
      InputSet set;
      set.number = unsigned(sets.size());
      set.seed = seed;
      set.rc.spec = std::move(*drawn);
      set.rc.kernels = recordKernelInfos;
      std::string error;
      if (!runBoth(set, error))
        continue;
      uint64_t nonFinite = 0;
      set.reference =
          resultsLike(set.full ? *set.full : *set.forward, *reference, nonFinite, error);
      if (!error.empty() || (nonFinite > 0 && storedNonFinite == 0))
        continue;
      sets.push_back(std::move(set));
      break;
    }
  return sets;
}
