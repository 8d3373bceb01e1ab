//===- Record.h - a record's text, split and content hash -------*- C++ -*-===//
#ifndef KDSL_SYNTH_VALIDATION_RECORD_H
#define KDSL_SYNTH_VALIDATION_RECORD_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kdsl::synth {

/// The record as one JSONL line (without the end of line): keys sorted,
/// numbers of "data" lists and of "gradcheck" always written as floats
/// (1.0, not 1), every number in its shortest round-trip form.
std::string recordText(const llvm::json::Value &record);

/// The split of a record with this content_hash (16 hex digits): "train"
/// (hash mod 100 < 90), "validation" (< 95) or "test".
llvm::StringRef splitOf(llvm::StringRef contentHash);

/// The kernels of a record, each once, in the order its spec launches them
/// (schema /3: `spec.launches`); a record without launches (schema /2): its
/// `kernel_name`.
std::vector<std::string> recordKernels(const llvm::json::Object &record);

/// A hash of the source with the names it defines (kernels, funcs, structs)
/// and whitespace normalized: equal for programs that differ only in how
/// they name these.
std::string normalizedSourceHash(llvm::StringRef source);

} // namespace kdsl::synth

#endif
