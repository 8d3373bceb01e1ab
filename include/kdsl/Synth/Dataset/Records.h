//===- Records.h - reading records -------------------------------*- C++ -*-===//
#ifndef KDSL_SYNTH_DATASET_RECORDS_H
#define KDSL_SYNTH_DATASET_RECORDS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace kdsl::synth {

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

} // namespace kdsl::synth

#endif
