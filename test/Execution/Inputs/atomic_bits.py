# wp.atomic_exch, atomic_cas, atomic_and, atomic_or, atomic_xor: each returns
# the element's old value (atomic_bits.test).
import warp as wp


@wp.kernel
def atomic_bits(a: wp.array(dtype=wp.int32), u: wp.array(dtype=wp.uint32), l: wp.array(dtype=wp.int64),
                m: wp.array2d(dtype=wp.uint64), f: wp.array(dtype=float), d: wp.array(dtype=wp.float64),
                v: wp.array(dtype=wp.vec3), c: wp.array(dtype=wp.int32),
                old_and: wp.array(dtype=wp.int32), old_or: wp.array(dtype=wp.uint32),
                old_xor: wp.array(dtype=wp.int64), old_m: wp.array(dtype=wp.uint64),
                old_exch: wp.array(dtype=float), old_cas: wp.array(dtype=wp.float64),
                old_v: wp.array(dtype=wp.vec3), old_c: wp.array(dtype=wp.int32),
                shared: wp.array(dtype=wp.int32), winners: wp.array(dtype=wp.int32)):
    i = wp.tid()
    old_and[i] = wp.atomic_and(a, i, 0x0FF0)
    old_or[i] = wp.atomic_or(u, i, wp.uint32(0x80000001))
    old_xor[i] = wp.atomic_xor(l, i, wp.int64(-1))
    old_m[i] = wp.atomic_xor(m, i, 1, wp.uint64(0xFFFF))
    old_exch[i] = wp.atomic_exch(f, i, float(i) * 0.5)
    # Swaps only where d[i] == 2.0.
    old_cas[i] = wp.atomic_cas(d, i, wp.float64(2.0), wp.float64(-7.25))
    old_v[i] = wp.atomic_exch(v, i, wp.vec3(1.0, 2.0, 3.0))
    old_c[i] = wp.atomic_cas(c, i, 5, i + 100)
    # Contention: every thread sets its bit; one thread wins the swap from 0.
    wp.atomic_or(shared, 0, 1 << i)
    if wp.atomic_cas(shared, 1, 0, 1) == 0:
        wp.atomic_add(winners, 0, 1)
