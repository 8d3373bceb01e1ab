//===- Dataset.cpp - kdsl-synth datasets: shards, resume, stats ------------===//
#include "kdsl/Synth/Dataset.h"
#include "kdsl/Synth/StageTimes.h"

#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Target/Cpp.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

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
  return json::Object{{"count", int64_t(o.count)},
                      {"seed", int64_t(o.seed)},
                      {"categories", std::move(cats)},
                      {"weights", std::move(weights)},
                      {"shard_size", int64_t(o.shardSize)},
                      {"targets", std::move(targets)},
                      {"backward", o.sample.backward},
                      {"clang_check", o.sample.clangCheck},
                      {"ptx_arch", o.sample.ptxArch},
                      {"max_depth", o.gen.maxDepth},
                      {"statements", o.gen.statements},
                      {"threads", o.gen.threads}};
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
    return llvm::createStringError(path + ":" + std::to_string(line) + ":1: expected a JSON object");
  return std::move(*v);
}

llvm::Expected<json::Value> readJSON(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(), "cannot read " + path);
  return parseObject((*buf)->getBuffer(), path);
}

struct ShardStats {
  int64_t indices = 0, written = 0, duplicates = 0;
  std::map<std::string, int64_t> perCategory, failures;
  json::Value toJSON() const {
    json::Object cats, fails;
    for (auto &[k, v] : perCategory)
      cats[k] = v;
    for (auto &[k, v] : failures)
      fails[k] = v;
    return json::Object{{"indices", indices},      {"written", written},
                        {"duplicates", duplicates}, {"per_category", std::move(cats)},
                        {"failures", std::move(fails)}};
  }
};

/// manifest.json for the complete shards present in `dir`.
llvm::Error writeManifest(llvm::StringRef dir, const json::Value &id) {
  const json::Object *o = id.getAsObject();
  uint64_t count = o->getInteger("count").value_or(0), size = o->getInteger("shard_size").value_or(1);
  uint64_t shards = (count + size - 1) / size;
  json::Array shardList;
  int64_t samples = 0;
  std::map<std::string, int64_t> failures;
  for (uint64_t s = 0; s < shards; ++s) {
    std::string file = shardName(s, "jsonl");
    if (!fs::exists(pathIn(dir, file)))
      continue;
    auto st = readJSON(pathIn(dir, shardName(s, "stats")));
    if (!st)
      return st.takeError();
    const json::Object *so = st->getAsObject();
    int64_t written = so->getInteger("written").value_or(0);
    samples += written;
    if (const json::Object *f = so->getObject("failures"))
      for (auto &kv : *f)
        failures[kv.first.str()] += kv.second.getAsInteger().value_or(0);
    shardList.push_back(json::Object{{"file", file},
                                     {"first_index", int64_t(s * size)},
                                     {"end_index", int64_t(std::min(count, (s + 1) * size))},
                                     {"samples", written}});
  }
  json::Object fails;
  for (auto &[k, v] : failures)
    fails[k] = v;
  bool complete = shardList.size() == shards;
  json::Object manifest{{"format", "kdsl-synth/1"},
                        {"options", id},
                        {"shards", std::move(shardList)},
                        {"complete", complete},
                        {"samples", samples},
                        {"failures", std::move(fails)},
                        {"cpp_prelude", cppPrelude()}};
  return writeFileAtomically(pathIn(dir, "manifest.json"), toText(json::Value(std::move(manifest))));
}

} // namespace

