// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// Every kdsl verifier and type constraint, one failing case per split.

//===----------------------------------------------------------------------===//
// kdsl.kernel
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'kdsl.kernel' op kernels cannot return values}}
kdsl.kernel @returns_value() -> i32 attributes {arg_names = []} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.kernel' op has 2 arguments but 1 argument names}}
kdsl.kernel @too_few_names(%a: f32, %b: f32) attributes {arg_names = ["a"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.kernel' op has 1 arguments but 2 argument names}}
kdsl.kernel @too_many_names(%a: f32) attributes {arg_names = ["a", "b"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.kernel' op duplicate argument name 'a'}}
kdsl.kernel @duplicate_names(%a: f32, %b: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "a"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.kernel' op argument names must not be empty}}
kdsl.kernel @empty_name(%a: f32, %b: f32) attributes {arg_names = ["a", ""]} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.kernel' op requires attribute 'arg_names'}}
kdsl.kernel @no_names(%a: f32) {
  kdsl.return
}

// -----

// expected-error @+1 {{custom op 'kdsl.kernel' attribute 'arg_names' failed to satisfy constraint: string array attribute}}
kdsl.kernel @names_not_strings(%a: f32) attributes {arg_names = [0]} {
  kdsl.return
}

// -----

// In the generic form the attribute constraints apply.
// expected-error @+1 {{'kdsl.kernel' op attribute 'enable_backward' failed to satisfy constraint: bool attribute}}
"kdsl.kernel"() ({
  "kdsl.return"() : () -> ()
}) {arg_names = [], enable_backward = 1 : i32, function_type = () -> (), sym_name = "backward_not_bool"} : () -> ()

// -----

// expected-error @+1 {{invalid properties {arg_names = [], enable_backward = 1 : i32, function_type = () -> (), sym_name = "backward_not_bool_prop"} for op kdsl.kernel: Invalid attribute `enable_backward` in property conversion: 1 : i32}}
"kdsl.kernel"() <{arg_names = [], enable_backward = 1 : i32, function_type = () -> (), sym_name = "backward_not_bool_prop"}> ({
  "kdsl.return"() : () -> ()
}) : () -> ()

// -----

// A kernel needs a body.
// expected-error @+1 {{'kdsl.kernel' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
kdsl.kernel @declaration(f32) attributes {arg_names = ["a"]}

// -----

// The body is a single block (early returns are structured by the front end).
// expected-error @+1 {{'kdsl.kernel' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
"kdsl.kernel"() <{arg_names = [], function_type = () -> (), sym_name = "two_blocks"}> ({
  "kdsl.return"() : () -> ()
^bb1:
  "kdsl.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'kdsl.kernel' op entry block must have 1 arguments to match function signature}}
"kdsl.kernel"() <{arg_names = ["a"], function_type = (f32) -> (), sym_name = "entry_count"}> ({
^bb0:
  "kdsl.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'kdsl.kernel' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('f32')}}
"kdsl.kernel"() <{arg_names = ["a"], function_type = (f32) -> (), sym_name = "entry_type"}> ({
^bb0(%a: i32):
  "kdsl.return"() : () -> ()
}) : () -> ()

// -----

kdsl.kernel @inconsistent_tid(%x: !kdsl.array<f32, 2>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  // expected-error @+1 {{'kdsl.tid' op reads 2 launch dimensions but an earlier kdsl.tid reads 1}}
  %j, %k = kdsl.tid : i32, i32
  kdsl.return
}

// -----

kdsl.kernel @inconsistent_nested_tid(%c: i1) attributes {arg_names = ["c"]} {
  %i, %j, %k = kdsl.tid : i32, i32, i32
  scf.if %c {
    // expected-error @+1 {{'kdsl.tid' op reads 2 launch dimensions but an earlier kdsl.tid reads 3}}
    %a, %b = kdsl.tid : i32, i32
  }
  kdsl.return
}

// -----

// Kernels are symbols of the enclosing module; they do not nest.
kdsl.kernel @outer() attributes {arg_names = []} {
  // expected-error @+1 {{'kdsl.kernel' op symbol's parent must have the SymbolTable trait}}
  "kdsl.kernel"() <{arg_names = [], function_type = () -> (), sym_name = "inner"}> ({
    "kdsl.return"() : () -> ()
  }) : () -> ()
  kdsl.return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
kdsl.kernel @twice() attributes {arg_names = []} {
  kdsl.return
}
// expected-error @+1 {{redefinition of symbol named 'twice'}}
kdsl.kernel @twice() attributes {arg_names = []} {
  kdsl.return
}

//===----------------------------------------------------------------------===//
// kdsl.tid / kdsl.return
//===----------------------------------------------------------------------===//

// -----

kdsl.kernel @tid_zero() attributes {arg_names = []} {
  // expected-error @+1 {{'kdsl.tid' op launch grids have 1 to 4 dimensions, got 0}}
  "kdsl.tid"() : () -> ()
  kdsl.return
}

// -----

kdsl.kernel @tid_five() attributes {arg_names = []} {
  // expected-error @+1 {{'kdsl.tid' op launch grids have 1 to 4 dimensions, got 5}}
  %i:5 = kdsl.tid : i32, i32, i32, i32, i32
  kdsl.return
}

// -----

func.func @tid_outside_kernel() -> i32 {
  // expected-error @+1 {{'kdsl.tid' op must be inside a kdsl.kernel}}
  %i = kdsl.tid : i32
  return %i : i32
}

// -----

kdsl.kernel @tid_i64() attributes {arg_names = []} {
  // expected-error @+1 {{'kdsl.tid' op result #0 must be variadic of 32-bit signless integer, but got 'i64'}}
  %i = kdsl.tid : i64
  kdsl.return
}

// -----

kdsl.kernel @tid_index() attributes {arg_names = []} {
  // expected-error @+1 {{'kdsl.tid' op result #1 must be variadic of 32-bit signless integer, but got 'index'}}
  %i, %j = kdsl.tid : i32, index
  kdsl.return
}

// -----

func.func @return_outside_kernel() {
  // expected-error @+1 {{'kdsl.return' op expects parent op 'kdsl.kernel'}}
  kdsl.return
}

// -----

kdsl.kernel @return_nested(%c: i1) attributes {arg_names = ["c"]} {
  scf.if %c {
    // expected-error @+1 {{'kdsl.return' op expects parent op 'kdsl.kernel'}}
    kdsl.return
  }
  kdsl.return
}

// -----

kdsl.kernel @return_operands(%x: f32) attributes {arg_names = ["x"]} {
  // expected-error @+1 {{'kdsl.return' op requires zero operands}}
  "kdsl.return"(%x) : (f32) -> ()
}

//===----------------------------------------------------------------------===//
// !kdsl.array
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{array rank must be 1 to 4, got 0}}
func.func private @rank0(!kdsl.array<f32, 0>)

// -----

// expected-error @+1 {{array rank must be 1 to 4, got 5}}
func.func private @rank5(!kdsl.array<f32, 5>)

// -----

// The rank is unsigned: a negative rank is rejected (it reads as 2^32 - 1).
// expected-error @+1 {{array rank must be 1 to 4}}
func.func private @rank_negative(!kdsl.array<f32, -1>)

// -----

// expected-error @+1 {{invalid array element type 'tensor<4xf32>'}}
func.func private @tensor_elem(!kdsl.array<tensor<4xf32>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'index'}}
func.func private @index_elem(!kdsl.array<index, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<3xi1>'}}
func.func private @bool_vector_elem(!kdsl.array<vector<3xi1>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<2x2xi1>'}}
func.func private @bool_matrix_elem(!kdsl.array<vector<2x2xi1>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<2x2x2xf32>'}}
func.func private @rank3_vector_elem(!kdsl.array<vector<2x2x2xf32>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<[4]xf32>'}}
func.func private @scalable_vector_elem(!kdsl.array<vector<[4]xf32>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<3xindex>'}}
func.func private @index_vector_elem(!kdsl.array<vector<3xindex>, 1>)

// -----

// bf16 is an element type (Warp's bfloat16); the 8-bit floats are not.
// expected-error @+1 {{invalid array element type 'f8E5M2'}}
func.func private @f8_elem(!kdsl.array<f8E5M2, 1>)

// -----

// expected-error @+1 {{invalid array element type 'vector<4xf8E5M2>'}}
func.func private @f8_vector_elem(!kdsl.array<vector<4xf8E5M2>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'ui32'}}
func.func private @unsigned_elem(!kdsl.array<ui32, 1>)

// -----

// expected-error @+1 {{invalid array element type 'i128'}}
func.func private @i128_elem(!kdsl.array<i128, 1>)

// -----

// expected-error @+1 {{invalid array element type '!kdsl.array<f32, 1>'}}
func.func private @array_of_arrays(!kdsl.array<!kdsl.array<f32, 1>, 1>)

// -----

// expected-error @+1 {{invalid array element type 'memref<4xf32>'}}
func.func private @memref_elem(!kdsl.array<memref<4xf32>, 1>)

//===----------------------------------------------------------------------===//
// !kdsl.struct
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{struct name must be a Python identifier, got ""}}
func.func private @unnamed(!kdsl.struct<"", {x: f32}>)

// -----

// expected-error @+1 {{duplicate struct field 'x'}}
func.func private @duplicate_field(!kdsl.struct<"S", {x: f32, y: i32, x: f64}>)

// -----

// expected-error @+1 {{invalid type 'tensor<2xf32>' for struct field 'x'}}
func.func private @tensor_field(!kdsl.struct<"S", {x: tensor<2xf32>}>)

// -----

// expected-error @+1 {{invalid type 'index' for struct field 'n'}}
func.func private @index_field(!kdsl.struct<"S", {x: f32, n: index}>)

// -----

// expected-error @+1 {{invalid type 'vector<3xi1>' for struct field 'mask'}}
func.func private @bool_vector_field(!kdsl.struct<"S", {mask: vector<3xi1>}>)

// -----

// expected-error @+1 {{invalid type 'none' for struct field 'x'}}
func.func private @none_field(!kdsl.struct<"S", {x: none}>)

// -----

// expected-error @+1 {{expected string}}
func.func private @unquoted_name(!kdsl.struct<S, {x: f32}>)

//===----------------------------------------------------------------------===//
// kdsl.load / kdsl.store / kdsl.shape
//===----------------------------------------------------------------------===//

// -----

kdsl.kernel @load_too_few(%a: !kdsl.array<f32, 2>, %i: i32) attributes {arg_names = ["a", "i"]} {
  // expected-error @+1 {{'kdsl.load' op expects 2 indices for '!kdsl.array<f32, 2>', got 1}}
  %v = kdsl.load %a[%i] : !kdsl.array<f32, 2>
  kdsl.return
}

// -----

kdsl.kernel @load_too_many(%a: !kdsl.array<f32, 1>, %i: i32) attributes {arg_names = ["a", "i"]} {
  // expected-error @+1 {{'kdsl.load' op expects 1 indices for '!kdsl.array<f32, 1>', got 3}}
  %v = kdsl.load %a[%i, %i, %i] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @load_no_index(%a: !kdsl.array<f32, 1>) attributes {arg_names = ["a"]} {
  // expected-error @+1 {{'kdsl.load' op expects 1 indices for '!kdsl.array<f32, 1>', got 0}}
  %v = kdsl.load %a[] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @load_i64_index(%a: !kdsl.array<f32, 1>, %i: i64) attributes {arg_names = ["a", "i"]} {
  // expected-error @+1 {{'kdsl.load' op operand #1 must be variadic of 32-bit signless integer, but got 'i64'}}
  %v = "kdsl.load"(%a, %i) : (!kdsl.array<f32, 1>, i64) -> f32
  kdsl.return
}

// -----

// expected-note @+1 {{prior use here}}
kdsl.kernel @load_index_custom(%a: !kdsl.array<f32, 1>, %i: index) attributes {arg_names = ["a", "i"]} {
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'i32' vs 'index'}}
  %v = kdsl.load %a[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @load_result(%a: !kdsl.array<f32, 1>, %i: i32) attributes {arg_names = ["a", "i"]} {
  // expected-error @+1 {{'kdsl.load' op failed to verify that result is the array's element type}}
  %v = "kdsl.load"(%a, %i) : (!kdsl.array<f32, 1>, i32) -> f64
  kdsl.return
}

// -----

func.func @load_not_array(%a: f32, %i: i32) {
  // expected-error @+1 {{'kdsl.load' op operand #0 must be Warp array: element type and rank; shape and strides at run time, but got 'f32'}}
  %v = "kdsl.load"(%a, %i) : (f32, i32) -> f32
  return
}

// -----

kdsl.kernel @store_count(%a: !kdsl.array<f32, 1>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.store' op expects 1 indices for '!kdsl.array<f32, 1>', got 2}}
  kdsl.store %x, %a[%i, %i] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @store_index_type(%a: !kdsl.array<f32, 1>, %x: f32) attributes {arg_names = ["a", "x"]} {
  %i = arith.constant 0 : index
  // expected-error @+1 {{'kdsl.store' op operand #2 must be variadic of 32-bit signless integer, but got 'index'}}
  "kdsl.store"(%x, %a, %i) : (f32, !kdsl.array<f32, 1>, index) -> ()
  kdsl.return
}

// -----

kdsl.kernel @store_value(%a: !kdsl.array<f32, 1>, %i: i32, %x: f64) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.store' op failed to verify that value is the array's element type}}
  "kdsl.store"(%x, %a, %i) : (f64, !kdsl.array<f32, 1>, i32) -> ()
  kdsl.return
}

// -----

// expected-note @+1 {{prior use here}}
kdsl.kernel @store_value_custom(%a: !kdsl.array<vector<3xf32>, 1>, %i: i32, %x: vector<3xf64>) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'vector<3xf32>' vs 'vector<3xf64>'}}
  kdsl.store %x, %a[%i] : !kdsl.array<vector<3xf32>, 1>
  kdsl.return
}

// -----

kdsl.kernel @shape_dim_too_large(%a: !kdsl.array<f32, 2>) attributes {arg_names = ["a"]} {
  // expected-error @+1 {{'kdsl.shape' op dimension 2 out of range for '!kdsl.array<f32, 2>'}}
  %n = kdsl.shape %a[2] : !kdsl.array<f32, 2>
  kdsl.return
}

// -----

kdsl.kernel @shape_dim_negative(%a: !kdsl.array<f32, 2>) attributes {arg_names = ["a"]} {
  // expected-error @+1 {{'kdsl.shape' op dimension -1 out of range for '!kdsl.array<f32, 2>'}}
  %n = kdsl.shape %a[-1] : !kdsl.array<f32, 2>
  kdsl.return
}

// -----

kdsl.kernel @shape_result(%a: !kdsl.array<f32, 2>) attributes {arg_names = ["a"]} {
  // expected-error @+1 {{'kdsl.shape' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %n = "kdsl.shape"(%a) <{dim = 0 : i64}> : (!kdsl.array<f32, 2>) -> i64
  kdsl.return
}

//===----------------------------------------------------------------------===//
// kdsl.atomic
//===----------------------------------------------------------------------===//

// -----

kdsl.kernel @atomic_count(%a: !kdsl.array<f32, 2>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op expects 2 indices for '!kdsl.array<f32, 2>', got 1}}
  %o = kdsl.atomic add %a[%i], %x : !kdsl.array<f32, 2>
  kdsl.return
}

// -----

kdsl.kernel @atomic_index_type(%a: !kdsl.array<f32, 1>, %i: i64, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op operand #1 must be variadic of 32-bit signless integer, but got 'i64'}}
  %o = "kdsl.atomic"(%a, %i, %x) <{kind = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!kdsl.array<f32, 1>, i64, f32) -> f32
  kdsl.return
}

// -----

kdsl.kernel @atomic_value(%a: !kdsl.array<f32, 1>, %i: i32, %x: f64) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op failed to verify that value is the array's element type}}
  %o = "kdsl.atomic"(%a, %i, %x) <{kind = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!kdsl.array<f32, 1>, i32, f64) -> f32
  kdsl.return
}

// -----

// expected-note @+1 {{prior use here}}
kdsl.kernel @atomic_value_custom(%a: !kdsl.array<i32, 1>, %i: i32, %x: i64) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'i64'}}
  %o = kdsl.atomic min %a[%i], %x : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_result(%a: !kdsl.array<f32, 1>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op failed to verify that result is the array's element type}}
  %o = "kdsl.atomic"(%a, %i, %x) <{kind = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!kdsl.array<f32, 1>, i32, f32) -> f64
  kdsl.return
}

// -----

kdsl.kernel @atomic_kind(%a: !kdsl.array<f32, 1>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{custom op 'kdsl.atomic' expected string or keyword containing one of the following enum values for attribute 'kind' [add, sub, min, max, umin, umax, exch, bit_and, bit_or, bit_xor, cas]}}
  %o = kdsl.atomic mul %a[%i], %x : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_kind_generic(%a: !kdsl.array<f32, 1>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{invalid properties {kind = 42 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>} for op kdsl.atomic}}
  %o = "kdsl.atomic"(%a, %i, %x) <{kind = 42 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!kdsl.array<f32, 1>, i32, f32) -> f32
  kdsl.return
}

// -----

kdsl.kernel @atomic_i8(%a: !kdsl.array<i8, 1>, %i: i32, %x: i8) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics do not support 8- or 16-bit integers}}
  %o = kdsl.atomic add %a[%i], %x : !kdsl.array<i8, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_i16(%a: !kdsl.array<i16, 1>, %i: i32, %x: i16) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics do not support 8- or 16-bit integers}}
  %o = kdsl.atomic max %a[%i], %x : !kdsl.array<i16, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_i8_vector(%a: !kdsl.array<vector<3xi8>, 1>, %i: i32, %x: vector<3xi8>) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics do not support 8- or 16-bit integers}}
  %o = kdsl.atomic add %a[%i], %x : !kdsl.array<vector<3xi8>, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_i16_vector(%a: !kdsl.array<vector<2xi16>, 1>, %i: i32, %x: vector<2xi16>) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics do not support 8- or 16-bit integers}}
  %o = kdsl.atomic sub %a[%i], %x : !kdsl.array<vector<2xi16>, 1>
  kdsl.return
}

