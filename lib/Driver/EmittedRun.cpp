//===- EmittedRun.cpp - run emitted C++ / CUDA C on a launch spec ---------===//
//
// kdsl-translate --verify-emitted --spec: the emitted text is compiled in
// process by Clang and the ORC JIT (kdsl/Target/Verify.h, the path
// kdsl-synth runs every text through), the kernels of the input are
// JIT-compiled through the driver as the reference, and both run the spec's
// launches (LaunchPlan) on one thread; every output and gradient must come
// out the same.
//
//===----------------------------------------------------------------------===//
#include "EmittedRun.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Driver/Driver.h"
#include "kdsl/Runtime/Bundle.h"
#include "kdsl/Runtime/ChildProcess.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Target/Cpp.h"
#include "kdsl/Target/Verify.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace kdsl;
using namespace kdsl::driver;

/// The plan's outputs and gradients: {"outputs": {...}, "grads": {...}}.
static json::Value resultsOf(const LaunchPlan &plan) {
  std::string text;
  raw_string_ostream os(text);
  {
    json::OStream j(os);
    j.object([&] {
      j.attributeBegin("outputs");
      plan.writeOutputs(j);
      j.attributeEnd();
      j.attributeBegin("grads");
      plan.writeGrads(j);
      j.attributeEnd();
    });
  }
  Expected<json::Value> value = json::parse(text);
  if (!value) {
    consumeError(value.takeError());
    return nullptr;
  }
  return std::move(*value);
}

static std::string print(const json::Value &v) {
  std::string text;
  raw_string_ostream os(text);
  os << v;
  return text;
}

/// The path of the first leaf where `a` and `b` differ (as printed: equal
/// texts are equal values, NaNs included), or "" if none.
static std::string firstDifference(const json::Value &a, const json::Value &b,
                                   const std::string &path, std::string &expected,
                                   std::string &got) {
  const json::Object *oa = a.getAsObject(), *ob = b.getAsObject();
  const json::Array *la = a.getAsArray(), *lb = b.getAsArray();
  if (oa && ob) {
    for (const auto &[key, value] : *oa) {
      const json::Value *other = ob->get(key);
      if (!other)
        return expected = print(value), got = "(missing)", path + "." + key.str();
      std::string d = firstDifference(value, *other, path + "." + key.str(), expected, got);
      if (!d.empty())
        return d;
    }
    return "";
  }
  if (la && lb && la->size() == lb->size()) {
    for (size_t i = 0; i < la->size(); ++i) {
      std::string d =
          firstDifference((*la)[i], (*lb)[i], path + "[" + std::to_string(i) + "]", expected, got);
      if (!d.empty())
        return d;
    }
    return "";
  }
  expected = print(a);
  got = print(b);
  return expected == got ? "" : path;
}

/// The emitted text compiled in process, with `<k>_cpu_forward` (and
/// `_backward`) for each of `kernels`.
static Expected<std::unique_ptr<CpuModule>>
buildEmitted(StringRef text, bool cuda, mlir::ModuleOp module, ArrayRef<KernelInfo> kernels) {
  // The emitted file is cppPrelude() then the kernel code; the prelude is
  // precompiled once (as kdsl-synth does) and adapts to CUDA by __CUDACC__.
  std::string prelude = cppPrelude();
  StringRef body = text;
  if (!body.consume_front(prelude))
    prelude.clear();
  std::string unit = body.str();
  std::vector<std::string> symbols;
  llvm::StringSet<> withAdjoint;
  for (KernelOp k : module.getOps<KernelOp>())
    if (std::optional<StringRef> of = adjointOf(k))
      withAdjoint.insert(*of);
  for (KernelOp k : module.getOps<KernelOp>()) {
    if (adjointOf(k))
      continue;
    std::string name = k.getSymName().str();
    bool backward = withAdjoint.contains(name);
    symbols.push_back(name + "_cpu_forward");
    if (backward)
      symbols.push_back(name + "_cpu_backward");
    // The CUDA C runs on the CPU through the host emulation's launcher.
    // A lane-dependent tile kernel in blocks whose threads wait at barriers.
    bool lanes =
        llvm::any_of(kernels, [&](const KernelInfo &i) { return i.name == name && i.lanes; });
    if (cuda)
      unit += cudaHostLaunchers(name, backward, lanes);
  }
  EmittedBuild build = buildEmittedAfterPrelude(
      prelude, unit, cuda ? EmittedLanguage::CudaHost : EmittedLanguage::Cpp,
      cuda ? "emitted_host.cu" : "emitted.cpp", symbols);
  if (!build.module)
    return createStringError(Twine("the emitted ") + (cuda ? "CUDA C (on the host)" : "C++") +
                             " does not compile and load:\n" + build.diagnostics);
  return std::move(build.module);
}

