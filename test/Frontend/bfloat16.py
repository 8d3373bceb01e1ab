# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.bfloat16 (Warp 1.16): the MLIR bf16 type for parameters, array
# elements, struct fields and generic vectors/matrices; arithmetic in bf16
# (each operation rounds: docs/language.md 9.8); conversions that Warp makes
# through float32 (float64, integers, bool and float16 are converted to
# float32 first, then rounded to bfloat16).

import warp as wp

bf16_vec3 = wp.types.vector(3, dtype=wp.bfloat16)
bf16_mat22 = wp.types.matrix(shape=(2, 2), dtype=wp.bfloat16)


@wp.struct
class Bf16Struct:
    bf16_val: wp.bfloat16
    f32_val: wp.float32


# CHECK: !Bf16Struct = !kdsl.struct<"Bf16Struct", {bf16_val: bf16, f32_val: f32}>
# CHECK-LABEL: kdsl.kernel @params(
# CHECK-SAME: %x: bf16
# CHECK-SAME: %a: !kdsl.array<bf16, 1>
# CHECK-SAME: %b: !kdsl.array<bf16, 1>
# CHECK-SAME: %v: !kdsl.array<vector<3xbf16>, 1>
# CHECK-SAME: %m: !kdsl.array<vector<2x2xbf16>, 2>
# CHECK-SAME: %s: !Bf16Struct
@wp.kernel
def params(x: wp.bfloat16, a: wp.array[wp.bfloat16], b: wp.array(dtype=wp.bfloat16),
           v: wp.array(dtype=bf16_vec3), m: wp.array2d(dtype=bf16_mat22), s: Bf16Struct):
    pass


# CHECK-LABEL: kdsl.kernel @conversions(
# float32 -> bfloat16 and back: one truncf / extf.
# CHECK: %[[F:.*]] = kdsl.load %f
# CHECK-NEXT: %[[B:.*]] = arith.truncf %[[F]] : f32 to bf16
# CHECK: arith.extf %{{.*}} : bf16 to f32
# float64: rounded to float32 first.
# CHECK: %[[D32:.*]] = arith.truncf %{{.*}} : f64 to f32
# CHECK-NEXT: arith.truncf %[[D32]] : f32 to bf16
# int32: to float32 first.
# CHECK: %[[I32:.*]] = arith.sitofp %{{.*}} : i32 to f32
# CHECK-NEXT: arith.truncf %[[I32]] : f32 to bf16
# uint16 likewise (unsigned).
# CHECK: %[[U32:.*]] = arith.uitofp %{{.*}} : i16 to f32
# CHECK-NEXT: arith.truncf %[[U32]] : f32 to bf16
# float16 -> bfloat16 and bfloat16 -> float16 through float32.
# CHECK: %[[H32:.*]] = arith.extf %{{.*}} : f16 to f32
# CHECK-NEXT: arith.truncf %[[H32]] : f32 to bf16
# CHECK: %[[B32:.*]] = arith.extf %{{.*}} : bf16 to f32
# CHECK-NEXT: arith.truncf %[[B32]] : f32 to f16
# bfloat16 -> float64 (exact) and -> int32 (truncation).
# CHECK: arith.extf %{{.*}} : bf16 to f64
# CHECK: arith.fptosi %{{.*}} : bf16 to i32
# bool -> bfloat16 through float32.
# CHECK: %[[BO:.*]] = arith.uitofp %{{.*}} : i1 to f32
# CHECK-NEXT: arith.truncf %[[BO]] : f32 to bf16
@wp.kernel
def conversions(f: wp.array(dtype=float), d: wp.array(dtype=wp.float64), i: wp.array(dtype=int),
                u: wp.array(dtype=wp.uint16), h: wp.array(dtype=wp.float16),
                out: wp.array(dtype=wp.bfloat16), back: wp.array(dtype=float),
                hout: wp.array(dtype=wp.float16), dout: wp.array(dtype=wp.float64),
                iout: wp.array(dtype=int), flag: wp.array(dtype=wp.bool)):
    t = wp.tid()
    out[t] = wp.bfloat16(f[t])
    back[t] = float(out[t])
    out[t] = wp.bfloat16(d[t])
    out[t] = wp.bfloat16(i[t])
    out[t] = wp.bfloat16(u[t])
    out[t] = wp.bfloat16(h[t])
    hout[t] = wp.float16(out[t])
    dout[t] = wp.float64(out[t])
    iout[t] = int(out[t])
    out[t] = wp.bfloat16(flag[t])


