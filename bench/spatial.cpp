//===- spatial.cpp - hash grid and mesh BVH: kdsl against hand-written C++ ===//
//
//   build/bin/kdsl-bench-spatial [--n N] [--runs R] [--threads-list 1,2]
//                                [--backend jit|cpp] [--faces F] [--queries Q]
//
// Issue 31's CPU benchmarks (bench/README.md):
//
// a) Hash grid: N particles (default 2^20) uniform in a cube at 8 per cell
//    of width h = 1 in a 128^3 wp.HashGrid. kdsl: the runtime's grid build
//    (lib/Runtime/HashGrid.cpp, as kdsl-run builds a spec's "objects") and
//    bench/inputs/spatial.py's `neighbor_sum` (an SPH density sum over
//    `wp.hash_grid_query`, one thread per particle in the grid's sorted
//    order), compiled by the JIT or the C++ backend and launched through the
//    kernel ABI. Hand-written: a cell list in this file with the same cells
//    (Warp's hashing), the same counting sort and the same neighbour loop in
//    the same order, so the sums are compared bit for bit. Both run on T
//    std::threads (the build's cell computation and the query pass).
// b) Mesh: a height-field surface of about F triangles (default 2^20),
//    wp.Mesh(points, indices) built (its BVH over the faces; Mesh.cpp) and
//    refitted, timed on T threads; then Q closest-point queries
//    (`closest_face`: wp.mesh_query_point_no_sign) checked against a
//    brute-force loop over all faces.
//
// Reports medians of R timed runs after one warm-up; exits 1 when a check
// fails. Run by hand; test/Bench runs it once on a tiny input.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/HashGrid.h"
#include "kdsl/Runtime/Mesh.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "BenchInput.h"
#include "BenchSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cmath>

#ifdef __clang__
#pragma clang fp contract(off)
#endif

#ifndef KDSL_BENCH_INPUTS
#define KDSL_BENCH_INPUTS "bench/inputs"
#endif

using namespace kdsl_bench;
namespace cl = llvm::cl;

static cl::opt<int64_t> optN("n", cl::desc("particles (default 2^20)"), cl::init(1 << 20));
static cl::opt<int64_t> optFaces("faces", cl::desc("mesh triangles, about (default 2^20)"),
                                 cl::init(1 << 20));
static cl::opt<int> optQueries("queries", cl::desc("closest-point queries checked"), cl::init(64));
static cl::opt<int> optRuns("runs", cl::desc("timed runs, after one warm-up"), cl::init(5));
static cl::list<unsigned> optThreads("threads-list", cl::desc("thread counts (default 1,2)"),
                                     cl::CommaSeparated);
static cl::opt<std::string> optBackend("backend", cl::desc("jit or cpp"), cl::init("jit"));
static cl::opt<std::string> optInputs("inputs", cl::desc("folder of spatial.py"),
                                      cl::init(KDSL_BENCH_INPUTS));

constexpr int kDim = 128;  // the grid's cells per axis
constexpr float kH = 1.0f; // cell width and query radius
constexpr int kOffset = 1 << 20;

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

namespace {
struct V3 {
  float x, y, z;
};

/// The hand-written cell list: Warp's cell hashing, a counting sort stable in
/// the point index, and the neighbour sum over the cells of the query box in
/// x-fastest order.
struct CellList {
  float inv = 1.0f / kH;
  std::vector<int32_t> cellOf, ids, starts, ends;

  static int wrap(int c) { return std::max(0, c + kOffset) % kDim; }
  int cellIndex(int x, int y, int z) const {
    return wrap(z) * kDim * kDim + wrap(y) * kDim + wrap(x);
  }

  void build(const V3 *p, int64_t n, unsigned threads) {
    cellOf.resize(size_t(n));
    ids.resize(size_t(n));
    starts.assign(size_t(kDim) * kDim * kDim, 0);
    ends.assign(size_t(kDim) * kDim * kDim, 0);
    parallelRange(threads, n, [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i)
        cellOf[size_t(i)] = cellIndex(int(std::floor(p[i].x * inv)), int(std::floor(p[i].y * inv)),
                                      int(std::floor(p[i].z * inv)));
    });
    for (int32_t c : cellOf)
      ++ends[size_t(c)];
    int32_t offset = 0;
    for (size_t c = 0; c < ends.size(); ++c) {
      int32_t count = ends[c];
      starts[c] = count ? offset : 0;
      ends[c] = count ? offset : 0;
      offset += count;
    }
    for (int64_t i = 0; i < n; ++i)
      ids[size_t(ends[size_t(cellOf[size_t(i)])]++)] = int32_t(i);
  }

