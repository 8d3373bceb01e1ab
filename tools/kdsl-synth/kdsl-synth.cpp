//===- kdsl-synth.cpp - verified kernel -> C++/CUDA/PTX training pairs ------===//
//
// The subcommands (generate, stats, validate, merge, export, score, show,
// diversity) and their options live in lib/Synth/Tool/SynthTool.cpp;
// docs/synth.md describes them.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Synth/Score/Score.h"
#include "kdsl/Synth/Tool.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/InitLLVM.h"

// Kernels call these (asserts, wp.expect_*); the JIT resolves them here.
KDSL_DEFINE_RUNTIME_REPORT_HOOKS()
__attribute__((used)) static void *const keepReportHooks[] = {
    reinterpret_cast<void *>(&kdsl_report_assert), reinterpret_cast<void *>(&kdsl_report_oob)};

int main(int argc, char **argv) {
  // The sandbox kdsl-synth score runs a candidate in (lib/Synth/Score/Sandbox.h):
  // no option parsing and no LLVM signal handlers.
  if (argc == 2 && llvm::StringRef(argv[1]) == kdsl::synth::kScoreSandboxFlag)
    kdsl::synth::scoreSandboxMain();
  llvm::InitLLVM y(argc, argv);
  kdsl::synth::registerSynthOptions();
  return kdsl::synth::synthMain(argc, argv);
}
