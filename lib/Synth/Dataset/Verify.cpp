//===- Verify.cpp - a dataset directory against what generate recorded ------===//
//
// verifyDataset (Verify.h): every shard record by record, against its stats
// file and the manifest.
//
//===----------------------------------------------------------------------===//
#include "Verify.h"

#include "kdsl/Support/InputFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;
namespace fs = llvm::sys::fs;

namespace {

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

} // namespace

llvm::Expected<VerifiedDataset>
kdsl::synth::shards::verifyDataset(llvm::StringRef dirRef, const VerifyOptions &vo,
                                   llvm::function_ref<void(const json::Object &)> onRecord) {
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