# Arithmetic and comparisons stay in bf16. A float literal is the bfloat16
# of its float32 value: float32(0.1) = 0x3DCCCCCD rounds up to bf16 0x3DCD =
# 1.6015625 * 2^-4 = 0.10009765625.
# CHECK-LABEL: kdsl.kernel @arith(
# CHECK: arith.addf %{{.*}}, %{{.*}} : bf16
# CHECK: arith.subf %{{.*}}, %{{.*}} : bf16
# CHECK: arith.mulf %{{.*}}, %{{.*}} : bf16
# CHECK: arith.divf %{{.*}}, %{{.*}} : bf16
# CHECK: arith.negf %{{.*}} : bf16
# CHECK: arith.constant 1.000980e-01 : bf16
# CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : bf16
# CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : bf16
# 1 + 2^-8 + 2^-30 is 1 + 2^-8 in float32, a tie that rounds to even: 1.0
# (rounded directly from float64 it would be 1 + 2^-7 = 1.0078125).
# CHECK: arith.constant 1.000000e+00 : bf16
# CHECK-NOT: arith.constant 1.007810e+00 : bf16
# CHECK: kdsl.return
@wp.kernel
def arith(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.bfloat16),
          out: wp.array(dtype=wp.bfloat16), flags: wp.array(dtype=int)):
    t = wp.tid()
    x = a[t]
    y = b[t]
    out[t] = ((x + y) - y) * x / y
    out[t] = -x + 0.1
    flags[t] = wp.where(x < y, 1, 0) + wp.where(x == y, 2, 0)
    out[t] = wp.bfloat16(1.0039062509313226)


# Atomics: add, sub, min and max on bfloat16 elements (Warp 1.16 allows
# min/max on bfloat16 but not on float16); a[i] += v is an atomic add.
# CHECK-LABEL: kdsl.kernel @atomics(
# CHECK: kdsl.atomic add %{{.*}}[%{{.*}}], %{{.*}} : <bf16, 1>
# CHECK: kdsl.atomic sub %{{.*}}[%{{.*}}], %{{.*}} : <bf16, 1>
# CHECK: kdsl.atomic min %{{.*}}[%{{.*}}], %{{.*}} : <bf16, 1>
# CHECK: kdsl.atomic max %{{.*}}[%{{.*}}], %{{.*}} : <bf16, 1>
# CHECK: kdsl.atomic add %{{.*}}[%{{.*}}], %{{.*}} : <bf16, 1>
# CHECK: kdsl.atomic add %{{.*}}[%{{.*}}], %{{.*}} : <vector<3xbf16>, 1>
@wp.kernel
def atomics(acc: wp.array(dtype=wp.bfloat16), vacc: wp.array(dtype=bf16_vec3)):
    wp.atomic_add(acc, 0, wp.bfloat16(1.0))
    wp.atomic_sub(acc, 1, wp.bfloat16(1.0))
    wp.atomic_min(acc, 2, wp.bfloat16(-1.0))
    wp.atomic_max(acc, 3, wp.bfloat16(2.0))
    acc[4] += wp.bfloat16(0.5)
    wp.atomic_add(vacc, 0, bf16_vec3(wp.bfloat16(1.0), wp.bfloat16(2.0), wp.bfloat16(3.0)))


# Generic bfloat16 vectors and matrices (Warp's test_bf16.py).
# CHECK-LABEL: kdsl.kernel @composites(
# CHECK: vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xbf16>
# CHECK: vector<2x2xbf16>
# CHECK: arith.extf %{{.*}} : bf16 to f32
@wp.kernel
def composites(out: wp.array(dtype=wp.float32)):
    v = bf16_vec3(wp.bfloat16(1.0), wp.bfloat16(2.0), wp.bfloat16(3.0))
    m = bf16_mat22(wp.bfloat16(1.0), wp.bfloat16(2.0), wp.bfloat16(3.0), wp.bfloat16(4.0))
    out[0] = wp.float32(v[0] + m[1, 1])
