"""A small, slow, independent model of Warp kernel semantics in Python.

The execution-test references (test/Execution/*_ref.py) re-implement the
kernels of examples/*.py on top of this module and run them on a kdsl-run spec
to produce the expected output. Nothing here comes from kdsl: the semantics
are those of docs/language.md (Warp's native headers), written from the
documentation.

Values:
  - scalars are instances of F16 F32 F64 I8 I16 I32 I64 U8 U16 U32 U64 (every
    operation rounds / wraps to the type), Python bool for wp.bool;
  - Python int / float operands are literals and adapt to the other operand;
  - Vec, Mat, Quat hold lists of scalars; Struct instances hold fields;
  - Arr is a kernel array (flat, row-major) and copies composite elements on
    every load and store, so the kernels keep value semantics.

Threads of a launch run one after another in row-major order, which is one of
the orders an atomic-based kernel may see (WPREF_THREAD_ORDER=reverse runs
them backwards, to check that a spec's expected output does not depend on
the order).
"""

import itertools
import json
import math
import os
import sys

from f32 import f16_op, f32, f16, ieee_div, ieee_fmod, ieee_sqrt, INF, NAN


class CheckFailed(Exception):
    pass


# ---------------------------------------------------------------------------
# scalars
# ---------------------------------------------------------------------------


class Scalar:
    __slots__ = ("v",)
    is_float = False
    is_int = False
    signed = True
    bits = 0

    def __init__(self, v=0):
        self.v = type(self)._conv(v)

    @classmethod
    def _make(cls, raw):
        o = object.__new__(cls)
        o.v = raw
        return o

    def __repr__(self):
        return f"{type(self).__name__}({self.v!r})"

    # literal adaptation / strict typing
    def _other(self, o):
        if type(o) is type(self):
            return o.v
        if isinstance(o, Scalar):
            raise TypeError(f"mixed operand types {type(self).__name__} and {type(o).__name__}")
        if isinstance(o, bool):
            raise TypeError("bool used in arithmetic")
        if isinstance(o, int):
            return type(self)._conv(o)
        if isinstance(o, float):
            if not self.is_float:
                raise TypeError(f"float literal {o} with {type(self).__name__}")
            return type(self)._conv(o)
        return None

    def __bool__(self):
        return self.v != 0  # NaN is true

    # comparisons give Python bools
    def _cmp(self, o, op):
        ov = self._other(o)
        if ov is None:
            return NotImplemented
        return op(self.v, ov)

    def __lt__(self, o):
        return self._cmp(o, lambda a, b: a < b)

    def __le__(self, o):
        return self._cmp(o, lambda a, b: a <= b)

    def __gt__(self, o):
        return self._cmp(o, lambda a, b: a > b)

    def __ge__(self, o):
        return self._cmp(o, lambda a, b: a >= b)

    def __eq__(self, o):
        return self._cmp(o, lambda a, b: a == b)

    def __ne__(self, o):
        return self._cmp(o, lambda a, b: a != b)

    __hash__ = None


def _binop(name, fn, reflected=False):
    def op(self, o):
        ov = self._other(o)
        if ov is None:
            return NotImplemented
        a, b = (ov, self.v) if reflected else (self.v, ov)
        return type(self)._make(fn(type(self), a, b))

    op.__name__ = name
    return op


class FloatScalar(Scalar):
    is_float = True
    rnd = staticmethod(f32)  # rounding of the storage type
    rop = staticmethod(f32)  # rounding of an arithmetic result

    @classmethod
    def _conv(cls, v):
        if isinstance(v, Scalar):
            v = v.v
        return cls.rnd(float(v))

    @classmethod
    def from_math(cls, x):
        """Result of a math builtin computed in double precision."""
        return cls._make(cls.rop(x))

    def __float__(self):
        return float(self.v)

    def __neg__(self):
        return type(self)._make(-self.v)

    def __pos__(self):
        return self


def _f_add(cls, a, b):
    return cls.rop(a + b)


def _f_sub(cls, a, b):
    return cls.rop(a - b)


def _f_mul(cls, a, b):
    return cls.rop(a * b)


def _f_div(cls, a, b):
    return cls.rop(ieee_div(a, b))


def _f_floordiv(cls, a, b):
    q = cls.rop(ieee_div(a, b))
    return float(math.floor(q)) if math.isfinite(q) else q


def _f_mod(cls, a, b):
    return cls.rop(ieee_fmod(a, b))


def _f_pow(cls, a, b):
    return cls.rop(c_pow(a, b))


for _n, _f in (("add", _f_add), ("sub", _f_sub), ("mul", _f_mul), ("truediv", _f_div),
               ("floordiv", _f_floordiv), ("mod", _f_mod), ("pow", _f_pow)):
    setattr(FloatScalar, f"__{_n}__", _binop(f"__{_n}__", _f))
    setattr(FloatScalar, f"__r{_n}__", _binop(f"__r{_n}__", _f, reflected=True))


class F32(FloatScalar):
    __slots__ = ()
    bits = 32
    rnd = staticmethod(f32)
    rop = staticmethod(f32)


class F64(FloatScalar):
    __slots__ = ()
    bits = 64
    rnd = staticmethod(float)
    rop = staticmethod(float)


class F16(FloatScalar):
    __slots__ = ()
    bits = 16
    rnd = staticmethod(f16)
    rop = staticmethod(f16_op)


class IntScalar(Scalar):
    is_int = True

    @classmethod
    def _wrap(cls, x):
        m = 1 << cls.bits
        x &= m - 1
        if cls.signed and x >= m >> 1:
            x -= m
        return x

    @classmethod
    def _conv(cls, v):
        if isinstance(v, Scalar):
            v = v.v
        if isinstance(v, float):
            if not math.isfinite(v):
                raise ValueError("float -> int conversion of a non-finite value is unspecified")
            v = int(v)  # truncates toward zero, like a C cast
        return cls._wrap(int(v))

    def __index__(self):
        return self.v

    def __int__(self):
        return self.v

    def __float__(self):
        return float(self.v)

    def __neg__(self):
        return type(self)._make(type(self)._wrap(-self.v))

    def __pos__(self):
        return self

    def __invert__(self):
        return type(self)._make(type(self)._wrap(~self.v))