// -----

kdsl.kernel @atomic_bool(%a: !kdsl.array<i1, 1>, %i: i32, %x: i1) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics need numeric elements, got 'i1'}}
  %o = kdsl.atomic add %a[%i], %x : !kdsl.array<i1, 1>
  kdsl.return
}

// -----

!S = !kdsl.struct<"S", {x: f32}>
kdsl.kernel @atomic_struct(%a: !kdsl.array<!S, 1>, %i: i32, %x: !S) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op atomics need numeric elements, got '!kdsl.struct<"S", {x: f32}>'}}
  %o = kdsl.atomic add %a[%i], %x : !kdsl.array<!S, 1>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Struct ops and kdsl.assert
//===----------------------------------------------------------------------===//

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @create_count(%m: f32) -> !P {
  // expected-error @+1 {{custom op 'kdsl.struct_create' expected 2 fields, got 1}}
  %p = kdsl.struct_create(%m) : !P
  return %p : !P
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @create_count_generic(%m: f32) -> !P {
  // expected-error @+1 {{'kdsl.struct_create' op expects 2 fields, got 1}}
  %p = "kdsl.struct_create"(%m) : (f32) -> !P
  return %p : !P
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @create_types(%v: vector<3xf64>, %m: f32) -> !P {
  // expected-error @+1 {{'kdsl.struct_create' op field 'pos' has type 'vector<3xf32>' but operand has type 'vector<3xf64>'}}
  %p = "kdsl.struct_create"(%v, %m) : (vector<3xf64>, f32) -> !P
  return %p : !P
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
// expected-note @+1 {{prior use here}}
func.func @create_types_custom(%v: vector<3xf32>, %m: f64) -> !P {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'f32' vs 'f64'}}
  %p = kdsl.struct_create(%v, %m) : !P
  return %p : !P
}

// -----

func.func @create_not_struct(%x: f32) {
  // expected-error @+1 {{custom op 'kdsl.struct_create' expected a !kdsl.struct type}}
  %p = kdsl.struct_create(%x) : f32
  return
}

// -----

func.func @create_not_struct_generic(%x: f32) {
  // expected-error @+1 {{'kdsl.struct_create' op result #0 must be a @wp.struct value type with named fields, but got 'f32'}}
  %p = "kdsl.struct_create"(%x) : (f32) -> f32
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @extract_unknown(%p: !P) {
  // expected-error @+1 {{struct "P" has no field 'vel'}}
  %v = kdsl.struct_extract %p["vel"] : !P
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @extract_unknown_generic(%p: !P) {
  // expected-error @+2 {{struct "P" has no field 'Mass'}}
  // expected-error @+1 {{'kdsl.struct_extract' op failed to infer returned types}}
  %v = "kdsl.struct_extract"(%p) <{field = "Mass"}> : (!P) -> f32
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @extract_type(%p: !P) {
  // expected-error @+2 {{'kdsl.struct_extract' op inferred type(s) 'f32' are incompatible with return type(s) of operation 'f64'}}
  // expected-error @+1 {{'kdsl.struct_extract' op failed to infer returned types}}
  %m = "kdsl.struct_extract"(%p) <{field = "mass"}> : (!P) -> f64
  return
}

// -----

func.func @extract_not_struct(%x: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.struct_extract' op operand #0 must be a @wp.struct value type with named fields, but got 'vector<3xf32>'}}
  %m = "kdsl.struct_extract"(%x) <{field = "x"}> : (vector<3xf32>) -> f32
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @insert_unknown(%p: !P, %x: f32) {
  // expected-error @+1 {{'kdsl.struct_insert' op struct "P" has no field 'vel'}}
  %q = kdsl.struct_insert %x, %p["vel"] : f32, !P
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @insert_type(%p: !P, %x: f64) {
  // expected-error @+1 {{'kdsl.struct_insert' op field 'mass' has type 'f32' but the value has type 'f64'}}
  %q = kdsl.struct_insert %x, %p["mass"] : f64, !P
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
!Q = !kdsl.struct<"Q", {mass: f32}>
func.func @insert_result(%p: !P, %x: f32) {
  // expected-error @+1 {{'kdsl.struct_insert' op failed to verify that all of {input, result} have same type}}
  %q = "kdsl.struct_insert"(%x, %p) <{field = "mass"}> : (f32, !P) -> !Q
  return
}

// -----

func.func @assert_not_bool(%c: i32) {
  // expected-error @+1 {{'kdsl.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "kdsl.assert"(%c) <{message = "c"}> : (i32) -> ()
  return
}

//===----------------------------------------------------------------------===//
// Vector builtins
//===----------------------------------------------------------------------===//

// -----

func.func @dot_mismatch(%a: vector<3xf32>, %b: vector<3xf64>) {
  // expected-error @+1 {{'kdsl.dot' op failed to verify that all of {lhs, rhs} have same type}}
  %d = "kdsl.dot"(%a, %b) : (vector<3xf32>, vector<3xf64>) -> f32
  return
}

// -----

func.func @dot_result(%a: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.dot' op failed to verify that result is the element type}}
  %d = "kdsl.dot"(%a, %a) : (vector<3xf32>, vector<3xf32>) -> f64
  return
}

// -----

func.func @dot_bool(%a: vector<3xi1>) {
  // expected-error @+1 {{custom op 'kdsl.dot' 'lhs' must be fixed-length vector of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1, but got 'vector<3xi1>'}}
  %d = kdsl.dot %a, %a : vector<3xi1>
  return
}

// -----

func.func @dot_matrix(%a: vector<3x3xf32>) {
  // expected-error @+1 {{custom op 'kdsl.dot' 'lhs' must be fixed-length vector of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1, but got 'vector<3x3xf32>'}}
  %d = kdsl.dot %a, %a : vector<3x3xf32>
  return
}

// -----

func.func @dot_scalar(%a: f32) {
  // expected-error @+1 {{custom op 'kdsl.dot' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %d = kdsl.dot %a, %a : f32
  return
}

// -----

func.func @cross_vec4(%a: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.cross' op operand #0 must be 3-vector of floats, but got 'vector<4xf32>'}}
  %c = kdsl.cross %a, %a : vector<4xf32>
  return
}

// -----

func.func @cross_int(%a: vector<3xi32>) {
  // expected-error @+1 {{'kdsl.cross' op operand #0 must be 3-vector of floats, but got 'vector<3xi32>'}}
  %c = kdsl.cross %a, %a : vector<3xi32>
  return
}

// -----

func.func @cross_mismatch(%a: vector<3xf32>, %b: vector<3xf64>) {
  // expected-error @+1 {{'kdsl.cross' op requires the same type for all operands and results}}
  %c = "kdsl.cross"(%a, %b) : (vector<3xf32>, vector<3xf64>) -> vector<3xf32>
  return
}

// -----

func.func @length_int(%a: vector<3xi32>) {
  // expected-error @+1 {{custom op 'kdsl.length' 'input' must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1, but got 'vector<3xi32>'}}
  %l = kdsl.length %a : vector<3xi32>
  return
}

// -----

func.func @length_result(%a: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.length' op failed to verify that result is the element type}}
  %l = "kdsl.length"(%a) : (vector<3xf32>) -> f64
  return
}

// -----

func.func @length_sq_matrix(%a: vector<3x3xf32>) {
  // expected-error @+1 {{custom op 'kdsl.length_sq' 'input' must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1, but got 'vector<3x3xf32>'}}
  %l = kdsl.length_sq %a : vector<3x3xf32>
  return
}

// -----

func.func @length_sq_result(%a: vector<3xf16>) {
  // expected-error @+1 {{'kdsl.length_sq' op failed to verify that result is the element type}}
  %l = "kdsl.length_sq"(%a) : (vector<3xf16>) -> f32
  return
}

// -----

func.func @normalize_int(%a: vector<3xi32>) {
  // expected-error @+1 {{'kdsl.normalize' op operand #0 must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1, but got 'vector<3xi32>'}}
  %n = kdsl.normalize %a : vector<3xi32>
  return
}

// -----

func.func @normalize_result(%a: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.normalize' op requires the same type for all operands and results}}
  %n = "kdsl.normalize"(%a) : (vector<3xf32>) -> vector<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// Matrix builtins
//===----------------------------------------------------------------------===//

// -----

func.func @determinant_non_square(%m: vector<2x3xf32>) {
  // expected-error @+1 {{'kdsl.determinant' op expects a square 2x2, 3x3 or 4x4 matrix, got 'vector<2x3xf32>'}}
  %d = kdsl.determinant %m : vector<2x3xf32>
  return
}

// -----

func.func @determinant_5x5(%m: vector<5x5xf32>) {
  // expected-error @+1 {{'kdsl.determinant' op expects a square 2x2, 3x3 or 4x4 matrix, got 'vector<5x5xf32>'}}
  %d = kdsl.determinant %m : vector<5x5xf32>
  return
}

// -----

func.func @determinant_1x1(%m: vector<1x1xf64>) {
  // expected-error @+1 {{'kdsl.determinant' op expects a square 2x2, 3x3 or 4x4 matrix, got 'vector<1x1xf64>'}}
  %d = kdsl.determinant %m : vector<1x1xf64>
  return
}

// -----

func.func @determinant_vector(%v: vector<3xf32>) {
  // expected-error @+1 {{custom op 'kdsl.determinant' 'input' must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 2, but got 'vector<3xf32>'}}
  %d = kdsl.determinant %v : vector<3xf32>
  return
}

// -----

func.func @determinant_int(%m: vector<3x3xi32>) {
  // expected-error @+1 {{custom op 'kdsl.determinant' 'input' must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 2, but got 'vector<3x3xi32>'}}
  %d = kdsl.determinant %m : vector<3x3xi32>
  return
}

// -----

func.func @determinant_result(%m: vector<3x3xf32>) {
  // expected-error @+1 {{'kdsl.determinant' op failed to verify that result is the element type}}
  %d = "kdsl.determinant"(%m) : (vector<3x3xf32>) -> f64
  return
}

// -----

func.func @trace_non_square(%m: vector<3x2xf64>) {
  // expected-error @+1 {{'kdsl.trace' op expects a square matrix, got 'vector<3x2xf64>'}}
  %t = kdsl.trace %m : vector<3x2xf64>
  return
}

// -----

func.func @trace_result(%m: vector<2x2xf16>) {
  // expected-error @+1 {{'kdsl.trace' op failed to verify that result is the element type}}
  %t = "kdsl.trace"(%m) : (vector<2x2xf16>) -> f32
  return
}

// -----

func.func @inverse_non_square(%m: vector<2x4xf16>) {
  // expected-error @+1 {{'kdsl.inverse' op expects a square 2x2, 3x3 or 4x4 matrix, got 'vector<2x4xf16>'}}
  %i = kdsl.inverse %m : vector<2x4xf16>
  return
}

// -----

func.func @inverse_5x5(%m: vector<5x5xf32>) {
  // expected-error @+1 {{'kdsl.inverse' op expects a square 2x2, 3x3 or 4x4 matrix, got 'vector<5x5xf32>'}}
  %i = kdsl.inverse %m : vector<5x5xf32>
  return
}

// -----

func.func @inverse_result(%m: vector<3x3xf32>) {
  // expected-error @+1 {{'kdsl.inverse' op requires the same type for all operands and results}}
  %i = "kdsl.inverse"(%m) : (vector<3x3xf32>) -> vector<3x3xf64>
  return
}

// -----

func.func @diag_size(%v: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.diag' op result must be 3x3 of 'f32', got 'vector<4x4xf32>'}}
  %d = kdsl.diag %v : vector<3xf32> -> vector<4x4xf32>
  return
}

// -----

func.func @diag_non_square(%v: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.diag' op result must be 3x3 of 'f32', got 'vector<3x2xf32>'}}
  %d = kdsl.diag %v : vector<3xf32> -> vector<3x2xf32>
  return
}

// -----

func.func @diag_element(%v: vector<2xf64>) {
  // expected-error @+1 {{'kdsl.diag' op result must be 2x2 of 'f64', got 'vector<2x2xf32>'}}
  %d = kdsl.diag %v : vector<2xf64> -> vector<2x2xf32>
  return
}

// -----

func.func @diag_vector_result(%v: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.diag' op result #0 must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 2, but got 'vector<3xf32>'}}
  %d = kdsl.diag %v : vector<3xf32> -> vector<3xf32>
  return
}

// -----

func.func @matmul_two_vectors(%a: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op needs at least one matrix operand; use kdsl.dot for two vectors}}
  %d = kdsl.matmul %a, %a : vector<3xf32>, vector<3xf32> -> vector<3xf32>
  return
}

// -----

func.func @matmul_contraction_mm(%a: vector<3x2xf32>, %b: vector<3x3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op contracted dimensions differ: 2 vs 3}}
  %d = kdsl.matmul %a, %b : vector<3x2xf32>, vector<3x3xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @matmul_contraction_mv(%a: vector<3x2xf32>, %b: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op contracted dimensions differ: 2 vs 3}}
  %d = kdsl.matmul %a, %b : vector<3x2xf32>, vector<3xf32> -> vector<3xf32>
  return
}

// -----

func.func @matmul_contraction_vm(%a: vector<2xf32>, %b: vector<3x3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op contracted dimensions differ: 2 vs 3}}
  %d = kdsl.matmul %a, %b : vector<2xf32>, vector<3x3xf32> -> vector<3xf32>
  return
}

// -----

func.func @matmul_result_mm(%a: vector<3x2xf32>, %b: vector<2x4xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op result shape must be 'vector<3x4xf32>', got 'vector<3x3xf32>'}}
  %d = kdsl.matmul %a, %b : vector<3x2xf32>, vector<2x4xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @matmul_result_mv(%a: vector<3x3xf32>, %b: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op result shape must be 'vector<3xf32>', got 'vector<3x3xf32>'}}
  %d = kdsl.matmul %a, %b : vector<3x3xf32>, vector<3xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @matmul_result_vm(%a: vector<3xf64>, %b: vector<3x2xf64>) {
  // expected-error @+1 {{'kdsl.matmul' op result shape must be 'vector<2xf64>', got 'vector<3xf64>'}}
  %d = kdsl.matmul %a, %b : vector<3xf64>, vector<3x2xf64> -> vector<3xf64>
  return
}

