// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// KernelOp::verify checks the argument names but not the argument types:
// a kernel taking `index`, `tensor`, `memref`, a scalable vector or a rank-3
// vector is accepted, although Warp kernel arguments can only be Warp values
// (scalars, vectors, matrices, quaternions, structs) and arrays - the same
// isValueType() rule that !kdsl.array and !kdsl.struct already enforce
// (KdslTypes.td even defines the unused Kdsl_ScalarType for this).

// expected-error @+1 {{kdsl.kernel}}
kdsl.kernel @index_arg(%n: index) attributes {arg_names = ["n"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{kdsl.kernel}}
kdsl.kernel @tensor_arg(%t: tensor<4xf32>) attributes {arg_names = ["t"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{kdsl.kernel}}
kdsl.kernel @memref_arg(%m: memref<?xf32>) attributes {arg_names = ["m"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{kdsl.kernel}}
kdsl.kernel @scalable_arg(%v: vector<[4]xf32>) attributes {arg_names = ["v"]} {
  kdsl.return
}

// -----

// expected-error @+1 {{kdsl.kernel}}
kdsl.kernel @rank3_arg(%v: vector<2x2x2xf32>) attributes {arg_names = ["v"]} {
  kdsl.return
}
