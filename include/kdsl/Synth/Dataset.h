//===- Dataset.h - kdsl-synth datasets: shards, resume, stats ---*- C++ -*-===//
//
// A dataset directory holds JSONL shards of a fixed number of indices each
// (`shard-00000.jsonl` covers indices [0, S), ...), a stats file per shard
// and `manifest.json`. A shard is written to a temporary file and renamed
// into place when complete, after its stats file: a shard file that exists
// is complete, so a killed run resumes by redoing only the missing shards.
// Sample i depends only on (seed, i), so the shards do not depend on
// --jobs, and --shard K/N (the shards s with s % N == K) splits the work
// between machines.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_DATASET_H
#define KDSL_SYNTH_DATASET_H

#include "kdsl/Synth/Sample.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace kdsl::synth {

struct GenerateOptions {
  uint64_t count = 100;
  std::string dir;
  uint64_t seed = 1;
  std::vector<std::string> categories; // empty: all
  std::vector<double> weights;         // empty: equal
  uint64_t shardSize = 50;
  unsigned jobs = 0; // 0: all cores
  unsigned shardIndex = 0, shardCount = 1;
  bool keepFailed = false;
  bool progress = false;
  GenOptions gen;
  SampleOptions sample;
};

/// Generates (or completes) the dataset in options.dir.
llvm::Error generateDataset(const GenerateOptions &options);

/// Summary of a dataset directory as JSON: counts per category, validation
/// failures by reason, builtin coverage, sizes, duplicates. A directory whose
/// shards do not hold what their stats files record (count, size, xxh3), or
/// with a missing, garbled or extra file, is an error naming the file.
llvm::Expected<llvm::json::Value> datasetStats(llvm::StringRef dir);

/// Re-checks a finished dataset: its integrity as datasetStats does (an
/// error), then every record is rebuilt from (seed, id, category) and the
/// options in run.json (regenerated, re-emitted, re-validated) and must equal
/// the stored one. Returns {"records", "mismatches", "first_mismatch"};
/// `report` gets each mismatch as "FILE:LINE:1: problem".
llvm::Expected<llvm::json::Value>
validateDataset(llvm::StringRef dir, unsigned jobs,
                llvm::function_ref<void(const std::string &)> report = nullptr);

/// Diversity of the generator alone (no validation): the programs of indices
/// [0, count) and how many share a normalized source.
llvm::json::Value generatorDiversity(uint64_t seed, uint64_t count, const GenOptions &options);

struct MergeOptions {
  /// Drop every record whose normalized program (normalizedProgramHash:
  /// names and literals abstracted) an earlier record of the merge has, in
  /// index order across all shards. A dropped record's index counts as
  /// unfilled and as a duplicate in its shard's stats file (and in its
  /// "merge_dropped"); the shard's size and xxh3 are those of the new bytes.
  bool dedup = false;
};

/// Copies the shards of dataset directories made by one command with
/// different --shard K/N into `out`, and writes its manifest: the merge of
/// all N parts equals the unsharded dataset. Every input (and `out`, when it
/// exists) is checked as datasetStats checks it first; the merge is made in a
/// new directory next to `out` and renamed into place: all or nothing.
/// Returns the merge stats: {"shards", "records", "dedup", "dropped"}.
llvm::Expected<llvm::json::Value> mergeDatasets(llvm::ArrayRef<std::string> inputs,
                                                llvm::StringRef out,
                                                const MergeOptions &options = {});

/// Reads a finished dataset (checked as mergeDatasets checks an input: the
/// manifest is required) and calls `onRecord` on every record, shard by shard
/// in index order. Returns the manifest.
llvm::Expected<llvm::json::Value>
forEachRecord(llvm::StringRef dir, llvm::function_ref<void(const llvm::json::Object &)> onRecord);

/// The one reader of records that score and stats --realism share: a
/// dataset directory is read by forEachRecord (as validate and merge read
/// it: a damaged or unfinished dataset, or a stray shard-*.jsonl, is an
/// error); any other path is one JSONL file of records (each line a JSON
/// object; errors say FILE:LINE:COL). `onRecord` also gets where the record
/// is: "FILE:LINE", or "DIR: record ID".
llvm::Error
readRecords(llvm::StringRef path,
            llvm::function_ref<llvm::Error(llvm::json::Object &&, llvm::StringRef where)> onRecord);

/// Puts the directory `temp` (complete) in place of `out`: a rename when
/// `out` is absent or empty, else `out` goes to OUT.old-XXXXXX first and is
/// removed once `temp` is in place. On an error `temp` is removed and `out`
/// is as it was.
llvm::Error installDirectory(llvm::StringRef temp, llvm::StringRef out);

} // namespace kdsl::synth

#endif
