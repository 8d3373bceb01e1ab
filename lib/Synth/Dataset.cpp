//===- Dataset.cpp - kdsl-synth datasets: shards, resume, stats ------------===//
#include "kdsl/Synth/Dataset.h"
#include "kdsl/Synth/Realism.h"
#include "kdsl/Synth/StageTimes.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Target/Cpp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <regex>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace {

std::string shardName(uint64_t s, llvm::StringRef kind) {
  return llvm::formatv("{0}-{1:d5}.{2}", kind == "failed" ? "failed" : "shard", s,
                       kind == "stats" ? "stats.json" : "jsonl")
      .str();
}

std::string pathIn(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

std::string toText(const json::Value &v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  return s;
}

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

/// A JSON object from `text`, which is line `line` of `path` (JSONL rows) or
/// all of it; errors as `path:line:col: message`.
llvm::Expected<json::Value> parseObject(llvm::StringRef text, const std::string &path,
                                        size_t line = 1) {
  auto v = parseJSONText(text, path);
  if (!v) {
    std::string message = llvm::toString(v.takeError());
    std::string first = path + ":1:";
    if (line != 1 && llvm::StringRef(message).starts_with(first))
      message = path + ":" + std::to_string(line) + ":" + message.substr(first.size());
    return llvm::createStringError(message);
  }
  if (!v->getAsObject())
    return llvm::createStringError(path + ":" + std::to_string(line) +
                                   ":1: expected a JSON object");
  return std::move(*v);
}

llvm::Expected<json::Value> readJSON(const std::string &path) {
  auto buf = readInputFile(path);
  if (!buf)
    return buf.takeError();
  return parseObject((*buf)->getBuffer(), path);
}

/// The xxh3 of a shard's bytes as it is recorded: 16 lowercase hex digits.
std::string contentHash(llvm::StringRef bytes) {
  return llvm::formatv("{0:x-16}", llvm::xxh3_64bits(bytes)).str();
}

/// A shard's stats file. Every index gets attempts until one passes
/// validation and is no duplicate (at most kMaxAttempts): `attempts` counts
/// them, `failures` (by reason) and `duplicates` count the rejected ones,
/// `unfilled` the indices left without a record.
struct ShardStats {
  int64_t indices = 0, written = 0, attempts = 0, duplicates = 0, unfilled = 0, bytes = 0;
  /// Of `duplicates`, the records merge --dedup dropped (written when not 0).
  int64_t mergeDropped = 0;
  std::string xxh3; // of the shard file's bytes
  std::map<std::string, int64_t> perCategory, failures, perSplit;
  json::Value toJSON() const {
    json::Object cats, fails, splits;
    for (auto &[k, v] : perCategory)
      cats[k] = v;
    for (auto &[k, v] : failures)
      fails[k] = v;
    for (auto &[k, v] : perSplit)
      splits[k] = v;
    json::Object o{{"indices", indices},
                   {"written", written},
                   {"attempts", attempts},
                   {"unfilled", unfilled},
                   {"duplicates", duplicates},
                   {"per_category", std::move(cats)},
                   {"per_split", std::move(splits)},
                   {"failures", std::move(fails)},
                   {"bytes", bytes},
                   {"xxh3", xxh3}};
    if (mergeDropped)
      o["merge_dropped"] = mergeDropped;
    return o;
  }
};

/// The shards of a dataset: how many, and the indices of each.
struct ShardLayout {
  uint64_t count = 0, size = 1, shards = 0;
  uint64_t first(uint64_t s) const { return s * size; }
  uint64_t end(uint64_t s) const { return std::min(count, (s + 1) * size); }
};

llvm::Expected<ShardLayout> shardLayoutOf(const json::Value &run, const std::string &runPath) {
  const json::Object *o = run.getAsObject();
  std::optional<int64_t> count = o->getInteger("count"), size = o->getInteger("shard_size");
  if (!count || *count < 0 || !size || *size <= 0)
    return llvm::createStringError(runPath + ": needs a non-negative \"count\" and a positive "
                                             "\"shard_size\"");
  ShardLayout l;
  l.count = uint64_t(*count);
  l.size = uint64_t(*size);
  l.shards = (l.count + l.size - 1) / l.size;
  return l;
}

/// A shard's stats file, read and checked for consistency on its own (the
/// counts add up to the shard's indices, the hash is well-formed).
llvm::Expected<ShardStats> readShardStats(const std::string &path, const std::string &shardPath,
                                          uint64_t indices) {
  if (!fs::exists(path))
    return llvm::createStringError(path + ": missing: " + shardPath + " has no stats file");
  auto st = readJSON(path);
  if (!st)
    return st.takeError();
  const json::Object *o = st->getAsObject();
  auto bad = [&](const llvm::Twine &why) {
    return llvm::createStringError(path + ": bad stats file: " + why);
  };
  // "no \"KEY\"" or "\"KEY\" must be WHAT, not VALUE".
  auto wrong = [&](const char *key, const char *what) {
    const json::Value *v = o->get(key);
    if (!v)
      return bad(llvm::Twine("no \"") + key + "\"" +
                 (llvm::StringRef(key) == "bytes" || llvm::StringRef(key) == "xxh3"
                      ? " (a stats file from before kdsl-synth recorded shard hashes?)"
                      : ""));
    return bad(llvm::Twine("\"") + key + "\" must be " + what + ", not " + toText(*v));
  };
  ShardStats stats;
  for (auto [key, field] : {std::pair<const char *, int64_t *>{"written", &stats.written},
                            {"indices", &stats.indices},
                            {"attempts", &stats.attempts},
                            {"unfilled", &stats.unfilled},
                            {"duplicates", &stats.duplicates},
                            {"bytes", &stats.bytes}}) {
    std::optional<int64_t> v = o->getInteger(key);
    if (!v || *v < 0)
      return wrong(key, "a non-negative integer");
    *field = *v;
  }
  if (const json::Value *v = o->get("merge_dropped")) {
    std::optional<int64_t> n = v->getAsInteger();
    if (!n || *n < 0 || *n > stats.duplicates)
      return wrong("merge_dropped", "a non-negative integer, at most \"duplicates\"");
    stats.mergeDropped = *n;
  }
  std::optional<llvm::StringRef> hash = o->getString("xxh3");
  if (!hash || hash->size() != 16 || !llvm::all_of(*hash, llvm::isHexDigit))
    return wrong("xxh3", "the shard's content hash (16 hex digits)");
  stats.xxh3 = hash->lower();
  int64_t categorized = 0, failed = 0, split = 0;
  for (auto [key, counts, sum] :
       {std::tuple<const char *, std::map<std::string, int64_t> *, int64_t *>{
            "per_category", &stats.perCategory, &categorized},
        {"per_split", &stats.perSplit, &split},
        {"failures", &stats.failures, &failed}}) {
    const json::Object *m = o->getObject(key);
    if (!m)
      return wrong(key, "an object");
    for (auto &kv : *m) {
      std::optional<int64_t> v = kv.second.getAsInteger();
      if (!v || *v < 0)
        return bad(llvm::Twine("\"") + key + "\": \"" + kv.first.str() +
                   "\" must be a non-negative integer, not " + toText(kv.second));
      (*counts)[kv.first.str()] = *v;
      *sum += *v;
    }
  }
  if (uint64_t(stats.indices) != indices)
    return bad(
        llvm::formatv("\"indices\" is {0}, but the shard has {1} indices", stats.indices, indices));
  if (categorized != stats.written)
    return bad(llvm::formatv("\"per_category\" adds up to {0}, \"written\" is {1}", categorized,
                             stats.written));
  if (split != stats.written)
    return bad(
        llvm::formatv("\"per_split\" adds up to {0}, \"written\" is {1}", split, stats.written));
  if (stats.written + stats.unfilled != stats.indices)
    return bad(llvm::formatv("written ({0}) and unfilled ({1}) do not add up to the {2} indices",
                             stats.written, stats.unfilled, stats.indices));
  if (stats.written + stats.duplicates + failed != stats.attempts)
    return bad(llvm::formatv("written ({0}), duplicates ({1}) and failures ({2}) do not add up "
                             "to the {3} attempts",
                             stats.written, stats.duplicates, failed, stats.attempts));
  return stats;
}

/// Why shard `s` of `dir` does not hold what its stats file records, or ""
/// when it does: its size, its line count and its xxh3 match. This is what a
/// resumed `generate` and the manifest rely on (the full check, record by
/// record, is verifyDataset's).
std::string shardProblem(llvm::StringRef dir, uint64_t s, const ShardLayout &layout,
                         ShardStats *statsOut = nullptr) {
  std::string path = pathIn(dir, shardName(s, "jsonl"));
  auto stats =
      readShardStats(pathIn(dir, shardName(s, "stats")), path, layout.end(s) - layout.first(s));
  if (!stats)
    return llvm::toString(stats.takeError());
  auto buf = readInputFile(path);
  if (!buf)
    return llvm::toString(buf.takeError());
  llvm::StringRef bytes = (*buf)->getBuffer();
  std::string hash = contentHash(bytes);
  if (int64_t(bytes.size()) != stats->bytes || hash != stats->xxh3 ||
      int64_t(bytes.count('\n')) != stats->written)
    return llvm::formatv("{0}: {1} bytes, {2} line ends, xxh3 {3}; its stats file records {4} "
                         "bytes, {5} records, xxh3 {6}",
                         path, bytes.size(), bytes.count('\n'), hash, stats->bytes, stats->written,
                         stats->xxh3)
        .str();
  if (statsOut)
    *statsOut = std::move(*stats);
  return "";
}

/// manifest.json for the intact shards present in `dir` (shardProblem). A
/// shard present but damaged is an error if `mustBeIntact(s)`; otherwise (a
/// shard another `--shard K/N` process owns) it is left out, with a warning.
llvm::Error writeManifest(llvm::StringRef dir, const json::Value &id,
                          llvm::function_ref<bool(uint64_t)> mustBeIntact) {
  auto layout = shardLayoutOf(id, pathIn(dir, "run.json"));
  if (!layout)
    return layout.takeError();
  uint64_t count = layout->count, size = layout->size, shards = layout->shards;
  json::Array shardList;
  int64_t samples = 0, unfilled = 0, mergeDropped = 0;
  std::map<std::string, int64_t> failures, splits;
  for (uint64_t s = 0; s < shards; ++s) {
    std::string file = shardName(s, "jsonl");
    if (!fs::exists(pathIn(dir, file)))
      continue;
    ShardStats stats;
    std::string problem = shardProblem(dir, s, *layout, &stats);
    if (!problem.empty()) {
      if (mustBeIntact(s))
        return llvm::createStringError(problem);
      llvm::WithColor::warning(llvm::errs(), "kdsl-synth")
          << "manifest.json leaves out " << file << ": " << problem << "\n";
      continue;
    }
    int64_t written = stats.written;
    samples += written;
    unfilled += stats.unfilled;
    mergeDropped += stats.mergeDropped;
    for (auto &[k, v] : stats.failures)
      failures[k] += v;
    for (auto &[k, v] : stats.perSplit)
      splits[k] += v;
    shardList.push_back(json::Object{{"file", file},
                                     {"first_index", int64_t(s * size)},
                                     {"end_index", int64_t(std::min(count, (s + 1) * size))},
                                     {"samples", written},
                                     {"bytes", stats.bytes},
                                     {"xxh3", stats.xxh3}});
  }
  json::Object fails;
  for (auto &[k, v] : failures)
    fails[k] = v;
  // Records by split (the record's "split", from its content_hash: equal
  // programs are in the same split).
  json::Object splitCounts{{"rule", "xxh3 content_hash mod 100: < 90 train, < 95 validation, "
                                    "else test"}};
  for (const char *k : {"train", "validation", "test"})
    splitCounts[k] = splits[k];
  bool complete = shardList.size() == shards;
  json::Object manifest{{"format", "kdsl-synth/1"},
                        {"record_schema", "kdsl-synth-record/2 (docs/synth-record.schema.json)"},
                        {"options", id},
                        {"shards", std::move(shardList)},
                        {"complete", complete},
                        {"samples", samples},
                        {"unfilled", unfilled},
                        {"splits", std::move(splitCounts)},
                        {"failures", std::move(fails)},
                        {"cpp_prelude", cppPrelude()}};
  // Records merge --dedup dropped (their indices count as unfilled).
  if (mergeDropped)
    manifest["merge_dropped"] = mergeDropped;
  return writeFileAtomically(pathIn(dir, "manifest.json"),
                             toText(json::Value(std::move(manifest))));
}

} // namespace

