//===- KdslOps.td - kdsl operations ------------------------*- tablegen -*-===//

#ifndef KDSL_OPS_TD
#define KDSL_OPS_TD

include "KdslBase.td"
include "KdslTypes.td"
include "KdslAttrs.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Kdsl_KernelOp : Kdsl_Op<"kernel", [
    FunctionOpInterface, IsolatedFromAbove, AutomaticAllocationScope,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "a @wp.kernel: a function launched over a 1-4 dimensional grid";
  let description = [{
    A kernel is executed once per point of its launch grid; `kdsl.tid` reads
    the point. Kernels return nothing. `arg_names` keeps the Python argument
    names (tools bind launch arguments by name), and the body's block
    arguments print with those names. `enable_backward = false` records
    `@wp.kernel(enable_backward=False)`; other decorator options that do not
    change semantics (`module="..."`) are kept in `options`.

    ```mlir
    kdsl.kernel @saxpy(%a: f32, %x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>)
        attributes {arg_names = ["a", "x", "y"]} {
      %i = kdsl.tid : i32
      ...
      kdsl.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       StrArrayAttr:$arg_names,
                       DefaultValuedAttr<BoolAttr, "true">:$enable_backward,
                       OptionalAttr<DictionaryAttr>:$options,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type,
                                 "::llvm::ArrayRef<::llvm::StringRef>":$argNames)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    /// Launch dimensionality: the number of results of the kernel's kdsl.tid
    /// ops (all agree), or 1 when the kernel never reads its thread id.
    /// Stops at the first kdsl.tid (the region verifier checks they agree).
    /// Once kdsl-lower-launch replaced them: the number it recorded in the
    /// `kdsl.launch_dims` attribute (absent: 1).
    unsigned getLaunchDims();
  }];
  let hasCustomAssemblyFormat = 1;
  // verify(): the signature and attributes; verifyRegions(): the entry block
  // against the signature and the kdsl.tid ops of the body, once the nested
  // ops are verified.
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Kdsl_ReturnOp : Kdsl_Op<"return", [Pure, HasParent<"KernelOp">, Terminator, ReturnLike]> {
  let summary = "end of a kernel body";
  let description = [{
    Terminates the single block of a `kdsl.kernel`. Early `return`s in the
    source are turned into structured control flow by the front end, so this
    is the only exit.
  }];
  let assemblyFormat = "attr-dict";
}

def Kdsl_TidOp : Kdsl_Op<"tid", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "the launch-grid coordinates of the running thread (wp.tid())";
  let description = [{
    Returns one `i32` per launch dimension (1 to 4), outermost first, as
    `i, j = wp.tid()` does. Only valid inside a `kdsl.kernel`; every `kdsl.tid`
    of a kernel has the same number of results. Each is in `[0, 2^31 - 2]`
    (launch extents are int32), which integer range analysis knows
    (`kdsl-index-facts`).

    ```mlir
    %i, %j = kdsl.tid : i32, i32
    ```
  }];
  let results = (outs Variadic<I32>:$ids);
  let assemblyFormat = "attr-dict `:` type($ids)";
  let hasVerifier = 1;
}

def Kdsl_BlockDimOp : Kdsl_Op<"block_dim", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "the number of threads per block (wp.block_dim())";
  let description = [{
    `blockDim.x` of the launch on a GPU; 1 on the CPU, as Warp's CPU kernels
    (`kdsl-outline-gpu-kernels` / `kdsl-outline-cpu-kernels` replace it).

    ```mlir
    %n = kdsl.block_dim
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// The launch, as kdsl-lower-launch builds it (docs/architecture.md)
//===----------------------------------------------------------------------===//

def Kdsl_ThreadRangeOp : Kdsl_Op<"thread_range", [Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "the flat thread indices the running entry point covers";
  let description = [{
    The row-major flat indices of the launch grid one call of the entry point
    runs: `begin, begin + step, ...` below `end`. kdsl-lower-launch runs the
    kernel body in an `scf.for` over them; each target maps the three values
    to its entry point: `(begin, end, 1)`, the parameters of the CPU ABI
    (`<kernel>_cpu_forward`), or the grid-stride loop of the GPU ABI
    `(blockIdx.x * blockDim.x + threadIdx.x, launch.total,
    blockDim.x * gridDim.x)`. Only at the top of a `kdsl.kernel`.

    ```mlir
    %begin, %end, %step = kdsl.thread_range : i64, i64, i64
    ```
  }];
  let results = (outs I64:$begin, I64:$end, I64:$step);
  let assemblyFormat = "attr-dict `:` type($begin) `,` type($end) `,` type($step)";
  let hasVerifier = 1;
}

def Kdsl_LaunchDimOp : Kdsl_Op<"launch_dim", [Pure]> {
  let summary = "one extent of the launch grid";
  let description = [{
    The extent of launch dimension `dim` (0 to 3, outermost first): `dims[d]`
    in the CPU ABI, `launch.dims[d]` in the GPU ABI. In a lane-dependent
    tile kernel on the CPU (kdsl-lower-lanes), 4 is the block dimension and
    5 the lanes per grid point. kdsl-lower-launch reads
    the extents `kdsl.tid` needs to split the flat thread index. Only at the
    top of a `kdsl.kernel`.

    ```mlir
    %n1 = kdsl.launch_dim 1 : i64
    ```
  }];
  let arguments = (ins I64Attr:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kdsl_BitcastOp : Kdsl_Op<"bitcast", [Pure]> {
  let summary = "the bits of a value read as another type of the same size (wp.cast)";
  let description = [{
    Reinterprets `input` in memory (the C layout of KernelABI.h) as the
    result type, which has the same size: scalars, vectors, matrices and
    structs of them. Not differentiable (Warp's cast is not): the adjoint
    of the input gets nothing.

    ```mlir
    %f = kdsl.bitcast %i : i32 to f32
    ```
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

def Kdsl_LoadOp : Kdsl_Op<"load", [
    TypesMatchWith<"result is the array's element type", "array", "result",
                   "::llvm::cast<::kdsl::ArrayType>($_self).getElementType()">]> {
  let summary = "read an array element (x[i, j])";
  let description = [{
    Reads the element at the given indices (one `i32` per dimension). The
    address is `data + sum(index_k * stride_k)` with byte strides, as in Warp.

    ```mlir
    %v = kdsl.load %x[%i, %j] : !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins Arg<Kdsl_ArrayType, "", [MemRead]>:$array, Variadic<I32>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kdsl_StoreOp : Kdsl_Op<"store", [
    TypesMatchWith<"value is the array's element type", "array", "value",
                   "::llvm::cast<::kdsl::ArrayType>($_self).getElementType()">]> {
  let summary = "write an array element (x[i, j] = v)";
  let arguments = (ins AnyType:$value, Arg<Kdsl_ArrayType, "", [MemWrite]>:$array,
                       Variadic<I32>:$indices);
  let assemblyFormat = "$value `,` $array `[` $indices `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kdsl_ShapeOp : Kdsl_Op<"shape", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "the extent of one array dimension (x.shape[d])";
  let description = [{
    In `[0, 2^31 - 1]`: Warp's shapes are int32 (kdsl-run refuses larger
    extents).
  }];
  let arguments = (ins Kdsl_ArrayType:$array, I64Attr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$array `[` $dim `]` attr-dict `:` type($array)";
  let hasVerifier = 1;
}

def Kdsl_ComponentIndexOp : Kdsl_Op<"component_index", [Pure]> {
  let summary = "a run-time index into a vector, quaternion or matrix (v[j], m[j], m[i, j])";
  let description = [{
    The position `index` selects along a dimension of `extent` components,
    counted as Warp 1.16 (and Python) count: an index in `[-extent, 0)`
    counts from the end (`index + extent`), one in `[0, extent)` is itself.
    The result feeds the dynamic position of a `vector.extract` or
    `vector.insert`. An index outside `[-extent, extent)` is undefined, as
    in Warp's release builds, unless bounds checks are on: then
    kdsl-outline-cpu-kernels (`check-bounds`) and the C++ emitter report it
    through `kdsl_report_oob` with dimension -1 and `what` as the
    description of the dimension, and use position 0. A constant index in
    range folds to its position.

    ```mlir
    %p = kdsl.component_index %j, 3, "a component of vec3f 'a'"
    %x = vector.extract %a[%p] : f32 from vector<3xf32>
    ```
  }];
  let arguments = (ins I32:$index, I64Attr:$extent, StrAttr:$what);
  let results = (outs Index:$result);
  let assemblyFormat = "$index `,` $extent `,` $what attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Kdsl_HasDataOp : Kdsl_Op<"has_data", [Pure]> {
  let summary = "whether an array has storage (Warp's truth value of an array)";
  let description = [{
    True unless the array's data pointer is null, as for an array passed as
    `None`: Warp's `if arr:` and `not arr`, the idiom of optional arrays.

    ```mlir
    %b = kdsl.has_data %w : !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array);
  let results = (outs I1:$result);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def Kdsl_NullArrayOp : Kdsl_Op<"null_array", [Pure]> {
  let summary = "an array without storage (Warp's None array)";
  let description = [{
    The value of an array field of a struct built without it (`S()`): data
    pointer null, shape and strides 0. `kdsl.has_data` is false for it; its
    adjoint is a null array too.

    ```mlir
    %a = kdsl.null_array : !kdsl.array<i32, 1>
    ```
  }];
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Kdsl_ArrayPtrOp : Kdsl_Op<"array_ptr", [Pure]> {
  let summary = "the address of an array's data as an integer (Warp's arr.ptr)";
  let description = [{
    The data pointer of the array (0 for a null array) as a 64-bit integer,
    Warp's `uint64` `arr.ptr` in kernel code. Not differentiable.

    ```mlir
    %p = kdsl.array_ptr %a : !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array);
  let results = (outs I64:$result);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def Kdsl_ArrayFromPtrOp : Kdsl_Op<"array_from_ptr", [Pure]> {
  let summary = "an array over memory given by an integer address (wp.array(ptr=, shape=, dtype=))";
  let description = [{
    Warp's `array_t(ptr, dim0, ...)` in kernel code: an array whose data is
    at the address `ptr` (a `uint64`), with one `i32` extent per dimension
    and dense row-major byte strides of the element type's C layout. It
    views memory it does not own; as in Warp it has no gradient: loads,
    stores and atomics through it (or a view of it) give nothing to
    autodiff.

    ```mlir
    %a = kdsl.array_from_ptr %p [%c2, %c3] : !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins I64:$ptr, Variadic<I32>:$extents);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$ptr `[` $extents `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kdsl_LocalArrayOp : Kdsl_Op<"local_array"> {
  let summary = "a zero-initialised fixed-size array in the thread's frame (wp.zeros in kernel code)";
  let description = [{
    Warp's `fixedarray`: `wp.zeros(shape=(2, 3), dtype=float)` in a kernel or
    func. The storage (the product of `shape` elements, row-major, in the C
    layout of the element type) belongs to the enclosing function's frame:
    the lowerings allocate it once at the function's entry, and each
    execution of the op sets it to zero and yields an array viewing it
    (shape `shape`, dense byte strides). Every array op works on it; it is
    private to the thread. Each op is its own allocation (never merged).

    ```mlir
    %a = kdsl.local_array [2, 3] : !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$shape);
  let results = (outs Res<Kdsl_ArrayType, "", [MemAlloc<AutomaticAllocationScopeResource>,
                                              MemWrite<AutomaticAllocationScopeResource>]>:$result);
  let assemblyFormat = "$shape attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of elements (the product of the shape).
    int64_t getNumElements() {
      int64_t n = 1;
      for (int64_t d : getShape())
        n *= d;
      return n;
    }
  }];
}

def Kdsl_AtomicKind : I32EnumAttr<"AtomicKind", "atomic read-modify-write kind", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"sub", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"max", 3>,
    // Unsigned integer min/max: MLIR integers carry no signedness.
    I32EnumAttrCase<"umin", 4>, I32EnumAttrCase<"umax", 5>,
    // wp.atomic_exch and the bitwise wp.atomic_and / or / xor (integers).
    I32EnumAttrCase<"exch", 6>, I32EnumAttrCase<"bit_and", 7>,
    I32EnumAttrCase<"bit_or", 8>, I32EnumAttrCase<"bit_xor", 9>,
    // wp.atomic_cas: the op has a `compare` operand.
    I32EnumAttrCase<"cas", 10>]> {
  let cppNamespace = "::kdsl";
}

def Kdsl_AtomicOp : Kdsl_Op<"atomic", [AttrSizedOperandSegments,
    TypesMatchWith<"value is the array's element type", "array", "value",
                   "::llvm::cast<::kdsl::ArrayType>($_self).getElementType()">,
    TypesMatchWith<"result is the array's element type", "array", "result",
                   "::llvm::cast<::kdsl::ArrayType>($_self).getElementType()">]> {
  let summary = "wp.atomic_add / sub / min / max / exch / and / or / xor / cas";
  let description = [{
    Atomically combines `value` into the element and returns the element's
    old value. Vector, quaternion and matrix elements are combined
    component by component. `min`/`max` compare integers as signed,
    `umin`/`umax` (integers only) as unsigned: the front end picks them for
    Warp's unsigned types. `exch` stores `value`; `bit_and`, `bit_or` and
    `bit_xor` (integers only) combine bitwise; `cas` (with the `compare`
    operand, and only with it) stores `value` when the component equals
    `compare` bit for bit.

    ```mlir
    %old = kdsl.atomic add %out[%i], %v : !kdsl.array<f32, 1>
    %was = kdsl.atomic cas %out[%i], %v if_equal %c : f32 : !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_AtomicKind:$kind,
                       Arg<Kdsl_ArrayType, "", [MemRead, MemWrite]>:$array,
                       Variadic<I32>:$indices, AnyType:$value,
                       Optional<AnyType>:$compare);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$kind $array `[` $indices `]` `,` $value (`if_equal` $compare^ `:` type($compare))? attr-dict `:` type($array)";
  let builders = [
    OpBuilder<(ins "::kdsl::AtomicKind":$kind, "::mlir::Value":$array, "::mlir::ValueRange":$indices,
                   "::mlir::Value":$value), [{
      build($_builder, $_state, value.getType(), kind, array, indices, value, ::mlir::Value());
    }]>,
    OpBuilder<(ins "::mlir::Type":$result, "::kdsl::AtomicKind":$kind, "::mlir::Value":$array,
                   "::mlir::ValueRange":$indices, "::mlir::Value":$value), [{
      build($_builder, $_state, result, kind, array, indices, value, ::mlir::Value());
    }]>];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Structs
//===----------------------------------------------------------------------===//

def Kdsl_StructCreateOp : Kdsl_Op<"struct_create", [Pure]> {
  let summary = "build a struct value from its fields, in declaration order";
  let description = [{
    ```mlir
    %p = kdsl.struct_create(%pos, %mass) : !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$fields);
  let results = (outs Kdsl_StructType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  // struct_create(s["a"], s["b"], ...) of all fields of s, in order, is s.
  let hasFolder = 1;
}

def Kdsl_StructExtractOp : Kdsl_Op<"struct_extract", [Pure, InferTypeOpAdaptor]> {
  let summary = "read a struct field (s.field)";
  let description = [{
    ```mlir
    %m = kdsl.struct_extract %p["mass"] : !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
    ```
  }];
  let arguments = (ins Kdsl_StructType:$input, StrAttr:$field);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input `[` $field `]` attr-dict `:` type($input)";
  // Of a struct_create: the field's operand; of a struct_insert: the inserted
  // value (same field) or the field of the insert's input (another field).
  let hasFolder = 1;
}

def Kdsl_StructInsertOp : Kdsl_Op<"struct_insert", [Pure,
    AllTypesMatch<["input", "result"]>]> {
  let summary = "a copy of a struct with one field replaced (s.field = v)";
  let arguments = (ins AnyType:$value, Kdsl_StructType:$input, StrAttr:$field);
  let results = (outs Kdsl_StructType:$result);
  let assemblyFormat = "$value `,` $input `[` $field `]` attr-dict `:` type($value) `,` type($input)";
  let hasVerifier = 1;
  // Folds: inserting s["f"] back into s is s; an insert over an insert of
  // the same field skips the older one. Canonicalization: an insert into a
  // struct_create is a struct_create with that operand replaced.
  let hasFolder = 1;
  let hasCanonicalizeMethod = 1;
}

def Kdsl_FieldViewOp : Kdsl_Op<"field_view", [Pure, InferTypeOpAdaptor]> {
  let summary = "the array of one field of a struct array's elements";
  let description = [{
    A view of `array` whose element `[i, j]` is field `field` of the struct
    element `array[i, j]`: the same shape and byte strides, the data pointer
    moved to the field. kdsl-autodiff accumulates a struct adjoint into an
    element that other threads may also touch with one `kdsl.atomic` per
    field of such views.

    ```mlir
    %m = kdsl.field_view %ps["mass"] : !kdsl.array<!kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>, 1>
    %old = kdsl.atomic add %m[%j], %dm : !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array, StrAttr:$field);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$array `[` $field `]` attr-dict `:` type($array)";
}

def Kdsl_SubArrayOp : Kdsl_Op<"subarray", [Pure]> {
  let summary = "a view of an array with its leading indices fixed (a[i] of a 2-d array)";
  let description = [{
    The array `a[i0, ..., ik]` of the elements `a[i0, ..., ik, ...]`: the
    data pointer moved to `sum(i_d * stride_d)`, the remaining dimensions'
    shape and byte strides kept (Warp's array view). A null array stays
    null. kdsl-autodiff takes the same view of the adjoint array.

    ```mlir
    %row = kdsl.subarray %m[%i] : !kdsl.array<f32, 2> -> !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array, Variadic<I32>:$indices);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_ArraySliceOp : Kdsl_Op<"array_slice", [Pure]> {
  let summary = "a view of an array through slices and indices (a[1:3], a[:, 0])";
  let description = [{
    Warp's array view with slices (`view(array_t, slice_t...)`): the leading
    `indexed.size()` dimensions take, in order, one operand each where
    `indexed` is true (a plain index, negative counting from the end; the
    dimension is dropped) and three (`start`, `stop`, `step`) where it is
    false (a slice; the dimension stays, with the slice's length and the
    stride times `step`). The bounds are resolved as CPython's
    `slice.indices(shape[d])`; an open start is 2147483647 and an open stop
    -2147483648 (Warp's SLICE_BEGIN / SLICE_END). A step of 0 gives an empty
    dimension. The data pointer moves to the first selected element; the
    dimensions after the leading ones are kept. A null array stays null.
    kdsl-autodiff takes the same view of the adjoint array.

    ```mlir
    %v = kdsl.array_slice %m[%i, %lo, %hi, %st] indexed [true, false]
         : !kdsl.array<f32, 3> -> !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array, Variadic<I32>:$bounds, DenseBoolArrayAttr:$indexed);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$array `[` $bounds `]` `indexed` $indexed attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_ComponentViewOp : Kdsl_Op<"component_view", [Pure]> {
  let summary = "the components of one vector or matrix element of an array, as an array";
  let description = [{
    A view of the element `array[indices]` (one `i32` per dimension, a
    negative one counting from the end, as `kdsl.load`), a vector or matrix
    of non-bool scalars: as an array of its scalars (a matrix: 2-d, shape
    `[rows, cols]`; a vector: 1-d) or, for a matrix, as a 1-d array of its
    rows (vectors of `cols` components). The data pointer is the element's
    address; shape and byte strides are those of the element's packed C
    layout. kdsl-expand-builtins makes it, after the bounds checks are in
    place, to move large matrices between arrays and stack buffers a row at
    a time in loops (ExpandMatrixLoops.cpp); it is made after autodiff and
    has no adjoint.

    ```mlir
    %rows = kdsl.component_view %a[%i] : !kdsl.array<vector<64x64xf32>, 1> -> !kdsl.array<vector<64xf32>, 1>
    %elems = kdsl.component_view %a[%i] : !kdsl.array<vector<64x64xf32>, 1> -> !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array, Variadic<I32>:$indices);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$array `[` $indices `]` attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// In-kernel checks
//===----------------------------------------------------------------------===//

def Kdsl_AssertOp : Kdsl_Op<"assert"> {
  let summary = "assert / wp.expect_eq / wp.expect_neq / wp.expect_near";
  let description = [{
    Checks `condition` at run time. A failure does not stop the thread: it is
    reported after the launch with the kernel, the source location of the op
    and the thread index, and makes the launch fail. `thread` is the flat
    thread index once kdsl-lower-launch has built the loop over threads; an
    assert without one (in a `@wp.func`) reports thread -1 (unknown).

    ```mlir
    kdsl.assert %ok, "expect_eq(a, b)"
    kdsl.assert %ok, "expect_eq(a, b)" thread(%flat)
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message, Optional<I64>:$thread);
  let assemblyFormat = "$condition `,` $message (`thread` `(` $thread^ `)`)? attr-dict";
  // An assert of a constant true condition is erased (as cf.assert's is).
  let hasCanonicalizeMethod = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$condition, "::mlir::StringAttr":$message), [{
    build($_builder, $_state, condition, message, ::mlir::Value());
  }]>];
}

def Kdsl_PrintOp : Kdsl_Op<"print"> {
  let summary = "wp.printf / print: C printf of promoted scalars";
  let description = [{
    Prints `format` with C printf semantics; the arguments are already
    promoted as C varargs are (floats to f64, integers narrower than 32 bits
    to i32), so every target passes them on unchanged: printf on the CPU,
    CUDA's device printf (vprintf) on a GPU.

    ```mlir
    kdsl.print "x = %g, i = %d\n"(%x, %i) : f64, i32
    ```
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$args);
  let assemblyFormat = "$format (`(` $args^ `)` `:` type($args))? attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pass-internal
//===----------------------------------------------------------------------===//

def Kdsl_EffectFenceOp : Kdsl_Op<"effect_fence", [MemoryEffects<[MemWrite]>]> {
  let summary = "kdsl-named-canonicalize's marker: a write that ends side-effect scans";
  let description = [{
    Exists only while kdsl-named-canonicalize runs (KeepNames.cpp), which
    puts one at the start of each long block of a loop, `if` or alloca scope
    and takes them all out after. MLIR's greedy rewrite driver revisits the
    ops enclosing every op it rewrites, and asks each whether it is dead: for
    a loop, a scan of its body up to the first op that writes memory, which
    in a long straight-line kernel is the whole body, after every rewrite.
    The fence is that first write. It writes nothing and is never lowered.

    ```mlir
    kdsl.effect_fence
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Vector and matrix builtins
//===----------------------------------------------------------------------===//

class Kdsl_VecToScalarOp<string mnemonic, Type operandType, list<Trait> traits = []>
    : Kdsl_Op<mnemonic, !listconcat(traits, [Pure,
        TypesMatchWith<"result is the element type", "input", "result",
                       "::llvm::cast<::mlir::VectorType>($_self).getElementType()">])> {
  let arguments = (ins operandType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Kdsl_DotOp : Kdsl_Op<"dot", [Pure, AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"result is the element type", "lhs", "result",
                   "::llvm::cast<::mlir::VectorType>($_self).getElementType()">]> {
  let summary = "wp.dot: inner product of two vectors (or quaternions)";
  let arguments = (ins Kdsl_VectorLike:$lhs, Kdsl_VectorLike:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Kdsl_CrossOp : Kdsl_Op<"cross", [Pure, SameOperandsAndResultType]> {
  let summary = "wp.cross: cross product of two 3-vectors";
  let arguments = (ins Kdsl_Vec3:$lhs, Kdsl_Vec3:$rhs);
  let results = (outs Kdsl_Vec3:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Kdsl_LengthOp : Kdsl_VecToScalarOp<"length", Kdsl_FloatVector> {
  let summary = "wp.length: Euclidean norm sqrt(dot(v, v))";
}

def Kdsl_LengthSqOp : Kdsl_VecToScalarOp<"length_sq", Kdsl_FloatVector> {
  let summary = "wp.length_sq: dot(v, v)";
}

def Kdsl_NormalizeOp : Kdsl_Op<"normalize", [Pure, SameOperandsAndResultType]> {
  let summary = "wp.normalize: v / length(v), or the zero vector when length(v) == 0";
  let arguments = (ins Kdsl_FloatVector:$input);
  let results = (outs Kdsl_FloatVector:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def Kdsl_MatMulOp : Kdsl_Op<"matmul", [Pure]> {
  let summary = "matrix product: matrix * matrix, matrix * vector or vector * matrix";
  let description = [{
    The `*` operator of Warp between a matrix and a matrix or vector. A vector
    on the left is a row vector (`v * M == transpose(M) * v`).

    ```mlir
    %y = kdsl.matmul %m, %v : vector<3x3xf32>, vector<3xf32> -> vector<3xf32>
    ```
  }];
  let arguments = (ins Kdsl_FloatVecOrMat:$lhs, Kdsl_FloatVecOrMat:$rhs);
  let results = (outs Kdsl_FloatVecOrMat:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_DeterminantOp : Kdsl_VecToScalarOp<"determinant", Kdsl_FloatMatrix> {
  let summary = "wp.determinant of a square 2x2, 3x3 or 4x4 matrix";
  let hasVerifier = 1;
}

def Kdsl_TraceOp : Kdsl_VecToScalarOp<"trace", Kdsl_FloatMatrix> {
  let summary = "wp.trace: sum of the diagonal of a square matrix";
  let hasVerifier = 1;
}

def Kdsl_InverseOp : Kdsl_Op<"inverse", [Pure, SameOperandsAndResultType]> {
  let summary = "wp.inverse of a square 2x2, 3x3 or 4x4 matrix";
  let description = [{
    Inverse by the adjugate divided by the determinant. As in Warp, a singular
    matrix gives the zero matrix.
  }];
  let arguments = (ins Kdsl_FloatMatrix:$input);
  let results = (outs Kdsl_FloatMatrix:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kdsl_DiagOp : Kdsl_Op<"diag", [Pure]> {
  let summary = "wp.diag: the square matrix with the vector on its diagonal";
  let arguments = (ins Kdsl_FloatVector:$input);
  let results = (outs Kdsl_FloatMatrix:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Quaternion builtins ([x, y, z, w] in a vector<4 x T>)
//===----------------------------------------------------------------------===//

def Kdsl_QuatMulOp : Kdsl_Op<"quat_mul", [Pure, SameOperandsAndResultType]> {
  let summary = "Hamilton product of two quaternions (q * r)";
  let arguments = (ins Kdsl_Quat:$lhs, Kdsl_Quat:$rhs);
  let results = (outs Kdsl_Quat:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Kdsl_QuatInverseOp : Kdsl_Op<"quat_inverse", [Pure, SameOperandsAndResultType]> {
  let summary = "wp.quat_inverse: the conjugate (-x, -y, -z, w), as in Warp";
  let arguments = (ins Kdsl_Quat:$input);
  let results = (outs Kdsl_Quat:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
  // The conjugate is an involution, exactly (negation flips only the sign
  // bit): quat_inverse(quat_inverse(q)) is q.
  let hasFolder = 1;
}

class Kdsl_QuatRotateBase<string mnemonic> : Kdsl_Op<mnemonic, [Pure,
    AllTypesMatch<["vec", "result"]>]> {
  let arguments = (ins Kdsl_Quat:$quat, Kdsl_Vec3:$vec);
  let results = (outs Kdsl_Vec3:$result);
  let assemblyFormat = "$quat `,` $vec attr-dict `:` type($quat) `,` type($vec)";
  let hasVerifier = 1;
}

def Kdsl_QuatRotateOp : Kdsl_QuatRotateBase<"quat_rotate"> {
  let summary = "wp.quat_rotate: rotate a vector by a unit quaternion (q v q*)";
}

def Kdsl_QuatRotateInvOp : Kdsl_QuatRotateBase<"quat_rotate_inv"> {
  let summary = "wp.quat_rotate_inv: rotate a vector by the inverse rotation (q* v q)";
}

def Kdsl_QuatFromAxisAngleOp : Kdsl_Op<"quat_from_axis_angle", [Pure,
    TypesMatchWith<"angle is the axis element type", "axis", "angle",
                   "::llvm::cast<::mlir::VectorType>($_self).getElementType()">]> {
  let summary = "wp.quat_from_axis_angle: (axis * sin(angle/2), cos(angle/2))";
  let description = [{
    The axis is used as given (Warp does not normalize it).
  }];
  let arguments = (ins Kdsl_Vec3:$axis, AnyFloat:$angle);
  let results = (outs Kdsl_Quat:$result);
  let assemblyFormat = "$axis `,` $angle attr-dict `:` type($axis) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_QuatToMatrixOp : Kdsl_Op<"quat_to_matrix", [Pure]> {
  let summary = "wp.quat_to_matrix: the 3x3 rotation matrix of a unit quaternion";
  let arguments = (ins Kdsl_Quat:$input);
  let results = (outs Kdsl_FloatMatrix:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Lowering helpers
//===----------------------------------------------------------------------===//

def Kdsl_ReadOp : Kdsl_Op<"read", [MemoryEffects<[MemRead]>]> {
  let summary = "read a value stored in C layout at an address (CPU lowering)";
  let description = [{
    Used by `kdsl-outline-cpu-kernels` to read kernel arguments through the
    CPU ABI (include/kdsl/Runtime/KernelABI.h): scalars as their C type,
    vectors and matrices as packed arrays, structs as C structs, arrays as a
    `kdsl_array` descriptor. `addr` is an `!llvm.ptr`.

    ```mlir
    %x = kdsl.read %p : !llvm.ptr -> !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins AnyType:$addr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$addr attr-dict `:` type($addr) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_AssumeDenseOp : Kdsl_Op<"assume_dense", [Pure, AllTypesMatch<["array", "result"]>]> {
  let summary = "the same array, with its innermost stride known to be the element size";
  let description = [{
    Used by `kdsl-outline-cpu-kernels` in the grid loop it runs when every
    array argument is dense in its innermost dimension (checked at run time):
    with the stride a constant, LLVM sees unit-stride accesses and vectorizes.

    ```mlir
    %xd = kdsl.assume_dense %x : !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_ArrayType:$array);
  let results = (outs Kdsl_ArrayType:$result);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

def Kdsl_IsDenseOp : Kdsl_Op<"is_dense", [Pure]> {
  let summary = "whether the innermost stride equals the element size";
  let arguments = (ins Kdsl_ArrayType:$array);
  let results = (outs I1:$result);
  let assemblyFormat = "$array attr-dict `:` type($array)";
}

include "KdslTileOps.td"

#endif // KDSL_OPS_TD
