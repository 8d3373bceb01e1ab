//===- cpu_kernels.cpp - CPU backend benchmark: JIT latency and kernel speed --===//
//
//   build/bin/kdsl-bench-cpu [--n LOG2N] [--runs R] [--threads-list 1,2]
//                            [--latency-runs K] [--terms M] [--backend jit|cpp]
//                            [--inputs DIR] [--latency-file F.py]
//                            [--latency-kernel NAME] [--skip-latency]
//                            [--skip-kernels]
//
// a) Latency from a source file to a callable CPU function: read the file,
//    kdsl::translateSource (one kernel, FrontendOptions::kernel),
//    kdsl::compileWithJit, CpuModule::lookup; every run in a fresh
//    MLIRContext. The first run (one-time LLVM target initialization) is
//    reported apart from the others.
//
// b) Run time of four kernels of bench/inputs/cpu_kernels.py at N = 2^LOG2N
//    elements, launched through the kernel ABI (KernelABI.h) with [0, N)
//    split into T contiguous chunks on T std::threads, against hand-written
//    C++ loops over the same data, split the same way. The hand-written
//    loops do the same floating-point operations in the same order as the
//    kdsl kernels (kdsl-expand-builtins' formulas), and this file is compiled
//    with -ffp-contract=off, so the results are compared bit for bit (the
//    normalize check also accepts a 1e-6 relative difference). Every check
//    prints a line; a failed check makes the exit code 1.
//
// Run by hand; not part of the test suite (bench/README.md).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/KernelABI.h"

#include "BenchInput.h"
#include "BenchSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#ifdef __clang__
#pragma clang fp contract(off)
#endif

#ifndef KDSL_BENCH_INPUTS
#define KDSL_BENCH_INPUTS "bench/inputs"
#endif

