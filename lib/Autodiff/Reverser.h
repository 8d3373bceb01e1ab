//===- Reverser.h - the reverse sweep of kdsl-autodiff ----------*- C++ -*-===//
//
// Builds the body of an adjoint kernel from a primal kernel body that has
// been inlined and expanded (only arith, math, vector, scf and kdsl memory
// and struct ops remain).
//
// Strategy (docs/autodiff.md): the adjoint kernel first recomputes the
// forward values (without the stores, atomics and asserts), then walks the
// ops backwards. Adjoints are SSA values; a region op carries the adjoints
// of the outer values it uses as results (scf.if) or iteration arguments
// (scf.for). A block is reversed right after it is recomputed, in the same
// scope, so its values are at hand:
//  - scf.if: the reversed if recomputes the taken branch, then reverses it;
//  - scf.for / scf.while: the recomputation records the values carried into
//    every iteration on a per-thread tape (a stack buffer of trip-count
//    entries; a while loop runs once more first to count its iterations).
//    The reversed loop runs the iterations backwards: it reloads iteration
//    k's carried values, recomputes the body and reverses it.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_AUTODIFF_REVERSER_H
#define KDSL_LIB_AUTODIFF_REVERSER_H

#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::func {
class CallOp;
class FuncOp;
} // namespace mlir::func
namespace mlir {
class SymbolTable;
}

namespace kdsl {

/// Before inlining (CustomGradCalls.cpp): redirects a call of a func with a
/// custom replay to the replay, and returns true (marking the call) when the
/// func has a custom gradient: such calls stay calls.
bool keepCustomCall(mlir::func::CallOp call, mlir::SymbolTable &symbols);
/// A call kept by keepCustomCall.
bool isCustomGradCall(mlir::Operation *op);
/// A call keepCustomCall kept as forward-only (GradFuncs.cpp): of a
/// wp.grad(f) func or of a func that calls one. It is recomputed, and
/// reversed as a constant (as in Warp, no gradient flows through it).
bool isForwardOnlyCall(mlir::Operation *op);
/// Inlines every call in `root` but those keepCustomCall keeps and those of
/// funcs canKeepCall accepts whose arrays `root` does not write, which it
/// marks as calls of their adj_<f> (AdjointKernel.cpp). A value that replaces a named call result
/// takes its name; one that cannot carry it in its location (a result of a multi-result op: the
/// scf.if of a func with early returns) is added to `unnamed`, when given, with the name (for
/// Reverser::nameValue).
mlir::LogicalResult inlineCalls(mlir::Operation *root, mlir::SymbolTable &symbols,
                                llvm::DenseMap<mlir::Value, std::string> *unnamed = nullptr);
/// The array a view (subarray, field view) is of.
inline mlir::Value baseArrayOf(mlir::Value v) {
  while (true) {
    if (auto s = v.getDefiningOp<SubArrayOp>())
      v = s.getArray();
    else if (auto f = v.getDefiningOp<FieldViewOp>())
      v = f.getArray();
    else
      return v;
  }
}

/// Whether calls of `f` can stay calls in an adjoint, reversed by a call of
/// adj_<f> (AdjointFuncs.cpp): f writes no array but local ones, asserts and
/// prints nothing, calls only such funcs and takes no struct holding arrays.
bool canKeepCall(mlir::func::FuncOp f, mlir::SymbolTable &symbols);
/// The arrays `root` writes, views resolved to the array they view: by its
/// stores and atomics, and (conservatively: every array they are given) by
/// the calls that cannot stay calls.
llvm::DenseSet<mlir::Value> arraysWrittenIn(mlir::Operation *root, mlir::SymbolTable &symbols);
/// Erases what in `root` computes values nothing uses: trivially dead ops,
/// and calls marked kdsl.pure (a recomputation the reverse sweep did not
/// need, an adj_<f> whose adjoints reach no array), to a fixed point.
/// `onlyFromPureCalls`: only such calls and what computes from their
/// results (a kernel's adjoint keeps its recomputation as it is built: the
/// pipelines canonicalize it).
void eraseDeadCode(mlir::Operation *root, bool onlyFromPureCalls = false);
/// adj_<f>, built at the first request (AdjointFuncs.cpp).
mlir::FailureOr<mlir::func::FuncOp> adjointFunc(mlir::func::FuncOp f, mlir::SymbolTable &symbols);
/// Once the adjoints are built: drops kdsl.grad / kdsl.replay from the funcs
/// and erases the gradients and replays nothing calls.
void dropCustomGradAttrs(mlir::ModuleOp module);

class Reverser : public AdjointBuilder {
public:
  /// `arrayAdjoints` maps each primal array argument to its adjoint array.
  /// `ownElementOnly`: the primal arrays whose reads all index the thread's
  /// own element.
  Reverser(mlir::OpBuilder &b, llvm::DenseMap<mlir::Value, mlir::Value> arrayAdjoints,
           llvm::DenseSet<mlir::Value> ownElementOnly)
      : b(b), arrayAdj(std::move(arrayAdjoints)), ownElement(std::move(ownElementOnly)) {}