namespace {

/// The record's "motif": the motif the program was built from, null for the
/// free type-directed generator.
void setMotif(json::Object &record, const Program &p) {
  record["motif"] = p.motif.empty() ? json::Value(nullptr) : json::Value(p.motif);
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
                                         opt.gen));
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

namespace {

struct VerifyOptions {
  bool requireManifest = false; // a finished dataset: validate, merge
  bool hashFatal = true;        // validate reports a changed shard as a mismatch instead
};

struct VerifiedShard {
  uint64_t index = 0;
  std::string path;
  ShardStats stats;
  std::string hashProblem; // "" when the shard's bytes are those its stats file records
};

struct VerifiedDataset {
  json::Value run = nullptr;
  ShardLayout layout;
  std::vector<VerifiedShard> shards; // those present, in index order
};

/// The records of a shard file's bytes: complete lines, each a JSON object
/// (errors at path:line:col).
llvm::Expected<std::vector<json::Value>> readShardRecords(llvm::StringRef bytes,
                                                          const std::string &path) {
  llvm::SmallVector<llvm::StringRef> rows;
  bytes.split(rows, '\n', -1, /*KeepEmpty=*/true);
  if (rows.back().empty())
    rows.pop_back(); // the end of the last line, or an empty file
  else
    return llvm::createStringError(
        llvm::formatv("{0}:{1}:{2}: truncated: the file ends inside line {1} (no end of line)",
                      path, rows.size(), rows.back().size() + 1)
            .str());
  std::vector<json::Value> records;
  for (auto [line, row] : llvm::enumerate(rows)) {
    auto v = parseObject(row, path, line + 1);
    if (!v)
      return v.takeError();
    records.push_back(std::move(*v));
  }
  return records;
}

/// Every record has an integer id in the shard's indices [first, end),
/// increasing, none twice.
llvm::Error checkRecordIds(llvm::ArrayRef<json::Value> records, const std::string &path,
                           uint64_t first, uint64_t end) {
  auto error = [](const llvm::Twine &message) { return llvm::createStringError(message); };
  std::map<int64_t, size_t> lineOf;
  int64_t previous = -1;
  for (auto [line, record] : llvm::enumerate(records)) {
    std::string at = llvm::formatv("{0}:{1}:1: ", path, line + 1).str();
    std::optional<int64_t> id = record.getAsObject()->getInteger("id");
    if (!id)
      return error(at + "the record has no integer \"id\"");
    if (*id < int64_t(first) || *id >= int64_t(end))
      return error(at + llvm::formatv("record {0} does not belong in this shard (indices "
                                      "[{1}, {2}))",
                                      *id, first, end));
    if (auto seen = lineOf.find(*id); seen != lineOf.end())
      return error(at + llvm::formatv("record {0} duplicates line {1}", *id, seen->second));
    if (*id < previous)
      return error(at +
                   llvm::formatv("record {0} is out of order (after record {1})", *id, previous));
    lineOf[*id] = line + 1;
    previous = *id;
  }
  return llvm::Error::success();
}

/// The shard files of `dir`: shard index -> (its .jsonl, its stats file).
llvm::Expected<std::map<uint64_t, std::pair<bool, bool>>> listShardFiles(const std::string &dir) {
  std::error_code ec;
  std::map<uint64_t, std::pair<bool, bool>> found;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (!name.consume_front("shard-"))
      continue;
    llvm::StringRef digits = name.take_while(llvm::isDigit), kind = name.drop_front(digits.size());
    uint64_t s;
    if (digits.getAsInteger(10, s) || shardName(s, "jsonl") != "shard-" + digits.str() + ".jsonl") {
      // A file that looks like a shard but is not named as generate names
      // them (shard-0.jsonl beside shard-00000.jsonl): no reader may take it
      // for one, or skip it silently.
      if (kind == ".jsonl" || kind == ".stats.json" || name.ends_with(".jsonl"))
        return llvm::createStringError(pathIn(dir, llvm::sys::path::filename(it->path())) +
                                       ": not a shard of this dataset (shards are named " +
                                       shardName(0, "jsonl") + ", " + shardName(1, "jsonl") +
                                       ", ...): remove or rename it");
      continue;
    }
    if (kind == ".jsonl")
      found[s].first = true;
    else if (kind == ".stats.json")
      found[s].second = true;
  }
  if (ec)
    return llvm::createStringError(ec, "cannot list " + dir + ": " + ec.message());
  return found;
}

