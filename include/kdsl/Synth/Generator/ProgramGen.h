//===- ProgramGen.h - random well-typed Warp kernels ------------*- C++ -*-===//
//
// kdsl-synth's program generator: builds a kernel from the language's types
// and builtins (type-directed expression and statement synthesis), not from
// string templates, together with the launch spec of its inputs. Everything
// is a function of (seed, index): the same pair gives the same program.
//
// Each program comes in two precisions with the same structure: the sample
// (float32: `float`, `wp.vec3`, ...) and a float64 twin (`wp.float64`,
// `wp.vec3d`, ...) that validation differentiates by finite differences.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_PROGRAMGEN_H
#define KDSL_SYNTH_PROGRAMGEN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace kdsl::driver {
struct ParsedPython;
} // namespace kdsl::driver

namespace kdsl::synth {

/// The 18 categories, in a fixed order.
llvm::ArrayRef<llvm::StringRef> allCategories();

struct GenOptions {
  /// Expression depth and statements per kernel body.
  int maxDepth = 3;
  int statements = 3;
  /// Launch size (threads) of 1-D kernels of the free generator; 2-D ones
  /// use 4 x 4. Motif programs launch threads/2 to 2 * threads (1-D) or 2
  /// to 6 per dimension (2-D to 4-D).
  int threads = 8;
  /// The share of programs built from a motif (lib/Synth/ProgramGen.cpp,
  /// "Motifs"); the rest come from the free type-directed statements.
  double motifShare = 0.75;
  /// The share of programs of several kernels (launched in sequence on
  /// shared arrays: lib/Synth/Generator/MotifsPrograms.cpp) in the
  /// categories that have such programs.
  double programShare = 0.5;
  /// The free statements' expressions with the parentheses a person writes
  /// (Generator/Tidy.cpp); false: as composed, every operation
  /// parenthesized (`show --raw-expressions`, for tests).
  bool tidyExpressions = true;
  /// Difficulty levels to draw (`--difficulty 1:3,2:2,3`: levels 1 to 5,
  /// optionally weighted); empty: any level, as drawn.
  std::string difficulty;
};

struct Program {
  std::string category;
  std::string kernelName; // named for what it does (Names.cpp); a program's first kernel
  /// Every kernel of the source, in order (kernelName first); one for a
  /// program of one kernel. With several, `spec` is kdsl-run's general form.
  std::vector<std::string> kernels;
  std::string source; // float32, the sample
  std::string
      source64; // the float64 twin (its kernel, funcs and structs named with a "d" at the end)
  llvm::json::Value spec = nullptr;   // kdsl-run short-form spec of `source`, with "backward"
  llvm::json::Value spec64 = nullptr; // the same for `source64`
  /// difficultyLevel(source) and the score behind it.
  int difficulty = 0, difficultyScore = 0;
  /// The motif the program was built from (docs/synth.md, "Motifs": e.g.
  /// "springs", "stencil2d"); empty for the free type-directed generator.
  std::string motif;
  /// The front end's parse of `source` when generateProgram had a context:
  /// buildSample lowers it (once) instead of parsing the source again.
  std::shared_ptr<driver::ParsedPython> parsed;
};

/// The difficulty score of a program's source (docs/synth.md, "Difficulty"):
/// S + 3*D + 2*C + O/4 + 2*F over the lines of its kernel and @wp.funcs, with
/// S statements, D the deepest nesting (0: a def's own body), C control-flow
/// statements (if, elif, else, for, while, break, continue), O operators
/// (+ - * / %, each character) and wp.NAME( calls, F @wp.funcs.
int difficultyScore(llvm::StringRef source);
/// The level of a score: 1 (<= 10), 2 (<= 15), 3 (<= 19), 4 (<= 24), 5.
int difficultyLevel(int score);
/// Parses `--difficulty` ("1:3,2:2,3"): levels 1 to 5, weights >= 0 (1 if
/// not given). False, with `error`, on a bad list.
bool parseDifficulty(llvm::StringRef spec, std::vector<int> &levels, std::vector<double> &weights,
                     std::string &error);

/// The program of `index` in a run with `seed`; `category` is one of
/// allCategories(). With `ctx`, each draw is parsed and type-checked by the
/// driver in `ctx` (the realism checks read that AST) and the program keeps
/// the parse of the draw it returns (Program::parsed).
Program generateProgram(uint64_t seed, uint64_t index, llvm::StringRef category,
                        const GenOptions &options = {}, mlir::MLIRContext *ctx = nullptr);

/// Deterministic category choice for `index` among `categories` (weights
/// equal unless given; same length as `categories`).
std::string pickCategory(uint64_t seed, uint64_t index, llvm::ArrayRef<std::string> categories,
                         llvm::ArrayRef<double> weights = {});

/// The seed generateProgram gets for attempt `attempt` at an index of a run
/// with `seed`: `seed` itself for attempt 0; for a later attempt (the index's
/// sample of the previous attempt failed validation or duplicated another),
/// a hash of (seed, attempt). The index stays the program's index.
uint64_t programSeed(uint64_t seed, unsigned attempt);

/// How many attempts an index gets before it is left without a record.
constexpr unsigned kMaxAttempts = 16;

} // namespace kdsl::synth

#endif
