//===- RealismStats.cpp - `kdsl-synth stats --realism` ---------------------===//
//
// Aggregates analyzeRealism over the records of a dataset and adds what
// only the records know: the reference gradients (a float input whose
// gradient is 0 in every component) and outputs (a written array that holds
// one value in every element).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Dataset/RealismStats.h"
#include "kdsl/Synth/Dataset/Records.h"
#include "kdsl/Synth/Generator/ProgramGen.h"
#include "kdsl/Synth/Generator/Realism.h"

#include "kdsl/Frontend/Builtins.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <set>

using namespace kdsl::synth;
namespace json = llvm::json;
using llvm::StringRef;

namespace {

/// Every number in `v` is zero (an empty array counts as zero).
bool allZero(const json::Value &v) {
  if (auto n = v.getAsNumber())
    return *n == 0;
  if (auto *a = v.getAsArray())
    return llvm::all_of(*a, [](const json::Value &e) { return allZero(e); });
  if (auto *o = v.getAsObject())
    return llvm::all_of(*o, [](const auto &kv) { return allZero(kv.second); });
  return true;
}

void flatten(const json::Value &v, std::vector<std::string> &out) {
  if (auto *a = v.getAsArray()) {
    for (const json::Value &e : *a)
      flatten(e, out);
    return;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << v;
  out.push_back(s);
}

/// The per-thread elements of an output array: numbers for scalar dtypes,
/// printed rows of the innermost arrays otherwise.
bool oneValue(const json::Value &v, bool scalar) {
  std::vector<std::string> elems;
  if (scalar) {
    flatten(v, elems);
  } else if (auto *a = v.getAsArray()) {
    for (const json::Value &e : *a) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << e;
      elems.push_back(s);
    }
  }
  return !elems.empty() && llvm::all_of(elems, [&](const std::string &e) { return e == elems[0]; });
}

/// name -> value, from an object {"x": v} or an array [{"name": "x", ...}]
/// (the element itself, or with `data` its "data").
using ByName = std::map<std::string, const json::Value *>;
void byName(const json::Value *v, ByName &out, bool data = false) {
  if (!v)
    return;
  if (const json::Object *o = v->getAsObject()) {
    for (auto &kv : *o)
      out[kv.first.str()] = &kv.second;
    return;
  }
  if (const json::Array *a = v->getAsArray())
    for (const json::Value &e : *a)
      if (const json::Object *eo = e.getAsObject())
        if (auto name = eo->getString("name"))
          if (const json::Value *d = data ? eo->get("data") : &e)
            out[name->str()] = d;
}

double rate(uint64_t a, uint64_t b) {
  return b ? std::round(double(a) / double(b) * 10000) / 10000 : 0.0;
}

json::Object counted(uint64_t n, uint64_t of) {
  return json::Object{{"count", int64_t(n)}, {"of", int64_t(of)}, {"rate", rate(n, of)}};
}

/// The records of `path` through the dataset reader all commands share.
llvm::Error readSources(StringRef path, std::vector<json::Value> &records) {
  return readRecords(path, [&](json::Object &&record, StringRef where) -> llvm::Error {
    if (!record.getString("source"))
      return llvm::createStringError(std::errc::invalid_argument,
                                     "%s: a record without a \"source\"", where.str().c_str());
    records.push_back(json::Value(std::move(record)));
    return llvm::Error::success();
  });
}

/// The realism counts of a dataset, record by record (add), and the
/// statistics they give (toJSON).
struct RealismTally {
  uint64_t n = 0, failed = 0, deadKernels = 0, assignments = 0, deadAssignments = 0,
           unusedKernels = 0, unusedParams = 0, params = 0, zeroKernels = 0, zeroInputs = 0,
           floatInputs = 0, noPathKernels = 0, nonAtomic = 0, constValueKernels = 0,
           constStoreKernels = 0, sameKernels = 0, guardKernels = 0, sinKernels = 0, featureOk = 0,
           deepKernels = 0, constantRecords = 0, severalKernels = 0;
  std::set<std::string> kernelNames;
  std::map<std::string, uint64_t> skeletons, forms, builtinUse;
  std::map<std::string, std::pair<uint64_t, uint64_t>> perCategory; // samples, feature in output
  json::Array examples;
  std::set<std::string> normalized;
  uint64_t normalizedDups = 0;
  std::map<int64_t, uint64_t> difficulty;