// -----

func.func @matmul_operand_elements(%a: vector<3x3xf32>, %b: vector<3x3xf64>) {
  // expected-error @+1 {{'kdsl.matmul' op operands and result must have the same element type}}
  %d = kdsl.matmul %a, %b : vector<3x3xf32>, vector<3x3xf64> -> vector<3x3xf32>
  return
}

// -----

func.func @matmul_result_element(%a: vector<3x3xf32>, %b: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.matmul' op operands and result must have the same element type}}
  %d = kdsl.matmul %a, %b : vector<3x3xf32>, vector<3xf32> -> vector<3xf16>
  return
}

// -----

func.func @matmul_int(%a: vector<3x3xi32>) {
  // expected-error @+1 {{'kdsl.matmul' op operand #0 must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 1/2, but got 'vector<3x3xi32>'}}
  %d = kdsl.matmul %a, %a : vector<3x3xi32>, vector<3x3xi32> -> vector<3x3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Quaternion builtins
//===----------------------------------------------------------------------===//

// -----

func.func @quat_mul_vec3(%a: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.quat_mul' op operand #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<3xf32>'}}
  %q = kdsl.quat_mul %a, %a : vector<3xf32>
  return
}

// -----

func.func @quat_mul_int(%a: vector<4xi32>) {
  // expected-error @+1 {{'kdsl.quat_mul' op operand #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<4xi32>'}}
  %q = kdsl.quat_mul %a, %a : vector<4xi32>
  return
}

