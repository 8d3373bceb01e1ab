//===- Sample.cpp - one verified kdsl-synth sample -------------------------===//
#include "kdsl/Synth/Sample.h"
#include "kdsl/Synth/StageTimes.h"

#include "PtxasCheck.h"

#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

#include <regex>

using namespace kdsl;
using namespace kdsl::synth;
using namespace mlir;
namespace json = llvm::json;

namespace {

OwningOpRef<ModuleOp> translate(llvm::StringRef source, llvm::StringRef name, MLIRContext &ctx,
                                std::string &errors) {
  StageScope timer(Stage::Frontend);
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, name), llvm::SMLoc());
  llvm::raw_string_ostream os(errors);
  return translateSource(sm, ctx, {}, os);
}

/// `module` without the kernels for which `keep` is false, and without the
/// funcs nothing calls any more (an adjoint has its calls inlined).
OwningOpRef<ModuleOp> withKernels(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep) {
  OwningOpRef<ModuleOp> copy = module.clone();
  for (KernelOp k : llvm::make_early_inc_range(copy->getOps<KernelOp>()))
    if (!keep(k))
      k.erase();
  for (bool changed = true; changed;) {
    changed = false;
    for (func::FuncOp f : llvm::make_early_inc_range(copy->getOps<func::FuncOp>()))
      if (SymbolTable::symbolKnownUseEmpty(f, *copy)) {
        f.erase();
        changed = true;
      }
  }
  return copy;
}

bool isAdjoint(KernelOp k) { return adjointOf(k).has_value(); }

/// C++ or CUDA C of the kernels `keep` selects, without the prelude.
LogicalResult emitText(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep, bool cuda,
                       std::string &out) {
  StageScope timer(cuda ? Stage::EmitCuda : Stage::EmitCpp);
  OwningOpRef<ModuleOp> m = withKernels(module, keep);
  llvm::raw_string_ostream os(out);
  CppEmitOptions options;
  options.target = cuda ? CppEmitOptions::Target::Cuda : CppEmitOptions::Target::Cpp;
  options.prelude = false; // records share the prelude (manifest.json)
  options.cleanUp = false; // prepare() cleaned the module up once
  return emitCpp(*m, os, options);
}

llvm::Expected<std::string> emitPtx(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep,
                                    llvm::StringRef arch) {
  StageScope timer(Stage::EmitPtx);
  OwningOpRef<ModuleOp> m = withKernels(module, keep);
  PtxCompileOptions options;
  options.chip = arch.str();
  return compileToPtx(*m, options);
}

json::Value signatureOf(ModuleOp module, llvm::StringRef kernel) {
  json::Array args;
  for (const KernelInfo &k : collectKernels(module))
    if (k.name == kernel)
      for (auto [name, type] : llvm::zip(k.argNames, k.argTypes)) {
        std::string t;
        llvm::raw_string_ostream os(t);
        os << type;
        args.push_back(json::Object{{"name", name}, {"type", t}});
      }
  return args;
}

/// {"outputs", "grads"} of a plan after run().
llvm::Expected<json::Object> resultsOf(const LaunchPlan &plan) {
  std::string text;
  llvm::raw_string_ostream os(text);
  {
    json::OStream j(os);
    j.objectBegin();
    j.attributeBegin("outputs");
    plan.writeOutputs(j);
    j.attributeEnd();
    j.attributeBegin("grads");
    plan.writeGrads(j);
    j.attributeEnd();
    j.objectEnd();
  }
  auto parsed = json::parse(text);
  if (!parsed)
    return parsed.takeError();
  return std::move(*parsed->getAsObject());
}

/// The largest relative error of a passing gradient check, or the failure.
llvm::Expected<double> checkedGradients(LaunchPlan &plan, CpuModule &cpu, const GradCheckOptions &check) {
  StageScope timer(Stage::GradCheck);
  auto results = checkGradients(plan, cpu, 1, check);
  if (!results)
    return results.takeError();
  double maxRel = 0;
  for (const GradCheckResult &r : *results) {
    maxRel = std::max(maxRel, r.relError);
    if (r.failed)
      return llvm::createStringError(
          llvm::formatv("gradient of '{0}' component {1}: adjoint {2}, finite differences {3}",
                        r.array, r.worst, r.analytic, r.numeric)
              .str());
  }
  return maxRel;
}

