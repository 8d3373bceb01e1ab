//===- KdslTypes.td - kdsl types ---------------------------*- tablegen -*-===//

#ifndef KDSL_TYPES_TD
#define KDSL_TYPES_TD

include "KdslBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Kdsl_ArrayType : Kdsl_Type<"Array", "array"> {
  let summary = "Warp array: element type and rank; shape and strides at run time";
  let description = [{
    A `wp.array` with `ndim` dimensions (1 to 4) of `elementType`. The data
    pointer, the shape and the strides (in bytes, as in Warp) are run-time
    values; only the element type and the rank are static.

    ```mlir
    !kdsl.array<f32, 1>            // wp.array(dtype=float)
    !kdsl.array<vector<3xf32>, 2>  // wp.array2d(dtype=wp.vec3)
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$ndim);
  let assemblyFormat = "`<` $elementType `,` $ndim `>`";
  let genVerifyDecl = 1;
}

// A memref element: kdsl-lower-tiles keeps a tile of structs in a
// memref<N x struct> buffer (docs/design/tiles.md).
def Kdsl_StructType : Kdsl_Type<"Struct", "struct", [MemRefElementTypeInterface]> {
  let summary = "a @wp.struct value type with named fields";
  let description = [{
    A user struct declared with `@wp.struct`. Fields keep their names so that
    tools can bind struct arguments by field.

    ```mlir
    !kdsl.struct<"Particle", {pos: vector<3xf32>, mass: f32}>
    ```
  }];
  let parameters = (ins StringRefParameter<"struct name">:$name,
                        ArrayRefParameter<"::mlir::StringAttr", "field names">:$fieldNames,
                        ArrayRefParameter<"::mlir::Type", "field types">:$fieldTypes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Index of the field named `field`, or -1.
    int getFieldIndex(::llvm::StringRef field) const;
  }];
}

def Kdsl_TileType : Kdsl_Type<"Tile", "tile"> {
  let summary = "Warp tile: a block-cooperative value of static shape (issue 30)";
  let description = [{
    A tile of `wp.launch_tiled` kernels (docs/design/tiles.md): a value of
    rank 1 to 4 with a static shape, shared by the lanes of a block. The
    element type is a kdsl scalar (bool, integers, float16/32/64, bfloat16),
    a fixed vector / matrix of them, or a struct.

    ```mlir
    !kdsl.tile<8x16xf32>          // wp.tile_zeros(shape=(8, 16), dtype=float)
    !kdsl.tile<64xvector<3xf32>>  // a tile of vec3
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "static extents">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    int64_t getNumElements() const;
    /// The same tile shape with another element type.
    TileType withElementType(::mlir::Type t) const;
  }];
}

def Kdsl_TileStackType : Kdsl_Type<"TileStack", "tile_stack"> {
  let summary = "wp.tile_stack: a block's shared stack of bounded capacity (issue 30)";
  let description = [{
    A handle to a stack in the block's shared memory, of `capacity` elements
    of `elementType` (a kdsl value type). It is made by
    `kdsl.tile_stack_alloc` and changed by the stack ops (their effects on
    it order them), like an array.

    ```mlir
    !kdsl.tile_stack<64, i32>
    ```
  }];
  let parameters = (ins "int64_t":$capacity, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $capacity `,` $elementType `>`";
}

// Value types that kernels and funcs can pass around. Vectors are fixed-size
// (never scalable); quaternions and 3-vectors are rank-1.
def Kdsl_ScalarType : AnyTypeOf<[I1, I8, I16, I32, I64, F16, F32, F64, BF16]>;
def Kdsl_VectorLike : FixedVectorOfRankAndType<[1], [I8, I16, I32, I64, F16, F32, F64, BF16]>;
def Kdsl_FloatVector : FixedVectorOfRankAndType<[1], [F16, F32, F64, BF16]>;
def Kdsl_FloatMatrix : FixedVectorOfRankAndType<[2], [F16, F32, F64, BF16]>;
def Kdsl_FloatVecOrMat : FixedVectorOfRankAndType<[1, 2], [F16, F32, F64, BF16]>;
def Kdsl_Quat : AllOfType<[Kdsl_FloatVector, FixedVectorOfLength<[4]>],
    "quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w])", "::mlir::VectorType">;
def Kdsl_Vec3 : AllOfType<[Kdsl_FloatVector, FixedVectorOfLength<[3]>],
    "3-vector of floats", "::mlir::VectorType">;

#endif // KDSL_TYPES_TD
