//===- LaunchSpec.h - run kdsl kernels from a JSON launch spec -*- C++ -*-===//
//
// The library behind kdsl-run, for every host that launches kdsl kernels
// (kdsl-run, benchmarks, kdsl-synth):
//
//   llvm::Expected<llvm::json::Value> spec = parseJSONText(text, "spec.json");
//   std::vector<KernelInfo> kernels = collectKernels(module);   // before compiling
//   auto plan = LaunchPlan::create(*spec, kernels);              // validates, allocates
//   auto cpu = compileWithJit(module, options);                  // CpuBackend.h
//   llvm::Error err = (*plan)->run(**cpu, threads);               // runs the launches
//   llvm::json::Value out = (*plan)->outputs();
//
// The spec format is documented in docs/kdsl-run.md. A plan does not refer to
// the module or the MLIRContext once created: the backend may lower the module
// in place.
//
// Kernels report failed asserts and out-of-bounds accesses through
// kdsl_report_assert / kdsl_report_oob (KernelABI.h), which the host
// executable must define and export (link with -rdynamic); the simplest way
// is KDSL_DEFINE_RUNTIME_REPORT_HOOKS() in one source file of the executable,
// which forwards them to RuntimeReports::global().
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_LAUNCHSPEC_H
#define KDSL_RUNTIME_LAUNCHSPEC_H

#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Runtime/HashGrid.h"
#include "kdsl/Runtime/HostObject.h"
#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Runtime/ValueLayout.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace kdsl {

//===----------------------------------------------------------------------===//
// Runtime reports
//===----------------------------------------------------------------------===//

/// Collects kernel-side failures (thread-safe). Reports are summarized as the
/// failure of the lowest thread index plus a count of the others. A negative
/// thread (a wp.func body, which does not know its thread) names the owner a
/// function and sorts after every real thread.
class RuntimeReports {
public:
  /// The instance KDSL_DEFINE_RUNTIME_REPORT_HOOKS forwards to.
  static RuntimeReports &global();

  void reportAssert(const char *kernel, const char *message, int32_t line, int64_t thread);
  void reportOOB(const char *kernel, const char *array, int32_t dim, int64_t index, int64_t extent,
                 int64_t thread);

  /// Number of reports since the last clear().
  uint64_t count() const;
  /// "" if there were none; otherwise e.g. "wp.expect_eq(a, b) failed in
  /// kernel 'k' at line 12, thread 3 (and 5 more failures)".
  std::string summary() const;
  void clear();

private:
  void record(int64_t thread, std::string message);
  bool countIfNotFirst(int64_t thread);

  mutable std::mutex mutex;
  uint64_t total = 0;
  int64_t firstThread = 0;
  std::string firstMessage;
};

/// Defines the extern "C" report functions of KernelABI.h, forwarding to
/// RuntimeReports::global(). Use once, at namespace scope, in a source file of
/// the executable that loads kernels.
#define KDSL_DEFINE_RUNTIME_REPORT_HOOKS()                                                         \
  extern "C" __attribute__((visibility("default"), used)) void kdsl_report_assert(                 \
      const char *kernel, const char *message, int32_t line, int64_t thread) {                     \
    ::kdsl::RuntimeReports::global().reportAssert(kernel, message, line, thread);                  \
  }                                                                                                \
  extern "C" __attribute__((visibility("default"), used)) void kdsl_report_oob(                    \
      const char *kernel, const char *array, int32_t dim, int64_t index, int64_t extent,           \
      int64_t thread) {                                                                            \
    ::kdsl::RuntimeReports::global().reportOOB(kernel, array, dim, index, extent, thread);         \
  }

//===----------------------------------------------------------------------===//
// JSON input
//===----------------------------------------------------------------------===//

/// Parses JSON text. Errors are "json" RunErrors as "<name>:<line>:<col>:
/// <message>"; nesting deeper than 256 levels is rejected (instead of
/// overflowing the stack).
llvm::Expected<llvm::json::Value> parseJSONText(llvm::StringRef text, llvm::StringRef name);

/// The kernel names a spec launches ("kernel" of the short form, or of each
/// of "launches"), in order, without repeats; what is not a string is left
/// out (LaunchPlan::create reports it). Lets a host translate only those
/// kernels (FrontendOptions::kernels) before it validates the spec.
std::vector<std::string> launchedKernelNames(const llvm::json::Value &spec);

/// For generic kernels (typing.Any parameters, docs/language.md): the types
/// a spec's arguments give each launched kernel, by kernel name, as
/// FrontendOptions::kernelTypes takes them (`a=wp.array(dtype=wp.float64,
/// ndim=2), s=float`), from the first launch of each kernel
/// (lib/Runtime/SpecTypes.cpp). An array descriptor gives its dtype
/// (default float32) and ndim, a JSON integer int32, a real float32, a
/// boolean bool; a launch with an argument that gives no type (a struct
/// value) is left out.
std::map<std::string, std::string> specKernelTypes(const llvm::json::Value &spec);