namespace {
using namespace kdsl_bench;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options {
  int log2n = 24;
  int runs = 10;
  std::vector<unsigned> threads = {1, 2};
  int latencyRuns = 30;
  int terms = 16;
  bool cppBackend = false;
  bool checkBounds = false; // kdsl-run's default: on
  std::string inputs = KDSL_BENCH_INPUTS;
  std::string latencyFile; // default: <inputs>/kernels20.py
  std::string latencyKernel = "integrate_0";
  bool skipLatency = false;
  bool skipKernels = false;
};

void usage(FILE *f) {
  std::fprintf(f, "usage: kdsl-bench-cpu [options]\n"
                  "  --n LOG2N             elements per kernel launch: 2^LOG2N (default 24)\n"
                  "  --runs R              timed runs per kernel, after one warm-up (default 10)\n"
                  "  --threads-list T,...  thread counts to measure (default 1,2)\n"
                  "  --latency-runs K      source-to-function runs after the first (default 30)\n"
                  "  --terms M             trip count of poly_loop's inner loop (default 16)\n"
                  "  --backend jit|cpp     how the benchmark kernels are compiled (default jit;\n"
                  "                        the latency part always uses the JIT)\n"
                  "  --inputs DIR          folder of cpu_kernels.py and kernels20.py\n"
                  "                        (default " KDSL_BENCH_INPUTS ")\n"
                  "  --latency-file F.py   file of the latency kernel (default DIR/kernels20.py)\n"
                  "  --latency-kernel NAME the latency kernel (default integrate_0)\n"
                  "  --check-bounds        kernels with bounds checks (kdsl-run's default)\n"
                  "  --skip-latency, --skip-kernels  leave out part a) or b)\n");
}

bool parseInt(const std::string &s, long lo, long hi, long &out) {
  if (s.empty())
    return false;
  char *end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  if (*end != '\0' || v < lo || v > hi)
    return false;
  out = v;
  return true;
}

/// Returns false (after printing why) on a bad command line.
bool parseOptions(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    bool hasValue = false;
    if (size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      hasValue = true;
    }
    auto next = [&]() -> bool {
      if (hasValue)
        return true;
      if (i + 1 >= argc) {
        std::fprintf(stderr, "kdsl-bench-cpu: %s needs a value\n", arg.c_str());
        return false;
      }
      value = argv[++i];
      return true;
    };
    auto bad = [&]() {
      std::fprintf(stderr, "kdsl-bench-cpu: bad value '%s' for %s\n", value.c_str(), arg.c_str());
      return false;
    };
    long v;
    if (arg == "-h" || arg == "--help") {
      usage(stdout);
      std::exit(0);
    } else if (arg == "--n") {
      if (!next())
        return false;
      // Thread indices are int32: at most 2^30 elements.
      if (!parseInt(value, 1, 30, v))
        return bad();
      o.log2n = int(v);
    } else if (arg == "--runs") {
      if (!next())
        return false;
      if (!parseInt(value, 1, 100000, v))
        return bad();
      o.runs = int(v);
    } else if (arg == "--latency-runs") {
      if (!next())
        return false;
      if (!parseInt(value, 1, 100000, v))
        return bad();
      o.latencyRuns = int(v);
    } else if (arg == "--terms") {
      if (!next())
        return false;
      if (!parseInt(value, 0, 1 << 20, v))
        return bad();
      o.terms = int(v);
    } else if (arg == "--threads-list") {
      if (!next())
        return false;
      o.threads.clear();
      size_t start = 0;
      while (start <= value.size()) {
        size_t comma = value.find(',', start);
        std::string item =
            value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!parseInt(item, 1, 1024, v))
          return bad();
        o.threads.push_back(unsigned(v));
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    } else if (arg == "--backend") {
      if (!next())
        return false;
      if (value == "jit")
        o.cppBackend = false;
      else if (value == "cpp")
        o.cppBackend = true;
      else
        return bad();
    } else if (arg == "--inputs") {
      if (!next())
        return false;
      o.inputs = value;
    } else if (arg == "--latency-file") {
      if (!next())
        return false;
      o.latencyFile = value;
    } else if (arg == "--latency-kernel") {
      if (!next())
        return false;
      o.latencyKernel = value;
    } else if (arg == "--check-bounds" && !hasValue) {
      o.checkBounds = true;
    } else if (arg == "--skip-latency" && !hasValue) {
      o.skipLatency = true;
    } else if (arg == "--skip-kernels" && !hasValue) {
      o.skipKernels = true;
    } else {
      std::fprintf(stderr, "kdsl-bench-cpu: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return false;
    }
  }
  if (o.latencyFile.empty())
    o.latencyFile = o.inputs + "/kernels20.py";
  return true;
}

//===----------------------------------------------------------------------===//
// Statistics
//===----------------------------------------------------------------------===//

struct Stats {
  double min = 0, median = 0, p90 = 0;
};

Stats statsOf(std::vector<double> v) {
  Stats s;
  if (v.empty())
    return s;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  s.min = v.front();
  s.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  // Nearest rank: the smallest value with at least 90% of the runs at or below it.
  size_t rank = (n * 9 + 9) / 10; // ceil(0.9 n)
  s.p90 = v[std::max<size_t>(rank, 1) - 1];
  return s;
}

//===----------------------------------------------------------------------===//
// a) Source file to callable function
//===----------------------------------------------------------------------===//

struct LatencySample {
  double setup = 0;        // read the file, create the MLIRContext
  double frontend = 0;     // kdsl::translateSource
  double compile = 0;      // kdsl::compileWithJit
  double lookup = 0;       // CpuModule::lookup
  double total = 0;        // the four above
  kdsl::JitPhaseTimes jit; // compile's parts
  double teardown = 0;     // destroying the JIT, the module and the context (not in total)
};

/// Source lines of the kernel `name` in `text`: its decorator lines, its
/// `def` line and the indented lines after it.
unsigned kernelLines(llvm::StringRef text, llvm::StringRef name) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  std::string def = ("def " + name + "(").str();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].ltrim().starts_with(def))
      continue;
    size_t indent = lines[i].size() - lines[i].ltrim().size();
    unsigned n = 1;
    for (size_t j = i; j > 0 && lines[j - 1].ltrim().starts_with("@"); --j)
      ++n;
    for (size_t j = i + 1; j < lines.size(); ++j) {
      llvm::StringRef l = lines[j];
      if (l.trim().empty())
        break;
      if (l.size() - l.ltrim().size() <= indent)
        break;
      ++n;
    }
    return n;
  }
  return 0;
}

