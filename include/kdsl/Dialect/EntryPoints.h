//===- EntryPoints.h - the ABI entry points, as IR for the printer -*- C++ -*-===//
//
// kdsl-build-entry-points (the last step of kdsl-prepare-emission{target=...})
// writes into the IR what the C++/CUDA C printer used to decide: each
// kernel's entry point (kEntryPointAttrName, a #kdsl.entry_point attribute
// whose target fixes the ABI, EntryAbi), the thread range and launch extents
// as `emitc.literal` values of the entry point's parameters, the loop over
// threads (kGridLoopAttrName) and the split of its index into the thread
// coordinates (kThreadSplitAttrName, kThreadCoordAttrName). The kdsl dialect
// verifies the four attributes (KdslDialect::verifyOperationAttribute).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_ENTRYPOINTS_H
#define KDSL_DIALECT_ENTRYPOINTS_H

#include "kdsl/Dialect/Kdsl.h"

namespace kdsl {

/// On a kdsl.kernel: its entry point (#kdsl.entry_point, EntryPointAttr).
constexpr llvm::StringLiteral kEntryPointAttrName = "kdsl.entry_point";
/// On the scf.for a kernel runs its body in: the loop over its threads.
constexpr llvm::StringLiteral kGridLoopAttrName = "kdsl.grid_loop";
/// On the arith.remsi / arith.divsi that split the loop over threads' index
/// over the launch extents: printed inline, `(thread % dims[1])`.
constexpr llvm::StringLiteral kThreadSplitAttrName = "kdsl.thread_split";
/// On the arith.trunci that is a thread coordinate (wp.tid()): its name
/// where the source gives none (`tid`, `i`, `j`, ...).
constexpr llvm::StringLiteral kThreadCoordAttrName = "kdsl.thread_coord";

/// One parameter of an ABI: its C type and name.
struct EntryParam {
  llvm::StringLiteral type, name;
};

/// What a target's ABI fixes for every entry point (docs/architecture.md):
///
///   comment    the text of the `// kernel <k>: ...` line above it
///   specifiers what precedes its name (`extern "C"`, `void`, ...), before
///              the kernel's own launch bounds
///   params     the ABI's parameters
///   argsFrom   the `void **` parameter the kernel's arguments are read from
///              (`kdsl::read_arg<T>(args[i])`); empty: they follow the
///              parameters, by value
///   asmLabel   a mangled name keeps the symbol with an `__asm__` label
///   begin, end, step, dims
///              how the body spells the thread range (an empty step: the
///              constant 1) and the launch extents (`dims[d]`)
struct EntryAbi {
  llvm::StringLiteral comment;
  llvm::ArrayRef<llvm::StringLiteral> specifiers;
  llvm::ArrayRef<EntryParam> params;
  llvm::StringLiteral argsFrom;
  bool asmLabel;
  llvm::StringLiteral begin, end, step, dims;

  /// The index of the parameter called `name`, if there is one.
  std::optional<unsigned> paramIndex(llvm::StringRef name) const;
};

/// The ABI of the C++ or the CUDA C entry points.
const EntryAbi &entryAbi(EntryTarget target);

/// Verifies one of the four attributes above on `op` (the dialect's
/// verifyOperationAttribute); other kdsl.* attributes pass.
llvm::LogicalResult verifyEntryPointAttribute(mlir::Operation *op, mlir::NamedAttribute attr);

} // namespace kdsl

#endif
