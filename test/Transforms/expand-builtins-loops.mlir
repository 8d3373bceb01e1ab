// RUN: kdsl-opt %s --kdsl-expand-builtins | FileCheck %s
// RUN: kdsl-opt %s --kdsl-expand-builtins --kdsl-convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM
// Products over 512 multiply-adds, and transposes and outer products over
// 512 elements, become loops over stack buffers; matrices over 512 elements
// live in those buffers, moved and combined a row at a time in loops
// (ExpandMatrixLoops.cpp; issue 26, finding 18: a 64x64 product was 262,144
// unrolled multiply-adds, and a 128x128 matrix 16,384 scalars in straight
// lines). The accesses at loop counters are marked non-negative (no wrap of a
// negative index: kdsl-index-facts's attribute). Each row of a product is summed as a vector, left to right:
// c[i, :] = (a[i, 0] * b[0, :] + a[i, 1] * b[1, :]) + ..., the order of the
// unrolled form. The buffers are allocated at the function's entry and reused
// once their value is dead. Everything converts to the LLVM dialect.
// LLVM-NOT: kdsl.
// LLVM-NOT: memref.
// LLVM-NOT: vector.

// A product of 16x16 SSA matrices: the operands stored row by row, the
// product's loops, the SSA result read back row by row.
// CHECK-LABEL: func.func @matmul16(
// CHECK-SAME: %[[A:.*]]: vector<16x16xf32>, %[[B:.*]]: vector<16x16xf32>
// CHECK-DAG: %[[BC:.*]] = memref.alloca() {alignment = 16 : i64} : memref<16x16xf32>
// CHECK-DAG: %[[BB:.*]] = memref.alloca() {alignment = 16 : i64} : memref<16x16xf32>
// CHECK-DAG: %[[BA:.*]] = memref.alloca() {alignment = 16 : i64} : memref<16x16xf32>
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0] : vector<16xf32> from vector<16x16xf32>
// CHECK: vector.store %[[A0]], %[[BA]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<16x16xf32>, vector<16xf32>
// CHECK-COUNT-15: vector.store %{{.*}}, %[[BA]]
// CHECK-COUNT-16: vector.store %{{.*}}, %[[BB]]
// The loop counters are i32 (index-typed block arguments would meet
// convert-gpu-to-nvvm half converted).
// CHECK: scf.for %[[I32:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[I:.*]] = arith.index_cast %[[I32]] : i32 to index
// CHECK:   %[[AI0:.*]] = memref.load %[[BA]][%[[I]], %{{.*}}] : memref<16x16xf32>
// CHECK:   %[[S0:.*]] = vector.broadcast %[[AI0]] : f32 to vector<16xf32>
// CHECK:   %[[B0:.*]] = vector.load %[[BB]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<16x16xf32>, vector<16xf32>
// CHECK:   %[[P0:.*]] = arith.mulf %[[S0]], %[[B0]] : vector<16xf32>
// CHECK:   %[[SUM:.*]] = scf.for %[[L32:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[P0]]) -> (vector<16xf32>) : i32 {
// CHECK:     %[[L:.*]] = arith.index_cast %[[L32]] : i32 to index
// CHECK:     %[[AIL:.*]] = memref.load %[[BA]][%[[I]], %[[L]]]
// CHECK:     %[[SL:.*]] = vector.broadcast %[[AIL]]
// CHECK:     %[[BL:.*]] = vector.load %[[BB]][%[[L]], %{{.*}}]
// CHECK:     %[[PL:.*]] = arith.mulf %[[SL]], %[[BL]] : vector<16xf32>
// CHECK:     %[[NEXT:.*]] = arith.addf %[[ACC]], %[[PL]] : vector<16xf32>
// CHECK:     scf.yield %[[NEXT]]
// CHECK:   vector.store %[[SUM]], %[[BC]][%[[I]], %{{.*}}]
// The result, row by row:
// CHECK: vector.load %[[BC]]
// CHECK-COUNT-15: vector.insert
// CHECK-NOT: kdsl.matmul
func.func @matmul16(%a: vector<16x16xf32>, %b: vector<16x16xf32>) -> vector<16x16xf32> {
  %0 = kdsl.matmul %a, %b : vector<16x16xf32>, vector<16x16xf32> -> vector<16x16xf32>
  return %0 : vector<16x16xf32>
}

