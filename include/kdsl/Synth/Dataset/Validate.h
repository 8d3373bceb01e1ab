//===- Validate.h - kdsl-synth validate --------------------------*- C++ -*-===//
#ifndef KDSL_SYNTH_DATASET_VALIDATE_H
#define KDSL_SYNTH_DATASET_VALIDATE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace kdsl::synth {

/// Re-checks a finished dataset: its integrity as datasetStats does (an
/// error), then every record is rebuilt from (seed, id, category) and the
/// options in run.json (regenerated, re-emitted, re-validated) and must equal
/// the stored one. Returns {"records", "mismatches", "first_mismatch"};
/// `report` gets each mismatch as "FILE:LINE:1: problem".
llvm::Expected<llvm::json::Value>
validateDataset(llvm::StringRef dir, unsigned jobs,
                llvm::function_ref<void(const std::string &)> report = nullptr);

} // namespace kdsl::synth

#endif
