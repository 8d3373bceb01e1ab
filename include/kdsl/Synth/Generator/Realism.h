//===- Realism.h - how much of a generated kernel is live ------*- C++ -*-===//
//
// The analysis behind `kdsl-synth stats --realism` and the generator's
// rejection of dead programs. A source is parsed and type-checked by kdsl's
// own front end (Parser, Sema) and analysed on the AST:
//
// - liveness (backward, loops to a fixpoint): an assignment to a local whose
//   value no path reads before it is overwritten or the function ends is
//   dead;
// - dependence (forward, loops to a fixpoint): what each value depends on,
//   by data (assignments, calls through @wp.func summaries) and by control
//   (conditions and loop bounds around it, and conditions of branches that
//   break, continue or return for everything after them). Outputs are array
//   writes and atomics. A parameter no output depends on is unused; a float
//   input with no differentiable path to an output (only through floor,
//   sign, comparisons, conditions, indices, ...) has a zero gradient; a
//   store whose value depends on no parameter and not on wp.tid() writes
//   one constant in every thread. Category features (a math builtin, a vec3
//   value, an if, a dynamic loop, a @wp.func call, ...) are tracked as
//   sources too, so "the feature reaches an output" is the same question;
// - same-operand operations (`a > a`, `a - a`, `wp.min(x, x)`,
//   `wp.expect_eq(t, t)`, ...), idioms (`e*e + c` guards, math of wp.sin),
//   statement skeletons (statement kinds and nesting, expressions ignored)
//   and identifier forms (names with digit runs folded to '#').
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_REALISM_H
#define KDSL_SYNTH_REALISM_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kdsl {
class CheckedModule;
} // namespace kdsl

namespace kdsl::synth {

/// What the analysis finds in one program (every kernel and the funcs; a
/// finding in a program of several kernels names its kernel: `step.dt`).
struct RealismFacts {
  /// False when the source does not parse or type-check (then nothing else is set).
  bool ok = false;
  std::string error;
  std::string kernel; // the first kernel
  /// The kernels of the file; params counts the parameters of all of them.
  int kernels = 0;
  int params = 0, assignments = 0;
  std::vector<std::string> deadAssignments; // "line N: name"
  std::vector<std::string> unusedParams;
  /// Array parameters the kernel reads but does not write (the inputs).
  std::vector<std::string> inputArrays;
  /// Float inputs with no differentiable path to an output (static).
  std::vector<std::string> noGradPath;
  /// Arrays the kernel writes (stores, atomics).
  std::set<std::string> writtenArrays;
  bool hasAtomic = false, hasStore = false;
  /// A plain store (not an atomic) whose value depends on no parameter and
  /// not on the thread index.
  bool constantStore = false;
  std::vector<std::string> sameOperand; // the expressions, printed
  int domainGuards = 0, sinWrappers = 0;
  std::string skeleton;
  /// The deepest nesting of calls and operators in an expression of the
  /// kernel or of the program's funcs (`wp.sin(a * b)`: 2).
  int expressionDepth = 0;
  /// Module constants of the file (`DT = wp.constant(0.01)`, `N = 16`).
  int moduleConstants = 0;
  std::set<std::string> identifierForms;
  std::map<std::string, int> builtins;
  /// Feature tags that reach an output: arithmetic, math, vector, matrix,
  /// quaternion, control_flow, multi_conditional, loop_carried, nested_loop,
  /// func_call, struct, atomic, array2d, scalar_param, random (a value of
  /// wp.rand*/sample_*/noise), spatial (a transform value, a transform_* or
  /// spatial_* builtin), generic (a call of a typing.Any func's instance or
  /// of an overloaded func). Funcs of kdsl's prelude (builtins written in
  /// the Warp language) are not the program's: their inner features, names
  /// and assignments do not count.
  std::set<std::string> featuresInOutput;
};

/// The analysis of `source` (parsed and type-checked on its own; a source
/// with Warp 1.15's wp.select(cond, if_false, if_true) is read as wp.where).
/// An expression nested this many calls and operators deep, or more, is
/// one a person rarely writes (Warp's own kernels: 1.4% of them have one).
constexpr int kDeepExpression = 6;

RealismFacts analyzeRealism(llvm::StringRef source);
/// The analysis of a program the front end has checked (the generator's:
/// the same parse is then lowered, driver::translateParsed).
RealismFacts analyzeRealism(CheckedModule &checked);

/// Whether `facts` shows `category`'s feature in an output ("combined":
/// a dynamic loop, a @wp.func call, vec3, mat33 and quat values together).
bool categoryFeatureInOutput(const RealismFacts &facts, llvm::StringRef category);

/// The generator's bar: parsed, no dead assignment, no unused parameter, no
/// float input without a differentiable path to an output, no constant
/// store, no same-operand operation, and the category's feature in an
/// output. `why` gets the first problem.
bool isLiveProgram(const RealismFacts &facts, llvm::StringRef category, std::string *why = nullptr);

} // namespace kdsl::synth

#endif