// c[i] = a[i] @ b[i] of 64x64 matrices: loaded into buffers a row at a time
// through kdsl.component_view, the product into a third buffer, stored a row
// at a time; no 64x64 SSA value is left (no row-by-row straight line).
// CHECK-LABEL: func.func @matmul64(
// CHECK-SAME: %[[A:[^:]*]]: !kdsl.array<vector<64x64xf32>, 1>, %[[B:[^:]*]]: !kdsl.array<vector<64x64xf32>, 1>, %[[C:[^:]*]]: !kdsl.array<vector<64x64xf32>, 1>, %[[I:[^:]*]]: i32
// CHECK-COUNT-3: memref.alloca() {alignment = 16 : i64} : memref<64x64xf32>
// CHECK-NOT: memref.alloca
// CHECK: %[[RA:.*]] = kdsl.component_view %[[A]][%[[I]]] : <vector<64x64xf32>, 1> -> <vector<64xf32>, 1>
// CHECK: scf.for %[[R32:.*]] = {{.*}} : i32 {
// CHECK:   %[[R:.*]] = arith.index_cast %[[R32]]
// CHECK:   %[[ROW:.*]] = kdsl.load %[[RA]][%[[R32]]] {kdsl.nonnegative_indices = array<i1: true>} : <vector<64xf32>, 1>
// CHECK:   vector.store %[[ROW]], %{{.*}}[%[[R]], %{{.*}}] {alignment = 16 : i64}
// CHECK: kdsl.component_view %[[B]][%[[I]]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for {{.*}} iter_args
// CHECK: %[[RC:.*]] = kdsl.component_view %[[C]][%[[I]]] : <vector<64x64xf32>, 1> -> <vector<64xf32>, 1>
// CHECK: scf.for %[[W32:.*]] = {{.*}} : i32 {
// CHECK:   %[[ROWC:.*]] = vector.load
// CHECK:   kdsl.store %[[ROWC]], %[[RC]][%[[W32]]] {kdsl.nonnegative_indices = array<i1: true>} : <vector<64xf32>, 1>
// CHECK-NOT: vector.insert
// CHECK-NOT: vector.extract
// CHECK-NOT: kdsl.matmul
// CHECK: return
func.func @matmul64(%a: !kdsl.array<vector<64x64xf32>, 1>, %b: !kdsl.array<vector<64x64xf32>, 1>,
                    %c: !kdsl.array<vector<64x64xf32>, 1>, %i: i32) {
  %x = kdsl.load %a[%i] : !kdsl.array<vector<64x64xf32>, 1>
  %y = kdsl.load %b[%i] : !kdsl.array<vector<64x64xf32>, 1>
  %p = kdsl.matmul %x, %y : vector<64x64xf32>, vector<64x64xf32> -> vector<64x64xf32>
  kdsl.store %p, %c[%i] : !kdsl.array<vector<64x64xf32>, 1>
  return
}

