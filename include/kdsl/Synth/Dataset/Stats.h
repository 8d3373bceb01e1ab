//===- Stats.h - kdsl-synth stats --------------------------------*- C++ -*-===//
#ifndef KDSL_SYNTH_DATASET_STATS_H
#define KDSL_SYNTH_DATASET_STATS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace kdsl::synth {

/// Summary of a dataset directory as JSON: counts per category, validation
/// failures by reason, builtin coverage, sizes, duplicates. A directory whose
/// shards do not hold what their stats files record (count, size, xxh3), or
/// with a missing, garbled or extra file, is an error naming the file.
llvm::Expected<llvm::json::Value> datasetStats(llvm::StringRef dir);

/// The summary (datasetStats, with the key realism numbers under "realism"
/// as kdsl-synth stats adds them) as a short table a person reads.
void printDatasetTable(const llvm::json::Value &stats, llvm::raw_ostream &os);

} // namespace kdsl::synth

#endif
