// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// Struct names and field names are Python identifiers (they come from
// `@wp.struct class Name:`), so a name that could not be printed back
// unescaped is rejected.

// expected-error @+1 {{struct name must be a Python identifier}}
kdsl.kernel @k(%a: !kdsl.struct<"A\22B", {x: f32}>) attributes {arg_names = ["a"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{struct name must be a Python identifier}}
kdsl.kernel @k(%a: !kdsl.struct<"line\0Abreak", {y: f64}>) attributes {arg_names = ["a"]} {
  kdsl.return
}
