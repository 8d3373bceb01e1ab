// RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s --check-prefixes=CHECK,CPP
// RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s --check-prefixes=CHECK,CUDA

// !kdsl.struct as a C struct (the same in C++ and CUDA C): loads, field reads, struct_insert as a copy with one field assigned, struct_create as aggregate initialization, field_view by offsetof.
!P = !kdsl.struct<"P", {pos: vector<3xf32>, m: f32}>

// CHECK:      struct P {
// CHECK-NEXT:   kdsl::vec<float, 3> pos;
// CHECK-NEXT:   float m;
// CHECK-NEXT: };
// CPP-LABEL: extern "C" void structs_cpu_forward(
// CUDA-LABEL: extern "C" __global__ void structs_cuda_kernel_forward(kdsl_launch launch, kdsl_array ps, P p, kdsl_array out) {
// CPP:    const P p = kdsl::read_arg<P>(args[1]);
// CHECK:    const P [[Q:v[0-9]+]] = kdsl::load<P>(ps, (uint32_t)tid);
// CHECK-NEXT:    const float [[M:v[0-9]+]] = [[Q]].m;
// CHECK-NEXT:    const float [[M2:v[0-9]+]] = [[M]] + 1.0f;
// CHECK-NEXT:    P [[R:v[0-9]+]] = [[Q]];
// CHECK-NEXT:    [[R]].m = [[M2]];
// CHECK-NEXT:    kdsl::store(ps, [[R]], (uint32_t)tid);
// CHECK-NEXT:    const kdsl::vec<float, 3> [[POS:v[0-9]+]] = p.pos;
// CHECK-NEXT:    const P [[C:v[0-9]+]] = P{[[POS]], [[M2]]};
// CHECK-NEXT:    kdsl::store(ps, [[C]], (uint32_t)tid);
// CHECK-NEXT:    const kdsl_array [[MASSES:v[0-9]+]] = kdsl::field_view(ps, offsetof(P, m));
// CHECK-NEXT:    const float [[OLD:v[0-9]+]] = kdsl::atomic<float>(kdsl::rmw::add, [[MASSES]], [[M]], (uint32_t)tid);
// CHECK-NEXT:    kdsl::store(out, [[OLD]], (uint32_t)tid);
kdsl.kernel @structs(%ps: !kdsl.array<!P, 1>, %p: !P, %out: !kdsl.array<f32, 1>) attributes {arg_names = ["ps", "p", "out"]} {
  %i = kdsl.tid : i32
  %q = kdsl.load %ps[%i] : !kdsl.array<!P, 1>
  %m = kdsl.struct_extract %q["m"] : !P
  %one = arith.constant 1.000000e+00 : f32
  %m2 = arith.addf %m, %one : f32
  %r = kdsl.struct_insert %m2, %q["m"] : f32, !P
  kdsl.store %r, %ps[%i] : !kdsl.array<!P, 1>
  %pos = kdsl.struct_extract %p["pos"] : !P
  %c = kdsl.struct_create(%pos, %m2) : !P
  kdsl.store %c, %ps[%i] : !kdsl.array<!P, 1>
  %masses = kdsl.field_view %ps["m"] : !kdsl.array<!P, 1>
  %old = kdsl.atomic add %masses[%i], %m : !kdsl.array<f32, 1>
  kdsl.store %old, %out[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
