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

#endif // KDSL_TILE_OPS_TD
