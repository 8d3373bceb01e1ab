"""Writes the kdsl-run specs that run Warp's example files (test/WarpCorpus).

usage: make_spec.py EXAMPLE [SEED] [--cell W]      EXAMPLE: sph-init, sph, sph-stale, dem, dem-ground, repulsion

Each spec builds the hash grid as the example's host code builds it (the same
dims and cell width, built from the same positions array) and launches the
kernels in the order the example's step() / simulate() launches them, with
the same constants (derived from the example's parameters the way its
__init__ derives them). What differs is the size: a few hundred particles
instead of 62,500 / 65,536 / the logo's pixels, and a few substeps, so that
the brute-force O(n^2) references (sph_ref.py, dem_ref.py, repulsion_ref.py)
stay quick. Positions come from the example's own initialization where it is
a kernel (sph-init launches initialize_particles), else from a deterministic
generator written here (random.Random(SEED)). Nothing here is Warp's code.
"""
import argparse
import json
import math
import random
import sys


def vec3_array(points):
    return {"data": [[float(c) for c in p] for p in points], "dtype": "vec3f"}


def zeros3(n):
    return {"zeros": [n], "dtype": "vec3f"}


def sph(init, rnd, rebuild=True):
    # The example's parameters, with a smaller box (the example: 80 x 80 x 80, h = 0.8).
    h = 0.8
    width, height, length = 6.4, 16.0, 16.0
    isotropic_exp, base_density = 20.0, 1.0
    mass = 0.01 * h**3
    dt = 0.01 * h
    visc, damping, gravity = 0.025, -0.95, -0.1
    dens_norm = 315.0 * mass / (64.0 * math.pi * h**9)
    press_norm = -(45.0 * mass) / (math.pi * h**6)
    visc_norm = 45.0 * visc * mass / (math.pi * h**6)
    grid = int(height / (4.0 * h))
    arrays = {}
    launches = []
    if init:
        # As the example: n from the box, positions by its initialize_particles kernel.
        n = int(height * (width / 4.0) * (height / 4.0) / h**3)
        arrays["x"] = zeros3(n)
        arrays["v"] = zeros3(n)
        launches.append(
            {
                "kernel": "initialize_particles",
                "dim": n,
                "args": {"particle_x": "@x", "smoothing_length": h, "width": width, "height": height, "length": length},
            }
        )
        substeps = 6
    else:
        # A compressed block (spacing 0.45 h, jittered) moving in random
        # directions, some particles already outside the walls: every
        # particle has neighbours inside h, and apply_bounds clamps.
        pts, vel = [], []
        for ix in range(6):
            for iy in range(6):
                for iz in range(6):
                    pts.append([0.45 * h * c + rnd.uniform(-0.1, 0.1) * h for c in (ix - 0.3, iy + 0.2, iz - 0.3)])
                    vel.append([rnd.uniform(-6.0, 6.0) for _ in range(3)])
        n = len(pts)
        arrays["x"] = vec3_array(pts)
        arrays["v"] = vec3_array(vel)
        substeps = 6
    arrays["rho"] = {"zeros": [n], "dtype": "float32"}
    arrays["a"] = zeros3(n)
    for _ in range(substeps):
        if rebuild:
            launches.append({"rebuild": "grid"})
        launches.append(
            {
                "kernel": "compute_density",
                "dim": n,
                "args": {
                    "grid": "@grid",
                    "particle_x": "@x",
                    "particle_rho": "@rho",
                    "density_normalization": dens_norm,
                    "smoothing_length": h,
                },
            }
        )
        launches.append(
            {
                "kernel": "get_acceleration",
                "dim": n,
                "args": {
                    "grid": "@grid",
                    "particle_x": "@x",
                    "particle_v": "@v",
                    "particle_rho": "@rho",
                    "particle_a": "@a",
                    "isotropic_exp": isotropic_exp,
                    "base_density": base_density,
                    "gravity": gravity,
                    "pressure_normalization": press_norm,
                    "viscous_normalization": visc_norm,
                    "smoothing_length": h,
                },
            }
        )
        launches.append(
            {
                "kernel": "apply_bounds",
                "dim": n,
                "args": {
                    "particle_x": "@x",
                    "particle_v": "@v",
                    "damping_coef": damping,
                    "width": width,
                    "height": height,
                    "length": length,
                },
            }
        )
        launches.append({"kernel": "kick", "dim": n, "args": {"particle_v": "@v", "particle_a": "@a", "dt": dt}})
        launches.append({"kernel": "drift", "dim": n, "args": {"particle_x": "@x", "particle_v": "@v", "dt": dt}})
    # kdsl-run builds the grid before the first launch; the example builds it again at the top
    # of every substep ({"rebuild": "grid"}), after initialize_particles in sph-init.
    return {
        "arrays": arrays,
        "objects": {"grid": {"hash_grid": {"dims": [grid, grid, grid], "points": "@x", "radius": h}}},
        "launches": launches,
        "print": ["x", "v", "rho", "a"],
    }