/// Checks a dataset directory against what `generate` recorded: every shard
/// record by record (complete lines of JSON objects, ids in the shard's
/// indices, increasing, no duplicate), against its stats file (which must be
/// there and consistent: as many records, the same size and xxh3) and against
/// manifest.json when there is one (it lists the shard with the same hash; a
/// shard it lists, or whose stats file exists, must exist). The first problem
/// is an error naming the file (path:line:col within a shard). `onRecord` sees
/// every record of the shards that pass.
llvm::Expected<VerifiedDataset>
verifyDataset(llvm::StringRef dirRef, const VerifyOptions &vo,
              llvm::function_ref<void(const json::Object &)> onRecord = nullptr) {
  std::string dir = dirRef.str();
  auto error = [](const llvm::Twine &message) { return llvm::createStringError(message); };
  VerifiedDataset result;
  // run.json gives the shards' indices; the records are checked first.
  std::string runPath = pathIn(dir, "run.json"), runError;
  std::optional<ShardLayout> layout;
  if (auto run = readJSON(runPath)) {
    result.run = std::move(*run);
    if (auto l = shardLayoutOf(result.run, runPath))
      layout = *l;
    else
      runError = llvm::toString(l.takeError());
  } else {
    runError = llvm::toString(run.takeError());
  }

  auto files = listShardFiles(dir);
  if (!files)
    return files.takeError();
  std::map<uint64_t, std::pair<bool, bool>> found = std::move(*files);

  // The manifest, when there is one: the shards it lists, by index.
  std::string manifestPath = pathIn(dir, "manifest.json");
  std::map<uint64_t, std::pair<int64_t, std::string>> listed; // samples, xxh3
  bool hasManifest = fs::exists(manifestPath);
  std::optional<int64_t> manifestTotal;
  std::optional<bool> manifestComplete;
  if (hasManifest) {
    auto m = readJSON(manifestPath);
    if (!m)
      return m.takeError();
    const json::Object *mo = m->getAsObject();
    const json::Array *entries = mo->getArray("shards");
    if (!entries)
      return error(manifestPath + ": no \"shards\" list");
    for (const json::Value &entry : *entries) {
      const json::Object *eo = entry.getAsObject();
      std::optional<llvm::StringRef> file = eo ? eo->getString("file") : std::nullopt;
      std::optional<int64_t> samples = eo ? eo->getInteger("samples") : std::nullopt;
      std::optional<llvm::StringRef> hash = eo ? eo->getString("xxh3") : std::nullopt;
      llvm::StringRef digits = file ? file->drop_front(6).take_while(llvm::isDigit) : "";
      uint64_t s;
      if (!file || !samples || !hash || !file->starts_with("shard-") ||
          digits.getAsInteger(10, s) || shardName(s, "jsonl") != *file)
        return error(manifestPath + ": bad shard entry " + toText(entry) +
                     " (needs \"file\", \"samples\" and \"xxh3\"; re-run generate to rewrite it)");
      listed[s] = {*samples, hash->str()};
      found.try_emplace(s);
    }
    if (!runError.empty())
      return error(runError);
    manifestTotal = mo->getInteger("samples");
    manifestComplete = mo->getBoolean("complete");
    const json::Value *options = mo->get("options");
    if (!options || toText(*options) != toText(result.run))
      return error(manifestPath + ": its \"options\" differ from " + runPath);
  } else if (vo.requireManifest) {
    return error(manifestPath + ": missing: the dataset is not finished (re-run the generate "
                                "command to complete it)");
  }

  int64_t manifestSamples = 0;
  for (auto &[s, present] : found) {
    std::string path = pathIn(dir, shardName(s, "jsonl"));
    std::string statsPath = pathIn(dir, shardName(s, "stats"));
    if (!present.first) {
      if (!runError.empty())
        return error(runError);
      if (s >= layout->shards)
        return error(statsPath + ": not a shard of this dataset (" + runPath + ": " +
                     std::to_string(layout->shards) + " shards)");
      return error(
          path + ": missing (" +
          (present.second ? "its stats file " + statsPath + " exists" : "manifest.json lists it") +
          "; re-running the generate command makes it again)");
    }
    auto buf = readInputFile(path);
    if (!buf)
      return error(llvm::toString(buf.takeError()));
    llvm::StringRef bytes = (*buf)->getBuffer();
    auto parsed = readShardRecords(bytes, path);
    if (!parsed)
      return parsed.takeError();
    std::vector<json::Value> records = std::move(*parsed);
    if (!runError.empty())
      return error(runError);
    if (s >= layout->shards)
      return error(path + ": not a shard of this dataset (" + runPath + ": " +
                   std::to_string(layout->shards) + " shards)");
    uint64_t first = layout->first(s), end = layout->end(s);
    if (llvm::Error e = checkRecordIds(records, path, first, end))
      return std::move(e);
    auto stats = readShardStats(statsPath, path, end - first);
    if (!stats)
      return stats.takeError();
    if (int64_t(records.size()) != stats->written)
      return error(llvm::formatv("{0}: holds {1} records, its stats file {2} records {3}: {4}",
                                 path, records.size(), statsPath, stats->written,
                                 int64_t(records.size()) < stats->written ? "records are missing"
                                                                          : "extra records"));
    VerifiedShard shard;
    shard.index = s;
    shard.path = path;
    std::string hash = contentHash(bytes);
    if (int64_t(bytes.size()) != stats->bytes || hash != stats->xxh3) {
      shard.hashProblem = llvm::formatv("{0}: {1} bytes with xxh3 {2}, its stats file records {3} "
                                        "bytes with xxh3 {4}: the shard changed after it was "
                                        "written",
                                        path, bytes.size(), hash, stats->bytes, stats->xxh3);
      if (vo.hashFatal)
        return error(shard.hashProblem);
    }
    if (auto entry = listed.find(s); entry != listed.end()) {
      if (entry->second.first != stats->written || entry->second.second != stats->xxh3)
        return error(llvm::formatv("{0}: lists {1} with {2} samples and xxh3 {3}, its stats file "
                                   "records {4} and {5}",
                                   manifestPath, shardName(s, "jsonl"), entry->second.first,
                                   entry->second.second, stats->written, stats->xxh3));
      manifestSamples += stats->written;
    }
    shard.stats = std::move(*stats);
    if (onRecord)
      for (const json::Value &record : records)
        onRecord(*record.getAsObject());
    result.shards.push_back(std::move(shard));
  }
  if (!runError.empty())
    return error(runError);
  if (hasManifest) {
    if (manifestTotal != std::optional<int64_t>(manifestSamples))
      return error(manifestPath + ": \"samples\" is not the sum of its shards' (" +
                   std::to_string(manifestSamples) + ")");
    if (manifestComplete != std::optional<bool>(listed.size() == layout->shards))
      return error(manifestPath + ": \"complete\" must be " +
                   (listed.size() == layout->shards ? "true" : "false") + ": it lists " +
                   std::to_string(listed.size()) + " of " + std::to_string(layout->shards) +
                   " shards");
  }
  result.layout = *layout;
  return result;
}

} // namespace

