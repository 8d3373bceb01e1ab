//===- Dedup.h - merge --dedup (internal) -----------------------*- C++ -*-===//
#ifndef KDSL_LIB_SYNTH_DATASET_DEDUP_H
#define KDSL_LIB_SYNTH_DATASET_DEDUP_H

#include <cstdint>
#include <map>
#include <string>

namespace kdsl::synth::shards {

/// merge --dedup on the merged files (name -> bytes; the shards verified):
/// in index order across the shards, a record whose normalized program an
/// earlier record has is dropped, and its shard's stats file says so
/// (written - 1, unfilled + 1, duplicates + 1, merge_dropped + 1, the new
/// bytes and xxh3), so the result passes every integrity check. Returns how
/// many were dropped.
int64_t dropNormalizedDuplicates(std::map<std::string, std::string> &contents);

} // namespace kdsl::synth::shards

#endif
