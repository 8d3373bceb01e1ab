//===- Pipelines.cpp - named kdsl pipelines --------------------------------===//
#include "kdsl/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

llvm::Error kdsl::checkPtxChip(llvm::StringRef chip, llvm::StringRef what) {
  if (llvm::is_contained(kPtxChips, chip))
    return llvm::Error::success();
  return llvm::createStringError(what + " must be one of " +
                                 llvm::join(std::begin(kPtxChips), std::end(kPtxChips), ", ") +
                                 "; got '" + chip + "'");
}

void kdsl::buildLowerToCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  OutlineCpuKernelsOptions outline;
  outline.checkBounds = options.checkBounds;
  outline.denseFastPath = options.denseFastPath;
  // Tiles as buffers and loops, before anything else sees them.
  pm.addPass(createLowerTiles());
  // A lane-dependent tile kernel's lanes as loops in each block.
  pm.addPass(createLowerLanes());
  // Small and single-use @wp.funcs are inlined; LLVM decides the rest.
  pm.addPass(createInlineByCost());
  // Before the launch lowering replaces kdsl.tid by the loop's index.
  if (options.indexFacts)
    pm.addPass(createIndexFacts());
  pm.addPass(createLowerLaunch());
  pm.addPass(createOutlineCpuKernels(outline));
  pm.addPass(createCanonicalize()); // canonicalize, linear in block length (EffectFences.cpp)
  pm.addPass(createCSEPass());
  pm.addPass(createEraseUnusedAdjointFuncs());
  // After canonicalization, which would fold the row-by-row matrices back
  // into n-D vector.from_elements (not convertible to LLVM).
  pm.addPass(createExpandBuiltins());
  // math.ipowi has no LLVM counterpart: a software implementation.
  pm.addPass(createConvertMathToFuncs());
  // LLVM intrinsics where LLVM has them, libm calls (cbrtf, ...) otherwise;
  // float32 math stays float32.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertKdslToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void kdsl::buildLowerToNvvmPipeline(OpPassManager &pm, const NvvmPipelineOptions &options) {
  // Small and single-use @wp.funcs are inlined into the kernels on the GPU,
  // the others stay device functions (the noise of the prelude, adj_<f>:
  // one copy each, not one per call site). Before the launch lowering, which
  // gives the kernels' kdsl.assert ops (those of inlined funcs too) their
  // thread.
  // (Also a func with an array or struct in its signature, or an assert or
  // print: convert-gpu-to-nvvm converts the signatures of functions of
  // builtin types only, and kdsl.assert / kdsl.print get their thread in
  // kernels.)
  pm.addPass(createLowerTiles());
  pm.addPass(createLowerLanes(LowerLanesOptions{/*gpu=*/true}));
  InlineByCostOptions inlining;
  inlining.gpu = true;
  pm.addPass(createInlineByCost(inlining));
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createIndexFacts());
  pm.addPass(createLowerLaunch());
  // math.ipowi (integer **) has no NVVM counterpart: a software function,
  // made before the outlining, which moves every top-level func into the
  // gpu.module. (convert-math-to-funcs anchors on builtin.module and puts its
  // functions there: run later, the kernels in the gpu.module would call a
  // function outside it, a null callee in the LLVM module.)
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(createOutlineGpuKernels());
  pm.addPass(createCanonicalize()); // canonicalize, linear in block length (EffectFences.cpp)
  pm.addPass(createCSEPass());
  pm.addPass(createEraseUnusedAdjointFuncs());
  pm.addPass(createExpandBuiltins());
  OpPassManager &dev = pm.nest<gpu::GPUModuleOp>();
  dev.addPass(createSCFToControlFlowPass());
  // gpu.func -> llvm.func {nvvm.kernel}, thread ids -> nvvm, math -> libdevice (__nv_*).
  dev.addPass(createConvertGpuOpsToNVVMOps());
  pm.addPass(createConvertKdslToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (!options.toBinary)
    return;
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  // (The target's O level is not read: kdsl-gpu-module-to-ptx runs its llvm-passes.)
  // PTX ISA 7.3+ for stacksave/stackrestore (the per-thread autodiff tapes).
  target.features = "+ptx80";
  if (!options.cudaPath.empty())
    target.linkLibs.push_back(options.cudaPath + "/nvvm/libdevice/libdevice.10.bc");
  pm.addPass(createGpuNVVMAttachTarget(target));
  GpuModuleToPtxOptions ptx;
  ptx.llvmPasses = options.llvmPasses;
  pm.addPass(createGpuModuleToPtx(ptx));
}

void kdsl::buildPrepareEmissionPipeline(OpPassManager &pm, const PrepareEmissionOptions &options) {
  pm.addPass(createLowerTiles());
  // C++: a lane-dependent tile kernel's lanes as loops in each block.
  pm.addPass(createLowerLanes(LowerLanesOptions{/*gpu=*/options.target == "cuda"}));
  // Array indices proven non-negative skip the adjustment of negative ones.
  pm.addPass(createIndexFacts());
  // The emitters map the launch ops (docs/architecture.md).
  pm.addPass(createLowerLaunch());
  // Both keep the adjoint names of what they merge or fold (KeepNames.cpp).
  pm.addPass(createNamedCanonicalize());
  pm.addPass(createNamedCSE());
  pm.addPass(createEraseUnusedAdjointFuncs());
  // After both: a brace initializer per vector built from elements.
  pm.addPass(createInsertChainsToElements());
  // Last: the entry points and the thread mapping the printer prints.
  if (!options.target.empty())
    pm.addPass(createBuildEntryPoints(BuildEntryPointsOptions{options.target}));
}

LogicalResult kdsl::prepareForEmission(ModuleOp module, StringRef target,
                                       llvm::function_ref<LogicalResult(PassManager &)> configure) {
  PassManager pm(module.getContext());
  if (configure && failed(configure(pm)))
    return failure();
  PrepareEmissionOptions options;
  options.target = target.str();
  buildPrepareEmissionPipeline(pm, options);
  return pm.run(module);
}

void kdsl::registerKdslPassesAndPipelines() {
  registerKdslPasses();
  PassPipelineRegistration<CpuPipelineOptions>(
      "kdsl-lower-to-cpu",
      "Lower kdsl kernels to the LLVM dialect for the host CPU (the JIT's pipeline)",
      buildLowerToCpuPipeline);
  // PassPipelineRegistration<NvvmPipelineOptions>, but a chip outside
  // kPtxChips is an error when the pipeline is parsed (chip= crashed in
  // NVPTX's code generation, chip=abc went through).
  registerPassPipeline(
      "kdsl-lower-to-nvvm",
      "Lower kdsl kernels to a gpu.module in the NVVM dialect and (to-ptx) PTX",
      [](OpPassManager &pm, llvm::StringRef optionsText,
         llvm::function_ref<LogicalResult(const llvm::Twine &)> errorHandler) {
        NvvmPipelineOptions options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        if (llvm::Error e = checkPtxChip(options.chip, "kdsl-lower-to-nvvm: chip"))
          return errorHandler(llvm::toString(std::move(e)));
        buildLowerToNvvmPipeline(pm, options);
        return success();
      },
      [](llvm::function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(NvvmPipelineOptions());
      });
  PassPipelineRegistration<PrepareEmissionOptions>(
      "kdsl-prepare-emission",
      "Lower the launch, canonicalize and CSE before the C++/CUDA C emitters, and with a target "
      "build its entry points (kdsl-translate runs it first)",
      buildPrepareEmissionPipeline);
}