llvm::Error kdsl::synth::generateDataset(const GenerateOptions &opt) {
  if (opt.shardSize == 0 || opt.shardCount == 0 || opt.shardIndex >= opt.shardCount)
    return llvm::createStringError("bad shard options");
  if (fs::exists(opt.dir) && !fs::is_directory(opt.dir))
    return llvm::createStringError(opt.dir + " exists and is not a directory");
  if (auto ec = fs::create_directories(opt.dir))
    return llvm::createStringError(ec, "cannot create " + opt.dir);
  std::vector<std::string> categories = opt.categories;
  if (categories.empty())
    for (llvm::StringRef c : allCategories())
      categories.push_back(c.str());

  // A directory belongs to one set of options.
  std::string runPath = pathIn(opt.dir, "run.json");
  json::Value id = identity(opt);
  if (fs::exists(runPath)) {
    auto previous = readJSON(runPath);
    if (!previous)
      return previous.takeError();
    if (toText(*previous) != toText(id))
      return llvm::createStringError(opt.dir + " holds a dataset generated with other options (" +
                                     runPath + "); use another directory");
  } else if (auto e = writeFileAtomically(runPath, toText(id))) {
    return e;
  }

  uint64_t shards = (opt.count + opt.shardSize - 1) / opt.shardSize;
  std::vector<uint64_t> todo;
  for (uint64_t s = opt.shardIndex; s < shards; s += opt.shardCount)
    if (!fs::exists(pathIn(opt.dir, shardName(s, "jsonl"))))
      todo.push_back(s);

  std::mutex mutex;
  llvm::Error firstError = llvm::Error::success();
  std::atomic<uint64_t> done{0}, failed{0};
  uint64_t total = 0;
  for (uint64_t s : todo)
    total += std::min(opt.count, (s + 1) * opt.shardSize) - s * opt.shardSize;
  auto start = std::chrono::steady_clock::now();

  auto produce = [&](uint64_t s) {
    mlir::DialectRegistry registry;
    registerKdslDialects(registry);
    registerGpuTargets(registry);
    mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
    ctx.loadAllAvailableDialects();
    std::string lines, failedLines;
    ShardStats stats;
    llvm::StringSet<> seen;
    SampleOptions sampleOptions = opt.sample;
    sampleOptions.deferClangCheck = true;
    struct Passed {
      std::string category;
      json::Object record;
      std::string source;
    };
    std::vector<Passed> passed;
    auto failSample = [&](uint64_t i, const std::string &cat, const std::string &reason,
                          const std::string &detail, const std::string &source) {
      ++stats.failures[reason];
      ++failed;
      if (opt.keepFailed)
        failedLines += toText(json::Object{{"id", int64_t(i)},
                                           {"category", cat},
                                           {"failure", reason},
                                           {"detail", detail},
                                           {"source", source}}) +
                       "\n";
    };
    uint64_t first = s * opt.shardSize, last = std::min(opt.count, first + opt.shardSize);
    // Samples in batches: one JIT compile for a batch's CPU runs.
    constexpr uint64_t kBatch = 16;
    for (uint64_t b = first; b < last; b += kBatch) {
      std::vector<Program> programs;
      std::vector<uint64_t> indices;
      for (uint64_t i = b; i < std::min(last, b + kBatch); ++i) {
        StageScope timer(Stage::Generate);
        programs.push_back(generateProgram(opt.seed, i, pickCategory(opt.seed, i, categories, opt.weights),
                                           opt.gen));
        indices.push_back(i);
      }
      std::vector<SampleResult> results = buildSamples(programs, indices, opt.seed, sampleOptions, ctx);
      for (auto [p, i, r] : llvm::zip(programs, indices, results)) {
        ++stats.indices;
        if (r.ok)
          passed.push_back({p.category, std::move(r.record), p.source});
        else
          failSample(i, p.category, r.failure, r.detail, p.source);
      }
      done += programs.size();
      if (opt.progress) {
        std::lock_guard<std::mutex> lock(mutex);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double rate = secs > 0 ? double(done) / secs : 0;
        llvm::errs() << llvm::formatv("\rkdsl-synth: {0}/{1} samples, {2:f1}/s, ETA {3:f0} s, {4} failed   ",
                                      uint64_t(done), total, rate,
                                      rate > 0 ? double(total - done) / rate : 0.0, uint64_t(failed));
      }
    }
    // The Clang checks, one translation unit per shard and language.
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
          failSample(uint64_t(p.record.getInteger("id").value_or(0)), p.category,
                     cuda ? "clang_cuda" : "clang_cpp", details[k], p.source);
          continue;
        }
        p.record.getObject("validation")->try_emplace(cuda ? "clang_cuda" : "clang_cpp", true);
        kept.push_back(std::move(p));
      }
      passed = std::move(kept);
    }
    for (Passed &p : passed) {
      if (!opt.sample.clangCheck) {
        if (opt.sample.cpp)
          p.record.getObject("validation")->try_emplace("clang_cpp", "skipped");
        if (opt.sample.cuda)
          p.record.getObject("validation")->try_emplace("clang_cuda", "skipped");
      }
      std::string hash = p.record.getString("content_hash")->str();
      if (!seen.insert(hash).second) {
        ++stats.duplicates;
        continue;
      }
      lines += toText(json::Value(std::move(p.record))) + "\n";
      ++stats.written;
      ++stats.perCategory[p.category];
    }
    // Stats and failures first, the shard last: the shard marks completion.
    StageScope writeTimer(Stage::Write);
    llvm::Error e = writeFileAtomically(pathIn(opt.dir, shardName(s, "stats")), toText(stats.toJSON()));
    if (!e && opt.keepFailed)
      e = writeFileAtomically(pathIn(opt.dir, shardName(s, "failed")), failedLines);
    if (!e)
      e = writeFileAtomically(pathIn(opt.dir, shardName(s, "jsonl")), lines);
    if (e) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!firstError)
        firstError = std::move(e);
      else
        llvm::consumeError(std::move(e));
    }
  };

  unsigned jobs = opt.jobs ? opt.jobs : llvm::hardware_concurrency().compute_thread_count();
  if (jobs <= 1) {
    for (uint64_t s : todo)
      produce(s);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (uint64_t s : todo)
      pool.async([&, s] { produce(s); });
    pool.wait();
  }
  if (opt.progress)
    llvm::errs() << "\n";
  if (firstError)
    return firstError;

  return writeManifest(opt.dir, id);
}

