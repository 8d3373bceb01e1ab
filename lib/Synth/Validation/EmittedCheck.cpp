//===- EmittedCheck.cpp - records' C++ / CUDA C compiled and run ----------===//
//
// checkEmittedBatch (EmittedCheck.h): Clang's device-side check of the CUDA
// C, the C++ (or the CUDA C under the host emulation) compiled to machine
// code in one unit, and each record's texts run on its spec and compared
// with its reference (Execute.h).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Validation/EmittedCheck.h"
#include "Execute.h"
#include "kdsl/Synth/Validation/Record.h"

#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "llvm/ADT/ScopeExit.h"

#include <chrono>
#include <memory>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

namespace {
/// One record's emitted text in `lang` (types, forward, backward) with what
/// checkEmittedBatch needs to build and run it.
struct BatchEntry {
  const json::Object *record;
  int64_t id, attempt;
  std::string kernel;
  std::vector<std::string> kernels; // every kernel of the record (kernel first)
  bool hasBackward;
  const RunContext *rc;
};

/// The extern "C" symbols of a record's texts: the kernel's name and these.
constexpr const char *kEntrySuffixes[] = {"_cpu_forward", "_cpu_backward", "_cuda_kernel_forward",
                                          "_cuda_kernel_backward"};

/// A kernel's name in the batch's unit: records may name their kernels
/// alike (two `integrate_particles`), and their extern "C" entry points
/// share the unit.
std::string unitKernel(const BatchEntry &e, llvm::StringRef kernel) {
  return kernel.str() + "__r" + std::to_string(e.id);
}

/// The C++ (or CUDA C) of a record as one unit in a namespace of its own,
/// its entry points renamed to unitKernel's (by macros around it: the text
/// itself is the record's); for the CUDA host emulation, followed by the
/// CPU-ABI launchers.
std::string unitOf(const BatchEntry &e, llvm::StringRef lang, bool launchers) {
  std::string text;
  for (const std::string &k : e.kernels)
    for (const char *suffix : kEntrySuffixes)
      text += "#define " + k + suffix + " " + unitKernel(e, k) + suffix + "\n";
  text += "namespace kdsl_sample_" + std::to_string(e.id) + " {\n";
  for (const char *part : {"_types", "_forward", "_backward"})
    if (auto code = e.record->getString((lang + part).str()))
      text += code->str() + "\n";
  if (launchers)
    for (const std::string &k : e.kernels)
      text += cudaHostLaunchers(k, e.hasBackward);
  text += "}\n";
  for (const std::string &k : e.kernels)
    for (const char *suffix : kEntrySuffixes)
      text += "#undef " + k + suffix + "\n";
  return text;
}

std::vector<std::string> symbolsOf(const BatchEntry &e) {
  std::vector<std::string> out;
  for (const std::string &k : e.kernels) {
    out.push_back(unitKernel(e, k) + "_cpu_forward");
    if (e.hasBackward)
      out.push_back(unitKernel(e, k) + "_cpu_backward");
  }
  return out;
}

/// The record's run context for the unit's names (unitKernel).
RunContext unitRunContext(const BatchEntry &e) {
  RunContext rc = *e.rc;
  for (KernelInfo &k : rc.kernels)
    if (llvm::is_contained(e.kernels, k.name))
      k.name = unitKernel(e, k.name);
  if (llvm::json::Object *o = rc.spec.getAsObject()) {
    if (std::optional<llvm::StringRef> k = o->getString("kernel"))
      (*o)["kernel"] = unitKernel(e, *k);
    if (llvm::json::Array *launches = o->getArray("launches"))
      for (llvm::json::Value &l : *launches)
        if (llvm::json::Object *lo = l.getAsObject())
          if (std::optional<llvm::StringRef> k = lo->getString("kernel"))
            (*lo)["kernel"] = unitKernel(e, *k);
  }
  return rc;
}

/// Sets validation.execution.<text>.<flag> of a record the caller owns
/// (checkEmittedBatch's records are the caller's, passed as const).
void setExecutionFlag(const json::Object *record, llvm::StringRef text, llvm::StringRef flag,
                      bool value) {
  auto *r = const_cast<json::Object *>(record);
  if (json::Object *v = r->getObject("validation"))
    if (json::Object *e = v->getObject("execution"))
      if (json::Object *t = e->getObject(text))
        (*t)[flag] = value;
}
} // namespace