bool measureOnce(const Options &o, LatencySample &s, const std::string &cacheDir = "") {
  Clock::time_point t0 = Clock::now();
  bool ok = true;
  {
    auto buffer = llvm::MemoryBuffer::getFile(o.latencyFile);
    if (!buffer) {
      std::fprintf(stderr, "kdsl-bench-cpu: cannot read %s: %s\n", o.latencyFile.c_str(),
                   buffer.getError().message().c_str());
      return false;
    }
    llvm::SourceMgr sm;
    sm.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    mlir::DialectRegistry registry;
    kdsl::registerKdslDialects(registry);
    // As kdsl-run creates it (multithreading enabled).
    auto ctx = std::make_unique<mlir::MLIRContext>(registry);
    ctx->loadAllAvailableDialects();
    Clock::time_point t1 = Clock::now();

    kdsl::FrontendOptions frontendOptions;
    frontendOptions.kernel = o.latencyKernel;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        kdsl::translateSource(sm, *ctx, frontendOptions, llvm::errs());
    Clock::time_point t2 = Clock::now();
    if (!module) {
      std::fprintf(stderr, "kdsl-bench-cpu: translating %s failed\n", o.latencyFile.c_str());
      return false;
    }

    kdsl::CpuCompileOptions compileOptions;
    compileOptions.phaseTimes = &s.jit;
    compileOptions.objectCacheDir = cacheDir;
    llvm::Expected<std::unique_ptr<kdsl::CpuModule>> cpu =
        kdsl::compileWithJit(*module, compileOptions);
    Clock::time_point t3 = Clock::now();
    if (!cpu) {
      std::fprintf(stderr, "kdsl-bench-cpu: JIT compilation failed: %s\n",
                   llvm::toString(cpu.takeError()).c_str());
      return false;
    }
    kdsl_kernel_fn fn = (*cpu)->lookup(o.latencyKernel);
    Clock::time_point t4 = Clock::now();
    if (!fn) {
      std::fprintf(stderr, "kdsl-bench-cpu: no function for kernel '%s'\n",
                   o.latencyKernel.c_str());
      ok = false;
    }
    s.setup = msBetween(t0, t1);
    s.frontend = msBetween(t1, t2);
    s.compile = msBetween(t2, t3);
    s.lookup = msBetween(t3, t4);
    s.total = msBetween(t0, t4);
    Clock::time_point t5 = Clock::now();
    cpu->reset(); // the JIT first, then the module and the context
    module = nullptr;
    ctx.reset();
    s.teardown = msBetween(t5, Clock::now());
  }
  return ok;
}

/// Prints the phases of `samples` (runs 2..) next to `first`.
void printLatencyTable(const LatencySample &first, const std::vector<LatencySample> &samples) {
  auto column = [&](auto field) {
    std::vector<double> v;
    for (const LatencySample &s : samples)
      v.push_back(field(s));
    return statsOf(v);
  };
  std::printf("\n%-10s %10s   %10s %10s %10s   (ms; runs 2..%zu)\n", "phase", "first run", "min",
              "median", "p90", samples.size() + 1);
  using Field = std::function<double(const LatencySample &)>;
  auto of = [](double LatencySample::*f) -> Field {
    return [f](const LatencySample &s) { return s.*f; };
  };
  auto ofJit = [](double kdsl::JitPhaseTimes::*f) -> Field {
    return [f](const LatencySample &s) { return s.jit.*f; };
  };
  struct Row {
    const char *name;
    Field field;
  } rows[] = {{"setup", of(&LatencySample::setup)},
              {"frontend", of(&LatencySample::frontend)},
              {"compile", of(&LatencySample::compile)},
              {" lowering", ofJit(&kdsl::JitPhaseTimes::lowering)},
              {" target", ofJit(&kdsl::JitPhaseTimes::target)},
              {" translate", ofJit(&kdsl::JitPhaseTimes::translate)},
              {" optimize", ofJit(&kdsl::JitPhaseTimes::optimize)},
              {" jit setup", ofJit(&kdsl::JitPhaseTimes::jitSetup)},
              {"lookup", of(&LatencySample::lookup)},
              {"total", of(&LatencySample::total)},
              {"teardown", of(&LatencySample::teardown)}};
  for (const Row &r : rows) {
    Stats s = column(r.field);
    std::printf("%-10s %10.3f   %10.3f %10.3f %10.3f\n", r.name, r.field(first), s.min, s.median,
                s.p90);
  }
}

