// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// StructType::verify rejects an empty struct name and duplicate field names,
// but not an empty field name: `{"": f32}` is accepted (and round-trips), although
// @wp.struct fields are Python identifiers and tools bind struct arguments by
// field name.

// expected-error @+1 {{field}}
func.func private @empty_field(!kdsl.struct<"S", {"": f32}>)

// -----

// expected-error @+1 {{field}}
func.func private @empty_second_field(!kdsl.struct<"S", {x: f32, "": vector<3xf32>}>)
