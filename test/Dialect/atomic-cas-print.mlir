// RUN: kdsl-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// kdsl.atomic's exch / bit_* / cas kinds and kdsl.print: the custom forms
// round-trip, and the verifiers reject what the lowerings cannot take.

// CHECK-LABEL: kdsl.kernel @ok
// CHECK: %{{.*}} = kdsl.atomic cas %a[%i], %x if_equal %c : i32 : <i32, 1>
// CHECK: %{{.*}} = kdsl.atomic bit_xor %a[%i], %x : <i32, 1>
// CHECK: %{{.*}} = kdsl.atomic exch %a[%i], %x : <i32, 1>
// CHECK: kdsl.print "x = %d\0A"(%x) : i32
// CHECK: kdsl.print "done\0A"{{$}}
kdsl.kernel @ok(%a: !kdsl.array<i32, 1>, %i: i32, %x: i32, %c: i32) attributes {arg_names = ["a", "i", "x", "c"]} {
  %0 = kdsl.atomic cas %a[%i], %x if_equal %c : i32 : !kdsl.array<i32, 1>
  %1 = kdsl.atomic bit_xor %a[%i], %x : !kdsl.array<i32, 1>
  %2 = kdsl.atomic exch %a[%i], %x : !kdsl.array<i32, 1>
  kdsl.print "x = %d\n"(%x) : i32
  kdsl.print "done\n"
  kdsl.return
}

// -----

kdsl.kernel @cas_without_compare(%a: !kdsl.array<i32, 1>, %i: i32, %x: i32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op a compare operand goes with 'cas', and only with it}}
  %0 = kdsl.atomic cas %a[%i], %x : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

kdsl.kernel @compare_without_cas(%a: !kdsl.array<i32, 1>, %i: i32, %x: i32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op a compare operand goes with 'cas', and only with it}}
  %0 = kdsl.atomic add %a[%i], %x if_equal %x : i32 : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

kdsl.kernel @compare_type(%a: !kdsl.array<i32, 1>, %i: i32, %x: i32, %c: i64) attributes {arg_names = ["a", "i", "x", "c"]} {
  // expected-error @+1 {{'kdsl.atomic' op compare must have the element type 'i32'}}
  %0 = kdsl.atomic cas %a[%i], %x if_equal %c : i64 : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

kdsl.kernel @bitwise_float(%a: !kdsl.array<f32, 1>, %i: i32, %x: f32) attributes {arg_names = ["a", "i", "x"]} {
  // expected-error @+1 {{'kdsl.atomic' op 'bit_or' needs integer elements, got 'f32'}}
  %0 = kdsl.atomic bit_or %a[%i], %x : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

kdsl.kernel @print_unpromoted(%x: f32) attributes {arg_names = ["x"]} {
  // expected-error @+1 {{'kdsl.print' op arguments must be promoted to f64, i32 or i64, got 'f32'}}
  kdsl.print "%f\n"(%x) : f32
  kdsl.return
}