  /// Maps a primal value (a kernel argument) to its value in the adjoint.
  void mapPrimal(mlir::Value from, mlir::Value to) { map.map(from, to); }
  /// The source name of a primal kernel argument (its adjoints are adj_<name>).
  void nameArgument(mlir::Value primalArg, llvm::StringRef name) {
    argNames[primalArg] = name.str();
  }
  /// The source name of a primal value whose location cannot hold it or
  /// holds another (see inlineCalls); its adjoints are adj_<name>, or have it
  /// as an alias.
  void nameValue(mlir::Value v, llvm::StringRef name) { argNames.try_emplace(v, name.str()); }

  /// The kernel depends on its block's lanes (kdsl/Transforms/Lanes.h):
  /// the adjoints follow docs/design/tiles.md, "Adjoints of lane-dependent
  /// kernels". `entry`: the block at whose start the lane index goes.
  void setLaneKernel(mlir::Block *entry) { laneEntry = entry; }

  /// Recomputes `block` and then emits its reverse, at the insertion point.
  llvm::LogicalResult differentiateBlock(mlir::Block &block);
  /// differentiateBlock with `seed` called between the two (to give the
  /// values the block returns their adjoints, through accumulate).
  llvm::LogicalResult differentiateBlock(mlir::Block &block, llvm::function_ref<void()> seed);

  // AdjointBuilder
  mlir::OpBuilder &builder() override { return b; }
  mlir::Value primal(mlir::Value v) override { return map.lookupOrDefault(v); }
  mlir::Value adjoint(mlir::Value result) override { return adj.lookup(result); }
  void accumulate(mlir::Value v, mlir::Value contribution) override;
  void accumulateAt(mlir::Value v, llvm::ArrayRef<mlir::OpFoldResult> position,
                    mlir::Value contribution) override;
  mlir::FailureOr<mlir::Value> adjointArray(mlir::Operation *user, mlir::Value array) override;
  /// Also true of local arrays (the thread's own): no atomics.
  bool readsOwnElementOnly(mlir::Value array) override;
  bool laneKernel() override { return laneEntry != nullptr; }
  llvm::LogicalResult
  reverseElementRegion(mlir::Block &body, mlir::ValueRange args, mlir::Value resultAdjoint,
                       llvm::ArrayRef<mlir::Value> outer,
                       llvm::SmallVectorImpl<mlir::Value> &argAdjoints,
                       llvm::SmallVectorImpl<mlir::Value> &outerAdjoints) override;

private:
  struct Tape {
    mlir::Value count;                    // iterations (i64)
    llvm::SmallVector<mlir::Value> slots; // memref<?xT>, one per carried value
  };

  llvm::LogicalResult recompute(mlir::Block &block);
  llvm::LogicalResult recomputeOp(mlir::OpBuilder &ob, mlir::Operation &op);
  llvm::LogicalResult recordFor(mlir::scf::ForOp op);
  llvm::LogicalResult recordWhile(mlir::scf::WhileOp op);
  mlir::FailureOr<mlir::scf::WhileOp> cloneWhileCounting(mlir::scf::WhileOp op,
                                                         llvm::ArrayRef<mlir::Value> tape);

