//===- BuiltinsMisc.h - the rest of Warp's core builtins -------*- C++ -*-===//
//
// BuiltinTable.def's last block, Warp 1.16's
// builtins of warp/_src/builtins.py that are neither tiles nor geometry
// queries and fit no other family:
//
//  - wp.quaternion(...) (dtype=): the quaternion constructor (a type
//    constructor once its type is known);
//  - wp.transform_set_translation / transform_set_rotation(xform, v): a
//    statement that sets a local transform's part in place, exactly Warp's
//    `xform.p = v` / `xform.q = v` (desugared to that assignment), and their
//    _copy forms that return the new transform;
//  - wp.div_approx(a, b): division, approximate on the GPU (div.approx.f32);
//  - wp.cast(a, dtype): the bit pattern of `a` read as `dtype` (same size);
//  - wp.copy(a): a copy of a value;
//  - wp.breakpoint(): a debugger trap in Warp; accepted, and does nothing;
//  - wp.block_dim(): threads per block (1 on the CPU).
//
// Rules: BuiltinRulesMisc.cpp; expansions: BuiltinLoweringMisc.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINSMISC_H
#define KDSL_LIB_FRONTEND_BUILTINSMISC_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "mlir/IR/Value.h"

#include <optional>
#include <string>

namespace kdsl {
class Sema;
struct LowerCtx;

/// Rewrites a statement that is a call of transform_set_translation /
/// transform_set_rotation into the assignment it means (`xform.p = p`);
/// leaves other statements. False after an error.
bool desugarBuiltinStatement(Sema &s, Stmt *&stmt);

// The expansions of the block's records that have one (KDSL_EXPAND,
// BuiltinLoweringMisc.cpp).
mlir::Value lowerTransformSetTranslationCopy(LowerCtx &c);
mlir::Value lowerTransformSetRotationCopy(LowerCtx &c);
mlir::Value lowerDivApprox(LowerCtx &c);
mlir::Value lowerCast(LowerCtx &c);
mlir::Value lowerCopy(LowerCtx &c);
mlir::Value lowerBreakpoint(LowerCtx &c);
mlir::Value lowerBlockDim(LowerCtx &c);
mlir::Value lowerZeros(LowerCtx &c);
mlir::Value lowerArrayFromPtr(LowerCtx &c);

/// The error for a Warp builtin kdsl knows it does not implement (host-only
/// functions, fixed-size local arrays, raw pointers, builtins Warp registers
/// without an implementation), or nullopt for other names.
std::optional<std::string> unimplementedBuiltinMessage(llvm::StringRef name);

} // namespace kdsl

#endif
