//===- Passes.h - kdsl passes and pipelines --------------------*- C++ -*-===//
#ifndef KDSL_TRANSFORMS_PASSES_H
#define KDSL_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Error.h"

namespace kdsl {

/// kdsl-gpu-module-to-ptx's default LLVM pipeline before NVPTX code
/// generation (the pass's description says why it is not O3).
inline constexpr const char *kDefaultPtxLlvmPasses =
    "nvvm-reflect,always-inline,function(sroa,early-cse,instcombine<no-verify-fixpoint>,"
    "simplifycfg)";

/// The GPUs kdsl compiles PTX for: the chips LLVM's NVPTX backend knows
/// from sm_70 (Volta) to those PTX ISA 8.0 reaches (the NVVM pipeline asks
/// for +ptx80). One list for kdsl-translate --arch, kdsl-synth generate
/// --arch, kdsl-lower-to-nvvm{chip=} and kdsl-gpu-module-to-ptx.
inline constexpr llvm::StringLiteral kPtxChips[] = {"sm_70", "sm_75", "sm_80", "sm_86",
                                                    "sm_87", "sm_89", "sm_90", "sm_90a"};

/// Success if `chip` is one of kPtxChips, else the error "`what` must be one
/// of sm_70, ..., sm_90a; got 'CHIP'" (`what`: "--arch", "chip").
llvm::Error checkPtxChip(llvm::StringRef chip, llvm::StringRef what);

#define GEN_PASS_DECL
#include "kdsl/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kdsl/Transforms/Passes.h.inc"

struct CpuPipelineOptions : public mlir::PassPipelineOptions<CpuPipelineOptions> {
  Option<bool> checkBounds{*this, "check-bounds", llvm::cl::desc("Guard array accesses"),
                           llvm::cl::init(false)};
  Option<bool> denseFastPath{
      *this, "dense-fast-path",
      llvm::cl::desc("A vectorizable copy of the grid loop for dense arrays"),
      llvm::cl::init(true)};
  Option<bool> indexFacts{
      *this, "index-facts",
      llvm::cl::desc("Run kdsl-index-facts (leaves out the negative-index adjustment of "
                     "indices proven non-negative; the same results without)"),
      llvm::cl::init(true)};
};

/// kdsl IR -> LLVM dialect for the host CPU (the JIT's and --emit=llvm's pipeline).
void buildLowerToCpuPipeline(mlir::OpPassManager &pm, const CpuPipelineOptions &options);

struct NvvmPipelineOptions : public mlir::PassPipelineOptions<NvvmPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target GPU: sm_70, sm_75, sm_80, sm_86, sm_87, sm_89, "
                                          "sm_90 or sm_90a (kPtxChips)"),
                           llvm::cl::init("sm_80")};
  Option<std::string> cudaPath{*this, "cuda-path", llvm::cl::desc("CUDA toolkit (for libdevice)"),
                               llvm::cl::init("")};
  Option<bool> toBinary{*this, "to-ptx",
                        llvm::cl::desc("End with kdsl-gpu-module-to-ptx (a gpu.binary of PTX)"),
                        llvm::cl::init(true)};
  Option<std::string> llvmPasses{
      *this, "llvm-passes",
      llvm::cl::desc("kdsl-gpu-module-to-ptx's LLVM pipeline (e.g. default<O3>)"),
      llvm::cl::init(kDefaultPtxLlvmPasses)};
};

/// kdsl IR -> gpu.module in the NVVM/LLVM dialect (and, with to-ptx, a
/// gpu.binary holding PTX text).
void buildLowerToNvvmPipeline(mlir::OpPassManager &pm, const NvvmPipelineOptions &options);

/// The rewrite patterns of kdsl-expand-builtins, one per op: kdsl
/// vector/matrix/quaternion builtins into scalar arith/math on components,
/// and the vector ops convert-vector-to-llvm cannot take (n-D from_elements
/// and broadcast, transpose, outerproduct, matrix shape_casts, dynamic
/// positions into matrices) into 1-D ones.
void populateExpandBuiltinsPatterns(mlir::RewritePatternSet &patterns);

/// Whether kdsl-expand-builtins rewrites `op` (a kdsl vector/matrix/quat
/// builtin, or a vector op in a form convert-vector-to-llvm cannot take).
bool needsBuiltinExpansion(mlir::Operation *op);