bool runLatency(const Options &o) {
  unsigned lines = 0;
  if (auto buffer = llvm::MemoryBuffer::getFile(o.latencyFile))
    lines = kernelLines((*buffer)->getBuffer(), o.latencyKernel);
  std::printf("== a) source file to callable CPU function (JIT) ==\n");
  std::printf("file %s, kernel %s (%u source lines), fresh MLIRContext per run\n",
              o.latencyFile.c_str(), o.latencyKernel.c_str(), lines);
  std::printf("phases: setup = read file + create MLIRContext; frontend = translateSource;\n"
              "        compile = compileWithJit (kdsl-lower-to-cpu, LLVM -O3, LLJIT);\n"
              "        lookup = CpuModule::lookup; total = the four; teardown is not in total\n"
              "compile's parts: lowering = kdsl-lower-to-cpu; target = host TargetMachine;\n"
              "        translate = to LLVM IR; optimize = LLVM -O3; jit setup = LLJIT + module;\n"
              "        LLVM code generation happens in lookup\n");
  auto measure = [&](const std::string &cacheDir, LatencySample &first,
                     std::vector<LatencySample> &samples) {
    if (!measureOnce(o, first, cacheDir))
      return false;
    samples.resize(o.latencyRuns);
    for (LatencySample &s : samples)
      if (!measureOnce(o, s, cacheDir))
        return false;
    return true;
  };
  LatencySample first;
  std::vector<LatencySample> samples;
  if (!measure("", first, samples))
    return false;
  std::printf("\nwithout the object cache (every run compiles):");
  printLatencyTable(first, samples);
  std::printf("(the first run includes the one-time LLVM native target initialization)\n");

  // With kdsl-run's object cache, in a fresh directory: the first run
  // compiles and stores the object, the others load it (no LLVM -O3, no
  // code generation), as a second kdsl-run of the same kernels does.
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kdsl-bench-cache", dir)) {
    std::fprintf(stderr, "kdsl-bench-cpu: cannot create a cache directory: %s\n",
                 ec.message().c_str());
    return false;
  }
  LatencySample firstCached;
  std::vector<LatencySample> cached;
  bool ok = measure(std::string(dir), firstCached, cached);
  llvm::sys::fs::remove_directories(dir);
  if (!ok)
    return false;
  unsigned hits = 0;
  for (const LatencySample &s : cached)
    hits += s.jit.cacheHit;
  std::printf("\nwith the object cache (first run: a miss that stores the object; "
              "%u of the %zu others hits):",
              hits, cached.size());
  printLatencyTable(firstCached, cached);
  std::printf("\n");
  return true;
}

//===----------------------------------------------------------------------===//
// b) Kernels: data, hand-written loops, launching
//===----------------------------------------------------------------------===//

struct Vec3 {
  float x, y, z;
};
struct Mat33 {
  float m[3][3]; // row-major, as Warp's mat33
};
static_assert(sizeof(Vec3) == 12, "vec3 is float[3]");
static_assert(sizeof(Mat33) == 36, "mat33 is float[3][3]");
static_assert(sizeof(kdsl_array) == 72, "kdsl_array layout");

