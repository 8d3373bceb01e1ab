//===- Stats.cpp - kdsl-synth stats: the summary of a dataset ---------------===//
#include "kdsl/Synth/Dataset/Stats.h"
#include "Verify.h"

#include "kdsl/Frontend/Builtins.h"

#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <map>
#include <regex>

using namespace kdsl;
using namespace kdsl::synth;
using namespace kdsl::synth::shards;
namespace json = llvm::json;

llvm::Expected<json::Value> kdsl::synth::datasetStats(llvm::StringRef dir) {
  std::map<std::string, int64_t> perCategory, failures, builtinUse;
  std::vector<int64_t> lines;
  llvm::StringSet<> hashes;
  int64_t samples = 0, duplicates = 0;
  static const std::regex wpCall("wp\\.([a-z_0-9]+)\\("), pyCall("(^|[^.\\w])(abs|min|max|round|pow|len)\\(");
  // Only an intact directory is summarized (verifyDataset).
  auto dataset = verifyDataset(dir, VerifyOptions{}, [&](const json::Object &record) {
    const json::Object *o = &record;
    ++samples;
    ++perCategory[o->getString("category").value_or("?").str()];
    if (!hashes.insert(o->getString("content_hash").value_or("")).second)
      ++duplicates;
    std::string src = o->getString("source").value_or("").str();
    lines.push_back(std::count(src.begin(), src.end(), '\n'));
    llvm::StringSet<> used;
    for (std::sregex_iterator m(src.begin(), src.end(), wpCall), e; m != e; ++m)
      used.insert((*m)[1].str());
    for (std::sregex_iterator m(src.begin(), src.end(), pyCall), e; m != e; ++m)
      used.insert((*m)[2].str());
    for (auto &u : used)
      ++builtinUse[u.getKey().str()];
  });
  if (!dataset)
    return dataset.takeError();
  for (const VerifiedShard &shard : dataset->shards) {
    for (auto &[k, v] : shard.stats.failures)
      failures[k] += v;
    duplicates += shard.stats.duplicates;
  }
  json::Object cats, fails, builtins;
  for (auto &[k, v] : perCategory)
    cats[k] = v;
  for (auto &[k, v] : failures)
    fails[k] = v;
  json::Array missing;
  int64_t known = 0, covered = 0;
#define X(id, name)                                                                                \
  ++known;                                                                                         \
  if (builtinUse.count(name)) {                                                                    \
    ++covered;                                                                                     \
    builtins[name] = builtinUse[name];                                                             \
  } else {                                                                                         \
    missing.push_back(name);                                                                       \
  }
  KDSL_BUILTINS(X)
#undef X
  std::sort(lines.begin(), lines.end());
  json::Object sizes;
  if (!lines.empty())
    sizes = json::Object{{"source_lines_min", lines.front()},
                         {"source_lines_median", lines[lines.size() / 2]},
                         {"source_lines_max", lines.back()}};
  return json::Object{{"samples", samples},
                      {"per_category", std::move(cats)},
                      {"failures", std::move(fails)},
                      {"duplicates", duplicates},
                      {"builtins_covered", covered},
                      {"builtins_known", known},
                      {"builtins_missing", std::move(missing)},
                      {"builtin_use", std::move(builtins)},
                      {"sizes", std::move(sizes)}};
}
