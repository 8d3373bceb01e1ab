//===- Types.cpp - front-end types ----------------------------------------===//
#include "kdsl/Frontend/Types.h"
#include "kdsl/Frontend/AST.h"

using namespace kdsl;

// Warp's type-name suffixes (vec3f, vec2ui, mat33d); "?" for bool and
// bfloat16, which have none in Warp (their composites print generically).
static const char *suffix(Scalar s) {
  return scalarSuffix(s) && s != Scalar::BF16 ? scalarSuffix(s) : "?";
}

std::string Type::str() const {
  switch (kind) {
  case Void:
    return "None";
  case Scalar:
    return warpName(scalar);
  case Vec: {
    std::string c = suffix(scalar);
    if (cols == 1) // a transform (Types.h)
      return c == "?" ? "transformation(dtype=" + std::string(warpName(scalar)) + ")"
                      : "transform" + c;
    return c == "?" ? "vector(length=" + std::to_string(rows) + ", dtype=" + warpName(scalar) + ")"
                    : "vec" + std::to_string(rows) + c;
  }
  case Mat:
    if (std::string(suffix(scalar)) == "?")
      return "matrix(shape=(" + std::to_string(rows) + ", " + std::to_string(cols) +
             "), dtype=" + warpName(scalar) + ")";
    return "mat" + std::to_string(rows) + std::to_string(cols) + suffix(scalar);
  case Quat:
    if (std::string(suffix(scalar)) == "?")
      return std::string("quaternion(dtype=") + warpName(scalar) + ")";
    return std::string("quat") + suffix(scalar);
  case Array:
    if (!fixedShape.empty()) {
      std::string sh;
      for (size_t d = 0; d < fixedShape.size(); ++d)
        sh += (d ? ", " : "") + std::to_string(fixedShape[d]);
      return "fixedarray(dtype=" + dtype->str() + ", shape=(" + sh +
             (fixedShape.size() == 1 ? ",))" : "))");
    }
    return std::string(indexed ? "indexedarray" : "array") + "(dtype=" + dtype->str() +
           (ndim > 1 ? ", ndim=" + std::to_string(ndim) : "") + ")";
  case Tile: {
    std::string sh; // -1: the block dimension (wp.tile(x))
    for (size_t d = 0; d < fixedShape.size(); ++d)
      sh += (d ? ", " : "") +
            (fixedShape[d] < 0 ? std::string("block_dim") : std::to_string(fixedShape[d]));
    return "tile(dtype=" + dtype->str() + ", shape=(" + sh +
           (fixedShape.size() == 1 ? ",))" : "))");
  }
  case TileStack:
    return "tile_stack(dtype=" + dtype->str() + ", capacity=" + std::to_string(fixedShape[0]) + ")";
  case Struct:
    return structDef->name.str();
  case Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < elems.size(); ++i)
      s += (i ? ", " : "") + elems[i]->str();
    return s + ")";
  }
  case IntLit:
    return "int literal";
  case FloatLit:
    return "float literal";
  case Shape:
    return "array shape";
  case Function:
    return (grad ? "wp.grad(" : "") + (funcDef ? funcDef->name.str() : "wp." + builtinName) +
           (grad ? ")" : "");
  }
  return "?";
}

const Type *TypeContext::get(const Type &proto) {
  Key key{proto.kind, (int)proto.scalar, proto.rows,  proto.cols,
          proto.ndim, proto.indexed,     proto.dtype, proto.structDef};
  auto &slot = types[key];
  if (!slot)
    slot = std::make_unique<Type>(proto);
  return slot.get();
}

static Type make(Type::Kind k) {
  Type t;
  t.kind = k;
  return t;
}

const Type *TypeContext::voidTy() { return get(make(Type::Void)); }
const Type *TypeContext::intLit() { return get(make(Type::IntLit)); }
const Type *TypeContext::floatLit() { return get(make(Type::FloatLit)); }