// -----

func.func @quat_mul_elements(%a: vector<4xf32>, %b: vector<4xf64>) {
  // expected-error @+1 {{'kdsl.quat_mul' op requires the same type for all operands and results}}
  %q = "kdsl.quat_mul"(%a, %b) : (vector<4xf32>, vector<4xf64>) -> vector<4xf32>
  return
}

// -----

func.func @quat_inverse_vec3(%a: vector<3xf64>) {
  // expected-error @+1 {{'kdsl.quat_inverse' op operand #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<3xf64>'}}
  %q = kdsl.quat_inverse %a : vector<3xf64>
  return
}

// -----

func.func @quat_inverse_result(%a: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.quat_inverse' op requires the same type for all operands and results}}
  %q = "kdsl.quat_inverse"(%a) : (vector<4xf32>) -> vector<4xf16>
  return
}

// -----

func.func @quat_rotate_quat_shape(%q: vector<3xf32>, %v: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.quat_rotate' op operand #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<3xf32>'}}
  %r = kdsl.quat_rotate %q, %v : vector<3xf32>, vector<3xf32>
  return
}

// -----

func.func @quat_rotate_vec_shape(%q: vector<4xf32>, %v: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.quat_rotate' op operand #1 must be 3-vector of floats, but got 'vector<4xf32>'}}
  %r = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<4xf32>
  return
}