Error driver::runEmittedOnSpec(SourceMgr &sm, const CompileOptions &base, StringRef text, bool cuda,
                               StringRef specPath, std::optional<double> timeoutSeconds) {
  Expected<std::unique_ptr<MemoryBuffer>> specBuffer = readInputFile(specPath);
  if (!specBuffer)
    return specBuffer.takeError();
  Expected<json::Value> spec = parseJSONText((*specBuffer)->getBuffer(), specPath);
  if (!spec)
    return spec.takeError();

  // The reference: the same input, with the same adjoints, JIT-compiled.
  std::unique_ptr<mlir::MLIRContext> ctx = createContext(/*gpu=*/false);
  CompileOptions reference = base;
  reference.target = Target::Jit;
  reference.optimize = false;
  reference.timing = nullptr;
  mlir::OwningOpRef<mlir::ModuleOp> module = loadModule(sm, *ctx, reference);
  if (!module)
    return reported();
  if (reference.adjoints)
    if (Error e = prepareAdjoints(*module, reference.adjointOptions))
      return e;
  std::vector<KernelInfo> kernels = collectKernels(*module);
  Expected<std::unique_ptr<CpuModule>> emitted = buildEmitted(text, cuda, *module, kernels);
  if (!emitted)
    return emitted.takeError();
  reference.adjoints = false;
  CompileResult jit;
  if (Error e = lowerModule(*module, reference, jit))
    return e;

  // Each run in a child process (kdsl-run's, ChildProcess.h): a kernel that
  // faults or never ends is an error naming the launch, not a crash or a
  // hang of kdsl-translate.
  auto runOn = [&](CpuModule &cpu, StringRef which) -> Expected<json::Value> {
    auto plan = LaunchPlan::create(*spec, kernels);
    if (!plan)
      return plan.takeError();
    if (std::string problem = cuda ? gpuLaunchProblem(**plan) : ""; !problem.empty())
      return createStringError(specPath + ": the CUDA C cannot run " + problem);
    std::optional<double> timeout = timeoutSeconds ? *timeoutSeconds : (*plan)->timeout();
    if (!timeoutSeconds && !timeout)
      timeout = kDefaultSpecTimeout;
    if (timeout && *timeout <= 0)
      timeout.reset(); // --timeout 0: no limit
    Expected<ChildOutcome> outcome = runInChildProcess(
        [&] {
          RuntimeReports reports;
          json::Object payload;
          if (Error e = (*plan)->run(cpu, 1, &reports))
            payload["error"] = toString(std::move(e));
          else
            payload["result"] = resultsOf(**plan);
          return print(json::Value(std::move(payload)));
        },
        timeout);
    if (!outcome)
      return outcome.takeError();
    if (outcome->kind != ChildOutcome::Kind::Exited)
      return createStringError(
          outcome->describe(timeout, base.checkBounds, "with --check-bounds", "kdsl-translate",
                            "--timeout, the spec's \"timeout\" or the default"));
    Expected<json::Value> payload = json::parse(outcome->payload);
    if (!payload)
      return createStringError("the process that ran the " + which +
                               " sent no result: " + toString(payload.takeError()));
    const json::Object *obj = payload->getAsObject();
    if (std::optional<StringRef> error = obj ? obj->getString("error") : std::nullopt)
      return createStringError(*error);
    const json::Value *result = obj ? obj->get("result") : nullptr;
    if (!result)
      return createStringError("the process that ran the " + which + " sent no result");
    return *result;
  };
  Expected<json::Value> expected = runOn(*jit.cpu, "JIT reference");
  if (!expected)
    return createStringError("the JIT reference run failed: " + toString(expected.takeError()));
  Expected<json::Value> got = runOn(**emitted, cuda ? "emitted CUDA C" : "emitted C++");
  if (!got)
    return createStringError(Twine("the emitted ") + (cuda ? "CUDA C" : "C++") +
                             " failed on the spec: " + toString(got.takeError()));
  std::string want, have;
  std::string where = firstDifference(*expected, *got, "", want, have);
  if (!where.empty())
    return createStringError(formatv("the emitted {0} computes {1} = {2}, the JIT {3}",
                                     cuda ? "CUDA C" : "C++", StringRef(where).drop_front(), have,
                                     want)
                                 .str());
  return Error::success();
}
