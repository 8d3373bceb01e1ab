//===- Generate.cpp - kdsl-synth generate: the shards of a run --------------===//
//
// generateDataset (Generate.h): the run's options in run.json, the shards
// still to make, each made on a thread of its own (generation, validation in
// rounds, Clang checks, dedup within the shard) and written stats file
// first, then the manifest.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Dataset/Generate.h"
#include "Shards.h"
#include "kdsl/Synth/Validation/EmittedCheck.h"
#include "kdsl/Synth/Validation/Record.h"
#include "kdsl/Synth/Validation/StageTimes.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Target/Cpp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace {

/// The options a dataset's shards depend on (a resumed run must match).
json::Value identity(const GenerateOptions &o) {
  json::Array cats, weights;
  for (auto &c : o.categories)
    cats.push_back(c);
  for (double w : o.weights)
    weights.push_back(w);
  json::Array targets;
  if (o.sample.cpp)
    targets.push_back("cpp");
  if (o.sample.cuda)
    targets.push_back("cuda");
  if (o.sample.ptx)
    targets.push_back("ptx");
  if (o.sample.mlir)
    targets.push_back("mlir");
  return json::Object{{"count", int64_t(o.count)},          {"seed", int64_t(o.seed)},
                      {"categories", std::move(cats)},      {"weights", std::move(weights)},
                      {"shard_size", int64_t(o.shardSize)}, {"targets", std::move(targets)},
                      {"backward", o.sample.backward},      {"clang_check", o.sample.clangCheck},
                      {"ptx_arch", o.sample.ptxArch},       {"max_depth", o.gen.maxDepth},
                      {"statements", o.gen.statements},     {"launch_threads", o.gen.threads},
                      {"difficulty", o.gen.difficulty}};
}

/// A sample that passed buildSample, waiting for its round's Clang checks
/// and the shard's dedup.
struct Passed {
  std::string category;
  json::Object record;
  std::string source;
  uint64_t index;
  unsigned attempt;
};

/// Makes the shards of one `generate` run; make() runs on the pool's threads,
/// one shard each, with an MLIRContext of its own.
class ShardMaker {
public:
  ShardMaker(const GenerateOptions &opt, std::vector<std::string> categories, uint64_t total)
      : opt(opt), categories(std::move(categories)), total(total) {}

  /// Generates shard `s` and writes it (stats file, failures, the shard last).
  llvm::Error make(uint64_t s);

private:
  /// One shard in the making.
  struct Shard {
    ShardStats stats;
    std::string failedLines;
    llvm::StringSet<> seen;                           // content hashes of its accepted records
    std::vector<std::pair<uint64_t, unsigned>> retry; // index, attempt
  };
  void fail(Shard &shard, uint64_t i, unsigned attempt, const std::string &category,
            const std::string &reason, const std::string &detail, const std::string &source);
  std::vector<Passed> buildRound(Shard &shard, llvm::ArrayRef<std::pair<uint64_t, unsigned>> open,
                                 mlir::MLIRContext &ctx);
  void clangRound(Shard &shard, std::vector<Passed> &passed);
  void showProgress();

