//===- Score.cpp - kdsl-synth score: model outputs against records ---------===//
//
// Each candidate (a record id, a target field, a text) replaces that field
// of its record. The scorer is built against an adversary, a model that is
// rewarded for `pass`:
//   - the candidate runs in a fresh process that holds no expected value and
//     writes no verdict (Sandbox.h): it returns the raw final bytes of every
//     array and gradient, which this process checks for size and compares
//     with its own reference runs (ScoreInputs.h);
//   - the whole state is compared, not only the outputs: an input the
//     candidate wrote is a wrong output too;
//   - the input sets include drawn ones whose output arrays start as a drawn
//     value, so writing nothing or a constant does not match;
//   - the candidate compiles with no file system and no preprocessor
//     directive, and links only libm-like symbols;
//   - forward targets are compiled without the record's backward text (no
//     reference code to call); a backward target gets the record's forward,
//     whose outputs are not what it is judged on.
//
//===----------------------------------------------------------------------===//
#include "Sandbox.h"
#include "ScoreInputs.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Synth/Dataset/Records.h"
#include "kdsl/Synth/Score/Score.h"
#include "kdsl/Synth/Validation/Record.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>
#include <map>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

namespace {
json::Object verdict(llvm::StringRef kind) { return json::Object{{"verdict", kind}}; }

/// A number as JSON has one: a non-finite value as the string "nan", "inf"
/// or "-inf".
json::Value jsonNumber(double v) {
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  return v;
}

/// The unit a candidate is compiled as, in a namespace: the record's types,
/// then for a backward target the record's forward, then the candidate (and
/// the CUDA host launchers for CUDA C).
std::string candidateUnit(const json::Object &record, llvm::StringRef target, llvm::StringRef text,
                          bool cuda, bool backward) {
  std::string lang = cuda ? "cuda" : "cpp";
  std::string body = "namespace kdsl_candidate {\n";
  body += record.getString(lang + "_types").value_or("").str() + "\n";
  if (backward)
    body += record.getString(lang + "_forward").value_or("").str() + "\n";
  body += text.str() + "\n";
  if (cuda)
    for (const std::string &kernel : recordKernels(record))
      body += cudaHostLaunchers(kernel, backward);
  body += "}\n";
  return body;
}

/// A fresh plan of `set`'s spec (inputs as drawn, nothing run).
std::unique_ptr<LaunchPlan> freshPlan(const InputSet &set, std::string &error) {
  auto plan = LaunchPlan::create(set.rc.spec, set.rc.kernels);
  if (!plan) {
    error = llvm::toString(plan.takeError());
    return nullptr;
  }
  return std::move(*plan);
}

std::string setName(const InputSet &set, size_t numSets) {
  return set.number == 0 ? llvm::formatv("input set 0 of {0}: the record's spec", numSets).str()
                         : llvm::formatv("input set {0} of {1}: drawn, seed {2:x16}", set.number,
                                         numSets, set.seed)
                               .str();
}

/// Compares what the sandbox returned for `set` with the reference: the
/// first difference, or none. `error` when the two cannot be compared.
std::optional<Mismatch> judgeSet(const InputSet &set, const SandboxSet &result, bool backward,
                                 std::string &error) {
  std::unique_ptr<LaunchPlan> got = freshPlan(set, error);
  if (!got)
    return std::nullopt;
  auto load = [](llvm::ArrayRef<std::unique_ptr<HostArray>> into,
                 const std::vector<std::string> &bytes) {
    for (auto [a, b] : llvm::zip(into, bytes))
      std::memcpy(a->data(), b.data(), std::min<uint64_t>(a->byteSize(), b.size()));
  };
  load(got->allArrays(), result.arrays);
  load(got->allGrads(), result.grads);
  std::vector<std::string> names = arrayNames(*got);
  std::vector<bool> isOutput(names.size(), false);
  if (const json::Array *outputs = set.reference.getArray("outputs"))
    for (const json::Value &o : *outputs)
      if (auto name = o.getAsObject() ? o.getAsObject()->getString("name") : std::nullopt)
        for (size_t k = 0; k < names.size(); ++k)
          isOutput[k] = isOutput[k] || names[k] == *name;
  if (const LaunchPlan *expected = backward && set.full ? set.full.get() : set.forward.get())
    return compareStates(*expected, *got, backward, names, isOutput);
  // A record the JIT does not reproduce: its listed outputs, and every other
  // array as it was before the run.
  if (auto m = compareWithReference(*got, set.reference, backward, error); m || !error.empty())
    return m;
  std::unique_ptr<LaunchPlan> initial = freshPlan(set, error);
  if (!initial)
    return std::nullopt;
  for (size_t k = 0; k < names.size(); ++k)
    if (isOutput[k]) // compared above
      std::memcpy(initial->allArrays()[k]->data(), got->allArrays()[k]->data(),
                  got->allArrays()[k]->byteSize());
  return compareStates(*initial, *got, false, names, isOutput);
}

json::Object wrongOutput(const Mismatch &m, const InputSet &set, size_t numSets) {
  json::Object v = verdict("wrong_output");
  v["mismatch"] = json::Object{{"what", m.what},           {"array", m.array},
                               {"index", m.index},         {"expected", jsonNumber(m.expected)},
                               {"got", jsonNumber(m.got)}, {"input_set", int64_t(set.number)}};
  std::string text = m.what == "input"
                         ? llvm::formatv("input '{0}' changed at index {1}: it was {2:g}, the "
                                         "candidate left {3:g}",
                                         m.array, m.index, m.expected, m.got)
                               .str()
                         : m.text();
  v["message"] = text + " (" + setName(set, numSets) + ")";
  return v;
}

llvm::Expected<json::Object> scoreCandidate(const json::Object &record, llvm::StringRef target,
                                            llvm::StringRef text, const std::vector<InputSet> &sets,
                                            const ScoreLimits &limits) {
  if (!llvm::is_contained({"cpp_forward", "cpp_backward", "cuda_forward", "cuda_backward"}, target))
    return llvm::createStringError("unknown target '" + target.str() + "'");
  bool cuda = target.starts_with("cuda_"), backward = target.ends_with("_backward");
  if (std::optional<std::string> use = forbiddenConstruct(text, limits.allowInlineAsm)) {
    json::Object v = verdict("compile_error");
    v["message"] = "candidate:" + *use +
                   ": a candidate may not use the preprocessor or inline assembly (it is "
                   "compiled after the prelude, with no file system)";
    return v;
  }
  SandboxJob job;
  job.cuda = cuda;
  job.backward = backward;
  job.unit = candidateUnit(record, target, text, cuda, backward);
  std::string kernel = record.getString("kernel_name").value_or("").str();
  job.kernels = recordKernels(record);
  for (const std::string &k : job.kernels) {
    job.symbols.push_back(k + "_cpu_forward");
    if (backward)
      job.symbols.push_back(k + "_cpu_backward");
  }
  job.source = record.getString("source").value_or("").str();
  job.kernel = kernel;
  job.cpuSeconds = limits.cpuSeconds;
  job.compileBytes = limits.compileBytes;
  job.runBytes = limits.runBytes;
  std::vector<SetLayout> layouts;
  for (const InputSet &set : sets) {
    job.specs.push_back(set.rc.spec);
    std::string error;
    std::unique_ptr<LaunchPlan> plan = freshPlan(set, error);
    if (!plan)
      return llvm::createStringError("input set " + std::to_string(set.number) + ": " + error);
    SetLayout layout;
    for (const auto &a : plan->allArrays())
      layout.arrays.push_back(a->byteSize());
    for (const auto &g : plan->allGrads())
      layout.grads.push_back(g->byteSize());
    layouts.push_back(std::move(layout));
  }
  auto pch =
      precompiledPrelude(cppPrelude(), cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp,
                         /*checked=*/true);
  if (!pch)
    return pch.takeError();
  SandboxOutcome outcome = runInSandbox(job, *pch, layouts, limits.wallSeconds);
  if (outcome.kind == SandboxOutcome::Kind::CompileError) {
    json::Object v = verdict("compile_error");
    v["message"] = outcome.message;
    return v;
  }
  // The sets it reported, in order: the first that differs decides.
  for (size_t k = 0; k < outcome.sets.size() && k < sets.size(); ++k) {
    const SandboxSet &result = outcome.sets[k];
    if (!result.ran) {
      json::Object v = verdict("runtime_fault");
      v["message"] = result.error + " (" + setName(sets[k], sets.size()) + ")";
      v["input_set"] = int64_t(sets[k].number);
      return v;
    }
    std::string error;
    std::optional<Mismatch> m = judgeSet(sets[k], result, backward, error);
    if (!error.empty())
      return llvm::createStringError("input set " + std::to_string(k) + ": " + error);
    if (m)
      return wrongOutput(*m, sets[k], sets.size());
  }
  switch (outcome.kind) {
  case SandboxOutcome::Kind::Finished: {
    json::Object pass = verdict("pass");
    pass["input_sets"] = int64_t(sets.size());
    return pass;
  }
  case SandboxOutcome::Kind::Timeout: {
    json::Object v = verdict("timeout");
    v["message"] = outcome.message;
    return v;
  }
  default: {
    json::Object v = verdict("runtime_fault");
    v["message"] = outcome.message;
    if (outcome.sets.size() < sets.size())
      v["input_set"] = int64_t(sets[outcome.sets.size()].number);
    return v;
  }
  }
}

/// Whether `record`'s reference lists something to compare.
bool hasOutputs(const json::Object &record) {
  const json::Object *reference = record.getObject("reference");
  const json::Array *outputs = reference ? reference->getArray("outputs") : nullptr;
  return outputs && !outputs->empty();
}
} // namespace

