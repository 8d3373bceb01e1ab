// A PTX target chip is one of kdsl's (kPtxChips: sm_70, sm_75, sm_80, sm_86,
// sm_87, sm_89, sm_90, sm_90a; kdsl-translate --arch takes the same list), or
// a clear error (issue 26, finding 15): `kdsl-lower-to-nvvm{chip=}` crashed
// in NVPTX's code generation (a segmentation fault with a stack dump), and
// chip=abc and chip=sm_1000 went through.
// RUN: not kdsl-opt %s '--kdsl-lower-to-nvvm=chip=' 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not="Stack dump"
// RUN: not kdsl-opt %s '--pass-pipeline=builtin.module(kdsl-lower-to-nvvm{chip=})' 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not="Stack dump"
// EMPTY: error: kdsl-lower-to-nvvm: chip must be one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a; got ''
// RUN: not kdsl-opt %s '--kdsl-lower-to-nvvm=chip=abc' 2>&1 | FileCheck %s --check-prefix=ABC
// ABC: error: kdsl-lower-to-nvvm: chip must be one of {{.*}}; got 'abc'
// RUN: not kdsl-opt %s '--kdsl-lower-to-nvvm=chip=sm_1000' 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: error: kdsl-lower-to-nvvm: chip must be one of {{.*}}; got 'sm_1000'
// (Without to-ptx the chip is not used, but it is still checked.)
// RUN: not kdsl-opt %s '--kdsl-lower-to-nvvm=chip=sm_60 to-ptx=0' 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: kdsl-lower-to-nvvm: chip must be one of {{.*}}; got 'sm_60'
// Each chip of the list compiles.
// RUN: for chip in sm_70 sm_75 sm_80 sm_86 sm_87 sm_89 sm_90 sm_90a; do \
// RUN:   kdsl-opt %s "--kdsl-lower-to-nvvm=chip=$chip" | FileCheck %s --check-prefix=OK -DCHIP=$chip || exit 1; \
// RUN: done
// OK: gpu.binary @kdsl_kernels [#gpu.object<#nvvm.target<chip = "[[CHIP]]", features = "+ptx80">, assembly = "{{.*}}.target [[CHIP]]\0A

// kdsl-gpu-module-to-ptx checks the chip of the #nvvm.target it compiles for
// (here set by upstream's nvvm-attach-target).
// RUN: not kdsl-opt %s '--pass-pipeline=builtin.module(kdsl-lower-to-nvvm{to-ptx=0},nvvm-attach-target{chip=sm_1000},kdsl-gpu-module-to-ptx)' 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: the #nvvm.target's chip must be one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a; got 'sm_1000'

// kdsl-translate --arch and kdsl-synth generate --arch: the same list.
// RUN: not kdsl-translate %kdsl_src/examples/saxpy.py --emit=ptx --arch= 2>&1 | FileCheck %s --check-prefix=ARCH -DGOT=
// RUN: not kdsl-translate %kdsl_src/examples/saxpy.py --emit=ptx --arch sm_1000 2>&1 | FileCheck %s --check-prefix=ARCH -DGOT=sm_1000
// ARCH: kdsl-translate: error: --arch must be one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a; got '[[GOT]]'
// RUN: rm -rf %t.synth
// RUN: not kdsl-synth generate -n 1 --targets ptx --arch abc -o %t.synth 2>&1 | FileCheck %s --check-prefix=SYNTH
// RUN: not ls %t.synth
// SYNTH: kdsl-synth: error: --arch must be one of sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a; got 'abc'

kdsl.kernel @k(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %tid = kdsl.tid : i32
  %0 = kdsl.load %x[%tid] : <f32, 1>
  %1 = arith.addf %0, %0 : f32
  kdsl.store %1, %x[%tid] : <f32, 1>
  kdsl.return
}
