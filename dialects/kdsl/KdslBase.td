//===- KdslBase.td - kdsl dialect definition ---------------*- tablegen -*-===//
//
// The kdsl dialect holds what is specific to NVIDIA Warp's kernel language:
// kernels, arrays, structs, thread ids, atomics and the vector / matrix /
// quaternion builtins whose semantics (and derivative rules) kdsl defines.
// Everything else is expressed with upstream dialects (arith, math, scf,
// vector, func).
//
//===----------------------------------------------------------------------===//

#ifndef KDSL_BASE_TD
#define KDSL_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Kdsl_Dialect : Dialect {
  let name = "kdsl";
  let cppNamespace = "::kdsl";
  let summary = "Warp kernel-language constructs";
  let description = [{
    The `kdsl` dialect models the parts of NVIDIA Warp's Python kernel
    language that have no upstream MLIR equivalent: kernels launched over a
    1-4 dimensional grid (`kdsl.kernel`, `kdsl.tid`), Warp arrays with a
    run-time shape and byte strides (`!kdsl.array`), user structs
    (`!kdsl.struct`), atomics, in-kernel checks, and the vector, matrix and
    quaternion builtins. Vectors and matrices are builtin `vector<N x T>` and
    `vector<R x C x T>` values; quaternions are `vector<4 x T>` in `[x, y, z, w]`
    order, used only through the `kdsl.quat_*` operations.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Folded kdsl ops (kdsl.component_index) become arith.constant.
  let hasConstantMaterializer = 1;
  // The attributes kdsl-build-entry-points writes (kdsl/Dialect/EntryPoints.h).
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect"
  ];
}

class Kdsl_Op<string mnemonic, list<Trait> traits = []>
    : Op<Kdsl_Dialect, mnemonic, traits>;

class Kdsl_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Kdsl_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // KDSL_BASE_TD
