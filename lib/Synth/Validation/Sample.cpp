//===- Sample.cpp - one verified kdsl-synth sample -------------------------===//
#include "kdsl/Synth/Validation/Sample.h"
#include "kdsl/Synth/Validation/EmittedCheck.h"
#include "kdsl/Synth/Validation/Record.h"
#include "kdsl/Synth/Validation/StageTimes.h"

#include "Execute.h"
#include "PtxasCheck.h"
#include "RecordValues.h"

#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/GradCheck.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/ValueLayout.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"
#include "kdsl/Transforms/EmissionPreparer.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cmath>

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
  return driver::translatePython(sm, ctx, {}, &os);
}

/// The module of `p`'s source: the parse generateProgram made in `ctx`
/// lowered (the source is parsed once), or, when there is none (or it was
/// lowered already: a batch built again one by one), the source translated.
OwningOpRef<ModuleOp> translate(const Program &p, MLIRContext &ctx, std::string &errors) {
  if (p.parsed && p.parsed->checked && p.parsed->ctx == &ctx) {
    StageScope timer(Stage::Frontend);
    OwningOpRef<ModuleOp> module = driver::translateParsed(*p.parsed);
    errors = p.parsed->errors;
    return module;
  }
  return translate(p.source, p.kernelName + ".py", ctx, errors);
}

/// Upstream symbol-dce in a pass manager built once per batch (one built
/// per call cost 2% of kdsl-synth's codegen time): it erases the funcs
/// nothing calls any more, directly or through other funcs. Kernels are
/// public symbols (kept, with what they reference); every func kdsl makes is
/// private (erased when nothing live references it). It fails only on an op
/// that may hold a symbol table of its own, which kdsl modules have none of.
struct FuncDCE {
  explicit FuncDCE(MLIRContext *ctx) : pm(ctx) {
    pm.enableVerifier(false);
    pm.addPass(createSymbolDCEPass());
  }
  LogicalResult run(ModuleOp module) { return pm.run(module); }
  PassManager pm;
};

/// A copy of `module` without the kernels for which `keep` is false, and
/// without the funcs the kernels left do not call (an adjoint has its calls
/// inlined). With `take`, the kernels kept are moved out of `module` instead
/// of cloned.
OwningOpRef<ModuleOp> withKernels(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep,
                                  FuncDCE &dce, bool take = false) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->cloneWithoutRegions());
  Block *body = &copy->getBodyRegion().emplaceBlock();
  OpBuilder b = OpBuilder::atBlockEnd(body);
  for (Operation &op : llvm::make_early_inc_range(module.getBody()->getOperations())) {
    auto k = dyn_cast<KernelOp>(op);
    if (k && !keep(k))
      continue;
    if (take && k)
      op.moveBefore(body, body->end());
    else
      b.clone(op);
  }
  (void)dce.run(*copy);
  return copy;
}

bool isAdjoint(KernelOp k) { return adjointOf(k).has_value(); }

/// C++ or CUDA C of `module` (prepared for both emitters: its entry points
/// are built here, or rebuilt for the other target), without the prelude.
LogicalResult emitText(ModuleOp module, bool cuda, std::string &out) {
  StageScope timer(cuda ? Stage::EmitCuda : Stage::EmitCpp);
  if (failed(buildEntryPoints(module, cuda ? "cuda" : "cpp")))
    return failure();
  llvm::raw_string_ostream os(out);
  CppEmitOptions options;
  options.target = cuda ? CppEmitOptions::Target::Cuda : CppEmitOptions::Target::Cpp;
  options.prelude = false; // records share the prelude (manifest.json)
  return emitCpp(module, os, options);
}

/// `module` without the kernels for which `keep` is false and without the
/// funcs the kernels left do not call, in place.
void keepKernels(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep, FuncDCE &dce) {
  for (KernelOp k : llvm::make_early_inc_range(module.getOps<KernelOp>()))
    if (!keep(k))
      k.erase();
  (void)dce.run(module);
}

/// Prepares `module` for the emitters (its clean-up run by `preparer`; the
/// funcs no longer called, canonicalization may fold a call away, by `dce`).
LogicalResult prepareEmittable(ModuleOp module, EmissionPreparer &preparer, FuncDCE &dce) {
  if (failed(preparer.run(module)))
    return failure();
  return dce.run(module);
}

