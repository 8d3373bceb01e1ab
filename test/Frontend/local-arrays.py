# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=cpp -o - | FileCheck %s --check-prefix=CPP
# RUN: kdsl-translate %s --emit=cuda -o - | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: kdsl-translate %s --emit=llvm -o - | FileCheck %s --check-prefix=LLVM
#
# wp.zeros(shape, dtype) in kernel code (Warp's fixedarray): kdsl.local_array
# with the static shape; a func returning one fills storage its caller passes
# (an extra argument) with an element-wise copy. Values are checked in
# test/Execution/local_arrays.test.

import warp as wp


# CHECK-LABEL: func.func private @ramp(
# CHECK-SAME: %{{.*}}: f32, %[[OUT:.*]]: !kdsl.array<f32, 2>) -> !kdsl.array<f32, 2>
# CHECK: %[[A:.*]] = kdsl.local_array [2, 3] : <f32, 2>
# CHECK: scf.for
# CHECK: scf.for
# CHECK: %[[V:.*]] = kdsl.load %[[A]][%{{.*}}, %{{.*}}] : <f32, 2>
# CHECK: kdsl.store %[[V]], %[[OUT]][%{{.*}}, %{{.*}}] : <f32, 2>
# CHECK: return %[[OUT]] : !kdsl.array<f32, 2>
@wp.func
def ramp(s: float):
    a = wp.zeros(shape=(2, 3), dtype=float)
    for i in range(2):
        for j in range(3):
            a[i, j] = s * float(i * 3 + j)
    return a


# CHECK-LABEL: func.func private @fill(
# CHECK-SAME: !kdsl.array<vector<3xf32>, 1>
@wp.func
def fill(a: wp.array(dtype=wp.vec3), v: wp.vec3):
    for i in range(len(a)):
        a[i] = v * float(i)


# CHECK-LABEL: kdsl.kernel @use
# CHECK: %[[S:.*]] = kdsl.local_array [2, 3] : <f32, 2>
# CHECK: call @ramp(%{{.*}}, %[[S]])
# CHECK: kdsl.local_array [4] : <vector<3xf32>, 1>
# CHECK: kdsl.local_array [2] : <!Pair, 1>
@wp.struct
class Pair:
    n: int
    x: float


@wp.kernel
def use(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    r = ramp(x[i])
    vs = wp.zeros(4, dtype=wp.vec3)
    fill(vs, wp.vec3(1.0, 2.0, 3.0))
    ps = wp.zeros(shape=(2,), dtype=Pair)
    ps[1].x = 2.0
    out[i] = r[1, 2] + vs[3][1] + ps[1].x + float(r.shape[1])

# CPP: kdsl_array ramp(float s, kdsl_array result_storage)
# CPP: float local_storage[6];
# CPP: const kdsl_array a = kdsl::local_array(local_storage, sizeof(local_storage[0]), 6, 2, 2, 3);
# CPP: void use_cpu_forward(
# CUDA: __global__ {{.*}}use_cuda_kernel_forward(
# CUDA: kdsl::local_array(
# PTX: .entry use_cuda_kernel_forward
# LLVM: alloca float, i64 6
# LLVM: call void @llvm.memset