// -----

func.func @quat_rotate_elements(%q: vector<4xf32>, %v: vector<3xf64>) {
  // expected-error @+1 {{'kdsl.quat_rotate' op element types differ: 'vector<4xf32>' vs 'vector<3xf64>'}}
  %r = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<3xf64>
  return
}

// -----

func.func @quat_rotate_result(%q: vector<4xf32>, %v: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.quat_rotate' op failed to verify that all of {vec, result} have same type}}
  %r = "kdsl.quat_rotate"(%q, %v) : (vector<4xf32>, vector<3xf32>) -> vector<3xf64>
  return
}

// -----

func.func @quat_rotate_inv_elements(%q: vector<4xf64>, %v: vector<3xf16>) {
  // expected-error @+1 {{'kdsl.quat_rotate_inv' op element types differ: 'vector<4xf64>' vs 'vector<3xf16>'}}
  %r = kdsl.quat_rotate_inv %q, %v : vector<4xf64>, vector<3xf16>
  return
}

// -----

func.func @quat_rotate_inv_vec_shape(%q: vector<4xf32>, %v: vector<2xf32>) {
  // expected-error @+1 {{'kdsl.quat_rotate_inv' op operand #1 must be 3-vector of floats, but got 'vector<2xf32>'}}
  %r = kdsl.quat_rotate_inv %q, %v : vector<4xf32>, vector<2xf32>
  return
}