// Element-wise ops row by row, in the buffer of an operand whose last use
// they are; a splat operand is a broadcast row; an element assigned and read
// at run-time positions; an atomic add into an array element, one scalar
// atomic per component (in loops); the SSA value a call needs read back.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME: %[[A:[^:]*]]: !kdsl.array<vector<32x32xf32>, 1>, %[[I:[^:]*]]: i32, %[[S:[^:]*]]: f32, %[[P:[^:]*]]: index
// CHECK-COUNT-2: memref.alloca() {alignment = 16 : i64} : memref<32x32xf32>
// CHECK-NOT: memref.alloca
// CHECK: kdsl.component_view %[[A]][%[[I]]] : <vector<32x32xf32>, 1> -> <vector<32xf32>, 1>
// CHECK: scf.for
// y = x * s, into a second buffer (x is read again):
// CHECK: scf.for
// CHECK:   %[[X:.*]] = vector.load %[[BX:alloca[_0-9]*]][
// CHECK:   %[[SR:.*]] = vector.broadcast %[[S]] : f32 to vector<32xf32>
// CHECK:   %[[YR:.*]] = arith.mulf %[[X]], %[[SR]] : vector<32xf32>
// CHECK:   vector.store %[[YR]], %[[BY:alloca[_0-9]*]][
// z = y + x, in y's buffer:
// CHECK: scf.for
// CHECK:   %[[Y2:.*]] = vector.load %[[BY]][
// CHECK:   %[[X2:.*]] = vector.load %[[BX]][
// CHECK:   %[[Z:.*]] = arith.addf %[[Y2]], %[[X2]]
// CHECK:   vector.store %[[Z]], %[[BY]][
// w = z with w[p, 3] = s, in place; the call's SSA value read back from it
// there; e = w[3, p]:
// CHECK: memref.store %[[S]], %[[BY]][%[[P]], %{{.*}}] : memref<32x32xf32>
// CHECK-COUNT-31: vector.insert
// CHECK: %[[W:.*]] = vector.insert %{{.*}} [31]
// CHECK: %[[E:.*]] = memref.load %[[BY]][%{{.*}}, %[[P]]] : memref<32x32xf32>
// CHECK: %[[AE:.*]] = kdsl.component_view %[[A]][%[[I]]] : <vector<32x32xf32>, 1> -> <f32, 2>
// CHECK: scf.for %[[R32:[^ ]*]] =
// CHECK:   scf.for %[[C32:[^ ]*]] =
// CHECK:     %[[V:.*]] = memref.load %[[BY]]
// CHECK:     kdsl.atomic add %[[AE]][%[[R32]], %[[C32]]], %[[V]] {kdsl.nonnegative_indices = array<i1: true, true>} : <f32, 2>
// CHECK: call @use(%[[W]], %[[E]])
func.func private @use(vector<32x32xf32>, f32)
func.func @elementwise(%a: !kdsl.array<vector<32x32xf32>, 1>, %i: i32, %s: f32, %p: index) {
  %x = kdsl.load %a[%i] : !kdsl.array<vector<32x32xf32>, 1>
  %sv = vector.broadcast %s : f32 to vector<32x32xf32>
  %y = arith.mulf %x, %sv : vector<32x32xf32>
  %z = arith.addf %y, %x : vector<32x32xf32>
  %w = vector.insert %s, %z [%p, 3] : f32 into vector<32x32xf32>
  %e = vector.extract %w[3, %p] : f32 from vector<32x32xf32>
  %old = kdsl.atomic add %a[%i], %w : !kdsl.array<vector<32x32xf32>, 1>
  func.call @use(%w, %e) : (vector<32x32xf32>, f32) -> ()
  return
}

// A bounds-checked load (an scf.if yielding the element or zeros) read by a
// product: each branch writes the if's buffer (the element a row at a time,
// or the splat), and the if no longer yields the matrix.
// CHECK-LABEL: func.func @guarded(
// CHECK: scf.if %{{.*}} {
// CHECK:   kdsl.component_view
// CHECK:   scf.for
// CHECK:     kdsl.load
// CHECK:     vector.store %{{.*}}, %[[BUF:alloca[_0-9]*]][
// CHECK: } else {
// CHECK:   func.call @report()
// CHECK:   scf.for
// CHECK:     %[[ZERO:.*]] = vector.broadcast %{{.*}} : f32 to vector<64xf32>
// CHECK:     vector.store %[[ZERO]], %[[BUF]][
// CHECK: }
// CHECK-NOT: ub.poison
// CHECK: scf.for
// CHECK: memref.load %[[BUF]]
func.func private @report()
func.func @guarded(%a: !kdsl.array<vector<64x64xf32>, 1>, %i: i32, %ok: i1) -> vector<64xf32> {
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %x = scf.if %ok -> vector<64x64xf32> {
    %l = kdsl.load %a[%i] : !kdsl.array<vector<64x64xf32>, 1>
    scf.yield %l : vector<64x64xf32>
  } else {
    func.call @report() : () -> ()
    scf.yield %zero : vector<64x64xf32>
  }
  %v = arith.constant dense<1.0> : vector<64xf32>
  %r = kdsl.matmul %x, %v : vector<64x64xf32>, vector<64xf32> -> vector<64xf32>
  return %r : vector<64xf32>
}

