//===- Verify.h - in-process Clang check of emitted C++ / CUDA C -*- C++ -*-===//
#ifndef KDSL_TARGET_VERIFY_H
#define KDSL_TARGET_VERIFY_H

#include "kdsl/Runtime/CpuBackend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace kdsl {

/// Cpp: C++17 for the CPU. Cuda: CUDA C, checked on the device side (sm_80)
/// against a minimal shim. CudaHost: the same CUDA C compiled as host C++
/// after the CUDA host emulation header (cudaHostEmulationHeader()), so it
/// can run on the CPU.
enum class EmittedLanguage { Cpp, Cuda, CudaHost };

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

/// The CUDA host emulation header (lib/Target/Verify/CudaHost.inc):
/// __CUDACC__/__CUDA_ARCH__, the execution-space keywords, blockIdx,
/// threadIdx, blockDim, gridDim, the atomics, __half, CUDA's math names, and
/// kdsl_cuda_host::launch, which runs a __global__ entry point's grid
/// sequentially through the CPU kernel ABI.
llvm::StringRef cudaHostEmulationHeader();

/// For EmittedLanguage::CudaHost: the CPU-ABI entry points
/// `<kernel>_cpu_forward` (and `_cpu_backward` with `backward`) that run
/// `<kernel>_cuda_kernel_forward/backward` with kdsl_cuda_host::launch. To be
/// compiled after the CUDA C that defines those (in the same namespace).
/// `lanes`: a lane-dependent tile kernel, run in blocks of dims[4] threads
/// with real barriers (kdsl_cuda_host::launch_blocks).
std::string cudaHostLaunchers(llvm::StringRef kernel, bool backward, bool lanes = false);

/// What a compilation of `prelude` + `body` to machine code gives: the
/// kernels, callable through the CPU ABI (CpuModule::lookup), or why not.
struct EmittedBuild {
  /// Null when Clang or the JIT failed; `diagnostics` says why.
  std::unique_ptr<CpuModule> module;
  /// Clang's diagnostics as verifyEmitted lists them (a warning fails a
  /// build, as it fails the check), or the JIT's error.
  std::string diagnostics;
  /// Seconds in Clang (parse and code generation) and in the JIT.
  double clangSeconds = 0, jitSeconds = 0;
};

/// Where `text` (C++ or CUDA C) uses what code a model writes for kdsl-synth
/// score may not: "LINE:COL: what" for the first preprocessor directive
/// (`#...`, also after a comment or as the digraph `%:`), `_Pragma`,
/// `__has_include`, `__has_embed`, a file-name macro or (unless `allowAsm`)
/// inline assembly; none if it uses none. kdsl's emitted texts use none.
std::optional<std::string> forbiddenConstruct(llvm::StringRef text, bool allowAsm = false);

/// How buildEmittedAfterPrelude compiles and links.
struct EmittedBuildOptions {
  /// A warning fails the build, as it fails verifyEmitted (kdsl's own texts);
  /// false: only errors do (model outputs that kdsl-synth score runs).
  bool warningsFail = true;
  /// Clang sees only the in-memory files (the body, the prelude, its PCH and
  /// the CUDA host header), not the host's file system: an #include or
  /// #embed of any other path fails as a missing file.
  bool sealed = false;
  /// Undefined behaviour Clang sees is an error (an uninitialized read, a
  /// missing return, a constant index out of a local array, ...) and what it
  /// can check at run time traps (-fsanitize=bounds, integer division by
  /// zero, shift exponents, null, ... with -fsanitize-trap): for code that
  /// must not match by luck. Uses its own PCH.
  bool checked = false;
  /// The process symbols the compiled code may link (null: all of them);
  /// createKernelJit's HostSymbolFilter.
  std::function<bool(llvm::StringRef)> allowHostSymbol;
};

/// verifyEmittedAfterPrelude and, in the same Clang invocation, code
/// generation (-O0, FP contraction off as the prelude asks), then the ORC
/// LLJIT: the emitted text compiled to machine code in process. `symbols`
/// (e.g. "k3_cpu_forward") are looked up at once so that a missing or
/// unresolvable one fails the build instead of a later lookup. Cpp and
/// CudaHost only. The kernels call kdsl_report_assert / kdsl_report_oob of
/// the process.
EmittedBuild buildEmittedAfterPrelude(llvm::StringRef prelude, llvm::StringRef body,
                                      EmittedLanguage language, llvm::StringRef bufferName,
                                      llvm::ArrayRef<std::string> symbols,
                                      const EmittedBuildOptions &options = {});

/// The PCH buildEmittedAfterPrelude compiles `prelude` to for `language`
/// (EmittedBuildOptions::checked or not)
/// (built at the first call of the process), e.g. to hand to a fresh process
/// that has no file system to build it in.
llvm::Expected<llvm::StringRef> precompiledPrelude(llvm::StringRef prelude,
                                                   EmittedLanguage language, bool checked);

/// Makes `pch` (the bytes precompiledPrelude gave for the same prelude and
/// language in another process of this build) the PCH of later builds.
void adoptPrecompiledPrelude(llvm::StringRef prelude, EmittedLanguage language, bool checked,
                             std::unique_ptr<llvm::MemoryBuffer> pch);

} // namespace kdsl

#endif
