//===- Shards.h - the files of a dataset directory (internal) ---*- C++ -*-===//
//
// What generate, stats, validate and merge share about a dataset directory
// (include/kdsl/Synth/Dataset/Generate.h describes its layout): the names of
// shard, stats and failure files, a shard's stats file (read and checked on
// its own), a shard's integrity against it, and manifest.json.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_SYNTH_DATASET_SHARDS_H
#define KDSL_LIB_SYNTH_DATASET_SHARDS_H

#include "kdsl/Synth/Generator/ProgramGen.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <string>

namespace kdsl::synth::shards {

/// shard-NNNNN.jsonl ("jsonl"), shard-NNNNN.stats.json ("stats") or
/// failed-NNNNN.jsonl ("failed").
std::string shardName(uint64_t s, llvm::StringRef kind);
/// `name` in `dir`.
std::string pathIn(llvm::StringRef dir, llvm::StringRef name);
/// `v` as compact JSON text.
std::string toText(const llvm::json::Value &v);

/// A JSON object from `text`, which is line `line` of `path` (JSONL rows) or
/// all of it; errors as `path:line:col: message`.
llvm::Expected<llvm::json::Value> parseObject(llvm::StringRef text, const std::string &path,
                                              size_t line = 1);
/// The JSON object in the file `path`.
llvm::Expected<llvm::json::Value> readJSON(const std::string &path);
/// The xxh3 of a shard's bytes as it is recorded: 16 lowercase hex digits.
std::string contentHash(llvm::StringRef bytes);

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
  llvm::json::Value toJSON() const {
    llvm::json::Object cats, fails, splits;
    for (auto &[k, v] : perCategory)
      cats[k] = v;
    for (auto &[k, v] : failures)
      fails[k] = v;
    for (auto &[k, v] : perSplit)
      splits[k] = v;
    llvm::json::Object o{{"indices", indices},
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

/// The layout of the run.json `run` (errors name `runPath`).
llvm::Expected<ShardLayout> shardLayoutOf(const llvm::json::Value &run, const std::string &runPath);

/// A shard's stats file, read and checked for consistency on its own (the
/// counts add up to the shard's indices, the hash is well-formed).
llvm::Expected<ShardStats> readShardStats(const std::string &path, const std::string &shardPath,
                                          uint64_t indices);

/// Why shard `s` of `dir` does not hold what its stats file records, or ""
/// when it does: its size, its line count and its xxh3 match. This is what a
/// resumed `generate` and the manifest rely on (the full check, record by
/// record, is verifyDataset's).
std::string shardProblem(llvm::StringRef dir, uint64_t s, const ShardLayout &layout,
                         ShardStats *statsOut = nullptr);

/// manifest.json for the intact shards present in `dir` (shardProblem). A
/// shard present but damaged is an error if `mustBeIntact(s)`; otherwise (a
/// shard another `--shard K/N` process owns) it is left out, with a warning.
llvm::Error writeManifest(llvm::StringRef dir, const llvm::json::Value &id,
                          llvm::function_ref<bool(uint64_t)> mustBeIntact);

/// The record's "motif": the motif the program was built from, null for the
/// free type-directed generator (a field the dataset adds to buildSample's
/// record).
inline void setMotif(llvm::json::Object &record, const Program &p) {
  record["motif"] = p.motif.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(p.motif);
}

} // namespace kdsl::synth::shards

#endif
