//===- autodiff_cost.cpp - cost of adjoint kernels against forward ones ------===//
//
//   build/bin/kdsl-bench-autodiff [--n LOG2N] [--runs R] [--threads T]
//                                 [--terms M] [--backend jit|cpp]
//
// For the four kernels of bench/inputs/cpu_kernels.py (saxpy, normalize3,
// matvec3, poly_loop): translate, build the adjoints (kdsl-autodiff), compile
// both with the CPU backend, then time the forward kernel and its adjoint on
// N = 2^LOG2N elements with T host threads (kdsl::launchParallel). Prints the
// median of R runs of each and the ratio backward / forward, and the bytes of
// per-thread loop tape each adjoint allocates per recorded iteration (read
// from the memref.alloca ops of the adjoint kernels).
//
// The adjoint recomputes the forward values, so a ratio near 2 is the
// expected floor for arithmetic-bound kernels; memory-bound ones pay for the
// extra adjoint arrays (reads of adj_out, atomic adds into adj_x).
//
// Run by hand; not part of the test suite (bench/README.md).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/Passes.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Runtime/LaunchSpec.h"

#include "BenchInput.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#ifndef KDSL_BENCH_INPUTS
#define KDSL_BENCH_INPUTS "bench/inputs"
#endif

KDSL_DEFINE_RUNTIME_REPORT_HOOKS()

namespace {

/// A zero-filled, 64-byte aligned array of `n` elements of `elemBytes` bytes.
struct Array {
  std::vector<char> bytes;
  kdsl_array view{};
  Array(int64_t n, int64_t elemBytes) : bytes(size_t(n * elemBytes) + 64, 0) {
    view.data = bytes.data();
    view.shape[0] = n;
    view.strides[0] = elemBytes;
  }
  void fill(float v) {
    float *f = reinterpret_cast<float *>(bytes.data());
    for (size_t i = 0; i + 4 <= bytes.size() - 64; i += 4)
      f[i / 4] = v + 0.001f * float((i / 4) % 97);
  }
};

/// One kernel: its array arguments (elements of `elemBytes`), in order, with
/// scalar arguments given by value.
struct Case {
  const char *name;
  std::vector<int64_t> argBytes; // > 0: array of that element size; < 0: 4-byte scalar
  std::vector<float> scalarValues;
};

double medianMs(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  int log2n = 22, runs = 9, terms = 16;
  unsigned threads = 1;
  bool cpp = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "kdsl-bench-autodiff: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--n")
      log2n = std::atoi(next());
    else if (a == "--runs")
      runs = std::max(1, std::atoi(next()));
    else if (a == "--threads")
      threads = unsigned(std::max(1, std::atoi(next())));
    else if (a == "--terms")
      terms = std::atoi(next());
    else if (a == "--backend")
      cpp = std::string(next()) == "cpp";
    else {
      std::fprintf(stderr, "usage: kdsl-bench-autodiff [--n LOG2N] [--runs R] [--threads T] "
                           "[--terms M] [--backend jit|cpp]\n");
      return 2;
    }
  }
  const int64_t n = int64_t(1) << log2n;

  std::string path = std::string(KDSL_BENCH_INPUTS) + "/cpu_kernels.py";
  mlir::MLIRContext ctx;
  auto module = kdsl_bench::translateInput(path, ctx, "kdsl-bench-autodiff");
  if (!module)
    return 1;
  std::vector<Case> cases = {
      {"saxpy", {-4, 4, 4, 4}, {2.0f}},
      {"normalize3", {12, 12}, {}},
      {"matvec3", {36, 12, 12}, {}},
      {"poly_loop", {4, -4, 4}, {0.0f}},
  };
  kdsl::AutodiffOptions autodiff;
  for (const Case &c : cases)
    autodiff.kernels.push_back(c.name);
  mlir::PassManager pm(&ctx);
  pm.addPass(kdsl::createAutodiff(std::move(autodiff)));
  if (mlir::failed(pm.run(*module)))
    return 1;
  // Tape bytes per recorded loop iteration, per adjoint kernel.
  std::map<std::string, int64_t> tapeBytes;
  for (auto k : module->getOps<kdsl::KernelOp>())
    if (auto primal = kdsl::adjointOf(k))
      k.walk([&](mlir::memref::AllocaOp a) {
        tapeBytes[primal->str()] += a.getType().getElementTypeBitWidth() / 8;
      });

  kdsl::CpuCompileOptions options;
  auto cpu = cpp ? kdsl::compileWithCpp(*module, options) : kdsl::compileWithJit(*module, options);
  if (!cpu) {
    llvm::errs() << llvm::toString(cpu.takeError()) << "\n";
    return 1;
  }

  std::printf("kdsl-bench-autodiff: N = 2^%d, %u thread(s), median of %d runs, %s backend, "
              "poly_loop terms = %d\n\n",
              log2n, threads, runs, cpp ? "cpp" : "jit", terms);
  std::printf("%-11s %12s %12s %8s %22s\n", "kernel", "forward ms", "backward ms", "ratio",
              "tape bytes / iteration");
  const int64_t dims[4] = {n, 1, 1, 1};
  bool ok = true;
  for (Case &c : cases) {
    if (std::string(c.name) == "poly_loop")
      c.scalarValues[0] = float(terms);
    // Primal arrays get data, adjoint arrays zeros except the outputs' (the
    // last argument of every case), seeded with ones.
    std::vector<Array> arrays;
    std::vector<std::vector<char>> scalars;
    std::vector<void *> fwd, bwd;
    arrays.reserve(2 * c.argBytes.size());
    size_t scalar = 0;
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < c.argBytes.size(); ++i) {
        int64_t b = c.argBytes[i];
        if (b < 0) {
          scalars.emplace_back(8, 0);
          if (pass == 0) {
            float v = c.scalarValues[scalar++];
            if (std::string(c.name) == "poly_loop")
              std::memcpy(scalars.back().data(), &terms, 4);
            else
              std::memcpy(scalars.back().data(), &v, 4);
          }
          continue;
        }
        arrays.emplace_back(n, b);
        if (pass == 0)
          arrays.back().fill(0.5f);
        else if (i + 1 == c.argBytes.size())
          arrays.back().fill(1.0f);
      }
    size_t ai = 0, si = 0;
    for (int pass = 0; pass < 2; ++pass)
      for (int64_t b : c.argBytes) {
        void *p = b < 0 ? (void *)scalars[si++].data() : (void *)&arrays[ai++].view;
        if (pass == 0)
          fwd.push_back(p);
        bwd.push_back(p);
      }
    kdsl_kernel_fn f = (*cpu)->lookup(c.name), g = (*cpu)->lookup(c.name, /*backward=*/true);
    if (!f || !g) {
      std::fprintf(stderr, "kdsl-bench-autodiff: %s or its adjoint is missing\n", c.name);
      return 1;
    }
    auto time = [&](kdsl_kernel_fn fn, void **args) {
      std::vector<double> ms;
      kdsl::launchParallel(fn, dims, args, threads); // warm-up
      for (int r = 0; r < runs; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        kdsl::launchParallel(fn, dims, args, threads);
        auto t1 = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      }
      return medianMs(ms);
    };
    double tf = time(f, fwd.data()), tb = time(g, bwd.data());
    std::printf("%-11s %12.2f %12.2f %7.2fx %22lld\n", c.name, tf, tb, tb / tf,
                (long long)tapeBytes[c.name]);
    ok &= tb / tf < 3.0;
  }
  std::printf("\ntarget: backward under 3x forward: %s\n", ok ? "met" : "NOT met");
  return 0;
}