  void query(const V3 *p, float *rho, int64_t begin, int64_t end) const {
    for (int64_t t = begin; t < end; ++t) {
      int32_t i = ids[size_t(t)];
      V3 q = p[i];
      int x0 = int(std::floor((q.x - kH) * inv)), x1 = int(std::floor((q.x + kH) * inv));
      int y0 = int(std::floor((q.y - kH) * inv)), y1 = int(std::floor((q.y + kH) * inv));
      int z0 = int(std::floor((q.z - kH) * inv)), z1 = int(std::floor((q.z + kH) * inv));
      x1 = std::min(x1, x0 + kDim - 1);
      y1 = std::min(y1, y0 + kDim - 1);
      z1 = std::min(z1, z0 + kDim - 1);
      float s = 0.0f;
      for (int z = z0; z <= z1; ++z)
        for (int y = y0; y <= y1; ++y)
          for (int x = x0; x <= x1; ++x) {
            int c = cellIndex(x, y, z);
            for (int32_t k = starts[size_t(c)], e = ends[size_t(c)]; k < e; ++k) {
              V3 o = p[ids[size_t(k)]];
              float dx = q.x - o.x, dy = q.y - o.y, dz = q.z - o.z;
              float r2 = dx * dx + dy * dy + dz * dz;
              if (r2 < kH * kH) {
                float w = kH * kH - r2;
                s += w * w * w;
              }
            }
          }
      rho[i] = s;
    }
  }
};

/// Squared distance from p to triangle (a, b, c) (the closest point by
/// Voronoi regions, Ericson, Real-Time Collision Detection 5.1.5), in double.
double pointTriangleDist2(const double p[3], const double a[3], const double b[3],
                          const double c[3]) {
  auto sub = [](const double *u, const double *v, double *o) {
    for (int k = 0; k < 3; ++k)
      o[k] = u[k] - v[k];
  };
  auto dot = [](const double *u, const double *v) {
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  };
  double ab[3], ac[3], ap[3], bp[3], cp[3], q[3];
  sub(b, a, ab);
  sub(c, a, ac);
  sub(p, a, ap);
  auto at = [&](double s, double t) {
    for (int k = 0; k < 3; ++k)
      q[k] = a[k] + s * ab[k] + t * ac[k];
    double d[3];
    sub(p, q, d);
    return dot(d, d);
  };
  double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0)
    return at(0, 0);
  sub(p, b, bp);
  double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3)
    return at(1, 0);
  double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0)
    return at(d1 / (d1 - d3), 0);
  sub(p, c, cp);
  double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6)
    return at(0, 1);
  double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0)
    return at(0, d2 / (d2 - d6));
  double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
    double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return at(1 - w, w);
  }
  double denom = 1 / (va + vb + vc);
  return at(vb * denom, vc * denom);
}