llvm::Expected<json::Value> kdsl::synth::datasetStats(llvm::StringRef dir) {
  std::map<std::string, int64_t> perCategory, failures, builtinUse;
  std::vector<int64_t> lines;
  llvm::StringSet<> hashes;
  int64_t samples = 0, duplicates = 0;
  static const std::regex wpCall("wp\\.([a-z_0-9]+)\\("),
      pyCall("(^|[^.\\w])(abs|min|max|round|pow|len)\\(");
  // Only an intact directory is summarized (verifyDataset).
  auto dataset = verifyDataset(dir, VerifyOptions{}, [&](const json::Object &record) {
    const json::Object *o = &record;
    ++samples;
    ++perCategory[o->getString("category").value_or("?").str()];
    if (!hashes.insert(o->getString("content_hash").value_or("")).second)
      ++duplicates;
    std::string src = o->getString("source").value_or("").str();
    lines.push_back(std::count(src.begin(), src.end(), '\n'));
    llvm::StringSet<> used;
    for (std::sregex_iterator m(src.begin(), src.end(), wpCall), e; m != e; ++m)
      used.insert((*m)[1].str());
    for (std::sregex_iterator m(src.begin(), src.end(), pyCall), e; m != e; ++m)
      used.insert((*m)[2].str());
    for (auto &u : used)
      ++builtinUse[u.getKey().str()];
  });
  if (!dataset)
    return dataset.takeError();
  for (const VerifiedShard &shard : dataset->shards) {
    for (auto &[k, v] : shard.stats.failures)
      failures[k] += v;
    duplicates += shard.stats.duplicates;
  }
  json::Object cats, fails, builtins;
  for (auto &[k, v] : perCategory)
    cats[k] = v;
  for (auto &[k, v] : failures)
    fails[k] = v;
  json::Array missing;
  int64_t known = 0, covered = 0;
#define X(id, name)                                                                                \
  ++known;                                                                                         \
  if (builtinUse.count(name)) {                                                                    \
    ++covered;                                                                                     \
    builtins[name] = builtinUse[name];                                                             \
  } else {                                                                                         \
    missing.push_back(name);                                                                       \
  }
  KDSL_BUILTINS(X)
#undef X
  std::sort(lines.begin(), lines.end());
  json::Object sizes;
  if (!lines.empty())
    sizes = json::Object{{"source_lines_min", lines.front()},
                         {"source_lines_median", lines[lines.size() / 2]},
                         {"source_lines_max", lines.back()}};
  return json::Object{{"samples", samples},
                      {"per_category", std::move(cats)},
                      {"failures", std::move(fails)},
                      {"duplicates", duplicates},
                      {"builtins_covered", covered},
                      {"builtins_known", known},
                      {"builtins_missing", std::move(missing)},
                      {"builtin_use", std::move(builtins)},
                      {"sizes", std::move(sizes)}};
}

