// RUN: kdsl-opt %s | kdsl-opt | FileCheck %s
// RUN: kdsl-opt %s --mlir-print-op-generic | kdsl-opt | FileCheck %s

// Round trip of every kdsl op and type through its custom assembly format.
// Kernel arguments print with their `arg_names` as block-argument names and
// 1-d / n-d thread ids as %tid / %i, %j, %k, %l; struct types print through
// `!Name = !kdsl.struct<...>` aliases.

// CHECK-DAG: !Empty = !kdsl.struct<"Empty", {}>
// CHECK-DAG: !Params = !kdsl.struct<"Params", {data: !kdsl.array<f32, 1>, time_step: f64}>
// CHECK-DAG: !Particle = !kdsl.struct<"Particle", {pos: vector<3xf32>, mass: f32, id: i32}>
// CHECK-DAG: !Scene = !kdsl.struct<"Scene", {particle_list: !kdsl.array<!Particle, 1>, first: !Particle, count: i64, flag: i1}>
!Particle = !kdsl.struct<"Particle", {pos: vector<3xf32>, mass: f32, id: i32}>

//===----------------------------------------------------------------------===//
// Kernels, thread ids, load / store / shape
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @empty(
// CHECK-SAME:      ) attributes {arg_names = [], enable_backward = true} {
// CHECK-NEXT:    kdsl.return
kdsl.kernel @empty() attributes {arg_names = []} {
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @tid1(
// CHECK-SAME:      %x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = true} {
// CHECK-NEXT:    %tid = kdsl.tid : i32
// CHECK-NEXT:    %[[V:.+]] = kdsl.load %x[%tid] : <f32, 1>
// CHECK-NEXT:    kdsl.store %[[V]], %x[%tid] : <f32, 1>
// CHECK-NEXT:    %[[N:.+]] = kdsl.shape %x[0] : <f32, 1>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @tid1(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : !kdsl.array<f32, 1>
  kdsl.store %v, %x[%i] : !kdsl.array<f32, 1>
  %n = kdsl.shape %x[0] : !kdsl.array<f32, 1>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @tid2(
// CHECK-SAME:      %grid: !kdsl.array<f64, 2>, %scale: f64) attributes {arg_names = ["grid", "scale"], enable_backward = false} {
// CHECK-NEXT:    %i, %j = kdsl.tid : i32, i32
// CHECK-NEXT:    %[[V:.+]] = kdsl.load %grid[%i, %j] : <f64, 2>
// CHECK-NEXT:    kdsl.store %scale, %grid[%j, %i] : <f64, 2>
// CHECK-NEXT:    %[[N:.+]] = kdsl.shape %grid[1] : <f64, 2>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @tid2(%grid: !kdsl.array<f64, 2>, %scale: f64) attributes {arg_names = ["grid", "scale"], enable_backward = false} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %grid[%i, %j] : !kdsl.array<f64, 2>
  kdsl.store %scale, %grid[%j, %i] : !kdsl.array<f64, 2>
  %n = kdsl.shape %grid[1] : !kdsl.array<f64, 2>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @tid3(
// CHECK-SAME:      %vol: !kdsl.array<vector<3xf16>, 3>) attributes {arg_names = ["vol"], enable_backward = true, options = {module = "fluids"}} {
// CHECK-NEXT:    %i, %j, %k = kdsl.tid : i32, i32, i32
// CHECK-NEXT:    %[[V:.+]] = kdsl.load %vol[%i, %j, %k] : <vector<3xf16>, 3>
// CHECK-NEXT:    kdsl.store %[[V]], %vol[%k, %j, %i] : <vector<3xf16>, 3>
// CHECK-NEXT:    %[[N:.+]] = kdsl.shape %vol[2] : <vector<3xf16>, 3>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @tid3(%vol: !kdsl.array<vector<3xf16>, 3>) attributes {arg_names = ["vol"], options = {module = "fluids"}} {
  %i, %j, %k = kdsl.tid : i32, i32, i32
  %v = kdsl.load %vol[%i, %j, %k] : !kdsl.array<vector<3xf16>, 3>
  kdsl.store %v, %vol[%k, %j, %i] : !kdsl.array<vector<3xf16>, 3>
  %n = kdsl.shape %vol[2] : !kdsl.array<vector<3xf16>, 3>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @tid4(
// CHECK-SAME:      %mats: !kdsl.array<vector<2x2xf32>, 4>) attributes {arg_names = ["mats"], enable_backward = true} {
// CHECK-NEXT:    %i, %j, %k, %l = kdsl.tid : i32, i32, i32, i32
// CHECK-NEXT:    %[[V:.+]] = kdsl.load %mats[%i, %j, %k, %l] : <vector<2x2xf32>, 4>
// CHECK-NEXT:    kdsl.store %[[V]], %mats[%l, %k, %j, %i] : <vector<2x2xf32>, 4>
// CHECK-NEXT:    %[[N:.+]] = kdsl.shape %mats[3] : <vector<2x2xf32>, 4>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @tid4(%mats: !kdsl.array<vector<2x2xf32>, 4>) attributes {arg_names = ["mats"]} {
  %i, %j, %k, %l = kdsl.tid : i32, i32, i32, i32
  %v = kdsl.load %mats[%i, %j, %k, %l] : !kdsl.array<vector<2x2xf32>, 4>
  kdsl.store %v, %mats[%l, %k, %j, %i] : !kdsl.array<vector<2x2xf32>, 4>
  %n = kdsl.shape %mats[3] : !kdsl.array<vector<2x2xf32>, 4>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Array and struct types: every element / field kind, ranks 1-4, nested
// structs, arrays in structs, quoted field names, the empty struct.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @types(
// CHECK-SAME:      %b: !kdsl.array<i1, 1>, %i8: !kdsl.array<i8, 1>, %i16: !kdsl.array<i16, 2>, %i32: !kdsl.array<i32, 3>, %i64: !kdsl.array<i64, 4>, %f16: !kdsl.array<f16, 1>, %f64: !kdsl.array<f64, 1>, %v4i: !kdsl.array<vector<4xi8>, 1>, %m34: !kdsl.array<vector<3x4xf64>, 2>, %ps: !kdsl.array<!Particle, 1>, %nested: !Scene, %none: !Empty)
// CHECK-SAME:      attributes {arg_names = ["b", "i8", "i16", "i32", "i64", "f16", "f64", "v4i", "m34", "ps", "nested", "none"], enable_backward = true} {
// CHECK-NEXT:    kdsl.return
kdsl.kernel @types(%b: !kdsl.array<i1, 1>, %i8: !kdsl.array<i8, 1>, %i16: !kdsl.array<i16, 2>, %i32: !kdsl.array<i32, 3>, %i64: !kdsl.array<i64, 4>, %f16: !kdsl.array<f16, 1>, %f64: !kdsl.array<f64, 1>, %v4i: !kdsl.array<vector<4xi8>, 1>, %m34: !kdsl.array<vector<3x4xf64>, 2>, %ps: !kdsl.array<!Particle, 1>, %nested: !kdsl.struct<"Scene", {particle_list: !kdsl.array<!Particle, 1>, first: !Particle, count: i64, flag: i1}>, %none: !kdsl.struct<"Empty", {}>) attributes {arg_names = ["b", "i8", "i16", "i32", "i64", "f16", "f64", "v4i", "m34", "ps", "nested", "none"]} {
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Atomics on scalar and vector elements
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @atomics(
// CHECK-SAME:      %f: !kdsl.array<f32, 1>, %v: !kdsl.array<vector<3xf64>, 2>, %n: !kdsl.array<i32, 1>, %m: !kdsl.array<i64, 3>, %h: !kdsl.array<vector<2xf16>, 1>, %iv: !kdsl.array<vector<2xi32>, 4>, %x: f32, %y: vector<3xf64>, %k: i32, %w: i64, %hh: vector<2xf16>, %ii: vector<2xi32>)
// CHECK-NEXT:    %tid = kdsl.tid : i32
// CHECK-NEXT:    %[[ADD:.+]] = kdsl.atomic add %f[%tid], %x : <f32, 1>
// CHECK-NEXT:    %[[SUB:.+]] = kdsl.atomic sub %f[%tid], %x : <f32, 1>
// CHECK-NEXT:    %[[MIN:.+]] = kdsl.atomic min %f[%tid], %x : <f32, 1>
// CHECK-NEXT:    %[[MAX:.+]] = kdsl.atomic max %f[%tid], %x : <f32, 1>
// CHECK-NEXT:    %[[VADD:.+]] = kdsl.atomic add %v[%tid, %tid], %y : <vector<3xf64>, 2>
// CHECK-NEXT:    %[[VSUB:.+]] = kdsl.atomic sub %v[%tid, %tid], %y : <vector<3xf64>, 2>
// CHECK-NEXT:    %[[IMIN:.+]] = kdsl.atomic min %n[%tid], %k : <i32, 1>
// CHECK-NEXT:    %[[IMAX:.+]] = kdsl.atomic max %m[%tid, %tid, %tid], %w : <i64, 3>
// CHECK-NEXT:    %[[HADD:.+]] = kdsl.atomic add %h[%tid], %hh : <vector<2xf16>, 1>
// CHECK-NEXT:    %[[IVMAX:.+]] = kdsl.atomic max %iv[%tid, %tid, %tid, %tid], %ii : <vector<2xi32>, 4>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @atomics(%f: !kdsl.array<f32, 1>, %v: !kdsl.array<vector<3xf64>, 2>, %n: !kdsl.array<i32, 1>, %m: !kdsl.array<i64, 3>, %h: !kdsl.array<vector<2xf16>, 1>, %iv: !kdsl.array<vector<2xi32>, 4>, %x: f32, %y: vector<3xf64>, %k: i32, %w: i64, %hh: vector<2xf16>, %ii: vector<2xi32>) attributes {arg_names = ["f", "v", "n", "m", "h", "iv", "x", "y", "k", "w", "hh", "ii"]} {
  %i = kdsl.tid : i32
  %0 = kdsl.atomic add %f[%i], %x : !kdsl.array<f32, 1>
  %1 = kdsl.atomic sub %f[%i], %x : !kdsl.array<f32, 1>
  %2 = kdsl.atomic min %f[%i], %x : !kdsl.array<f32, 1>
  %3 = kdsl.atomic max %f[%i], %x : !kdsl.array<f32, 1>
  %4 = kdsl.atomic add %v[%i, %i], %y : !kdsl.array<vector<3xf64>, 2>
  %5 = kdsl.atomic sub %v[%i, %i], %y : !kdsl.array<vector<3xf64>, 2>
  %6 = kdsl.atomic min %n[%i], %k : !kdsl.array<i32, 1>
  %7 = kdsl.atomic max %m[%i, %i, %i], %w : !kdsl.array<i64, 3>
  %8 = kdsl.atomic add %h[%i], %hh : !kdsl.array<vector<2xf16>, 1>
  %9 = kdsl.atomic max %iv[%i, %i, %i, %i], %ii : !kdsl.array<vector<2xi32>, 4>
  kdsl.return
}

// Matrix and quaternion elements are combined component by component.
// CHECK-LABEL: kdsl.kernel @atomic_matrices(
// CHECK-SAME:      %m: !kdsl.array<vector<3x3xf32>, 1>, %q: !kdsl.array<vector<4xf64>, 2>, %x: vector<3x3xf32>, %y: vector<4xf64>)
// CHECK-NEXT:    %tid = kdsl.tid : i32
// CHECK-NEXT:    %[[MADD:.+]] = kdsl.atomic add %m[%tid], %x : <vector<3x3xf32>, 1>
// CHECK-NEXT:    %[[MMIN:.+]] = kdsl.atomic min %m[%tid], %[[MADD]] : <vector<3x3xf32>, 1>
// CHECK-NEXT:    %[[QSUB:.+]] = kdsl.atomic sub %q[%tid, %tid], %y : <vector<4xf64>, 2>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @atomic_matrices(%m: !kdsl.array<vector<3x3xf32>, 1>, %q: !kdsl.array<vector<4xf64>, 2>, %x: vector<3x3xf32>, %y: vector<4xf64>) attributes {arg_names = ["m", "q", "x", "y"]} {
  %i = kdsl.tid : i32
  %0 = kdsl.atomic add %m[%i], %x : !kdsl.array<vector<3x3xf32>, 1>
  %1 = kdsl.atomic min %m[%i], %0 : !kdsl.array<vector<3x3xf32>, 1>
  %2 = kdsl.atomic sub %q[%i, %i], %y : !kdsl.array<vector<4xf64>, 2>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Structs and in-kernel checks
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @structs(
// CHECK-SAME:      %ps: !kdsl.array<!Particle, 1>, %p: !Particle, %s: !Params) attributes {arg_names = ["ps", "p", "s"], enable_backward = true} {
// CHECK-NEXT:    %tid = kdsl.tid : i32
// CHECK-NEXT:    %[[POS:.+]] = kdsl.struct_extract %p["pos"] : !Particle
// CHECK-NEXT:    %[[MASS:.+]] = kdsl.struct_extract %p["mass"] : !Particle
// CHECK-NEXT:    %[[ID:.+]] = kdsl.struct_extract %p["id"] : !Particle
// CHECK-NEXT:    %[[Q:.+]] = kdsl.struct_create(%[[POS]], %[[MASS]], %[[ID]]) : !Particle
// CHECK-NEXT:    %[[R:.+]] = kdsl.struct_insert %[[MASS]], %[[Q]]["mass"] : f32, !Particle
// CHECK-NEXT:    kdsl.store %[[R]], %ps[%tid] : <!Particle, 1>
// CHECK-NEXT:    %[[DATA:.+]] = kdsl.struct_extract %s["data"] : !Params
// CHECK-NEXT:    %[[DT:.+]] = kdsl.struct_extract %s["time_step"] : !Params
// CHECK-NEXT:    %[[LOADED:.+]] = kdsl.load %ps[%tid] : <!Particle, 1>
// CHECK-NEXT:    %[[MASSES:.+]] = kdsl.field_view %ps["mass"] : <!Particle, 1>
// CHECK-NEXT:    %{{.+}} = kdsl.atomic add %[[MASSES]][%tid], %[[MASS]] : <f32, 1>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @structs(%ps: !kdsl.array<!Particle, 1>, %p: !Particle, %s: !kdsl.struct<"Params", {data: !kdsl.array<f32, 1>, time_step: f64}>) attributes {arg_names = ["ps", "p", "s"]} {
  %i = kdsl.tid : i32
  %pos = kdsl.struct_extract %p["pos"] : !Particle
  %mass = kdsl.struct_extract %p["mass"] : !Particle
  %id = kdsl.struct_extract %p["id"] : !Particle
  %q = kdsl.struct_create(%pos, %mass, %id) : !Particle
  %r = kdsl.struct_insert %mass, %q["mass"] : f32, !Particle
  kdsl.store %r, %ps[%i] : !kdsl.array<!Particle, 1>
  %data = kdsl.struct_extract %s["data"] : !kdsl.struct<"Params", {data: !kdsl.array<f32, 1>, time_step: f64}>
  %dt = kdsl.struct_extract %s["time_step"] : !kdsl.struct<"Params", {data: !kdsl.array<f32, 1>, time_step: f64}>
  %loaded = kdsl.load %ps[%i] : !kdsl.array<!Particle, 1>
  %masses = kdsl.field_view %ps["mass"] : !kdsl.array<!Particle, 1>
  %old = kdsl.atomic add %masses[%i], %mass : !kdsl.array<f32, 1>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @empty_struct(
// CHECK-SAME:      %out: !kdsl.array<!Empty, 1>) attributes {arg_names = ["out"], enable_backward = true} {
// CHECK-NEXT:    %tid = kdsl.tid : i32
// CHECK-NEXT:    %[[E:.+]] = kdsl.struct_create() : !Empty
// CHECK-NEXT:    kdsl.store %[[E]], %out[%tid] : <!Empty, 1>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @empty_struct(%out: !kdsl.array<!kdsl.struct<"Empty", {}>, 1>) attributes {arg_names = ["out"]} {
  %i = kdsl.tid : i32
  %e = kdsl.struct_create() : !kdsl.struct<"Empty", {}>
  kdsl.store %e, %out[%i] : !kdsl.array<!kdsl.struct<"Empty", {}>, 1>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @checks(
// CHECK-SAME:      %ok: i1) attributes {arg_names = ["ok"], enable_backward = true} {
// CHECK-NEXT:    kdsl.assert %ok, "expect_eq(a, b)"
// CHECK-NEXT:    kdsl.assert %ok, "assert x > 0" {note = "user"}
// CHECK-NEXT:    kdsl.return
kdsl.kernel @checks(%ok: i1) attributes {arg_names = ["ok"]} {
  kdsl.assert %ok, "expect_eq(a, b)"
  kdsl.assert %ok, "assert x > 0" {note = "user"}
  kdsl.return
}

// kdsl-expand-builtins's views of one matrix element: its rows, its scalars.
// CHECK-LABEL: kdsl.kernel @component_views(
// CHECK:         kdsl.component_view %m[%tid] : <vector<64x64xf32>, 1> -> <vector<64xf32>, 1>
// CHECK:         kdsl.component_view %m[%tid] : <vector<64x64xf32>, 1> -> <f32, 2>
// CHECK:         kdsl.component_view %v[%tid] : <vector<20xf64>, 1> -> <f64, 1>
kdsl.kernel @component_views(%m: !kdsl.array<vector<64x64xf32>, 1>, %v: !kdsl.array<vector<20xf64>, 1>) attributes {arg_names = ["m", "v"]} {
  %tid = kdsl.tid : i32
  %rows = kdsl.component_view %m[%tid] : !kdsl.array<vector<64x64xf32>, 1> -> !kdsl.array<vector<64xf32>, 1>
  %elems = kdsl.component_view %m[%tid] : !kdsl.array<vector<64x64xf32>, 1> -> !kdsl.array<f32, 2>
  %comps = kdsl.component_view %v[%tid] : !kdsl.array<vector<20xf64>, 1> -> !kdsl.array<f64, 1>
  kdsl.return
}

// kdsl-canonicalize's marker (it exists only while that pass runs).
// CHECK-LABEL: kdsl.kernel @fence(
// CHECK-NEXT:    kdsl.effect_fence
// CHECK-NEXT:    kdsl.return
kdsl.kernel @fence() attributes {arg_names = []} {
  kdsl.effect_fence
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Vector builtins
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @vectors(
// CHECK-SAME:      %a: vector<3xf32>, %b: vector<3xf32>, %c: vector<2xf16>, %d: vector<4xf64>, %e: vector<3xi32>, %g: vector<3xf64>, %h: vector<3xf16>)
// CHECK-NEXT:    %[[DOT:.+]] = kdsl.dot %a, %b : vector<3xf32>
// CHECK-NEXT:    %[[DOTI:.+]] = kdsl.dot %e, %e : vector<3xi32>
// CHECK-NEXT:    %[[DOTD:.+]] = kdsl.dot %d, %d : vector<4xf64>
// CHECK-NEXT:    %[[CROSS:.+]] = kdsl.cross %a, %b : vector<3xf32>
// CHECK-NEXT:    %[[CROSSD:.+]] = kdsl.cross %g, %g : vector<3xf64>
// CHECK-NEXT:    %[[CROSSH:.+]] = kdsl.cross %h, %h : vector<3xf16>
// CHECK-NEXT:    %[[LENH:.+]] = kdsl.length %c : vector<2xf16>
// CHECK-NEXT:    %[[LEN:.+]] = kdsl.length %a : vector<3xf32>
// CHECK-NEXT:    %[[LSQD:.+]] = kdsl.length_sq %d : vector<4xf64>
// CHECK-NEXT:    %[[LSQH:.+]] = kdsl.length_sq %c : vector<2xf16>
// CHECK-NEXT:    %[[NRM:.+]] = kdsl.normalize %a : vector<3xf32>
// CHECK-NEXT:    %[[NRMD:.+]] = kdsl.normalize %d : vector<4xf64>
// CHECK-NEXT:    %[[NRMH:.+]] = kdsl.normalize %c : vector<2xf16>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @vectors(%a: vector<3xf32>, %b: vector<3xf32>, %c: vector<2xf16>, %d: vector<4xf64>, %e: vector<3xi32>, %g: vector<3xf64>, %h: vector<3xf16>) attributes {arg_names = ["a", "b", "c", "d", "e", "g", "h"]} {
  %0 = kdsl.dot %a, %b : vector<3xf32>
  %1 = kdsl.dot %e, %e : vector<3xi32>
  %2 = kdsl.dot %d, %d : vector<4xf64>
  %3 = kdsl.cross %a, %b : vector<3xf32>
  %4 = kdsl.cross %g, %g : vector<3xf64>
  %5 = kdsl.cross %h, %h : vector<3xf16>
  %6 = kdsl.length %c : vector<2xf16>
  %7 = kdsl.length %a : vector<3xf32>
  %8 = kdsl.length_sq %d : vector<4xf64>
  %9 = kdsl.length_sq %c : vector<2xf16>
  %10 = kdsl.normalize %a : vector<3xf32>
  %11 = kdsl.normalize %d : vector<4xf64>
  %12 = kdsl.normalize %c : vector<2xf16>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Matrix builtins
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @matrices(
// CHECK-SAME:      %m: vector<3x3xf32>, %n: vector<3x2xf32>, %v: vector<3xf32>, %w: vector<2xf32>, %h: vector<2x2xf16>, %hv: vector<2xf16>, %g: vector<4x4xf64>, %u: vector<4xf64>)
// CHECK-NEXT:    %[[MM:.+]] = kdsl.matmul %m, %n : vector<3x3xf32>, vector<3x2xf32> -> vector<3x2xf32>
// CHECK-NEXT:    %[[MV:.+]] = kdsl.matmul %m, %v : vector<3x3xf32>, vector<3xf32> -> vector<3xf32>
// CHECK-NEXT:    %[[VM:.+]] = kdsl.matmul %v, %n : vector<3xf32>, vector<3x2xf32> -> vector<2xf32>
// CHECK-NEXT:    %[[MV2:.+]] = kdsl.matmul %n, %w : vector<3x2xf32>, vector<2xf32> -> vector<3xf32>
// CHECK-NEXT:    %[[MMH:.+]] = kdsl.matmul %h, %h : vector<2x2xf16>, vector<2x2xf16> -> vector<2x2xf16>
// CHECK-NEXT:    %[[VMD:.+]] = kdsl.matmul %u, %g : vector<4xf64>, vector<4x4xf64> -> vector<4xf64>
// CHECK-NEXT:    %[[DET:.+]] = kdsl.determinant %m : vector<3x3xf32>
// CHECK-NEXT:    %[[DETH:.+]] = kdsl.determinant %h : vector<2x2xf16>
// CHECK-NEXT:    %[[DETD:.+]] = kdsl.determinant %g : vector<4x4xf64>
// CHECK-NEXT:    %[[TR:.+]] = kdsl.trace %m : vector<3x3xf32>
// CHECK-NEXT:    %[[TRH:.+]] = kdsl.trace %h : vector<2x2xf16>
// CHECK-NEXT:    %[[TRD:.+]] = kdsl.trace %g : vector<4x4xf64>
// CHECK-NEXT:    %[[INV:.+]] = kdsl.inverse %m : vector<3x3xf32>
// CHECK-NEXT:    %[[INVH:.+]] = kdsl.inverse %h : vector<2x2xf16>
// CHECK-NEXT:    %[[INVD:.+]] = kdsl.inverse %g : vector<4x4xf64>
// CHECK-NEXT:    %[[DIAG:.+]] = kdsl.diag %v : vector<3xf32> -> vector<3x3xf32>
// CHECK-NEXT:    %[[DIAGH:.+]] = kdsl.diag %hv : vector<2xf16> -> vector<2x2xf16>
// CHECK-NEXT:    %[[DIAGD:.+]] = kdsl.diag %u : vector<4xf64> -> vector<4x4xf64>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @matrices(%m: vector<3x3xf32>, %n: vector<3x2xf32>, %v: vector<3xf32>, %w: vector<2xf32>, %h: vector<2x2xf16>, %hv: vector<2xf16>, %g: vector<4x4xf64>, %u: vector<4xf64>) attributes {arg_names = ["m", "n", "v", "w", "h", "hv", "g", "u"]} {
  %0 = kdsl.matmul %m, %n : vector<3x3xf32>, vector<3x2xf32> -> vector<3x2xf32>
  %1 = kdsl.matmul %m, %v : vector<3x3xf32>, vector<3xf32> -> vector<3xf32>
  %2 = kdsl.matmul %v, %n : vector<3xf32>, vector<3x2xf32> -> vector<2xf32>
  %3 = kdsl.matmul %n, %w : vector<3x2xf32>, vector<2xf32> -> vector<3xf32>
  %4 = kdsl.matmul %h, %h : vector<2x2xf16>, vector<2x2xf16> -> vector<2x2xf16>
  %5 = kdsl.matmul %u, %g : vector<4xf64>, vector<4x4xf64> -> vector<4xf64>
  %6 = kdsl.determinant %m : vector<3x3xf32>
  %7 = kdsl.determinant %h : vector<2x2xf16>
  %8 = kdsl.determinant %g : vector<4x4xf64>
  %9 = kdsl.trace %m : vector<3x3xf32>
  %10 = kdsl.trace %h : vector<2x2xf16>
  %11 = kdsl.trace %g : vector<4x4xf64>
  %12 = kdsl.inverse %m : vector<3x3xf32>
  %13 = kdsl.inverse %h : vector<2x2xf16>
  %14 = kdsl.inverse %g : vector<4x4xf64>
  %15 = kdsl.diag %v : vector<3xf32> -> vector<3x3xf32>
  %16 = kdsl.diag %hv : vector<2xf16> -> vector<2x2xf16>
  %17 = kdsl.diag %u : vector<4xf64> -> vector<4x4xf64>
  kdsl.return
}

// wp.trace of any square matrix (Warp's mat.h sums the diagonal of any N x N).
// CHECK-LABEL: kdsl.kernel @trace_sizes(
// CHECK-NEXT:    %{{.+}} = kdsl.trace %a : vector<5x5xf64>
// CHECK-NEXT:    %{{.+}} = kdsl.trace %b : vector<1x1xf32>
kdsl.kernel @trace_sizes(%a: vector<5x5xf64>, %b: vector<1x1xf32>) attributes {arg_names = ["a", "b"]} {
  %0 = kdsl.trace %a : vector<5x5xf64>
  %1 = kdsl.trace %b : vector<1x1xf32>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// Quaternion builtins in f32, f64 and f16
//===----------------------------------------------------------------------===//

// CHECK-LABEL: kdsl.kernel @quats(
// CHECK-SAME:      %q: vector<4xf32>, %r: vector<4xf32>, %v: vector<3xf32>, %t: f32, %qd: vector<4xf64>, %vd: vector<3xf64>, %td: f64, %qh: vector<4xf16>, %vh: vector<3xf16>, %th: f16)
// CHECK-NEXT:    %[[MUL:.+]] = kdsl.quat_mul %q, %r : vector<4xf32>
// CHECK-NEXT:    %[[INV:.+]] = kdsl.quat_inverse %q : vector<4xf32>
// CHECK-NEXT:    %[[ROT:.+]] = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<3xf32>
// CHECK-NEXT:    %[[ROTINV:.+]] = kdsl.quat_rotate_inv %q, %v : vector<4xf32>, vector<3xf32>
// CHECK-NEXT:    %[[AA:.+]] = kdsl.quat_from_axis_angle %v, %t : vector<3xf32> -> vector<4xf32>
// CHECK-NEXT:    %[[MAT:.+]] = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<3x3xf32>
// CHECK-NEXT:    %[[MULD:.+]] = kdsl.quat_mul %qd, %qd : vector<4xf64>
// CHECK-NEXT:    %[[INVD:.+]] = kdsl.quat_inverse %qd : vector<4xf64>
// CHECK-NEXT:    %[[ROTD:.+]] = kdsl.quat_rotate %qd, %vd : vector<4xf64>, vector<3xf64>
// CHECK-NEXT:    %[[ROTINVD:.+]] = kdsl.quat_rotate_inv %qd, %vd : vector<4xf64>, vector<3xf64>
// CHECK-NEXT:    %[[AAD:.+]] = kdsl.quat_from_axis_angle %vd, %td : vector<3xf64> -> vector<4xf64>
// CHECK-NEXT:    %[[MATD:.+]] = kdsl.quat_to_matrix %qd : vector<4xf64> -> vector<3x3xf64>
// CHECK-NEXT:    %[[MULH:.+]] = kdsl.quat_mul %qh, %qh : vector<4xf16>
// CHECK-NEXT:    %[[INVH:.+]] = kdsl.quat_inverse %qh : vector<4xf16>
// CHECK-NEXT:    %[[ROTH:.+]] = kdsl.quat_rotate %qh, %vh : vector<4xf16>, vector<3xf16>
// CHECK-NEXT:    %[[ROTINVH:.+]] = kdsl.quat_rotate_inv %qh, %vh : vector<4xf16>, vector<3xf16>
// CHECK-NEXT:    %[[AAH:.+]] = kdsl.quat_from_axis_angle %vh, %th : vector<3xf16> -> vector<4xf16>
// CHECK-NEXT:    %[[MATH:.+]] = kdsl.quat_to_matrix %qh : vector<4xf16> -> vector<3x3xf16>
// CHECK-NEXT:    kdsl.return
kdsl.kernel @quats(%q: vector<4xf32>, %r: vector<4xf32>, %v: vector<3xf32>, %t: f32, %qd: vector<4xf64>, %vd: vector<3xf64>, %td: f64, %qh: vector<4xf16>, %vh: vector<3xf16>, %th: f16) attributes {arg_names = ["q", "r", "v", "t", "qd", "vd", "td", "qh", "vh", "th"]} {
  %0 = kdsl.quat_mul %q, %r : vector<4xf32>
  %1 = kdsl.quat_inverse %q : vector<4xf32>
  %2 = kdsl.quat_rotate %q, %v : vector<4xf32>, vector<3xf32>
  %3 = kdsl.quat_rotate_inv %q, %v : vector<4xf32>, vector<3xf32>
  %4 = kdsl.quat_from_axis_angle %v, %t : vector<3xf32> -> vector<4xf32>
  %5 = kdsl.quat_to_matrix %q : vector<4xf32> -> vector<3x3xf32>
  %6 = kdsl.quat_mul %qd, %qd : vector<4xf64>
  %7 = kdsl.quat_inverse %qd : vector<4xf64>
  %8 = kdsl.quat_rotate %qd, %vd : vector<4xf64>, vector<3xf64>
  %9 = kdsl.quat_rotate_inv %qd, %vd : vector<4xf64>, vector<3xf64>
  %10 = kdsl.quat_from_axis_angle %vd, %td : vector<3xf64> -> vector<4xf64>
  %11 = kdsl.quat_to_matrix %qd : vector<4xf64> -> vector<3x3xf64>
  %12 = kdsl.quat_mul %qh, %qh : vector<4xf16>
  %13 = kdsl.quat_inverse %qh : vector<4xf16>
  %14 = kdsl.quat_rotate %qh, %vh : vector<4xf16>, vector<3xf16>
  %15 = kdsl.quat_rotate_inv %qh, %vh : vector<4xf16>, vector<3xf16>
  %16 = kdsl.quat_from_axis_angle %vh, %th : vector<3xf16> -> vector<4xf16>
  %17 = kdsl.quat_to_matrix %qh : vector<4xf16> -> vector<3x3xf16>
  kdsl.return
}

//===----------------------------------------------------------------------===//
// kdsl builtins also appear in Warp functions (func.func), outside kernels
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:      %[[P:.+]]: !Particle, %[[Q:.+]]: vector<4xf32>) -> vector<3xf32>
// CHECK-NEXT:    %[[POS:.+]] = kdsl.struct_extract %[[P]]["pos"] : !Particle
// CHECK-NEXT:    %[[ROT:.+]] = kdsl.quat_rotate %[[Q]], %[[POS]] : vector<4xf32>, vector<3xf32>
// CHECK-NEXT:    %[[N:.+]] = kdsl.normalize %[[ROT]] : vector<3xf32>
// CHECK-NEXT:    return %[[N]] : vector<3xf32>
func.func private @helper(%p: !Particle, %q: vector<4xf32>) -> vector<3xf32> {
  %pos = kdsl.struct_extract %p["pos"] : !Particle
  %rot = kdsl.quat_rotate %q, %pos : vector<4xf32>, vector<3xf32>
  %n = kdsl.normalize %rot : vector<3xf32>
  return %n : vector<3xf32>
}
