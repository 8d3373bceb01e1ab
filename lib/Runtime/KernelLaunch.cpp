//===- KernelLaunch.cpp - kernels and parallel launches ---------------------===//
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Dialect/Kdsl.h"

#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace kdsl;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

std::vector<KernelInfo> kdsl::collectKernels(mlir::ModuleOp module) {
  std::vector<KernelInfo> kernels;
  // The adjoints' kdsl.pre_launch_args, by primal kernel.
  llvm::StringMap<llvm::ArrayRef<int64_t>> preLaunch;
  for (KernelOp k : module.getOps<KernelOp>())
    if (auto of = adjointOf(k))
      if (auto args = k->getAttrOfType<mlir::DenseI64ArrayAttr>(kPreLaunchArgsAttrName))
        preLaunch[*of] = args.asArrayRef();
  for (KernelOp k : module.getOps<KernelOp>()) {
    KernelInfo info;
    info.name = k.getSymName().str();
    for (mlir::Attribute a : k.getArgNames())
      info.argNames.push_back(llvm::cast<mlir::StringAttr>(a).getValue().str());
    for (mlir::Type t : k.getFunctionType().getInputs())
      info.argTypes.push_back(t);
    info.launchDims = k.getLaunchDims();
    for (bool w : writtenArguments(k))
      info.argWritten.push_back(w);
    info.argPreLaunch.assign(info.argNames.size(), false);
    for (int64_t i : preLaunch.lookup(info.name))
      if (i >= 0 && size_t(i) < info.argPreLaunch.size())
        info.argPreLaunch[i] = true;
    info.enableBackward = k.getEnableBackward();
    info.argUnsigned.assign(info.argNames.size(), false);
    if (auto unsignedArgs = k->getAttrOfType<mlir::ArrayAttr>("kdsl.unsigned_args"))
      for (mlir::Attribute a : unsignedArgs)
        if (auto name = llvm::dyn_cast<mlir::StringAttr>(a))
          for (auto [i, argName] : llvm::enumerate(info.argNames))
            if (argName == name.getValue())
              info.argUnsigned[i] = true;
    kernels.push_back(std::move(info));
  }
  return kernels;
}

/// One pool for the launches of the process. It grows to the number of
/// chunks a launch queues (at most kMaxLaunchThreads). A process forked after
/// the pool started has none of its threads: the child makes a pool of its own
/// (and leaks the parent's, whose threads it cannot join).
static llvm::StdThreadPool &launchPool() {
  constexpr unsigned kMaxLaunchThreads = 1024;
  static std::mutex mutex;
  static llvm::StdThreadPool *pool = nullptr;
  static pid_t owner = 0;
  std::lock_guard<std::mutex> lock(mutex);
  if (!pool || owner != getpid()) {
    pool = new llvm::StdThreadPool(llvm::hardware_concurrency(kMaxLaunchThreads));
    owner = getpid();
  }
  return *pool;
}

// UBSan's -fsanitize=function reads a type signature from the 8 bytes before
// the callee's entry. Kernels are JIT-compiled (or dlopen'ed) code without
// one, and an entry at the start of a page after an unmapped one faults: the
// sanitizer build's kdsl-run crashed at random on that read. Calls of kernel
// entries are therefore exempt from that one check.
#if defined(__clang__)
#define KDSL_CALLS_FOREIGN_CODE __attribute__((no_sanitize("function")))
#else
#define KDSL_CALLS_FOREIGN_CODE
#endif

KDSL_CALLS_FOREIGN_CODE static void callKernel(kdsl_kernel_fn fn, const int64_t dims[4],
                                               int64_t begin, int64_t end, void **args) {
  fn(dims, begin, end, args);
}

void kdsl::launchParallel(kdsl_kernel_fn fn, const int64_t dims[4], void **args,
                          unsigned threads) {
  int64_t total = dims[0] * dims[1] * dims[2] * dims[3];
  if (total <= 0)
    return;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  int64_t n = std::min<int64_t>(threads, total);
  if (n <= 1) {
    callKernel(fn, dims, 0, total, args);
    return;
  }
  int64_t base = total / n, rem = total % n;
  auto begin = [&](int64_t i) { return i * base + std::min(i, rem); };
  llvm::ThreadPoolTaskGroup group(launchPool());
  for (int64_t i = 1; i < n; ++i)
    group.async([=] { callKernel(fn, dims, begin(i), begin(i + 1), args); });
  callKernel(fn, dims, begin(0), begin(1), args);
  group.wait();
}