  void example(const json::Object &rec, StringRef what, StringRef detail) {
    if (examples.size() < 40)
      examples.push_back(json::Object{{"id", rec.getInteger("id").value_or(-1)},
                                      {"problem", what.str()},
                                      {"detail", detail.str()}});
  }
  void add(const json::Object &rec);
  /// Reference gradients of the float inputs with requires_grad, and the
  /// reference outputs of non-atomic kernels.
  void addReference(const json::Object &rec, const RealismFacts &f);
  json::Value toJSON() const;
};

void RealismTally::add(const json::Object &rec) {
  ++n;
  StringRef source = *rec.getString("source");
  std::string category = rec.getString("category").value_or("").str();
  if (!normalized.insert(normalizedProgramHash(source)).second)
    ++normalizedDups;
  ++difficulty[rec.getInteger("difficulty").value_or(difficultyLevel(difficultyScore(source)))];
  RealismFacts f = analyzeRealism(source);
  if (!f.ok) {
    ++failed;
    example(rec, "does not parse", f.error);
    return;
  }
  assignments += f.assignments;
  deadAssignments += f.deadAssignments.size();
  if (!f.deadAssignments.empty()) {
    ++deadKernels;
    example(rec, "dead assignment", f.deadAssignments.front());
  }
  // Parameters: the kernel's, as the signature lists them.
  params += f.params;
  unusedParams += f.unusedParams.size();
  if (!f.unusedParams.empty()) {
    ++unusedKernels;
    example(rec, "unused parameter", f.unusedParams.front());
  }
  if (!f.noGradPath.empty())
    ++noPathKernels;
  addReference(rec, f);
  if (!f.sameOperand.empty()) {
    ++sameKernels;
    example(rec, "same operands", f.sameOperand.front());
  }
  kernelNames.insert(f.kernel);
  severalKernels += f.kernels >= 2;
  deepKernels += f.expressionDepth >= kDeepExpression;
  constantRecords += f.moduleConstants > 0;
  guardKernels += f.domainGuards > 0;
  sinKernels += f.sinWrappers > 0;
  ++skeletons[f.skeleton];
  for (const std::string &id : f.identifierForms)
    ++forms[id];
  for (auto &[b, c] : f.builtins)
    builtinUse[b] += c;
  auto &pc = perCategory[category];
  ++pc.first;
  if (categoryFeatureInOutput(f, category)) {
    ++pc.second;
    ++featureOk;
  } else {
    example(rec, "category feature not in an output", category);
  }
}

void RealismTally::addReference(const json::Object &rec, const RealismFacts &f) {
  ByName inputs, grads, outputs;
  if (const json::Object *spec = rec.getObject("spec")) {
    if (const json::Object *in = spec->getObject("inputs")) // kdsl-run's short form
      for (auto &kv : *in)
        inputs[kv.first.str()] = &kv.second;
    else
      byName(spec->get("args"), inputs); // [{"name", "data", "dtype", ...}]
  }
  if (const json::Object *ref = rec.getObject("reference")) {
    byName(ref->get("grads"), grads, true);
    byName(ref->get("outputs"), outputs, true);
  }
  auto input = [&](const std::string &name) -> const json::Object * {
    auto it = inputs.find(name);
    return it == inputs.end() ? nullptr : it->second->getAsObject();
  };
  // The program's input arrays: a kernel's (a program of one kernel), or
  // the named arrays the launches pass to a parameter no kernel writes
  // (a program of several: its kernels' findings are named kernel.param).
  std::vector<std::string> inputArrays = f.inputArrays;
  const json::Object *spec = rec.getObject("spec");
  const json::Array *launches = spec ? spec->getArray("launches") : nullptr;
  if (f.kernels > 1 && launches) {
    std::set<std::string> written, read;
    for (const json::Value &l : *launches)
      if (const json::Object *lo = l.getAsObject())
        if (const json::Array *args = lo->getArray("args"))
          for (const json::Value &a : *args)
            if (const json::Object *ao = a.getAsObject()) {
              std::string param = ao->getString("param").value_or("").str(),
                          value = ao->getString("value").value_or("").str();
              (f.writtenArrays.count(param) ? written : read).insert(value);
            }
    inputArrays.clear();
    for (const std::string &v : read)
      if (!written.count(v))
        inputArrays.push_back(v);
  }
  bool zero = false;
  for (const std::string &name : inputArrays) {
    const json::Object *in = input(name);
    if (!in || !in->getBoolean("requires_grad").value_or(false) || !in->get("data"))
      continue;
    StringRef dtype = in->getString("dtype").value_or("float32");
    if (dtype.starts_with("int") || dtype.starts_with("uint") || dtype == "bool")
      continue;
    auto git = grads.find(name);
    const json::Value *g = git == grads.end() ? nullptr : git->second;
    if (!g)
      continue;
    ++floatInputs;
    if (allZero(*g)) {
      ++zeroInputs;
      if (!zero)
        example(rec, "zero gradient", name);
      zero = true;
    }
  }
  zeroKernels += zero;
  // Constant outputs (plain stores only).
  if (!f.hasStore || f.hasAtomic)
    return;
  ++nonAtomic;
  constStoreKernels += f.constantStore;
  bool constant = false;
  for (const std::string &name : f.writtenArrays) {
    auto oit = outputs.find(name);
    const json::Value *o = oit == outputs.end() ? nullptr : oit->second;
    const json::Object *in = input(name);
    StringRef dtype = in ? in->getString("dtype").value_or("float32") : "float32";
    bool scalar = dtype == "float32" || dtype == "float64" || dtype == "float16" ||
                  dtype.starts_with("int") || dtype.starts_with("uint");
    if (o && oneValue(*o, scalar))
      constant = true;
  }
  if (constant) {
    ++constValueKernels;
    example(rec, "constant output", "");
  }
}

json::Value RealismTally::toJSON() const {
  uint64_t analysed = n - failed;
  std::vector<std::pair<uint64_t, std::string>> bySkeleton;
  for (auto &[s, c] : skeletons)
    bySkeleton.push_back({c, s});
  llvm::sort(bySkeleton, [](auto &a, auto &b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  uint64_t top10 = 0;
  json::Array top;
  for (size_t k = 0; k < bySkeleton.size() && k < 10; ++k) {
    top10 += bySkeleton[k].first;
    top.push_back(json::Array{bySkeleton[k].second, int64_t(bySkeleton[k].first)});
  }
  json::Array formList;
  for (auto &[id, c] : forms)
    formList.push_back(id);
  json::Object used;
  json::Array missing;
#define X(id, name)                                                                                \
  if (auto it = builtinUse.find(name); it != builtinUse.end())                                     \
    used[name] = int64_t(it->second);                                                              \
  else                                                                                             \
    missing.push_back(name);
  KDSL_BUILTINS(X)
#undef X
  uint64_t builtinCount = used.size() + missing.size();
  json::Object levels;
  for (auto &[l, c] : difficulty)
    levels[std::to_string(l)] = counted(c, n);
  json::Object cats;
  for (auto &[c, p] : perCategory)
    cats[c] = counted(p.second, p.first);

  return json::Object{
      {"samples", int64_t(n)},
      {"not_analysed", int64_t(failed)},
      {"dead_assignment", json::Object{{"kernels", counted(deadKernels, analysed)},
                                       {"assignments", counted(deadAssignments, assignments)}}},
      {"unused_parameter", json::Object{{"kernels", counted(unusedKernels, analysed)},
                                        {"parameters", counted(unusedParams, params)}}},
      {"zero_gradient_input",
       json::Object{{"kernels", counted(zeroKernels, analysed)},
                    {"inputs", counted(zeroInputs, floatInputs)},
                    {"no_gradient_path_kernels", counted(noPathKernels, analysed)}}},
      {"constant_output",
       json::Object{{"kernels", counted(constValueKernels, nonAtomic)},
                    {"constant_store_kernels", counted(constStoreKernels, nonAtomic)}}},
      {"same_operand", counted(sameKernels, analysed)},
      {"idioms", json::Object{{"domain_guard", counted(guardKernels, analysed)},
                              {"sin_wrapper", counted(sinKernels, analysed)}}},
      {"skeletons", json::Object{{"distinct", int64_t(skeletons.size())},
                                 {"top10_share", rate(top10, analysed)},
                                 {"top10", std::move(top)}}},
      {"identifier_forms",
       json::Object{{"distinct", int64_t(forms.size())}, {"forms", std::move(formList)}}},
      {"builtins", json::Object{{"used", int64_t(used.size())},
                                {"of", int64_t(builtinCount)},
                                {"missing", std::move(missing)},
                                {"uses", std::move(used)}}},
      {"category_feature_in_output",
       json::Object{{"samples", counted(featureOk, analysed)}, {"per_category", std::move(cats)}}},
      {"kernel_names",
       json::Object{{"distinct", int64_t(kernelNames.size())}, {"of", int64_t(analysed)}}},
      {"module_constant", counted(constantRecords, analysed)},
      {"several_kernels", counted(severalKernels, analysed)},
      {"deep_expression", counted(deepKernels, analysed)},
      {"normalized_duplicates", counted(normalizedDups, n)},
      {"difficulty", std::move(levels)},
      {"examples", json::Array(examples)},
  };
}

} // namespace

llvm::Expected<json::Value> kdsl::synth::realismStats(StringRef path) {
  std::vector<json::Value> records;
  if (llvm::Error e = readSources(path, records))
    return std::move(e);
  RealismTally tally;
  for (const json::Value &v : records)
    tally.add(*v.getAsObject());
  return tally.toJSON();
}

std::string kdsl::synth::normalizedProgramHash(StringRef source) {
  // Tokens of the source with names and literals abstracted: a name is
  // replaced by its number in order of first use (so which value goes where
  // is kept), a number by "#"; keywords, wp.* names, builtin Python names
  // and indentation stay. Comments and blank lines are dropped.
  static const std::set<std::string> keep = {
      "def",   "class",  "if",    "elif",     "else", "for",   "in",    "range",
      "while", "return", "break", "continue", "and",  "or",    "not",   "import",
      "as",    "True",   "False", "None",     "int",  "float", "len",   "abs",
      "min",   "max",    "is",    "pass",     "bool", "print", "round", "pow"};
  std::map<std::string, unsigned> names;
  std::string out;
  llvm::SmallVector<StringRef> lines;
  source.split(lines, '\n');
  for (StringRef line : lines) {
    StringRef code = line.split('#').first.rtrim();
    if (code.trim().empty())
      continue;
    out += std::to_string(code.size() - code.ltrim(' ').size()) + ":";
    bool afterWp = false;
    for (size_t p = 0; p < code.size();) {
      char ch = code[p];
      if (llvm::isAlpha(ch) || ch == '_') {
        size_t q = p;
        while (q < code.size() && (llvm::isAlnum(code[q]) || code[q] == '_'))
          ++q;
        std::string w = code.slice(p, q).str();
        if (afterWp || w == "wp" || keep.count(w))
          out += w;
        else
          out += "$" + std::to_string(names.emplace(w, names.size()).first->second);
        afterWp = w == "wp" && q < code.size() && code[q] == '.';
        out += ' ';
        p = q;
        continue;
      }
      if (llvm::isDigit(ch) || (ch == '.' && p + 1 < code.size() && llvm::isDigit(code[p + 1]))) {
        size_t q = p;
        while (q < code.size() &&
               (llvm::isAlnum(code[q]) || code[q] == '.' ||
                ((code[q] == '-' || code[q] == '+') && (code[q - 1] == 'e' || code[q - 1] == 'E'))))
          ++q;
        out += "# ";
        p = q;
        continue;
      }
      if (ch != ' ' && ch != '.')
        out += ch;
      else if (ch == '.' && !afterWp)
        out += ch;
      ++p;
    }
    out += '\n';
  }
  return llvm::utohexstr(llvm::xxh3_64bits(out), /*LowerCase=*/true, /*Width=*/16);
}

void kdsl::synth::printRealismTable(const json::Value &stats, llvm::raw_ostream &os) {
  const json::Object &s = *stats.getAsObject();
  auto pct = [](const json::Object *o) {
    if (!o)
      return std::string("-");
    return llvm::formatv("{0,6:f1}% ({1} of {2})", o->getNumber("rate").value_or(0) * 100,
                         o->getInteger("count").value_or(0), o->getInteger("of").value_or(0))
        .str();
  };
  auto sub = [&](StringRef a, StringRef b) -> const json::Object * {
    const json::Object *o = s.getObject(a);
    return o && !b.empty() ? o->getObject(b) : o;
  };
  auto row = [&](StringRef label, const std::string &value, StringRef target = "") {
    os << llvm::formatv("{0,-46} {1,-24} {2}\n", label, value, target);
  };
  row("samples", std::to_string(s.getInteger("samples").value_or(0)) + " (" +
                     std::to_string(s.getInteger("not_analysed").value_or(0)) + " not analysed)");
  row("kernels with a dead assignment", pct(sub("dead_assignment", "kernels")), "target <= 1%");
  row("  assignments that are dead", pct(sub("dead_assignment", "assignments")));
  row("kernels with an unused parameter", pct(sub("unused_parameter", "kernels")), "target <= 2%");
  row("  parameters unused", pct(sub("unused_parameter", "parameters")));
  row("kernels with a zero-gradient float input", pct(sub("zero_gradient_input", "kernels")),
      "target <= 5%");
  row("  float inputs with a zero gradient", pct(sub("zero_gradient_input", "inputs")));
  row("  kernels with no gradient path from an input",
      pct(sub("zero_gradient_input", "no_gradient_path_kernels")));
  row("non-atomic kernels with a constant output", pct(sub("constant_output", "kernels")));
  row("  with a store of a thread-independent value",
      pct(sub("constant_output", "constant_store_kernels")));
  row("kernels with a same-operand operation", pct(sub("same_operand", "")));
  row("kernels with an e*e + c guard", pct(sub("idioms", "domain_guard")));
  row("kernels with math of wp.sin/wp.cos", pct(sub("idioms", "sin_wrapper")));
  const json::Object *sk = s.getObject("skeletons");
  row("distinct statement skeletons",
      std::to_string(sk ? sk->getInteger("distinct").value_or(0) : 0), "target >= 300");
  row("  share of the 10 most common",
      llvm::formatv("{0,6:f1}%", (sk ? sk->getNumber("top10_share").value_or(0) : 0) * 100).str(),
      "target <= 15%");
  const json::Object *idf = s.getObject("identifier_forms");
  row("distinct identifier forms (digits folded)",
      std::to_string(idf ? idf->getInteger("distinct").value_or(0) : 0), "target >= 150");
  const json::Object *kn = s.getObject("kernel_names");
  row("distinct kernel names",
      kn ? std::to_string(kn->getInteger("distinct").value_or(0)) + " of " +
               std::to_string(kn->getInteger("of").value_or(0))
         : "-",
      "target >= 300 of 1000");
  row("records with a module constant", pct(sub("module_constant", "")), "target >= 15%");
  row("records with 2 or more kernels", pct(sub("several_kernels", "")), "target >= 20%");
  row("kernels with an expression 6+ deep", pct(sub("deep_expression", "")), "target <= 3%");
  const json::Object *b = s.getObject("builtins");
  row("builtins used", b ? std::to_string(b->getInteger("used").value_or(0)) + " of " +
                               std::to_string(b->getInteger("of").value_or(0))
                         : "-");
  row("records whose normalized program an earlier one has", pct(sub("normalized_duplicates", "")));
  if (const json::Object *d = s.getObject("difficulty"))
    for (int l = 1; l <= 5; ++l)
      if (const json::Object *o = d->getObject(std::to_string(l)))
        row("difficulty " + std::to_string(l), pct(o));
  const json::Object *cf = s.getObject("category_feature_in_output");
  row("category feature in an output", pct(cf ? cf->getObject("samples") : nullptr), "target 100%");
  if (const json::Object *per = cf ? cf->getObject("per_category") : nullptr) {
    std::vector<std::string> names;
    for (auto &kv : *per)
      names.push_back(kv.first.str());
    llvm::sort(names);
    for (const std::string &c : names)
      row("  " + c, pct(per->getObject(c)));
  }
}