SampleResult fail(llvm::StringRef reason, llvm::StringRef detail) {
  SampleResult r;
  r.failure = reason.str();
  r.detail = detail.str();
  return r;
}

} // namespace

std::string kdsl::synth::normalizedSourceHash(llvm::StringRef source, uint64_t index) {
  std::string s = source.str();
  std::string id = std::to_string(index);
  s = std::regex_replace(s, std::regex("\\bk" + id + "\\b"), "K");
  s = std::regex_replace(s, std::regex("\\bf" + id + "_"), "F_");
  s = std::regex_replace(s, std::regex("\\bS" + id + "\\b"), "S");
  s = std::regex_replace(s, std::regex("\\s+"), " ");
  return llvm::utohexstr(llvm::xxh3_64bits(s), /*LowerCase=*/true, /*Width=*/16);
}

namespace {
/// What a sample is before anything runs: its record so far (front end,
/// adjoint, emitted code, PTX) and the modules the CPU runs will use.
struct Prepared {
  SampleResult result;
  OwningOpRef<ModuleOp> module, twin;
};

Prepared prepare(const Program &p, uint64_t seed, uint64_t index, const SampleOptions &options,
                 MLIRContext &ctx) {
  Prepared out;
  auto failWith = [&](llvm::StringRef reason, llvm::StringRef detail) {
    out.result = fail(reason, detail);
    return std::move(out);
  };
  std::string errors;
  OwningOpRef<ModuleOp> module = translate(p.source, p.kernelName + ".py", ctx, errors);
  if (!module)
    return failWith("frontend", errors);
  json::Object record;
  record["id"] = int64_t(index);
  record["category"] = p.category;
  record["seed"] = int64_t(seed);
  record["kernel_name"] = p.kernelName;
  record["source"] = p.source;
  record["signature"] = signatureOf(*module, p.kernelName);
  if (options.mlir) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    record["mlir"] = text;
  }
  // The primal module keeps no adjoint; `full` gets it.
  OwningOpRef<ModuleOp> full = module->clone();
  if (options.backward) {
    StageScope timer(Stage::Autodiff);
    if (auto e = buildAdjointKernels(*full, {p.kernelName}))
      return failWith("autodiff", llvm::toString(std::move(e)));
  }
  auto forward = [](KernelOp k) { return !isAdjoint(k); };
  auto backward = [](KernelOp k) { return isAdjoint(k); };

  json::Object validation{{"frontend", true}};
  // One clean-up for the four emissions (C++ and CUDA C, forward and backward).
  OwningOpRef<ModuleOp> emittable = full->clone();
  if (options.cpp || options.cuda) {
    StageScope timer(Stage::EmitCpp);
    if (failed(cleanUpForCpp(*emittable)))
      return failWith("emit_cpp", "canonicalization failed");
  }
  for (bool cuda : {false, true}) {
    if (cuda ? !options.cuda : !options.cpp)
      continue;
    std::string lang = cuda ? "cuda" : "cpp";
    std::string fwd, bwd;
    if (failed(emitText(*emittable, forward, cuda, fwd)) ||
        (options.backward && failed(emitText(*emittable, backward, cuda, bwd))))
      return failWith("emit_" + lang, "");
    record[lang + "_forward"] = fwd;
    if (options.backward)
      record[lang + "_backward"] = bwd;
    if (options.clangCheck && !options.deferClangCheck) {
      // The same check generate runs per shard, on this record alone.
      std::vector<std::string> detail;
      if (!checkEmittedBatch({&record}, cuda, detail)[0])
        return failWith("clang_" + lang, detail[0]);
    }
    if (!options.deferClangCheck)
      validation["clang_" + lang] = options.clangCheck ? json::Value(true) : json::Value("skipped");
  }
  if (options.ptx) {
    for (bool bwdPart : {false, true}) {
      if (bwdPart && !options.backward)
        continue;
      auto ptx = bwdPart ? emitPtx(*full, backward, options.ptxArch)
                         : emitPtx(*full, forward, options.ptxArch);
      if (!ptx)
        return failWith("emit_ptx", llvm::toString(ptx.takeError()));
      record[bwdPart ? "ptx_backward" : "ptx_forward"] = *ptx;
    }
    // buildSamples runs ptxas on the whole batch's PTX.
    if (options.ptxas.empty())
      validation["ptxas"] = "skipped";
  }
  out.twin = translate(p.source64, p.kernelName + ".py", ctx, errors);
  if (!out.twin)
    return failWith("frontend", "float64 twin: " + errors);
  record["spec"] = p.spec;
  record["validation"] = std::move(validation);
  record["content_hash"] = normalizedSourceHash(p.source, index);
  record["toolchain"] = json::Object{{"kdsl", "0.1"}, {"llvm", LLVM_VERSION_STRING}};
  out.result.ok = true;
  out.result.record = std::move(record);
  out.module = std::move(module);
  return out;
}