// Two products of the same shapes share the three buffers.
// CHECK-LABEL: func.func @two_products(
// CHECK-COUNT-3: memref.alloca()
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @two_products(%a: vector<16x16xf32>, %b: vector<16x16xf32>) -> vector<16x16xf32> {
  %0 = kdsl.matmul %a, %b : vector<16x16xf32>, vector<16x16xf32> -> vector<16x16xf32>
  %1 = kdsl.matmul %0, %a : vector<16x16xf32>, vector<16x16xf32> -> vector<16x16xf32>
  return %1 : vector<16x16xf32>
}

// M v: v is stored as a column, each component summed as a vector<1>; the
// result is read back component by component.
// CHECK-LABEL: func.func @matvec(
// CHECK-DAG: memref.alloca() {alignment = 16 : i64} : memref<40x40xf64>
// CHECK-DAG: memref.alloca() {alignment = 16 : i64} : memref<40x1xf64>
// CHECK: scf.for
// CHECK: scf.for {{.*}} -> (vector<1xf64>)
// CHECK: vector.from_elements {{.*}} : vector<40xf64>
func.func @matvec(%m: vector<40x40xf64>, %v: vector<40xf64>) -> vector<40xf64> {
  %0 = kdsl.matmul %m, %v : vector<40x40xf64>, vector<40xf64> -> vector<40xf64>
  return %0 : vector<40xf64>
}

// A transpose over 512 elements: element by element through the buffers.
// CHECK-LABEL: func.func @transpose(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[E:.*]] = memref.load %{{.*}}[%[[R:.*]], %[[C:.*]]] : memref<24x32xf32>
// CHECK: memref.store %[[E]], %{{.*}}[%[[C]], %[[R]]] : memref<32x24xf32>
// CHECK-NOT: vector.transpose
func.func @transpose(%m: vector<24x32xf32>) -> vector<32x24xf32> {
  %0 = vector.transpose %m, [1, 0] : vector<24x32xf32> to vector<32x24xf32>
  return %0 : vector<32x24xf32>
}

// outer(u, w): row i is u[i] * w.
// CHECK-LABEL: func.func @outer(
// CHECK-SAME: %{{.*}}: vector<32xf32>, %[[W:.*]]: vector<24xf32>
// CHECK: scf.for
// CHECK: %[[UI:.*]] = memref.load
// CHECK: %[[S:.*]] = vector.broadcast %[[UI]] : f32 to vector<24xf32>
// CHECK: arith.mulf %[[S]], %[[W]] : vector<24xf32>
// CHECK-NOT: vector.outerproduct
func.func @outer(%u: vector<32xf32>, %w: vector<24xf32>) -> vector<32x24xf32> {
  %0 = vector.outerproduct %u, %w : vector<32xf32>, vector<24xf32>
  return %0 : vector<32x24xf32>
}

// Up to 512 multiply-adds (an 8x8 by 8x8 product) and 512 elements: the
// unrolled form, unchanged.
// CHECK-LABEL: func.func @matmul8(
// CHECK-NOT: scf.for
// CHECK-NOT: memref.alloca
// CHECK-COUNT-512: arith.mulf
// CHECK: return
func.func @matmul8(%a: vector<8x8xf32>, %b: vector<8x8xf32>) -> vector<8x8xf32> {
  %0 = kdsl.matmul %a, %b : vector<8x8xf32>, vector<8x8xf32> -> vector<8x8xf32>
  return %0 : vector<8x8xf32>
}
