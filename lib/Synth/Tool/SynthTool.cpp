//===- SynthTool.cpp - kdsl-synth's options and subcommands ---------------===//
//
//   kdsl-synth generate -n COUNT -o DIR [--seed S] [--categories a,b] [--targets cpp,cuda,ptx,mlir]
//                       [--no-backward] [--jobs N] [--shard K/N] [--keep-failed] ...
//   kdsl-synth stats DIR
//   kdsl-synth validate DIR
//   kdsl-synth diversity -n COUNT
//   kdsl-synth merge -o OUT [--dedup] DIR...
//   kdsl-synth show [--seed S] [--category C] INDEX
//   kdsl-synth export DATASET OUT --layout=dirs [--force]
//   kdsl-synth score DATASET CANDIDATES.jsonl
//
// kdsl-synth's main (tools/kdsl-synth) calls synthMain; each subcommand is a
// call into the library (Dataset/, Generator/, Score/). docs/synth.md
// describes the records, the validation and cluster recipes.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Tool.h"

#include "kdsl/Driver/Tools.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Synth/Dataset/Export.h"
#include "kdsl/Synth/Dataset/Generate.h"
#include "kdsl/Synth/Dataset/Merge.h"
#include "kdsl/Synth/Dataset/RealismStats.h"
#include "kdsl/Synth/Dataset/Stats.h"
#include "kdsl/Synth/Dataset/Validate.h"
#include "kdsl/Synth/Generator/Diversity.h"
#include "kdsl/Synth/Score/Score.h"
#include "kdsl/Synth/Validation/StageTimes.h"
#include "kdsl/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;
using namespace kdsl::synth;

