//===- Verify.h - in-process Clang check of emitted C++ / CUDA C -*- C++ -*-===//
#ifndef KDSL_TARGET_VERIFY_H
#define KDSL_TARGET_VERIFY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace kdsl {

enum class EmittedLanguage { Cpp, Cuda };

/// Runs Clang's -fsyntax-only on `source` in process (libTooling): C++17 for
/// the CPU emitter's output; for CUDA C, device-side only (sm_80) against a
/// minimal shim header instead of the toolkit's, so no CUDA install is needed.
/// On failure the error lists Clang's diagnostics as
/// `<bufferName>:line:col: error: ...` with lines of `source` itself.
llvm::Error verifyEmitted(llvm::StringRef source, EmittedLanguage language,
                          llvm::StringRef bufferName = "emitted.cpp");

/// verifyEmitted on `prelude` followed by `body`, with the prelude parsed once
/// per process and language: it is precompiled (a Clang PCH, kept in memory)
/// the first time and every later check includes that PCH. Diagnostics name
/// lines of `body`; an error in the prelude itself fails every check.
llvm::Error verifyEmittedAfterPrelude(llvm::StringRef prelude, llvm::StringRef body,
                                      EmittedLanguage language,
                                      llvm::StringRef bufferName = "emitted.cpp");

} // namespace kdsl

#endif
