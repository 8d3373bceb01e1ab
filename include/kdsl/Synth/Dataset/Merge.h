//===- Merge.h - kdsl-synth merge --------------------------------*- C++ -*-===//
#ifndef KDSL_SYNTH_DATASET_MERGE_H
#define KDSL_SYNTH_DATASET_MERGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace kdsl::synth {

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

/// Puts the directory `temp` (complete) in place of `out`: a rename when
/// `out` is absent or empty, else `out` goes to OUT.old-XXXXXX first and is
/// removed once `temp` is in place. On an error `temp` is removed and `out`
/// is as it was.
llvm::Error installDirectory(llvm::StringRef temp, llvm::StringRef out);

} // namespace kdsl::synth

#endif