llvm::Error kdsl::synth::scoreCandidates(llvm::StringRef dataset, llvm::StringRef candidates,
                                         llvm::raw_ostream &out, const ScoreLimits &limits) {
  if (!(limits.cpuSeconds > 0 && limits.cpuSeconds <= kMaxLimitSeconds))
    return llvm::createStringError(llvm::formatv("--cpu-seconds {0}: a number of seconds in (0, "
                                                 "{1:0}]",
                                                 limits.cpuSeconds, kMaxLimitSeconds)
                                       .str());
  if (!(limits.wallSeconds > 0 && limits.wallSeconds <= kMaxLimitSeconds))
    return llvm::createStringError(llvm::formatv("--timeout {0}: a number of seconds in (0, {1:0}]",
                                                 limits.wallSeconds, kMaxLimitSeconds)
                                       .str());
  std::map<int64_t, json::Object> records;
  if (llvm::Error e = readRecords(dataset, [&](json::Object &&record, llvm::StringRef) {
        if (auto id = record.getInteger("id"))
          records[*id] = std::move(record);
        return llvm::Error::success();
      }))
    return e;
  auto cbuf = readInputFile(candidates); // bounded: /dev/zero is an error
  if (!cbuf)
    return cbuf.takeError();
  mlir::DialectRegistry registry;
  registerKdslDialects(registry);
  // No thread pool: the process forks per candidate.
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  std::map<int64_t, std::vector<InputSet>> contexts;
  std::map<int64_t, std::string> notes;
  unsigned lineNo = 0;
  for (llvm::StringRef line : llvm::split((*cbuf)->getBuffer(), '\n')) {
    ++lineNo;
    if (line.trim().empty())
      continue;
    json::Object result;
    auto v = json::parse(line);
    const json::Object *c = v ? v->getAsObject() : nullptr;
    if (!v)
      llvm::consumeError(v.takeError());
    std::optional<int64_t> id = c ? c->getInteger("id") : std::nullopt;
    std::optional<llvm::StringRef> target = c ? c->getString("target") : std::nullopt;
    std::optional<llvm::StringRef> text = c ? c->getString("text") : std::nullopt;
    auto fail = [&](const std::string &why) {
      result["verdict"] = "error";
      result["message"] = why;
    };
    if (!id || !target || !text) {
      fail(llvm::formatv("{0}:{1}: not an object with id, target and text", candidates, lineNo)
               .str());
    } else if (!records.count(*id)) {
      fail("no record with id " + std::to_string(*id));
    } else if (!hasOutputs(records[*id])) {
      fail("record " + std::to_string(*id) +
           " has nothing to compare (its reference lists no "
           "outputs): no candidate can be judged against it");
    } else {
      const json::Object &record = records[*id];
      if (!contexts.count(*id)) {
        auto rc = inputSetsOf(record, ctx, limits.extraInputs, notes[*id]);
        if (!rc) {
          fail(llvm::toString(rc.takeError()));
        } else {
          contexts[*id] = std::move(*rc);
          if (!limits.dumpInputs.empty())
            for (const InputSet &set : contexts[*id]) {
              std::string path =
                  llvm::formatv("{0}/{1}-{2}.json", limits.dumpInputs, *id, set.number).str();
              std::error_code ec;
              llvm::raw_fd_ostream os(path, ec);
              if (ec)
                return llvm::createStringError(ec, "cannot write " + path);
              os << llvm::formatv("{0:2}", set.rc.spec) << "\n";
            }
        }
      }
      if (contexts.count(*id)) {
        auto verdictOf = scoreCandidate(record, *target, *text, contexts[*id], limits);
        if (!verdictOf)
          fail(llvm::toString(verdictOf.takeError()));
        else
          result = std::move(*verdictOf);
        if (!notes[*id].empty())
          result["note"] = notes[*id];
      }
    }
    if (id)
      result["id"] = *id;
    if (target)
      result["target"] = *target;
    out << llvm::formatv("{0}", json::Value(std::move(result))) << "\n";
    out.flush();
  }
  return llvm::Error::success();
}