llvm::Expected<std::string> emitPtx(ModuleOp module, llvm::function_ref<bool(KernelOp)> keep,
                                    llvm::StringRef arch, FuncDCE &dce) {
  StageScope timer(Stage::EmitPtx);
  OwningOpRef<ModuleOp> m = withKernels(module, keep, dce);
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

/// Moves the struct definitions (a line "struct NAME {" to the next "};",
/// and the blank line after it) out of `code` into `types`, each block once.
void takeStructs(std::string &code, std::string &types) {
  size_t pos = 0;
  while ((pos = code.find("struct ", pos)) != std::string::npos) {
    bool lineStart = pos == 0 || code[pos - 1] == '\n';
    size_t eol = code.find('\n', pos);
    if (!lineStart || eol == std::string::npos || code.compare(eol - 2, 2, " {") != 0) {
      pos += 7;
      continue;
    }
    size_t close = code.find("\n};\n", eol);
    if (close == std::string::npos)
      break;
    size_t end = close + 4;
    std::string block = code.substr(pos, end - pos);
    if (end < code.size() && code[end] == '\n')
      ++end;
    if (types.find(block) == std::string::npos)
      types += block + "\n";
    code.erase(pos, end - pos);
  }
}

SampleResult fail(llvm::StringRef reason, llvm::StringRef detail) {
  SampleResult r;
  r.failure = reason.str();
  r.detail = detail.str();
  return r;
}

} // namespace

namespace {
/// What a sample is before anything runs: its record so far (front end,
/// adjoint, emitted code, PTX) and the modules the CPU runs will use.
struct Prepared {
  SampleResult result;
  OwningOpRef<ModuleOp> module, twin;
  std::vector<ArgLayout> args; // the float32 program's values (ProgramLayout::values)
};

Prepared prepare(const Program &p, uint64_t seed, uint64_t index, unsigned attempt,
                 const SampleOptions &options, MLIRContext &ctx, EmissionPreparer &preparer,
                 FuncDCE &dce) {
  Prepared out;
  auto failWith = [&](llvm::StringRef reason, llvm::StringRef detail) {
    out.result = fail(reason, detail);
    return std::move(out);
  };
  std::string errors;
  OwningOpRef<ModuleOp> module = translate(p, ctx, errors);
  if (!module)
    return failWith("frontend", errors);
  json::Object record;
  record["id"] = int64_t(index);
  record["category"] = p.category;
  record["seed"] = int64_t(seed);
  record["attempt"] = int64_t(attempt);
  record["difficulty"] = int64_t(p.difficulty);
  record["kernel_name"] = p.kernelName;
  record["source"] = p.source;
  record["signature"] = signatureOf(*module, p.kernelName);
  std::vector<std::string> kernels = p.kernels;
  if (kernels.empty())
    kernels = {p.kernelName};
  if (options.mlir) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    record["mlir"] = text;
  }
  // The primal module keeps no adjoint; `full` gets it (the primal itself
  // when only the texts are asked for: nothing reads the primal after).
  OwningOpRef<ModuleOp> full = options.textsOnly ? std::move(module) : module->clone();
  if (options.backward) {
    StageScope timer(Stage::Autodiff);
    if (auto e = driver::prepareAdjoints(*full, {kernels}))
      return failWith("autodiff", llvm::toString(std::move(e)));
  }
  auto forward = [](KernelOp k) { return !isAdjoint(k); };
  auto backward = [](KernelOp k) { return isAdjoint(k); };

