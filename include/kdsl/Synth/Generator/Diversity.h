//===- Diversity.h - kdsl-synth diversity ------------------------*- C++ -*-===//
#ifndef KDSL_SYNTH_GENERATOR_DIVERSITY_H
#define KDSL_SYNTH_GENERATOR_DIVERSITY_H

#include "kdsl/Synth/Generator/ProgramGen.h"

#include "llvm/Support/JSON.h"

namespace kdsl::synth {

/// Diversity of the generator alone (no validation): the programs of indices
/// [0, count) and how many share a normalized source.
llvm::json::Value generatorDiversity(uint64_t seed, uint64_t count, const GenOptions &options);

} // namespace kdsl::synth

#endif
