// RUN: kdsl-opt %s --split-input-file --verify-diagnostics --kdsl-gpu-module-to-ptx
// RUN: not kdsl-opt %s --split-input-file '--kdsl-gpu-module-to-ptx=llvm-passes=no-such-pass' 2>&1 | FileCheck %s --check-prefix=PASSES

// expected-error @+2 {{the gpu.module has no target (run nvvm-attach-target first)}}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{cannot load the bitcode library "/nonexistent/libdevice.10.bc": cannot read '/nonexistent/libdevice.10.bc': No such file or directory}}
  gpu.module @kernels [#nvvm.target<chip = "sm_80", link = ["/nonexistent/libdevice.10.bc"]>] {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// The same with the default pipeline is fine; an unknown pass is reported.
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    llvm.func @k() attributes {nvvm.kernel} {
      llvm.return
    }
  }
}

// PASSES: error: invalid llvm-passes 'no-such-pass': unknown pass name 'no-such-pass'
