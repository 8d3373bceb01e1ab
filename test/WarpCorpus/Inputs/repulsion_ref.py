"""Brute-force reference of Warp's optim/example_particle_repulsion.py kernels
(test/WarpCorpus/particle_repulsion.test).

usage: repulsion_ref.py SPEC.json > EXPECTED.json

The example's pair force has no cutoff of its own: a particle feels every
particle its hash-grid query returns, i.e. every particle whose cell at the
last build lies in the box of cells the query visits. So this reference
loops over all pairs, O(n^2), and keeps the pairs that Warp's hash grid
semantics select (docs/kdsl-run.md, "Objects"; Warp's hashgrid.h): a point's
cell is floor(p * (1 / w)) per axis in float32 (w the cell width); a query
around x with distance r visits the cells floor((x - r) / w) ..
floor((x + r) / w) per axis in float32, each dimension at most once around
the periodic grid (dims wrapped modulo, 2^20 cells of offset). Positions of
the last {"rebuild"} (or of the start) decide the cells, current positions
the query. The force is the negative gradient of A / (|d| + EPS) over the
minimum-image 2-d offset d, plus damping -0.5 (v_i - v_j); float64 per
pair and sum, float32 where the kernels store and where integrate updates
and wraps positions.

The spec's points start on integer pixels, whose coordinates lie on cell
borders (w = 3) and stay within a few ulps of them while they barely move:
the reference refuses a spec in which a query's cell range changes when its
point moves by 4 float32 ulps (kdsl's positions may differ from these by
rounding), except at the unmoved start positions, which are exact.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from refcommon import arg, emit, f32, fail, load_spec  # noqa: E402

N_GRID = 128.0
A = 1.0
EPS = 1e-6
DAMPING = 0.5
RADIUS = 3.0


def ulp(x):
    return math.ulp(f32(abs(x)) or 1e-38) * 2**29  # float32 ulp of x (a double's ulp * 2^29)


def cell(x, inv):
    return math.floor(f32(x * inv))


def cell_range(x, r, inv, dim):
    lo = math.floor(f32(f32(x - r) * inv))
    hi = math.floor(f32(f32(x + r) * inv))
    return lo, min(hi, lo + dim - 1)


def wrap_cell(c, dim):
    return max(0, c + (1 << 20)) % dim


class Grid:
    def __init__(self, desc, arrays):
        self.points = arrays[desc["points"][1:]]
        self.dims = desc["dims"]
        self.inv = f32(1.0 / f32(desc["radius"]))
        self.build()

    def build(self):
        self.cells = [tuple(wrap_cell(cell(p[a], self.inv), self.dims[a]) for a in range(3)) for p in self.points]
        self.start = [list(p) for p in self.points]

    def candidates(self, x, r, exact):
        """Per axis, the set of wrapped cells a query at x visits."""
        sets = []
        for a in range(3):
            lo, hi = cell_range(x[a], r, self.inv, self.dims[a])
            if not exact:
                for s in (-4, 4):
                    if cell_range(x[a] + s * ulp(x[a]), r, self.inv, self.dims[a]) != (lo, hi):
                        fail("a query at %r is within 4 ulps of a cell border" % (x,))
            sets.append({wrap_cell(c, self.dims[a]) for c in range(lo, hi + 1)})
        return sets


def periodic(d, size):
    half = size * 0.5
    if d > half:
        d -= size
    elif d < -half:
        d += size
    return d


def compute_forces(grid, x, v):
    out = []
    for i, xi in enumerate(x):
        sets = grid.candidates(xi, RADIUS, xi == grid.start[i])
        f = [0.0, 0.0, 0.0]
        for j, c in enumerate(grid.cells):
            if j == i or not all(c[a] in sets[a] for a in range(3)):
                continue
            dx = periodic(f32(xi[0] - x[j][0]), N_GRID)
            dy = periodic(f32(xi[1] - x[j][1]), N_GRID)
            r = math.hypot(dx, dy)
            # -d/dd [A / (|d| + EPS)] = A d / (|d| (|d| + EPS)^2)
            s = A / (r * (r + EPS) ** 2)
            f[0] += s * dx - DAMPING * (v[i][0] - v[j][0])
            f[1] += s * dy - DAMPING * (v[i][1] - v[j][1])
            f[2] += -DAMPING * (v[i][2] - v[j][2])
        out.append([f32(c) for c in f])
    return out


def wrap(val, size):
    r = f32(math.fmod(val, size))
    return f32(r + size) if r < 0.0 else r


def main():
    spec, arrays = load_spec(sys.argv[1])
    grids = {name: Grid(o["hash_grid"], arrays) for name, o in spec["objects"].items()}
    for launch in spec["launches"]:
        if "rebuild" in launch:
            grids[launch["rebuild"]].build()
            continue
        k, a = launch["kernel"], {n: arg(arrays, v) for n, v in launch["args"].items()}
        if k == "compute_forces":
            a["f"][:] = compute_forces(grids[launch["args"]["grid"][1:]], a["x"], a["v"])
        elif k == "integrate":
            x, v, f, dt = a["x"], a["v"], a["f"], f32(a["dt"])
            for t in range(len(x)):
                vn = [f32(v[t][c] + f32(f[t][c] * dt)) for c in range(3)]
                xn = [f32(x[t][c] + f32(vn[c] * dt)) for c in range(3)]
                x[t] = [wrap(xn[0], N_GRID), wrap(xn[1], N_GRID), 0.0]
                v[t] = vn
        else:
            fail("unknown kernel " + k)
    emit(spec, arrays)


main()
