# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# The adjoint of a vector whose components are read one by one is accumulated component by component; the vector
# that collects them is adj_d, the adjoint of d (issue 13, point 1), not named
# after the statement whose components it collects (it was adj_l_N: autodiff
# builds each accumulation at the location of its contribution, adj_l, and
# the adj_d given to it was dropped; include/kdsl/Dialect/SourceNames.h).
import warp as wp


@wp.kernel
def spring(x: wp.array(dtype=wp.vec3), y: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    d = x[i] - y[i]
    l = wp.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    out[i] = l


# CHECK-LABEL: extern "C" void spring_cpu_backward(
# CHECK: // adj: l = wp.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
# CHECK: const kdsl::vec<float, 3> adj_d = kdsl::vec<float, 3>{{.*}};
# CHECK-NEXT: // adj: d = x[i] - y[i]
# CHECK-NEXT: const kdsl::vec<float, 3> {{v[0-9]+}} = -adj_d;
