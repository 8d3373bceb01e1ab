# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=cpp --verify-emitted -o /dev/null
# RUN: kdsl-translate %s --emit=cuda --verify-emitted -o /dev/null
# Declared types are the source's: a wp.uint32 local (a load of a uint32
# array, an unsigned product, a loop-carried value, a uint32 argument) is a
# uint32_t, and so are uint8/uint16/uint64 ones; constants are unsigned
# literals and shift amounts and literal indices plain numbers, without
# casts that change nothing. A signed operation on an unsigned local (an
# arithmetic shift, a signed compare, int -> float) reads it through the
# signed type. test/Execution/unsigned_locals.test runs such kernels.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.uint32), out: wp.array(dtype=float)):
    i = wp.tid()
    h = wp.uint32(i) * wp.uint32(2654435761)
    x = a[i] ^ h
    out[i] = float(x >> wp.uint32(3))


# CHECK-LABEL: extern "C" void k_cpu_forward(
# CHECK: const uint32_t h = (uint32_t)i * 2654435761u;
# CHECK: const uint32_t [[A:v[0-9]+]] = kdsl::load<uint32_t>(a, (uint32_t)i);
# CHECK-NEXT: const uint32_t x = [[A]] ^ h;
# CHECK: const uint32_t [[S:v[0-9]+]] = x >> 3;
# CHECK-NEXT: const float [[F:v[0-9]+]] = (float)[[S]];
# CHECK-NEXT: kdsl::store(out, [[F]], (uint32_t)i);
# CUDA-LABEL: void k_cuda_kernel_forward(
# CUDA: const uint32_t h = (uint32_t)i * 2654435761u;
# CUDA: const uint32_t x = [[A:v[0-9]+]] ^ h;


@wp.kernel
def signed_uses(a: wp.array(dtype=wp.uint32), n: wp.uint32, out: wp.array(dtype=wp.int32),
                f: wp.array(dtype=float), acc_out: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    x = a[2] + n
    s = wp.int32(x)
    out[i] = s >> 4
    f[i] = float(s) + float(x)
    if x > n:
        out[0] = 1
    if s < 0:
        out[1] = 1
    acc = wp.uint32(7)
    for k in range(3):
        acc = acc * wp.uint32(31) + x
    acc_out[i] = acc


# CHECK-LABEL: extern "C" void signed_uses_cpu_forward(
# CHECK: const uint32_t n = kdsl::read_arg<uint32_t>(args[1]);
# CHECK: const uint32_t [[A2:v[0-9]+]] = kdsl::load<uint32_t>(a, 2u);
# CHECK-NEXT: const uint32_t x = [[A2]] + n;
# CHECK: const int32_t [[SH:v[0-9]+]] = (int32_t)x >> 4;
# CHECK: const float [[FS:v[0-9]+]] = (float)(int32_t)x;
# CHECK-NEXT: const float [[FX:v[0-9]+]] = (float)x;
# CHECK: x > n
# CHECK: (int32_t)x < 0
# CHECK: uint32_t acc = 7u;
# CHECK: const uint32_t [[M:v[0-9]+]] = acc * 31u;
# CHECK-NEXT: const uint32_t [[ACC:.+]] = [[M]] + x;
# CHECK-NEXT: acc = [[ACC]];


@wp.kernel
def narrow(a: wp.array(dtype=wp.uint8), b: wp.array(dtype=wp.uint16), c: wp.array(dtype=wp.uint64),
           o8: wp.array(dtype=wp.uint8), o16: wp.array(dtype=wp.uint16), o64: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    u8 = a[i] * wp.uint8(201)
    o8[i] = u8 >> wp.uint8(1)
    u16 = b[i] * b[i]
    o16[i] = u16 / wp.uint16(3)
    u64 = c[i] * wp.uint64(11400714819323198485)
    o64[i] = u64 ^ (u64 >> wp.uint64(29))


# CHECK-LABEL: extern "C" void narrow_cpu_forward(
# CHECK: const uint8_t [[A8:v[0-9]+]] = kdsl::load<uint8_t>(a, (uint32_t)i);
# CHECK-NEXT: const uint8_t u8 = kdsl::wrap_mul([[A8]], (uint8_t)201);
# CHECK: const uint8_t [[R8:v[0-9]+]] = u8 >> 1;
# CHECK: const uint16_t u16 = kdsl::wrap_mul([[B16:v[0-9]+]], [[B16]]);
# CHECK: const uint16_t [[Q16:v[0-9]+]] = u16 / (uint16_t)3;
# CHECK: const uint64_t u64 = [[C64:v[0-9]+]] * 11400714819323198485ull;
# CHECK: const uint64_t [[SH64:v[0-9]+]] = u64 >> 29;
# CHECK-NEXT: const uint64_t [[X64:v[0-9]+]] = u64 ^ [[SH64]];


# A narrowed thread index is printed with the launch (canonicalization folds
# the truncation of the tid into one of the thread's index).
@wp.kernel
def tid_cast(o8: wp.array(dtype=wp.uint8)):
    tid = wp.tid()
    o8[tid] = wp.uint8(tid)


# CHECK-LABEL: extern "C" void tid_cast_cpu_forward(
# CHECK: const uint8_t [[T8:tid_[0-9]+]] = (uint8_t)thread;
# CHECK-NEXT: kdsl::store(o8, [[T8]], (uint32_t)tid);
