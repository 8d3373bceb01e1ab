//===- tile_gemm.cpp - a tiled fp32 GEMM: kdsl tiles against hand-written C++ ===//
//
//   build/bin/kdsl-bench-tile-gemm [--n N] [--runs R] [--threads-list 1,2]
//                                  [--backend jit|cpp]
//
// Issue 30's CPU benchmark: C = A * B for N x N float32 matrices (default
// 1024), computed by bench/inputs/tile_gemm.py (64x64 tiles over K, compiled
// by kdsl's JIT or its C++ backend and launched through the kernel ABI over
// the (N/64, N/64) tile grid) and by a hand-written blocked GEMM in this file
// (the same 64x64x64 blocking; the inner loop over a row of the tile, which
// clang vectorizes for the host ISA). Both split the tile grid into the same
// contiguous chunks on T std::threads. Every element of a C tile adds, per K
// step, the sum of A[i][k] * B[k][j] over the step's k in ascending order, in
// both, without FMA contraction (-ffp-contract=off here; kdsl contracts
// nothing), so the two results are compared bit for bit. Reports the median of R timed runs after
// one warm-up, in ms and GFLOP/s (2 N^3 flops).
//
// Run by hand; not part of the test suite (bench/README.md).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"

#include "BenchInput.h"
#include "BenchSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>

#ifdef __clang__
#pragma clang fp contract(off)
#endif

#ifndef KDSL_BENCH_INPUTS
#define KDSL_BENCH_INPUTS "bench/inputs"
#endif

using namespace kdsl_bench;
namespace cl = llvm::cl;

static cl::opt<int64_t> optN("n", cl::desc("matrix size N (a multiple of 64)"), cl::init(1024));
static cl::opt<int> optRuns("runs", cl::desc("timed runs, after one warm-up"), cl::init(5));
static cl::list<unsigned> optThreads("threads-list", cl::desc("thread counts (default 1,2)"),
                                     cl::CommaSeparated);
static cl::opt<std::string> optBackend("backend", cl::desc("jit or cpp"), cl::init("jit"));
static cl::opt<std::string> optInputs("inputs", cl::desc("folder of tile_gemm.py"),
                                      cl::init(KDSL_BENCH_INPUTS));

constexpr int64_t kTile = 64; // TILE_M = TILE_N = TILE_K of tile_gemm.py

/// The hand-written blocked GEMM over the flat tile indices [begin, end) of
/// the (n/64, n/64) tile grid, row-major like the kernel's launch. As
/// wp.tile_matmul(a, b, acc) (kdsl-lower-tiles), each K step's product is
/// summed from 0 over its 64 k in ascending order and then added to the
/// accumulator: the same additions in the same order as the kernel's.
__attribute__((noinline)) static void handGemm(const float *a, const float *b, float *c, int64_t n,
                                               int64_t begin, int64_t end) {
  alignas(64) float acc[kTile][kTile], part[kTile][kTile];
  int64_t tilesPerRow = n / kTile;
  for (int64_t t = begin; t < end; ++t) {
    int64_t i0 = t / tilesPerRow * kTile, j0 = t % tilesPerRow * kTile;
    std::memset(acc, 0, sizeof acc);
    for (int64_t k0 = 0; k0 < n; k0 += kTile) {
      std::memset(part, 0, sizeof part);
      for (int64_t i = 0; i < kTile; ++i)
        for (int64_t k = 0; k < kTile; ++k) {
          float aik = a[(i0 + i) * n + k0 + k];
          const float *brow = b + (k0 + k) * n + j0;
          for (int64_t j = 0; j < kTile; ++j)
            part[i][j] += aik * brow[j];
        }
      for (int64_t i = 0; i < kTile; ++i)
        for (int64_t j = 0; j < kTile; ++j)
          acc[i][j] += part[i][j];
    }
    for (int64_t i = 0; i < kTile; ++i)
      std::memcpy(c + (i0 + i) * n + j0, acc[i], sizeof acc[i]);
  }
}