  // Every check has its key: true when it ran and passed, false when it did
  // not run (--no-clang-check, no ptxas, a target not asked for). A sample
  // that fails a check is not written.
  json::Object validation{{"frontend", true},
                          {"clang_cpp", false},
                          {"clang_cuda", false},
                          {"ptxas", false},
                          {"cpu_run", false}};
  // Per emitted text: compiled to machine code, executed on the spec, and
  // equal to the JIT reference (checkEmittedBatch sets them).
  json::Object execution;
  for (const char *text : {"cpp_forward", "cpp_backward", "cuda_forward", "cuda_backward"})
    execution[text] = json::Object{{"compiled", false}, {"executed", false}, {"matched", false}};
  validation["execution"] = std::move(execution);
  // The forward and the backward each in a module of its own, cleaned up
  // once for both emitters. When nothing reads `full` after (no PTX), the
  // adjoint moves out of it and the forward's module is `full` itself: no
  // copies.
  OwningOpRef<ModuleOp> fwdModule, bwdModule;
  if (options.cpp || options.cuda) {
    StageScope timer(Stage::EmitCpp);
    if (options.backward)
      bwdModule = withKernels(*full, backward, dce, /*take=*/!options.ptx);
    if (options.ptx) {
      fwdModule = withKernels(*full, forward, dce);
    } else {
      fwdModule = std::move(full);
      keepKernels(*fwdModule, forward, dce);
    }
    if (failed(prepareEmittable(*fwdModule, preparer, dce)) ||
        (bwdModule && failed(prepareEmittable(*bwdModule, preparer, dce))))
      return failWith("emit_cpp", "canonicalization failed");
    // The backward calls the forward's funcs (its replay, and adj_<f>'s
    // recomputation): the records' texts are one unit, so they are defined
    // once, with the forward.
    if (bwdModule)
      for (auto f : bwdModule->getOps<func::FuncOp>())
        if (auto twin = fwdModule->lookupSymbol<func::FuncOp>(f.getSymName());
            twin && !twin.isExternal() && !f.isExternal()) {
          f.eraseBody();
          f.setPrivate();
        }
  }
  // Each emitter's entry points are built into the modules (emitText): the
  // C++'s, then the CUDA C's in their place.
  for (bool cuda : {false, true}) {
    if (cuda ? !options.cuda : !options.cpp)
      continue;
    std::string lang = cuda ? "cuda" : "cpp";
    std::string fwd, bwd, types;
    if (failed(emitText(*fwdModule, cuda, fwd)) ||
        (options.backward && failed(emitText(*bwdModule, cuda, bwd))))
      return failWith("emit_" + lang, "");
    // The struct definitions once, in <lang>_types: types + forward +
    // backward is one unit.
    takeStructs(fwd, types);
    takeStructs(bwd, types);
    // Test-only (KDSL_SYNTH_TEST_BREAK): a broken operator the execution
    // check must catch.
    if (attempt == 0)
      applyTestBreak(fwd, cuda);
    record[lang + "_types"] = types;
    record[lang + "_forward"] = fwd;
    if (options.backward)
      record[lang + "_backward"] = bwd;
    // Without deferClangCheck, buildSamples runs the Clang checks (and the
    // runs of the compiled code) after the reference run.
  }
  if (options.ptx) {
    for (bool bwdPart : {false, true}) {
      if (bwdPart && !options.backward)
        continue;
      auto ptx = bwdPart ? emitPtx(*full, backward, options.ptxArch, dce)
                         : emitPtx(*full, forward, options.ptxArch, dce);
      if (!ptx)
        return failWith("emit_ptx", llvm::toString(ptx.takeError()));
      record[bwdPart ? "ptx_backward" : "ptx_forward"] = *ptx;
    }
    // buildSamples runs ptxas on the whole batch's PTX.
  }
  if (options.textsOnly) {
    out.result.ok = true;
    out.result.record = std::move(record);
    return out;
  }
  out.twin = translate(p.source64, p.kernelName + ".py", ctx, errors);
  if (!out.twin)
    return failWith("frontend", "float64 twin: " + errors);
  auto layout = programLayout(p.spec, collectKernels(*module));
  if (!layout)
    return failWith("cpu_run", "spec: " + llvm::toString(layout.takeError()));
  out.args = layout->values;
  auto spec = typedSpec(p.spec, *layout);
  if (!spec)
    return failWith("cpu_run", "spec: " + llvm::toString(spec.takeError()));
  record["spec"] = std::move(*spec);
  // kdsl-run's own form of the spec, runnable as it is (dim as a list).
  json::Value runSpec = p.spec;
  if (json::Object *o = runSpec.getAsObject())
    if (const json::Value *d = o->get("dim"); d && !d->getAsArray())
      (*o)["dim"] = json::Array{*d};
  record["kdsl_run_spec"] = recordText(runSpec);
  record["validation"] = std::move(validation);
  std::string hash = normalizedSourceHash(p.source);
  record["split"] = splitOf(hash);
  record["content_hash"] = hash;
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
      (*pr.result.record.getObject("validation"))["ptxas"] = true;
}

/// The name a batch's JIT module gives a symbol of its program `k`: records
/// may name their kernels and funcs alike (two `integrate_particles`), the
/// module holds all of them.
std::string batchName(llvm::StringRef name, size_t k) {
  return (name + "__" + llvm::Twine(k)).str();
}

