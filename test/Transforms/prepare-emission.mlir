// RUN: kdsl-opt --kdsl-prepare-emission %s | FileCheck %s
// RUN: kdsl-translate %s --emit=cpp | FileCheck %s --check-prefix=CPP

// kdsl-prepare-emission: the launch lowering, canonicalize and CSE before the
// C++/CUDA C emitters.
// Duplicates merge, dead values go; x + 0.0 stays (it is not x for x = -0.0).

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[A:.*]]: f32
// CHECK: %[[Z:.*]] = arith.constant 0.0
// CHECK: %[[X:.*]] = arith.addf %[[A]], %[[Z]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[M]], %[[M]]
// CHECK-NEXT: return %[[R]]
// The emitter prints what the pipeline left: one product, no dead division.
// CPP-LABEL: static KDSL_FN float f(
// CPP-SAME: float [[A:[a-z0-9_]+]])
// CPP-NEXT: const float [[X:[a-z0-9_]+]] = [[A]] + 0.0f;
// CPP-NEXT: const float [[M:[a-z0-9_]+]] = [[X]] * [[X]];
// CPP-NEXT: const float [[R:[a-z0-9_]+]] = [[M]] + [[M]];
// CPP-NEXT: return [[R]];
func.func @f(%a: f32) -> f32 {
  %c0 = arith.constant 0.0 : f32
  %x = arith.addf %a, %c0 : f32
  %y = arith.mulf %x, %x : f32
  %z = arith.mulf %x, %x : f32
  %dead = arith.divf %y, %z : f32
  %r = arith.addf %y, %z : f32
  return %r : f32
}

// The emitters take the launch kdsl-lower-launch builds (they map its ops):
// the pipeline runs it first; the split of an unread thread id is dropped.
// CHECK-LABEL: kdsl.kernel @k(
// CHECK-NEXT: arith.constant 1.0
// CHECK-NEXT: %[[LO:.*]], %[[HI:.*]], %[[STEP:.*]] = kdsl.thread_range
// CHECK-NEXT: %[[D1:.*]] = kdsl.launch_dim 1
// CHECK-NEXT: scf.for %[[FLAT:.*]] = %[[LO]] to %[[HI]] step %[[STEP]] : i64 {
// CHECK-NEXT:   %[[J:.*]] = arith.remsi %[[FLAT]], %[[D1]]
// CHECK-NEXT:   %[[J32:.*]] = arith.trunci %[[J]] overflow<nsw, nuw>
// CHECK-NEXT:   kdsl.store %{{.*}}, %{{.*}}[%[[J32]]] {kdsl.nonnegative_indices = array<i1: true>}
// CHECK-NEXT: }
// CHECK-NEXT: kdsl.return
// CPP-LABEL: void k_cpu_forward(
// CPP: for (int64_t [[T:[a-z_0-9]+]] = begin; [[T]] < end; ++[[T]]) {
// CPP-NEXT: const int32_t j = (int32_t)([[T]] % dims[1]);
// CPP-NEXT: kdsl::store(a, 1.0f, (uint32_t)j);
kdsl.kernel @k(%a: !kdsl.array<f32, 1>) attributes {arg_names = ["a"]} {
  %i, %j = kdsl.tid : i32, i32 loc(fused["i"("k.py":2:3), "j"("k.py":2:6)])
  %one = arith.constant 1.0 : f32
  kdsl.store %one, %a[%j] : !kdsl.array<f32, 1>
  kdsl.return
}
