//===- kdsl-run.cpp - run Warp-syntax kernels on the CPU from a JSON spec --===//
//
//   kdsl-run FILE.py SPEC.json [--backend jit|cpp] [--threads N]
//            [--check-bounds] [-o OUT.json]
//
// Translates FILE.py, binds the arguments of SPEC.json (docs/kdsl-run.md) to
// its kernels, compiles the module for the CPU, runs the launches and prints
//   {"ok": true, "outputs": {...}, "grads": {}}
// or, on any error,
//   {"ok": false, "error": "...", "type": "usage|io|json|spec|compile|runtime"}
// (with "outputs" too for runtime failures: failed asserts, out-of-bounds
// accesses). The exit code is 0 on success and 1 on any error; the message
// also goes to stderr.
//
// The compile path is kdsl/Driver/Driver.h; the options, the result JSON and
// the run in a child process live in lib/Driver/RunTool.cpp. MLIR's
// pass-manager and timing options apply to the driver's pass pipelines.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Driver/Driver.h"
#include "kdsl/Driver/Tools.h"
#include "kdsl/Runtime/LaunchSpec.h"

#include "llvm/Support/InitLLVM.h"

// Kernels call these (KernelABI.h); -rdynamic exports them to the JIT and to
// the shared objects of the C++ backend.
KDSL_DEFINE_RUNTIME_REPORT_HOOKS()

// Referenced so that no linker garbage collection drops the hooks.
__attribute__((used)) static void *const keepReportHooks[] = {
    reinterpret_cast<void *>(&kdsl_report_assert), reinterpret_cast<void *>(&kdsl_report_oob)};

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  (void)keepReportHooks;
  kdsl::driver::registerToolCLOptions();
  kdsl::driver::registerRunOptions();
  return kdsl::driver::runMain(argc, argv);
}
