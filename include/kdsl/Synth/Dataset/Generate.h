//===- Generate.h - kdsl-synth generate --------------------------*- C++ -*-===//
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
#ifndef KDSL_SYNTH_DATASET_GENERATE_H
#define KDSL_SYNTH_DATASET_GENERATE_H

#include "kdsl/Synth/Validation/Sample.h"

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

} // namespace kdsl::synth

#endif
