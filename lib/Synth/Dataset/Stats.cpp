//===- Stats.cpp - kdsl-synth stats: the summary of a dataset ---------------===//
#include "kdsl/Synth/Dataset/Stats.h"
#include "Verify.h"

#include "kdsl/Frontend/Builtins.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

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
  // Records whose every text asked for was compiled, executed and matched
  // the reference, and whose gradients passed the check.
  int64_t executedMatched = 0, gradchecked = 0, texts = 0;
  static const std::regex wpCall("wp\\.([a-z_0-9]+)\\("),
      pyCall("(^|[^.\\w])(abs|min|max|round|pow|len)\\(");
  // Only an intact directory is summarized (verifyDataset).
  auto dataset = verifyDataset(dir, VerifyOptions{}, [&](const json::Object &record) {
    const json::Object *o = &record;
    ++samples;
    ++perCategory[o->getString("category").value_or("?").str()];
    if (!hashes.insert(o->getString("content_hash").value_or("")).second)
      ++duplicates;
    if (const json::Object *v = o->getObject("validation")) {
      gradchecked += v->getObject("gradcheck") != nullptr;
      bool all = true;
      int64_t n = 0;
      if (const json::Object *e = v->getObject("execution"))
        for (auto &[text, flags] : *e)
          if (o->getString(text)) {
            ++n;
            const json::Object *f = flags.getAsObject();
            for (const char *k : {"compiled", "executed", "matched"})
              all &= f && f->getBoolean(k).value_or(false);
          }
      texts += n;
      executedMatched += all && n > 0;
    }
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
                      {"sizes", std::move(sizes)},
                      {"validated", json::Object{{"texts", texts},
                                                 {"records_executed_and_matched", executedMatched},
                                                 {"records_gradchecked", gradchecked}}}};
}

void kdsl::synth::printDatasetTable(const json::Value &stats, llvm::raw_ostream &os) {
  const json::Object &s = *stats.getAsObject();
  auto row = [&](llvm::StringRef label, const std::string &value) {
    os << llvm::formatv("{0,-44} {1}\n", label, value);
  };
  auto count = [](const json::Object *o, llvm::StringRef key) {
    return o ? o->getInteger(key).value_or(0) : 0;
  };
  auto pct = [](const json::Object *o) {
    if (!o)
      return std::string("-");
    return llvm::formatv("{0:f1}% ({1} of {2})", o->getNumber("rate").value_or(0) * 100,
                         o->getInteger("count").value_or(0), o->getInteger("of").value_or(0))
        .str();
  };
  // "name n, name n, ..." of a {name: n} object, wrapped under the label.
  auto list = [&](llvm::StringRef label, const json::Object *o,
                  llvm::function_ref<std::string(const json::Value &)> show) {
    std::vector<std::string> items;
    if (o)
      for (auto &kv : *o)
        items.push_back(kv.first.str() + " " + show(kv.second));
    llvm::sort(items);
    std::string line;
    bool first = true;
    for (const std::string &item : items) {
      if (!line.empty() && line.size() + item.size() > 60) {
        row(first ? label : "", line + ",");
        first = false;
        line.clear();
      }
      line += (line.empty() ? "" : ", ") + item;
    }
    row(first ? label : "", line.empty() ? "-" : line);
  };
  auto integer = [](const json::Value &v) { return std::to_string(v.getAsInteger().value_or(0)); };
  row("records", std::to_string(s.getInteger("samples").value_or(0)));
  list("  by category", s.getObject("per_category"), integer);
  const json::Object *realism = s.getObject("realism");
  list("  by difficulty", realism ? realism->getObject("difficulty") : nullptr,
       [](const json::Value &v) {
         const json::Object *o = v.getAsObject();
         return std::to_string(o ? o->getInteger("count").value_or(0) : 0);
       });
  const json::Object *sizes = s.getObject("sizes");
  row("source lines (min / median / max)",
      sizes && !sizes->empty()
          ? llvm::formatv("{0} / {1} / {2}", count(sizes, "source_lines_min"),
                          count(sizes, "source_lines_median"), count(sizes, "source_lines_max"))
                .str()
          : "-");
  const json::Object *v = s.getObject("validated");
  row("records executed and matched (every text)",
      std::to_string(count(v, "records_executed_and_matched")) + " (" +
          std::to_string(count(v, "texts")) + " texts)");
  row("records with gradients checked", std::to_string(count(v, "records_gradchecked")));
  list("attempts rejected", s.getObject("failures"), integer);
  row("  duplicates", std::to_string(s.getInteger("duplicates").value_or(0)));
  row("builtins used", std::to_string(s.getInteger("builtins_covered").value_or(0)) + " of " +
                           std::to_string(s.getInteger("builtins_known").value_or(0)));
  if (!realism)
    return;
  auto sub = [&](llvm::StringRef a, llvm::StringRef b) -> const json::Object * {
    const json::Object *o = realism->getObject(a);
    return o && !b.empty() ? o->getObject(b) : o;
  };
  row("realism (stats --realism has all of it)", "");
  row("  kernels with a dead assignment", pct(sub("dead_assignment", "kernels")));
  row("  kernels with an unused parameter", pct(sub("unused_parameter", "kernels")));
  row("  kernels with a zero-gradient float input", pct(sub("zero_gradient_input", "kernels")));
  row("  distinct statement skeletons", std::to_string(count(sub("skeletons", ""), "distinct")));
  row("  distinct identifier forms",
      std::to_string(realism->getInteger("identifier_forms").value_or(0)));
  row("  distinct kernel names", std::to_string(count(sub("kernel_names", ""), "distinct")));
  row("  records with a module constant", pct(sub("module_constant", "")));
  row("  records with 2 or more kernels", pct(sub("several_kernels", "")));
  row("  kernels with an expression 6+ deep", pct(sub("deep_expression", "")));
  row("  category feature in an output", pct(sub("category_feature_in_output", "samples")));
  row("  normalized duplicates", pct(sub("normalized_duplicates", "")));
}
