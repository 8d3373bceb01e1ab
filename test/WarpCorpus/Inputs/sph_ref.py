"""Brute-force reference of Warp's example_sph.py kernels (test/WarpCorpus/sph.test).

usage: sph_ref.py SPEC.json > EXPECTED.json

Runs the spec's launches with the physics of the example (Mueller et al.
2003: poly6 density, spiky pressure gradient, viscosity Laplacian), written
here from the formulas, over all pairs of particles, O(n^2), without any
grid: the example's query returns at least every particle within the
smoothing length h of the query point, and every term it sums is zero
beyond h, so its sums equal these. Pair terms and sums are float64; stored
values and the element-wise updates (apply_bounds, kick, drift) are float32
as the kernels store them. initialize_particles is modelled with Warp's
random numbers from test/Execution/Inputs/warp_rand_ref.py.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Execution", "Inputs"))
from refcommon import arg, dot, emit, f32, fail, load_spec, v32  # noqa: E402
import warp_rand_ref as rnd  # noqa: E402


def initialize(x, n, h, width, height, length):
    h = f32(h)
    nr_x = int(f32(f32(f32(width) / 4.0) / h))
    nr_y = int(f32(f32(height) / h))
    nr_z = int(f32(f32(f32(length) / 4.0) / h))
    jit = f32(0.001 * h)
    for tid in range(n):
        cell = (float((tid // (nr_z * nr_y)) % nr_x), float((tid // nr_z) % nr_y), float(tid % nr_z))
        g = rnd.Rng(rnd.rand_init(123, tid))
        r = [g.randn(), g.randn(), g.randn()]
        x[tid] = [f32(f32(h * cell[c]) + f32(jit * r[c])) for c in range(3)]


def density(x, norm_, h):
    h2 = h * h
    out = []
    for p in x:
        s = 0.0
        for q in x:
            d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]]
            w = h2 - dot(d, d)
            if w > 0.0:
                s += w * w * w
        out.append(f32(norm_ * s))
    return out


def acceleration(x, v, rho, k, rho0, gravity, pn, vn, h):
    out = []
    for i, p in enumerate(x):
        pressure = k * (rho[i] - rho0)
        fp = [0.0, 0.0, 0.0]
        fv = [0.0, 0.0, 0.0]
        for j, q in enumerate(x):
            if j == i:
                continue
            rel = [q[0] - p[0], q[1] - p[1], q[2] - p[2]]
            r2 = dot(rel, rel)
            if r2 >= h * h:
                continue
            r = r2**0.5
            if r == 0.0:
                fail("particles %d and %d coincide" % (i, j))
            pj = k * (rho[j] - rho0)
            sp = (pj + pressure) / (2.0 * rho[j]) * (h - r) ** 2 / r
            sv = (h - r) / rho[j]
            for c in range(3):
                fp[c] -= rel[c] * sp
                fv[c] += (v[j][c] - v[i][c]) * sv
        acc = [(pn * fp[c] + vn * fv[c]) / rho[i] for c in range(3)]
        acc[1] += gravity
        out.append(v32(acc))
    return out


def apply_bounds(x, v, damping, width, length):
    d, width, length = f32(damping), f32(width), f32(length)
    for t in range(len(x)):
        p, w = list(x[t]), list(v[t])
        for axis, lo, hi in ((0, 0.0, width), (1, 0.0, None), (2, 0.0, length)):
            if p[axis] < lo:
                p[axis] = lo
                w[axis] = f32(w[axis] * d)
            if hi is not None and p[axis] > hi:
                p[axis] = hi
                w[axis] = f32(w[axis] * d)
        x[t], v[t] = p, w


def main():
    spec, arrays = load_spec(sys.argv[1])
    for launch in spec["launches"]:
        if "rebuild" in launch:
            continue  # no grid here
        k, a = launch["kernel"], {n: arg(arrays, v) for n, v in launch["args"].items()}
        if k == "initialize_particles":
            initialize(a["particle_x"], launch["dim"], a["smoothing_length"], a["width"], a["height"], a["length"])
        elif k == "compute_density":
            a["particle_rho"][:] = density(a["particle_x"], a["density_normalization"], f32(a["smoothing_length"]))
        elif k == "get_acceleration":
            a["particle_a"][:] = acceleration(
                a["particle_x"], a["particle_v"], a["particle_rho"], f32(a["isotropic_exp"]), f32(a["base_density"]),
                f32(a["gravity"]), f32(a["pressure_normalization"]), f32(a["viscous_normalization"]),
                f32(a["smoothing_length"]))
        elif k == "apply_bounds":
            apply_bounds(a["particle_x"], a["particle_v"], a["damping_coef"], a["width"], a["length"])
        elif k == "kick":
            dt = f32(a["dt"])
            a["particle_v"][:] = [[f32(w[c] + f32(acc[c] * dt)) for c in range(3)]
                                  for w, acc in zip(a["particle_v"], a["particle_a"])]
        elif k == "drift":
            dt = f32(a["dt"])
            a["particle_x"][:] = [[f32(p[c] + f32(w[c] * dt)) for c in range(3)]
                                  for p, w in zip(a["particle_x"], a["particle_v"])]
        else:
            fail("unknown kernel " + k)
    emit(spec, arrays)


main()
