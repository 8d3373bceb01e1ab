//===- Validate.cpp - kdsl-synth validate: every record rebuilt -------------===//
#include "kdsl/Synth/Dataset/Validate.h"
#include "Shards.h"
#include "Verify.h"
#include "kdsl/Synth/Dataset/Generate.h"
#include "kdsl/Synth/Validation/Record.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Target/Cpp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <mutex>

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;

/// GenerateOptions from a dataset's run.json (what its records depend on).
static llvm::Expected<GenerateOptions> optionsOf(llvm::StringRef dir) {
  auto run = readJSON(pathIn(dir, "run.json"));
  if (!run)
    return run.takeError();
  const json::Object *o = run->getAsObject();
  if (!o)
    return llvm::createStringError("bad run.json in " + dir);
  GenerateOptions g;
  g.seed = o->getInteger("seed").value_or(1);
  g.gen.maxDepth = o->getInteger("max_depth").value_or(3);
  g.gen.statements = o->getInteger("statements").value_or(3);
  g.gen.threads = o->getInteger("launch_threads").value_or(8);
  g.gen.difficulty = o->getString("difficulty").value_or("").str();
  g.sample.backward = o->getBoolean("backward").value_or(true);
  g.sample.clangCheck = o->getBoolean("clang_check").value_or(true);
  g.sample.ptxArch = o->getString("ptx_arch").value_or("sm_80").str();
  g.sample.cpp = g.sample.cuda = g.sample.ptx = g.sample.mlir = false;
  if (const json::Array *t = o->getArray("targets"))
    for (const json::Value &v : *t) {
      llvm::StringRef name = v.getAsString().value_or("");
      g.sample.cpp |= name == "cpp";
      g.sample.cuda |= name == "cuda";
      g.sample.ptx |= name == "ptx";
      g.sample.mlir |= name == "mlir";
    }
  // The PTX is checked by ptxas as generate checks it (validation.ptxas).
  if (g.sample.ptx)
    g.sample.ptxas = findPtxas();
  return g;
}

llvm::Expected<json::Value>
kdsl::synth::validateDataset(llvm::StringRef dir, unsigned jobs,
                             llvm::function_ref<void(const std::string &)> report) {
  auto opt = optionsOf(dir);
  if (!opt)
    return opt.takeError();
  // The directory's integrity first (missing, extra or duplicated records,
  // truncation, stats files, manifest); a shard whose bytes differ from the
  // recorded hash is rebuilt record by record to say which record changed.
  auto dataset = verifyDataset(dir, VerifyOptions{/*requireManifest=*/true, /*hashFatal=*/false});
  if (!dataset)
    return dataset.takeError();
  std::mutex mutex;
  int64_t records = 0, mismatches = 0;
  std::string first;
  auto mismatch = [&](const std::string &problem, const std::string &at) {
    // With the lock held.
    if (mismatches++ == 0)
      first = problem;
    if (report)
      report(at.empty() ? problem : at + ": " + problem);
  };
  auto check = [&](const VerifiedShard &shard) {
    const std::string &file = shard.path;
    mlir::DialectRegistry registry;
    registerKdslDialects(registry);
    registerGpuTargets(registry);
    mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
    ctx.loadAllAvailableDialects();
    auto buf = readInputFile(file);
    llvm::SmallVector<llvm::StringRef> rows;
    if (buf)
      (*buf)->getBuffer().split(rows, '\n', -1, false);
    else
      llvm::consumeError(buf.takeError()); // verified before: the shard's bytes were read
    int64_t here = 0;
    for (auto [line, row] : llvm::enumerate(rows)) {
      std::string problem;
      auto v = parseObject(row, file, line + 1);
      if (!v) {
        problem = llvm::toString(v.takeError());
      } else {
        const json::Object *o = v->getAsObject();
        uint64_t id = o->getInteger("id").value_or(0);
        std::string cat = o->getString("category").value_or("").str();
        unsigned attempt = unsigned(o->getInteger("attempt").value_or(0));
        Program p = generateProgram(programSeed(opt->seed, attempt), id, cat, opt->gen, &ctx);
        SampleResult r = buildSample(p, opt->seed, id, opt->sample, ctx, attempt);
        if (r.ok)
          setMotif(r.record, p);
        if (!r.ok)
          problem =
              llvm::formatv("record {0} fails validation now: {1}: {2}", id, r.failure, r.detail);
        else if (recordText(json::Value(std::move(r.record))) != row)
          problem = llvm::formatv("record {0} differs from its rebuild", id);
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++records;
      if (!problem.empty()) {
        ++here;
        mismatch(problem, llvm::formatv("{0}:{1}:1", file, line + 1).str());
      }
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (here == 0 && !shard.hashProblem.empty())
      mismatch(shard.hashProblem, "");
  };
  if (jobs <= 1) {
    for (const VerifiedShard &shard : dataset->shards)
      check(shard);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (const VerifiedShard &shard : dataset->shards)
      pool.async([&, &shard = shard] { check(shard); });
    pool.wait();
  }
  return json::Object{{"records", records}, {"mismatches", mismatches}, {"first_mismatch", first}};
}