/// ptxas on the PTX of every prepared sample, with one process.
void checkPtx(std::vector<Prepared> &prepared, const SampleOptions &options) {
  std::vector<std::string> modules;
  std::vector<size_t> owner;
  for (auto [k, pr] : llvm::enumerate(prepared))
    if (pr.result.ok)
      for (const char *key : {"ptx_forward", "ptx_backward"})
        if (auto text = pr.result.record.getString(key)) {
          modules.push_back(text->str());
          owner.push_back(k);
        }
  std::vector<std::string> complaints = checkPtxBatch(options.ptxas, modules, options.ptxArch);
  for (auto [k, complaint] : llvm::zip(owner, complaints))
    if (!complaint.empty() && prepared[k].result.ok)
      prepared[k].result = fail("ptxas", complaint);
  for (Prepared &pr : prepared)
    if (pr.result.ok)
      pr.result.record.getObject("validation")->try_emplace("ptxas", true);
}

/// Moves the top-level ops of `from` into `into` (their symbols are distinct).
void absorb(ModuleOp into, ModuleOp from) {
  Block *body = into.getBody();
  for (Operation &op : llvm::make_early_inc_range(from.getBody()->getOperations()))
    op.moveBefore(body, body->end());
}
} // namespace

std::vector<SampleResult> kdsl::synth::buildSamples(llvm::ArrayRef<Program> programs,
                                                    llvm::ArrayRef<uint64_t> indices, uint64_t seed,
                                                    const SampleOptions &options, MLIRContext &ctx) {
  std::vector<Prepared> prepared;
  for (auto [p, index] : llvm::zip(programs, indices))
    prepared.push_back(prepare(p, seed, index, options, ctx));
  std::vector<SampleResult> results(programs.size());
  if (options.ptx && !options.ptxas.empty())
    checkPtx(prepared, options);

  // One module with every prepared sample (float32 and float64 twin), their
  // adjoints, and one JIT compile for all of it.
  OwningOpRef<ModuleOp> combined = ModuleOp::create(UnknownLoc::get(&ctx));
  std::vector<std::string> names;
  for (auto [k, pr] : llvm::enumerate(prepared)) {
    if (!pr.result.ok)
      continue;
    absorb(*combined, *pr.module);
    absorb(*combined, *pr.twin);
    names.push_back(programs[k].kernelName);
    names.push_back(programs[k].kernelName + "d");
  }
  auto fallBack = [&]() {
    // One sample at a time, to find the culprit.
    for (size_t k = 0; k < programs.size(); ++k)
      results[k] = std::move(buildSamples(programs[k], indices[k], seed, options, ctx)[0]);
    return std::move(results);
  };
  std::optional<StageScope> autodiffTimer(Stage::Autodiff);
  if (!names.empty())
    if (auto e = buildAdjointKernels(*combined, names)) {
      if (programs.size() == 1) {
        results[0] = fail("autodiff", llvm::toString(std::move(e)));
        return results;
      }
      llvm::consumeError(std::move(e));
      return fallBack();
    }
  autodiffTimer.reset();
  std::vector<KernelInfo> kernels = collectKernels(*combined);
  std::vector<std::unique_ptr<LaunchPlan>> plans(programs.size()), twins(programs.size());
  for (auto [k, pr] : llvm::enumerate(prepared)) {
    if (!pr.result.ok)
      continue;
    auto plan = LaunchPlan::create(programs[k].spec, kernels);
    auto twin = LaunchPlan::create(programs[k].spec64, kernels);
    if (!plan || !twin) {
      std::string why;
      if (!plan)
        why = llvm::toString(plan.takeError());
      if (!twin) {
        std::string t = llvm::toString(twin.takeError());
        if (why.empty())
          why = t;
      }
      pr.result = fail("cpu_run", why);
      continue;
    }
    plans[k] = std::move(*plan);
    twins[k] = std::move(*twin);
  }
  // The kernels run once, on a few elements: compile fast, not for speed.
  CpuCompileOptions cpuOptions;
  cpuOptions.optimize = false;
  std::optional<StageScope> jitTimer(Stage::JitCompile);
  auto cpu = compileWithJit(*combined, cpuOptions);
  // The JIT compiles the module at its first lookup.
  if (cpu && !names.empty())
    (void)(*cpu)->lookup(names.front(), false);
  jitTimer.reset();
  if (!cpu) {
    if (programs.size() == 1) {
      results[0] = fail("cpu_run", llvm::toString(cpu.takeError()));
      return results;
    }
    llvm::consumeError(cpu.takeError());
    return fallBack();
  }
  GradCheckOptions check;
  check.rtol = options.gradRtol;
  check.atol = options.gradAtol;
  for (auto [k, pr] : llvm::enumerate(prepared)) {
    if (!pr.result.ok) {
      results[k] = std::move(pr.result);
      continue;
    }
    json::Object &record = pr.result.record;
    // The reference: the float32 program, forward and backward.
    std::optional<StageScope> runTimer(Stage::CpuRun);
    if (auto e = plans[k]->run(**cpu, 1)) {
      results[k] = fail("cpu_run", llvm::toString(std::move(e)));
      continue;
    }
    auto reference = resultsOf(*plans[k]);
    if (!reference) {
      results[k] = fail("cpu_run", llvm::toString(reference.takeError()));
      continue;
    }
    runTimer.reset();
    record["reference"] = std::move(*reference);
    record.getObject("validation")->try_emplace("cpu_run", true);
    // Gradients against finite differences, on the float64 twin.
    auto maxRel = checkedGradients(*twins[k], **cpu, check);
    if (!maxRel) {
      results[k] = fail("gradcheck", llvm::toString(maxRel.takeError()));
      continue;
    }
    record.getObject("validation")->try_emplace(
        "gradcheck", json::Object{{"max_rel_error", *maxRel}, {"rtol", options.gradRtol}});
    results[k] = std::move(pr.result);
  }
  return results;
}