//===----------------------------------------------------------------------===//
// Kernels and the launch plan
//===----------------------------------------------------------------------===//

/// What a host needs to know about a kdsl.kernel, copied out of the module.
struct KernelInfo {
  std::string name; // the kdsl.kernel symbol; CpuModule::lookup takes it
  std::vector<std::string> argNames;
  std::vector<mlir::Type> argTypes; // valid while the MLIRContext lives
  unsigned launchDims = 1;          // KernelOp::getLaunchDims()
  std::vector<bool> argWritten;     // writtenArguments(): the kernel writes the argument's arrays
  /// The kernel (and so its adjoint) may read the argument's arrays: any use
  /// but stores, additive atomics whose old value is unused, shapes.
  std::vector<bool> argRead;
  /// The adjoint reads the argument's arrays as they were before the forward
  /// launch (the kernel reads them, then writes them: kPreLaunchArgsAttrName
  /// of its adjoint kernel, when the module holds it; else all false).
  std::vector<bool> argPreLaunch;
  bool enableBackward = true; // @wp.kernel(enable_backward=...)
  /// Per argument: Warp declares it (or its array's element) unsigned, e.g.
  /// wp.array(dtype=wp.uint32) (the kernel's "kdsl.unsigned_args").
  std::vector<bool> argUnsigned;
  /// Per argument: Warp declares it (or its array's element) a signed
  /// integer type, e.g. wp.array(dtype=int) ("kdsl.signed_args"). Integer
  /// arguments in neither list (a module kdsl did not translate, a struct's
  /// fields) take values of either signedness.
  std::vector<bool> argSigned;
  /// The kernel holds tile ops (issue 30): a tiled launch runs it with one
  /// lane per block (docs/kdsl-run.md).
  bool tiles = false;
  /// A lane-dependent tile kernel (kdsl/Transforms/Lanes.h): its launches
  /// pass the block dimension and the lanes per grid point in dims[4] and
  /// dims[5] (include/kdsl/Runtime/KernelABI.h).
  bool lanes = false;
  /// Per wp.tid() index: whether the kernel reads it (empty when the module
  /// was lowered already: unknown).
  std::vector<bool> tidUsed;
};

/// The kernels of `module`, in order. Call it before compiling (the backends
/// lower the module in place).
std::vector<KernelInfo> collectKernels(mlir::ModuleOp module);

struct PlanOptions {
  /// Limit on the bytes of all arrays of a plan together.
  uint64_t maxBytes = uint64_t(8) << 30;
  /// Every kernel of the source file, when the module holds only some of
  /// them (FrontendOptions::kernels): an unknown kernel's message lists these.
  std::vector<std::string> fileKernels;
};

/// Splits [0, dims[0]*dims[1]*dims[2]*dims[3]) into `threads` contiguous
/// chunks (0: std::thread::hardware_concurrency()) and calls `fn` on each:
/// the first in the caller's thread, the others on the threads of one
/// llvm::StdThreadPool per process (created at the first launch that needs
/// it); returns when all are done.
void launchParallel(kdsl_kernel_fn fn, const int64_t dims[4], void **args, unsigned threads);

/// Where a run is: which launch runs now. A host that must name the kernel
/// after a fault it cannot return from (a signal; a child process that died)
/// installs one with setLaunchProgress, typically in memory shared with a
/// parent process. LaunchPlan fills it before each launch and clears
/// `inKernel` after it; plain stores only, so a signal handler may read it.
struct LaunchProgress {
  char kernel[256];          // NUL-terminated symbol of the current (or last) launch
  volatile int32_t inKernel; // 1 while a launch runs
  volatile int32_t backward; // the launch runs the kernel's adjoint
  volatile int64_t launch;   // its index in launches() or backwardLaunches()
};
/// Installs `progress` (null: none) for every LaunchPlan of the process.
void setLaunchProgress(LaunchProgress *progress);

