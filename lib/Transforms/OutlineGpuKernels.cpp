//===- OutlineGpuKernels.cpp - kdsl.kernel -> gpu.func (GPU ABI) ---------===//
#include "GridLoop.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/LaunchBounds.h"
#include "kdsl/Support/Mangle.h"
#include "kdsl/Transforms/CLayout.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/IR/Builders.h"

namespace kdsl {
#define GEN_PASS_DEF_OUTLINEGPUKERNELS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {

struct OutlineGpuKernelsPass : public kdsl::impl::OutlineGpuKernelsBase<OutlineGpuKernelsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    OutlineGpuKernelsBase::getDependentDialects(registry);
    // The gpu.module holds func.func helpers (convert-math-to-funcs's integer
    // power): convert-gpu-to-nvvm lowers them through the func dialect's
    // ConvertToLLVM interface.
    registerConvertFuncToLLVMInterface(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<KernelOp> kernels(module.getOps<KernelOp>());
    if (kernels.empty())
      return;
    // NVPTX has no parameter of size 0 (an LLVM ERROR): a struct with no
    // fields (the front end has none; verified kdsl IR may) is diagnosed.
    for (KernelOp k : kernels)
      for (auto [i, t] : llvm::enumerate(k.getArgumentTypes()))
        if (StructType empty = findEmptyStruct(t)) {
          k.emitError() << "argument " << i << " of kernel '" << k.getSymName() << "': the struct '"
                        << empty.getName() << "' has no fields, which the GPU ABI cannot pass";
          return signalPassFailure();
        }
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(), UnitAttr::get(ctx));
    OpBuilder mb(module.getBodyRegion());
    auto gpuModule = gpu::GPUModuleOp::create(mb, module.getLoc(), "kdsl_kernels");
    // @wp.func bodies are needed on the device: move them into the gpu.module.
    // PTX symbols are ASCII: names beyond it are mangled (Mangle.h).
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      std::string mangled = mangleName(f.getSymName());
      if (mangled != f.getSymName()) {
        if (failed(SymbolTable::replaceAllSymbolUses(f, StringAttr::get(ctx, mangled), module)))
          return signalPassFailure();
        SymbolTable::setSymbolName(f, mangled);
      }
      f->moveBefore(gpuModule.getBody(), gpuModule.getBody()->end());
    }
    for (KernelOp k : kernels)
      if (failed(outline(k, gpuModule)))
        return signalPassFailure();
  }

  static StructType findEmptyStruct(Type t) {
    auto st = dyn_cast<StructType>(t);
    if (!st)
      return {};
    if (st.getFieldTypes().empty())
      return st;
    for (Type f : st.getFieldTypes())
      if (StructType inner = findEmptyStruct(f))
        return inner;
    return {};
  }

  LogicalResult outline(KernelOp k, gpu::GPUModuleOp gpuModule) {
    FailureOr<LoweredLaunch> lowered = getLoweredLaunch(k, "kdsl-outline-gpu-kernels");
    if (failed(lowered))
      return failure();
    MLIRContext *ctx = &getContext();
    Location loc = k.getLoc();
    Type i64 = IntegerType::get(ctx, 64);
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    auto launchType =
        LLVM::LLVMStructType::getLiteral(ctx, {LLVM::LLVMArrayType::get(i64, 4), i64});
    SmallVector<Type> argTypes{launchType};
    for (Type t : k.getArgumentTypes())
      argTypes.push_back(cLayoutType(t));
    OpBuilder b(gpuModule.getBody(), gpuModule.getBody()->end());
    auto f = gpu::GPUFuncOp::create(b, loc, mangleName(entryPointName(k, "cuda_kernel")),
                                    b.getFunctionType(argTypes, {}));
    f->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
    // @wp.kernel(launch_bounds=(N, M)): PTX .maxntid N, 1, 1 and .minnctapersm M.
    if (SmallVector<int64_t, 2> lb = kernelLaunchBounds(k); !lb.empty()) {
      f->setAttr("nvvm.maxntid", b.getDenseI32ArrayAttr({(int32_t)lb[0], 1, 1}));
      if (lb.size() > 1)
        f->setAttr("nvvm.minctasm", b.getI32IntegerAttr((int32_t)lb[1]));
    }
    Block &entry = f.getBody().front();
    b.setInsertionPointToStart(&entry);
    Value launch = entry.getArgument(0);

    // By-value arguments: spill to the stack and read in the kdsl form (SROA removes it).
    SmallVector<Value> argValues;
    Value one = LLVM::ConstantOp::create(b, loc, i64, 1);
    for (auto [i, t] : llvm::enumerate(k.getArgumentTypes())) {
      Value slot = LLVM::AllocaOp::create(b, loc, ptr, argTypes[i + 1], one);
      LLVM::StoreOp::create(b, loc, entry.getArgument(i + 1), slot);
      argValues.push_back(ReadOp::create(b, loc, t, slot));
    }
    // The lowered launch (kdsl-lower-launch) as a grid-stride loop.
    auto toI64 = [&](Value index) { return arith::IndexCastOp::create(b, loc, i64, index); };
    Value bid = toI64(gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
    Value bdim = toI64(gpu::BlockDimOp::create(b, loc, gpu::Dimension::x));
    Value tidx = toI64(gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
    Value gdim = toI64(gpu::GridDimOp::create(b, loc, gpu::Dimension::x));
    Value start = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, bid, bdim), tidx);
    Value total = LLVM::ExtractValueOp::create(b, loc, launch, ArrayRef<int64_t>{1});
    Value stride = arith::MulIOp::create(b, loc, bdim, gdim);
    auto ret = gpu::ReturnOp::create(b, loc);
    inlineLoweredKernel(k, *lowered, ret, argValues, ValueRange{start, total, stride},
                        [&](OpBuilder &db, unsigned d) -> Value {
                          return LLVM::ExtractValueOp::create(db, loc, launch,
                                                              ArrayRef<int64_t>{0, (int64_t)d});
                        });
    // The lanes' shared stages (kdsl-lower-lanes, LowerLanesGpu.cpp):
    // workgroup attributions of the kernel.
    SmallVector<memref::AllocaOp> stages;
    f.walk([&](memref::AllocaOp a) {
      if (isa_and_nonnull<gpu::AddressSpaceAttr>(a.getType().getMemorySpace()))
        stages.push_back(a);
    });
    for (memref::AllocaOp a : stages) {
      a.replaceAllUsesWith(f.addWorkgroupAttribution(a.getType(), a.getLoc()));
      a.erase();
    }
    lowerAllocaScopes(lowered->loop);
    // wp.block_dim(): blockDim.x (funcs are inlined by now).
    SmallVector<BlockDimOp> blockDims;
    f.walk([&](BlockDimOp op) { blockDims.push_back(op); });
    for (BlockDimOp op : blockDims) {
      OpBuilder ob(op);
      op.replaceAllUsesWith(
          arith::TruncIOp::create(ob, op.getLoc(), ob.getI32Type(), bdim).getResult());
      op.erase();
    }
    // Asserts print from the device; their thread is the flat index.
    SmallVector<AssertOp> asserts;
    f.walk([&](AssertOp a) { asserts.push_back(a); });
    for (AssertOp a : asserts) {
      OpBuilder ab(a);
      Value failed = arith::XOrIOp::create(
          ab, loc, a.getCondition(), arith::ConstantOp::create(ab, loc, ab.getBoolAttr(true)));
      auto ifOp = scf::IfOp::create(ab, a.getLoc(), failed, false);
      ab.setInsertionPointToStart(&ifOp.getThenRegion().front());
      int line = 0;
      if (auto fl = dyn_cast<FileLineColLoc>(a.getLoc()))
        line = fl.getLine();
      std::string msg;
      for (char c : a.getMessage())
        msg += c == '%' ? std::string("%%") : std::string(1, c);
      Value thread = a.getThread();
      if (!thread)
        thread = arith::ConstantOp::create(ab, loc, ab.getI64IntegerAttr(-1));
      gpu::PrintfOp::create(ab, a.getLoc(),
                            ("kdsl: " + msg + " failed in kernel '" + k.getSymName().str() +
                             "' at line " + std::to_string(line) + ", thread %lld\n"),
                            ValueRange{thread});
      a.erase();
    }
    k.erase();
    // convert-gpu-to-nvvm converts no struct-typed block arguments, and not
    // the n-D vector ops that feed matrix-typed ones: structs cross loop and
    // if boundaries as their fields, matrices (those fields too) as 1-D
    // vectors.
    return flattenCarriedValues(f, /*matrices=*/true);
  }
};

} // namespace
