// kdsl-gpu-module-to-ptx: a gpu.module with an #nvvm.target becomes a
// gpu.binary holding PTX; libdevice (the target's link list) is linked and
// inlined, and its sqrtf is the IEEE-rounded one (__CUDA_PREC_SQRT=1).
// REQUIRES: ptxas
// RUN: sed 's|LIBDEVICE|%libdevice|' %s | kdsl-opt --kdsl-gpu-module-to-ptx | FileCheck %s
// RUN: sed 's|LIBDEVICE|%libdevice|' %s | kdsl-opt '--kdsl-gpu-module-to-ptx=llvm-passes=default<O3>' | FileCheck %s
// RUN: sed 's|LIBDEVICE|%libdevice|' %s | kdsl-opt --kdsl-gpu-module-to-ptx | %python -c "import re, sys; t = re.search(r'assembly = \"(.*?)\"', sys.stdin.read()).group(1); sys.stdout.write(re.sub(r'\\\\([0-9A-F]{2})', lambda m: chr(int(m.group(1), 16)), t))" > %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: #gpu.object<#nvvm.target
// CHECK-SAME: .target sm_80
// CHECK-SAME: .visible .entry scale_sqrt(
// CHECK-NOT: __nv_sqrtf
// CHECK-SAME: sqrt.rn.f32
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80", features = "+ptx80", link = ["LIBDEVICE"]>] {
    llvm.func @__nv_sqrtf(f32) -> f32
    llvm.func @scale_sqrt(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %y = llvm.call @__nv_sqrtf(%x) : (f32) -> f32
      llvm.store %y, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
