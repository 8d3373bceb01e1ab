//===- Diversity.cpp - kdsl-synth diversity: duplicates of the generator ----===//
#include "kdsl/Synth/Generator/Diversity.h"
#include "kdsl/Synth/Validation/Record.h"

#include "llvm/ADT/StringSet.h"

#include <map>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

json::Value kdsl::synth::generatorDiversity(uint64_t seed, uint64_t count,
                                            const GenOptions &options) {
  std::vector<std::string> categories;
  for (llvm::StringRef c : allCategories())
    categories.push_back(c.str());
  llvm::StringSet<> hashes;
  std::map<std::string, std::pair<int64_t, int64_t>> perCategory; // programs, duplicates
  int64_t duplicates = 0;
  for (uint64_t i = 0; i < count; ++i) {
    std::string cat = pickCategory(seed, i, categories);
    Program p = generateProgram(seed, i, cat, options);
    auto &entry = perCategory[cat];
    ++entry.first;
    if (!hashes.insert(normalizedSourceHash(p.source)).second) {
      ++duplicates;
      ++entry.second;
    }
  }
  json::Object cats;
  for (auto &[k, v] : perCategory)
    cats[k] = json::Object{{"programs", v.first}, {"duplicates", v.second}};
  return json::Object{{"programs", int64_t(count)},
                      {"duplicates", duplicates},
                      {"duplicate_rate", count ? double(duplicates) / double(count) : 0.0},
                      {"per_category", std::move(cats)}};
}
