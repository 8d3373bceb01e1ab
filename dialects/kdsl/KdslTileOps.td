//===- KdslTileOps.td - Warp tile operations ---------------*- tablegen -*-===//
//
// The ops of Warp's tile builtins (issue 30, docs/design/tiles.md). A tile is
// a value of `!kdsl.tile<...>`; the ops are collective over a block.
// kdsl-lower-tiles (lib/Transforms/LowerTiles*.cpp) lowers them for every
// target: buffers and loop nests.
//
// Element-wise arithmetic has no op of its own: `a + b`, `a * s`, `-a` and
// `wp.tile_map(f, a, b)` (a builtin or a user func) are all one
// `kdsl.tile_map` whose region applies the element's upstream arith / math
// ops or func.call to one element of each operand. One op then carries every
// element-wise form, the later lowering is one loop nest, and the derivative
// of a map is that of its region's ops (their existing rules).
//
//===----------------------------------------------------------------------===//

#ifndef KDSL_TILE_OPS_TD
#define KDSL_TILE_OPS_TD

class Kdsl_TileOp<string mnemonic, list<Trait> traits = []> : Kdsl_Op<mnemonic, traits>;

def Kdsl_TileLoadOp : Kdsl_TileOp<"tile_load"> {
  let summary = "wp.tile_load: a tile read from an array at offsets";
  let description = [{
    Reads the tile of the result's shape whose first element is at
    `offsets` (one `i32` per array dimension; the tile has the array's rank).
    Elements outside the array read as zero (Warp's partial tiles).

    ```mlir
    %a = kdsl.tile_load %A[%i, %k] : !kdsl.array<f32, 2> -> !kdsl.tile<8x4xf32>
    ```
  }];
  let arguments = (ins Arg<Kdsl_ArrayType, "", [MemRead]>:$array, Variadic<I32>:$offsets);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$array `[` $offsets `]` attr-dict `:` type($array) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileStoreOp : Kdsl_TileOp<"tile_store"> {
  let summary = "wp.tile_store: a tile written into an array at offsets";
  let description = [{
    Writes each element of `tile` at `offsets` plus its index; elements
    outside the array are not written.

    ```mlir
    kdsl.tile_store %c, %C[%i, %j] : !kdsl.tile<8x8xf32>, !kdsl.array<f32, 2>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$tile, Arg<Kdsl_ArrayType, "", [MemWrite]>:$array,
                       Variadic<I32>:$offsets);
  let assemblyFormat = "$tile `,` $array `[` $offsets `]` attr-dict `:` type($tile) `,` type($array)";
  let hasVerifier = 1;
}

def Kdsl_TileAtomicAddOp : Kdsl_TileOp<"tile_atomic_add", [AllTypesMatch<["tile", "result"]>]> {
  let summary = "wp.tile_atomic_add: a tile added atomically into an array";
  let description = [{
    Adds each element of `tile` atomically to the array element at `offsets`
    plus its index (elements outside the array are skipped) and returns the
    tile of the old values.

    ```mlir
    %old = kdsl.tile_atomic_add %t, %out[%i] : !kdsl.tile<32xf32>, !kdsl.array<f32, 1>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$tile, Arg<Kdsl_ArrayType, "", [MemRead, MemWrite]>:$array,
                       Variadic<I32>:$offsets);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$tile `,` $array `[` $offsets `]` attr-dict `:` type($tile) `,` type($array)";
  let hasVerifier = 1;
}

// The indexed forms: along `axis`, element c of the tile is at array index
// offsets[axis] + indices[c[axis]] (a gather or scatter through a 1-d i32
// tile); along every other dimension d at offsets[d] + c[d], as above.
// Indices outside the array (negative ones too) read as zero or are skipped.

def Kdsl_TileLoadIndexedOp : Kdsl_TileOp<"tile_load_indexed"> {
  let summary = "wp.tile_load_indexed: a tile gathered from an array along one axis";
  let description = [{
    ```mlir
    %t = kdsl.tile_load_indexed %A[%i, %j] indices %rows axis 0
        : !kdsl.array<f32, 2>, !kdsl.tile<8xi32> -> !kdsl.tile<8x16xf32>
    ```
  }];
  let arguments = (ins Arg<Kdsl_ArrayType, "", [MemRead]>:$array, Kdsl_TileType:$indices,
                       Variadic<I32>:$offsets, I64Attr:$axis);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$array `[` $offsets `]` `indices` $indices `axis` $axis attr-dict `:` "
                       "type($array) `,` type($indices) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileStoreIndexedOp : Kdsl_TileOp<"tile_store_indexed"> {
  let summary = "wp.tile_store_indexed: a tile scattered into an array along one axis";
  let description = [{
    ```mlir
    kdsl.tile_store_indexed %t, %A[%i, %j] indices %rows axis 0
        : !kdsl.tile<8x16xf32>, !kdsl.array<f32, 2>, !kdsl.tile<8xi32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$tile, Arg<Kdsl_ArrayType, "", [MemWrite]>:$array,
                       Kdsl_TileType:$indices, Variadic<I32>:$offsets, I64Attr:$axis);
  let assemblyFormat = "$tile `,` $array `[` $offsets `]` `indices` $indices `axis` $axis "
                       "attr-dict `:` type($tile) `,` type($array) `,` type($indices)";
  let hasVerifier = 1;
}

def Kdsl_TileAtomicAddIndexedOp : Kdsl_TileOp<"tile_atomic_add_indexed",
    [AllTypesMatch<["tile", "result"]>]> {
  let summary = "wp.tile_atomic_add_indexed: a tile added atomically along one axis";
  let description = [{
    Returns the tile of the old values (zero where an element was skipped).

    ```mlir
    %old = kdsl.tile_atomic_add_indexed %t, %A[%i, %j] indices %rows axis 0
        : !kdsl.tile<8x16xf32>, !kdsl.array<f32, 2>, !kdsl.tile<8xi32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$tile, Arg<Kdsl_ArrayType, "", [MemRead, MemWrite]>:$array,
                       Kdsl_TileType:$indices, Variadic<I32>:$offsets, I64Attr:$axis);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$tile `,` $array `[` $offsets `]` `indices` $indices `axis` $axis "
                       "attr-dict `:` type($tile) `,` type($array) `,` type($indices)";
  let hasVerifier = 1;
}

def Kdsl_TileGatherOp : Kdsl_TileOp<"tile_gather", [Pure]> {
  let summary = "t[idx, :] (wp.tile_slice_indexed): a tile gathered from a tile along one axis";
  let description = [{
    The result has the input's shape but for `axis`, whose extent is the
    1-d i32 tile `indices`'s. Along `axis`, result element c is the input's
    at indices[c[axis]] (a negative index counts from the end; one outside
    the input after that reads as zero, where Warp leaves it undefined).

    ```mlir
    %g = kdsl.tile_gather %t indices %idx axis 0
        : !kdsl.tile<16x4xf32>, !kdsl.tile<8xi32> -> !kdsl.tile<8x4xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input, Kdsl_TileType:$indices, I64Attr:$axis);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input `indices` $indices `axis` $axis attr-dict `:` type($input) `,` "
                       "type($indices) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileSplatOp : Kdsl_TileOp<"tile_splat", [Pure,
    TypesMatchWith<"value is the tile's element type", "result", "value",
                   "::llvm::cast<::kdsl::TileType>($_self).getElementType()">]> {
  let summary = "wp.tile_zeros / tile_ones / tile_full: a tile of one value";
  let description = [{
    ```mlir
    %z = kdsl.tile_splat %zero : !kdsl.tile<8x8xf64>
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
}

def Kdsl_TileArangeOp : Kdsl_TileOp<"tile_arange", [Pure,
    TypesMatchWith<"start is the tile's element type", "result", "start",
                   "::llvm::cast<::kdsl::TileType>($_self).getElementType()">,
    TypesMatchWith<"step is the tile's element type", "result", "step",
                   "::llvm::cast<::kdsl::TileType>($_self).getElementType()">]> {
  let summary = "wp.tile_arange: start, start + step, ... (a 1-d tile)";
  let description = [{
    Element `i` is `start + i * step`; the length is the result's extent.

    ```mlir
    %r = kdsl.tile_arange %c0, %c1 : !kdsl.tile<16xi32>
    ```
  }];
  let arguments = (ins AnyType:$start, AnyType:$step);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$start `,` $step attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileMapOp : Kdsl_TileOp<"tile_map", [RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "element-wise operators and wp.tile_map: a region applied per element";
  let description = [{
    The result's element at each index is the region applied to the elements
    of every input at that index (all inputs have the result's shape). The
    region's block arguments are the inputs' element types; it ends with
    `kdsl.tile_yield` of the result's element type. Values from above (a
    scalar operand of `t * s`) are used directly.

    ```mlir
    %c = kdsl.tile_map %a, %b : !kdsl.tile<8x8xf32>, !kdsl.tile<8x8xf32> -> !kdsl.tile<8x8xf32> {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      kdsl.tile_yield %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Kdsl_TileType>:$inputs);
  let results = (outs Kdsl_TileType:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result) $body";
  let hasRegionVerifier = 1;
}

def Kdsl_TileReduceOp : Kdsl_TileOp<"tile_reduce", [RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "wp.tile_sum / tile_min / tile_max / tile_reduce: a tile reduced by a region";
  let description = [{
    Combines the elements with the region (two element-typed arguments, a
    `kdsl.tile_yield` of the element type). Without `axis`, over every
    element into a tile of shape (1,), as Warp's tile_sum; with `axis`, along
    that dimension (the result drops it; a 1-d input gives shape (1,)).

    ```mlir
    %s = kdsl.tile_reduce %t : !kdsl.tile<8x8xf32> -> !kdsl.tile<1xf32> {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      kdsl.tile_yield %s : f32
    }
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input, OptionalAttr<I64Attr>:$axis);
  let results = (outs Kdsl_TileType:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$input (`axis` $axis^)? attr-dict `:` type($input) `->` type($result) $body";
  let hasRegionVerifier = 1;
}

def Kdsl_TileYieldOp : Kdsl_TileOp<"tile_yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["TileMapOp", "TileReduceOp"]>]> {
  let summary = "the element a tile_map or tile_reduce region computes";
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def Kdsl_TileMatmulOp : Kdsl_TileOp<"tile_matmul", [Pure, AllTypesMatch<["c", "result"]>]> {
  let summary = "wp.tile_matmul: alpha * a @ b + beta * c";
  let description = [{
    The accumulate form of Warp's tile_matmul (`wp.tile_matmul(a, b, c)`
    updates c; `c = wp.tile_matmul(a, b)` has a zero c). `a` is M x K, `b`
    K x N, `c` and the result M x N; each operand has its own scalar element
    type (products are formed in c's type).

    ```mlir
    %c1 = kdsl.tile_matmul %a, %b, %c : !kdsl.tile<8x4xf32>, !kdsl.tile<4x8xf16>, !kdsl.tile<8x8xf64>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$a, Kdsl_TileType:$b, Kdsl_TileType:$c,
                       DefaultValuedAttr<F64Attr, "1.0">:$alpha,
                       DefaultValuedAttr<F64Attr, "1.0">:$beta);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c)";
  let hasVerifier = 1;
}

def Kdsl_TileTransposeOp : Kdsl_TileOp<"tile_transpose", [Pure]> {
  let summary = "wp.tile_transpose: the transpose of a 2-d tile";
  let arguments = (ins Kdsl_TileType:$input);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileBroadcastOp : Kdsl_TileOp<"tile_broadcast", [Pure]> {
  let summary = "wp.tile_broadcast: a tile repeated along its extents of 1";
  let description = [{
    NumPy's broadcasting: the shapes are aligned at the right, and each input
    extent equals the result's or is 1.

    ```mlir
    %b = kdsl.tile_broadcast %row : !kdsl.tile<1x8xf32> -> !kdsl.tile<4x8xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileExtractOp : Kdsl_TileOp<"tile_extract", [Pure,
    TypesMatchWith<"result is the tile's element type", "tile", "result",
                   "::llvm::cast<::kdsl::TileType>($_self).getElementType()">]> {
  let summary = "wp.tile_extract and t[i, j]: one element of a tile";
  let arguments = (ins Kdsl_TileType:$tile, Variadic<I32>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tile `[` $indices `]` attr-dict `:` type($tile)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views, assignment, element updates (slice 1b)
//===----------------------------------------------------------------------===//

def Kdsl_TileViewOp : Kdsl_TileOp<"tile_view", [Pure]> {
  let summary = "wp.tile_view, t[i], t[a:b, ::s]: a sub-tile of a tile";
  let description = [{
    Reads a strided sub-tile. `offsets` has one `i32` per input dimension and
    `steps` one integer per input dimension: a dimension with step 0 is
    collapsed (fixed at its offset; `t[i]` of a 2-d tile), the others map, in
    order, to the result's dimensions: result element `r` is the input
    element whose index in input dimension `d` is `offsets[d] + r[k] *
    steps[d]` (`k` the result dimension of `d`; negative steps read
    backwards, `t[::-1]`). An element whose input index is outside the input
    reads as zero.

    Warp's `tile_view` aliases its source (a write through the view writes
    the source); kdsl tiles are values, so the front end refuses writes
    through a view-bound local and writes a sub-tile with
    `kdsl.tile_assign` instead (`t[a:b] = u`, `wp.tile_assign`).

    ```mlir
    %row = kdsl.tile_view %t[%i, %c0] {steps = array<i64: 0, 1>} : !kdsl.tile<16x32xf32> -> !kdsl.tile<32xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input, Variadic<I32>:$offsets, DenseI64ArrayAttr:$steps);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input `[` $offsets `]` attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileAssignOp : Kdsl_TileOp<"tile_assign", [Pure, AllTypesMatch<["dest", "result"]>]> {
  let summary = "wp.tile_assign, t[a:b, :] = u: a tile with a sub-tile replaced";
  let description = [{
    The result is `dest` with the elements of the strided sub-tile that
    `offsets` and `steps` select (as `kdsl.tile_view` reads it; the view has
    `source`'s shape) replaced by `source`'s elements. Positions outside
    `dest` are skipped.

    ```mlir
    %b1 = kdsl.tile_assign %v, %b[%i, %c0] {steps = array<i64: 1, 1>} : !kdsl.tile<4x32xf32>, !kdsl.tile<16x32xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$source, Kdsl_TileType:$dest, Variadic<I32>:$offsets,
                       DenseI64ArrayAttr:$steps);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$source `,` $dest `[` $offsets `]` attr-dict `:` type($source) `,` type($dest)";
  let hasVerifier = 1;
}

def Kdsl_TileScatterOp : Kdsl_TileOp<"tile_scatter", [Pure, AllTypesMatch<["tile", "result"]>,
    TypesMatchWith<"value is the tile's element type", "tile", "value",
                   "::llvm::cast<::kdsl::TileType>($_self).getElementType()">]> {
  let summary = "t[i, j] = v and t[i, j] += v (-=, &=, |=, ^=): one element updated by every lane";
  let description = [{
    Warp's element assignment and in-place element operators on tiles
    (`assign`, `tile_add_inplace`, `tile_sub_inplace`, `tile_bit_*_inplace`).
    They are per-lane writes into the block's tile: every lane of the block
    applies its own `(indices, value)`, and the result holds all of them.
    `exch` (`t[i] = v`) stores the value (lanes storing different values to
    one element: one of them is kept); `add`, `sub`, `bit_and`, `bit_or`,
    `bit_xor` combine every lane's value into the element, as Warp's atomic
    updates of a shared tile do (B lanes adding `v` to one element add
    `B * v`). Indices outside the tile are skipped. With one lane's values
    (all lanes agreeing, or a block of one lane) this is the scalar update of
    element `indices`.

    ```mlir
    %t1 = kdsl.tile_scatter add %t[%j], %v : !kdsl.tile<32xf32>
    ```
  }];
  let arguments = (ins Kdsl_AtomicKind:$kind, Kdsl_TileType:$tile, Variadic<I32>:$indices,
                       AnyType:$value);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$kind $tile `[` $indices `]` `,` $value attr-dict `:` type($tile)";
  let hasVerifier = 1;
}

def Kdsl_TileReshapeOp : Kdsl_TileOp<"tile_reshape", [Pure]> {
  let summary = "wp.tile_reshape / tile_squeeze: the elements in row-major order, another shape";
  let description = [{
    The result has the input's elements in the same row-major (C) order and
    the same number of elements.

    ```mlir
    %r = kdsl.tile_reshape %t : !kdsl.tile<4x8xf32> -> !kdsl.tile<32xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileArgReduceOp : Kdsl_TileOp<"tile_arg_reduce", [Pure]> {
  let summary = "wp.tile_argmin / tile_argmax: the index of the extreme element";
  let description = [{
    A tile of shape (1,) holding the row-major linear index (i32) of the
    smallest (largest with `max`) element; among equal extremes the lowest
    index. Floats compare with `<` (`>`), so NaN elements are never chosen
    unless every element is NaN (index 0).

    ```mlir
    %i = kdsl.tile_arg_reduce %t max : !kdsl.tile<64xf32> -> !kdsl.tile<1xi32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input, UnitAttr:$max);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input (`max` $max^)? attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileFromLanesOp : Kdsl_TileOp<"tile_from_lanes", [Pure]> {
  let summary = "wp.tile(x): a tile of every lane's value";
  let description = [{
    Collective: the tile whose last dimension has one entry per lane of the
    block (its extent `?` is the launch's block dimension, known at launch
    time), lane k's `value` at index k. A scalar gives shape (?); without
    `preserve_type`, a vector of n gives (n, ?) and an r x c matrix
    (r, c, ?) of its scalar type (Warp's expansion); with it, the element
    type is the value's type and the shape (?).

    ```mlir
    %t = kdsl.tile_from_lanes %x : vector<3xf32> -> !kdsl.tile<3x?xf32>
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileToLanesOp : Kdsl_TileOp<"tile_to_lanes", [Pure]> {
  let summary = "wp.untile(t): lane k's entry of a tile's last dimension";
  let description = [{
    The inverse of `kdsl.tile_from_lanes`: the tile's last extent is the
    block dimension (`?`); lane k gets the entries at index k of the last
    dimension: a value of the element type for shape (?), a vector of n for
    (n, ?), an r x c matrix for (r, c, ?).

    ```mlir
    %x = kdsl.tile_to_lanes %t : !kdsl.tile<3x?xf32> -> vector<3xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$tile);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tile attr-dict `:` type($tile) `->` type($result)";
  let hasVerifier = 1;
}

def Kdsl_TileScanOp : Kdsl_TileOp<"tile_scan", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "wp.tile_scan_inclusive / exclusive / max_inclusive / min_inclusive";
  let description = [{
    A prefix scan over the elements in row-major (C) order: element i of an
    inclusive scan combines elements 0..i, of an `exclusive` one elements
    0..i-1 (element 0 is zero). `kind` is `add`, `min` or `max` (`umin` /
    `umax` compare as unsigned; min and max of floats as Warp's min/max,
    NaN-ignoring); `exclusive` only with `add`.

    ```mlir
    %s = kdsl.tile_scan add %t exclusive : !kdsl.tile<64xi32>
    ```
  }];
  let arguments = (ins Kdsl_AtomicKind:$kind, Kdsl_TileType:$input, UnitAttr:$exclusive);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$kind $input (`exclusive` $exclusive^)? attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Kdsl_TileSortOp : Kdsl_TileOp<"tile_sort", [Pure,
    AllTypesMatch<["keys", "sorted_keys"]>, AllTypesMatch<["values", "sorted_values"]>]> {
  let summary = "wp.tile_sort(keys, values): the pairs sorted by key, ascending";
  let description = [{
    `keys` and `values` are 1-d tiles of one length; the results are the
    keys in ascending order and the values permuted with them. Equal keys
    keep their order (a stable sort). Float keys order as `<` does, NaN
    keys last. Warp's builtin sorts both tiles in place; the front end
    assigns the results to the arguments' locals.

    ```mlir
    %k, %v = kdsl.tile_sort %keys, %vals : !kdsl.tile<32xf32>, !kdsl.tile<32xi32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$keys, Kdsl_TileType:$values);
  let results = (outs Kdsl_TileType:$sorted_keys, Kdsl_TileType:$sorted_values);
  let assemblyFormat = "$keys `,` $values attr-dict `:` type($keys) `,` type($values)";
  let hasVerifier = 1;
}

def Kdsl_TileFromThreadOp : Kdsl_TileOp<"tile_from_thread", [Pure]> {
  let summary = "wp.tile_from_thread: a tile of one lane's value";
  let description = [{
    Collective: every element of the result is `value` as lane `lane` of the
    block holds it (every lane passes its own value; the one of lane `lane`
    is broadcast). A `lane` outside the block gives an undefined tile, as in
    Warp.

    ```mlir
    %t = kdsl.tile_from_thread %x, %c0 : f32 -> !kdsl.tile<8xf32>
    ```
  }];
  let arguments = (ins AnyType:$value, I32:$lane);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$value `,` $lane attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tile stacks (wp.tile_stack)
//===----------------------------------------------------------------------===//

def Kdsl_TileStackAllocOp : Kdsl_TileOp<"tile_stack_alloc", [MemoryEffects<[MemAlloc]>]> {
  let summary = "wp.tile_stack(capacity, dtype): an empty stack shared by the block";
  let description = [{
    Collective: the block's lanes share one new, empty stack (count 0).

    ```mlir
    %s = kdsl.tile_stack_alloc : !kdsl.tile_stack<64, i32>
    ```
  }];
  let results = (outs Kdsl_TileStackType:$stack);
  let assemblyFormat = "attr-dict `:` type($stack)";
}

def Kdsl_TileStackPushOp : Kdsl_TileOp<"tile_stack_push",
    [TypesMatchWith<"value is the stack's element type", "stack", "value",
                    "::llvm::cast<::kdsl::TileStackType>($_self).getElementType()">]> {
  let summary = "wp.tile_stack_push(s, value, has_value): every lane with a value appends it";
  let description = [{
    Collective (every lane calls it, then the block synchronizes): each lane
    whose `has_value` is true claims the next free slot (in an unspecified
    order among the lanes) and writes `value` there; the result is that
    slot, or -1 for a lane without a value or when the stack is full (the
    value is dropped; the count stops at the capacity).

    ```mlir
    %slot = kdsl.tile_stack_push %s, %v, %ok : !kdsl.tile_stack<64, i32>
    ```
  }];
  let arguments = (ins Arg<Kdsl_TileStackType, "", [MemRead, MemWrite]>:$stack, AnyType:$value,
                       I1:$has_value);
  let results = (outs I32:$slot);
  let assemblyFormat = "$stack `,` $value `,` $has_value attr-dict `:` type($stack)";
}

def Kdsl_TileStackPopOp : Kdsl_TileOp<"tile_stack_pop",
    [TypesMatchWith<"value is the stack's element type", "stack", "value",
                    "::llvm::cast<::kdsl::TileStackType>($_self).getElementType()">]> {
  let summary = "wp.tile_stack_pop(s): every lane takes one element";
  let description = [{
    Collective: each lane removes one element from the top (in an
    unspecified order among the lanes) and gets it with the slot it
    occupied; a lane that finds the stack empty gets the zero value and -1.

    ```mlir
    %v, %slot = kdsl.tile_stack_pop %s : !kdsl.tile_stack<64, i32>
    ```
  }];
  let arguments = (ins Arg<Kdsl_TileStackType, "", [MemRead, MemWrite]>:$stack);
  let results = (outs AnyType:$value, I32:$slot);
  let assemblyFormat = "$stack attr-dict `:` type($stack)";
}

def Kdsl_TileStackCountOp : Kdsl_TileOp<"tile_stack_count"> {
  let summary = "wp.tile_stack_count(s): the number of elements (not collective)";
  let arguments = (ins Arg<Kdsl_TileStackType, "", [MemRead]>:$stack);
  let results = (outs I32:$count);
  let assemblyFormat = "$stack attr-dict `:` type($stack)";
}

def Kdsl_TileStackClearOp : Kdsl_TileOp<"tile_stack_clear"> {
  let summary = "wp.tile_stack_clear(s): the count reset to zero (collective)";
  let arguments = (ins Arg<Kdsl_TileStackType, "", [MemWrite]>:$stack);
  let assemblyFormat = "$stack attr-dict `:` type($stack)";
}

//===----------------------------------------------------------------------===//
// Linear algebra and FFT (Warp's MathDx builtins)
//===----------------------------------------------------------------------===//

def Kdsl_TileCholeskyOp : Kdsl_TileOp<"tile_cholesky", [Pure, AllTypesMatch<["a", "result"]>]> {
  let summary = "wp.tile_cholesky(_inplace): the Cholesky factor of a symmetric positive-definite tile";
  let description = [{
    `a` is an M x M tile of f32 or f64, symmetric positive definite (only its
    lower triangle is read; the upper one with `upper`). The result is the
    lower-triangular L with `L L^T = a` and zeros above the diagonal, or
    with `upper` the upper-triangular U with `U^T U = a` and zeros below.
    A non-positive pivot gives NaN elements from there on (sqrt of a
    negative number), as cuSolverDx and Warp's CPU path do.

    ```mlir
    %l = kdsl.tile_cholesky %a : !kdsl.tile<8x8xf64>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$a, UnitAttr:$upper);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$a (`upper` $upper^)? attr-dict `:` type($a)";
  let hasVerifier = 1;
}

def Kdsl_TileTriangularSolveOp : Kdsl_TileOp<"tile_triangular_solve",
    [Pure, AllTypesMatch<["y", "result"]>]> {
  let summary = "wp.tile_lower_solve / tile_upper_solve (_inplace): x with T x = y";
  let description = [{
    `t` is an M x M triangular tile: lower (forward substitution) or with
    `upper` upper (back substitution); only that triangle and the diagonal
    are read. `y` is M or M x N (each column solved); the result has `y`'s
    shape. f32 or f64, one element type.

    ```mlir
    %x = kdsl.tile_triangular_solve %l, %y : !kdsl.tile<8x8xf32>, !kdsl.tile<8xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$t, Kdsl_TileType:$y, UnitAttr:$upper);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$t `,` $y (`upper` $upper^)? attr-dict `:` type($t) `,` type($y)";
  let hasVerifier = 1;
}

def Kdsl_TileCholeskySolveOp : Kdsl_TileOp<"tile_cholesky_solve",
    [Pure, AllTypesMatch<["y", "result"]>]> {
  let summary = "wp.tile_cholesky_solve(_inplace): x with (L L^T) x = y";
  let description = [{
    `l` is the Cholesky factor of `tile_cholesky` (lower, or with `upper` the
    upper U, solving `U^T U x = y`): a forward then a back substitution.
    `y` is M or M x N; the result has its shape. f32 or f64.

    ```mlir
    %x = kdsl.tile_cholesky_solve %l, %y : !kdsl.tile<8x8xf64>, !kdsl.tile<8xf64>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$l, Kdsl_TileType:$y, UnitAttr:$upper);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$l `,` $y (`upper` $upper^)? attr-dict `:` type($l) `,` type($y)";
  let hasVerifier = 1;
}

def Kdsl_TileDiagAddOp : Kdsl_TileOp<"tile_diag_add", [Pure, AllTypesMatch<["a", "result"]>]> {
  let summary = "wp.tile_diag_add: a + diag(d)";
  let description = [{
    `a` is M x M, `d` has M elements of `a`'s element type; the result is
    `a` with `d[i]` added to element (i, i).

    ```mlir
    %r = kdsl.tile_diag_add %a, %d : !kdsl.tile<8x8xf32>, !kdsl.tile<8xf32>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$a, Kdsl_TileType:$d);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$a `,` $d attr-dict `:` type($a) `,` type($d)";
  let hasVerifier = 1;
}

def Kdsl_TileFftOp : Kdsl_TileOp<"tile_fft", [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "wp.tile_fft / tile_ifft: the unnormalized DFT along the last dimension";
  let description = [{
    The input is a tile of rank >= 2 of complex numbers stored as
    `vector<2xf32>` or `vector<2xf64>` (real, imaginary); every leading index
    is an independent batch. Along the last dimension (length N), the result
    is `X[k] = sum_n x[n] * exp(-2 pi i k n / N)`, or with `inverse`
    `exp(+2 pi i k n / N)`: neither direction divides by N (Warp's tile_fft
    and tile_ifft; fft then ifft scales by N). Warp's builtins work in place;
    the front end assigns the result to the argument's local.

    ```mlir
    %f = kdsl.tile_fft %t : !kdsl.tile<1x128xvector<2xf32>>
    ```
  }];
  let arguments = (ins Kdsl_TileType:$input, UnitAttr:$inverse);
  let results = (outs Kdsl_TileType:$result);
  let assemblyFormat = "$input (`inverse` $inverse^)? attr-dict `:` type($input)";
  let hasVerifier = 1;
}

#endif // KDSL_TILE_OPS_TD
