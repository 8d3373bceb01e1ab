# wp.static(...) calling @wp.func (docs/language.md, "wp.static and closures"):
# Warp runs the func as Python when it builds the kernel; kdsl runs bodies of
# numbers at compile time and computes other values (structs, vectors) from
# their constant arguments when the kernel runs.
import warp as wp

BASE = 3


@wp.func
def five() -> int:
    a = wp.static(BASE * 2)  # wp.static inside a func run as Python: the identity
    if a > 4:
        a -= 1
    return a


@wp.func
def triangle(n: int, offset: int = 0) -> int:
    total = offset
    for i in range(n + 1):
        total += i
    return total


@wp.func
def scaled(x: float, k: int):
    return x * float(k)


@wp.struct
class Params:
    v: wp.vec3
    scale: float


@wp.struct
class Params64:
    v: wp.vec3d
    scale: wp.float64


@wp.func
def make_params(v: wp.vec3, scale: float):
    p = Params()
    p.v = v
    p.scale = scale
    return p


@wp.func
def make_params64(scale: wp.float64):
    p = Params64()
    p.v = wp.vec3d(wp.float64(1.0), wp.float64(2.0), wp.float64(3.0))
    p.scale = scale
    return p


@wp.kernel
def calls(out: wp.array(dtype=int)):
    # 5 + 3; triangle(4, offset=1) = 1 + 0+1+2+3+4 = 11; nested: triangle(five()) = 15
    out[0] = wp.static(five() + 3)
    out[1] = wp.static(triangle(4, offset=1))
    out[2] = wp.static(triangle(five()))


@wp.kernel
def unrolled(out: wp.array(dtype=int)):
    s = 0
    for i in range(wp.static(five())):
        s += wp.static(i * i)  # 0 + 1 + 4 + 9 + 16 = 30
    out[0] = s


@wp.kernel
def conditions(out: wp.array(dtype=int)):
    if wp.static(five() in {2, 3, 5}):
        out[0] = 1
    elif wp.static(five() in {0, 1}):
        out[0] = 2
    else:
        out[0] = 3
    if wp.static(five() not in (5, 6)):
        out[1] = 10
    else:
        out[1] = 20


@wp.kernel
def structs(x: wp.array(dtype=float), out: wp.array(dtype=Params), y: wp.array(dtype=float)):
    p = wp.static(make_params(wp.vec3(1.0, 2.0, 3.0), scaled(0.5, five())))
    i = wp.tid()
    out[i] = p
    y[i] = x[i] * p.scale + p.v[i]


@wp.kernel
def structs64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    p = wp.static(make_params64(wp.float64(BASE)))
    i = wp.tid()
    y[i] = x[i] * x[i] * p.scale + p.v[i]
