//===- Shards.cpp - the files of a dataset directory ------------------------===//
//
// Shard and stats file names, the stats file's reader and checks, a shard's
// integrity against its stats file, and manifest.json (Shards.h).
//
//===----------------------------------------------------------------------===//
#include "Shards.h"

#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Support/OutputFiles.h"
#include "kdsl/Target/Cpp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace kdsl;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace kdsl::synth::shards {

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

/// A JSON object from `text`, which is line `line` of `path` (JSONL rows) or
/// all of it; errors as `path:line:col: message`.
llvm::Expected<json::Value> parseObject(llvm::StringRef text, const std::string &path,
                                        size_t line) {
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
                         ShardStats *statsOut) {
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
                        {"record_schema", "kdsl-synth-record/3 (docs/synth-record.schema.json)"},
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

} // namespace kdsl::synth::shards