static kdsl_array matrixView(const Buffer<float> &m, int64_t n) {
  kdsl_array v;
  std::memset(&v, 0, sizeof v);
  v.data = m.data();
  v.shape[0] = v.shape[1] = n;
  v.strides[0] = n * int64_t(sizeof(float));
  v.strides[1] = sizeof(float);
  return v;
}

static double medianMs(int runs, const std::function<void()> &body) {
  body(); // warm-up
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    Clock::time_point t0 = Clock::now();
    body();
    ms.push_back(msBetween(t0, Clock::now()));
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl tiled GEMM benchmark (issue 30)\n");
  int64_t n = optN;
  if (n < kTile || n % kTile || n > 16384 || optRuns < 1 ||
      (optBackend != "jit" && optBackend != "cpp")) {
    llvm::errs() << "kdsl-bench-tile-gemm: --n must be a multiple of 64 in [64, 16384], --runs "
                    ">= 1, --backend jit or cpp\n";
    return 2;
  }
  std::vector<unsigned> threads(optThreads.begin(), optThreads.end());
  if (threads.empty())
    threads = {1, 2};

  // Compile the kernel.
  std::string path = optInputs + "/tile_gemm.py";
  mlir::MLIRContext ctx;
  Clock::time_point c0 = Clock::now();
  std::unique_ptr<kdsl::CpuModule> cpu =
      compileInput(path, ctx, optBackend == "cpp", /*checkBounds=*/false, "kdsl-bench-tile-gemm");
  if (!cpu)
    return 1;
  kdsl_kernel_fn gemm = cpu->lookup("tile_gemm");
  if (!gemm) {
    llvm::errs() << "kdsl-bench-tile-gemm: no kernel tile_gemm in " << path << "\n";
    return 1;
  }
  std::printf("host %s, %u hardware threads; N = %lld, 64x64 tiles, backend %s "
              "(translate + compile + lookup %.1f ms)\n",
              llvm::sys::getHostCPUName().str().c_str(), std::thread::hardware_concurrency(),
              (long long)n, optBackend.c_str(), msBetween(c0, Clock::now()));

  Buffer<float> a(n * n), b(n * n), cKdsl(n * n), cHand(n * n);
  Random rng(7);
  for (int64_t i = 0; i < n * n; ++i) {
    a[i] = rng.next();
    b[i] = rng.next();
  }
  kdsl_array av = matrixView(a, n), bv = matrixView(b, n), cv = matrixView(cKdsl, n);
  void *args[] = {&av, &bv, &cv};
  int64_t tiles = (n / kTile) * (n / kTile);
  const int64_t dims[4] = {n / kTile, n / kTile, 1, 1};
  double gflop = 2.0 * double(n) * double(n) * double(n) * 1e-9;

  bool same = true;
  std::printf("%8s %14s %14s %10s %10s %8s\n", "threads", "kdsl ms", "hand-written ms", "kdsl GF/s",
              "hand GF/s", "ratio");
  for (unsigned t : threads) {
    cKdsl.poison();
    cHand.poison();
    double kdslMs = medianMs(optRuns, [&] {
      parallelRange(t, tiles, [&](int64_t lo, int64_t hi) { gemm(dims, lo, hi, args); });
    });
    double handMs = medianMs(optRuns, [&] {
      parallelRange(t, tiles, [&](int64_t lo, int64_t hi) {
        handGemm(a.data(), b.data(), cHand.data(), n, lo, hi);
      });
    });
    int64_t differ = 0;
    for (int64_t i = 0; i < n * n; ++i)
      differ += std::memcmp(&cKdsl[i], &cHand[i], sizeof(float)) != 0;
    same &= differ == 0;
    std::printf("%8u %14.2f %14.2f %10.2f %10.2f %7.2fx%s\n", t, kdslMs, handMs,
                gflop / kdslMs * 1e3, gflop / handMs * 1e3, kdslMs / handMs,
                differ ? "  (results differ)" : "");
    if (differ)
      std::printf("         %lld of %lld elements differ from the hand-written GEMM's\n",
                  (long long)differ, (long long)(n * n));
  }
  std::printf("results %s\n", same ? "bit-identical to the hand-written GEMM" : "DIFFER");
  return same ? 0 : 1;
}
