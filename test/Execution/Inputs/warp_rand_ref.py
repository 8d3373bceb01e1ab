"""Independent reference of Warp 1.16's random numbers and noise (rand.h, noise.h).

Standard library only. uint32 arithmetic is done on Python ints with masks,
float32 arithmetic in double precision rounded to float32 after every
operation (exact for + - * / and sqrt, since a double holds more than twice
float32's precision). cos, sin, acos, log, exp and pow are the host C
library's float functions (cosf, ...), called through ctypes: Warp's CPU
kernels call them, and they are not correctly rounded (glibc's cosf differs
from the correctly rounded result for about 1% of arguments), so no other
choice reproduces Warp's bits. Warp on a GPU uses CUDA's versions instead.

C's operand order is followed where it matters: in randn the first randf
feeds the logarithm, the second the cosine.

Usage: warp_rand_ref.py SPEC.json NAME.BACKEND.json...
computes the expected output of the spec's launches of warp_random_kernels.py
and compares every value of each kdsl-run output with it bit for bit
(float32 bit patterns); prints one line per backend and array and exits 1 on
any difference.
"""
import functools
import ctypes
import ctypes.util
import json
import math
import multiprocessing
import struct
import sys

M32 = 0xFFFFFFFF
_F = struct.Struct("<f")
_I = struct.Struct("<I")


def f32(x):
    return _F.unpack(_F.pack(x))[0]


_FV = {n: struct.Struct("<%df" % n) for n in range(1, 5)}


def f32v(xs):
    """Rounds each of up to 4 doubles to float32 (one pack for all)."""
    st = _FV[len(xs)]
    return list(st.unpack(st.pack(*xs)))


def bits(x):
    return _I.unpack(_F.pack(x))[0]


def u32(x):
    return x & M32


def i32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


_libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def _cfloat(name, nargs=1):
    fn = getattr(_libm, name)
    fn.restype = ctypes.c_float
    fn.argtypes = [ctypes.c_float] * nargs
    return fn


cosf, sinf, acosf, logf, expf = (_cfloat(n) for n in ("cosf", "sinf", "acosf", "logf", "expf"))
powf = _cfloat("powf", 2)


def sqrtf(x):
    return f32(math.sqrt(x)) if x >= 0.0 else math.nan


def fdiv(a, b):
    if b == 0.0:
        return math.copysign(math.inf, a) * math.copysign(1.0, b) if a != 0.0 else math.nan
    return f32(a / b)


PI = f32(3.14159265358979323846)
TWO_PI = f32(2.0 * PI)
RANDN_EPS = f32(5.96e-8)
THIRD = f32(1.0 / 3.0)


def f2i(x):
    """C's (int)x: truncation."""
    return int(x)


# ---- rand.h ------------------------------------------------------------------

def pcg(state):
    b = u32(state * 747796405 + 2891336453)
    c = u32(((b >> ((b >> 28) + 4)) ^ b) * 277803737)
    return (c >> 22) ^ c


def rand_init(seed, offset=None):
    if offset is None:
        return pcg(u32(seed))
    return pcg(u32(u32(seed) + pcg(u32(offset))))


