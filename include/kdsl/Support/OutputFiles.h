//===- OutputFiles.h - outputs that are complete or absent ------*- C++ -*-===//
//
// Every file a kdsl tool writes goes through a temporary file in the same
// directory and a rename: whatever happens to the process (an error, a
// signal, kill -9), an output file is either absent, as it was, or complete.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SUPPORT_OUTPUTFILES_H
#define KDSL_SUPPORT_OUTPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace kdsl {

/// Writes `contents` to `path` atomically (temporary file + rename); the
/// error reads "cannot write 'PATH': ...". An existing path that is not a
/// regular file (/dev/null, a FIFO) is written in place: a rename would
/// replace the device.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef contents);

/// Creates `dir` (and its parents) and writes every (name, contents) pair
/// into it, each atomically, and all or none: the files are renamed into
/// place only once all of them are written. Errors read
/// "cannot create 'DIR': ..." / "cannot write 'DIR/NAME': ...".
llvm::Error writeFilesInDirectory(llvm::StringRef dir,
                                  llvm::ArrayRef<std::pair<std::string, std::string>> files);

} // namespace kdsl

#endif