namespace {

/// The checked inputs of a merge: the options they were generated with and,
/// per file name, the file it is copied from.
struct MergeInputs {
  json::Value id = nullptr;
  std::map<std::string, std::string> files;
};

/// Checks every source in full (verifyDataset) before anything is written:
/// they must come from one command (--shard K/N of the same options) and
/// agree on every file they both have.
llvm::Expected<MergeInputs> collectMergeInputs(llvm::ArrayRef<std::string> sources) {
  MergeInputs in;
  std::optional<json::Value> id;
  for (const std::string &dir : sources) {
    auto dataset = verifyDataset(dir, VerifyOptions{/*requireManifest=*/true, /*hashFatal=*/true});
    if (!dataset)
      return dataset.takeError();
    if (id && toText(*id) != toText(dataset->run))
      return llvm::createStringError(dir + " was generated with other options than " + sources[0]);
    id = std::move(dataset->run);
    std::vector<std::string> names;
    for (const VerifiedShard &shard : dataset->shards) {
      names.push_back(shardName(shard.index, "jsonl"));
      names.push_back(shardName(shard.index, "stats"));
      if (fs::exists(pathIn(dir, shardName(shard.index, "failed"))))
        names.push_back(shardName(shard.index, "failed"));
    }
    // Shards keep their names (their index ranges): the merge of --shard 0/N
    // ... N-1/N is the unsharded dataset.
    for (const std::string &name : names) {
      std::string from = pathIn(dir, name);
      auto [it, inserted] = in.files.try_emplace(name, from);
      if (inserted)
        continue;
      auto a = readInputFile(it->second), b = readInputFile(from);
      if (!a)
        return a.takeError();
      if (!b)
        return b.takeError();
      if ((*a)->getBuffer() != (*b)->getBuffer())
        return llvm::createStringError(from + " differs from " + it->second +
                                       ": the inputs disagree on " + name);
    }
  }
  in.id = std::move(*id);
  return in;
}

/// Subtracts `lost` from the counts of a stats file's object `key`
/// ("per_category", "per_split"), leaving out the ones that reach zero (as
/// generate writes them).
void subtractCounts(json::Object &stats, llvm::StringRef key,
                    const std::map<std::string, int64_t> &lost) {
  json::Object *counts = stats.getObject(key);
  for (auto &[name, n] : lost) {
    int64_t left = counts->getInteger(name).value_or(0) - n;
    if (left > 0)
      (*counts)[name] = left;
    else
      counts->erase(name);
  }
}

/// merge --dedup on the merged files (name -> bytes; the shards verified):
/// in index order across the shards, a record whose normalized program an
/// earlier record has is dropped, and its shard's stats file says so
/// (written - 1, unfilled + 1, duplicates + 1, merge_dropped + 1, the new
/// bytes and xxh3), so the result passes every integrity check. Returns how
/// many were dropped.
int64_t dropNormalizedDuplicates(std::map<std::string, std::string> &contents) {
  std::vector<std::pair<uint64_t, std::string>> shards;
  for (auto &entry : contents) {
    llvm::StringRef digits(entry.first);
    uint64_t s;
    if (digits.consume_front("shard-") && digits.consume_back(".jsonl") &&
        !digits.getAsInteger(10, s))
      shards.push_back({s, entry.first});
  }
  llvm::sort(shards); // by index: "shard-100000" sorts before "shard-99999" as a name
  llvm::StringSet<> seen;
  int64_t dropped = 0;
  for (auto &[s, name] : shards) {
    std::string kept;
    std::map<std::string, int64_t> lostCategories, lostSplits;
    int64_t lost = 0;
    for (llvm::StringRef line : llvm::split(contents[name], '\n')) {
      if (line.empty())
        continue;
      json::Value record = cantFail(json::parse(line)); // verifyDataset parsed it
      const json::Object *o = record.getAsObject();
      if (seen.insert(normalizedProgramHash(o->getString("source").value_or(""))).second) {
        kept += line;
        kept += '\n';
        continue;
      }
      ++lost;
      ++lostCategories[o->getString("category").value_or("?").str()];
      ++lostSplits[o->getString("split").value_or("?").str()];
    }
    if (!lost)
      continue;
    std::string &statsText = contents[shardName(s, "stats")];
    json::Value stats = cantFail(json::parse(statsText));
    json::Object &o = *stats.getAsObject();
    for (auto [key, delta] : {std::pair<const char *, int64_t>{"written", -lost},
                              {"unfilled", lost},
                              {"duplicates", lost},
                              {"merge_dropped", lost}})
      o[key] = o.getInteger(key).value_or(0) + delta;
    subtractCounts(o, "per_category", lostCategories);
    subtractCounts(o, "per_split", lostSplits);
    o["bytes"] = int64_t(kept.size());
    o["xxh3"] = contentHash(kept);
    statsText = toText(stats);
    contents[name] = std::move(kept);
    dropped += lost;
  }
  return dropped;
}

} // namespace

