//===- EmittedCheck.h - records' C++ / CUDA C compiled and run --*- C++ -*-===//
#ifndef KDSL_SYNTH_VALIDATION_EMITTEDCHECK_H
#define KDSL_SYNTH_VALIDATION_EMITTEDCHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace kdsl::synth {

/// The Clang in-process check of many records' C++ (or CUDA C) at once: one
/// translation unit with the prelude and each record's forward and backward
/// code in a namespace of its own. Returns, per record, whether it passes; on
/// a failing unit, the records are checked one by one to find the culprits.
std::vector<bool> checkEmittedBatch(llvm::ArrayRef<const llvm::json::Object *> records, bool cuda,
                                    std::vector<std::string> &details);

} // namespace kdsl::synth

#endif
