//===- CustomGradAttrs.h - attributes of custom gradients -------*- C++ -*-===//
//
// @wp.func_grad / @wp.func_replay in the IR (docs/autodiff.md): the front end
// marks a func.func with its custom gradient and replay funcs; kdsl-autodiff
// reads them.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_CUSTOMGRADATTRS_H
#define KDSL_DIALECT_CUSTOMGRADATTRS_H

namespace kdsl {

/// On a func.func f: the symbol of its custom gradient g. The adjoint keeps
/// calls of f whole and reverses each with a call of g.
inline constexpr char kCustomGradAttr[] = "kdsl.grad";
/// On a func.func f: the symbol of the func the adjoint's recomputation
/// calls instead of f.
inline constexpr char kCustomReplayAttr[] = "kdsl.replay";
/// On a custom gradient g of f: the indices of f's parameters that g's
/// results are the adjoints of, in order.
inline constexpr char kAdjointParamsAttr[] = "kdsl.adjoint_params";
/// On g: the indices of f's array parameters whose adjoint arrays g takes
/// after f's parameters and the adjoints of f's results.
inline constexpr char kAdjointArraysAttr[] = "kdsl.adjoint_arrays";

} // namespace kdsl

#endif
