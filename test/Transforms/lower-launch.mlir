// RUN: kdsl-opt %s --kdsl-lower-launch | FileCheck %s
// Lowering twice changes nothing.
// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-lower-launch | FileCheck %s

// The launch every target shares: the body runs in an scf.for over the flat
// thread indices of kdsl.thread_range (the CPU maps it to its call's
// [begin, end) with step 1, the GPU to a grid-stride loop), kdsl.tid is the
// row-major split of the flat index over the kdsl.launch_dim extents, and
// each kdsl.assert reports the flat index as its thread. kdsl.block_dim stays
// for the targets to map.

// CHECK-LABEL: kdsl.kernel @k2(
// CHECK-SAME: %[[A:[a-z0-9_]+]]: !kdsl.array<f32, 2>, %[[S:[a-z0-9_]+]]: f32)
// The launch's rank, which kdsl.tid gave (KernelOp::getLaunchDims).
// CHECK-SAME: kdsl.launch_dims = 2 : i64
// CHECK-NEXT: %[[LO:.*]], %[[HI:.*]], %[[STEP:.*]] = kdsl.thread_range : i64, i64, i64
// CHECK-NEXT: %[[D1:.*]] = kdsl.launch_dim 1 : i64
// CHECK-NEXT: scf.for %[[FLAT:.*]] = %[[LO]] to %[[HI]] step %[[STEP]] : i64 {
// CHECK-NEXT:   %[[J64:.*]] = arith.remsi %[[FLAT]], %[[D1]] : i64
// CHECK-NEXT:   %[[I64:.*]] = arith.divsi %[[FLAT]], %[[D1]] : i64
// CHECK-NEXT:   %[[I:.*]] = arith.trunci %[[I64]] overflow<nsw, nuw> : i64 to i32
// CHECK-NEXT:   %[[J:.*]] = arith.trunci %[[J64]] overflow<nsw, nuw> : i64 to i32
// CHECK-NEXT:   %[[V:.*]] = kdsl.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT:   %[[OK:.*]] = arith.cmpf ogt, %[[V]], %[[S]]
// CHECK-NEXT:   kdsl.assert %[[OK]], "assert v > s" thread(%[[FLAT]])
// CHECK-NEXT:   %[[BD:.*]] = kdsl.block_dim
// CHECK-NEXT:   %[[W:.*]] = arith.addi %[[I]], %[[BD]] : i32
// CHECK-NEXT:   kdsl.store %{{.*}}, %[[A]][%[[W]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: kdsl.return
kdsl.kernel @k2(%a: !kdsl.array<f32, 2>, %s: f32) attributes {arg_names = ["a", "s"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %a[%i, %j] : !kdsl.array<f32, 2>
  %ok = arith.cmpf ogt, %v, %s : f32
  kdsl.assert %ok, "assert v > s"
  %n = kdsl.block_dim
  %w = arith.addi %i, %n : i32
  kdsl.store %v, %a[%w, %j] : !kdsl.array<f32, 2>
  kdsl.return
}

// A 1-d launch needs no extent; the thread index is the flat index. A kernel
// that never reads it still runs once per thread.
// CHECK-LABEL: kdsl.kernel @k1(
// CHECK-NOT: kdsl.launch_dims
// CHECK-NEXT: %[[LO:.*]], %[[HI:.*]], %[[STEP:.*]] = kdsl.thread_range
// CHECK-NEXT: scf.for %[[FLAT:.*]] = %[[LO]] to %[[HI]] step %[[STEP]] : i64 {
// CHECK-NEXT:   %[[I:.*]] = arith.trunci %[[FLAT]] overflow<nsw, nuw> : i64 to i32
// CHECK-NEXT:   kdsl.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: kdsl.return
kdsl.kernel @k1(%a: !kdsl.array<i32, 1>) attributes {arg_names = ["a"]} {
  %i = kdsl.tid : i32
  kdsl.store %i, %a[%i] : !kdsl.array<i32, 1>
  kdsl.return
}

// CHECK-LABEL: kdsl.kernel @no_tid(
// CHECK: scf.for
// CHECK-NEXT:   kdsl.print
// CHECK-NEXT: }
kdsl.kernel @no_tid() attributes {arg_names = []} {
  kdsl.print "hello\0A"
  kdsl.return
}

// An assert in a func has no thread (reported as -1).
// CHECK-LABEL: func.func @f(
// CHECK: kdsl.assert %{{.*}}, "assert x"{{$}}
// CHECK: kdsl.block_dim
func.func @f(%x: i1) -> i32 {
  kdsl.assert %x, "assert x"
  %n = kdsl.block_dim
  return %n : i32
}