def _c_div(a, b):
    if b == 0:
        raise ZeroDivisionError("integer division by zero is undefined")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _i_add(cls, a, b):
    return cls._wrap(a + b)


def _i_sub(cls, a, b):
    return cls._wrap(a - b)


def _i_mul(cls, a, b):
    return cls._wrap(a * b)


def _i_div(cls, a, b):
    return cls._wrap(_c_div(a, b))


def _i_mod(cls, a, b):
    return cls._wrap(a - b * _c_div(a, b))


def _i_and(cls, a, b):
    return cls._wrap(a & b)


def _i_or(cls, a, b):
    return cls._wrap(a | b)


def _i_xor(cls, a, b):
    return cls._wrap(a ^ b)


def _i_shl(cls, a, b):
    if not 0 <= b < cls.bits:
        raise ValueError("shift count out of range is undefined")
    return cls._wrap(a << b)


def _i_shr(cls, a, b):
    if not 0 <= b < cls.bits:
        raise ValueError("shift count out of range is undefined")
    return cls._wrap(a >> b)  # arithmetic for signed (negative a), logical for unsigned


for _n, _f in (("add", _i_add), ("sub", _i_sub), ("mul", _i_mul), ("truediv", _i_div),
               ("floordiv", _i_div), ("mod", _i_mod), ("and", _i_and), ("or", _i_or),
               ("xor", _i_xor), ("lshift", _i_shl), ("rshift", _i_shr)):
    setattr(IntScalar, f"__{_n}__", _binop(f"__{_n}__", _f))
    setattr(IntScalar, f"__r{_n}__", _binop(f"__r{_n}__", _f, reflected=True))


def _int_type(name, bits, signed):
    return type(name, (IntScalar,), {"__slots__": (), "bits": bits, "signed": signed})


I8 = _int_type("I8", 8, True)
I16 = _int_type("I16", 16, True)
I32 = _int_type("I32", 32, True)
I64 = _int_type("I64", 64, True)
U8 = _int_type("U8", 8, False)
U16 = _int_type("U16", 16, False)
U32 = _int_type("U32", 32, False)
U64 = _int_type("U64", 64, False)


class BoolT:
    """wp.bool: values are Python bools."""

    name = "bool"

    def __call__(self, x=False):
        return bool(x.v != 0) if isinstance(x, Scalar) else bool(x)

    def zero(self):
        return False

    def from_json(self, j):
        if isinstance(j, bool):
            return j
        if isinstance(j, (int, float)):
            return j != 0
        raise ValueError(f"bad bool {j!r}")

    def to_json(self, v):
        return bool(v)

    def copy(self, v):
        return bool(v)

    def check(self, v):
        if not isinstance(v, bool):
            raise TypeError(f"storing {v!r} into a bool element")
        return v


BOOL = BoolT()


def c_pow(a, b):
    try:
        return math.pow(a, b)
    except ValueError:
        return NAN
    except OverflowError:
        return INF if a > 0 or float(b) % 2.0 == 0.0 else -INF


def scalar_from_json(T, j):
    if T is BOOL:
        return BOOL.from_json(j)
    if isinstance(j, str):
        vals = {"nan": NAN, "inf": INF, "-inf": -INF, "+inf": INF}
        if j.lower() not in vals or not T.is_float:
            raise ValueError(f"bad scalar literal {j!r} for {T.__name__}")
        return T(vals[j.lower()])
    if isinstance(j, bool):
        j = int(j)
    if T.is_int and isinstance(j, float):
        if j != int(j):
            raise ValueError(f"non-integer {j} for {T.__name__}")
        j = int(j)
    return T(j)


def scalar_to_json(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, IntScalar):
        return v.v
    if isinstance(v, FloatScalar):
        x = v.v
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return float(x)
    raise TypeError(f"not a scalar: {v!r}")


