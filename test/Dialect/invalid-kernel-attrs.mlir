// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// KernelOp::parse (function_interface_impl::parseFunctionOp) never checks the
// inherent attributes it read from `attributes {...}`: when they are moved into
// the op's properties a value of the wrong kind is silently dropped. So
// `enable_backward = 0` or `= "no"` turns into the default (true: backward
// ENABLED) and `options = 5` disappears, with no diagnostic. The generic form
// does reject them ("failed to satisfy constraint: bool attribute"), see
// invalid.mlir. Calling result.name.verifyInherentAttrs(result.attributes, ...)
// at the end of KernelOp::parse, as ODS-generated parsers do, fixes this.

// expected-error @+1 {{enable_backward}}
kdsl.kernel @backward_int() attributes {arg_names = [], enable_backward = 0} {
  kdsl.return
}

// -----

// expected-error @+1 {{enable_backward}}
kdsl.kernel @backward_string() attributes {arg_names = [], enable_backward = "no"} {
  kdsl.return
}

// -----

// expected-error @+1 {{options}}
kdsl.kernel @options_not_dict() attributes {arg_names = [], options = 5} {
  kdsl.return
}

// -----

// Rejected today, but as "requires attribute 'arg_names'" although it is
// present: the message should name the wrong kind of value.
// expected-error @+1 {{attribute 'arg_names' failed to satisfy constraint: string array attribute}}
kdsl.kernel @names_not_array(%a: f32) attributes {arg_names = "a"} {
  kdsl.return
}
