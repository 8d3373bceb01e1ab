//===- RealismStats.h - kdsl-synth stats --realism -------------*- C++ -*-===//
//
// The realism analysis (Generator/Realism.h) over the records of a dataset,
// with what needs the records' reference runs, and the normalized program
// hash that merge --dedup and the duplicate counts use.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_DATASET_REALISMSTATS_H
#define KDSL_SYNTH_DATASET_REALISMSTATS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace kdsl::synth {

/// The realism statistics of a dataset: `path` is a directory (its
/// shard-*.jsonl files) or one JSONL file. Uses each record's `source`,
/// `category`, `spec` and `reference` (gradients and outputs).
llvm::Expected<llvm::json::Value> realismStats(llvm::StringRef path);

/// xxh3 (16 hex digits) of the source's tokens with names abstracted (each
/// name by its number in order of first use; wp.* names, keywords and
/// Python builtins kept) and numbers abstracted: equal for programs that
/// differ only in names, literals and whitespace.
std::string normalizedProgramHash(llvm::StringRef source);

/// The statistics as a table.
void printRealismTable(const llvm::json::Value &stats, llvm::raw_ostream &os);

} // namespace kdsl::synth

#endif