/// Renames the kernels and the funcs with a body of `module` (a program's,
/// and its twin's) to their batchName, with their uses.
void renameForBatch(ModuleOp module, size_t k) {
  SymbolTable table(module);
  for (Operation &op : llvm::make_early_inc_range(module.getBody()->getOperations())) {
    auto f = dyn_cast<func::FuncOp>(op);
    if (!isa<KernelOp>(op) && !(f && !f.isExternal()))
      continue;
    StringAttr name = SymbolTable::getSymbolName(&op);
    (void)table.rename(&op, StringAttr::get(module.getContext(), batchName(name.getValue(), k)));
  }
}

/// The spec `spec` for the batch's name of its kernel.
json::Value batchSpec(const json::Value &spec, size_t k) {
  json::Value out = spec;
  if (json::Object *o = out.getAsObject()) {
    if (std::optional<llvm::StringRef> kernel = o->getString("kernel"))
      (*o)["kernel"] = batchName(*kernel, k);
    if (json::Array *launches = o->getArray("launches"))
      for (json::Value &l : *launches)
        if (json::Object *lo = l.getAsObject())
          if (std::optional<llvm::StringRef> kernel = lo->getString("kernel"))
            (*lo)["kernel"] = batchName(*kernel, k);
  }
  return out;
}

/// The kernels of program `p` (its first kernel alone for a program
/// generated before programs of several kernels).
std::vector<std::string> kernelsOf(const Program &p) {
  return p.kernels.empty() ? std::vector<std::string>{p.kernelName} : p.kernels;
}

/// Moves the top-level ops of `from` into `into` (their symbols are distinct).
void absorb(ModuleOp into, ModuleOp from) {
  Block *body = into.getBody();
  for (Operation &op : llvm::make_early_inc_range(from.getBody()->getOperations()))
    op.moveBefore(body, body->end());
}

/// The reference run of a prepared sample (the float32 program, forward and
/// backward, on `cpu`) and its gradients against finite differences on the
/// float64 twin: the finished record, or why the sample fails.
SampleResult runReference(Prepared &pr, LaunchPlan &plan, LaunchPlan &twin, CpuModule &cpu,
                          const SampleOptions &options, const GradCheckOptions &check) {
  json::Object &record = pr.result.record;
  std::optional<StageScope> runTimer(Stage::CpuRun);
  if (auto e = plan.run(cpu, 1))
    return fail("cpu_run", llvm::toString(std::move(e)));
  auto reference = resultsOf(plan);
  if (!reference)
    return fail("cpu_run", llvm::toString(reference.takeError()));
  runTimer.reset();
  // Flat float lists per argument, in signature order (as in the spec).
  auto outputs = flatValues(*reference->getObject("outputs"), pr.args);
  auto grads = flatValues(*reference->getObject("grads"), pr.args);
  if (!outputs || !grads) {
    std::string why = !outputs ? llvm::toString(outputs.takeError()) : "";
    if (!grads)
      why += (why.empty() ? "" : "; ") + llvm::toString(grads.takeError());
    else
      llvm::consumeError(grads.takeError());
    return fail("cpu_run", "reference: " + why);
  }
  // A backward that leaves every gradient zero teaches nothing.
  if (options.backward) {
    bool any = false;
    for (const json::Value &g : *grads)
      for (const json::Value &x : *g.getAsObject()->getArray("data"))
        any |= x.getAsNumber().value_or(0) != 0;
    if (!any)
      return fail("no_gradient", "every gradient of the reference run is zero");
  }
  record["reference"] =
      json::Object{{"outputs", std::move(*outputs)}, {"grads", std::move(*grads)}};
  (*record.getObject("validation"))["cpu_run"] = true;
  // Gradients against finite differences, on the float64 twin.
  auto gradcheck = checkedGradients(twin, cpu, check);
  if (!gradcheck)
    return fail("gradcheck", llvm::toString(gradcheck.takeError()));
  (*record.getObject("validation"))["gradcheck"] = std::move(*gradcheck);
  return std::move(pr.result);
}

