//===- Types.h - front-end types of the Warp language ----------*- C++ -*-===//
//
// Interned (compare by pointer) types used by Sema: Warp scalars, vectors,
// matrices, quaternions, arrays, structs, tuples (multiple return values and
// wp.tid()), plus the two literal types whose values adapt to the other
// operand (`x * 2.0` is float64 when x is).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_TYPES_H
#define KDSL_FRONTEND_TYPES_H

#include "kdsl/Support/Scalar.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace kdsl {

struct StructDef;
struct FuncDef;

/// Warp's name of a scalar (float32, int64, bool, ...); see Support/Scalar.h.
inline const char *warpName(Scalar s) { return scalarName(s); }

class Type {
public:
  enum Kind : uint8_t {
    Void,
    Scalar,
    Vec,
    Mat,
    Quat,
    Array,
    Struct,
    Tuple,
    IntLit,
    FloatLit,
    Shape,
    Function,
    Tile,
    TileStack /* wp.tile_stack: dtype, capacity in fixedShape[0] */
  };

  Kind kind;
  kdsl::Scalar scalar = kdsl::Scalar::F32; // element scalar for Vec/Mat/Quat
  uint8_t rows = 0, cols = 0;              // Vec: rows = length
  uint8_t ndim = 0;                        // Array, Shape
  /// Array: a wp.indexedarray (a view of a data array through optional
  /// per-dimension index arrays; MLIRGen lowers it to a struct, IndexedArray.h).
  bool indexed = false;
  const Type *dtype = nullptr; // Array and Tile element
  /// Array: a fixed-size local array (Warp's fixedarray, made by wp.zeros in
  /// kernel code) has its static extents here (ndim of them); empty for
  /// every other array. It is a plain array everywhere one is accepted.
  std::vector<int64_t> fixedShape;
  // Tile (a wp.tile_* value of a launch_tiled kernel, docs/design/tiles.md):
  // `dtype` its element type, `fixedShape` its 1 or 2 static extents.
  const StructDef *structDef = nullptr;
  std::vector<const Type *> elems; // Tuple
  /// Function: a function value (a wp.Function argument), known at compile
  /// time: a @wp.func (any def of an overload set) or a Warp builtin by name.
  const FuncDef *funcDef = nullptr;
  std::string builtinName;
  /// Function: `wp.grad(f)`, the gradient of that function (called with f's
  /// arguments, it gives the adjoints of f's inputs for adjoint returns of 1).
  bool grad = false;

  bool isScalar() const { return kind == Scalar; }
  bool isLiteral() const { return kind == IntLit || kind == FloatLit; }
  bool isNumeric() const { return (kind == Scalar && scalar != kdsl::Scalar::Bool) || isLiteral(); }
  bool isFloatScalar() const { return kind == Scalar && isFloat(scalar); }
  bool isIntScalar() const { return kind == Scalar && isInt(scalar); }
  bool isBool() const { return kind == Scalar && scalar == kdsl::Scalar::Bool; }
  bool isVecLike() const { return kind == Vec || kind == Mat || kind == Quat; }
  bool isArray() const { return kind == Array; }
  bool isIndexedArray() const { return kind == Array && indexed; }
  bool isPlainArray() const { return kind == Array && !indexed; }
  bool isFixedArray() const { return kind == Array && !fixedShape.empty(); }
  bool isTile() const { return kind == Tile; }
  /// A transform (transformf/d/h) is a Vec of 7 elements, p (3) then q (4),
  /// marked by cols == 1: Warp's transform_t is a vector(length=7) subclass,
  /// so everything a vector does (indexing, +, arrays) it does too.
  bool isTransform() const { return kind == Vec && cols == 1; }
  unsigned numElements() const {
    return kind == Vec ? rows : kind == Mat ? rows * cols : kind == Quat ? 4 : 1;
  }
  /// The spelling a Warp user knows: float32, vec3f, mat33d, quatf,
  /// array(dtype=vec3f, ndim=2), indexedarray(dtype=float32), Particle, (float32, int32),
  /// tile(dtype=float32, shape=(8, 4)).
  std::string str() const;
};

class TypeContext {
public:
  const Type *voidTy();
  const Type *scalar(Scalar s);
  const Type *boolTy() { return scalar(Scalar::Bool); }
  const Type *i32() { return scalar(Scalar::I32); }
  const Type *f32() { return scalar(Scalar::F32); }
  const Type *vec(unsigned n, Scalar s);
  const Type *mat(unsigned r, unsigned c, Scalar s);
  const Type *quat(Scalar s);
  const Type *transform(Scalar s);
  const Type *array(const Type *dtype, unsigned ndim);
  const Type *indexedArray(const Type *dtype, unsigned ndim);
  /// Warp's fixedarray: wp.zeros(shape, dtype) in kernel code.
  const Type *fixedArray(const Type *dtype, llvm::ArrayRef<int64_t> shape);
  /// A tile of `dtype` with the static extents `shape` (rank 1 or 2).
  const Type *tile(const Type *dtype, llvm::ArrayRef<int64_t> shape);
  /// wp.tile_stack(capacity, dtype): a block's shared stack.
  const Type *tileStack(const Type *dtype, int64_t capacity);
  const Type *structTy(const StructDef *def);
  const Type *tuple(llvm::ArrayRef<const Type *> elems);
  const Type *intLit();
  const Type *floatLit();
  const Type *shape(unsigned ndim);
  /// The function value `f` (a @wp.func) or `wp.<builtin>`.
  const Type *function(const FuncDef *f, llvm::StringRef builtin, bool grad = false);
  /// A vec/mat/quat/scalar with the same shape and `s` as element.
  const Type *withScalar(const Type *t, Scalar s);
  /// The type a literal takes when nothing constrains it (int32 / float32).
  const Type *concrete(const Type *t);

private:
  using Key = std::tuple<int, int, int, int, int, bool, const void *, const void *>;
  std::map<Key, std::unique_ptr<Type>> types;
  std::map<std::vector<const Type *>, std::unique_ptr<Type>> tuples;
  std::map<std::pair<const Type *, std::vector<int64_t>>, std::unique_ptr<Type>> fixedArrays;
  std::map<std::pair<const Type *, std::vector<int64_t>>, std::unique_ptr<Type>> tiles;
  std::map<std::pair<const Type *, int64_t>, std::unique_ptr<Type>> tileStacks;
  std::map<std::tuple<const void *, std::string, bool>, std::unique_ptr<Type>> functions;
  const Type *get(const Type &proto);
};

} // namespace kdsl

#endif
