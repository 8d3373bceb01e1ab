# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt | FileCheck %s
#
# A struct built without its array field holds a null array (Warp's None):
# kdsl.null_array; its shape is 0 and `if s.a:` is false.

import warp as wp


@wp.struct
class Holder:
    scale: float
    a: wp.array(dtype=wp.int32)


# CHECK-LABEL: kdsl.kernel @defaults(
# CHECK:      %[[NULL:.*]] = kdsl.null_array : <i32, 1>
# CHECK:      %[[S:.*]] = kdsl.struct_create(%{{.*}}, %[[NULL]])
# CHECK:      %[[A:.*]] = kdsl.struct_extract %[[S]]["a"]
# CHECK-NEXT: kdsl.has_data %[[A]] : <i32, 1>
@wp.kernel
def defaults(out: wp.array(dtype=wp.int32)):
    s = Holder()
    if s.a:
        out[0] = 1
    else:
        out[0] = s.a.shape[0] + 2