// -----

func.func @quat_from_axis_angle_angle_type(%v: vector<3xf32>, %t: f64) {
  // expected-error @+1 {{'kdsl.quat_from_axis_angle' op failed to verify that angle is the axis element type}}
  %q = "kdsl.quat_from_axis_angle"(%v, %t) : (vector<3xf32>, f64) -> vector<4xf32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @quat_from_axis_angle_angle_custom(%v: vector<3xf16>, %t: f32) {
  // expected-error @+1 {{use of value '%t' expects different type than prior uses: 'f16' vs 'f32'}}
  %q = kdsl.quat_from_axis_angle %v, %t : vector<3xf16> -> vector<4xf16>
  return
}

// -----

func.func @quat_from_axis_angle_angle_int(%v: vector<3xf32>, %t: i32) {
  // expected-error @+1 {{'kdsl.quat_from_axis_angle' op operand #1 must be floating-point, but got 'i32'}}
  %q = "kdsl.quat_from_axis_angle"(%v, %t) : (vector<3xf32>, i32) -> vector<4xf32>
  return
}

// -----

func.func @quat_from_axis_angle_result_element(%v: vector<3xf32>, %t: f32) {
  // expected-error @+1 {{'kdsl.quat_from_axis_angle' op element types differ: 'vector<3xf32>' vs 'vector<4xf64>'}}
  %q = kdsl.quat_from_axis_angle %v, %t : vector<3xf32> -> vector<4xf64>
  return
}

// -----

func.func @quat_from_axis_angle_result_shape(%v: vector<3xf32>, %t: f32) {
  // expected-error @+1 {{'kdsl.quat_from_axis_angle' op result #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<3xf32>'}}
  %q = kdsl.quat_from_axis_angle %v, %t : vector<3xf32> -> vector<3xf32>
  return
}

// -----

func.func @quat_from_axis_angle_axis_shape(%v: vector<4xf32>, %t: f32) {
  // expected-error @+1 {{custom op 'kdsl.quat_from_axis_angle' 'axis' must be 3-vector of floats, but got 'vector<4xf32>'}}
  %q = kdsl.quat_from_axis_angle %v, %t : vector<4xf32> -> vector<4xf32>
  return
}

// -----

func.func @quat_to_matrix_4x4(%q: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.quat_to_matrix' op result must be a 3x3 matrix, got 'vector<4x4xf32>'}}
  %m = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<4x4xf32>
  return
}

// -----

func.func @quat_to_matrix_3x4(%q: vector<4xf64>) {
  // expected-error @+1 {{'kdsl.quat_to_matrix' op result must be a 3x3 matrix, got 'vector<3x4xf64>'}}
  %m = kdsl.quat_to_matrix %q : vector<4xf64> -> vector<3x4xf64>
  return
}

// -----

func.func @quat_to_matrix_element(%q: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.quat_to_matrix' op element types differ: 'vector<4xf32>' vs 'vector<3x3xf64>'}}
  %m = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<3x3xf64>
  return
}

// -----

func.func @quat_to_matrix_input(%q: vector<3xf32>) {
  // expected-error @+1 {{'kdsl.quat_to_matrix' op operand #0 must be quaternion (vector<4xf16|f32|f64|bf16>, [x, y, z, w]), but got 'vector<3xf32>'}}
  %m = kdsl.quat_to_matrix %q : vector<3xf32> -> vector<3x3xf32>
  return
}

// -----

func.func @quat_to_matrix_vector_result(%q: vector<4xf32>) {
  // expected-error @+1 {{'kdsl.quat_to_matrix' op result #0 must be fixed-length vector of 16-bit float or 32-bit float or 64-bit float or bfloat16 type values of ranks 2, but got 'vector<9xf32>'}}
  %m = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<9xf32>
  return
}

// -----

func.func @atomic_umin_float(%a: !kdsl.array<f32, 1>, %i: i32, %v: f32) {
  // expected-error @+1 {{'umin' needs integer elements, got 'f32'}}
  %0 = kdsl.atomic umin %a[%i], %v : !kdsl.array<f32, 1>
  return
}

// -----

!P = !kdsl.struct<"P", {pos: vector<3xf32>, mass: f32}>
func.func @field_view_unknown(%ps: !kdsl.array<!P, 1>) {
  // expected-error @+1 {{struct "P" has no field 'vel'}}
  %v = kdsl.field_view %ps["vel"] : !kdsl.array<!P, 1>
  return
}

// -----

func.func @field_view_not_struct(%xs: !kdsl.array<f32, 1>) {
  // expected-error @+1 {{expects an array of structs}}
  %v = kdsl.field_view %xs["m"] : !kdsl.array<f32, 1>
  return
}

// -----

!S = !kdsl.struct<"S", {data: !kdsl.array<f32, 1>}>
func.func @field_view_of_array_field(%ss: !kdsl.array<!S, 1>) {
  // expected-error @+1 {{field 'data' is an array}}
  %v = kdsl.field_view %ss["data"] : !kdsl.array<!S, 1>
  return
}

// -----

func.func @component_view_indices(%m: !kdsl.array<vector<64x64xf32>, 2>, %i: i32) {
  // expected-error @+1 {{takes 2 indices, got 1}}
  %v = kdsl.component_view %m[%i] : !kdsl.array<vector<64x64xf32>, 2> -> !kdsl.array<f32, 2>
  return
}

// -----

func.func @component_view_of_scalars(%a: !kdsl.array<f32, 1>, %i: i32) {
  // expected-error @+1 {{views a vector or matrix element of non-bool scalars, not 'f32'}}
  %v = kdsl.component_view %a[%i] : !kdsl.array<f32, 1> -> !kdsl.array<f32, 1>
  return
}

// -----

func.func @component_view_result(%m: !kdsl.array<vector<64x32xf32>, 1>, %i: i32) {
  // expected-error @+1 {{result must be a 2-d array of 'f32' or a 1-d array of its rows}}
  %v = kdsl.component_view %m[%i] : !kdsl.array<vector<64x32xf32>, 1> -> !kdsl.array<vector<64xf32>, 1>
  return
}

// -----

func.func @component_index_of_nothing(%j: i32) -> index {
  // expected-error @+1 {{extent must be at least 1, got 0}}
  %p = kdsl.component_index %j, 0, "a component of a vec3f"
  return %p : index
}