class Rng:
    """A uint32 state advanced in place, as Warp's `uint32& state`."""

    def __init__(self, state):
        self.state = state

    def next(self):
        self.state = pcg(self.state)
        return self.state

    def randi(self, lo=None, hi=None):
        s = self.next()
        if lo is None:
            return i32(s)
        return i32(s % u32(hi - lo) + u32(lo))

    def randu(self, lo=None, hi=None):
        s = self.next()
        if lo is None:
            return s
        return u32(s % u32(hi - lo) + lo)

    def randf(self, lo=None, hi=None):
        u = f32(float(self.next() >> 8) * (1.0 / 16777216.0))
        if lo is None:
            return u
        return f32(f32(f32(hi - lo) * u) + lo)

    def randn(self):
        u1 = self.randf()
        u2 = self.randf()
        r = sqrtf(f32(-2.0 * logf(f32(u1 + RANDN_EPS))))
        return f32(r * cosf(f32(TWO_PI * u2)))

    def sample_cdf(self, cdf):
        u = self.randf()
        lower, upper = 0, len(cdf) - 1
        while lower < upper:
            mid = lower + (upper - lower) // 2
            if cdf[mid] < u:
                lower = mid + 1
            else:
                upper = mid
        return lower

    def sample_triangle(self):
        r = sqrtf(self.randf())
        u = f32(1.0 - r)
        v = f32(self.randf() * r)
        return [u, v]

    def sample_unit_ring(self):
        theta = self.randf(0.0, TWO_PI)
        return [cosf(theta), sinf(theta)]

    def sample_unit_disk(self):
        r = sqrtf(self.randf())
        theta = self.randf(0.0, TWO_PI)
        return [f32(r * cosf(theta)), f32(r * sinf(theta))]

    def _sphere(self, phi, theta, r=None):
        ct, st = cosf(theta), sinf(theta)
        cp, sp = cosf(phi), sinf(phi)
        if r is None:
            return [f32(ct * sp), f32(st * sp), cp]
        return [f32(f32(r * ct) * sp), f32(f32(r * st) * sp), f32(r * cp)]

    def sample_unit_sphere_surface(self):
        phi = (acosf(f32(1.0 - f32(2.0 * self.randf()))))
        theta = self.randf(0.0, TWO_PI)
        return self._sphere(phi, theta)

    def sample_unit_sphere(self):
        phi = (acosf(f32(1.0 - f32(2.0 * self.randf()))))
        theta = self.randf(0.0, TWO_PI)
        r = powf(self.randf(), THIRD)
        return self._sphere(phi, theta, r)

    def sample_unit_hemisphere_surface(self):
        phi = (acosf(f32(1.0 - self.randf())))
        theta = self.randf(0.0, TWO_PI)
        return self._sphere(phi, theta)

    def sample_unit_hemisphere(self):
        phi = (acosf(f32(1.0 - self.randf())))
        theta = self.randf(0.0, TWO_PI)
        r = powf(self.randf(), THIRD)
        return self._sphere(phi, theta, r)

    def sample_unit_square(self):
        x = f32(self.randf() - 0.5)
        y = f32(self.randf() - 0.5)
        return [x, y]

    def sample_unit_cube(self):
        return [f32(self.randf() - 0.5) for _ in range(3)]

    def sample_unit_hypercube(self):
        return [f32(self.randf() - 0.5) for _ in range(4)]

    def poisson(self, lam):
        if lam >= 10.0:
            return self._poisson_ptrs(lam)
        if lam == 0.0:
            return 0
        enlam = expf(-lam)
        x, prod = 0, 1.0
        while True:
            prod = f32(prod * self.randf())
            if prod > enlam:
                x += 1
            else:
                return x

    def _poisson_ptrs(self, lam):
        slam = sqrtf(lam)
        loglam = logf(lam)
        b = f32(f32(0.931) + f32(f32(2.53) * slam))
        a = f32(f32(-0.059) + f32(f32(0.02483) * b))
        invalpha = f32(f32(1.1239) + fdiv(f32(1.1328), f32(b - f32(3.4))))
        vr = f32(f32(0.9277) - fdiv(f32(3.6224), f32(b - 2.0)))
        while True:
            U = f32(self.randf() - 0.5)
            V = self.randf()
            us = f32(0.5 - abs(U))
            q = fdiv(f32(2.0 * a), us)
            kf = math.floor(f32(f32(f32(f32(q + b) * U) + lam) + f32(0.43)))
            # Out of uint32's range C's conversion is undefined; such a k is
            # never used (us is then tiny and the draw is rejected).
            k = u32(int(kf)) if math.isfinite(kf) else 0
            if us >= f32(0.07) and V <= vr:
                return k
            if us < f32(0.013) and V > us:
                continue
            lhs = f32(f32(logf(V) + logf(invalpha))
                      - (logf(f32(fdiv(a, f32(us * us)) + b))))
            rhs = f32(f32(-lam + f32(float(k) * loglam)) - loggam(f32(float(u32(k + 1)))))
            if lhs <= rhs:
                return k