# scalar types as dtype descriptors
for _T in (F16, F32, F64, I8, I16, I32, I64, U8, U16, U32, U64):
    _T.zero = classmethod(lambda cls: cls(0))
    _T.from_json = classmethod(scalar_from_json)
    _T.to_json = staticmethod(scalar_to_json)
    _T.copy = staticmethod(lambda v: v)

    def _check(cls, v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return cls(v) if (cls.is_float or isinstance(v, int)) else _bad(cls, v)
        if type(v) is not cls:
            raise TypeError(f"storing {v!r} into a {cls.__name__} element")
        return v

    _T.check = classmethod(_check)


def _bad(cls, v):
    raise TypeError(f"storing {v!r} into a {cls.__name__} element")


def as_type(T, x):
    """A literal or a scalar of type T, as a T."""
    if isinstance(x, Scalar):
        if type(x) is not T:
            raise TypeError(f"expected {T.__name__}, got {type(x).__name__}")
        return x
    if isinstance(x, bool):
        raise TypeError("bool where a number is expected")
    if isinstance(x, float) and not T.is_float:
        raise TypeError(f"float literal {x} where {T.__name__} is expected")
    return T(x)


# ---------------------------------------------------------------------------
# vectors, matrices, quaternions
# ---------------------------------------------------------------------------


class VecT:
    def __init__(self, name, scalar, n):
        self.name, self.s, self.n = name, scalar, n

    def __repr__(self):
        return self.name

    def __call__(self, *args):
        if len(args) == 1:
            c = as_type(self.s, args[0])
            return Vec(self, [c] * self.n)
        if len(args) != self.n:
            raise TypeError(f"{self.name} takes 1 or {self.n} arguments")
        return Vec(self, [as_type(self.s, a) for a in args])

    def zero(self):
        return self(0)

    def from_json(self, j):
        if not isinstance(j, list) or len(j) != self.n:
            raise ValueError(f"{self.name} needs a list of {self.n}")
        return Vec(self, [self.s.from_json(x) for x in j])

    def to_json(self, v):
        return [scalar_to_json(c) for c in v.c]

    def copy(self, v):
        return Vec(self, list(v.c))

    def check(self, v):
        if not isinstance(v, Vec) or v.t is not self:
            raise TypeError(f"storing {v!r} into a {self.name} element")
        return v


class Vec:
    __slots__ = ("t", "c")

    def __init__(self, t, c):
        self.t, self.c = t, c

    def __repr__(self):
        return f"{self.t.name}({', '.join(repr(x.v) for x in self.c)})"

    def copy(self):
        return Vec(self.t, list(self.c))

    def _same(self, o):
        if not isinstance(o, Vec) or o.t is not self.t:
            raise TypeError(f"{self.t.name} with {o!r}")

    def __add__(self, o):
        self._same(o)
        return Vec(self.t, [a + b for a, b in zip(self.c, o.c)])

    def __sub__(self, o):
        self._same(o)
        return Vec(self.t, [a - b for a, b in zip(self.c, o.c)])

    def __neg__(self):
        return Vec(self.t, [-a for a in self.c])

    def __mul__(self, o):
        if isinstance(o, Mat):
            return vec_mat(self, o)
        if isinstance(o, (Vec, Quat)):
            raise TypeError("vec * vec is not defined")
        s = as_type(self.t.s, o)
        return Vec(self.t, [a * s for a in self.c])

    def __rmul__(self, o):
        s = as_type(self.t.s, o)
        return Vec(self.t, [s * a for a in self.c])

    def __truediv__(self, o):
        s = as_type(self.t.s, o)
        return Vec(self.t, [a / s for a in self.c])

    def __getitem__(self, k):
        return self.c[int(k)]

    def __setitem__(self, k, val):
        self.c[int(k)] = as_type(self.t.s, val)

    def __len__(self):
        return self.t.n

    def _get(i):
        return property(lambda self: self.c[i],
                        lambda self, val: self.__setitem__(i, val))

    x, y, z, w = _get(0), _get(1), _get(2), _get(3)
    del _get

    def __eq__(self, o):
        self._same(o)
        return all(a == b for a, b in zip(self.c, o.c))

    __hash__ = None


class MatT:
    def __init__(self, name, scalar, r, c):
        self.name, self.s, self.r, self.c = name, scalar, r, c

    def __repr__(self):
        return self.name

    def __call__(self, *args):
        if len(args) != self.r * self.c:
            raise TypeError(f"{self.name} takes {self.r * self.c} scalars")
        vals = [as_type(self.s, a) for a in args]
        return Mat(self, [vals[i * self.c:(i + 1) * self.c] for i in range(self.r)])

    def zero(self):
        return Mat(self, [[self.s(0)] * self.c for _ in range(self.r)])

    def from_json(self, j):
        if isinstance(j, list) and len(j) == self.r * self.c and not isinstance(j[0], list):
            j = [j[i * self.c:(i + 1) * self.c] for i in range(self.r)]
        if not isinstance(j, list) or len(j) != self.r or any(len(row) != self.c for row in j):
            raise ValueError(f"{self.name} needs {self.r} rows of {self.c}")
        return Mat(self, [[self.s.from_json(x) for x in row] for row in j])

    def to_json(self, m):
        return [[scalar_to_json(x) for x in row] for row in m.rows]

    def copy(self, m):
        return Mat(self, [list(row) for row in m.rows])

    def check(self, v):
        if not isinstance(v, Mat) or v.t is not self:
            raise TypeError(f"storing {v!r} into a {self.name} element")
        return v


class Mat:
    __slots__ = ("t", "rows")

    def __init__(self, t, rows):
        self.t, self.rows = t, rows

    def __repr__(self):
        return f"{self.t.name}({[[x.v for x in r] for r in self.rows]})"

    def copy(self):
        return Mat(self.t, [list(r) for r in self.rows])

    def _map2(self, o, fn):
        if not isinstance(o, Mat) or o.t is not self.t:
            raise TypeError("matrix shape / type mismatch")
        return Mat(self.t, [[fn(a, b) for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, o.rows)])

    def __add__(self, o):
        return self._map2(o, lambda a, b: a + b)

    def __sub__(self, o):
        return self._map2(o, lambda a, b: a - b)

    def __neg__(self):
        return Mat(self.t, [[-a for a in r] for r in self.rows])

    def __mul__(self, o):
        if isinstance(o, Vec):
            return mat_vec(self, o)
        if isinstance(o, Mat):
            return mat_mat(self, o)
        s = as_type(self.t.s, o)
        return Mat(self.t, [[a * s for a in r] for r in self.rows])

    def __rmul__(self, o):
        s = as_type(self.t.s, o)
        return Mat(self.t, [[s * a for a in r] for r in self.rows])

    def __truediv__(self, o):
        s = as_type(self.t.s, o)
        return Mat(self.t, [[a / s for a in r] for r in self.rows])

    def __getitem__(self, k):
        if isinstance(k, tuple):
            i, j = k
            return self.rows[int(i)][int(j)]
        return Vec(vec_type(self.t.s, self.t.c), list(self.rows[int(k)]))

    def __setitem__(self, k, val):
        i, j = k
        self.rows[int(i)][int(j)] = as_type(self.t.s, val)

    def __len__(self):
        return self.t.r


class QuatT:
    def __init__(self, name, scalar):
        self.name, self.s = name, scalar

    def __repr__(self):
        return self.name

    def __call__(self, x, y, z, w):
        return Quat(self, [as_type(self.s, a) for a in (x, y, z, w)])

    def zero(self):
        return self(0, 0, 0, 0)

    def from_json(self, j):
        if not isinstance(j, list) or len(j) != 4:
            raise ValueError(f"{self.name} needs [x, y, z, w]")
        return Quat(self, [self.s.from_json(x) for x in j])

    def to_json(self, q):
        return [scalar_to_json(x) for x in q.c]

    def copy(self, q):
        return Quat(self, list(q.c))

    def check(self, v):
        if not isinstance(v, Quat) or v.t is not self:
            raise TypeError(f"storing {v!r} into a {self.name} element")
        return v


class Quat:
    __slots__ = ("t", "c")

    def __init__(self, t, c):
        self.t, self.c = t, c

    def __repr__(self):
        return f"{self.t.name}({', '.join(repr(x.v) for x in self.c)})"

    def copy(self):
        return Quat(self.t, list(self.c))

    def __add__(self, o):
        return Quat(self.t, [a + b for a, b in zip(self.c, o.c)])

    def __sub__(self, o):
        return Quat(self.t, [a - b for a, b in zip(self.c, o.c)])

    def __neg__(self):
        return Quat(self.t, [-a for a in self.c])

    def __mul__(self, r):
        if isinstance(r, Quat):
            q = self
            return Quat(self.t, [
                q.w * r.x + r.w * q.x + q.y * r.z - r.y * q.z,
                q.w * r.y + r.w * q.y + q.z * r.x - r.z * q.x,
                q.w * r.z + r.w * q.z + q.x * r.y - r.x * q.y,
                q.w * r.w - q.x * r.x - q.y * r.y - q.z * r.z,
            ])
        s = as_type(self.t.s, r)
        return Quat(self.t, [a * s for a in self.c])

    def __rmul__(self, o):
        s = as_type(self.t.s, o)
        return Quat(self.t, [s * a for a in self.c])

    def __truediv__(self, o):
        s = as_type(self.t.s, o)
        return Quat(self.t, [a / s for a in self.c])

    def __getitem__(self, k):
        return self.c[int(k)]

    def _get(i):
        return property(lambda self: self.c[i])

    x, y, z, w = _get(0), _get(1), _get(2), _get(3)
    del _get


_VEC_TYPES = {}
_MAT_TYPES = {}
_QUAT_TYPES = {}


def vec_type(s, n):
    return _VEC_TYPES[(s, n)]


def mat_type(s, r, c):
    if (s, r, c) not in _MAT_TYPES:  # e.g. outer() of a vec2 and a vec3
        _MAT_TYPES[(s, r, c)] = MatT(f"mat{r}{c}", s, r, c)
    return _MAT_TYPES[(s, r, c)]


def mat_vec(m, v):
    if m.t.c != v.t.n or m.t.s is not v.t.s:
        raise TypeError("mat * vec shape mismatch")
    return Vec(vec_type(m.t.s, m.t.r), [_dot(row, v.c) for row in m.rows])


def vec_mat(v, m):
    if m.t.r != v.t.n or m.t.s is not v.t.s:
        raise TypeError("vec * mat shape mismatch")
    cols = [[m.rows[i][j] for i in range(m.t.r)] for j in range(m.t.c)]
    return Vec(vec_type(m.t.s, m.t.c), [_dot(v.c, col) for col in cols])


def mat_mat(a, b):
    if a.t.c != b.t.r or a.t.s is not b.t.s:
        raise TypeError("mat * mat shape mismatch")
    cols = [[b.rows[i][j] for i in range(b.t.r)] for j in range(b.t.c)]
    return Mat(mat_type(a.t.s, a.t.r, b.t.c), [[_dot(row, col) for col in cols] for row in a.rows])


def _dot(a, b):
    acc = a[0] * b[0]
    for x, y in zip(a[1:], b[1:]):
        acc = acc + x * y
    return acc


# ---------------------------------------------------------------------------
# structs and arrays
# ---------------------------------------------------------------------------


class StructT:
    def __init__(self, name, fields):
        self.name, self.fields = name, list(fields)  # [(name, type)]

    def __repr__(self):
        return self.name

    def __call__(self):
        s = Struct(self)
        for n, T in self.fields:
            s._f[n] = T.zero()
        return s

    zero = __call__

    def from_json(self, j):
        s = self()
        for n, T in self.fields:
            if n in j:
                s._f[n] = T.from_json(j[n])
        extra = set(j) - {n for n, _ in self.fields}
        if extra:
            raise ValueError(f"unknown fields {sorted(extra)} for {self.name}")
        return s

    def to_json(self, s):
        return {n: T.to_json(getattr(s, n)) for n, T in self.fields}

    def copy(self, s):
        r = Struct(self)
        for n, T in self.fields:
            r._f[n] = T.copy(s._f[n])
        return r

    def check(self, v):
        if not isinstance(v, Struct) or v._t is not self:
            raise TypeError(f"storing {v!r} into {self.name}")
        return v


class Struct:
    """Field reads give copies and writes store copies: structs are values."""

    def __init__(self, t):
        object.__setattr__(self, "_t", t)
        object.__setattr__(self, "_f", {})

    def __getattr__(self, n):
        f = object.__getattribute__(self, "_f")
        if n not in f:
            raise AttributeError(f"{self._t.name} has no field {n}")
        T = dict(self._t.fields)[n]
        return T.copy(f[n])

    def __setattr__(self, n, v):
        for fn, T in self._t.fields:
            if fn == n:
                self._f[n] = T.copy(T.check(v))
                return
        raise AttributeError(f"{self._t.name} has no field {n}")

    def copy(self):
        return self._t.copy(self)


class ArrT:
    def __init__(self, dtype, ndim=1):
        self.dtype, self.ndim = dtype, ndim


class Arr:
    def __init__(self, dtype, shape, data):
        self.dtype, self._shape, self.data = dtype, list(shape), data
        self.shape = [I32(n) for n in shape]
        n = 1
        for s in shape:
            n *= s
        assert len(data) == n

    def _flat(self, idx):
        if not isinstance(idx, tuple):
            idx = (idx,)
        if len(idx) != len(self._shape):
            raise IndexError("wrong number of indices")
        off = 0
        for i, n in zip(idx, self._shape):
            i = int(i)
            if not 0 <= i < n:
                raise IndexError(f"index {i} out of range {n} (undefined behaviour in a kernel)")
            off = off * n + i
        return off

    def __getitem__(self, idx):
        return self.dtype.copy(self.data[self._flat(idx)])

    def __setitem__(self, idx, v):
        self.data[self._flat(idx)] = self.dtype.copy(self.dtype.check(v))

    def __len__(self):
        return self._shape[0]

    def to_json(self):
        vals = [self.dtype.to_json(v) for v in self.data]

        def nest(off, dims):
            if not dims:
                return vals[off]
            step = 1
            for d in dims[1:]:
                step *= d
            return [nest(off + k * step, dims[1:]) for k in range(dims[0])]

        return nest(0, self._shape)


# ---------------------------------------------------------------------------
# the wp namespace
# ---------------------------------------------------------------------------


class _WP:
    pass


wp = _WP()
wp.float16, wp.float32, wp.float64 = F16, F32, F64
wp.int8, wp.int16, wp.int32, wp.int64 = I8, I16, I32, I64
wp.uint8, wp.uint16, wp.uint32, wp.uint64 = U8, U16, U32, U64
wp.bool = BOOL
wp.pi = math.pi
wp.half_pi = math.pi / 2.0
wp.tau = 2.0 * math.pi
wp.e = math.e
wp.inf = INF
wp.nan = NAN

DTYPES = {
    "bool": BOOL, "int8": I8, "int16": I16, "int32": I32, "int": I32, "int64": I64,
    "uint8": U8, "uint16": U16, "uint32": U32, "uint64": U64,
    "float16": F16, "float32": F32, "float": F32, "float64": F64,
}

for _suf, _S in (("h", F16), ("f", F32), ("d", F64), ("i", I32)):
    for _n in (2, 3, 4):
        _t = VecT(f"vec{_n}{_suf}", _S, _n)
        _VEC_TYPES[(_S, _n)] = _t
        DTYPES[f"vec{_n}{_suf}"] = _t
        setattr(wp, f"vec{_n}{_suf}", _t)
        if _suf == "f":
            DTYPES[f"vec{_n}"] = _t
            setattr(wp, f"vec{_n}", _t)
        if _suf == "i":
            continue
        _m = MatT(f"mat{_n}{_n}{_suf}", _S, _n, _n)
        _MAT_TYPES[(_S, _n, _n)] = _m
        DTYPES[f"mat{_n}{_n}{_suf}"] = _m
        setattr(wp, f"mat{_n}{_n}{_suf}", _m)
        if _suf == "f":
            DTYPES[f"mat{_n}{_n}"] = _m
            setattr(wp, f"mat{_n}{_n}", _m)
    if _suf != "i":
        _q = QuatT(f"quat{_suf}", _S)
        _QUAT_TYPES[_S] = _q
        DTYPES[f"quat{_suf}"] = _q
        setattr(wp, f"quat{_suf}", _q)
        if _suf == "f":
            DTYPES["quat"] = _q
            wp.quat = _q


def _ftype(x):
    if not isinstance(x, FloatScalar):
        raise TypeError(f"float builtin applied to {x!r}")
    return type(x)


def _unary_math(fn):
    def f(x):
        if isinstance(x, float):  # an unconstrained literal is float32
            x = F32(x)
        return _ftype(x).from_math(fn(x.v))

    return f


def _safe(fn, domain=None):
    def g(x):
        if math.isnan(x):
            return NAN
        if domain is not None:
            r = domain(x)
            if r is not None:
                return r
        try:
            return fn(x)
        except ValueError:
            return NAN

    return g


def _sinh(x):
    try:
        return math.sinh(x)
    except OverflowError:
        return math.copysign(INF, x)


def _cosh(x):
    try:
        return math.cosh(x)
    except OverflowError:
        return INF


def _log_domain(x):
    if x == 0.0:
        return -INF
    if x < 0.0:
        return NAN
    if x == INF:
        return INF
    return None


def _exp(x):
    if x == -INF:
        return 0.0
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def _round_away(x):
    if not math.isfinite(x):
        return x
    return math.copysign(math.floor(abs(x) + 0.5), x)


def _trunc(x):
    if not math.isfinite(x):
        return x
    return math.copysign(float(math.trunc(x)), x)


def _floor(x):
    return float(math.floor(x)) if math.isfinite(x) else x


def _ceil(x):
    return float(math.ceil(x)) if math.isfinite(x) else x


def _clamp11(x):
    return max(-1.0, min(1.0, x))


wp.sqrt = _unary_math(ieee_sqrt)
wp.cbrt = _unary_math(lambda x: x if not math.isfinite(x) else math.cbrt(x))
wp.exp = _unary_math(_exp)
wp.log = _unary_math(_safe(math.log, _log_domain))
wp.log2 = _unary_math(_safe(math.log2, _log_domain))
wp.log10 = _unary_math(_safe(math.log10, _log_domain))
wp.sin = _unary_math(_safe(math.sin))
wp.cos = _unary_math(_safe(math.cos))
wp.tan = _unary_math(_safe(math.tan))
wp.asin = _unary_math(_safe(lambda x: math.asin(_clamp11(x))))
wp.acos = _unary_math(_safe(lambda x: math.acos(_clamp11(x))))
wp.atan = _unary_math(_safe(math.atan))
wp.sinh = _unary_math(_safe(_sinh))
wp.cosh = _unary_math(_safe(_cosh))
wp.tanh = _unary_math(_safe(math.tanh))
wp.floor = _unary_math(_floor)
wp.ceil = _unary_math(_ceil)
wp.round = _unary_math(_round_away)
wp.trunc = _unary_math(_trunc)


def _lit_pair(a, b):
    """Adapt a literal operand to the other operand's scalar type."""
    if isinstance(a, Scalar):
        return a, as_type(type(a), b)
    if isinstance(b, Scalar):
        return as_type(type(b), a), b
    if isinstance(a, float) or isinstance(b, float):
        return F32(a), F32(b)
    return I32(a), I32(b)


def _atan2(y, x):
    y, x = _lit_pair(y, x)
    return _ftype(y).from_math(math.atan2(y.v, x.v))


wp.atan2 = _atan2


def _pow(x, y):
    x, y = _lit_pair(x, y)
    return x ** y


wp.pow = _pow


def _frac(x):
    x = _lit(x)
    return x - wp.trunc(x)


wp.frac = _frac


def _lit(x):
    """An unconstrained literal: int32, float32."""
    if isinstance(x, bool):
        raise TypeError("bool where a number is expected")
    if isinstance(x, float):
        return F32(x)
    if isinstance(x, int):
        return I32(x)
    return x


def _abs(x):
    x = _lit(x)
    if isinstance(x, Vec):
        return Vec(x.t, [_abs(c) for c in x.c])
    if isinstance(x, FloatScalar):
        return type(x)._make(abs(x.v))
    if not x.signed:
        return x
    return type(x)._make(type(x)._wrap(abs(x.v)))


def _sign(x):
    x = _lit(x)
    if isinstance(x, Vec):
        return Vec(x.t, [_sign(c) for c in x.c])
    return type(x)(-1 if x < 0 else 1) if x.signed or x.is_float else type(x)(1)


def _step(x):
    x = _lit(x)
    return type(x)(1 if x < 0 else 0)


wp.abs, wp.sign, wp.step = _abs, _sign, _step


def _fmin(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return min(a, b) if a != b else (a if math.copysign(1, a) < 0 else b)


def _fmax(a, b):
    if math.isnan(a):
        return b
    if math.isnan(b):
        return a
    return max(a, b) if a != b else (b if math.copysign(1, a) < 0 else a)


def _minmax(fn_f, fn_i):
    def f(a, b):
        if isinstance(a, Vec):
            a._same(b)
            return Vec(a.t, [f(x, y) for x, y in zip(a.c, b.c)])
        a, b = _lit_pair(a, b)
        if type(a) is not type(b):
            raise TypeError("min/max of different types")
        if a.is_float:
            return type(a)._make(fn_f(a.v, b.v))
        return type(a)._make(fn_i(a.v, b.v))

    return f


wp.min = _minmax(_fmin, min)
wp.max = _minmax(_fmax, max)


def _clamp(x, lo, hi):
    if isinstance(x, Scalar):
        lo, hi = as_type(type(x), lo), as_type(type(x), hi)
    return wp.min(wp.max(lo, x), hi)


wp.clamp = _clamp


def _lerp(a, b, t):
    if isinstance(a, (Vec, Mat, Quat)):
        S = a.t.s
    elif isinstance(a, Scalar):
        S = type(a)
    elif isinstance(b, Scalar):
        S = type(b)
    elif isinstance(t, Scalar):
        S = type(t)
    else:
        S = F32
    t = as_type(S, t)
    if not isinstance(a, (Vec, Mat, Quat)):
        a, b = as_type(S, a), as_type(S, b)
    return a * (1 - t) + b * t


def _smoothstep(e0, e1, x):
    T = next(type(v) for v in (e0, e1, x) if isinstance(v, Scalar)) if any(
        isinstance(v, Scalar) for v in (e0, e1, x)) else F32
    e0, e1, x = as_type(T, e0), as_type(T, e1), as_type(T, x)
    t = wp.clamp((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


wp.lerp, wp.smoothstep = _lerp, _smoothstep


def _components(x):
    if isinstance(x, (Vec, Quat)):
        return [c.v for c in x.c]
    if isinstance(x, Mat):
        return [c.v for r in x.rows for c in r]
    if isinstance(x, float):
        return [x]
    return [x.v]


wp.isnan = lambda x: any(math.isnan(v) for v in _components(x))
wp.isinf = lambda x: any(math.isinf(v) for v in _components(x))
wp.isfinite = lambda x: all(math.isfinite(v) for v in _components(x))
wp.where = lambda c, a, b: a if c else b


def _dotv(a, b):
    a._same(b)
    return _dot(a.c, b.c)


def _cross(a, b):
    a._same(b)
    return Vec(a.t, [a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x])


def _length_sq(v):
    return _dot(v.c, v.c)


def _length(v):
    return wp.sqrt(_length_sq(v))


def _normalize(v):
    n = _length(v)
    if n > 0:
        return type(v)(v.t, [c / n for c in v.c])
    return type(v)(v.t, [v.t.s(0)] * len(v.c))


def _outer(a, b):
    return Mat(mat_type(a.t.s, a.t.n, b.t.n), [[x * y for y in b.c] for x in a.c])


def _cw_mul(a, b):
    a._same(b)
    return Vec(a.t, [x * y for x, y in zip(a.c, b.c)])


def _cw_div(a, b):
    a._same(b)
    return Vec(a.t, [x / y for x, y in zip(a.c, b.c)])


wp.dot, wp.cross, wp.length, wp.length_sq = _dotv, _cross, _length, _length_sq
wp.normalize, wp.outer, wp.cw_mul, wp.cw_div = _normalize, _outer, _cw_mul, _cw_div


def _transpose(m):
    return Mat(mat_type(m.t.s, m.t.c, m.t.r), [[m.rows[i][j] for i in range(m.t.r)] for j in range(m.t.c)])


def _determinant(m):
    r = m.rows
    if m.t.r == 2:
        return r[0][0] * r[1][1] - r[0][1] * r[1][0]
    if m.t.r == 3:
        v = vec_type(m.t.s, 3)
        return _dotv(Vec(v, list(r[0])), _cross(Vec(v, list(r[1])), Vec(v, list(r[2]))))
    raise NotImplementedError("4x4 determinant is not needed by the references")


def _inverse(m):
    det = _determinant(m)
    if det == 0:
        return m.t.zero()
    a = m.rows
    if m.t.r == 2:
        adj = [[a[1][1], -a[0][1]], [-a[1][0], a[0][0]]]
    elif m.t.r == 3:
        def cof(i, j):
            rs = [r for r in range(3) if r != i]
            cs = [c for c in range(3) if c != j]
            minor = a[rs[0]][cs[0]] * a[rs[1]][cs[1]] - a[rs[0]][cs[1]] * a[rs[1]][cs[0]]
            return minor if (i + j) % 2 == 0 else -minor

        adj = [[cof(j, i) for j in range(3)] for i in range(3)]  # adjugate = cofactor transpose
    else:
        raise NotImplementedError("4x4 inverse is not needed by the references")
    return Mat(m.t, [[x / det for x in row] for row in adj])


def _trace(m):
    acc = m.rows[0][0]
    for i in range(1, m.t.r):
        acc = acc + m.rows[i][i]
    return acc


def _diag(v):
    S = v.t.s
    return Mat(mat_type(S, v.t.n, v.t.n),
               [[v.c[i] if i == j else S(0) for j in range(v.t.n)] for i in range(v.t.n)])


def _identity(n, dtype):
    return Mat(mat_type(dtype, n, n), [[dtype(1 if i == j else 0) for j in range(n)] for i in range(n)])


wp.transpose, wp.determinant, wp.inverse = _transpose, _determinant, _inverse
wp.trace, wp.diag, wp.identity = _trace, _diag, _identity


def _quat_identity(dtype=F32):
    return _QUAT_TYPES[dtype](0, 0, 0, 1)


def _quat_from_axis_angle(axis, angle):
    S = axis.t.s
    angle = as_type(S, angle)
    half = angle * 0.5
    s = wp.sin(half)
    return Quat(_QUAT_TYPES[S], [axis.x * s, axis.y * s, axis.z * s, wp.cos(half)])


def _quat_inverse(q):
    return Quat(q.t, [-q.x, -q.y, -q.z, q.w])


def _quat_rotate(q, v, inv=False):
    qv = Vec(v.t, [q.x, q.y, q.z])
    c = 2.0 * q.w * q.w - 1.0
    d = 2.0 * _dotv(qv, v)
    r = v * c + qv * d
    x = _cross(qv, v) * q.w * 2.0
    return r - x if inv else r + x


def _quat_to_matrix(q):
    S = q.t.s
    V = vec_type(S, 3)
    cols = [_quat_rotate(q, V(1, 0, 0)), _quat_rotate(q, V(0, 1, 0)), _quat_rotate(q, V(0, 0, 1))]
    return Mat(mat_type(S, 3, 3), [[cols[j].c[i] for j in range(3)] for i in range(3)])


wp.quat_identity, wp.quat_from_axis_angle = _quat_identity, _quat_from_axis_angle
wp.quat_inverse, wp.quat_rotate = _quat_inverse, _quat_rotate
wp.quat_rotate_inv = lambda q, v: _quat_rotate(q, v, inv=True)
wp.quat_to_matrix = _quat_to_matrix


def _atomic(fn):
    def f(arr, *args):
        idx, v = args[:-1], args[-1]
        idx = idx if len(idx) > 1 else idx[0]
        old = arr[idx]
        arr[idx] = fn(old, arr.dtype.check(v) if not isinstance(v, (int, float)) else v)
        return old

    return f


wp.atomic_add = _atomic(lambda a, b: a + b)
wp.atomic_sub = _atomic(lambda a, b: a - b)
wp.atomic_min = _atomic(lambda a, b: wp.min(a, b))
wp.atomic_max = _atomic(lambda a, b: wp.max(a, b))


def _eq(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) == bool(b) and isinstance(a, bool) and isinstance(b, bool)
    if isinstance(a, (Vec, Quat, Mat)):
        return _components(a) == _components(b) and not wp.isnan(a)
    a, b = _lit_pair(a, b)
    return a == b


def _maxdiff(a, b):
    if not isinstance(a, (Vec, Mat, Quat)):
        a, b = _lit_pair(a, b)
    d = [abs(x - y) for x, y in zip(_components(a), _components(b))]
    return NAN if any(math.isnan(x) for x in d) else max(d)


class Checks:
    """Failed run-time checks; a check does not stop the thread (section 10)."""

    failures = []


def _fail(what):
    Checks.failures.append(what)


def expect_eq(a, b):
    if not _eq(a, b):
        _fail(f"expect_eq({a!r}, {b!r})")


def expect_neq(a, b):
    if _eq(a, b):
        _fail(f"expect_neq({a!r}, {b!r})")


def expect_near(a, b, tol):
    d = _maxdiff(a, b)
    t = float(tol.v if isinstance(tol, Scalar) else tol)
    if d > t:  # a NaN difference does not fail
        _fail(f"expect_near({a!r}, {b!r}, {t}): difference {d}")


def wp_assert(c):
    if not c:
        _fail("assert")


wp.expect_eq, wp.expect_neq, wp.expect_near = expect_eq, expect_neq, expect_near


def wrange(*args):
    """Warp's range: int32 values, evaluated once; a zero step runs nothing."""
    args = [int(a) for a in args]
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
    elif len(args) == 2:
        (start, stop), step = args, 1
    else:
        start, stop, step = args
    if step == 0:
        return []
    return [I32(i) for i in range(start, stop, step)]


def rev_wrange(*args):
    return list(reversed(wrange(*args)))


# ---------------------------------------------------------------------------
# spec runner
# ---------------------------------------------------------------------------


def parse_dtype(name):
    if name not in DTYPES:
        raise ValueError(f"unknown dtype {name!r}")
    return DTYPES[name]


def _elem_depth(T):
    if isinstance(T, (VecT, QuatT)):
        return 1
    if isinstance(T, MatT):
        return 2
    return 0


def make_array(desc, dtype, where):
    if "dtype" in desc:
        T = parse_dtype(desc["dtype"])
        if dtype is not None and T is not dtype:
            raise ValueError(f"{where}: dtype {desc['dtype']} does not match the kernel parameter ({dtype})")
        dtype = T
    if dtype is None:
        raise ValueError(f"{where}: array without dtype")

    def shape_of(s):
        return [s] if isinstance(s, int) else list(s)

    if "data" in desc:
        data = desc["data"]
        depth = _elem_depth(dtype)
        shape = []
        x = data
        while isinstance(x, list):
            shape.append(len(x))
            x = x[0] if x else None
        shape = shape[:len(shape) - depth]
        flat = []

        def walk(x, d):
            if d == len(shape):
                flat.append(dtype.from_json(x))
                return
            if len(x) != shape[d]:
                raise ValueError(f"{where}: ragged data")
            for y in x:
                walk(y, d + 1)

        walk(data, 0)
        return Arr(dtype, shape, flat)
    for key in ("zeros", "ones", "full"):
        if key in desc:
            shape = shape_of(desc[key])
            n = 1
            for s in shape:
                n *= s
            if key == "zeros":
                v = dtype.zero()
            elif key == "ones":
                if isinstance(dtype, (VecT, MatT, QuatT, StructT)):
                    raise ValueError("'ones' is only used with scalar dtypes in these specs")
                v = dtype.from_json(True if dtype is BOOL else 1)
            else:
                v = dtype.from_json(desc["value"])
            return Arr(dtype, shape, [dtype.copy(v) for _ in range(n)])
    raise ValueError(f"{where}: bad array descriptor {desc!r}")


class Kernel:
    def __init__(self, fn, params, ndim=1):
        """params: [(name, type)], type a dtype / VecT / StructT or ArrT."""
        self.fn, self.params, self.ndim = fn, params, ndim


def launch(k, dim, args):
    dim = [dim] if isinstance(dim, int) else list(dim)
    if len(dim) != k.ndim:
        raise ValueError(f"kernel {k.fn.__name__} is {k.ndim}-d, launched with dim {dim}")
    order = list(itertools.product(*[range(d) for d in dim]))
    if os.environ.get("WPREF_THREAD_ORDER") == "reverse":  # to check order independence
        order.reverse()
    for t in order:
        tid = I32(t[0]) if k.ndim == 1 else tuple(I32(x) for x in t)
        # parameters are per-thread copies
        a = {}
        for name, T in k.params:
            v = args[name]
            a[name] = v if isinstance(T, ArrT) else T.copy(v)
        k.fn(tid, **a)


def _value_arg(T, j, where):
    if isinstance(T, ArrT):
        raise ValueError(f"{where}: array expected")
    return T.from_json(j)


def run_spec(spec, kernels):
    """Returns {name: json} of every array, after running the spec's launches."""
    Checks.failures = []
    outputs = {}
    if "launches" in spec:
        arrays = {}
        declared = spec.get("arrays", {})
        # dtype from the spec, else from the first launch that uses the array
        for name, desc in declared.items():
            dtype = None
            if "dtype" not in desc:
                for l in spec["launches"]:
                    k = kernels[l["kernel"]]
                    for p, T in k.params:
                        if l.get("args", {}).get(p) == "@" + name:
                            dtype = T.dtype
                            break
                    if dtype:
                        break
            arrays[name] = make_array(desc, dtype, name)
        for li, l in enumerate(spec["launches"]):
            k = kernels[l["kernel"]]
            given = l.get("args", {})
            extra = set(given) - {p for p, _ in k.params}
            if extra:
                raise ValueError(f"launch {li}: unknown arguments {sorted(extra)}")
            args = {}
            for p, T in k.params:
                if p not in given:
                    raise ValueError(f"launch {li} ({l['kernel']}): missing argument {p}")
                j = given[p]
                if isinstance(T, ArrT):
                    if not (isinstance(j, str) and j.startswith("@")):
                        raise ValueError(f"launch {li}: array argument {p} must be @name")
                    arr = arrays[j[1:]]
                    if arr.dtype is not T.dtype or len(arr._shape) != T.ndim:
                        raise ValueError(f"launch {li}: array {j} does not match parameter {p}")
                    args[p] = arr
                else:
                    args[p] = _value_arg(T, j, f"launch {li} arg {p}")
            launch(k, l.get("dim", 1), args)
            if Checks.failures:
                raise CheckFailed(f"{l['kernel']}: " + "; ".join(Checks.failures[:5]))
        names = spec.get("print", list(arrays))
        for n in names:
            outputs[n] = arrays[n].to_json()
    else:
        k = kernels[spec["kernel"]]
        given = spec.get("inputs", {})
        args = {}
        for p, T in k.params:
            if p not in given:
                raise ValueError(f"missing input {p}")
            if isinstance(T, ArrT):
                args[p] = make_array(given[p], T.dtype, p)
                if len(args[p]._shape) != T.ndim:
                    raise ValueError(f"{p}: expected a {T.ndim}-d array")
            else:
                args[p] = _value_arg(T, given[p], p)
        launch(k, spec.get("dim", 1), args)
        if Checks.failures:
            raise CheckFailed(f"{spec['kernel']}: " + "; ".join(Checks.failures[:5]))
        for p, T in k.params:
            if isinstance(T, ArrT):
                outputs[p] = args[p].to_json()
    return outputs


def main(kernels, argv=None):
    """Entry point of a reference: `<example>_ref.py SPEC.json` prints the expected JSON."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print(f"usage: {sys.argv[0]} SPEC.json", file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        spec = json.load(f)
    outputs = run_spec(spec, kernels)
    json.dump({"ok": True, "outputs": outputs, "grads": {}}, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0
