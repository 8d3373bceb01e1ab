//===- Kdsl.h - the kdsl dialect: types, ops -------------------*- C++ -*-===//
#ifndef KDSL_DIALECT_KDSL_H
#define KDSL_DIALECT_KDSL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "kdsl/KdslDialect.h.inc"
#include "kdsl/KdslEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "kdsl/KdslTypes.h.inc"

#define GET_OP_CLASSES
#include "kdsl/KdslOps.h.inc"

namespace kdsl {
/// Registers kdsl and every upstream dialect that front-end output uses.
void registerKdslDialects(mlir::DialectRegistry &registry);
} // namespace kdsl

#endif // KDSL_DIALECT_KDSL_H
