//===- Passes.td - kdsl passes -----------------------------*- tablegen -*-===//
#ifndef KDSL_TRANSFORMS_PASSES_TD
#define KDSL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExpandBuiltins : Pass<"kdsl-expand-builtins", "mlir::ModuleOp"> {
  let summary = "Expand kdsl vector/matrix/quaternion builtins into arith, math and vector ops";
  let description = [{
    Rewrites `kdsl.dot`, `cross`, `length`, `length_sq`, `normalize`, `matmul`,
    `determinant`, `inverse`, `trace`, `diag` and the `quat_*` ops into scalar
    arith/math ops on extracted components, with Warp's formulas and operand
    order (the C++ emitter's prelude uses the same order, so both CPU backends
    give bit-identical results). Also brings the vector ops the front end
    emits into the forms `convert-vector-to-llvm` handles: `vector.transpose`
    and `vector.outerproduct` are expanded, n-D `vector.from_elements` is
    built row by row, and dynamic positions into matrices become selects.
    First (ExpandMatrixLoops.cpp), products over 512 multiply-adds (and
    transposes and outer products over 512 elements) become scf.for loops
    over memref.alloca buffers instead, in the same operation order, and
    matrices over 512 elements live in such buffers, their loads, stores,
    atomics and element-wise ops loops over rows (kdsl.component_view).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect", "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect", "mlir::ub::UBDialect", "kdsl::KdslDialect"];
}

def Canonicalize : Pass<"kdsl-canonicalize"> {
  let summary = "MLIR's canonicalizer, in time linear in the length of a block";
  let description = [{
    The patterns, their order and the greedy driver's settings of
    `canonicalize` (createCanonicalizerPass()), with the same result; while
    they run, each long block of a loop, `if` or alloca scope starts with a
    `kdsl.effect_fence` (EffectFences.cpp), so that the driver's check
    whether such an op is dead, which it repeats after every rewrite inside
    it, stops at once instead of scanning the whole body (quadratic in a long
    straight-line kernel). The CPU and GPU pipelines use it in place of
    `canonicalize`.
  }];
  let dependentDialects = ["kdsl::KdslDialect"];
  let options = [
    Option<"keepFences", "keep-fences", "bool", /*default=*/"false",
           "Leave the kdsl.effect_fence markers in the output and skip the run without them "
           "(for tests: shows which blocks were fenced)">
  ];
  let statistics = [
    Statistic<"numFences", "effect-fences", "Blocks that held a kdsl.effect_fence while the patterns ran">,
    Statistic<"numReruns", "reruns", "Times the patterns ran again without fences">
  ];
}

def NamedCanonicalize : Pass<"kdsl-named-canonicalize"> {
  let summary = "Canonicalize, keeping the adjoint source names of the ops it replaces";
  let description = [{
    kdsl-prepare-emission's canonicalizer (KeepNames.cpp): the patterns,
    their order and the greedy driver's settings of `canonicalize`, with a
    listener that hands the adjoint names (`adj_<name>`, SourceNames.h) of
    each op replaced to the op defining the value kept (as its name or as
    aliases, which the emitters declare as copies); the results of a
    multi-result op with result names (a reversed `if` folded into selects)
    hand theirs to their replacements. Two changes to the IR: a named adjoint
    that is only negated again is not folded away with its name (`-(-x)`
    stays `-adj_x`, as in Warp's backward), and the elements of a named
    adjoint vector read only by constant-position extracts that no extract
    reads become zeros. Long blocks are fenced as in kdsl-canonicalize.
  }];
  let dependentDialects = ["kdsl::KdslDialect"];
}

def NamedCSE : Pass<"kdsl-named-cse"> {
  let summary = "CSE, keeping the adjoint source names of the ops it erases";
  let description = [{
    kdsl-prepare-emission's CSE (KeepNames.cpp): upstream
    `eliminateCommonSubExpressions`, with a listener that hands the adjoint
    names (`adj_<name>`) of each op erased to the op that computes the same
    value, as its name or as aliases.
  }];
}

def FlattenCarriedStructs : Pass<"kdsl-flatten-carried-structs"> {
  let summary = "Carry structs (and matrices) across scf region boundaries as their parts";
  let description = [{
    Rewrites every `scf.for`, `scf.while` and `scf.if` that carries or
    returns a `!kdsl.struct` whose fields (nested structs too) are scalars and
    vectors so that it carries the fields instead, depth first: the op takes
    and yields the parts (`kdsl.struct_extract`), and each region and the
    op's users rebuild the struct (`kdsl.struct_create`). Structs with array
    fields stay as they are. With `matrices`, matrices (n-D vectors, struct
    fields included) cross as 1-D vectors (`vector.shape_cast`).

    A 1:N dialect conversion: a TypeConverter splits the types, and the
    upstream SCF structural patterns rewrite the ops. kdsl-autodiff needs it
    (its loop tapes hold scalars and vectors only), and so does the GPU
    lowering (convert-gpu-to-nvvm converts no struct-typed block arguments,
    and not the n-D vector ops that feed matrix-typed ones).
  }];
  let options = [Option<"matrices", "matrices", "bool", "false",
                        "Also carry matrices (n-D vectors) as 1-D vectors">];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::vector::VectorDialect"];
}

def InlineByCost : Pass<"kdsl-inline-by-cost", "mlir::ModuleOp"> {
  let summary = "Inline the calls of small or single-use @wp.funcs; the others stay calls";
  let description = [{
    The CPU and GPU pipelines' inliner policy (the emitters keep every func). A call of a `func.func` is inlined
    when the callee is small (at most `max-ops` operations, nested ones
    counted), has exactly one call site in the module, or (with `gpu`)
    takes or returns a kdsl type (an array or a struct) or holds a
    `kdsl.assert` or `kdsl.print` (the GPU lowering converts the signatures
    of functions of builtin types only, and those ops in kernels only);
    other calls stay
    calls, so a func called from many places (the prelude's noise, an
    `adj_<f>` of the autodiff) is one device function instead of a copy per
    call site. Callees are visited before their callers (a func's size is
    taken after its own small callees are inlined). Funcs no call names any
    more are erased. Later, LLVM inlines what it finds profitable.
  }];
  let options = [Option<"maxOps", "max-ops", "unsigned", "48",
                        "Inline a callee with at most this many operations">,
                 Option<"gpu", "gpu", "bool", "false",
                        "Also inline every callee with a kdsl type in its signature, "
                        "an assert or a print">];
}

def EraseUnusedAdjointFuncs : Pass<"kdsl-erase-unused-adjoint-funcs", "mlir::ModuleOp"> {
  let summary = "Erase the adjoint functions (adj_<f>) nothing calls any more";
  let description = [{
    kdsl-autodiff builds `adj_<f>` for every func call an adjoint keeps
    (`kdsl.adjoint_func_of`); canonicalization drops the calls whose adjoints
    reach no array (they are `kdsl.pure`). This erases, to a fixed point,
    the adjoint functions no op refers to any more. Other funcs stay, called
    or not (the emitters print a func no kernel calls).
  }];
}

def IndexFacts : Pass<"kdsl-index-facts", "mlir::ModuleOp"> {
  let summary = "Mark the array indices integer range analysis proves non-negative";
  let description = [{
    Runs upstream integer range analysis (`kdsl.tid` values are in
    `[0, 2^31 - 2]`, `kdsl.shape` in `[0, 2^31 - 1]`; loop induction
    variables and arith follow) and marks each `kdsl.load`, `kdsl.store`,
    `kdsl.atomic` and `kdsl.subarray` whose indices are proven non-negative
    with `kdsl.nonnegative_indices` (one bool per index). The lowerings and
    the C++/CUDA C emitters then leave out the adjustment of negative
    indices (`i < 0 ? i + extent : i`) for those. A `kdsl.component_index`
    whose index is proven in `[0, extent)` is replaced by the index itself.
    Bounds checks, where on, still check every index.

    ```mlir
    %i = kdsl.tid : i32
    %v = kdsl.load %x[%i] {kdsl.nonnegative_indices = array<i1: true>} : <f32, 1>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LowerTiles : Pass<"kdsl-lower-tiles", "mlir::ModuleOp"> {
  let summary = "Tiles as stack buffers, each tile op a loop nest over its elements (issue 30)";
  let description = [{
    The lowering of Warp's tiles every target shares (docs/design/tiles.md,
    slice 2), run before `kdsl-lower-launch`. Every `!kdsl.tile<...>` value
    becomes a `memref<N x T>` buffer (`memref.alloca {kdsl.tile_buffer}` at
    the start of a `memref.alloca_scope` around the kernel's body, so each
    thread of the launch loop frees its buffers), and each tile op a loop
    nest over its elements (`scf.for` with i32 counters): loads and stores
    check every index against the array's extent (out-of-range elements
    read 0 and are not written, Warp's partial tiles), `tile_map` and
    `tile_reduce` apply their region per element, `tile_matmul` is the
    accumulate form in c's element type, `tile_extract` a `memref.load`.
    Tiles carried by `scf.for` or yielded by `scf.if` live in a buffer of
    their own that the branches and iterations copy into.

    This is the design's "redundant" form with one lane per block: every
    tile value is computed whole, and the elements a store or atomic add
    shares out over the lanes are all this lane's. In a lane-dependent
    kernel (include/kdsl/Transforms/Lanes.h; the kernel is marked
    `kdsl.lane_kernel`) the lane ops become steps of the current lane
    (`gpu.thread_id x`; `kdsl.block_dim` is the block dimension, the extent
    `?` of a `wp.tile(x)` tile, whose buffer holds 1024): `wp.tile(x)`
    writes element `lane`, `wp.untile` reads it, `tile_from_thread`,
    `t[i] op= v` and a stack's push / pop are `scf.execute_region`s marked
    `kdsl.per_lane` (kdsl-lower-lanes). A tile of structs is a buffer of
    structs; funcs with tiles in their signature are inlined into their
    callers first (LowerTileFuncs.cpp). Struct tile stacks and scatters are
    errors at the op.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect",
                           "mlir::vector::VectorDialect"];
}

def LowerLanes : Pass<"kdsl-lower-lanes", "mlir::ModuleOp"> {
  let summary = "Run the lanes of a lane-dependent tile kernel's blocks as loops (the CPU, issue 30)";
  let description = [{
    After `kdsl-lower-tiles`, for the CPU targets (the JIT and C++): each
    kernel kdsl-lower-tiles marked lane-dependent (`wp.tile(x)`,
    `wp.untile`, `tile_from_thread`, `t[i] op= v`, tile stacks,
    `wp.block_dim()`, a tiled launch's lane index;
    include/kdsl/Transforms/Lanes.h) gets its launch lowered here and runs
    each block once, at the grid point of its lane 0, with the GPU's
    semantics: the block's values (tiles, its coordinates) are computed
    once, each run of ops that vary over the lanes is a loop over the B
    lanes (`kdsl.launch_dim 4`; `kdsl.launch_dim 5` is the lanes per grid
    point), and a varying value used by a later run goes through a per-lane
    buffer. A lane op's step (`scf.execute_region {kdsl.per_lane,
    kdsl.lane_barrier}`) ends its run, as the GPU's barrier after it does.
    Loops and branches that hold the block's work stay the block's, with
    their bodies split the same way; errors: such a loop carrying a value
    that varies over the lanes, a varying value of a type no buffer holds.
    docs/design/tiles.md, "Lanes". With `gpu`, a lane-dependent kernel is
    an error at the kernel (the GPU targets do not run its lanes yet).
  }];
  let options = [Option<"gpu", "gpu", "bool", "false",
                        "Refuse lane-dependent kernels (the PTX and CUDA C targets)">];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect"];
}

def LowerLaunch : Pass<"kdsl-lower-launch", "mlir::ModuleOp"> {
  let summary = "Run each kdsl.kernel's body in a loop over its threads (the launch, for every target)";
  let description = [{
    The launch lowering every target shares (docs/architecture.md). Each
    `kdsl.kernel` body becomes

    ```mlir
    %begin, %end, %step = kdsl.thread_range : i64, i64, i64  // this entry point's threads
    %n1 = kdsl.launch_dim 1 : i64                            // the extents the split needs
    scf.for %flat = %begin to %end step %step : i64 { ... }  // the body, once per thread
    ```

    where `kdsl.tid` has become the row-major split of `%flat` (`arith.remsi`
    / `arith.divsi` by the extents, `arith.trunci` to i32, named as the source
    names the thread ids), and every `kdsl.assert` carries `thread(%flat)`.
    The targets map `kdsl.thread_range` (CPU: `begin, end, 1`; GPU: a
    grid-stride loop), `kdsl.launch_dim`, `kdsl.block_dim` and the kernel's
    arguments to their entry point's parameters. Kernels lowered already are
    left alone.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def BuildEntryPoints : Pass<"kdsl-build-entry-points", "mlir::ModuleOp"> {
  let summary = "Build each kernel's C++ or CUDA C entry point in the IR, for the printer";
  let description = [{
    The last step of `kdsl-prepare-emission{target=cpp|cuda}`, as CIRCT's
    PrepareForEmission is ExportVerilog's: it writes into the IR what the
    C++/CUDA C printer (lib/Target/Cpp) would otherwise decide, so that the
    printer prints what the IR says (kdsl/Dialect/EntryPoints.h). It takes
    the launch `kdsl-lower-launch` built, after canonicalization and CSE:

    - the kernel gets its entry point, `kdsl.entry_point = {target, comment,
      specifiers, symbol, params, args_from, asm_label, unused}`: the
      signature of the CPU ABI (`<k>_cpu_forward(const int64_t *dims,
      int64_t begin, int64_t end, void **args)`, the arguments read from
      `args`) or of the GPU ABI (`__global__ <k>_cuda_kernel_forward(kdsl_launch
      launch, arguments by value)`, `__launch_bounds__` from the kernel's
      options), and the parameters nothing reads;
    - `kdsl.thread_range` becomes `emitc.literal`s of those parameters: `begin`,
      `end` and the constant 1 (CPU), `(int64_t)blockIdx.x * blockDim.x +
      threadIdx.x`, `launch.total`, `(int64_t)blockDim.x * gridDim.x` (CUDA);
      `kdsl.launch_dim d` becomes `dims[d]` / `launch.dims[d]`;
    - the loop over threads is marked `kdsl.grid_loop`, the `arith.remsi` /
      `arith.divsi` splitting its index over the extents `kdsl.thread_split`
      (printed inline), and the `arith.trunci` of each thread coordinate
      `kdsl.thread_coord = "<name>"` (its name where the source gives none:
      `tid`, or `i`, `j`, `k`, `l`).

    ```mlir
    kdsl.kernel @k(%a: !kdsl.array<f32, 1>) attributes {arg_names = ["a"],
        kdsl.entry_point = {target = "cpp", symbol = "k_cpu_forward", ...}} {
      %begin = emitc.literal "begin" : i64
      %end = emitc.literal "end" : i64
      %c1 = arith.constant 1 : i64
      scf.for %t = %begin to %end step %c1 : i64 {
        %i = arith.trunci %t overflow<nsw, nuw> {kdsl.thread_coord = "tid"} : i64 to i32
        ...
      } {kdsl.grid_loop}
      kdsl.return
    }
    ```

    A kernel whose launch is not lowered (a `kdsl.tid` left) is an error; one
    built already for the same target is left alone, one built for the other
    target is rebuilt in place (each literal's text says which value it is;
    kdsl-synth emits one prepared module as C++, then as CUDA C).
    `kdsl.block_dim` stays (the printer spells it).
  }];
  let options = [Option<"target", "target", "std::string", "\"cpp\"",
                        "The emitter: cpp (the CPU ABI) or cuda (the GPU ABI)">];
  let dependentDialects = ["mlir::emitc::EmitCDialect", "mlir::arith::ArithDialect"];
}

def OutlineCpuKernels : Pass<"kdsl-outline-cpu-kernels", "mlir::ModuleOp"> {
  let summary = "Turn each kdsl.kernel into a CPU entry point running a range of the launch grid";
  let description = [{
    Each `kdsl.kernel @k` becomes
    `func.func @k_cpu_forward(%dims: !llvm.ptr, %begin: i64, %end: i64, %args: !llvm.ptr)`
    (the ABI of include/kdsl/Runtime/KernelABI.h). It takes the launch
    `kdsl-lower-launch` built (the loop over the flat thread indices, the
    split thread ids) and maps it: arguments are read from `args` with
    `kdsl.read`, `kdsl.thread_range` is `(begin, end, 1)`, `kdsl.launch_dim d`
    is `dims[d]`, `kdsl.block_dim` is 1 (Warp's CPU kernels; in funcs too). `kdsl.assert` becomes a call of `kdsl_report_assert` when the
    condition is false. With `check-bounds`, every array access is guarded
    and an out-of-range index calls `kdsl_report_oob` instead.
  }];
  let options = [Option<"checkBounds", "check-bounds", "bool", "false",
                        "Guard every array access with a bounds check">,
                 Option<"denseFastPath", "dense-fast-path", "bool", "true",
                        "Add a copy of the grid loop for dense arrays (vectorizable)">];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::scf::SCFDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect"];
}

def OutlineGpuKernels : Pass<"kdsl-outline-gpu-kernels", "mlir::ModuleOp"> {
  let summary = "Turn each kdsl.kernel into a gpu.func with the GPU ABI (docs/gpu-abi.md)";
  let description = [{
    Each `kdsl.kernel @k` becomes `gpu.func @k_cuda_kernel_forward(%launch, args...) kernel`
    in `gpu.module @kdsl_kernels`: `launch` is the `kdsl_launch` struct
    `{i64 dims[4], i64 total}` and the arguments come by value in the C layout
    of the CPU ABI, the same entry point as `--emit=cuda`. It takes the
    launch `kdsl-lower-launch` built and maps it: `kdsl.thread_range` is `(blockIdx.x * blockDim.x + threadIdx.x,
    launch.total, blockDim.x * gridDim.x)`, `kdsl.launch_dim d` is
    `launch.dims[d]`, `kdsl.block_dim` is `blockDim.x`; `kdsl.assert` prints
    with `gpu.printf`.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect"];
}

def ConvertKdslToLLVM : Pass<"kdsl-convert-to-llvm", "mlir::ModuleOp"> {
  let summary = "Convert kdsl memory/struct ops and the upstream dialects to the LLVM dialect";
  let description = [{
    One dialect conversion: `!kdsl.array` becomes the `kdsl_array` descriptor
    struct, `!kdsl.struct` an LLVM struct; `kdsl.load/store/shape/atomic/read`
    become address arithmetic, loads, stores and `llvm.atomicrmw`; arith,
    math, vector, func, cf and ub use their upstream patterns.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def InsertChainsToElements : Pass<"kdsl-insert-chains-to-elements"> {
  let summary = "Turn chains of vector.insert into a constant vector into vector.from_elements";
  let description = [{
    A 1-D vector built by inserting elements one by one into a constant
    (`%1 = vector.insert %a, %zeros [2]`, `%2 = vector.insert %b, %1 [1]`,
    ...; the adjoint of a vector read by component), where every insert but
    the last has no other use and no source name of its own, becomes one
    `vector.from_elements` at the last insert's location, with the
    constant's elements where nothing was inserted. The values are the same;
    the C++ and CUDA C emitters print one brace initializer
    (`kdsl::vec<float, 6>{{a, b, 0.0f, ...}}`) instead of a copy and an
    assignment per insert. Part of kdsl-prepare-emission.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::vector::VectorDialect"];
}

def GpuModuleToPtx : Pass<"kdsl-gpu-module-to-ptx", "mlir::ModuleOp"> {
  let summary = "Compile each NVVM-targeted gpu.module to a gpu.binary holding PTX text";
  let description = [{
    What upstream `gpu-module-to-binary{format=isa}` does for `#nvvm.target`s
    (translate to LLVM IR, link the target's bitcode libraries such as
    libdevice, optimize, NVPTX code generation), with two changes for compile
    time:

    - each bitcode library is read once per process and linked lazily from
      memory (only the functions the module calls);
    - the LLVM passes before NVPTX code generation are `llvm-passes`, by
      default a short pipeline (NVVM reflect, inlining of libdevice, SROA,
      EarlyCSE, InstCombine, SimplifyCFG) instead of `default<O3>`: ptxas
      optimizes the PTX again, and on kdsl-synth's kernels O3 gave ptxas
      more SASS to emit, not less, at 4x the LLVM time (docs/gpu-abi.md).

    `llvm-passes=default<O3>` gives upstream's optimization back. libdevice's
    `sqrtf` and division are the IEEE-rounded ones (`__CUDA_PREC_SQRT=1`, as
    nvcc by default).
  }];
  let options = [
    Option<"llvmPasses", "llvm-passes", "std::string",
           /*default=*/"kdsl::kDefaultPtxLlvmPasses",
           "LLVM pass pipeline (opt -passes syntax) run before NVPTX code generation">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

#endif
