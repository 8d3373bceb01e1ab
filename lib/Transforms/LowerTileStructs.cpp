//===- LowerTileStructs.cpp - tiles of @wp.struct elements ----------------===//
//
// Part of kdsl-lower-tiles (LowerTiles.h, docs/design/tiles.md): a tile of
// structs lives in a memref<N x struct> buffer like any other tile (the
// struct type is a memref element), and the tile ops move whole struct
// values; tile_map and tile_reduce regions build them from their fields as
// scalar code does. What differs is zero (a struct of zero fields, for the
// elements a partial tile leaves outside its array) and tile_atomic_add: one
// atomic per numeric field through field views of the array, as Warp's
// struct atomic_add; bool and 8- or 16-bit integer fields have no atomic and
// are not accumulated (Warp 1.16 leaves them as they are), and array fields
// are never added. t[i] += v and tile_scatter_add combine a lane's struct
// into the element with the same rule (combineStructs), as Warp's struct
// operator+= and atomic_add.
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

bool kdsl::tiles::isBufferableElement(Type t) {
  if (auto s = dyn_cast<StructType>(t))
    return llvm::all_of(s.getFieldTypes(),
                        [](Type f) { return isa<ArrayType>(f) || isBufferableElement(f); });
  if (auto v = dyn_cast<VectorType>(t))
    t = v.getElementType();
  return t.isIntOrFloat();
}

bool kdsl::tiles::holdsArray(Type t) {
  if (isa<ArrayType>(t))
    return true;
  auto s = dyn_cast<StructType>(t);
  return s && llvm::any_of(s.getFieldTypes(), holdsArray);
}

Value kdsl::tiles::zeroElement(OpBuilder &b, Location loc, Type t) {
  if (auto s = dyn_cast<StructType>(t)) {
    SmallVector<Value> fields;
    for (Type f : s.getFieldTypes())
      fields.push_back(zeroElement(b, loc, f));
    return StructCreateOp::create(b, loc, s, fields);
  }
  if (auto a = dyn_cast<ArrayType>(t)) // an array field: no data
    return NullArrayOp::create(b, loc, a);
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(t)));
}

/// Whether kdsl.atomic adds elements of `t` (numbers, vectors, matrices and
/// quaternions of them; not bool or integers under 32 bits).
static bool hasAtomicAdd(Type t) {
  Type scalar = getElementTypeOrSelf(t);
  if (!scalar.isIntOrFloat())
    return false;
  if (auto i = dyn_cast<IntegerType>(scalar))
    return i.getWidth() >= 32;
  return true;
}

Value kdsl::tiles::atomicAddElement(OpBuilder &b, Location loc, Value array, ValueRange indices,
                                    Value value) {
  auto s = dyn_cast<StructType>(value.getType());
  if (!s) {
    if (hasAtomicAdd(value.getType()))
      return AtomicOp::create(b, loc, AtomicKind::add, array, indices, value);
    // Not accumulated: the old value, unchanged.
    return LoadOp::create(b, loc, value.getType(), array, indices);
  }
  SmallVector<Value> olds;
  for (auto [name, type] : llvm::zip(s.getFieldNames(), s.getFieldTypes())) {
    Value field = StructExtractOp::create(b, loc, type, value, name);
    if (isa<ArrayType>(type)) {
      olds.push_back(field);
      continue;
    }
    Value view = FieldViewOp::create(b, loc, array, name);
    olds.push_back(atomicAddElement(b, loc, view, indices, field));
  }
  return StructCreateOp::create(b, loc, s, olds);
}

Value kdsl::tiles::combineStructs(OpBuilder &b, Location loc, bool subtract, Value old, Value v) {
  auto s = cast<StructType>(old.getType());
  if (s.getFieldTypes().empty())
    return old;
  SmallVector<Value> fields;
  for (auto [name, type] : llvm::zip(s.getFieldNames(), s.getFieldTypes())) {
    Value a = StructExtractOp::create(b, loc, type, old, name);
    if (!isa<StructType>(type) && !hasAtomicAdd(type)) { // carried
      fields.push_back(a);
      continue;
    }
    Value c = StructExtractOp::create(b, loc, type, v, name);
    if (isa<StructType>(type))
      fields.push_back(combineStructs(b, loc, subtract, a, c));
    else if (isa<FloatType>(getElementTypeOrSelf(type)))
      fields.push_back(subtract ? (Value)arith::SubFOp::create(b, loc, a, c)
                                : arith::AddFOp::create(b, loc, a, c));
    else
      fields.push_back(subtract ? (Value)arith::SubIOp::create(b, loc, a, c)
                                : arith::AddIOp::create(b, loc, a, c));
  }
  return StructCreateOp::create(b, loc, s, fields);
}
