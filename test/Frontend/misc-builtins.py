# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=cpp -o - | FileCheck %s --check-prefix=CPP
# RUN: kdsl-translate %s --emit=cuda -o - | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --kernel approx --emit=ptx -o - | FileCheck %s --check-prefix=PTX
#
# The lowering of Warp's remaining core builtins (lib/Frontend/BuiltinsMisc.h,
# Prelude/dense.py); values are checked in test/Execution/warp_misc.test.

import warp as wp

# The prelude's funcs come first in the module.
# CHECK: func.func private @wp_dense_chol({{.*}} attributes {{{.*}}kdsl.grad = @wp__adj_dense_chol
# CHECK: func.func private @wp_dense_solve({{.*}} attributes {{{.*}}kdsl.grad = @wp__adj_dense_solve


@wp.struct
class Pun:
    f: wp.float16
    i: wp.int16


# transform_set_translation / _rotation as a statement assign the local's
# part (Warp's `x.p = v`): the new transform is rebuilt from p and the old q.
# CHECK-LABEL: kdsl.kernel @xform(
@wp.kernel
def xform(t: wp.array(dtype=wp.transform), p: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat)):
    i = wp.tid()
    x = t[i]
    # CHECK: %[[X:.*]] = kdsl.load %t
    # CHECK: %[[P:.*]] = kdsl.load %p
    # CHECK: vector.extract %[[X]][3] : f32 from vector<7xf32>
    # CHECK: vector.extract %[[X]][6] : f32 from vector<7xf32>
    # CHECK: vector.extract %[[P]][0] : f32 from vector<3xf32>
    # CHECK: %[[X1:.*]] = vector.from_elements {{.*}} : vector<7xf32>
    wp.transform_set_translation(x, p[i])
    # CHECK: %[[Q:.*]] = kdsl.load %q
    # CHECK: vector.extract %[[X1]][0] : f32 from vector<7xf32>
    # CHECK: vector.extract %[[Q]][3] : f32 from vector<4xf32>
    # CHECK: %[[X2:.*]] = vector.from_elements {{.*}} : vector<7xf32>
    wp.transform_set_rotation(xform=x, q=q[i])
    # CHECK: vector.from_elements {{.*}} : vector<7xf32>
    y = wp.transform_set_translation_copy(x, wp.vec3(1.0, 2.0, 3.0))
    # wp.quaternion(ijk, real) is quatf's constructor; dtype= converts.
    # CHECK: vector.from_elements {{.*}} : vector<4xf32>
    r = wp.quaternion(wp.vec3(0.0, 0.0, 0.0), 1.0)
    # CHECK: arith.extf {{.*}} : vector<4xf32> to vector<4xf64>
    rd = wp.quaternion(r, dtype=wp.float64)
    t[i] = wp.transform_set_rotation_copy(y, wp.quaternion(rd, dtype=wp.float32))


# div_approx is a divf with the afn fast-math flag (div.approx.f32 in PTX,
# kdsl::div_approx, __fdividef on the device, in C++ / CUDA C); a scalar
# operand of a vector division is splatted.
# CHECK-LABEL: kdsl.kernel @approx(
# CPP-LABEL: void approx_cpu_forward(
# CUDA-LABEL: void approx_cuda_kernel_forward(
# PTX-LABEL: .entry approx_cuda_kernel_forward(
@wp.kernel
def approx(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    # CHECK: arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f32
    # CPP: kdsl::div_approx(
    # CUDA: kdsl::div_approx(
    # PTX: div.approx.f32
    a[i] = wp.div_approx(a[i], 3.0)
    # CHECK: %[[S:.*]] = vector.broadcast %{{.*}} : f32 to vector<3xf32>
    # CHECK: arith.divf %[[S]], %{{.*}} fastmath<afn> : vector<3xf32>
    v[i] = wp.div_approx(a[i], v[i])


# cast reinterprets bits (kdsl.bitcast; no op between int32 and uint32, one
# MLIR type); copy is the value; breakpoint emits nothing; block_dim is
# kdsl.block_dim (1 in C++, blockDim.x in CUDA C).
# CHECK-LABEL: kdsl.kernel @utility(
# CPP-LABEL: void utility_cpu_forward(
# CUDA-LABEL: void utility_cuda_kernel_forward(
@wp.kernel
def utility(f: wp.array(dtype=float), n: wp.array(dtype=int), u: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    # CHECK: kdsl.bitcast %{{.*}} : f32 to i32
    # CPP: kdsl::bit_cast<int32_t>(
    n[i] = wp.cast(f[i], wp.int32)
    # CHECK: kdsl.bitcast %{{.*}} : vector<3xf32> to vector<3xi32>
    w = wp.cast(wp.vec3(f[i]), dtype=wp.vec3i)
    # CHECK: kdsl.bitcast %{{.*}} : f64 to vector<2xi32>
    h = wp.cast(wp.float64(f[i]), wp.vec2i)
    s = Pun()
    # CHECK: kdsl.bitcast %{{.*}} : !Pun to i32
    n[i] = wp.cast(s, wp.int32) + w[1] + h[0]
    # CHECK-NOT: kdsl.bitcast
    u[i] = wp.cast(n[i], wp.uint32)
    wp.breakpoint()
    # CHECK: kdsl.block_dim
    # CPP: (int32_t)1
    # CUDA: (int32_t)blockDim.x
    f[i] = wp.copy(f[i]) + float(wp.block_dim())


# The dense routines and spatial_jacobian / spatial_mass are prelude funcs;
# dense_chol, dense_subs and dense_solve carry Warp's custom adjoints.
# CHECK-LABEL: kdsl.kernel @dense(
@wp.kernel
def dense(A: wp.array(dtype=float), L: wp.array(dtype=float), b: wp.array(dtype=float), x: wp.array(dtype=float),
          S: wp.array(dtype=wp.spatial_vectord), par: wp.array(dtype=int), qd: wp.array(dtype=int),
          I: wp.array(dtype=wp.spatial_matrix), J: wp.array(dtype=wp.float64), M: wp.array(dtype=float)):
    # CHECK: call @wp_dense_gemm(
    wp.dense_gemm(3, 3, 3, 0, 1, A, A, L)
    # CHECK: call @wp_dense_chol(
    wp.dense_chol(3, A, 0.0, L)
    # CHECK: call @wp_dense_subs(
    wp.dense_subs(3, L, b, x)
    # CHECK: call @wp_dense_solve(
    wp.dense_solve(n=3, A=A, L=L, b=b, x=x)
    # CHECK: call @wp_spatial_jacobian_d(
    wp.spatial_jacobian(S, par, qd, 0, 2, 0, J)
    # CHECK: call @wp_spatial_mass(
    wp.spatial_mass(I, 0, 2, 0, M)


# Warp's math.py helpers are prelude funcs too; the generic ones (typing.Any)
# are instantiated per argument type, with their default values.
# CHECK-LABEL: kdsl.kernel @helpers(
@wp.kernel
def helpers(v: wp.array(dtype=wp.vec3d), q: wp.array(dtype=wp.quat)):
    i = wp.tid()
    # CHECK: call @wp_smooth_normalize_{{.*}}(%{{.*}}, %{{.*}}) : (vector<3xf64>, f32) -> vector<3xf64>
    v[i] = wp.smooth_normalize(v[i])
    # CHECK: call @wp_quat_to_rpy(
    # CHECK: call @wp_quat_from_euler(
    q[i] = wp.quat_from_euler(wp.quat_to_rpy(q[i]), 0, 1, 2)