LOGGAM_A = [f32(c) for c in (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                             -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                             6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                             -1.39243221690590e00)]


def loggam(x):
    if x == 1.0 or x == 2.0:
        return 0.0
    n = int(f32(7.0 - x)) if x < 7.0 else 0
    x0 = f32(x + float(n))
    inv = fdiv(1.0, x0)
    x2 = f32(inv * inv)
    gl0 = LOGGAM_A[9]
    for i in range(8, -1, -1):
        gl0 = f32(f32(gl0 * x2) + LOGGAM_A[i])
    lg2pi = f32(1.8378770664093453)
    gl = f32(f32(f32(fdiv(gl0, x0) + f32(0.5 * lg2pi)) + f32(f32(x0 - 0.5) * logf(x0))) - x0)
    if x < 7.0:
        for _ in range(n):
            gl = f32(gl - logf(f32(x0 - 1.0)))
            x0 = f32(x0 - 1.0)
    return gl


# ---- noise.h -----------------------------------------------------------------

def smootherstep(t):
    t3 = f32(f32(t * t) * t)
    return f32(t3 * f32(f32(t * f32(f32(t * 6.0) - 15.0)) + 10.0))


def smootherstep_gradient(t):
    return f32(f32(f32(30.0 * t) * t) * f32(f32(t * f32(t - 2.0)) + 1.0))


def interpolate(a0, a1, t):
    return f32(f32(f32(a1 - a0) * smootherstep(t)) + a0)


def interpolate_gradient(a0, a1, t, d_a0, d_a1, d_t, s=None, sg=None):
    """(d_a1 - d_a0) * smootherstep(t) + (a1 - a0) * smootherstep_gradient(t) * d_t + d_a0,
    component by component; s and sg: smootherstep(t) and its gradient if known."""
    s = smootherstep(t) if s is None else s
    sg = smootherstep_gradient(t) if sg is None else sg
    k = f32(f32(a1 - a0) * sg)
    n = len(d_a0)
    diff = f32v([g1 - g0 for g0, g1 in zip(d_a0, d_a1)])
    lhs = f32v([x * s for x in diff])
    rhs = f32v([k * e for e in d_t])
    tot = f32v([x + y for x, y in zip(lhs, rhs)])
    return f32v([x + g0 for x, g0 in zip(tot, d_a0)]) if n else []


def dot(a, b):
    if len(a) == 4:  # Warp's generic dot: sum from 0
        acc = 0.0
        for x, y in zip(a, b):
            acc = f32(acc + f32(x * y))
        return acc
    acc = f32(a[0] * b[0])
    for x, y in zip(a[1:], b[1:]):
        acc = f32(acc + f32(x * y))
    return acc


def normalize(a):
    l = sqrtf(dot(a, a))
    if l > 0.0:
        return [fdiv(x, l) for x in a]
    return [0.0] * len(a)


P = (73856093, 19349663, 53471161, 10000019)


def lattice_hash(state, idx):
    # C: ix * p1 ^ iy * p2 ^ ... ^ (il * pl + state)
    h = u32(u32(idx[-1] * P[len(idx) - 1]) + state)
    for k in range(len(idx) - 2, -1, -1):
        h ^= u32(idx[k] * P[k])
    return h


@functools.lru_cache(maxsize=1 << 20)
def random_gradient(state, idx):
    """The lattice gradient at integer point `idx` (a tuple); cached, since
    neighbouring sample points share lattice points."""
    rng = Rng(lattice_hash(state, idx))
    if len(idx) == 1:
        return [rng.randf(-1.0, 1.0)]
    if len(idx) == 2:
        return normalize(rng.sample_unit_square())
    if len(idx) == 3:
        return normalize(rng.sample_unit_cube())
    return normalize(rng.sample_unit_hypercube())


def corner_value(state, idx, d):
    """dot_grid_gradient_Nd: explicit sum dx*g0 + dy*g1 + ..."""
    g = random_gradient(state, idx)
    acc = f32(d[0] * g[0])
    for x, y in zip(d[1:], g[1:]):
        acc = f32(acc + f32(x * y))
    return acc