/// A validated spec: the arrays (allocated and filled), and for every launch
/// the kernel, the launch dims and the encoded arguments.
class LaunchPlan {
public:
  struct Launch {
    std::string kernel; // symbol
    unsigned ndims = 1; // as given in the spec (== the kernel's launch dims)
    /// The 4 extents, then (read by lane-dependent tile kernels only) the
    /// block dimension and the lanes per grid point (KernelABI.h).
    int64_t dims[6] = {1, 1, 1, 1, 1, 1};
    int64_t total() const { return dims[0] * dims[1] * dims[2] * dims[3]; }
    /// The spec's "block_dim" (Warp's default 256) and "tiled": a tiled
    /// launch's dims already hold its trailing lane dimension.
    int64_t blockDim = 256;
    bool tiled = false;
    /// The spec gave "block_dim" (else blockDim is Warp's default).
    bool blockDimGiven = false;
    /// The kernel depends on its blocks' lanes (KernelInfo::lanes): a GPU
    /// must run it in blocks of exactly blockDim threads.
    bool lanes = false;
    /// An adjoint launch: `kernel`'s adjoint (CpuModule::lookup(kernel, true)),
    /// with the primal arguments followed by their adjoints.
    bool backward = false;
    /// One buffer per argument (8-byte aligned) and the pointers to them.
    std::vector<std::vector<uint64_t>> storage;
    std::vector<void *> args;
    /// Where each array argument (also one inside a struct) sits: the
    /// kdsl_array at byte `offset` of args[arg] views `array`. Lets a host
    /// that copies the arguments elsewhere (a GPU bundle) relocate them.
    struct ArrayUse {
      unsigned arg;
      uint64_t offset;
      const HostArray *array;
    };
    std::vector<ArrayUse> arrayUses;
    /// Where each object id ("@grid" for a wp.uint64 argument) sits: the
    /// uint64 at byte `offset` of args[arg] is `object`'s id.
    struct ObjectUse {
      unsigned arg;
      uint64_t offset;
      const HostObject *object;
    };
    std::vector<ObjectUse> objectUses;
    /// Objects rebuilt (hash grids) or refitted (BVHs, meshes) right before
    /// this launch (the spec's {"rebuild": name} entries in front of it).
    std::vector<HostObject *> rebuildBefore;
  };

  /// Validates `spec` (short or general form) against `kernels`, allocates
  /// the arrays and encodes every argument. Errors are "spec" RunErrors
  /// (or "runtime" for a failed allocation).
  static llvm::Expected<std::unique_ptr<LaunchPlan>> create(const llvm::json::Value &spec,
                                                            llvm::ArrayRef<KernelInfo> kernels,
                                                            const PlanOptions &options = {});
  /// Same, taking the kernels from `module` (call before compiling it).
  static llvm::Expected<std::unique_ptr<LaunchPlan>>
  create(const llvm::json::Value &spec, mlir::ModuleOp module, const PlanOptions &options = {});

  /// Whether some argument is a null array (`null` in the spec, Warp's None):
  /// kdsl-run then compiles with bounds checks, so a read of it is reported
  /// instead of crashing.
  bool passesNullArrays() const { return nullArrays; }

  /// The spec's "timeout" in seconds, if it has one.
  std::optional<double> timeout() const { return timeoutSeconds; }

  /// The spec's "objects" (hash grids, BVHs, meshes), in name order.
  /// runForward builds each from its arrays before the first launch.
  llvm::ArrayRef<std::unique_ptr<HostObject>> objects() const { return objectList; }
  /// Whether the spec rebuilds or refits an object ({"rebuild": name}).
  bool rebuildsObjects() const;

  /// The distinct kernels the plan launches, in first-launch order.
  std::vector<std::string> kernelNames() const;
  llvm::ArrayRef<Launch> launches() const { return launchList; }
  llvm::MutableArrayRef<Launch> launches() { return launchList; }

  /// Runs every launch in order with `threads` threads (0: all hardware
  /// threads). Kernels missing from `module` are a "compile" error (checked
  /// before anything runs). After each launch, reports in `reports` (cleared
  /// before the first launch) stop the run with a "runtime" error that
  /// describes the first failure; the arrays keep what the kernels wrote.
  llvm::Error run(CpuModule &module, unsigned threads,
                  RuntimeReports *reports = &RuntimeReports::global());

  /// Whether the spec has "backward": run() then runs the adjoint launches
  /// after the forward ones (the module needs the adjoint kernels of
  /// kernelNames(): kdsl::buildAdjointKernel).
  bool hasBackward() const { return backward; }
  /// The adjoint launches in the order they run (the forward ones reversed).
  llvm::ArrayRef<Launch> backwardLaunches() const { return backwardList; }
  /// The arrays with "requires_grad", by output name, in output order.
  const std::vector<std::string> &gradNames() const { return gradList; }
  /// The gradient of an array (by output name), or null.
  HostArray *grad(llvm::StringRef name) const;
  /// {"name": nested lists, ...} for gradNames(), written like writeOutputs.
  void writeGrads(llvm::json::OStream &os) const;

  /// The gradients (with "backward"), in the order of allArrays().
  llvm::ArrayRef<std::unique_ptr<HostArray>> allGrads() const { return grads; }
  /// What run() does before the adjoint launches: zero every gradient, then
  /// set the seeds ("loss" or "seed").
  void seedGradients();
  /// The gradients run() zeroes after the adjoint launches (of arrays some
  /// launch writes, without "retain_grad").
  llvm::ArrayRef<HostArray *> gradientsResetAfterBackward() const { return resetAfterBackward; }

