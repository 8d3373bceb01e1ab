//===- Tool.h - the logic behind kdsl-synth's main -------------*- C++ -*-===//
//
// kdsl-synth's main (tools/kdsl-synth) becomes the score sandbox when asked
// (Score.h), initializes LLVM, registers the options and calls synthMain,
// as the other tools' mains call lib/Driver (kdsl/Driver/Tools.h).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_TOOL_H
#define KDSL_SYNTH_TOOL_H

#include "llvm/Support/CommandLine.h"

namespace kdsl::synth {

/// kdsl-synth: registers its subcommands and options; returns their category.
llvm::cl::OptionCategory &registerSynthOptions();

/// kdsl-synth after InitLLVM: response files, the command line, the
/// subcommand it names; returns the exit code.
int synthMain(int argc, char **argv);

} // namespace kdsl::synth

#endif