def noise_nd(state, lo, hi, d):
    """Interpolates along x first, then y, z, t, as noise_Nd."""
    n = len(d)
    vals = {}
    for corner in range(1 << n):
        idx = tuple(hi[a] if corner >> a & 1 else lo[a] for a in range(n))
        dd = [f32(d[a] - 1.0) if corner >> a & 1 else d[a] for a in range(n)]
        vals[corner] = corner_value(state, idx, dd)
    for a in range(n):
        step = 1 << a
        vals = {c: interpolate(vals[c], vals[c | step], d[a]) for c in vals if not c & step}
    return vals[0]


def noise_gradient_nd(state, lo, hi, d):
    """noise_Nd_gradient: values with dot(), gradients interpolated too."""
    n = len(d)
    vals, grads = {}, {}
    for corner in range(1 << n):
        idx = tuple(hi[a] if corner >> a & 1 else lo[a] for a in range(n))
        dd = [f32(d[a] - 1.0) if corner >> a & 1 else d[a] for a in range(n)]
        g = random_gradient(state, idx)
        vals[corner], grads[corner] = dot(dd, g), g
    for a in range(n):
        step = 1 << a
        e = [1.0 if k == a else 0.0 for k in range(n)]
        keep = [c for c in vals if not c & step]
        s, sg = smootherstep(d[a]), smootherstep_gradient(d[a])
        grads = {c: interpolate_gradient(vals[c], vals[c | step], d[a], grads[c], grads[c | step], e, s, sg)
                 for c in keep}
        vals = {c: interpolate(vals[c], vals[c | step], d[a]) for c in keep}
    return grads[0]


def cell(p, period=None):
    fl = [f32(math.floor(x)) for x in p]
    d = [f32(x - y) for x, y in zip(p, fl)]
    lo = [f2i(x) for x in fl]
    if period is None:
        return lo, [x + 1 for x in lo], d

    def cmod(a, b):  # C's %
        r = abs(a) % abs(b)
        return -r if a < 0 else r

    lo = [cmod(x, q) for x, q in zip(lo, period)]
    return lo, [cmod(x + 1, q) for x, q in zip(lo, period)], d


def noise(state, p):
    return noise_nd(state, *cell(p))


def pnoise(state, p, period):
    return noise_nd(state, *cell(p, period))


def curlnoise(state, p, octaves=1, lacunarity=2.0, gain=0.5):
    n = len(p)
    sums = [[0.0] * n for _ in range(3)]
    freq = amplitude = 1.0
    for _ in range(octaves):
        pt = [f32(freq * x) for x in p]
        fields = 1 if n == 2 else 3
        for f in range(fields):
            if f:
                state = rand_init(i32(state), (10019689, 13112221)[f - 1])
            g = noise_gradient_nd(state, *cell(pt))
            sums[f] = [f32(s + f32(amplitude * x)) for s, x in zip(sums[f], g)]
        amplitude = f32(amplitude * gain)
        freq = f32(freq * lacunarity)
    s1, s2, s3 = sums
    if n == 2:
        return [-s1[1], s1[0]]
    return [f32(s3[1] - s2[2]), f32(s1[2] - s3[0]), f32(s2[0] - s1[1])]


# ---- the kernels of warp_random_kernels.py -------------------------------------

N = 10000


def scalars(seed, i, out):
    out["init1"].append(rand_init(seed + i))
    rng = Rng(rand_init(seed, i))
    out["init2"].append(rng.state)
    out["ri"].append(rng.randi())
    out["ri_range"].append(rng.randi(-7, 1000))
    out["ru"].append(rng.randu())
    out["ru_range"].append(rng.randu(5, 3000000000))
    out["rf"].append(rng.randf())
    out["rf_range"].append(rng.randf(-2.5, 4.0))
    out["rn"].append(rng.randn())
    out["final"].append(rng.state)


SHAPES = ("triangle", "ring", "disk", "sphere_surface", "sphere", "hemisphere_surface", "hemisphere",
          "square", "cube")


