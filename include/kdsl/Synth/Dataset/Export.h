//===- Export.h - kdsl-synth export: one folder per sample ------*- C++ -*-===//
//
// `kdsl-synth export DATASET OUT --layout=dirs` writes the per-sample layout
// of earlier Python pipelines of this kind: for record N a folder
// OUT/NNNNNN/ with
//
//   k<N>.py        the Warp source,
//   k<N>.cu        the record's CUDA C after the prelude, with a host program
//                  (kdsl-translate --standalone's: it reads bundle.bin,
//                  allocates and fills the inputs, launches the forward and
//                  the backward kernels, prints outputs and gradients as
//                  kdsl-run's JSON),
//   bundle.bin     the record's spec (inputs, launches, backward seeds) as a
//                  kdsl bundle (docs/gpu-suite.md),
//   k<N>.cpp       the record's C++ after the prelude (when it has C++),
//   Makefile       builds k<N> from k<N>.cu with nvcc (NVCC ?= nvcc,
//                  ARCH ?= sm_80); `make run` runs it on bundle.bin,
//   metadata.json  the record without its texts (source, C++, CUDA C, PTX,
//                  MLIR), as one line (floats as the record writes them).
//
// The export is all or nothing: it is made in OUT.tmp-XXXXXX and renamed into
// place.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SYNTH_EXPORT_H
#define KDSL_SYNTH_EXPORT_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace kdsl::synth {

struct ExportOptions {
  /// The only layout: "dirs" (one folder per sample).
  std::string layout = "dirs";
  /// Replace a non-empty OUT (only one an earlier export wrote: it has
  /// export.json).
  bool force = false;
};

/// Exports the finished dataset `dataset` (checked as merge checks its
/// inputs) into `out`. Returns {"samples", "layout", "out"} (also written to
/// OUT/export.json). Bad input (no dataset, a non-empty OUT without
/// `force`, an unknown layout, a record without CUDA C) is an error and
/// leaves OUT as it was.
llvm::Expected<llvm::json::Value> exportDataset(llvm::StringRef dataset, llvm::StringRef out,
                                                const ExportOptions &options = {});

} // namespace kdsl::synth

#endif