llvm::Expected<json::Value> kdsl::synth::datasetStats(llvm::StringRef dir) {
  std::map<std::string, int64_t> perCategory, failures, builtinUse;
  std::vector<int64_t> lines;
  llvm::StringSet<> hashes;
  int64_t samples = 0, duplicates = 0;
  std::error_code ec;
  std::vector<std::string> files;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
    files.push_back(it->path());
  if (ec)
    return llvm::createStringError(ec, "cannot list " + dir);
  std::sort(files.begin(), files.end());
  static const std::regex wpCall("wp\\.([a-z_0-9]+)\\("), pyCall("(^|[^.\\w])(abs|min|max|round|pow|len)\\(");
  for (const std::string &f : files) {
    llvm::StringRef name = llvm::sys::path::filename(f);
    if (name.starts_with("shard-") && name.ends_with(".stats.json")) {
      auto st = readJSON(f);
      if (!st)
        return st.takeError();
      if (const json::Object *fo = st->getAsObject()->getObject("failures"))
        for (auto &kv : *fo)
          failures[kv.first.str()] += kv.second.getAsInteger().value_or(0);
      duplicates += st->getAsObject()->getInteger("duplicates").value_or(0);
      continue;
    }
    if (!name.starts_with("shard-") || !name.ends_with(".jsonl"))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      return llvm::createStringError(buf.getError(), "cannot read " + f);
    llvm::SmallVector<llvm::StringRef> rows;
    (*buf)->getBuffer().split(rows, '\n', -1, false);
    for (auto [line, row] : llvm::enumerate(rows)) {
      auto v = parseObject(row, f, line + 1);
      if (!v)
        return v.takeError();
      const json::Object *o = v->getAsObject();
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
    }
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

llvm::Error kdsl::synth::mergeDatasets(llvm::ArrayRef<std::string> inputs, llvm::StringRef out) {
  if (inputs.empty())
    return llvm::createStringError("nothing to merge");
  if (auto ec = fs::create_directories(out))
    return llvm::createStringError(ec, "cannot create " + out);
  // The inputs must come from one command (--shard K/N of the same options).
  std::optional<json::Value> id;
  for (const std::string &dir : inputs) {
    auto run = readJSON(pathIn(dir, "run.json"));
    if (!run)
      return run.takeError();
    if (id && toText(*id) != toText(*run))
      return llvm::createStringError(dir + " was generated with other options than " + inputs[0]);
    id = std::move(*run);
  }
  if (auto e = writeFileAtomically(pathIn(out, "run.json"), toText(*id)))
    return e;
  // Shards keep their names (their index ranges): the merge of --shard 0/N ...
  // N-1/N is the unsharded dataset.
  for (const std::string &dir : inputs) {
    std::error_code ec;
    std::vector<std::string> files;
    for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
      llvm::StringRef name = llvm::sys::path::filename(it->path());
      if ((name.starts_with("shard-") || name.starts_with("failed-")) && !name.contains(".tmp"))
        files.push_back(it->path());
    }
    if (ec)
      return llvm::createStringError(ec, "cannot list " + dir);
    std::sort(files.begin(), files.end());
    for (const std::string &f : files) {
      auto buf = llvm::MemoryBuffer::getFile(f);
      if (!buf)
        return llvm::createStringError(buf.getError(), "cannot read " + f);
      std::string target = pathIn(out, llvm::sys::path::filename(f));
      if (fs::exists(target)) {
        auto other = llvm::MemoryBuffer::getFile(target);
        if (!other || (*other)->getBuffer() != (*buf)->getBuffer())
          return llvm::createStringError(target + " differs between the inputs");
        continue;
      }
      if (auto e = writeFileAtomically(target, (*buf)->getBuffer()))
        return e;
    }
  }
  return writeManifest(out, *id);
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
  g.gen.threads = o->getInteger("threads").value_or(8);
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

llvm::Expected<json::Value> kdsl::synth::validateDataset(llvm::StringRef dir, unsigned jobs) {
  auto opt = optionsOf(dir);
  if (!opt)
    return opt.takeError();
  std::error_code ec;
  std::vector<std::string> files;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.starts_with("shard-") && name.ends_with(".jsonl"))
      files.push_back(it->path());
  }
  if (ec)
    return llvm::createStringError(ec, "cannot list " + dir);
  std::sort(files.begin(), files.end());
  std::mutex mutex;
  int64_t records = 0, mismatches = 0;
  std::string first;
  auto check = [&](const std::string &file) {
    mlir::DialectRegistry registry;
    registerKdslDialects(registry);
    registerGpuTargets(registry);
    mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
    ctx.loadAllAvailableDialects();
    auto buf = llvm::MemoryBuffer::getFile(file);
    llvm::SmallVector<llvm::StringRef> rows;
    if (buf)
      (*buf)->getBuffer().split(rows, '\n', -1, false);
    for (auto [line, row] : llvm::enumerate(rows)) {
      std::string problem;
      auto v = parseObject(row, file, line + 1);
      if (!v) {
        problem = llvm::toString(v.takeError());
      } else {
        const json::Object *o = v->getAsObject();
        uint64_t id = o->getInteger("id").value_or(0);
        std::string cat = o->getString("category").value_or("").str();
        Program p = generateProgram(opt->seed, id, cat, opt->gen);
        SampleResult r = buildSample(p, opt->seed, id, opt->sample, ctx);
        if (!r.ok)
          problem = llvm::formatv("record {0} fails validation now: {1}: {2}", id, r.failure, r.detail);
        else if (toText(json::Value(std::move(r.record))) != row)
          problem = llvm::formatv("record {0} differs from its rebuild", id);
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++records;
      if (!problem.empty() && mismatches++ == 0)
        first = problem;
    }
  };
  if (jobs <= 1) {
    for (const std::string &f : files)
      check(f);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (const std::string &f : files)
      pool.async([&, f] { check(f); });
    pool.wait();
  }
  return json::Object{{"records", records}, {"mismatches", mismatches}, {"first_mismatch", first}};
}

json::Value kdsl::synth::generatorDiversity(uint64_t seed, uint64_t count, const GenOptions &options) {
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