llvm::Expected<json::Value> kdsl::synth::mergeDatasets(llvm::ArrayRef<std::string> inputs,
                                                       llvm::StringRef outRef,
                                                       const MergeOptions &options) {
  if (inputs.empty())
    return llvm::createStringError("nothing to merge");
  llvm::SmallString<256> outPath(outRef);
  if (auto ec = fs::make_absolute(outPath))
    return llvm::createStringError(ec, "cannot resolve " + outRef + ": " + ec.message());
  std::string out(outPath);
  // An existing output directory is one more input (a merge adds to it).
  std::vector<std::string> sources(inputs.begin(), inputs.end());
  if (fs::exists(out)) {
    if (!fs::is_directory(out))
      return llvm::createStringError(out + " exists and is not a directory");
    std::error_code ec;
    if (fs::directory_iterator(out, ec) != fs::directory_iterator()) {
      if (!fs::exists(pathIn(out, "run.json")))
        return llvm::createStringError(out + " exists and is not a kdsl-synth dataset");
      sources.push_back(out);
    }
  }
  auto in = collectMergeInputs(sources);
  if (!in)
    return in.takeError();
  std::map<std::string, std::string> contents; // name -> bytes
  for (auto &[name, from] : in->files) {
    auto buf = readInputFile(from);
    if (!buf)
      return buf.takeError();
    contents[name] = (*buf)->getBuffer().str();
  }
  int64_t dropped = options.dedup ? dropNormalizedDuplicates(contents) : 0;
  // All or nothing: the merge is made in a new directory next to the output,
  // renamed into place at the end.
  llvm::SmallString<256> temp;
  if (auto ec = fs::createUniqueDirectory(out + ".tmp", temp))
    return llvm::createStringError(ec, "cannot create a directory next to " + out + ": " +
                                           ec.message());
  std::string tempDir(temp);
  auto abandon = [&](llvm::Error e) {
    fs::remove_directories(tempDir);
    return e;
  };
  if (auto e = writeFileAtomically(pathIn(tempDir, "run.json"), toText(in->id)))
    return abandon(std::move(e));
  int64_t shards = 0, records = 0;
  for (auto &[name, bytes] : contents) {
    if (llvm::StringRef(name).starts_with("shard-") && llvm::StringRef(name).ends_with(".jsonl")) {
      ++shards;
      records += llvm::StringRef(bytes).count('\n');
    }
    if (auto e = writeFileAtomically(pathIn(tempDir, name), bytes))
      return abandon(std::move(e));
  }
  if (auto e = writeManifest(tempDir, in->id, [](uint64_t) { return true; }))
    return abandon(std::move(e));
  if (auto e = installDirectory(tempDir, out))
    return std::move(e);
  return json::Object{
      {"shards", shards}, {"records", records}, {"dedup", options.dedup}, {"dropped", dropped}};
}