namespace {

/// kdsl-synth's subcommands and options (registered when the tool constructs
/// them) and what each subcommand does with them.
class SynthTool {
public:
  cl::OptionCategory synthCategory{"kdsl-synth options"};
  cl::SubCommand generateCmd{"generate", "Generate a verified dataset"};
  cl::SubCommand statsCmd{"stats", "Summarize a dataset"};
  cl::SubCommand mergeCmd{"merge", "Merge the directories of --shard K/N runs"};
  cl::SubCommand showCmd{"show", "Print one generated program and its launch spec"};
  cl::SubCommand validateCmd{"validate", "Rebuild and re-check every record of a dataset"};
  cl::SubCommand scoreCmd{"score", "Compile, run and compare model outputs (candidates) "
                                   "against a dataset's records, sandboxed"};
  cl::list<std::string> scoreArgs{cl::Positional, cl::desc("DATASET CANDIDATES.jsonl"),
                                  cl::sub(scoreCmd), cl::cat(synthCategory)};
  cl::opt<double> scoreCpu{"cpu-seconds", cl::desc("CPU time limit per candidate (default 10)"),
                           cl::init(10), cl::sub(scoreCmd), cl::cat(synthCategory)};
  cl::opt<double> scoreWall{"timeout", cl::desc("Wall-clock limit per candidate (default 30 s)"),
                            cl::init(30), cl::sub(scoreCmd), cl::cat(synthCategory)};
  cl::opt<unsigned> scoreInputs{"inputs",
                                cl::desc("Input sets drawn from each record's spec "
                                         "besides the spec itself (default 3)"),
                                cl::init(3), cl::sub(scoreCmd), cl::cat(synthCategory)};
  cl::opt<bool> scoreAllowAsm{"test-allow-inline-asm",
                              cl::desc("Let inline assembly through the static check (for "
                                       "the suite's seccomp tests)"),
                              cl::init(false), cl::Hidden, cl::sub(scoreCmd)};
  cl::opt<std::string> scoreDumpInputs{"dump-inputs",
                                       cl::desc("Write each record's input sets as kdsl-run "
                                                "specs DIR/<id>-<set>.json"),
                                       cl::value_desc("DIR"), cl::sub(scoreCmd),
                                       cl::cat(synthCategory)};
  cl::SubCommand exportCmd{"export", "Write one folder per sample: .py, standalone .cu, "
                                     ".cpp, Makefile (nvcc), metadata.json"};
  cl::list<std::string> exportArgs{cl::Positional, cl::desc("DATASET OUT"), cl::sub(exportCmd),
                                   cl::cat(synthCategory)};
  cl::opt<std::string> exportLayout{"layout",
                                    cl::desc("Layout of the export (dirs: a folder "
                                             "per sample)"),
                                    cl::init("dirs"), cl::sub(exportCmd), cl::cat(synthCategory)};
  cl::opt<bool> exportForce{"force", cl::desc("Replace OUT when it holds an earlier export"),
                            cl::init(false), cl::sub(exportCmd), cl::cat(synthCategory)};
  cl::opt<bool> mergeDedup{"dedup",
                           cl::desc("Drop records whose normalized program (names and "
                                    "literals abstracted) an earlier record has, across "
                                    "shards; the merge stats count them"),
                           cl::init(false), cl::sub(mergeCmd), cl::cat(synthCategory)};
  cl::SubCommand diversityCmd{"diversity", "Duplicate rate of the generator alone (no validation)"};
  cl::opt<uint64_t> sampleCount{"n",
                                cl::desc("Number of indices (samples before validation)"),
                                cl::init(100),
                                cl::sub(generateCmd),
                                cl::sub(diversityCmd),
                                cl::cat(synthCategory)};
  cl::opt<std::string> outDir{"o",
                              cl::desc("Output directory"),
                              cl::value_desc("DIR"),
                              cl::sub(generateCmd),
                              cl::sub(mergeCmd),
                              cl::cat(synthCategory)};
  cl::opt<uint64_t> seed{
      "seed",           cl::desc("Random seed"), cl::init(1),           cl::sub(generateCmd),
      cl::sub(showCmd), cl::sub(diversityCmd),   cl::cat(synthCategory)};
  cl::opt<std::string> categoryList{"categories",
                                    cl::desc("Comma-separated categories, optionally "
                                             "weighted (vector:2,math); default: all 20"),
                                    cl::init(""), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<std::string> targets{"targets", cl::desc("Comma-separated: cpp,cuda,ptx,mlir"),
                               cl::init("cpp,cuda"), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<bool> noBackward{"no-backward", cl::desc("Forward kernels only"), cl::init(false),
                           cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<unsigned> jobs{"jobs",
                         cl::desc("Threads (default: all cores)"),
                         cl::init(0),
                         cl::sub(generateCmd),
                         cl::sub(validateCmd),
                         cl::cat(synthCategory)};
  cl::opt<std::string> shard{"shard",
                             cl::desc("K/N: this process makes the shards s with s % N == K"),
                             cl::init("0/1"), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<uint64_t> shardSize{"shard-size", cl::desc("Indices per shard file (default 50)"),
                              cl::init(50), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<bool> keepFailed{"keep-failed", cl::desc("Write failed samples to failed-NNNNN.jsonl"),
                           cl::init(false), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<bool> timing{"timing",
                       cl::desc("Print the time spent in each validation stage on stderr"),
                       cl::init(false), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<bool> noClang{"no-clang-check", cl::desc("Skip the Clang in-process checks"),
                        cl::init(false), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<std::string> ptxas{"ptxas",
                             cl::desc("ptxas for the PTX check (default: found on "
                                      "PATH or in /usr/local/cuda/bin)"),
                             cl::init(""), cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<std::string> arch{"arch", cl::desc("PTX target (default sm_80)"), cl::init("sm_80"),
                            cl::sub(generateCmd), cl::cat(synthCategory)};
  cl::opt<int> maxDepth{"max-depth",           cl::desc("Expression depth (default 3)"),
                        cl::init(3),           cl::sub(generateCmd),
                        cl::sub(showCmd),      cl::sub(diversityCmd),
                        cl::cat(synthCategory)};
  cl::opt<int> statementsOpt{"statements",          cl::desc("Statements per kernel (default 3)"),
                             cl::init(3),           cl::sub(generateCmd),
                             cl::sub(showCmd),      cl::sub(diversityCmd),
                             cl::cat(synthCategory)};
  cl::opt<bool> rawExpressions{"raw-expressions",
                               cl::desc("The free statements' expressions as composed, every "
                                        "operation parenthesized (for tests)"),
                               cl::init(false), cl::Hidden, cl::sub(showCmd)};
  cl::list<std::string> positional{
      cl::Positional,   cl::desc("<dir or index>"), cl::sub(statsCmd),     cl::sub(mergeCmd),
      cl::sub(showCmd), cl::sub(validateCmd),       cl::cat(synthCategory)};
  cl::opt<bool> brief{"brief", cl::desc("With --json: leave out the per-builtin use counts"),
                      cl::init(false), cl::sub(statsCmd), cl::cat(synthCategory)};
  cl::opt<bool> realism{"realism",
                        cl::desc("Realism of the sources: dead assignments, unused parameters, "
                                 "zero gradients, skeletons, ... (a table; a directory of "
                                 "shards or one JSONL file)"),
                        cl::init(false), cl::sub(statsCmd), cl::cat(synthCategory)};
  cl::opt<bool> realismJson{"json",
                            cl::desc("Print JSON instead of the table (stats and stats --realism)"),
                            cl::init(false), cl::sub(statsCmd), cl::cat(synthCategory)};
  cl::opt<std::string> difficultyList{
      "difficulty",
      cl::desc("Difficulty levels 1-5 to draw, optionally weighted (1:3,2:2,3); default: any"),
      cl::init(""),
      cl::sub(generateCmd),
      cl::sub(showCmd),
      cl::cat(synthCategory)};
  cl::opt<unsigned> showAttempt{"attempt",
                                cl::desc("Attempt to show (a record's \"attempt\"; default 0)"),
                                cl::init(0), cl::sub(showCmd), cl::cat(synthCategory)};
  cl::opt<std::string> showCategory{"category",
                                    cl::desc("Category to show (default: the one "
                                             "index picks)"),
                                    cl::init(""), cl::sub(showCmd), cl::cat(synthCategory)};

  /// The subcommand the command line names; returns the exit code.
  int run();

private:
  bool parseCategories(std::vector<std::string> &names, std::vector<double> &weights);
  int runGenerate();
  int runStats();
  int runValidate();
  int runScore();
  int runDiversity();
  int runMerge();
  int runExport();
  int runShow();
};

static int fail(const Twine &message) {
  WithColor::error(errs(), "kdsl-synth") << message << "\n";
  return 1;
}

} // namespace

/// --categories NAME[:WEIGHT],...: known names, each once, with finite
/// weights >= 0 of which at least one is positive (all zero would draw
/// nothing, and pickCategory would fall back to the last one).
bool SynthTool::parseCategories(std::vector<std::string> &names, std::vector<double> &weights) {
  SmallVector<StringRef> items;
  StringRef(categoryList).split(items, ',', -1, false);
  if (items.empty() && !StringRef(categoryList).trim().empty()) {
    fail("--categories names no category ('" + categoryList + "')");
    return false;
  }
  bool weighted = false;
  double total = 0;
  for (StringRef item : items) {
    auto [name, weight] = item.trim().split(':');
    name = name.trim();
    weight = weight.trim();
    if (!is_contained(allCategories(), name)) {
      fail("unknown category '" + name + "' (categories: " + join(allCategories(), ", ") + ")");
      return false;
    }
    if (is_contained(names, name)) {
      fail("category '" + name + "' is given twice in --categories");
      return false;
    }
    double w = 1.0;
    bool hasWeight = item.contains(':');
    if (hasWeight && (weight.getAsDouble(w) || !std::isfinite(w) || w < 0)) {
      fail("bad weight '" + weight + "' for category '" + name +
           "' (a weight is a finite number >= 0)");
      return false;
    }
    weighted |= hasWeight;
    total += w;
    names.push_back(name.str());
    weights.push_back(w);
  }
  if (weighted && !(total > 0)) {
    fail("--categories: every weight is 0, so no category could be drawn");
    return false;
  }
  if (!weighted)
    weights.clear();
  return true;
}

int SynthTool::runGenerate() {
  if (outDir.empty())
    return fail("generate needs -o DIR");
  GenerateOptions o;
  o.count = sampleCount;
  o.dir = outDir;
  o.seed = seed;
  if (!parseCategories(o.categories, o.weights))
    return 1;
  o.shardSize = shardSize;
  o.jobs = jobs;
  auto [k, n] = StringRef(shard).split('/');
  if (k.getAsInteger(10, o.shardIndex) || n.getAsInteger(10, o.shardCount) || o.shardCount == 0 ||
      o.shardIndex >= o.shardCount)
    return fail("--shard must be K/N with 0 <= K < N, got '" + shard + "'");
  if (shardSize == 0)
    return fail("--shard-size must be positive");
  o.keepFailed = keepFailed;
  o.progress = sys::Process::StandardErrIsDisplayed();
  o.gen.maxDepth = std::max(1, int(maxDepth));
  o.gen.statements = std::max(1, int(statementsOpt));
  if (!difficultyList.empty()) {
    std::vector<int> levels;
    std::vector<double> weights;
    std::string error;
    if (!parseDifficulty(difficultyList, levels, weights, error))
      return fail(error);
    o.gen.difficulty = difficultyList;
  }
  SmallVector<StringRef> t;
  StringRef(targets).split(t, ',', -1, false);
  o.sample.cpp = o.sample.cuda = o.sample.ptx = o.sample.mlir = false;
  for (StringRef target : t) {
    target = target.trim();
    if (target == "cpp")
      o.sample.cpp = true;
    else if (target == "cuda")
      o.sample.cuda = true;
    else if (target == "ptx")
      o.sample.ptx = true;
    else if (target == "mlir")
      o.sample.mlir = true;
    else
      return fail("unknown target '" + target + "' (targets: cpp, cuda, ptx, mlir)");
  }
  o.sample.backward = !noBackward;
  o.sample.clangCheck = !noClang;
  if (Error e = kdsl::checkPtxChip(arch, "--arch"))
    return fail(toString(std::move(e)));
  o.sample.ptxArch = arch;
  if (o.sample.ptx) {
    o.sample.ptxas = ptxas.empty() ? findPtxas() : ptxas.getValue();
  }
  Error e = generateDataset(o);
  if (timing)
    StageTimes::global().print(errs());
  if (e)
    return fail(toString(std::move(e)));
  return 0;
}

/// kdsl-synth stats DIR [--realism [--json]] [--brief].
int SynthTool::runStats() {
  if (positional.size() != 1)
    return fail("stats needs one dataset directory");
  if (realism) {
    auto r = realismStats(positional[0]);
    if (!r)
      return fail(toString(r.takeError()));
    if (realismJson)
      outs() << formatv("{0:2}", *r) << "\n";
    else
      printRealismTable(*r, outs());
    return 0;
  }
  auto stats = datasetStats(positional[0]);
  if (!stats)
    return fail(toString(stats.takeError()));
  if (brief)
    stats->getAsObject()->erase("builtin_use");
  // The key realism numbers (stats --realism has them all): skeletons,
  // identifier forms, dead code and unused inputs, normalized duplicates
  // across shards, difficulty levels.
  if (auto r = realismStats(positional[0])) {
    json::Object *ro = r->getAsObject();
    json::Object key;
    for (StringRef k : {"dead_assignment", "unused_parameter", "zero_gradient_input",
                        "normalized_duplicates", "difficulty", "category_feature_in_output",
                        "kernel_names", "module_constant", "several_kernels", "deep_expression"})
      if (json::Value *v = ro->get(k))
        key[k] = std::move(*v);
    if (json::Object *sk = ro->getObject("skeletons"))
      key["skeletons"] = json::Object{{"distinct", *sk->get("distinct")},
                                      {"top10_share", *sk->get("top10_share")}};
    if (json::Object *idf = ro->getObject("identifier_forms"))
      key["identifier_forms"] = *idf->get("distinct");
    if (json::Object *cat = key.getObject("category_feature_in_output"))
      cat->erase("per_category");
    stats->getAsObject()->try_emplace("realism", std::move(key));
  } else {
    consumeError(r.takeError());
  }
  if (realismJson)
    outs() << formatv("{0:2}", *stats) << "\n";
  else
    printDatasetTable(*stats, outs());
  return 0;
}

/// kdsl-synth validate DIR.
int SynthTool::runValidate() {
  if (positional.size() != 1)
    return fail("validate needs one dataset directory");
  unsigned n = jobs ? jobs : hardware_concurrency().compute_thread_count();
  auto result = validateDataset(positional[0], n, [](const std::string &mismatch) {
    WithColor::error(errs(), "kdsl-synth") << mismatch << "\n";
  });
  if (!result)
    return fail(toString(result.takeError()));
  outs() << *result << "\n";
  return result->getAsObject()->getInteger("mismatches").value_or(1) == 0 ? 0 : 1;
}

/// kdsl-synth score DATASET CANDIDATES.jsonl.
int SynthTool::runScore() {
  if (scoreArgs.size() != 2)
    return fail("score needs DATASET and CANDIDATES.jsonl");
  ScoreLimits limits;
  limits.cpuSeconds = scoreCpu;
  limits.wallSeconds = scoreWall;
  limits.extraInputs = scoreInputs;
  limits.dumpInputs = scoreDumpInputs;
  limits.allowInlineAsm = scoreAllowAsm;
  if (Error e = scoreCandidates(scoreArgs[0], scoreArgs[1], outs(), limits))
    return fail(toString(std::move(e)));
  return 0;
}

/// kdsl-synth diversity -n COUNT.
int SynthTool::runDiversity() {
  GenOptions g;
  g.maxDepth = std::max(1, int(maxDepth));
  g.statements = std::max(1, int(statementsOpt));
  outs() << formatv("{0:2}", generatorDiversity(seed, sampleCount, g)) << "\n";
  return 0;
}

/// kdsl-synth merge -o OUT [--dedup] DIR...
int SynthTool::runMerge() {
  if (outDir.empty() || positional.empty())
    return fail("merge needs -o OUT and the directories to merge");
  MergeOptions options;
  options.dedup = mergeDedup;
  auto merged = mergeDatasets(std::vector<std::string>(positional.begin(), positional.end()),
                              outDir, options);
  if (!merged)
    return fail(toString(merged.takeError()));
  outs() << *merged << "\n";
  return 0;
}

/// kdsl-synth export DATASET OUT.
int SynthTool::runExport() {
  if (exportArgs.size() != 2)
    return fail("export needs DATASET and OUT");
  ExportOptions options;
  options.layout = exportLayout;
  options.force = exportForce;
  auto summary = exportDataset(exportArgs[0], exportArgs[1], options);
  if (!summary)
    return fail(toString(summary.takeError()));
  outs() << *summary << "\n";
  return 0;
}

/// kdsl-synth show [--seed S] [--category C] INDEX.
int SynthTool::runShow() {
  uint64_t index;
  if (positional.size() != 1 || StringRef(positional[0]).getAsInteger(10, index))
    return fail("show needs one index");
  std::vector<std::string> cats;
  for (StringRef c : allCategories())
    cats.push_back(c.str());
  std::string cat =
      showCategory.empty() ? pickCategory(seed, index, cats) : showCategory.getValue();
  if (!is_contained(allCategories(), StringRef(cat)))
    return fail("unknown category '" + cat + "'");
  GenOptions g;
  g.maxDepth = std::max(1, int(maxDepth));
  g.statements = std::max(1, int(statementsOpt));
  g.difficulty = difficultyList;
  g.tidyExpressions = !rawExpressions;
  Program p = generateProgram(programSeed(seed, showAttempt), index, cat, g);
  outs() << "# category: " << p.category << "\n# difficulty: " << p.difficulty << " (score "
         << p.difficultyScore << ")\n"
         << p.source << "\n# spec: " << p.spec << "\n";
  return 0;
}

int SynthTool::run() {
  if (generateCmd)
    return runGenerate();
  if (statsCmd)
    return runStats();
  if (validateCmd)
    return runValidate();
  if (scoreCmd)
    return runScore();
  if (diversityCmd)
    return runDiversity();
  if (mergeCmd)
    return runMerge();
  if (exportCmd)
    return runExport();
  if (showCmd)
    return runShow();
  return fail("use a subcommand: generate, stats, validate, merge, export, score, show or "
              "diversity (--help)");
}

static ManagedStatic<SynthTool> tool;

cl::OptionCategory &kdsl::synth::registerSynthOptions() { return tool->synthCategory; }

int kdsl::synth::synthMain(int argc, char **argv) {
  if (Error e = kdsl::expandResponseFiles(argc, argv))
    return fail(toString(std::move(e)));
  // --help shows kdsl-synth's options; LLVM's stay behind --help-hidden.
  kdsl::driver::hideOptionsOutside(registerSynthOptions());
  cl::ParseCommandLineOptions(
      argc, argv,
      "kdsl-synth: verified kernel -> C++/CUDA/PTX pairs (docs/synth.md)\n\n"
      "  kdsl-synth SUBCOMMAND --help lists a subcommand's options; "
      "--help-hidden also lists LLVM's own.\n");
  return tool->run();
}