  /// Runs the forward launches only (run() without the backward pass).
  llvm::Error runForward(CpuModule &module, unsigned threads,
                         RuntimeReports *reports = &RuntimeReports::global());

  /// Which arguments of `kernel`'s launches its adjoint reads as they were
  /// before the forward launch (KernelInfo::argPreLaunch), for a host that
  /// builds the adjoints after creating the plan (kdsl-run).
  void setPreLaunchArgs(llvm::StringRef kernel, const std::vector<bool> &args);
  /// Whether run()'s backward pass restores arrays: a launch writes an array
  /// its adjoint, or an earlier launch's adjoint, reads as it was before the
  /// launch. run() then saves those arrays before each forward launch and
  /// puts them back for the adjoints (GPU bundles do not carry this).
  bool restoresArrays() const;
  /// Whether some launch writes `array` (its gradient is reset after backward).
  bool isWritten(const HostArray *array) const { return written.count(array); }
  /// The scalar the backward pass differentiates, from the current arrays:
  /// loss[0], or the sum of seed * array over the seeds (float arrays only).
  llvm::Expected<double> objective() const;
  /// Every array's bytes, and putting them back.
  std::vector<std::vector<char>> snapshot() const;
  void restore(const std::vector<std::vector<char>> &bytes);

  /// The printed arrays (all, or those of "print", in that order): their
  /// names in the order outputs() lists them.
  const std::vector<std::string> &outputNames() const { return printed; }
  /// An array by output name (argument name in the short form, array name
  /// in the general form), or null.
  HostArray *array(llvm::StringRef name) const;
  /// Every array the plan owns, in creation order.
  llvm::ArrayRef<std::unique_ptr<HostArray>> allArrays() const { return arrays; }

  /// {"name": nested lists, ...} for the printed arrays.
  llvm::json::Value outputs() const;
  /// The same object written to `os` with floats in shortest round-trip
  /// form (see writeElement).
  void writeOutputs(llvm::json::OStream &os) const;

private:
  LaunchPlan() = default;
  friend class PlanBuilder;

  std::vector<Launch> launchList;
  std::vector<std::unique_ptr<HostObject>> objectList;
  /// {"rebuild": name} entries after the last launch.
  std::vector<HostObject *> rebuildAtEnd;
  bool nullArrays = false;
  std::optional<double> timeoutSeconds;
  bool backward = false;
  std::vector<Launch> backwardList;
  /// Array -> its gradient (every array of a plan with "backward" has one).
  llvm::DenseMap<const HostArray *, HostArray *> gradOf;
  /// Gradients set before the adjoint launches ("loss" or "seed"), as bytes.
  struct Seed {
    HostArray *array, *grad;
    std::vector<char> bytes;
  };
  std::vector<Seed> seeds;
  /// Arrays some launch writes (their gradients are reset after backward).
  llvm::DenseSet<const HostArray *> written;
  /// Per launch: the arrays it writes, by argument index (with "backward").
  struct Write {
    HostArray *array;
    unsigned arg;
  };
  std::vector<std::vector<Write>> launchWrites;
  /// Per launch: the arrays its adjoint may read (KernelInfo::argRead).
  std::vector<llvm::DenseSet<const HostArray *>> launchReads;
  /// Per launch: KernelInfo::argPreLaunch of its kernel.
  std::vector<std::vector<bool>> launchPreLaunch;
  /// An array saved before a forward launch, put back for the adjoints:
  /// before the launch's adjoint (it reads the array as it was) or after it
  /// (an earlier launch's adjoint does).
  struct Saved {
    HostArray *array;
    bool beforeAdjoint;
    std::vector<char> bytes;
  };
  /// What the saves may use: the size limit less the arrays and gradients.
  uint64_t saveBytesLeft = 0;
  /// Per launch: what run() saves before it.
  std::vector<std::vector<Saved>> savePlan() const;
  llvm::Error runForward(CpuModule &module, unsigned threads, RuntimeReports *reports,
                         std::vector<std::vector<Saved>> *saved);
  /// Gradients zeroed after the backward pass (written, not retain_grad).
  std::vector<HostArray *> resetAfterBackward;
  std::vector<std::string> gradList;
  /// Every array the plan owns (named, per-argument and anonymous).
  std::vector<std::unique_ptr<HostArray>> arrays;
  /// The gradients (with "backward"), in the order of `arrays`.
  std::vector<std::unique_ptr<HostArray>> grads;
  /// Output name -> array.
  llvm::StringMap<HostArray *> named;
  std::vector<std::string> printed;
};

} // namespace kdsl

#endif