SampleResult kdsl::synth::buildSample(const Program &p, uint64_t seed, uint64_t index,
                                      const SampleOptions &options, MLIRContext &ctx) {
  return std::move(buildSamples(p, index, seed, options, ctx)[0]);
}

std::vector<bool> kdsl::synth::checkEmittedBatch(llvm::ArrayRef<const json::Object *> records,
                                                 bool cuda, std::vector<std::string> &details) {
  std::string lang = cuda ? "cuda" : "cpp";
  auto unit = [&](const json::Object &r) {
    std::string id = std::to_string(r.getInteger("id").value_or(0));
    std::string text;
    for (const char *part : {"_forward", "_backward"})
      if (auto code = r.getString(lang + part))
        text += "namespace kdsl_sample_" + id + part + " {\n" + code->str() + "\n}\n";
    return text;
  };
  auto check = [&](const std::string &body, std::string &detail) {
    llvm::Error e = verifyEmittedAfterPrelude(cppPrelude(), body,
                                              cuda ? EmittedLanguage::Cuda : EmittedLanguage::Cpp,
                                              cuda ? "batch.cu" : "batch.cpp");
    if (!e)
      return true;
    detail = llvm::toString(std::move(e));
    return false;
  };
  std::vector<bool> ok(records.size(), true);
  details.assign(records.size(), "");
  std::string all;
  for (const json::Object *r : records)
    all += unit(*r);
  std::string detail;
  if (records.empty() || check(all, detail))
    return ok;
  for (auto [i, r] : llvm::enumerate(records))
    ok[i] = check(unit(*r), details[i]);
  return ok;
}
