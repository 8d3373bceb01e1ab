//===- IndexedArray.h - wp.indexedarray as a kdsl struct -------*- C++ -*-===//
//
// Warp's wp.indexedarray is a view of a data array through optional
// per-dimension index arrays: element (i, j) is data[idx0[i], idx1[j]], a
// dimension without indices (None) maps directly, and the shape is the
// indices' lengths. kdsl has no type of its own for it: the front end lowers
// it to a struct of arrays (docs/language.md, "Indexed arrays"),
//
//   !kdsl.struct<"indexedarray2d_float32", {data: !kdsl.array<f32, 2>,
//                indices0: !kdsl.array<i32, 1>, indices1: !kdsl.array<i32, 1>}>
//
// (a null index array for a direct dimension), and its accesses to loads,
// stores and atomics of `data` at remapped indices. Every target, the kernel
// ABI and the adjoint (a struct's adjoint carries the adjoint arrays of its
// array fields) handle it as any struct holding arrays. Hosts (kdsl-run)
// recognise the struct by its shape to offer a JSON form of their own.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_INDEXEDARRAY_H
#define KDSL_DIALECT_INDEXEDARRAY_H

#include "kdsl/Dialect/Kdsl.h"

#include <string>

namespace kdsl {

inline constexpr llvm::StringLiteral kIndexedArrayPrefix = "indexedarray";

/// The field of the index array of dimension `d`.
inline std::string indexedArrayIndicesField(unsigned d) { return "indices" + std::to_string(d); }

/// The struct type of a wp.indexedarray of `ndim` dimensions of `elem`;
/// `dtypeName` (Warp's spelling of the element type) only names it.
inline StructType getIndexedArrayType(mlir::MLIRContext *ctx, mlir::Type elem, unsigned ndim,
                                      llvm::StringRef dtypeName) {
  mlir::Builder b(ctx);
  llvm::SmallVector<mlir::StringAttr> names{b.getStringAttr("data")};
  llvm::SmallVector<mlir::Type> types{ArrayType::get(ctx, elem, ndim)};
  for (unsigned d = 0; d < ndim; ++d) {
    names.push_back(b.getStringAttr(indexedArrayIndicesField(d)));
    types.push_back(ArrayType::get(ctx, b.getI32Type(), 1));
  }
  std::string name = (kIndexedArrayPrefix + llvm::Twine(ndim) + "d_").str();
  for (char c : dtypeName) // an identifier where it can be
    name += std::isalnum((unsigned char)c) ? c : '_';
  return StructType::get(ctx, name, names, types);
}

/// The data array's type if `t` is the struct of a wp.indexedarray, else null.
inline ArrayType indexedArrayDataType(mlir::Type t) {
  auto st = llvm::dyn_cast_or_null<StructType>(t);
  if (!st || !st.getName().starts_with(kIndexedArrayPrefix) || st.getFieldTypes().empty())
    return {};
  auto data = llvm::dyn_cast<ArrayType>(st.getFieldTypes()[0]);
  if (!data || st.getFieldNames()[0].getValue() != "data" ||
      st.getFieldTypes().size() != data.getNdim() + 1)
    return {};
  for (unsigned d = 0; d < data.getNdim(); ++d) {
    auto idx = llvm::dyn_cast<ArrayType>(st.getFieldTypes()[d + 1]);
    if (!idx || idx.getNdim() != 1 || !idx.getElementType().isInteger(32) ||
        st.getFieldNames()[d + 1].getValue() != indexedArrayIndicesField(d))
      return {};
  }
  return data;
}

} // namespace kdsl

#endif