  const GenerateOptions &opt;
  std::vector<std::string> categories;
  uint64_t total;
  std::mutex mutex;
  std::atomic<uint64_t> done{0}, failed{0};
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

void ShardMaker::fail(Shard &shard, uint64_t i, unsigned attempt, const std::string &category,
                      const std::string &reason, const std::string &detail,
                      const std::string &source) {
  ++shard.stats.failures[reason];
  ++failed;
  if (opt.keepFailed)
    shard.failedLines += toText(json::Object{{"id", int64_t(i)},
                                             {"attempt", int64_t(attempt)},
                                             {"category", category},
                                             {"failure", reason},
                                             {"detail", detail},
                                             {"source", source}}) +
                         "\n";
}

void ShardMaker::showProgress() {
  std::lock_guard<std::mutex> lock(mutex);
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double rate = secs > 0 ? double(done) / secs : 0;
  llvm::errs() << llvm::formatv("\rkdsl-synth: {0}/{1} samples, {2:f1}/s, ETA {3:f0} s, {4} "
                                "failed   ",
                                uint64_t(done), total, rate,
                                rate > 0 && total > done ? double(total - done) / rate : 0.0,
                                uint64_t(failed));
}

/// Generates and builds the open (index, attempt) pairs, in batches: one JIT
/// compile for a batch's CPU runs. Failures go to the retry list.
std::vector<Passed> ShardMaker::buildRound(Shard &shard,
                                           llvm::ArrayRef<std::pair<uint64_t, unsigned>> open,
                                           mlir::MLIRContext &ctx) {
  SampleOptions sampleOptions = opt.sample;
  sampleOptions.deferClangCheck = true;
  std::vector<Passed> passed;
  constexpr size_t kBatch = 16;
  for (size_t b = 0; b < open.size(); b += kBatch) {
    // Reserved: a Program is copied, not moved, when the vector grows
    // (json::Value's move constructor is not noexcept).
    std::vector<Program> programs;
    programs.reserve(kBatch);
    std::vector<uint64_t> indices;
    std::vector<unsigned> attempts;
    for (size_t k = b; k < std::min(open.size(), b + kBatch); ++k) {
      auto [i, attempt] = open[k];
      StageScope timer(Stage::Generate);
      programs.push_back(generateProgram(programSeed(opt.seed, attempt), i,
                                         pickCategory(opt.seed, i, categories, opt.weights),
                                         opt.gen, &ctx));
      indices.push_back(i);
      attempts.push_back(attempt);
    }
    std::vector<SampleResult> results =
        buildSamples(programs, indices, opt.seed, sampleOptions, ctx, attempts);
    for (auto [p, i, attempt, r] : llvm::zip(programs, indices, attempts, results)) {
      ++shard.stats.attempts;
      if (r.ok) {
        setMotif(r.record, p);
        passed.push_back({p.category, std::move(r.record), p.source, i, attempt});
      } else {
        fail(shard, i, attempt, p.category, r.failure, r.detail, p.source);
        shard.retry.push_back({i, attempt});
      }
    }
    done += programs.size();
    if (opt.progress)
      showProgress();
  }
  return passed;
}

/// The Clang checks of a round: one translation unit per language.
void ShardMaker::clangRound(Shard &shard, std::vector<Passed> &passed) {
  for (bool cuda : {false, true}) {
    if (!opt.sample.clangCheck || (cuda ? !opt.sample.cuda : !opt.sample.cpp))
      continue;
    std::vector<const json::Object *> records;
    for (Passed &p : passed)
      records.push_back(&p.record);
    std::vector<std::string> details;
    std::vector<bool> ok;
    {
      StageScope timer(cuda ? Stage::ClangCuda : Stage::ClangCpp);
      ok = checkEmittedBatch(records, cuda, details);
    }
    std::vector<Passed> kept;
    for (auto [k, p] : llvm::enumerate(passed)) {
      if (!ok[k]) {
        fail(shard, p.index, p.attempt, p.category, cuda ? "clang_cuda" : "clang_cpp", details[k],
             p.source);
        shard.retry.push_back({p.index, p.attempt});
        continue;
      }
      (*p.record.getObject("validation"))[cuda ? "clang_cuda" : "clang_cpp"] = true;
      kept.push_back(std::move(p));
    }
    passed = std::move(kept);
  }
}

llvm::Error ShardMaker::make(uint64_t s) {
  mlir::DialectRegistry registry;
  registerKdslDialects(registry);
  registerGpuTargets(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  Shard shard;
  uint64_t first = s * opt.shardSize, last = std::min(opt.count, first + opt.shardSize);
  shard.stats.indices = int64_t(last - first);
  // Every index gets attempts 0, 1, ... (programSeed) until one passes
  // validation and duplicates no accepted record of the shard: rounds of
  // the indices still open, in index order.
  std::vector<std::pair<uint64_t, unsigned>> open; // index, attempt
  for (uint64_t i = first; i < last; ++i)
    open.push_back({i, 0});
  std::map<uint64_t, Passed> accepted;
  while (!open.empty()) {
    shard.retry.clear();
    std::vector<Passed> passed = buildRound(shard, open, ctx);
    clangRound(shard, passed);
    // Dedup (by content_hash) against the shard's accepted records, in
    // index order.
    for (Passed &p : passed) {
      std::string hash = p.record.getString("content_hash")->str();
      if (!shard.seen.insert(hash).second) {
        ++shard.stats.duplicates;
        shard.retry.push_back({p.index, p.attempt});
        continue;
      }
      uint64_t i = p.index;
      accepted.emplace(i, std::move(p));
    }
    open.clear();
    llvm::sort(shard.retry);
    for (auto [i, attempt] : shard.retry) {
      if (attempt + 1 < kMaxAttempts)
        open.push_back({i, attempt + 1});
      else
        ++shard.stats.unfilled;
    }
  }
  std::string lines;
  for (auto &[i, p] : accepted) {
    ++shard.stats.perSplit[p.record.getString("split").value_or("?").str()];
    lines += recordText(json::Value(std::move(p.record))) + "\n";
    ++shard.stats.written;
    ++shard.stats.perCategory[p.category];
  }
  shard.stats.bytes = int64_t(lines.size());
  shard.stats.xxh3 = contentHash(lines);
  // Stats and failures first, the shard last: the shard marks completion.
  StageScope writeTimer(Stage::Write);
  llvm::Error e =
      writeFileAtomically(pathIn(opt.dir, shardName(s, "stats")), toText(shard.stats.toJSON()));
  if (!e && opt.keepFailed)
    e = writeFileAtomically(pathIn(opt.dir, shardName(s, "failed")), shard.failedLines);
  if (!e)
    e = writeFileAtomically(pathIn(opt.dir, shardName(s, "jsonl")), lines);
  return e;
}

/// Creates the dataset directory (or checks that its run.json holds these
/// options) and returns the shards of this process still to make: missing,
/// or not holding what their stats files record.
llvm::Expected<std::vector<uint64_t>> prepareDataset(const GenerateOptions &opt,
                                                     const json::Value &id) {
  if (opt.shardSize == 0 || opt.shardCount == 0 || opt.shardIndex >= opt.shardCount)
    return llvm::createStringError("bad shard options");
  if (fs::exists(opt.dir) && !fs::is_directory(opt.dir))
    return llvm::createStringError(opt.dir + " exists and is not a directory");
  if (auto ec = fs::create_directories(opt.dir))
    return llvm::createStringError(ec, "cannot create " + opt.dir);
  // A directory belongs to one set of options.
  std::string runPath = pathIn(opt.dir, "run.json");
  if (fs::exists(runPath)) {
    auto previous = readJSON(runPath);
    if (!previous)
      return previous.takeError();
    if (toText(*previous) != toText(id))
      return llvm::createStringError(opt.dir + " holds a dataset generated with other options (" +
                                     runPath + "); use another directory");
  } else if (auto e = writeFileAtomically(runPath, toText(id))) {
    return std::move(e);
  }
  auto layout = shardLayoutOf(id, runPath);
  if (!layout)
    return layout.takeError();
  // A shard is done when it holds what its stats file records (size, lines,
  // xxh3); any other shard of ours is made again, from scratch.
  std::vector<uint64_t> todo;
  for (uint64_t s = opt.shardIndex; s < layout->shards; s += opt.shardCount) {
    std::string file = pathIn(opt.dir, shardName(s, "jsonl"));
    if (!fs::exists(file)) {
      todo.push_back(s);
      continue;
    }
    std::string problem = shardProblem(opt.dir, s, *layout);
    if (problem.empty())
      continue;
    llvm::WithColor::note(llvm::errs(), "kdsl-synth")
        << problem << "; regenerating " << shardName(s, "jsonl") << "\n";
    todo.push_back(s);
  }
  return todo;
}

} // namespace

llvm::Error kdsl::synth::generateDataset(const GenerateOptions &opt) {
  json::Value id = identity(opt);
  auto todo = prepareDataset(opt, id);
  if (!todo)
    return todo.takeError();
  std::vector<std::string> categories = opt.categories;
  if (categories.empty())
    for (llvm::StringRef c : allCategories())
      categories.push_back(c.str());
  uint64_t total = 0;
  for (uint64_t s : *todo)
    total += std::min(opt.count, (s + 1) * opt.shardSize) - s * opt.shardSize;
  ShardMaker maker(opt, std::move(categories), total);

  std::mutex mutex;
  llvm::Error firstError = llvm::Error::success();
  auto produce = [&](uint64_t s) {
    llvm::Error e = maker.make(s);
    if (!e)
      return;
    std::lock_guard<std::mutex> lock(mutex);
    if (!firstError)
      firstError = std::move(e);
    else
      llvm::consumeError(std::move(e));
  };
  unsigned jobs = opt.jobs ? opt.jobs : llvm::hardware_concurrency().compute_thread_count();
  if (jobs <= 1) {
    for (uint64_t s : *todo)
      produce(s);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (uint64_t s : *todo)
      pool.async([&, s] { produce(s); });
    pool.wait();
  }
  if (opt.progress)
    llvm::errs() << "\n";
  if (firstError)
    return firstError;

  // Our shards must be intact now; another process's may be in the making.
  return writeManifest(opt.dir, id,
                       [&](uint64_t s) { return s % opt.shardCount == opt.shardIndex; });
}
