"""Checks kdsl's gradients of noise, pnoise and curlnoise (warp_noise_grad.test).

noise / pnoise: Warp's adjoints (adj_noise, adj_pnoise in noise.h) are the
analytic gradients noise_Nd_gradient, evaluated here in float32 by
warp_rand_ref.noise_gradient_nd. curlnoise: Warp's adjoint is built from the
noise Hessians; here it is the central finite difference, in float64, of
warp_rand_ref's curlnoise evaluated in float64 (h = 1e-6).

Usage: warp_noise_grad_ref.py SPEC.json KDSL_RUN_OUTPUT.json
prints the largest error per array; exits 1 if one exceeds the tolerance.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import warp_rand_ref as ref  # noqa: E402

RTOL, ATOL = 1e-4, 1e-5
PERIODS = {"b1": [3], "b2": [3, 4], "b3": [2, 3, 4], "b4": [5, 2, 3, 4]}
CURL = {"c2": ((1, 2.0, 0.5), [1.0, 2.0]), "c3": ((2, 1.5, 0.7), [1.0, 2.0, 3.0]),
        "c4": ((2, 2.0, 0.5), [1.0, 2.0, 3.0])}


def as_list(p):
    return p if isinstance(p, list) else [p]


def curl_fd(state, p, args, weights, h=1e-6):
    f32, f32v = ref.f32, ref.f32v
    ref.f32, ref.f32v = float, list  # the same algorithm in float64
    ref.random_gradient.cache_clear()
    try:
        def loss(q):
            return sum(w * c for w, c in zip(weights, ref.curlnoise(state, q, *args)))
        grad = []
        for k in range(len(p)):
            hi, lo = list(p), list(p)
            hi[k] += h
            lo[k] -= h
            grad.append((loss(hi) - loss(lo)) / (2 * h))
        return grad
    finally:
        ref.f32, ref.f32v = f32, f32v
        ref.random_gradient.cache_clear()


def expected(name, state, p):
    p = [ref.f32(x) for x in as_list(p)]
    if name.startswith("a"):
        return ref.noise_gradient_nd(state, *ref.cell(p))
    if name.startswith("b"):
        return ref.noise_gradient_nd(state, *ref.cell(p, PERIODS[name]))
    args, weights = CURL[name]
    return curl_fd(state, p, args, weights)


def main():
    spec = json.load(open(sys.argv[1]))
    got = json.load(open(sys.argv[2]))
    if not got.get("ok"):
        print("kdsl-run failed:", got.get("error"))
        return 1
    state = ref.rand_init(spec["launches"][0]["args"]["seed"])
    bad = 0
    for name in sorted(n for n in spec["arrays"] if n != "loss"):
        worst = 0.0
        for p, g in zip(spec["arrays"][name]["data"], got["grads"][name]):
            for w, h in zip(expected(name, state, p), as_list(g)):
                err = abs(w - h) / (RTOL * max(abs(w), abs(h)) + ATOL)
                worst = max(worst, err)
        bad += worst > 1.0
        print("%s: %d points, %s (worst error / tolerance %.3f)" % (
            name, len(got["grads"][name]), "ok" if worst <= 1.0 else "FAIL", worst))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