const Type *TypeContext::scalar(Scalar s) {
  Type t = make(Type::Scalar);
  t.scalar = s;
  return get(t);
}
const Type *TypeContext::vec(unsigned n, Scalar s) {
  Type t = make(Type::Vec);
  t.scalar = s;
  t.rows = n;
  return get(t);
}
const Type *TypeContext::mat(unsigned r, unsigned c, Scalar s) {
  Type t = make(Type::Mat);
  t.scalar = s;
  t.rows = r;
  t.cols = c;
  return get(t);
}
const Type *TypeContext::quat(Scalar s) {
  Type t = make(Type::Quat);
  t.scalar = s;
  return get(t);
}
const Type *TypeContext::transform(Scalar s) {
  Type t = make(Type::Vec);
  t.scalar = s;
  t.rows = 7;
  t.cols = 1;
  return get(t);
}
const Type *TypeContext::array(const Type *dtype, unsigned ndim) {
  Type t = make(Type::Array);
  t.dtype = dtype;
  t.ndim = ndim;
  return get(t);
}
const Type *TypeContext::indexedArray(const Type *dtype, unsigned ndim) {
  Type t = make(Type::Array);
  t.dtype = dtype;
  t.ndim = ndim;
  t.indexed = true;
  return get(t);
}
const Type *TypeContext::fixedArray(const Type *dtype, llvm::ArrayRef<int64_t> shape) {
  auto &slot = fixedArrays[{dtype, std::vector<int64_t>(shape.begin(), shape.end())}];
  if (!slot) {
    slot = std::make_unique<Type>(make(Type::Array));
    slot->dtype = dtype;
    slot->ndim = shape.size();
    slot->fixedShape.assign(shape.begin(), shape.end());
  }
  return slot.get();
}
const Type *TypeContext::tile(const Type *dtype, llvm::ArrayRef<int64_t> shape) {
  auto &slot = tiles[{dtype, std::vector<int64_t>(shape.begin(), shape.end())}];
  if (!slot) {
    slot = std::make_unique<Type>(make(Type::Tile));
    slot->dtype = dtype;
    slot->ndim = shape.size();
    slot->fixedShape.assign(shape.begin(), shape.end());
  }
  return slot.get();
}

const Type *TypeContext::tileStack(const Type *dtype, int64_t capacity) {
  auto &slot = tileStacks[{dtype, capacity}];
  if (!slot) {
    slot = std::make_unique<Type>(make(Type::TileStack));
    slot->dtype = dtype;
    slot->fixedShape.assign({capacity});
  }
  return slot.get();
}

const Type *TypeContext::structTy(const StructDef *def) {
  Type t = make(Type::Struct);
  t.structDef = def;
  return get(t);
}
const Type *TypeContext::shape(unsigned ndim) {
  Type t = make(Type::Shape);
  t.ndim = ndim;
  return get(t);
}
const Type *TypeContext::function(const FuncDef *f, llvm::StringRef builtin, bool grad) {
  auto &slot = functions[{f, f ? std::string() : builtin.str(), grad}];
  if (!slot) {
    slot = std::make_unique<Type>(make(Type::Function));
    slot->funcDef = f;
    slot->builtinName = f ? std::string() : builtin.str();
    slot->grad = grad;
  }
  return slot.get();
}
const Type *TypeContext::tuple(llvm::ArrayRef<const Type *> elems) {
  std::vector<const Type *> key(elems.begin(), elems.end());
  auto &slot = tuples[key];
  if (!slot) {
    slot = std::make_unique<Type>(make(Type::Tuple));
    slot->elems = key;
  }
  return slot.get();
}

const Type *TypeContext::withScalar(const Type *t, Scalar s) {
  switch (t->kind) {
  case Type::Vec:
    return t->cols == 1 ? transform(s) : vec(t->rows, s);
  case Type::Mat:
    return mat(t->rows, t->cols, s);
  case Type::Quat:
    return quat(s);
  default:
    return scalar(s);
  }
}

const Type *TypeContext::concrete(const Type *t) {
  if (t->kind == Type::IntLit)
    return i32();
  if (t->kind == Type::FloatLit)
    return f32();
  return t;
}
