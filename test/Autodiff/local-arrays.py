# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff | FileCheck %s
#
# Adjoints through a local array (wp.zeros in kernel code): the adjoint kernel
# replays the writes of the thread's own array (reading first the element each
# overwrites), keeps a zeroed adjoint local array, and in the reverse sweep a
# store gives the element's adjoint to the stored value, zeroes it (the value
# it overwrote reached nothing through that element) and puts the overwritten
# value back. No atomics: the array is the thread's own. Gradients are checked
# against float64 finite differences in test/Execution/local_arrays.test.

import warp as wp


# CHECK-LABEL: kdsl.kernel @over_backward(
# CHECK-SAME: %[[X:[a-z0-9_]+]]: !kdsl.array<f32, 1>, %{{.*}}: !kdsl.array<f32, 1>, %[[ADJ_X:[a-z0-9_]+]]: !kdsl.array<f32, 1>
# CHECK: %[[A:.*]] = kdsl.local_array [2] : <f32, 1>
# CHECK-NEXT: %[[ADJ_A:.*]] = kdsl.local_array [2] : <f32, 1>
# Replay: the first store, after reading what it overwrites.
# CHECK: %[[XI:.*]] = kdsl.load %[[X]][%{{.*}}]
# CHECK: %[[OLD0:.*]] = kdsl.load %[[A]][%[[I0:.*]]] : <f32, 1>
# CHECK-NEXT: kdsl.store %[[XI]], %[[A]][%[[I0]]]
# The second store (after t * x[i]).
# CHECK: arith.mulf
# CHECK: arith.mulf
# CHECK: %[[OLD1:.*]] = kdsl.load %[[A]][%[[I1:.*]]] : <f32, 1>
# CHECK-NEXT: kdsl.store %{{.*}}, %[[A]][%[[I1]]]
# Reverse of the second store: take the adjoint, zero it, undo the write.
# CHECK: %[[G:.*]] = kdsl.load %[[ADJ_A]][%[[I1]]]
# CHECK-NEXT: %[[Z:.*]] = arith.constant 0.0
# CHECK-NEXT: kdsl.store %[[Z]], %[[ADJ_A]][%[[I1]]]
# CHECK-NEXT: kdsl.store %[[OLD1]], %[[A]][%[[I1]]]
# Reverse of the first store.
# CHECK: kdsl.store %{{.*}}, %[[ADJ_A]][%[[I0]]]
# CHECK-NEXT: kdsl.store %[[OLD0]], %[[A]][%[[I0]]]
# CHECK-NOT: kdsl.atomic
# CHECK: kdsl.return
@wp.kernel
def over(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.zeros(shape=2, dtype=float)
    a[0] = x[i]
    t = a[0] * a[0]
    a[0] = t * x[i]
    y[i] = a[0] + a[1]
