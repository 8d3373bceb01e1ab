//===- KdslAttrs.td - kdsl attributes ----------------------*- tablegen -*-===//
//
// The C++ / CUDA C entry point of a kernel, as kdsl-build-entry-points writes
// it (kdsl/Dialect/EntryPoints.h).
//
//===----------------------------------------------------------------------===//

#ifndef KDSL_ATTRS_TD
#define KDSL_ATTRS_TD

include "KdslBase.td"

def Kdsl_EntryTarget : I32EnumAttr<"EntryTarget", "the emitter an entry point is built for", [
    I32EnumAttrCase<"cpp", 0>, I32EnumAttrCase<"cuda", 1>]> {
  let cppNamespace = "::kdsl";
  let genSpecializedAttr = 0;
}

def Kdsl_EntryPointAttr : AttrDef<Kdsl_Dialect, "EntryPoint"> {
  let mnemonic = "entry_point";
  let summary = "a kernel's C++ or CUDA C entry point";
  let description = [{
    Written on a `kdsl.kernel` by `kdsl-build-entry-points` (the last step of
    `kdsl-prepare-emission{target=cpp|cuda}`); the C++ and CUDA C printers
    print it and decide nothing. The target fixes the ABI: its parameters,
    specifiers and the comment above the entry point (`kdsl::entryAbi`,
    docs/architecture.md). The attribute holds what each kernel adds:

    - `symbol`: the entry point's symbol (`<k>_cpu_forward`,
      `<primal>_cuda_kernel_backward`, ...);
    - `launch_bounds`: CUDA's `__launch_bounds__` (1 or 2 values, CUDA only);
    - `unused`: the ABI's parameters nothing in the body reads, in the order
      the printer casts them to `void`.

    ```mlir
    kdsl.kernel @k(...) attributes {kdsl.entry_point = #kdsl.entry_point<cpp "k_cpu_forward", unused = [args]>}
    kdsl.kernel @g(...) attributes {kdsl.entry_point = #kdsl.entry_point<cuda "g_cuda_kernel_forward", launch_bounds = [128]>}
    ```
  }];
  let parameters = (ins
    EnumParameter<Kdsl_EntryTarget>:$target,
    StringRefParameter<"the entry point's symbol">:$symbol,
    OptionalArrayRefParameter<"int64_t">:$launchBounds,
    OptionalArrayRefParameter<"unsigned">:$unused);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // KDSL_ATTRS_TD