llvm::Error kdsl::synth::installDirectory(llvm::StringRef tempRef, llvm::StringRef outRef) {
  std::string temp = tempRef.str(), out = outRef.str();
  auto cannotMove = [&](std::error_code ec) {
    fs::remove_directories(temp);
    return llvm::createStringError(ec,
                                   "cannot rename " + temp + " to " + out + ": " + ec.message());
  };
  std::error_code listError;
  if (!fs::exists(out) || fs::directory_iterator(out, listError) == fs::directory_iterator()) {
    // rename(2) replaces an empty directory.
    if (auto ec = fs::rename(temp, out))
      return cannotMove(ec);
    return llvm::Error::success();
  }
  // The previous output goes aside, the new one takes its place.
  llvm::SmallString<256> old;
  if (auto ec = fs::createUniqueDirectory(out + ".old", old))
    return cannotMove(ec);
  if (auto ec = fs::rename(out, old)) {
    fs::remove_directories(old);
    return cannotMove(ec);
  }
  if (auto ec = fs::rename(temp, out)) {
    (void)fs::rename(old, out);
    return cannotMove(ec);
  }
  fs::remove_directories(old);
  return llvm::Error::success();
}

llvm::Expected<json::Value>
kdsl::synth::forEachRecord(llvm::StringRef dir,
                           llvm::function_ref<void(const json::Object &)> onRecord) {
  if (!fs::is_directory(dir))
    return llvm::createStringError(dir + ": not a dataset directory (" +
                                   (fs::exists(dir) ? "not a directory" : "no such directory") +
                                   ")");
  auto dataset =
      verifyDataset(dir, VerifyOptions{/*requireManifest=*/true, /*hashFatal=*/true}, onRecord);
  if (!dataset)
    return dataset.takeError();
  return readJSON(pathIn(dir, "manifest.json"));
}

