//===- EntryPoints.h - the ABI entry points, as IR for the printer -*- C++ -*-===//
//
// kdsl-build-entry-points (the last step of kdsl-prepare-emission{target=...})
// writes into the IR what the C++/CUDA C printer used to decide: each
// kernel's entry point (kEntryPointAttrName, a dictionary read through
// EntryPoint), the thread range and launch extents as `emitc.literal` values
// of the entry point's parameters, the loop over threads (kGridLoopAttrName)
// and the split of its index into the thread coordinates
// (kThreadSplitAttrName, kThreadCoordAttrName). The kdsl dialect verifies the
// four attributes (KdslDialect::verifyOperationAttribute).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_ENTRYPOINTS_H
#define KDSL_DIALECT_ENTRYPOINTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace kdsl {

/// On a kdsl.kernel: its entry point (EntryPoint).
constexpr llvm::StringLiteral kEntryPointAttrName = "kdsl.entry_point";
/// On the scf.for a kernel runs its body in: the loop over its threads.
constexpr llvm::StringLiteral kGridLoopAttrName = "kdsl.grid_loop";
/// On the arith.remsi / arith.divsi that split the loop over threads' index
/// over the launch extents: printed inline, `(thread % dims[1])`.
constexpr llvm::StringLiteral kThreadSplitAttrName = "kdsl.thread_split";
/// On the arith.trunci that is a thread coordinate (wp.tid()): its name
/// where the source gives none (`tid`, `i`, `j`, ...).
constexpr llvm::StringLiteral kThreadCoordAttrName = "kdsl.thread_coord";

/// A kernel's entry point, as its kdsl.entry_point dictionary holds it:
///
///   target     "cpp" or "cuda": the emitter it is built for
///   comment    the text of the `// kernel <k>: ...` line above it
///   specifiers what precedes its name (`extern "C"`, `void`, ...)
///   symbol     its symbol (the printer mangles names beyond ASCII)
///   params     the ABI's parameters, [C type, name] each
///   args_from  (optional) the `void **` parameter the kernel's arguments are
///              read from (`kdsl::read_arg<T>(args[i])`); without it they
///              follow the parameters, by value
///   asm_label  (unit, optional) a mangled name keeps the symbol with an
///              `__asm__` label
///   unused     the parameters nothing reads, in the order the printer
///              casts them to void
struct EntryPoint {
  std::string target, comment, symbol, argsFrom;
  llvm::SmallVector<std::string> specifiers;
  llvm::SmallVector<std::pair<std::string, std::string>> params;
  llvm::SmallVector<std::string> unused;
  bool asmLabel = false;

  mlir::DictionaryAttr toAttr(mlir::MLIRContext *ctx) const;
  /// The entry point `attr` describes, or an error on `op` when it is not a
  /// well-formed kdsl.entry_point dictionary.
  static mlir::FailureOr<EntryPoint> fromAttr(mlir::Operation *op, mlir::Attribute attr);
};

/// Verifies one of the four attributes above on `op` (the dialect's
/// verifyOperationAttribute); other kdsl.* attributes pass.
llvm::LogicalResult verifyEntryPointAttribute(mlir::Operation *op, mlir::NamedAttribute attr);

} // namespace kdsl

#endif
