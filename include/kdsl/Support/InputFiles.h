//===- InputFiles.h - input files of bounded size --------------*- C++ -*-===//
//
// Every file a kdsl tool reads as input (a source, a launch spec, an MLIR
// file, a dataset's records) goes through readInputFile: a regular file over
// the limit is refused before it is read, and anything else (stdin, a pipe,
// a device such as /dev/zero or /dev/urandom) is read up to the limit and
// refused past it, with an error that says so, instead of growing a buffer
// until LLVM reports "out of memory". A directory is an error, and so is a
// named pipe that no process opens for writing within a few seconds (its
// open would wait for a writer for ever).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SUPPORT_INPUTFILES_H
#define KDSL_SUPPORT_INPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace kdsl {

/// The largest input file the tools read: 256 MiB.
inline constexpr uint64_t kMaxInputFileBytes = uint64_t(256) << 20;

/// How long a named pipe (FIFO) given as input may wait for a process that
/// opens it for writing.
inline constexpr int kFifoWriterWaitSeconds = 5;

/// The contents of `path` ("-": stdin), NUL-terminated, named `path` (or
/// "<stdin>"). Errors read "cannot read 'PATH': REASON", e.g. "cannot read
/// '/dev/zero': more than the limit of 256 MiB for an input file (not a
/// regular file: read up to the limit)", "cannot read 'DIR': is a
/// directory" or "cannot read 'F': a named pipe (FIFO) that no process
/// opened for writing within 5 s".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, uint64_t maxBytes = kMaxInputFileBytes);

/// Expands the response files of a tool's command line (`@FILE` arguments,
/// which cl::ParseCommandLineOptions would read without a bound: `@/dev/zero`
/// ended in "LLVM ERROR: out of memory") as the parser would, each file
/// read with readInputFile. On success `argc` and `argv` are the expanded
/// command line (kept until the process ends) and the parser finds nothing
/// left to expand. Errors: "cannot read 'FILE': ...".
llvm::Error expandResponseFiles(int &argc, char **&argv);

} // namespace kdsl

#endif
