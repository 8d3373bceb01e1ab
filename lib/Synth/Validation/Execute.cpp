//===- Execute.cpp - run emitted C++ / CUDA C and compare ------------------===//
#include "Execute.h"

#include "kdsl/Runtime/ValueLayout.h"

#include "llvm/Support/FormatVariadic.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

std::string Mismatch::text() const {
  char buf[128];
  std::snprintf(buf, sizeof buf, "index %lld: expected %.9g, got %.9g", (long long)index, expected,
                got);
  return what + " '" + array + "' " + buf;
}

namespace {
/// One scalar of an element as a double (exact for every kind but 64-bit
/// integers beyond 2^53).
double readScalar(const char *p, ScalarKind kind) {
  auto get = [&](auto v) {
    std::memcpy(&v, p, sizeof v);
    return double(v);
  };
  switch (kind) {
  case ScalarKind::Bool:
    return *p ? 1.0 : 0.0;
  case ScalarKind::I8:
    return get(int8_t());
  case ScalarKind::I16:
    return get(int16_t());
  case ScalarKind::I32:
    return get(int32_t());
  case ScalarKind::I64:
    return get(int64_t());
  case ScalarKind::U8:
    return get(uint8_t());
  case ScalarKind::U16:
    return get(uint16_t());
  case ScalarKind::U32:
    return get(uint32_t());
  case ScalarKind::U64:
    return get(uint64_t());
  case ScalarKind::F16:
    return *loadFloatComponent(p, kind, 0);
  case ScalarKind::F32:
    return get(float());
  case ScalarKind::F64:
    return get(double());
  }
  return 0;
}

/// Whether `got` equals the reference value `expected` (read back from the
/// record's JSON, where float32 values are printed in shortest round-trip
/// form) as a scalar of `kind`.
bool same(double expected, double got, ScalarKind kind) {
  if (std::isnan(expected) || std::isnan(got))
    return std::isnan(expected) && std::isnan(got);
  if (kind == ScalarKind::F32)
    return float(expected) == float(got);
  return expected == got;
}

/// Compares the arrays of `plan` named in `list` ([{"name", "data"}]) with
/// their data; `grads` compares gradients. The first difference, if any.
std::optional<Mismatch> compareList(const LaunchPlan &plan, const json::Array *list, bool grads,
                                    std::string &error) {
  if (!list) {
    error = "the reference has no " + std::string(grads ? "grads" : "outputs");
    return std::nullopt;
  }
  for (const json::Value &entry : *list) {
    const json::Object *o = entry.getAsObject();
    std::optional<llvm::StringRef> name = o ? o->getString("name") : std::nullopt;
    const json::Array *data = o ? o->getArray("data") : nullptr;
    if (!name || !data) {
      error = "a reference entry without name or data";
      return std::nullopt;
    }
    const HostArray *a = grads ? plan.grad(*name) : plan.array(*name);
    if (!a) {
      error =
          "the run has no " + std::string(grads ? "gradient" : "array") + " '" + name->str() + "'";
      return std::nullopt;
    }
    std::vector<ScalarSlot> slots = scalarSlots(a->elemType());
    uint64_t n = uint64_t(a->numElements()) * slots.size();
    if (n != data->size()) {
      error =
          llvm::formatv("'{0}' has {1} values, the reference {2}", *name, n, data->size()).str();
      return std::nullopt;
    }
    uint64_t k = 0;
    for (int64_t e = 0; e < a->numElements(); ++e)
      for (const ScalarSlot &s : slots) {
        double expected = (*data)[k].getAsNumber().value_or(NAN);
        double got = readScalar(a->element(e) + s.offset, s.kind);
        if (!same(expected, got, s.kind))
          return Mismatch{grads ? "gradient" : "output", name->str(), int64_t(k), expected, got};
        ++k;
      }
  }
  return std::nullopt;
}
} // namespace

RunOutcome kdsl::synth::runAndCompare(CpuModule &module, const RunContext &rc,
                                      const json::Object &reference, bool backward) {
  RunOutcome out;
  auto plan = LaunchPlan::create(rc.spec, rc.kernels);
  if (!plan) {
    out.error = "spec: " + llvm::toString(plan.takeError());
    return out;
  }
  RuntimeReports reports;
  llvm::Error e = backward && (*plan)->hasBackward() ? (*plan)->run(module, 1, &reports)
                                                     : (*plan)->runForward(module, 1, &reports);
  if (e) {
    out.error = llvm::toString(std::move(e));
    return out;
  }
  out.executed = true;
  std::string error;
  out.mismatch = compareList(**plan, reference.getArray("outputs"), false, error);
  if (!out.mismatch && error.empty() && backward) {
    out.gradientMismatch = compareList(**plan, reference.getArray("grads"), true, error);
    out.mismatch = out.gradientMismatch;
  }
  if (!error.empty()) {
    out.executed = false;
    out.error = error;
    return out;
  }
  out.matched = !out.mismatch;
  return out;
}

std::optional<Mismatch> kdsl::synth::compareWithReference(const LaunchPlan &plan,
                                                          const json::Object &reference,
                                                          bool backward, std::string &error) {
  std::optional<Mismatch> m = compareList(plan, reference.getArray("outputs"), false, error);
  if (!m && error.empty() && backward)
    m = compareList(plan, reference.getArray("grads"), true, error);
  return m;
}

std::vector<std::string> kdsl::synth::arrayNames(const LaunchPlan &plan) {
  std::vector<std::string> names(plan.allArrays().size());
  for (const std::string &name : plan.outputNames())
    if (const HostArray *a = plan.array(name))
      for (auto [k, owned] : llvm::enumerate(plan.allArrays()))
        if (owned.get() == a && names[k].empty())
          names[k] = name;
  return names;
}

