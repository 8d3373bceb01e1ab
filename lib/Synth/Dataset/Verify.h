//===- Verify.h - a dataset directory checked in full (internal) -*- C++ -*-===//
#ifndef KDSL_LIB_SYNTH_DATASET_VERIFY_H
#define KDSL_LIB_SYNTH_DATASET_VERIFY_H

#include "Shards.h"

#include <vector>

namespace kdsl::synth::shards {

struct VerifyOptions {
  bool requireManifest = false; // a finished dataset: validate, merge
  bool hashFatal = true;        // validate reports a changed shard as a mismatch instead
};

struct VerifiedShard {
  uint64_t index = 0;
  std::string path;
  ShardStats stats;
  std::string hashProblem; // "" when the shard's bytes are those its stats file records
};

struct VerifiedDataset {
  llvm::json::Value run = nullptr;
  ShardLayout layout;
  std::vector<VerifiedShard> shards; // those present, in index order
};

/// Checks a dataset directory against what `generate` recorded: every shard
/// record by record (complete lines of JSON objects, ids in the shard's
/// indices, increasing, no duplicate), against its stats file (which must be
/// there and consistent: as many records, the same size and xxh3) and against
/// manifest.json when there is one (it lists the shard with the same hash; a
/// shard it lists, or whose stats file exists, must exist). The first problem
/// is an error naming the file (path:line:col within a shard). `onRecord` sees
/// every record of the shards that pass.
llvm::Expected<VerifiedDataset>
verifyDataset(llvm::StringRef dir, const VerifyOptions &options,
              llvm::function_ref<void(const llvm::json::Object &)> onRecord = nullptr);

} // namespace kdsl::synth::shards

#endif