  llvm::LogicalResult reverse(mlir::Block &block);
  llvm::LogicalResult reverseOp(mlir::Operation &op);
  llvm::LogicalResult reverseIf(mlir::scf::IfOp op);
  /// A store or atomic on a local array (wp.zeros): adjoint, then undone.
  llvm::LogicalResult reverseLocalWrite(mlir::Operation &op);
  /// An op kdsl-expand-builtins rewrites (dot, matmul, quat_to_matrix, ...):
  /// the forward replay keeps the op; its reverse recomputes the op's
  /// expansion (scalar math) and reverses that (ReverseExpanded.cpp).
  llvm::LogicalResult reverseExpanded(mlir::Operation &op);
  /// A call of a func with a custom gradient: a call of the gradient.
  llvm::LogicalResult reverseCustomCall(mlir::func::CallOp call);
  /// The tape of a loop to reverse, with the adjoints of its results; null
  /// when nothing depends on the loop.
  mlir::FailureOr<const Tape *> tapeToReverse(mlir::Operation *loop,
                                              llvm::SmallVectorImpl<mlir::Value> &resAdj);
  llvm::LogicalResult reverseFor(mlir::scf::ForOp op);
  llvm::LogicalResult reverseWhile(mlir::scf::WhileOp op);
  /// The loop both reversals share: `for it in [0, count)` with k = count - 1
  /// - it, carrying adjoints (initially `carriedInit`, then what `carriedOut`
  /// gives after `iteration(k, carried adjoints)`) and those of `outer`, whose
  /// adjoints it updates. `scoped`: an allocation scope per iteration.
  /// `results`: the final carried adjoints, then the outer ones.
  llvm::LogicalResult buildReversedLoop(
      mlir::Location loc, mlir::Value count, mlir::ValueRange carriedInit,
      llvm::ArrayRef<mlir::Value> outer, bool scoped,
      llvm::function_ref<llvm::LogicalResult(mlir::Value, mlir::ValueRange)> iteration,
      llvm::function_ref<void(llvm::SmallVectorImpl<mlir::Value> &)> carriedOut,
      llvm::SmallVectorImpl<mlir::Value> &results);

  /// In a lane-dependent kernel: the contribution a rule of the block's
  /// (a tile op's) makes to a per-lane value, given to lane 0 only.
  mlir::Value toFirstLane(mlir::Value v, mlir::Value contribution);
  /// This lane's index (i32), made once at the start of laneEntry.
  mlir::Value laneIndex();

  /// The adjoint of v, materializing zero when there is none yet.
  mlir::Value adjointOrZero(mlir::Value v);
  /// Forgets the adjoints of every value defined in `block` (before it is
  /// reversed once more in another scope).
  void forget(mlir::Block &block);

  mlir::OpBuilder &b;
  mlir::IRMapping map; // primal value -> its recomputed value
  llvm::DenseMap<mlir::Value, mlir::Value> adj;
  llvm::DenseMap<mlir::Value, mlir::Value> arrayAdj;
  llvm::DenseSet<mlir::Value> ownElement;
  /// Local arrays (kdsl.local_array results) -> their adjoint local arrays,
  /// and the value each replayed write of one overwrote (latest recompute).
  llvm::DenseMap<mlir::Value, mlir::Value> localAdj;
  llvm::DenseMap<mlir::Operation *, mlir::Value> overwritten;
  llvm::DenseMap<mlir::Operation *, Tape> tapes;
  llvm::DenseMap<mlir::Value, std::string> argNames;
  /// A lane-dependent kernel's entry (null: another kernel), its lane index,
  /// and the op whose rule runs (rules of the block's ops give per-lane
  /// values their contributions through toFirstLane).
  mlir::Block *laneEntry = nullptr;
  mlir::Value lane;
  mlir::Operation *ruleOf = nullptr;
  /// Readable emission (kdsl/Dialect/SourceNames.h): the adjoint `a` of the
  /// primal `v` of a named source variable gets the name adj_<name>.
  void nameAdjoint(mlir::Value v, mlir::Value a);
  /// The source variable whose value the primal `v` is (its name, what
  /// carries it out of a loop or an if, or nameValue's), or "".
  llvm::StringRef variableNameOf(mlir::Value v);
};

} // namespace kdsl

#endif
