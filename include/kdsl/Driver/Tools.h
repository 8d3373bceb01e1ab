//===- Tools.h - the logic behind kdsl's tool mains -------------*- C++ -*-===//
//
// Each tool's main initializes LLVM, registers its options (constructing
// them: a tool has only the options it registers), parses the command line
// and calls its *Main.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DRIVER_TOOLS_H
#define KDSL_DRIVER_TOOLS_H

#include "llvm/Support/CommandLine.h"

namespace kdsl::driver {

/// Hides every registered option that is not in `category` (nor --help,
/// --help-list, --version, nor one of `alsoShown`) from --help; they stay
/// listed by --help-hidden.
void hideOptionsOutside(llvm::cl::OptionCategory &category,
                        llvm::ArrayRef<llvm::StringRef> alsoShown = {});

/// kdsl-translate: registers its options; returns their category.
llvm::cl::OptionCategory &registerTranslateOptions();
/// kdsl-translate after parsing; returns the exit code.
int translateMain();

/// kdsl-run: registers its options; returns their category.
llvm::cl::OptionCategory &registerRunOptions();
/// kdsl-run: parses the command line (usage errors become JSON results) and
/// runs; returns the exit code.
int runMain(int argc, char **argv);

} // namespace kdsl::driver

#endif