// The hand-written kernels: plain loops, the operations of the kdsl kernels
// (after kdsl-expand-builtins) in the same order.

__attribute__((noinline)) void handSaxpy(float a, const float *x, const float *y, float *out,
                                         int64_t begin, int64_t end) {
  for (int64_t i = begin; i < end; ++i)
    out[i] = a * x[i] + y[i];
}

__attribute__((noinline)) void handNormalize(const Vec3 *v, Vec3 *out, int64_t begin, int64_t end) {
  for (int64_t i = begin; i < end; ++i) {
    Vec3 a = v[i];
    float l = std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
    out[i] = l > 0.0f ? Vec3{a.x / l, a.y / l, a.z / l} : Vec3{0.0f, 0.0f, 0.0f};
  }
}

__attribute__((noinline)) void handMatvec(const Mat33 *m, const Vec3 *v, Vec3 *out, int64_t begin,
                                          int64_t end) {
  for (int64_t i = begin; i < end; ++i) {
    const Mat33 &a = m[i];
    Vec3 b = v[i];
    out[i] = Vec3{a.m[0][0] * b.x + a.m[0][1] * b.y + a.m[0][2] * b.z,
                  a.m[1][0] * b.x + a.m[1][1] * b.y + a.m[1][2] * b.z,
                  a.m[2][0] * b.x + a.m[2][1] * b.y + a.m[2][2] * b.z};
  }
}

__attribute__((noinline)) void handPoly(const float *x, int terms, float *out, int64_t begin,
                                        int64_t end) {
  for (int64_t i = begin; i < end; ++i) {
    float xi = x[i], s = 0.0f, p = 1.0f;
    for (int k = 0; k < terms; ++k) {
      s = s + p * float(k + 1);
      p = p * xi;
    }
    out[i] = s;
  }
}

