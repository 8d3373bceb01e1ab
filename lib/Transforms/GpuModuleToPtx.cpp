//===- GpuModuleToPtx.cpp - gpu.module -> gpu.binary with PTX text --------===//
//
// Upstream's ModuleToObject steps through NVVM's SerializeGPUModuleBase, with
// kdsl's choices where the compile time goes (Passes.td says which and why).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Support/InputFiles.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

namespace kdsl {
#define GEN_PASS_DEF_GPUMODULETOPTX
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;

namespace {

/// The bytes of a bitcode library, read once per process (libdevice is
/// 470 KB; parsing it lazily from memory per module is what stays).
llvm::Expected<llvm::MemoryBufferRef> cachedLibrary(StringRef path) {
  static std::mutex mutex;
  static llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<llvm::MemoryBuffer> &entry = cache[path];
  if (!entry) {
    // Bounded: a `link` path of the input may name /dev/zero.
    llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file = kdsl::readInputFile(path);
    if (!file)
      return file.takeError();
    entry = std::move(*file);
  }
  return entry->getMemBufferRef();
}

/// libdevice picks IEEE-rounded sqrt and division only when NVVM reflect says
/// __CUDA_PREC_SQRT=1 (nvcc's default); LLVM reads it from the
/// -nvvm-reflect-add option, set here once per process.
void requestPreciseSqrt() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("nvvm-reflect-add");
    if (it != options.end())
      it->second->addOccurrence(0, "nvvm-reflect-add", "__CUDA_PREC_SQRT=1");
  });
}

class PtxSerializer : public NVVM::SerializeGPUModuleBase {
public:
  PtxSerializer(Operation &module, NVVM::NVVMTargetAttr target, StringRef llvmPasses)
      : SerializeGPUModuleBase(module, target), llvmPasses(llvmPasses) {}

protected:
  /// The target's `link` libraries (kdsl's pipeline names libdevice there),
  /// or else upstream's default (libdevice of the default toolkit), each once,
  /// from memory.
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override {
    SmallVector<std::unique_ptr<llvm::Module>> libraries;
    llvm::StringSet<> seen;
    ArrayRef<Attribute> paths = getLibrariesToLink();
    if (ArrayAttr link = getTarget().getLink())
      paths = link.getValue();
    for (Attribute a : paths) {
      auto path = dyn_cast<StringAttr>(a);
      if (!path) {
        getOperation().emitError("kdsl-gpu-module-to-ptx links bitcode files only, not ") << a;
        return std::nullopt;
      }
      if (!seen.insert(path.getValue()).second)
        continue;
      llvm::Expected<llvm::MemoryBufferRef> bytes = cachedLibrary(path.getValue());
      llvm::Expected<std::unique_ptr<llvm::Module>> library =
          bytes ? llvm::getLazyBitcodeModule(*bytes, module.getContext()) : bytes.takeError();
      if (!library) {
        getOperation().emitError("cannot load the bitcode library ")
            << path << ": " << llvm::toString(library.takeError());
        return std::nullopt;
      }
      libraries.push_back(std::move(*library));
    }
    return libraries;
  }

  LogicalResult optimizeModule(llvm::Module &module, int) override {
    internalizeHelpers(module);
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine))
      return getOperation().emitError("no NVPTX target machine");
    (*machine)->setOptLevel(llvm::CodeGenOptLevel::Default); // llc's default
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    // With the target machine: its passes (nvvm-reflect) parse, and its
    // alias analysis and cost model are used.
    llvm::PassBuilder builder(*machine);
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager passes;
    if (llvm::Error e = builder.parsePassPipeline(passes, llvmPasses))
      return getOperation().emitError("invalid llvm-passes '")
             << llvmPasses << "': " << llvm::toString(std::move(e));
    passes.run(module, mam);
    return success();
  }

  /// The module's functions besides its kernels (the @wp.funcs and adj_<f>
  /// that stayed functions) are internal: only kernels are entry points,
  /// and the C-interface wrappers convert-gpu-to-nvvm adds (nothing calls
  /// them) go.
  static void internalizeHelpers(llvm::Module &module) {
    for (llvm::Function &f : llvm::make_early_inc_range(module)) {
      if (f.isDeclaration() || f.getCallingConv() == llvm::CallingConv::PTX_Kernel)
        continue;
      if (f.getName().starts_with("_mlir_ciface_") && f.use_empty())
        f.eraseFromParent();
      else
        f.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
  }

  /// PTX text, not bitcode.
  FailureOr<SmallVector<char, 0>> moduleToObject(llvm::Module &module) override {
    FailureOr<llvm::TargetMachine *> machine = getOrCreateTargetMachine();
    if (failed(machine))
      return getOperation().emitError("no NVPTX target machine");
    FailureOr<SmallString<0>> ptx =
        translateModuleToISA(module, **machine, [&] { return getOperation().emitError(); });
    if (failed(ptx))
      return failure();
    return SmallVector<char, 0>(ptx->begin(), ptx->end());
  }

private:
  std::string llvmPasses;
};

struct GpuModuleToPtxPass : public kdsl::impl::GpuModuleToPtxBase<GpuModuleToPtxPass> {
  using Base::Base;

  void runOnOperation() override {
    NVVM::SerializeGPUModuleBase::init();
    requestPreciseSqrt();
    MLIRContext *ctx = &getContext();
    for (auto gpuModule : llvm::make_early_inc_range(getOperation().getOps<gpu::GPUModuleOp>())) {
      ArrayAttr targets = gpuModule.getTargetsAttr();
      if (!targets || targets.empty()) {
        gpuModule.emitError("the gpu.module has no target (run nvvm-attach-target first)");
        return signalPassFailure();
      }
      SmallVector<Attribute> objects;
      for (Attribute target : targets) {
        auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
        if (!nvvm) {
          gpuModule.emitError("kdsl-gpu-module-to-ptx compiles #nvvm.target only, not ") << target;
          return signalPassFailure();
        }
        // A chip NVPTX does not know crashed its code generation (chip "").
        if (llvm::Error e = kdsl::checkPtxChip(nvvm.getChip(), "the #nvvm.target's chip")) {
          gpuModule.emitError(llvm::toString(std::move(e)));
          return signalPassFailure();
        }
        PtxSerializer serializer(*gpuModule, nvvm, llvmPasses);
        std::optional<SmallVector<char, 0>> ptx = serializer.run();
        if (!ptx)
          return signalPassFailure(); // the serializer reported why
        objects.push_back(gpu::ObjectAttr::get(
            ctx, nvvm, gpu::CompilationTarget::Assembly,
            StringAttr::get(ctx, StringRef(ptx->data(), ptx->size())), nullptr, nullptr));
      }
      OpBuilder builder(gpuModule);
      gpu::BinaryOp::create(builder, gpuModule.getLoc(), gpuModule.getName(), nullptr, objects);
      gpuModule.erase();
    }
  }
};

} // namespace
