//===- KernelLaunch.cpp - kernels and parallel launches ---------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Transforms/Lanes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace kdsl;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The block argument of `body` an array or struct value comes from
/// (through struct fields and views), or null.
static mlir::BlockArgument rootArgument(mlir::Value v, mlir::Block &body) {
  while (mlir::Operation *def = v.getDefiningOp()) {
    if (!mlir::isa<StructExtractOp, SubArrayOp, ArraySliceOp, FieldViewOp, AssumeDenseOp>(def))
      break;
    v = def->getOperand(0);
  }
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
  return arg && arg.getOwner() == &body ? arg : mlir::BlockArgument();
}

/// Per argument of the kernel or func `op`: whether an adjoint may read its
/// arrays (an earlier launch's adjoint then needs them as that launch left
/// them): every use of them but stores, additive atomics whose old value is
/// unused, shapes and views (whose uses count), following calls. Arrays a
/// kernel only writes this way need no saving for earlier adjoints.
static llvm::SmallVector<bool>
readArgs(mlir::Operation *op, mlir::SymbolTableCollection &symbols,
         llvm::DenseMap<mlir::Operation *, llvm::SmallVector<bool>> &memo) {
  if (auto it = memo.find(op); it != memo.end())
    return it->second;
  mlir::Region &region = op->getRegion(0);
  llvm::SmallVector<bool> out(region.empty() ? 0 : region.front().getNumArguments(), false);
  if (region.empty())
    return out;
  mlir::Block &body = region.front();
  memo[op] = out; // guards against (rejected) recursion
  op->walk([&](mlir::Operation *inner) {
    if (mlir::isa<StructExtractOp, SubArrayOp, ArraySliceOp, FieldViewOp, AssumeDenseOp, ShapeOp,
                  HasDataOp, IsDenseOp>(inner))
      return;
    if (auto a = mlir::dyn_cast<AtomicOp>(inner))
      if ((a.getKind() == AtomicKind::add || a.getKind() == AtomicKind::sub) &&
          a.getResult().use_empty())
        return;
    llvm::SmallVector<bool> calleeReads;
    if (auto call = mlir::dyn_cast<mlir::func::CallOp>(inner))
      if (mlir::Operation *callee = symbols.lookupNearestSymbolFrom(call, call.getCalleeAttr()))
        calleeReads = readArgs(callee, symbols, memo);
    for (auto [i, operand] : llvm::enumerate(inner->getOperands())) {
      if (!mlir::isa<ArrayType, StructType>(operand.getType()))
        continue;
      if (auto s = mlir::dyn_cast<StoreOp>(inner); s && operand == s.getArray())
        continue;
      if (auto s = mlir::dyn_cast<TileStoreOp>(inner); s && operand == s.getArray())
        continue;
      if (auto s = mlir::dyn_cast<TileStoreIndexedOp>(inner); s && operand == s.getArray())
        continue;
      if (mlir::isa<mlir::func::CallOp>(inner) && i < calleeReads.size() && !calleeReads[i])
        continue;
      if (mlir::BlockArgument arg = rootArgument(operand, body))
        out[arg.getArgNumber()] = true;
    }
  });
  memo[op] = out;
  return out;
}

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
    info.lanes = isLaneKernel(k);
    k.walk([&](mlir::Operation *op) {
      if (op->getName().getStringRef().starts_with("kdsl.tile_"))
        info.tiles = true;
      if (auto tid = llvm::dyn_cast<TidOp>(op)) {
        info.tidUsed.resize(tid.getNumResults(), false);
        for (auto [d, r] : llvm::enumerate(tid.getResults()))
          if (d < info.tidUsed.size() && !r.use_empty())
            info.tidUsed[d] = true;
      }
    });
    for (bool w : writtenArguments(k))
      info.argWritten.push_back(w);
    {
      mlir::SymbolTableCollection symbols;
      llvm::DenseMap<mlir::Operation *, llvm::SmallVector<bool>> memo;
      for (bool r : readArgs(k, symbols, memo))
        info.argRead.push_back(r);
    }
    info.argPreLaunch.assign(info.argNames.size(), false);
    for (int64_t i : preLaunch.lookup(info.name))
      if (i >= 0 && size_t(i) < info.argPreLaunch.size())
        info.argPreLaunch[i] = true;
    info.enableBackward = k.getEnableBackward();
    auto listed = [&](llvm::StringRef attr, std::vector<bool> &out) {
      out.assign(info.argNames.size(), false);
      if (auto names = k->getAttrOfType<mlir::ArrayAttr>(attr))
        for (mlir::Attribute a : names)
          if (auto name = llvm::dyn_cast<mlir::StringAttr>(a))
            for (auto [i, argName] : llvm::enumerate(info.argNames))
              if (argName == name.getValue())
                out[i] = true;
    };
    listed("kdsl.unsigned_args", info.argUnsigned);
    listed("kdsl.signed_args", info.argSigned);
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

void kdsl::launchParallel(kdsl_kernel_fn fn, const int64_t dims[4], void **args, unsigned threads) {
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
