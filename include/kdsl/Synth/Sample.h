//===- Sample.h - one verified kdsl-synth sample ----------------*- C++ -*-===//
//
// Turns a generated program into a dataset record: translates it, builds the
// adjoint, emits the requested targets (C++, CUDA C, PTX; forward and
// backward), and validates it: the Clang in-process check of the C++ and
// CUDA C, ptxas on the PTX when ptxas is available, a CPU run (JIT) of the
// kernel and its adjoint (the record's reference outputs and gradients), and
// a finite-difference check of the gradients on the program's float64 twin.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_SAMPLE_H
#define KDSL_SYNTH_SAMPLE_H

#include "kdsl/Synth/ProgramGen.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace kdsl::synth {

struct SampleOptions {
  bool cpp = true, cuda = true, ptx = false, mlir = false;
  bool backward = true;
  /// Skip the (slow) Clang in-process checks; they are on by default.
  bool clangCheck = true;
  /// The caller checks many samples' C++ / CUDA C at once (checkEmittedBatch);
  /// buildSample leaves validation's clang_* fields to it.
  bool deferClangCheck = false;
  std::string ptxArch = "sm_80";
  /// ptxas to run on the PTX; empty: none (the record says "skipped").
  std::string ptxas;
  double gradRtol = 1e-5, gradAtol = 1e-8;
};

struct SampleResult {
  bool ok = false;
  /// Why a sample failed: frontend, autodiff, emit_cpp, emit_cuda, emit_ptx,
  /// clang_cpp, clang_cuda, ptxas, cpu_run, gradcheck.
  std::string failure;
  std::string detail;
  llvm::json::Object record;
};

/// Builds and validates the record of `program` (generated with `seed` at
/// `index`). `ctx` must have the kdsl dialects registered; one per thread.
SampleResult buildSample(const Program &program, uint64_t seed, uint64_t index,
                         const SampleOptions &options, mlir::MLIRContext &ctx);

/// buildSample for many programs (generated with `seed` at `indices`): the
/// CPU runs of all of them come from one JIT compile (if that fails, they
/// are built one by one).
std::vector<SampleResult> buildSamples(llvm::ArrayRef<Program> programs,
                                       llvm::ArrayRef<uint64_t> indices, uint64_t seed,
                                       const SampleOptions &options, mlir::MLIRContext &ctx);

/// The Clang in-process check of many records' C++ (or CUDA C) at once: one
/// translation unit with the prelude and each record's forward and backward
/// code in a namespace of its own. Returns, per record, whether it passes; on
/// a failing unit, the records are checked one by one to find the culprits.
std::vector<bool> checkEmittedBatch(llvm::ArrayRef<const llvm::json::Object *> records, bool cuda,
                                    std::vector<std::string> &details);

/// A hash of the source with the per-index names (k123, f123_0, S123) and
/// whitespace normalized: equal for programs that differ only in naming.
std::string normalizedSourceHash(llvm::StringRef source, uint64_t index);

} // namespace kdsl::synth

#endif