def dem(ground, rnd):
    # The example's parameters; its 32 x 64 x 32 block (np.linspace(0, dim, dim) * 2r per axis,
    # jitter r * 0.1 * U[0, 1)) cut to a 6 x 6 x 6 corner, at the example's height or on the ground.
    r = 0.1
    frame_dt = 1.0 / 60.0
    substeps = 64 if not ground else 24
    sim_dt = frame_dt / 64
    k_contact, k_damp, k_friction, k_mu = 8000.0, 2.0, 1.0, 100000.0
    inv_mass = 64.0
    lower = (0.0, 0.0 if ground else 0.5, 0.0)
    dims = (32, 64, 32)
    pts = []
    for ix in range(6):
        for iy in range(6):
            for iz in range(6):
                idx = (ix, iy, iz)
                pts.append([idx[a] * dims[a] / (dims[a] - 1) * 2.0 * r + lower[a] + rnd.random() * r * 0.1 for a in range(3)])
    n = len(pts)
    launches = []
    for _ in range(substeps):
        launches.append(
            {
                "kernel": "apply_forces",
                "dim": n,
                "args": {
                    "grid": "@grid",
                    "particle_x": "@x",
                    "particle_v": "@v",
                    "particle_f": "@f",
                    "radius": r,
                    "k_contact": k_contact,
                    "k_damp": k_damp,
                    "k_friction": k_friction,
                    "k_mu": k_mu,
                },
            }
        )
        launches.append(
            {
                "kernel": "integrate",
                "dim": n,
                "args": {"x": "@x", "v": "@v", "f": "@f", "gravity": [0.0, -9.8, 0.0], "dt": sim_dt, "inv_mass": inv_mass},
            }
        )
    return {
        "arrays": {"x": vec3_array(pts), "v": {"full": [n], "value": [0.0, 0.0, 15.0], "dtype": "vec3f"}, "f": zeros3(n)},
        # As the example: HashGrid(128, 128, 128), built once per frame with cell width 5 r.
        "objects": {"grid": {"hash_grid": {"dims": [128, 128, 128], "points": "@x", "radius": 5.0 * r}}},
        "launches": launches,
        "print": ["x", "v", "f"],
    }


def repulsion(rnd):
    # The example loads the NVIDIA logo's dark pixels of a 128 x 128 image as
    # (row, column, 0); here the pixels of a ring and of a bar, the same kind
    # of input: one particle per pixel in [0, 128)^2. At the pixels' centres
    # (+ 0.5), not their corners: integer coordinates lie on the cell borders
    # (cell width 3), where a float32 rounding decides which cells a query
    # visits (repulsion_ref.py refuses such a spec).
    pts = []
    for px in range(128):
        for py in range(128):
            d = math.hypot(px - 60.0, py - 70.0)
            if 9.0 <= d <= 12.0 or (30 <= px < 34 and 20 <= py < 48):
                pts.append([px + 0.5, py + 0.5, 0.0])
    n = len(pts)
    sim_dt = 1.0 / 60.0 / 32
    sub = []
    for _ in range(32):
        sub.append({"kernel": "compute_forces", "dim": n, "args": {"grid": "@grid", "x": "@x", "v": "@v", "f": "@f"}})
        sub.append({"kernel": "integrate", "dim": n, "args": {"x": "@x", "v": "@v", "f": "@f", "dt": sim_dt}})
    # Two frames: the example builds the grid once per frame (step), then 32 substeps.
    launches = sub + [{"rebuild": "grid"}] + sub
    return {
        "arrays": {"x": vec3_array(pts), "v": zeros3(n), "f": zeros3(n)},
        # As the example: HashGrid(N_GRID, N_GRID, 1), cell width RADIUS = 3.
        "objects": {"grid": {"hash_grid": {"dims": [128, 128, 1], "points": "@x", "radius": 3.0}}},
        "launches": launches,
        "print": ["x", "v", "f"],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("example")
    ap.add_argument("seed", nargs="?", type=int, default=8)
    ap.add_argument("--cell", type=float, help="the hash grid's cell width instead of the example's")
    args = ap.parse_args()
    which = args.example
    rnd = random.Random(args.seed)
    if which == "sph-init":
        spec = sph(True, rnd)
    elif which == "sph":
        spec = sph(False, rnd)
    elif which == "sph-stale":
        spec = sph(False, rnd, rebuild=False)  # a broken host loop: no grid.build per substep
    elif which == "dem":
        spec = dem(False, rnd)
    elif which == "dem-ground":
        spec = dem(True, rnd)
    elif which == "repulsion":
        spec = repulsion(rnd)
    else:
        raise SystemExit("unknown example " + which)
    if args.cell:
        for obj in spec["objects"].values():
            obj["hash_grid"]["radius"] = args.cell
    json.dump(spec, sys.stdout, indent=1)
    sys.stdout.write("\n")


main()
