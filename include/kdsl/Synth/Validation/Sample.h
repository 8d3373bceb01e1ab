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

#include "kdsl/Synth/Generator/ProgramGen.h"

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
  /// Codegen alone (kdsl-bench-synth-codegen): the front end, the adjoint and
  /// the emitted texts, then stop: no float64 twin, no spec, no validation.
  /// The records are not dataset records.
  bool textsOnly = false;
  std::string ptxArch = "sm_80";
  /// ptxas to run on the PTX; empty: none (the record says "skipped").
  std::string ptxas;
  double gradRtol = 1e-5, gradAtol = 1e-8;
};

/// The ptxas generate and validate run: on PATH, else in /usr/local/cuda/bin;
/// empty when there is none.
std::string findPtxas();

struct SampleResult {
  bool ok = false;
  /// Why a sample failed: frontend, autodiff, emit_cpp, emit_cuda, emit_ptx,
  /// clang_cpp, clang_cuda, ptxas, cpu_run, no_gradient (every gradient of
  /// the reference run is zero), gradcheck.
  std::string failure;
  std::string detail;
  llvm::json::Object record;
};

/// Builds and validates the record of `program` (generated for the run's
/// `seed` at `index`, attempt `attempt`: programSeed). `ctx` must have the
/// kdsl dialects registered; one per thread.
SampleResult buildSample(const Program &program, uint64_t seed, uint64_t index,
                         const SampleOptions &options, mlir::MLIRContext &ctx,
                         unsigned attempt = 0);

/// buildSample for many programs (generated with `seed` at `indices`): the
/// CPU runs of all of them come from one JIT compile (if that fails, they
/// are built one by one). `attempts` (empty: all 0) is each program's attempt
/// (programSeed), stored in its record.
std::vector<SampleResult> buildSamples(llvm::ArrayRef<Program> programs,
                                       llvm::ArrayRef<uint64_t> indices, uint64_t seed,
                                       const SampleOptions &options, mlir::MLIRContext &ctx,
                                       llvm::ArrayRef<unsigned> attempts = {});

} // namespace kdsl::synth

#endif
