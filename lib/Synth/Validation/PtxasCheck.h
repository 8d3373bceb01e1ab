//===- PtxasCheck.h - ptxas on many samples' PTX at once --------*- C++ -*-===//
#ifndef KDSL_LIB_SYNTH_PTXASCHECK_H
#define KDSL_LIB_SYNTH_PTXASCHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace kdsl::synth {

/// Runs `ptxas -arch=<arch>` on `ptx`; an error with its output if it fails.
llvm::Error runPtxas(llvm::StringRef ptxas, llvm::StringRef ptx, llvm::StringRef arch);

/// ptxas on many PTX modules with one process: their bodies go into one
/// module under the first one's header, each module's own module-scope
/// symbols (libdevice tables, printf formats, non-entry funcs) renamed apart;
/// entry names must already be distinct. If ptxas rejects the whole, each
/// module is checked alone to find the culprits. Returns, per module, the
/// empty string or ptxas's complaint.
std::vector<std::string> checkPtxBatch(llvm::StringRef ptxas, llvm::ArrayRef<std::string> modules,
                                       llvm::StringRef arch);

/// The modules as checkPtxBatch combines them (for tests and debugging).
std::string combinePtx(llvm::ArrayRef<std::string> modules);

} // namespace kdsl::synth

#endif