/// What kdsl-expand-builtins does, on the ops under `root`: applies those
/// patterns with the dialect conversion driver; fails (with an error at the
/// op) if some op needs an expansion that no pattern gives.
llvm::LogicalResult expandBuiltinsIn(mlir::Operation *root);

/// Matrices of more elements than this (larger than 16x32) are large: the
/// lowerings keep them in stack buffers and work on them a row at a time in
/// loops, and autodiff reverses their broadcasts and run-time positions by
/// rule instead of through the element-wise expansions.
inline constexpr int64_t kMaxSSAMatrixElements = 512;

/// Whether `t` is a matrix of more than kMaxSSAMatrixElements elements.
inline bool isLargeMatrixType(mlir::Type t) {
  auto v = llvm::dyn_cast<mlir::VectorType>(t);
  return v && v.getRank() == 2 && v.getNumElements() > kMaxSSAMatrixElements;
}

/// The first step of kdsl-expand-builtins (ExpandMatrixLoops.cpp): under
/// `root`, inside functions, matrix products, transposes and outer products
/// too large to unroll (over 512 multiply-adds or elements) become scf.for
/// loops over stack buffers allocated at the function's entry, and large
/// matrices live in such buffers, moved and combined a row at a time in
/// loops, wherever the ops using them allow; the smaller ones are left to
/// the patterns.
void expandLargeMatrixOpsToLoops(mlir::Operation *root);

/// What kdsl-flatten-carried-structs does, on the ops under `root`: every
/// scf.for, scf.while and scf.if that carries or returns structs of scalars,
/// vectors and matrices carries their fields instead; with `matrices`, also
/// matrices (n-D vectors) as 1-D vectors.
llvm::LogicalResult flattenCarriedValues(mlir::Operation *root, bool matrices);

/// flattenCarriedValues for structs only; kept for callers that do not check
/// the result (an error is emitted at the failing op).
void flattenCarriedStructs(mlir::Operation *root);

/// kdsl-canonicalize's markers (EffectFences.cpp): a kdsl.effect_fence at
/// the start of every long block of an op whose effects are those of its
/// body, so that the greedy driver's dead-op checks stop at once; how many
/// were put in. And the fences taken out; whether the patterns should run
/// once more (a fenced op is dead now, or a fenced block is short).
unsigned insertEffectFences(mlir::Operation *root);
bool removeEffectFences(mlir::Operation *root);

/// What MLIR's canonicalize pass runs, for kdsl-canonicalize and
/// kdsl-named-canonicalize: every loaded dialect's and registered op's
/// canonicalization patterns (frozen once per pass)...
std::shared_ptr<const mlir::FrozenRewritePatternSet>
canonicalizationPatterns(mlir::MLIRContext *ctx);
/// ...and createCanonicalizerPass()'s driver settings.
mlir::GreedyRewriteConfig canonicalizerConfig();

struct PrepareEmissionOptions : public mlir::PassPipelineOptions<PrepareEmissionOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("cpp or cuda: end with kdsl-build-entry-points for that emitter; empty: "
                     "the part both emitters share"),
      llvm::cl::init("")};
};

/// The preparation of the C++/CUDA C emitters (kdsl-prepare-emission):
/// kdsl-lower-launch, then canonicalization and CSE, as the CPU and GPU
/// pipelines do after outlining, and with a target kdsl-build-entry-points
/// (the entry points and the thread mapping, in the IR the printer prints).
/// It folds and drops dead values and unused loop results; it does not change
/// floating-point results. The emitters translate the module as they get it.
void buildPrepareEmissionPipeline(mlir::OpPassManager &pm,
                                  const PrepareEmissionOptions &options = {});

/// Runs kdsl-prepare-emission{target=`target`} on `module` in place;
/// `configure` (optional) applies a tool's pass-manager options (timing, IR
/// printing).
llvm::LogicalResult
prepareForEmission(mlir::ModuleOp module, llvm::StringRef target,
                   llvm::function_ref<llvm::LogicalResult(mlir::PassManager &)> configure = {});

/// kdsl-build-entry-points{target=`target`} on `module` without a pass
/// manager, for a module prepared once for both emitters (kdsl-synth).
llvm::LogicalResult buildEntryPoints(mlir::ModuleOp module, llvm::StringRef target);

/// Registers every kdsl pass and the named pipelines (kdsl-lower-to-cpu,
/// kdsl-lower-to-nvvm, kdsl-prepare-emission).
void registerKdslPassesAndPipelines();

} // namespace kdsl

#endif
