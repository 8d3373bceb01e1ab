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

/// wp.grad(f) (docs/language.md "Gradients of functions"): on the func.func
/// `<f>__grad` the front end declares, the symbol of f; kdsl::buildGradFuncs
/// gives it its body (f's adjoint for adjoint returns of one) and replaces
/// the symbol by f's name as a string (f may be erased then).
inline constexpr char kGradOfAttr[] = "kdsl.grad_of";
/// On `<f>__grad`: the adjoint each result of f is seeded with, Warp's
/// T(1): "ones" (every component), "first" (a quaternion's (1, 0, 0, 0)) or
/// "zero" (a transform: transform_t(Type) is empty).
inline constexpr char kGradSeedsAttr[] = "kdsl.grad_seeds";
/// On a func.func that calls a `<f>__grad` (and is no custom gradient), and
/// on calls of such funcs in an adjoint: recomputed, not differentiated (as
/// in Warp, no gradient flows through them).
inline constexpr char kForwardOnlyAttr[] = "kdsl.forward_only";
/// On a func.call: the callee writes no array, asserts and prints nothing
/// (kdsl-autodiff sets it on the calls it keeps): a call whose results
/// nothing uses can go (kdsl-named-canonicalize erases it).
inline constexpr char kPureCallAttr[] = "kdsl.pure";
/// On adj_<f>, the adjoint function kdsl-autodiff built for f: f's name.
inline constexpr char kAdjointFuncOfAttr[] = "kdsl.adjoint_func_of";

} // namespace kdsl

#endif
