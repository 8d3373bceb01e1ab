// RUN: kdsl-translate %s --split-input-file --verify-diagnostics
// RUN: not kdsl-translate %S/Inputs/verify-diagnostics-mismatch.mlir --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not kdsl-translate %s --split-input-file 2>&1 | FileCheck %s --check-prefix=PLAIN

// kdsl-translate --verify-diagnostics checks the diagnostics of kdsl IR
// input (parser and verifier) against expected-* comments, chunk by chunk
// with --split-input-file (mlir-opt's options, for kdsl-translate).

// expected-error @+1 {{struct name must be a Python identifier}}
kdsl.kernel @k(%a: !kdsl.struct<"A\22B", {x: f32}>) attributes {arg_names = ["a"]} {
  kdsl.return
}

// -----

// A chunk without errors: nothing expected, nothing reported.
kdsl.kernel @k(%n: i32) attributes {arg_names = ["n"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{custom op 'kdsl.no_such_op' is unknown}}
kdsl.no_such_op

// Without --verify-diagnostics the errors are reported as usual, one per
// failing chunk (lines counted from the chunk's start, as mlir-opt does).
// PLAIN: verify-diagnostics.mlir:1 offset :10:26: error: struct name must be a Python identifier
// PLAIN: verify-diagnostics.mlir:21 offset :4:1: error: custom op 'kdsl.no_such_op' is unknown

// MISMATCH: verify-diagnostics-mismatch.mlir:1 offset :4:1: error: unexpected error: custom op 'kdsl.no_such_op' is unknown
// MISMATCH: verify-diagnostics-mismatch.mlir:1 offset :3:4: error: expected error "some other message" was not produced
