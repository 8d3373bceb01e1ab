//===- ProgramGen.cpp - random well-typed Warp kernels --------------------===//
//
// generateProgram: a program per (seed, index), drawn again until the
// realism analysis finds it live (and of the --difficulty level asked for);
// the difficulty score; the category draw. The generator itself is Gen
// (Gen.h): GenFree.cpp, Motifs*.cpp.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Synth/Generator/ProgramGen.h"
#include "Gen.h"
#include "kdsl/Synth/Generator/Realism.h"

#include "kdsl/Driver/Driver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>

using namespace kdsl::synth;
using kdsl::synth::gen::Gen;
using kdsl::synth::gen::mix;
using kdsl::synth::gen::Rng;

llvm::ArrayRef<llvm::StringRef> kdsl::synth::allCategories() {
  static const llvm::StringRef names[] = {
      "arithmetic",   "math",         "vector",       "matrix",
      "control_flow", "atomic",       "nested_loop",  "multi_conditional",
      "combined",     "scalar_param", "loop_carried", "func_call",
      "array2d",      "quaternion",   "struct",       "random",
      "spatial",      "generic",      "tile",         "geometry"};
  return names;
}

int kdsl::synth::difficultyScore(llvm::StringRef source) {
  int stmts = 0, depth = 0, cf = 0, ops = 0, funcs = 0;
  bool inDef = false;
  llvm::SmallVector<llvm::StringRef> lines;
  source.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::StringRef s = line.trim();
    if (s.empty() || s.starts_with("#"))
      continue;
    int ind = int(line.size() - line.ltrim(' ').size()) / 4;
    if (ind == 0) {
      inDef = s.starts_with("def ");
      funcs += s == "@wp.func";
      continue;
    }
    if (!inDef)
      continue;
    ++stmts;
    depth = std::max(depth, ind - 1);
    llvm::StringRef word = s.split(' ').first.rtrim(':');
    if (word == "if" || word == "elif" || word == "else" || word == "for" || word == "while" ||
        word == "break" || word == "continue")
      ++cf;
    llvm::StringRef code = s.split('#').first;
    for (size_t p = 0; p < code.size();) {
      if (code.substr(p).starts_with("wp.")) {
        size_t q = p + 3;
        while (q < code.size() &&
               (llvm::isLower(code[q]) || llvm::isDigit(code[q]) || code[q] == '_'))
          ++q;
        if (q > p + 3 && q < code.size() && code[q] == '(') {
          ++ops;
          p = q + 1;
          continue;
        }
      }
      if (llvm::StringRef("-+*/%").contains(code[p]))
        ++ops;
      ++p;
    }
  }
  return stmts + 3 * depth + 2 * cf + ops / 4 + 2 * funcs;
}

int kdsl::synth::difficultyLevel(int score) {
  // About the quintiles of `generate -n 1000 --seed 11` (docs/synth.md, Difficulty).
  static const int upper[] = {10, 15, 19, 24};
  for (int l = 0; l < 4; ++l)
    if (score <= upper[l])
      return l + 1;
  return 5;
}

bool kdsl::synth::parseDifficulty(llvm::StringRef spec, std::vector<int> &levels,
                                  std::vector<double> &weights, std::string &error) {
  llvm::SmallVector<llvm::StringRef> items;
  spec.split(items, ',', -1, false);
  for (llvm::StringRef item : items) {
    auto [l, w] = item.trim().split(':');
    int level;
    double weight = 1.0;
    if (l.getAsInteger(10, level) || level < 1 || level > 5) {
      error = "bad difficulty level '" + l.str() + "' (levels 1 to 5)";
      return false;
    }
    if (item.contains(':') && (w.getAsDouble(weight) || weight < 0)) {
      error = "bad weight '" + w.str() + "' for difficulty " + l.str();
      return false;
    }
    levels.push_back(level);
    weights.push_back(weight);
  }
  if (levels.empty()) {
    error = "--difficulty needs levels (e.g. 1:3,2:2,3)";
    return false;
  }
  return true;
}

