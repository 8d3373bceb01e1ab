//===- Diagnostics.cpp ----------------------------------------------------===//
#include "kdsl/Frontend/Diagnostics.h"

using namespace kdsl;

void DiagEngine::error(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (suppress) {
    ++suppressedErrors;
    return;
  }
  if (msg.str().rfind("internal error", 0) == 0)
    internalError = true;
  if (numErrors++ < maxErrors)
    sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Error, msg);
}

void DiagEngine::note(llvm::SMLoc loc, const llvm::Twine &msg) {
  if (!suppress && numErrors <= maxErrors)
    sm.PrintMessage(os, loc, llvm::SourceMgr::DK_Note, msg);
}
