# Python names beyond ASCII (kernels, funcs, structs, fields, parameters,
# locals) go through every target: MLIR and LLVM IR keep them (both quote
# such names); C++, CUDA C and PTX get the mangled identifiers of
# docs/language.md ("Names in emitted code"): kdslu_ + the name, with each
# character beyond ASCII as Z<hex code point>_ (and Z as ZZ).
#
# RUN: kdsl-translate %s --emit=mlir | FileCheck %s --check-prefix=MLIR
# The IR reads back (the dialect's struct verifier takes the front end's names).
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt | FileCheck %s --check-prefix=MLIR
# RUN: kdsl-translate %s --emit=llvm | FileCheck %s --check-prefix=LLVM
# RUN: kdsl-translate %s --emit=cpp --verify-emitted | FileCheck %s --check-prefix=CPP
# RUN: kdsl-translate %s --emit=cuda --verify-emitted | FileCheck %s --check-prefix=CUDA
# RUN: kdsl-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX
# The C++ and CUDA C hold no byte beyond ASCII outside comments and strings.
# RUN: kdsl-translate %s --emit=cpp | grep -v '^ *//' | grep -v '"' | LC_ALL=C not grep '[^ -~]'
# RUN: kdsl-translate %s --emit=cuda | grep -v '^ *//' | grep -v '"' | LC_ALL=C not grep '[^ -~]'
# RUN: kdsl-translate %s --emit=ptx | LC_ALL=C not grep '[^[:print:][:space:]]'
#
# kdsl-run finds the kernel by its own name on both CPU backends: out = 2 * a
# + 0.5 + b (2*1+0.5+0.25, 2*2+0.5+0.25, 2*(-1)+0.5+0.25).
# RUN: printf '{"kernel": "kα", "dim": 3, "inputs": {"aλ": {"data": [1.0, 2.0, -1.0]}, "sε": {"xβ": 0.5, "Zζ": 7}, "bζ": 0.25}}' > %t.spec.json
# RUN: kdsl-run %s %t.spec.json | FileCheck %s --check-prefix=OUT
# RUN: kdsl-run %s %t.spec.json --backend cpp | FileCheck %s --check-prefix=OUT

import warp as wp


@wp.struct
class Pα:
    xβ: float
    Zζ: int


@wp.func
def fγ(aδ: float) -> float:
    return aδ * 2.0


# MLIR: kdsl.kernel @"k\CE\B1"
# LLVM: define void @"k\CE\B1_cpu_forward"(
# CPP: struct kdslu_PZ3b1_ {
# CPP-NEXT: float kdslu_xZ3b2_;
# CPP-NEXT: int32_t kdslu_ZZZ3b6_;
# CPP: static KDSL_FN float kdslu_fZ3b3_(float kdslu_aZ3b4_) {
# CPP: extern "C" void kdslu_kZ3b1__cpu_forward({{.*}}) __asm__("kα_cpu_forward");
# CPP-NEXT: extern "C" void kdslu_kZ3b1__cpu_forward(
# CPP: kdslu_fZ3b3_(
# CPP: kdslu_sZ3b5_.kdslu_xZ3b2_
# CPP: extern "C" void kdslu_kZ3b1__cpu_backward({{.*}}) __asm__("kα_cpu_backward");
# CUDA: extern "C" __global__ void kdslu_kZ3b1__cuda_kernel_forward(kdsl_launch launch, kdsl_array kdslu_aZ3bb_, kdslu_PZ3b1_ kdslu_sZ3b5_, float kdslu_bZ3b6_)
# CUDA: extern "C" __global__ void kdslu_kZ3b1__cuda_kernel_backward(
# PTX: .entry kdslu_kZ3b1__cuda_kernel_forward(
# PTX: .entry kdslu_kZ3b1__cuda_kernel_backward(
# OUT: "outputs":{"aλ":[2.75,4.75,-1.25]}
@wp.kernel
def kα(aλ: wp.array(dtype=float), sε: Pα, bζ: float):
    i = wp.tid()
    vη = fγ(aλ[i]) + sε.xβ + bζ
    aλ[i] = vη