Program kdsl::synth::generateProgram(uint64_t seed, uint64_t index, llvm::StringRef category,
                                     const GenOptions &options, mlir::MLIRContext *ctx) {
  // With --difficulty, the level is drawn from (seed, index) by weight, the
  // generator's sizes follow it, and programs are drawn again until one has
  // it (the closest live one after 64 attempts).
  int target = 0;
  GenOptions o = options;
  std::vector<int> levels;
  std::vector<double> weights;
  std::string error;
  if (!options.difficulty.empty() && parseDifficulty(options.difficulty, levels, weights, error)) {
    Rng r{mix(seed, index, 3)};
    double total = 0;
    for (double w : weights)
      total += w;
    double x = r.uniform() * total;
    target = levels.back();
    for (size_t k = 0; k < levels.size(); ++k) {
      x -= weights[k];
      if (x < 0) {
        target = levels[k];
        break;
      }
    }
    static const int stmts[] = {1, 2, 3, 4, 5}, depths[] = {2, 2, 3, 3, 4};
    o.statements = stmts[target - 1];
    o.maxDepth = depths[target - 1];
  }
  // A program with a dead assignment, an unused parameter, a float input
  // without a gradient path, a constant store, a same-operand operation or
  // its category's feature not in the output is drawn again, from (seed,
  // index, attempt): deterministic. The last attempt is kept in any case.
  // With a context, a draw is parsed and checked by the driver's front end
  // (driver::parsePython) and the program keeps its parse, which buildSample
  // lowers: one parse per program.
  const unsigned attempts = target ? 64 : 32;
  Program p;
  std::shared_ptr<driver::ParsedPython> parsed, bestParsed;
  unsigned attempt = 0, best = 0;
  int bestGap = 1 << 20;
  for (; attempt < attempts; ++attempt) {
    p = Gen(seed, index, category, /*f64=*/false, o, attempt).run();
    parsed.reset();
    if (ctx)
      parsed = driver::parsePython(p.source, p.kernelName + ".py", *ctx);
    std::string why;
    RealismFacts facts =
        parsed && parsed->checked ? analyzeRealism(*parsed->checked) : analyzeRealism(p.source);
    bool live = isLiveProgram(facts, category, &why);
    // Nesting six or more calls and operators deep only where a motif's
    // formula has it: a free program that deep is drawn again.
    if (live && p.motif.empty() && facts.expressionDepth >= kDeepExpression) {
      live = false;
      why = "an expression nested " + std::to_string(facts.expressionDepth) + " deep";
    }
    if (getenv("KDSL_SYNTH_DEBUG") && !live)
      llvm::errs() << "redraw " << index << " " << category << ": " << why << "\n"
                   << p.source << "\n";
    int gap = target ? std::abs(difficultyLevel(difficultyScore(p.source)) - target) : 0;
    if (live && gap == 0)
      break;
    if (live && gap < bestGap)
      best = attempt, bestGap = gap, bestParsed = parsed;
    if (attempt + 1 == attempts) {
      if (bestGap < (1 << 20) && best != attempt) {
        p = Gen(seed, index, category, /*f64=*/false, o, attempt = best).run();
        parsed = std::move(bestParsed);
      }
      break;
    }
  }
  p.parsed = std::move(parsed);
  if (p.kernels.empty())
    p.kernels = {p.kernelName};
  p.difficultyScore = difficultyScore(p.source);
  p.difficulty = difficultyLevel(p.difficultyScore);
  // The same random stream prints both precisions: the same structure.
  Program twin = Gen(seed, index, category, /*f64=*/true, o, attempt).run();
  p.source64 = std::move(twin.source);
  p.spec64 = std::move(twin.spec);
  return p;
}

std::string kdsl::synth::pickCategory(uint64_t seed, uint64_t index,
                                      llvm::ArrayRef<std::string> categories,
                                      llvm::ArrayRef<double> weights) {
  Rng rng{mix(seed, index, 2)};
  double total = 0;
  for (size_t k = 0; k < categories.size(); ++k)
    total += weights.empty() ? 1.0 : weights[k];
  double r = rng.uniform() * total;
  for (size_t k = 0; k < categories.size(); ++k) {
    r -= weights.empty() ? 1.0 : weights[k];
    if (r < 0)
      return categories[k];
  }
  return categories.back();
}

uint64_t kdsl::synth::programSeed(uint64_t seed, unsigned attempt) {
  if (attempt == 0)
    return seed;
  uint64_t words[2] = {seed, uint64_t(attempt)};
  return llvm::xxh3_64bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(words), sizeof(words)));
}
