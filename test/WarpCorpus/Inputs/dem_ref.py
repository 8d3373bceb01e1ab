"""Brute-force reference of Warp's example_dem.py kernels (test/WarpCorpus/dem.test).

usage: dem_ref.py SPEC.json > EXPECTED.json

Runs the spec's launches with the example's contact model, written here from
its description: a spring-damper normal force with cohesion (particles of
radius r in contact while their gap d - 2r is at most 0.0075; the ground
y = 0 while y < 0.02, with friction 100 and mu 0.5 there) and Coulomb
friction, over all pairs of particles, O(n^2), without any grid. The
example's query (radius 5r around the particle's current position, on a grid
built once per frame) returns every particle whose position at the build was
within 5r, which covers every particle in contact during a frame: the spec
moves no particle by more than 5r - (2r + 0.0075) relative to another within
one, so the sums are equal. Pair terms and sums are float64; the stored
forces and integrate are float32. Cohesion makes the force jump at the
threshold, so every pair's gap and every height must stay 2e-6 away from
theirs (else the reference refuses the spec: float32 rounding could then
flip a contact).
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from refcommon import arg, dot, emit, f32, fail, load_spec, v32  # noqa: E402

COHESION_GROUND = 0.02
COHESION_PARTICLE = 0.0075
MARGIN = 2e-6


def contact_force(n, v, c, k_n, k_d, k_f, k_mu):
    vn = dot(n, v)
    fn = c * k_n + min(vn, 0.0) * k_d
    vt = [v[k] - n[k] * vn for k in range(3)]
    vs = math.sqrt(dot(vt, vt))
    if vs > 0.0:
        vt = [t / vs for t in vt]
    ft = min(vs * k_f, k_mu * abs(fn))
    return [-n[k] * fn - vt[k] * ft for k in range(3)]


def apply_forces(x, v, r, k_n, k_d, k_f, k_mu):
    out = []
    for i, p in enumerate(x):
        f = [0.0, 0.0, 0.0]
        if abs(p[1] - COHESION_GROUND) < MARGIN:
            fail("particle %d is within %g of the ground contact height" % (i, MARGIN))
        if p[1] < COHESION_GROUND:
            g = contact_force([0.0, 1.0, 0.0], v[i], p[1], k_n, k_d, 100.0, 0.5)
            f = [f[k] + g[k] for k in range(3)]
        for j, q in enumerate(x):
            if j == i:
                continue
            n = [p[k] - q[k] for k in range(3)]
            d = math.sqrt(dot(n, n))
            err = d - 2.0 * r
            if abs(err - COHESION_PARTICLE) < MARGIN:
                fail("particles %d and %d are within %g of the cohesion distance" % (i, j, MARGIN))
            if err <= COHESION_PARTICLE:
                n = [c / d for c in n]
                vrel = [v[i][k] - v[j][k] for k in range(3)]
                g = contact_force(n, vrel, err, k_n, k_d, k_f, k_mu)
                f = [f[k] + g[k] for k in range(3)]
        out.append(v32(f))
    return out


def main():
    spec, arrays = load_spec(sys.argv[1])
    for launch in spec["launches"]:
        if "rebuild" in launch:
            continue  # no grid here
        k, a = launch["kernel"], {n: arg(arrays, v) for n, v in launch["args"].items()}
        if k == "apply_forces":
            a["particle_f"][:] = apply_forces(
                a["particle_x"], a["particle_v"], f32(a["radius"]), f32(a["k_contact"]), f32(a["k_damp"]),
                f32(a["k_friction"]), f32(a["k_mu"]))
        elif k == "integrate":
            x, v, f = a["x"], a["v"], a["f"]
            g, dt, im = v32(a["gravity"]), f32(a["dt"]), f32(a["inv_mass"])
            for t in range(len(x)):
                # v + f * inv_mass * dt + gravity * dt, then x + v_new * dt, in float32.
                vn = [f32(f32(v[t][c] + f32(f32(f[t][c] * im) * dt)) + f32(g[c] * dt)) for c in range(3)]
                x[t] = [f32(x[t][c] + f32(vn[c] * dt)) for c in range(3)]
                v[t] = vn
        else:
            fail("unknown kernel " + k)
    emit(spec, arrays)


main()