std::optional<Mismatch> kdsl::synth::compareStates(const LaunchPlan &expected,
                                                   const LaunchPlan &got, bool grads,
                                                   const std::vector<std::string> &names,
                                                   const std::vector<bool> &isOutput) {
  auto compare = [&](llvm::ArrayRef<std::unique_ptr<HostArray>> want,
                     llvm::ArrayRef<std::unique_ptr<HostArray>> have,
                     bool gradient) -> std::optional<Mismatch> {
    for (size_t k = 0; k < want.size() && k < have.size(); ++k) {
      const HostArray &w = *want[k], &h = *have[k];
      std::vector<ScalarSlot> slots = scalarSlots(w.elemType());
      std::string name = k < names.size() && !names[k].empty() ? names[k] : "#" + std::to_string(k);
      const char *what = gradient                             ? "gradient"
                         : k < isOutput.size() && isOutput[k] ? "output"
                                                              : "input";
      uint64_t index = 0;
      for (int64_t e = 0; e < w.numElements(); ++e)
        for (const ScalarSlot &s : slots) {
          double x = readScalar(w.element(e) + s.offset, s.kind);
          double y = readScalar(h.element(e) + s.offset, s.kind);
          if (!same(x, y, s.kind))
            return Mismatch{what, name, int64_t(index), x, y};
          ++index;
        }
    }
    return std::nullopt;
  };
  if (auto m = compare(expected.allArrays(), got.allArrays(), false))
    return m;
  if (grads)
    return compare(expected.allGrads(), got.allGrads(), true);
  return std::nullopt;
}

json::Object kdsl::synth::resultsLike(const LaunchPlan &plan, const json::Object &reference,
                                      uint64_t &nonFinite, std::string &error) {
  json::Object out;
  nonFinite = 0;
  for (bool grads : {false, true}) {
    const char *key = grads ? "grads" : "outputs";
    json::Array lists;
    if (const json::Array *list = reference.getArray(key))
      for (const json::Value &entry : *list) {
        const json::Object *o = entry.getAsObject();
        std::optional<llvm::StringRef> name = o ? o->getString("name") : std::nullopt;
        const HostArray *a = !name ? nullptr : grads ? plan.grad(*name) : plan.array(*name);
        if (!a) {
          error = "the run has no " + std::string(grads ? "gradient" : "array") + " '" +
                  name.value_or("?").str() + "'";
          return out;
        }
        json::Array data;
        for (int64_t e = 0; e < a->numElements(); ++e)
          for (const ScalarSlot &s : scalarSlots(a->elemType())) {
            double v = readScalar(a->element(e) + s.offset, s.kind);
            nonFinite += !std::isfinite(v);
            data.push_back(v);
          }
        lists.push_back(json::Object{{"name", *name}, {"data", std::move(data)}});
      }
    out[key] = std::move(lists);
  }
  return out;
}

namespace {
struct SideTable {
  std::map<std::pair<int64_t, int64_t>, std::pair<uint64_t, RunContext>> entries;
  uint64_t inserted = 0;
};
thread_local SideTable table;
constexpr uint64_t kKeep = 8192;
} // namespace

void kdsl::synth::rememberRunContext(int64_t id, int64_t attempt, RunContext rc) {
  table.entries[{id, attempt}] = {table.inserted++, std::move(rc)};
  if (table.entries.size() > kKeep)
    for (auto it = table.entries.begin(); it != table.entries.end();)
      it = it->second.first + kKeep < table.inserted ? table.entries.erase(it) : std::next(it);
}

const RunContext *kdsl::synth::findRunContext(int64_t id, int64_t attempt) {
  auto it = table.entries.find({id, attempt});
  return it == table.entries.end() ? nullptr : &it->second.second;
}

void kdsl::synth::forgetRunContext(int64_t id, int64_t attempt) {
  table.entries.erase({id, attempt});
}

namespace {
struct ExecTimes {
  static constexpr const char *kStages[] = {"device_check", "clang", "jit", "run"};
  std::atomic<int64_t> nanos[2][4] = {};
  ~ExecTimes() {
    if (!std::getenv("KDSL_SYNTH_EXEC_TIMING"))
      return;
    for (int lang = 0; lang < 2; ++lang)
      for (int s = 0; s < 4; ++s)
        std::fprintf(stderr, "kdsl-synth execution %s %-12s %8.3f s\n", lang ? "cuda" : "cpp",
                     kStages[s], double(nanos[lang][s].load()) * 1e-9);
  }
};
ExecTimes execTimes;
} // namespace

void kdsl::synth::noteExecutionTime(bool cuda, llvm::StringRef stage, double seconds) {
  for (int s = 0; s < 4; ++s)
    if (stage == ExecTimes::kStages[s])
      execTimes.nanos[cuda][s] += int64_t(seconds * 1e9);
}

bool kdsl::synth::applyTestBreak(std::string &text, bool cuda) {
  static const char *mode = std::getenv("KDSL_SYNTH_TEST_BREAK");
  if (!mode || llvm::StringRef(mode) != (cuda ? "cuda" : "cpp"))
    return false;
  // Only float additions (`const float vN = a + b;`): an index broken this
  // way would write outside the arrays of this process.
  bool changed = false;
  std::string out;
  llvm::StringRef rest(text);
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    std::string l = line.str();
    if (line.contains("const float v"))
      for (size_t pos = 0; (pos = l.find(" + ", pos)) != std::string::npos; pos += 4) {
        l.replace(pos, 3, " -  ");
        changed = true;
      }
    out += l;
    if (tail.data() != nullptr && rest.size() > line.size())
      out += "\n";
    rest = tail;
  }
  text = std::move(out);
  return changed;
}