std::unique_ptr<kdsl::HostArray> allocate(llvm::StringRef dtype, int64_t n) {
  kdsl::ElemType t = llvm::cantFail(kdsl::parseDtype(dtype));
  return llvm::cantFail(kdsl::HostArray::allocate(t, {n}, ~uint64_t(0)));
}
} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "kdsl hash grid and mesh benchmark (issue 31)\n");
  int64_t n = optN;
  if (n < 1 || n > (int64_t(1) << 28) || optFaces < 2 || optQueries < 0 || optRuns < 1 ||
      (optBackend != "jit" && optBackend != "cpp")) {
    llvm::errs() << "kdsl-bench-spatial: --n in [1, 2^28], --faces >= 2, --queries >= 0, --runs "
                    ">= 1, --backend jit or cpp\n";
    return 2;
  }
  std::vector<unsigned> threads(optThreads.begin(), optThreads.end());
  if (threads.empty())
    threads = {1, 2};

  std::string path = optInputs + "/spatial.py";
  mlir::MLIRContext ctx;
  std::unique_ptr<kdsl::CpuModule> cpu =
      compileInput(path, ctx, optBackend == "cpp", /*checkBounds=*/false, "kdsl-bench-spatial");
  if (!cpu)
    return 1;
  kdsl_kernel_fn neighborSum = cpu->lookup("neighbor_sum");
  kdsl_kernel_fn closestFace = cpu->lookup("closest_face");
  if (!neighborSum || !closestFace) {
    llvm::errs() << "kdsl-bench-spatial: kernels missing in " << path << "\n";
    return 1;
  }
  std::printf("host %s, %u hardware threads, backend %s\n",
              llvm::sys::getHostCPUName().str().c_str(), std::thread::hardware_concurrency(),
              optBackend.c_str());
  bool ok = true;

  // --- a) hash grid -------------------------------------------------------
  {
    auto points = allocate("vec3f", n);
    V3 *p = reinterpret_cast<V3 *>(points->data());
    float side = std::cbrt(float(n) / 8.0f) * kH; // 8 particles per cell
    Random rng(11);
    for (int64_t i = 0; i < n; ++i)
      p[i] = {(rng.next() + 1) * 0.5f * side, (rng.next() + 1) * 0.5f * side,
              (rng.next() + 1) * 0.5f * side};
    const int64_t dims[3] = {kDim, kDim, kDim};
    auto grid = llvm::cantFail(kdsl::HostHashGrid::create(dims, kH, points.get()));
    Buffer<float> rhoKdsl(n), rhoHand(n);
    kdsl_array xv = points->view(), rv = rhoKdsl.view();
    uint64_t gridId = grid->id();
    float h = kH;
    void *args[] = {&gridId, &xv, &h, &rv};
    const int64_t launchDims[4] = {n, 1, 1, 1};
    CellList hand;

    std::printf("\nhash grid: %lld particles in a cube of side %.1f, 128^3 cells of width 1, "
                "query radius 1 (27 cells)\n",
                (long long)n, side);
    std::printf("%8s %11s %11s %11s %11s %11s %11s %8s\n", "threads", "kdsl build", "hand build",
                "kdsl query", "hand query", "kdsl total", "hand total", "ratio");
    for (unsigned t : threads) {
      rhoKdsl.poison();
      rhoHand.poison();
      double kb = medianMs(optRuns, [&] { grid->build(t); });
      double hb = medianMs(optRuns, [&] { hand.build(p, n, t); });
      double kq = medianMs(optRuns, [&] {
        parallelRange(t, n, [&](int64_t lo, int64_t hi) { neighborSum(launchDims, lo, hi, args); });
      });
      double hq = medianMs(optRuns, [&] {
        parallelRange(t, n, [&](int64_t lo, int64_t hi) { hand.query(p, rhoHand.data(), lo, hi); });
      });
      int64_t differ = 0;
      for (int64_t i = 0; i < n; ++i)
        differ += std::memcmp(&rhoKdsl[i], &rhoHand[i], sizeof(float)) != 0;
      ok &= differ == 0;
      std::printf("%8u %11.2f %11.2f %11.2f %11.2f %11.2f %11.2f %7.2fx%s\n", t, kb, hb, kq, hq,
                  kb + kq, hb + hq, (kb + kq) / (hb + hq), differ ? "  (sums differ)" : "");
    }
    // An independent check of a few sums: every particle, O(n) each.
    int64_t samples = std::min<int64_t>(n, 16), bad = 0;
    for (int64_t k = 0; k < samples; ++k) {
      int64_t i = k * (n / samples);
      double s = 0;
      for (int64_t j = 0; j < n; ++j) {
        double dx = p[i].x - p[j].x, dy = p[i].y - p[j].y, dz = p[i].z - p[j].z;
        double r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < 1.0)
          s += (1.0 - r2) * (1.0 - r2) * (1.0 - r2);
      }
      bad += std::fabs(s - rhoKdsl[i]) > 1e-4 * std::max(1.0, s);
    }
    ok &= bad == 0;
    std::printf("check: sums %s the hand-written cell list's; %lld of %lld sampled sums "
                "differ from a brute-force O(n) sum\n",
                ok ? "bit-identical to" : "DIFFER from", (long long)bad, (long long)samples);
  }

  // --- b) mesh ------------------------------------------------------------
  {
    int64_t side = std::max<int64_t>(1, int64_t(std::sqrt(double(optFaces) / 2)));
    int64_t nv = (side + 1) * (side + 1), nf = 2 * side * side;
    auto points = allocate("vec3f", nv);
    auto indices = allocate("int32", 3 * nf);
    float *pt = reinterpret_cast<float *>(points->data());
    int32_t *ix = reinterpret_cast<int32_t *>(indices->data());
    for (int64_t i = 0; i <= side; ++i)
      for (int64_t j = 0; j <= side; ++j) {
        float u = float(i) / float(side), v = float(j) / float(side);
        float *q = pt + 3 * (i * (side + 1) + j);
        q[0] = u;
        q[1] = 0.05f * std::sin(12.0f * u) * std::cos(9.0f * v);
        q[2] = v;
      }
    for (int64_t i = 0, f = 0; i < side; ++i)
      for (int64_t j = 0; j < side; ++j, f += 2) {
        int32_t a = int32_t(i * (side + 1) + j), b = a + 1, c = a + int32_t(side + 1), d = c + 1;
        int32_t *o = ix + 3 * f;
        o[0] = a, o[1] = c, o[2] = b, o[3] = b, o[4] = c, o[5] = d;
      }
    auto mesh = llvm::cantFail(kdsl::HostMesh::create(points.get(), indices.get()));
    std::printf("\nmesh: a height field of %lld triangles, %lld points\n", (long long)nf,
                (long long)nv);
    std::printf("%8s %14s %14s\n", "threads", "BVH build ms", "refit ms");
    for (unsigned t : threads) {
      double b = medianMs(optRuns, [&] { mesh->build(t); });
      double r = medianMs(optRuns, [&] { mesh->update(t); });
      std::printf("%8u %14.2f %14.2f\n", t, b, r);
    }
    // Closest points of Q query points above and below the surface, against
    // a brute-force loop over every face.
    int64_t nq = optQueries;
    auto queries = allocate("vec3f", std::max<int64_t>(nq, 1));
    Buffer<int32_t> face(std::max<int64_t>(nq, 1));
    Buffer<float> dist(std::max<int64_t>(nq, 1));
    Random rng(5);
    float *qp = reinterpret_cast<float *>(queries->data());
    for (int64_t k = 0; k < nq; ++k) {
      qp[3 * k] = (rng.next() + 1) * 0.5f;
      qp[3 * k + 1] = 0.2f * rng.next();
      qp[3 * k + 2] = (rng.next() + 1) * 0.5f;
    }
    kdsl_array qv = queries->view(), fv = face.view(), dv = dist.view();
    uint64_t meshId = mesh->id();
    float maxDist = 10.0f;
    void *args[] = {&meshId, &qv, &maxDist, &fv, &dv};
    const int64_t launchDims[4] = {nq, 1, 1, 1};
    Clock::time_point q0 = Clock::now();
    closestFace(launchDims, 0, nq, args);
    double queryMs = msBetween(q0, Clock::now());
    int64_t bad = 0;
    for (int64_t k = 0; k < nq; ++k) {
      double p[3] = {qp[3 * k], qp[3 * k + 1], qp[3 * k + 2]}, best = INFINITY;
      for (int64_t f = 0; f < nf; ++f) {
        double v[3][3];
        for (int c = 0; c < 3; ++c)
          for (int a = 0; a < 3; ++a)
            v[c][a] = pt[3 * ix[3 * f + c] + a];
        best = std::min(best, pointTriangleDist2(p, v[0], v[1], v[2]));
      }
      bad += !(face[k] >= 0 && std::fabs(double(dist[k]) - std::sqrt(best)) <= 1e-5);
    }
    ok &= bad == 0;
    std::printf("check: %lld closest-point queries (%.2f ms, one thread), %lld differ from a "
                "brute-force loop over every face\n",
                (long long)nq, queryMs, (long long)bad);
  }
  std::printf("%s\n", ok ? "all checks pass" : "CHECKS FAIL");
  return ok ? 0 : 1;
}
