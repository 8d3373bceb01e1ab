//===- kdsl-translate.cpp - Warp-syntax Python to MLIR and targets --------===//
//
//   kdsl-translate FILE.py --emit=mlir [-o OUT] [--kernel NAME]
//   kdsl-translate FILE.mlir --emit=cpp|cuda|llvm|ptx [-o OUT]
//   kdsl-translate FILE.py --emit=cpp|cuda --verify-emitted [--spec SPEC.json]
//   kdsl-translate FILE --split-input-file --verify-diagnostics
//
// The input is kdsl IR when its name ends in .mlir (or with --input=mlir),
// Warp-syntax Python otherwise. The compile path is kdsl/Driver/Driver.h
// (front end, adjoint preparation, target); the options and their handling
// live in lib/Driver/TranslateTool.cpp. MLIR's pass-manager, timing and
// context options (--mlir-print-ir-after-all, --mlir-timing, ...) apply.
//
// Diagnostics go to stderr as file:line:col; the exit code is 1 on any error
// and no output file is left behind.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Driver/Driver.h"
#include "kdsl/Driver/Tools.h"
#include "kdsl/Support/InputFiles.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  if (llvm::Error e = kdsl::expandResponseFiles(argc, argv)) {
    llvm::WithColor::error(llvm::errs(), "kdsl-translate") << llvm::toString(std::move(e)) << "\n";
    return 1;
  }
  kdsl::driver::registerToolCLOptions();
  llvm::cl::OptionCategory &category = kdsl::driver::registerTranslateOptions();
  // --help shows kdsl-translate's options (and --mlir-print-debuginfo); LLVM's
  // and MLIR's others stay behind --help-hidden.
  kdsl::driver::hideOptionsOutside(category, {"mlir-print-debuginfo"});
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "kdsl translator: Warp kernels to MLIR, LLVM IR, C++, CUDA C "
                                    "or PTX\n\n--help-hidden also lists LLVM's and MLIR's own "
                                    "options.\n");
  return kdsl::driver::translateMain();
}