llvm::Error kdsl::synth::readRecords(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(json::Object &&, llvm::StringRef)> onRecord) {
  if (fs::is_directory(path)) {
    llvm::Error failed = llvm::Error::success();
    auto manifest = forEachRecord(path, [&](const json::Object &record) {
      if (!failed)
        failed = onRecord(
            json::Object(record),
            llvm::formatv("{0}: record {1}", path, record.getInteger("id").value_or(-1)).str());
    });
    if (!manifest) {
      llvm::consumeError(std::move(failed));
      return manifest.takeError();
    }
    return failed;
  }
  auto buf = readInputFile(path); // bounded: /dev/zero is an error
  if (!buf)
    return buf.takeError();
  llvm::StringRef rest = (*buf)->getBuffer();
  for (size_t line = 1; !rest.empty(); ++line) {
    auto [text, tail] = rest.split('\n');
    rest = tail;
    if (text.trim().empty())
      continue;
    auto v = json::parse(text);
    if (!v)
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:1: {2}", path, line, llvm::toString(v.takeError())).str());
    json::Object *o = v->getAsObject();
    if (!o)
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:1: a record is a JSON object", path, line).str());
    if (llvm::Error e = onRecord(std::move(*o), llvm::formatv("{0}:{1}", path, line).str()))
      return e;
  }
  return llvm::Error::success();
}

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
        Program p = generateProgram(programSeed(opt->seed, attempt), id, cat, opt->gen);
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

json::Value kdsl::synth::generatorDiversity(uint64_t seed, uint64_t count,
                                            const GenOptions &options) {
  std::vector<std::string> categories;
  for (llvm::StringRef c : allCategories())
    categories.push_back(c.str());
  llvm::StringSet<> hashes;
  std::map<std::string, std::pair<int64_t, int64_t>> perCategory; // programs, duplicates
  int64_t duplicates = 0;
  for (uint64_t i = 0; i < count; ++i) {
    std::string cat = pickCategory(seed, i, categories);
    Program p = generateProgram(seed, i, cat, options);
    auto &entry = perCategory[cat];
    ++entry.first;
    if (!hashes.insert(normalizedSourceHash(p.source, i)).second) {
      ++duplicates;
      ++entry.second;
    }
  }
  json::Object cats;
  for (auto &[k, v] : perCategory)
    cats[k] = json::Object{{"programs", v.first}, {"duplicates", v.second}};
  return json::Object{{"programs", int64_t(count)},
                      {"duplicates", duplicates},
                      {"duplicate_rate", count ? double(duplicates) / double(count) : 0.0},
                      {"per_category", std::move(cats)}};
}
