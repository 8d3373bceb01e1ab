// Verified kdsl IR that the GPU cannot take gets a diagnostic, never an LLVM
// ERROR: a kernel argument of a struct with no fields (NVPTX has no
// parameter of size 0; the front end makes no such struct, IR may).
// RUN: not kdsl-opt %s --split-input-file --kdsl-lower-to-nvvm 2>&1 | FileCheck %s

// CHECK: error: argument 0 of kernel 'k': the struct 'E' has no fields, which the GPU ABI cannot pass
kdsl.kernel @k(%e: !kdsl.struct<"E", {}>, %a: !kdsl.array<f32, 1>) attributes {arg_names = ["e", "a"]} {
  %i = kdsl.tid : i32
  %c = arith.constant 1.0 : f32
  kdsl.store %c, %a[%i] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

// Also one nested in another struct.
// CHECK: error: argument 1 of kernel 'k': the struct 'E' has no fields
kdsl.kernel @k(%a: !kdsl.array<f32, 1>, %s: !kdsl.struct<"S", {x: f32, e: !kdsl.struct<"E", {}>}>) attributes {arg_names = ["a", "s"]} {
  kdsl.return
}
