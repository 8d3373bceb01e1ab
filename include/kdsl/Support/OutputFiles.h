//===- OutputFiles.h - write several files as one output --------*- C++ -*-===//
#ifndef KDSL_SUPPORT_OUTPUTFILES_H
#define KDSL_SUPPORT_OUTPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace kdsl {

/// Creates `dir` (and its parents) and writes every (name, contents) pair
/// into it, all or none: if one cannot be written, those already written are
/// removed again (llvm::ToolOutputFile, kept only at the end). Errors read
/// "cannot create 'DIR': ..." / "cannot write 'DIR/NAME': ...".
llvm::Error writeFilesInDirectory(llvm::StringRef dir,
                                  llvm::ArrayRef<std::pair<std::string, std::string>> files);

} // namespace kdsl

#endif
