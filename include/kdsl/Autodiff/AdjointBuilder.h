//===- AdjointBuilder.h - what a derivative rule sees ----------*- C++ -*-===//
//
// The reverse sweep of kdsl-autodiff (lib/Autodiff/Reverser.cpp) implements
// AdjointBuilder; derivative rules (AutodiffOpInterface, AutodiffInterface.td,
// attached to ops as external models by registerAutodiffInterfaceModels)
// only use it.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_AUTODIFF_ADJOINTBUILDER_H
#define KDSL_AUTODIFF_ADJOINTBUILDER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"

namespace kdsl {

class AdjointBuilder {
public:
  virtual ~AdjointBuilder() = default;
  /// Where the rule emits its ops.
  virtual mlir::OpBuilder &builder() = 0;
  /// The recomputed value, in the adjoint kernel, of a primal value.
  virtual mlir::Value primal(mlir::Value v) = 0;
  /// The adjoint of a primal result; null when nothing depends on it.
  virtual mlir::Value adjoint(mlir::Value result) = 0;
  /// Adds `contribution` to the adjoint of primal value `v`. Inactive values
  /// (integers, constants) ignore it.
  virtual void accumulate(mlir::Value v, mlir::Value contribution) = 0;
  /// Adds `contribution` to the element (or row) at `position` of the
  /// adjoint of vector value `v`: one extract, add and insert, where
  /// accumulate() of a one-hot vector would add every element (a 3x3
  /// matrix read element by element would cost 81 adds instead of 9).
  virtual void accumulateAt(mlir::Value v, llvm::ArrayRef<mlir::OpFoldResult> position,
                            mlir::Value contribution) = 0;
  /// The adjoint array (the kernel's `adj_` argument) of a primal array value,
  /// or failure with an error on `user`.
  virtual mlir::FailureOr<mlir::Value> adjointArray(mlir::Operation *user, mlir::Value array) = 0;
  /// Whether every read of the primal array in the kernel is at the thread's
  /// own index (x[i] for i = wp.tid(), a[i, j] for i, j = wp.tid()): then no
  /// two threads accumulate into the same adjoint element, and the adjoint
  /// of a read needs no atomic.
  virtual bool readsOwnElementOnly(mlir::Value array) = 0;
  /// Whether the kernel depends on its block's lanes (kdsl/Transforms/Lanes.h):
  /// its tiles' adjoints are the block's, its scalars' adjoints each lane's
  /// share (docs/design/tiles.md, "Adjoints of lane-dependent kernels").
  virtual bool laneKernel() { return false; }
  /// The element-wise derivative of a region applied per element (the body
  /// of a kdsl.tile_map): emits, at the insertion point, `body` recomputed
  /// with its arguments bound to `args`, then its reverse, seeded with
  /// `resultAdjoint` as the adjoint of the value it yields. `argAdjoints`
  /// gets the adjoint of each argument and `outerAdjoints` that of each
  /// value of `outer` (values from above that `body` uses); null where none.
  virtual mlir::LogicalResult
  reverseElementRegion(mlir::Block &body, mlir::ValueRange args, mlir::Value resultAdjoint,
                       llvm::ArrayRef<mlir::Value> outer,
                       llvm::SmallVectorImpl<mlir::Value> &argAdjoints,
                       llvm::SmallVectorImpl<mlir::Value> &outerAdjoints) = 0;
};

/// Float scalars, float vectors/matrices, structs of those and tiles of
/// those carry adjoints.
bool isDifferentiableType(mlir::Type t);
/// The zero of a differentiable type.
mlir::Value buildZero(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t);
/// a + b for two adjoints of the same differentiable type.
mlir::Value buildAdd(mlir::OpBuilder &b, mlir::Location loc, mlir::Value a, mlir::Value c);

/// Whether `v` is known to be zero (an adjoint nothing was added to, or the
/// zero part of a value): a zero constant, a broadcast of one, a vector of
/// known zeros or an element of one, a struct of known zeros, or inserts of
/// known zeros into one. The reverse sweep leaves such adjoints out.
bool isKnownZero(mlir::Value v);
/// Whether the element (or row) at constant `position` of vector `v` is
/// known to be zero: inserts at other constant positions into a known zero,
/// or a known zero element of a vector.from_elements.
bool isKnownZeroAt(mlir::Value v, llvm::ArrayRef<int64_t> position);
/// Whether field `name` of struct `s` is known to be zero.
bool isKnownZeroField(mlir::Value s, llvm::StringRef name);

} // namespace kdsl

#include "kdsl/Autodiff/AutodiffInterface.h.inc"

#endif
