# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s
# A @wp.func the backward inlines (it writes an array, so it has no adjoint
# function of its own): its statements are commented under the line of the
# call, indented, so the reader sees the kernel's call and then the func's
# statements (issue 32, point 5). The call's line is shown once; a statement
# of the kernel after the inlined ones gets its own comment again.
import warp as wp


@wp.func
def deposit(out: wp.array(dtype=float), j: int, x: float):
    y = x * x
    wp.atomic_add(out, j, y)
    return y


@wp.kernel
def scatter_square(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    v = a[i]
    s = deposit(out, i, v) * 2.0
    a[i] = s


# CHECK-LABEL: scatter_square_{{cpu|cuda_kernel}}_backward(
# CHECK: // adj: s = deposit(out, i, v) * 2.0   (emit-inlined-call-comments.py:22)
# CHECK-NEXT: const float adj_y = adj_s * 2.0f;
# CHECK-NEXT: //   adj: wp.atomic_add(out, j, y)   (emit-inlined-call-comments.py:14)
# CHECK-NOT: adj: s = deposit
# CHECK: //   adj: y = x * x   (emit-inlined-call-comments.py:13)
# CHECK-NOT: adj: s = deposit
# CHECK: // adj: v = a[i]   (emit-inlined-call-comments.py:21)
