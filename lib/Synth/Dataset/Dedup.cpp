//===- Dedup.cpp - merge --dedup: normalized duplicates across shards -------===//
#include "Dedup.h"
#include "Shards.h"
#include "kdsl/Synth/Dataset/RealismStats.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;

namespace {

/// Subtracts `lost` from the counts of a stats file's object `key`
/// ("per_category", "per_split"), leaving out the ones that reach zero (as
/// generate writes them).
void subtractCounts(json::Object &stats, llvm::StringRef key,
                    const std::map<std::string, int64_t> &lost) {
  json::Object *counts = stats.getObject(key);
  for (auto &[name, n] : lost) {
    int64_t left = counts->getInteger(name).value_or(0) - n;
    if (left > 0)
      (*counts)[name] = left;
    else
      counts->erase(name);
  }
}

} // namespace

int64_t
kdsl::synth::shards::dropNormalizedDuplicates(std::map<std::string, std::string> &contents) {
  std::vector<std::pair<uint64_t, std::string>> shards;
  for (auto &entry : contents) {
    llvm::StringRef digits(entry.first);
    uint64_t s;
    if (digits.consume_front("shard-") && digits.consume_back(".jsonl") &&
        !digits.getAsInteger(10, s))
      shards.push_back({s, entry.first});
  }
  llvm::sort(shards); // by index: "shard-100000" sorts before "shard-99999" as a name
  llvm::StringSet<> seen;
  int64_t dropped = 0;
  for (auto &[s, name] : shards) {
    std::string kept;
    std::map<std::string, int64_t> lostCategories, lostSplits;
    int64_t lost = 0;
    for (llvm::StringRef line : llvm::split(contents[name], '\n')) {
      if (line.empty())
        continue;
      json::Value record = cantFail(json::parse(line)); // verifyDataset parsed it
      const json::Object *o = record.getAsObject();
      if (seen.insert(normalizedProgramHash(o->getString("source").value_or(""))).second) {
        kept += line;
        kept += '\n';
        continue;
      }
      ++lost;
      ++lostCategories[o->getString("category").value_or("?").str()];
      ++lostSplits[o->getString("split").value_or("?").str()];
    }
    if (!lost)
      continue;
    std::string &statsText = contents[shardName(s, "stats")];
    json::Value stats = cantFail(json::parse(statsText));
    json::Object &o = *stats.getAsObject();
    for (auto [key, delta] : {std::pair<const char *, int64_t>{"written", -lost},
                              {"unfilled", lost},
                              {"duplicates", lost},
                              {"merge_dropped", lost}})
      o[key] = o.getInteger(key).value_or(0) + delta;
    subtractCounts(o, "per_category", lostCategories);
    subtractCounts(o, "per_split", lostSplits);
    o["bytes"] = int64_t(kept.size());
    o["xxh3"] = contentHash(kept);
    statsText = toText(stats);
    contents[name] = std::move(kept);
    dropped += lost;
  }
  return dropped;
}