std::vector<bool> kdsl::synth::checkEmittedBatch(llvm::ArrayRef<const json::Object *> records,
                                                 bool cuda, std::vector<std::string> &details) {
  std::string lang = cuda ? "cuda" : "cpp";
  std::vector<bool> ok(records.size(), true);
  details.assign(records.size(), "");
  if (records.empty())
    return ok;
  std::vector<BatchEntry> entries;
  for (const json::Object *r : records) {
    BatchEntry e;
    e.record = r;
    e.id = r->getInteger("id").value_or(0);
    e.attempt = r->getInteger("attempt").value_or(0);
    e.kernel = r->getString("kernel_name").value_or("").str();
    e.kernels = recordKernels(*r);
    e.hasBackward = r->getString(lang + "_backward").has_value();
    e.rc = findRunContext(e.id, e.attempt);
    entries.push_back(std::move(e));
  }

  // 1. CUDA C: Clang's device-side check (-fsyntax-only, sm_80) of the whole
  // unit; if it fails, record by record.
  if (cuda) {
    auto checkStart = std::chrono::steady_clock::now();
    llvm::scope_exit checkTimer([&] {
      noteExecutionTime(
          true, "device_check",
          std::chrono::duration<double>(std::chrono::steady_clock::now() - checkStart).count());
    });
    auto check = [&](const std::string &body, std::string &detail) {
      llvm::Error e =
          verifyEmittedAfterPrelude(cppPrelude(), body, EmittedLanguage::Cuda, "batch.cu");
      if (!e)
        return true;
      detail = llvm::toString(std::move(e));
      return false;
    };
    std::string all, detail;
    for (const BatchEntry &e : entries)
      all += unitOf(e, lang, false);
    if (!check(all, detail))
      for (auto [i, e] : llvm::enumerate(entries))
        ok[i] = check(unitOf(e, lang, false), details[i]);
  }

  // 2. The C++ (or the CUDA C under the host emulation) compiled to machine
  // code: one unit for the records still in, then record by record if it
  // fails. For C++ this is also the Clang check (-Wall -Wextra, a warning
  // fails it).
  EmittedLanguage language = cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp;
  llvm::StringRef bufferName = cuda ? "batch_host.cu" : "batch.cpp";
  std::vector<std::shared_ptr<CpuModule>> modules(entries.size());
  {
    std::string all;
    std::vector<std::string> symbols;
    for (auto [i, e] : llvm::enumerate(entries))
      if (ok[i]) {
        all += unitOf(e, lang, cuda);
        for (std::string &s : symbolsOf(e))
          symbols.push_back(std::move(s));
      }
    EmittedBuild build = buildEmittedAfterPrelude(cppPrelude(), all, language, bufferName, symbols);
    noteExecutionTime(cuda, "clang", build.clangSeconds);
    noteExecutionTime(cuda, "jit", build.jitSeconds);
    if (build.module) {
      std::shared_ptr<CpuModule> shared(std::move(build.module));
      for (size_t i = 0; i < entries.size(); ++i)
        if (ok[i])
          modules[i] = shared;
    } else {
      for (auto [i, e] : llvm::enumerate(entries)) {
        if (!ok[i])
          continue;
        EmittedBuild one = buildEmittedAfterPrelude(cppPrelude(), unitOf(e, lang, cuda), language,
                                                    bufferName, symbolsOf(e));
        if (one.module) {
          modules[i] = std::move(one.module);
        } else {
          ok[i] = false;
          details[i] = (cuda ? "the CUDA C under the host emulation: " : "") + one.diagnostics;
        }
      }
    }
  }

  // 3. Each record's texts run on its spec, compared with its reference.
  for (auto [i, e] : llvm::enumerate(entries)) {
    if (!ok[i])
      continue;
    std::string fwd = lang + "_forward", bwd = lang + "_backward";
    setExecutionFlag(e.record, fwd, "compiled", true);
    if (e.hasBackward)
      setExecutionFlag(e.record, bwd, "compiled", true);
    const json::Object *reference = e.record->getObject("reference");
    if (!e.rc || !reference)
      continue; // nothing to run it on (a record checked outside generate)
    auto runStart = std::chrono::steady_clock::now();
    RunOutcome run = runAndCompare(*modules[i], unitRunContext(e), *reference, e.hasBackward);
    noteExecutionTime(
        cuda, "run",
        std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count());
    std::string what = cuda ? "the CUDA C (host emulation)" : "the C++";
    if (!run.executed) {
      ok[i] = false;
      details[i] = what + " did not run: " + run.error;
      continue;
    }
    setExecutionFlag(e.record, fwd, "executed", true);
    if (e.hasBackward)
      setExecutionFlag(e.record, bwd, "executed", true);
    bool forwardOk = !run.mismatch || run.gradientMismatch;
    setExecutionFlag(e.record, fwd, "matched", forwardOk);
    if (e.hasBackward)
      setExecutionFlag(e.record, bwd, "matched", run.matched);
    if (!run.matched) {
      ok[i] = false;
      details[i] = what + " run differs from the JIT reference: " + run.mismatch->text();
    }
  }
  // The CUDA pass comes last when there is CUDA C.
  for (const BatchEntry &e : entries)
    if (cuda || !e.record->getString("cuda_forward"))
      forgetRunContext(e.id, e.attempt);
  return ok;
}