// Independent scalar references for spot checks (one element at a time, so
// a bug in the launch split or in a loop above cannot hide in both sides).
float refSaxpy(float a, float x, float y) { return a * x + y; }
Vec3 refNormalize(Vec3 a) {
  float d = a.x * a.x;
  d = d + a.y * a.y;
  d = d + a.z * a.z;
  float l = std::sqrt(d);
  if (!(l > 0.0f))
    return {0.0f, 0.0f, 0.0f};
  return {a.x / l, a.y / l, a.z / l};
}
Vec3 refMatvec(const Mat33 &a, Vec3 b) {
  float r[3];
  for (int i = 0; i < 3; ++i) {
    float s = a.m[i][0] * b.x;
    s = s + a.m[i][1] * b.y;
    s = s + a.m[i][2] * b.z;
    r[i] = s;
  }
  return {r[0], r[1], r[2]};
}
float refPoly(float xi, int terms) {
  float s = 0.0f, p = 1.0f;
  for (int k = 0; k < terms; ++k) {
    float term = p * float(k + 1);
    s = s + term;
    p = p * xi;
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

struct CheckState {
  bool allPassed = true;
};

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// Compares two float arrays of `count` values: bit-identical, or (with
/// relTol > 0) within |a - b| <= relTol * max(1, |b|) (NaN only equals NaN).
void compareFloats(CheckState &cs, const char *what, unsigned threads, const float *kdslOut,
                   const float *handOut, int64_t count, double relTol) {
  int64_t differ = 0, outside = 0, firstBad = -1;
  double maxRel = 0;
  for (int64_t i = 0; i < count; ++i) {
    float a = kdslOut[i], b = handOut[i];
    if (sameBits(a, b))
      continue;
    ++differ;
    bool ok;
    if (std::isnan(a) || std::isnan(b)) {
      ok = std::isnan(a) && std::isnan(b);
      if (!ok)
        maxRel = INFINITY;
    } else {
      double rel = std::fabs(double(a) - double(b)) / std::max(1.0, std::fabs(double(b)));
      maxRel = std::max(maxRel, rel);
      ok = relTol > 0 && rel <= relTol;
    }
    if (!ok) {
      ++outside;
      if (firstBad < 0)
        firstBad = i;
    }
  }
  bool pass = outside == 0;
  cs.allPassed &= pass;
  if (differ == 0)
    std::printf("check %-10s T=%-2u kdsl vs hand-written: %lld floats bit-identical: PASS\n", what,
                threads, (long long)count);
  else if (pass)
    std::printf("check %-10s T=%-2u kdsl vs hand-written: %lld of %lld floats differ, max rel diff "
                "%.3g <= %.3g: PASS\n",
                what, threads, (long long)differ, (long long)count, maxRel, relTol);
  else
    std::printf("check %-10s T=%-2u kdsl vs hand-written: %lld of %lld floats differ (%lld beyond "
                "tolerance %.3g; first at float %lld: kdsl %.9g, hand %.9g): FAIL\n",
                what, threads, (long long)differ, (long long)count, (long long)outside, relTol,
                (long long)firstBad, double(kdslOut[firstBad]), double(handOut[firstBad]));
}

/// Spot-checks `kdslOut` against a scalar reference at every `stride`-th
/// element and the last one.
template <typename T, typename Ref>
void spotCheck(CheckState &cs, const char *what, unsigned threads, const T *kdslOut, int64_t n,
               Ref ref) {
  int64_t stride = std::max<int64_t>(1, n / 4096), checked = 0, bad = -1;
  auto one = [&](int64_t i) {
    T expect = ref(i);
    ++checked;
    if (std::memcmp(&expect, &kdslOut[i], sizeof(T)) != 0 && bad < 0)
      bad = i;
  };
  for (int64_t i = 0; i < n; i += stride)
    one(i);
  one(n - 1);
  bool pass = bad < 0;
  cs.allPassed &= pass;
  if (pass)
    std::printf("check %-10s T=%-2u kdsl vs scalar reference at %lld indices: bit-identical: "
                "PASS\n",
                what, threads, (long long)checked);
  else
    std::printf("check %-10s T=%-2u kdsl vs scalar reference: element %lld differs: FAIL\n", what,
                threads, (long long)bad);
}

//===----------------------------------------------------------------------===//
// Timing and the table
//===----------------------------------------------------------------------===//

struct Result {
  std::string kernel;
  unsigned threads;
  double kdslMs, handMs;
  double bytes; // moved per launch; 0: not a streaming kernel
};

/// One warm-up each, then `runs` alternating timed runs; returns the medians.
std::pair<double, double> timePair(int runs, const std::function<void()> &kdslRun,
                                   const std::function<void()> &handRun) {
  kdslRun();
  handRun();
  std::vector<double> k, h;
  for (int r = 0; r < runs; ++r) {
    Clock::time_point t0 = Clock::now();
    kdslRun();
    Clock::time_point t1 = Clock::now();
    handRun();
    Clock::time_point t2 = Clock::now();
    k.push_back(msBetween(t0, t1));
    h.push_back(msBetween(t1, t2));
  }
  return {statsOf(k).median, statsOf(h).median};
}

std::string isaOfThisFile() {
  std::string s;
#if defined(__AVX512F__)
  s += "AVX-512F ";
#endif
#if defined(__AVX2__)
  s += "AVX2 ";
#elif defined(__AVX__)
  s += "AVX ";
#endif
#if defined(__FMA__)
  s += "FMA ";
#endif
#if defined(__SSE4_2__)
  s += "SSE4.2 ";
#endif
  if (s.empty())
    s = "baseline x86-64 (SSE2) ";
  s.pop_back();
  return s;
}

bool runKernels(const Options &o) {
  const int64_t n = int64_t(1) << o.log2n;
  std::printf("== b) kernels at N = 2^%d = %lld, %s backend%s vs hand-written C++ ==\n", o.log2n,
              (long long)n, o.cppBackend ? "cpp" : "jit",
              o.checkBounds ? " with bounds checks" : "");
  std::printf("host CPU (JIT target): %s, hardware threads: %u; hand-written code: %s\n",
              llvm::sys::getHostCPUName().str().c_str(), std::thread::hardware_concurrency(),
              isaOfThisFile().c_str());
  std::printf("times: median of %d runs after one warm-up; [0, N) split into T contiguous "
              "chunks on T threads\n",
              o.runs);

  // Compile the benchmark kernels once.
  std::string path = o.inputs + "/cpu_kernels.py";
  mlir::MLIRContext ctx;
  Clock::time_point c0 = Clock::now();
  std::unique_ptr<kdsl::CpuModule> cpu =
      compileInput(path, ctx, o.cppBackend, o.checkBounds, "kdsl-bench-cpu");
  if (!cpu)
    return false;
  kdsl_kernel_fn fnSaxpy = cpu->lookup("saxpy"), fnNormalize = cpu->lookup("normalize3"),
                 fnMatvec = cpu->lookup("matvec3"), fnPoly = cpu->lookup("poly_loop");
  std::printf("compiled %s (4 kernels, translate + compile + lookup): %.1f ms\n\n", path.c_str(),
              msBetween(c0, Clock::now()));
  if (!fnSaxpy || !fnNormalize || !fnMatvec || !fnPoly) {
    std::fprintf(stderr, "kdsl-bench-cpu: a kernel of %s is missing\n", path.c_str());
    return false;
  }

  const int64_t dims[4] = {n, 1, 1, 1};
  auto launch = [&](kdsl_kernel_fn fn, void **args, unsigned threads) {
    parallelRange(threads, n, [&](int64_t b, int64_t e) { fn(dims, b, e, args); });
  };
  CheckState checks;
  std::vector<Result> results;
  // Kernels one after the other, so that only one kernel's arrays are live.

  { // saxpy: 2 floats read, 1 written.
    Buffer<float> x(n), y(n), outK(n), outH(n);
    Random rng(1);
    for (int64_t i = 0; i < n; ++i) {
      x[i] = rng.next();
      y[i] = rng.next();
    }
    float a = 1.7f;
    kdsl_array xa = x.view(), ya = y.view(), oa = outK.view();
    void *args[] = {&a, &xa, &ya, &oa};
    for (unsigned t : o.threads) {
      outK.poison();
      outH.poison();
      auto [km, hm] = timePair(
          o.runs, [&] { launch(fnSaxpy, args, t); },
          [&] {
            parallelRange(t, n, [&](int64_t b, int64_t e) {
              handSaxpy(a, x.data(), y.data(), outH.data(), b, e);
            });
          });
      results.push_back({"saxpy", t, km, hm, 12.0 * double(n)});
      compareFloats(checks, "saxpy", t, outK.data(), outH.data(), n, 0);
      spotCheck(checks, "saxpy", t, outK.data(), n,
                [&](int64_t i) { return refSaxpy(a, x[i], y[i]); });
    }
  }

  { // normalize: 1 vec3 read, 1 written.
    Buffer<Vec3> v(n), outK(n), outH(n);
    Random rng(2);
    for (int64_t i = 0; i < n; ++i) {
      v[i] = {rng.next(), rng.next(), rng.next()};
      if (i % 1024 == 0)
        v[i] = {0.0f, 0.0f, 0.0f}; // the zero-length branch
    }
    kdsl_array va = v.view(), oa = outK.view();
    void *args[] = {&va, &oa};
    for (unsigned t : o.threads) {
      outK.poison();
      outH.poison();
      auto [km, hm] = timePair(
          o.runs, [&] { launch(fnNormalize, args, t); },
          [&] {
            parallelRange(
                t, n, [&](int64_t b, int64_t e) { handNormalize(v.data(), outH.data(), b, e); });
          });
      results.push_back({"normalize3", t, km, hm, 24.0 * double(n)});
      compareFloats(checks, "normalize3", t, &outK.data()->x, &outH.data()->x, 3 * n, 1e-6);
      spotCheck(checks, "normalize3", t, outK.data(), n,
                [&](int64_t i) { return refNormalize(v[i]); });
    }
  }

  { // matvec: 1 mat33 and 1 vec3 read, 1 vec3 written.
    Buffer<Mat33> m(n);
    Buffer<Vec3> v(n), outK(n), outH(n);
    Random rng(3);
    for (int64_t i = 0; i < n; ++i) {
      for (auto &row : m[i].m)
        for (float &e : row)
          e = rng.next();
      v[i] = {rng.next(), rng.next(), rng.next()};
    }
    kdsl_array ma = m.view(), va = v.view(), oa = outK.view();
    void *args[] = {&ma, &va, &oa};
    for (unsigned t : o.threads) {
      outK.poison();
      outH.poison();
      auto [km, hm] = timePair(
          o.runs, [&] { launch(fnMatvec, args, t); },
          [&] {
            parallelRange(t, n, [&](int64_t b, int64_t e) {
              handMatvec(m.data(), v.data(), outH.data(), b, e);
            });
          });
      results.push_back({"matvec3", t, km, hm, 60.0 * double(n)});
      compareFloats(checks, "matvec3", t, &outK.data()->x, &outH.data()->x, 3 * n, 0);
      spotCheck(checks, "matvec3", t, outK.data(), n,
                [&](int64_t i) { return refMatvec(m[i], v[i]); });
    }
  }

  { // poly_loop: compute-bound (`terms` iterations per element).
    Buffer<float> x(n), outK(n), outH(n);
    Random rng(4);
    for (int64_t i = 0; i < n; ++i)
      x[i] = rng.next();
    int32_t terms = o.terms;
    kdsl_array xa = x.view(), oa = outK.view();
    void *args[] = {&xa, &terms, &oa};
    for (unsigned t : o.threads) {
      outK.poison();
      outH.poison();
      auto [km, hm] = timePair(
          o.runs, [&] { launch(fnPoly, args, t); },
          [&] {
            parallelRange(
                t, n, [&](int64_t b, int64_t e) { handPoly(x.data(), terms, outH.data(), b, e); });
          });
      results.push_back({"poly_loop", t, km, hm, 0});
      compareFloats(checks, "poly_loop", t, outK.data(), outH.data(), n, 0);
      spotCheck(checks, "poly_loop", t, outK.data(), n,
                [&](int64_t i) { return refPoly(x[i], terms); });
    }
  }

  std::printf("\n%-11s %3s %10s %10s %10s %10s %12s\n", "kernel", "T", "kdsl ms", "hand ms",
              "kdsl GB/s", "hand GB/s", "kdsl/hand");
  for (const Result &r : results) {
    char kg[16] = "-", hg[16] = "-";
    if (r.bytes > 0) {
      std::snprintf(kg, sizeof kg, "%.2f", r.bytes / (r.kdslMs * 1e6));
      std::snprintf(hg, sizeof hg, "%.2f", r.bytes / (r.handMs * 1e6));
    }
    std::printf("%-11s %3u %10.3f %10.3f %10s %10s %12.3f\n", r.kernel.c_str(), r.threads, r.kdslMs,
                r.handMs, kg, hg, r.handMs / r.kdslMs);
  }
  std::printf("\nkdsl/hand = hand ms / kdsl ms (speed of kdsl relative to hand-written C++; "
              ">1: kdsl faster).\n"
              "GB/s = (bytes read + bytes written) / time: saxpy 12 B, normalize3 24 B, "
              "matvec3 60 B per element;\n"
              "poly_loop is compute-bound (%d loop iterations per element): no GB/s.\n",
              o.terms);
  std::printf("checks: %s\n", checks.allPassed ? "all passed" : "FAILED");
  return checks.allPassed;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options))
    return 2;
  bool ok = true;
  if (!options.skipLatency)
    ok &= runLatency(options);
  if (!options.skipKernels)
    ok &= runKernels(options);
  return ok ? 0 : 1;
}
