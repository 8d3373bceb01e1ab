//===- CLayout.cpp - memory (C layout) types of kdsl values ---------------===//
#include "kdsl/Transforms/CLayout.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace kdsl;

/// The kdsl_array descriptor: { ptr data, i64 shape[4], i64 strides[4] }.
static LLVM::LLVMStructType descriptorType(MLIRContext *ctx) {
  auto i64x4 = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 64), 4);
  return LLVM::LLVMStructType::getLiteral(ctx, {LLVM::LLVMPointerType::get(ctx), i64x4, i64x4});
}

Type kdsl::cLayoutType(Type t) {
  MLIRContext *ctx = t.getContext();
  if (auto v = dyn_cast<VectorType>(t)) {
    Type row = LLVM::LLVMArrayType::get(v.getElementType(), v.getShape().back());
    return v.getRank() == 1 ? row : LLVM::LLVMArrayType::get(row, v.getDimSize(0));
  }
  if (auto s = dyn_cast<StructType>(t)) {
    SmallVector<Type> fields;
    for (Type f : s.getFieldTypes())
      fields.push_back(cLayoutType(f));
    return LLVM::LLVMStructType::getLiteral(ctx, fields);
  }
  if (isa<ArrayType>(t))
    return descriptorType(ctx);
  return t;
}

/// Appends a member of layout `m` to the C struct `s`; returns its offset.
static uint64_t appendField(CSizeAlign &s, CSizeAlign m) {
  uint64_t offset = llvm::alignTo(s.size, m.align);
  s.size = offset + m.size;
  s.align = std::max(s.align, m.align);
  return offset;
}

/// The C layout of a type that cLayoutType returns (an LLVM array, literal
/// struct or pointer, or a scalar).
static std::optional<CSizeAlign> measure(Type mem) {
  return llvm::TypeSwitch<Type, std::optional<CSizeAlign>>(mem)
      .Case([](IntegerType i) -> std::optional<CSizeAlign> {
        unsigned w = i.getWidth();
        if (w != 1 && w != 8 && w != 16 && w != 32 && w != 64)
          return std::nullopt;
        uint64_t bytes = w == 1 ? 1 : w / 8;
        return CSizeAlign{bytes, bytes};
      })
      .Case([](FloatType f) -> std::optional<CSizeAlign> {
        if (!f.isF16() && !f.isF32() && !f.isF64() && !f.isBF16())
          return std::nullopt;
        uint64_t bytes = f.getWidth() / 8;
        return CSizeAlign{bytes, bytes};
      })
      // The host is 64-bit (KernelABI.h's kdsl_array is 72 bytes).
      .Case([](LLVM::LLVMPointerType) { return CSizeAlign{8, 8}; })
      .Case([](LLVM::LLVMArrayType a) -> std::optional<CSizeAlign> {
        std::optional<CSizeAlign> e = measure(a.getElementType());
        if (!e)
          return std::nullopt;
        return CSizeAlign{e->size * a.getNumElements(), e->align};
      })
      .Case([](LLVM::LLVMStructType s) -> std::optional<CSizeAlign> {
        if (s.isPacked())
          return std::nullopt;
        CSizeAlign layout;
        for (Type f : s.getBody()) {
          std::optional<CSizeAlign> fl = measure(f);
          if (!fl)
            return std::nullopt;
          appendField(layout, *fl);
        }
        layout.size = llvm::alignTo(layout.size, layout.align);
        return layout;
      })
      .Default([](Type) { return std::nullopt; });
}

/// True if cLayoutType maps `t` to a type that lays it out as the kernels do:
/// cLayoutType trusts the verified kdsl types it lowers (vectors of rank 1 or
/// 2, non-empty), the host may ask about any type.
static bool hasCLayoutType(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return !v.isScalable() && (v.getRank() == 1 || v.getRank() == 2) &&
           llvm::all_of(v.getShape(), [](int64_t d) { return d > 0; });
  if (auto s = dyn_cast<StructType>(t))
    return llvm::all_of(s.getFieldTypes(), hasCLayoutType);
  return true;
}

std::optional<CSizeAlign> kdsl::cLayoutOf(Type t) {
  if (!t || !hasCLayoutType(t))
    return std::nullopt;
  return measure(cLayoutType(t));
}

std::optional<SmallVector<uint64_t>> kdsl::cStructFieldOffsets(StructType t) {
  if (!hasCLayoutType(t))
    return std::nullopt;
  CSizeAlign layout;
  SmallVector<uint64_t> offsets;
  for (Type f : cast<LLVM::LLVMStructType>(cLayoutType(t)).getBody()) {
    std::optional<CSizeAlign> fl = measure(f);
    if (!fl)
      return std::nullopt;
    offsets.push_back(appendField(layout, *fl));
  }
  return offsets;
}
