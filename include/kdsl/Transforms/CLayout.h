//===- CLayout.h - memory (C layout) types of kdsl values ------*- C++ -*-===//
//
// The one definition of how kdsl values lie in memory (the C layout of
// include/kdsl/Runtime/KernelABI.h). The LLVM lowering reads and writes
// memory through cLayoutType; the host side (Runtime/ValueLayout.h) and the
// lowering's element strides take sizes, alignments and field offsets from
// cLayoutOf / cStructFieldOffsets, which measure that same LLVM type.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_TRANSFORMS_CLAYOUT_H
#define KDSL_TRANSFORMS_CLAYOUT_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace kdsl {
class StructType;

/// The LLVM-dialect type of a kdsl value type in memory, in the C layout of
/// include/kdsl/Runtime/KernelABI.h: vectors as packed arrays, structs as C
/// structs, arrays as the kdsl_array descriptor.
mlir::Type cLayoutType(mlir::Type t);

/// Size and alignment in bytes.
struct CSizeAlign {
  uint64_t size = 0;
  uint64_t align = 1;
};

/// Size and alignment of cLayoutType(t) under the C rules of the kernel
/// targets (x86-64, AArch64, NVPTX, the C++ backend's compilers): every
/// scalar aligned to its size (i1 is one byte), arrays aligned like their
/// element, structs padded to their largest field alignment, the kdsl_array
/// descriptor 72 bytes, 8-aligned. nullopt for a type that has no C layout
/// (index, i128, odd integer widths, f8 types, vectors of rank > 2, ...).
///
/// Not mlir::DataLayout: without a DLTI spec it aligns i64 to 4 bytes, which
/// no kernel target does. With one (i64 = dense<64>) it would give the same
/// sizes and alignments, but not the rest: it has no query for the offsets
/// of struct fields (cStructFieldOffsets would still add fields up by hand),
/// it gives a layout to the types that have none here (index, i128, packed
/// structs: the checks stay), and it reads the spec from an op, which the
/// host side (Runtime/ValueLayout.h) asking about a bare Type does not have
/// (a module with the spec per context, the DLTI dialect loaded in every
/// context, or the spec on every kdsl module, which --emit=mlir would print).
std::optional<CSizeAlign> cLayoutOf(mlir::Type t);

/// Byte offsets of the fields of `t` in its C layout, in field order; nullopt
/// if a field has no C layout.
std::optional<llvm::SmallVector<uint64_t>> cStructFieldOffsets(StructType t);
} // namespace kdsl

#endif