/// The checks generate runs per round, on the passing `results`: Clang, then
/// the compiled C++ and CUDA C run and compared with the reference.
void checkEmittedTexts(std::vector<SampleResult> &results, const SampleOptions &options) {
  for (bool cuda : {false, true}) {
    if (cuda ? !options.cuda : !options.cpp)
      continue;
    std::vector<const json::Object *> records;
    std::vector<size_t> which;
    for (auto [k, r] : llvm::enumerate(results))
      if (r.ok) {
        records.push_back(&r.record);
        which.push_back(k);
      }
    std::vector<std::string> details;
    std::vector<bool> ok = checkEmittedBatch(records, cuda, details);
    for (auto [j, k] : llvm::enumerate(which)) {
      if (!ok[j])
        results[k] = fail(cuda ? "clang_cuda" : "clang_cpp", details[j]);
      else
        (*results[k].record.getObject("validation"))[cuda ? "clang_cuda" : "clang_cpp"] = true;
    }
  }
}
} // namespace

std::vector<SampleResult> kdsl::synth::buildSamples(llvm::ArrayRef<Program> programs,
                                                    llvm::ArrayRef<uint64_t> indices, uint64_t seed,
                                                    const SampleOptions &options, MLIRContext &ctx,
                                                    llvm::ArrayRef<unsigned> attempts) {
  auto attemptOf = [&](size_t k) { return attempts.empty() ? 0u : attempts[k]; };
  std::vector<Prepared> prepared;
  EmissionPreparer preparer(&ctx, /*verify=*/false);
  FuncDCE dce(&ctx);
  for (auto [k, p] : llvm::enumerate(programs))
    prepared.push_back(prepare(p, seed, indices[k], attemptOf(k), options, ctx, preparer, dce));
  std::vector<SampleResult> results(programs.size());
  if (options.textsOnly) {
    for (auto [k, pr] : llvm::enumerate(prepared))
      results[k] = std::move(pr.result);
    return results;
  }
  if (options.ptx && !options.ptxas.empty())
    checkPtx(prepared, options);

  // One module with every prepared sample (float32 and float64 twin), their
  // adjoints, and one JIT compile for all of it.
  OwningOpRef<ModuleOp> combined = ModuleOp::create(UnknownLoc::get(&ctx));
  std::vector<std::string> names;
  for (auto [k, pr] : llvm::enumerate(prepared)) {
    if (!pr.result.ok)
      continue;
    renameForBatch(*pr.module, k);
    renameForBatch(*pr.twin, k);
    absorb(*combined, *pr.module);
    absorb(*combined, *pr.twin);
    for (const std::string &kernel : kernelsOf(programs[k])) {
      names.push_back(batchName(kernel, k));
      names.push_back(batchName(kernel + "d", k));
    }
  }
  auto fallBack = [&]() {
    // One sample at a time, to find the culprit.
    for (size_t k = 0; k < programs.size(); ++k)
      results[k] =
          std::move(buildSamples(programs[k], indices[k], seed, options, ctx, {attemptOf(k)})[0]);
    return std::move(results);
  };
  std::optional<StageScope> autodiffTimer(Stage::Autodiff);
  if (!names.empty())
    if (auto e = driver::prepareAdjoints(*combined, {names})) {
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
    auto plan = LaunchPlan::create(batchSpec(programs[k].spec, k), kernels);
    auto twin = LaunchPlan::create(batchSpec(programs[k].spec64, k), kernels);
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
    // What checkEmittedBatch needs to run the record's C++ and CUDA C.
    if (options.clangCheck && (options.cpp || options.cuda)) {
      RunContext rc;
      rc.spec = programs[k].spec;
      // The emitted texts name the kernels as the record does.
      for (const std::string &kernel : kernelsOf(programs[k]))
        for (const KernelInfo &info : kernels)
          if (info.name == batchName(kernel, k)) {
            rc.kernels.push_back(info);
            rc.kernels.back().name = kernel;
          }
      rememberRunContext(int64_t(indices[k]), int64_t(attemptOf(k)), std::move(rc));
    }
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
  for (auto [k, pr] : llvm::enumerate(prepared))
    results[k] = pr.result.ok ? runReference(pr, *plans[k], *twins[k], **cpu, options, check)
                              : std::move(pr.result);
  if (options.clangCheck && !options.deferClangCheck)
    checkEmittedTexts(results, options);
  for (auto [k, r] : llvm::enumerate(results))
    if (!options.deferClangCheck || !r.ok)
      forgetRunContext(int64_t(indices[k]), int64_t(attemptOf(k)));
  return results;
}

SampleResult kdsl::synth::buildSample(const Program &p, uint64_t seed, uint64_t index,
                                      const SampleOptions &options, MLIRContext &ctx,
                                      unsigned attempt) {
  return std::move(buildSamples(p, index, seed, options, ctx, {attempt})[0]);
}