def shapes(seed, i, out):
    rng = Rng(rand_init(seed, i))
    for name in SHAPES:
        method = "sample_" + name if name == "triangle" else "sample_unit_" + name
        out[name].append(getattr(rng, method)())
    out["final"].append(rng.state)


def discrete(seed, i, out, cdf):
    rng = Rng(rand_init(seed, i))
    out["bin"].append(rng.sample_cdf(cdf))
    out["poisson_small"].append(rng.poisson(f32(float(i % 50) * 0.5)))
    out["poisson_large"].append(rng.poisson(f32(100.0 + f32(float(i % 7) * 31.5))))
    out["final"].append(rng.state)


def noises(seed, i, out):
    state = rand_init(seed)
    x = f32(f32(float(i) * f32(0.01237)) - 61.0)
    y = f32(f32(float(i) * f32(-0.00731)) + 20.0)
    z = f32(f32(float(i) * f32(0.00419)) - 13.0)
    t = f32(f32(float(i) * f32(0.00283)) + 1.5)
    out["n1"].append(noise(state, [x]))
    out["n2"].append(noise(state, [x, y]))
    out["n3"].append(noise(state, [x, y, z]))
    out["n4"].append(noise(state, [x, y, z, t]))
    out["p1"].append(pnoise(state, [x], [5]))
    out["p2"].append(pnoise(state, [x, y], [5, 7]))
    out["p3"].append(pnoise(state, [x, y, z], [3, 4, 5]))
    out["p4"].append(pnoise(state, [x, y, z, t], [2, 3, 4, 5]))
    out["c2"].append(curlnoise(state, [x, y]))
    out["c3"].append(curlnoise(state, [x, y, z], 2, 2.0, f32(0.7)))
    out["c4"].append(curlnoise(state, [x, y, z, t], 2, f32(1.7), f32(0.6)))


def run_threads(job):
    kernel, names, seeds, cdf, lo, hi = job
    out = {name: [] for name in names}
    for tid in range(lo, hi):
        seed, i = seeds[tid // N], tid % N
        if kernel == "discrete":
            discrete(seed, i, out, cdf)
        else:
            globals()[kernel](seed, i, out)
    return out


def flat(v):
    return v if isinstance(v, list) else [v]


def compare(label, got, kernel, name, array, want):
    """Prints one line for kdsl-run output `got`; returns the number of differences."""
    have = got["outputs"][array]
    floats = isinstance(flat(want[0])[0], float)
    differ = abs(len(want) - len(have))
    for w, h in zip(want, have):
        w, h = flat(w), flat(h)
        if floats:
            w, h = [bits(v) for v in w], [bits(f32(v)) for v in h]
        differ += w != h
    print("%s %s.%s: %d values, %s" % (label, kernel, name, len(want),
          "all bit-identical" if not differ else "%d DIFFER" % differ))
    return differ


def main():
    spec = json.load(open(sys.argv[1]))
    outputs = []
    for path in sys.argv[2:]:
        got = json.load(open(path))
        if not got.get("ok"):
            print("%s: kdsl-run failed: %s" % (path, got.get("error")))
            return 1
        outputs.append((path.rsplit(".", 2)[-2], got))  # X.jit.json -> jit
    seeds = spec["arrays"]["seeds"]["data"]
    cdf = [f32(c) for c in spec["arrays"]["cdf"]["data"]]
    bad = 0
    for launch in spec["launches"]:
        kernel = launch["kernel"]
        arrays = {k: a[1:] for k, a in launch["args"].items() if k not in ("seeds", "cdf")}
        # Two processes, each a contiguous half of the threads.
        dim = launch["dim"]
        jobs = [(kernel, list(arrays), seeds, cdf, lo, min(dim, lo + (dim + 1) // 2))
                for lo in range(0, dim, (dim + 1) // 2)]
        with multiprocessing.Pool(len(jobs)) as pool:
            parts = pool.map(run_threads, jobs)
        for name, array in arrays.items():
            want = sum((p[name] for p in parts), [])
            for label, got in outputs:
                bad += compare(label, got, kernel, name, array, want)
    print("seeds %s, %d values per seed: %s" % (seeds, N, "DIFFERENCES" if bad else "all bit-identical"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
