//===- Kdsl.h - the kdsl dialect: types, attributes, ops ------*- C++ -*-===//
#ifndef KDSL_DIALECT_KDSL_H
#define KDSL_DIALECT_KDSL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "kdsl/KdslDialect.h.inc"
#include "kdsl/KdslEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "kdsl/KdslAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "kdsl/KdslTypes.h.inc"

#define GET_OP_CLASSES
#include "kdsl/KdslOps.h.inc"

namespace kdsl {
/// Marks an adjoint kernel built by kdsl-autodiff: the primal kernel's name.
constexpr llvm::StringLiteral kAdjointOfAttrName = "kdsl.adjoint_of";
/// On an adjoint kernel: the primal arguments (indices) whose arrays it must
/// read as they were before the forward launch, because the kernel reads
/// them and later writes them (lib/Autodiff/InPlaceReads.cpp).
constexpr llvm::StringLiteral kPreLaunchArgsAttrName = "kdsl.pre_launch_args";

/// The primal kernel's name when `k` is an adjoint built by kdsl-autodiff.
std::optional<llvm::StringRef> adjointOf(KernelOp k);

/// The C/CUDA entry point of a kernel: `<k>_<target>_forward`, or
/// `<primal>_<target>_backward` for an adjoint (target "cpu" or "cuda_kernel").
std::string entryPointName(KernelOp k, llvm::StringRef target);

/// For each argument of `k`: whether the kernel (or a @wp.func it calls)
/// writes an array it holds (kdsl.store / kdsl.atomic).
llvm::SmallVector<bool> writtenArguments(KernelOp k);

/// Registers kdsl and every upstream dialect that front-end output uses, and
/// emitc (the entry points kdsl-prepare-emission{target=...} builds).
void registerKdslDialects(mlir::DialectRegistry &registry);

/// func.call's MemoryEffectOpInterface: none with `kdsl.pure`, all others
/// without (lib/Dialect/PureCalls.cpp). registerKdslDialects registers it.
void registerPureCallModel(mlir::DialectRegistry &registry);
} // namespace kdsl

#endif // KDSL_DIALECT_KDSL_H
