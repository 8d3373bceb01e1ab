# Lane-dependent tile ops on @wp.struct elements (issue 30,
# docs/design/tiles.md "Tiles of structs"), for tile-struct-lanes.test:
# t[i] += v, t[i] -= v, t[i] = v and tile_scatter_add / tile_scatter_masked
# of structs by every lane of a block, tile stacks of structs, a tile stack
# passed to a @wp.func that pushes.
import warp as wp

T = wp.constant(3)
CAP = wp.constant(4)


@wp.struct
class Rec:
    x: wp.float32
    v: wp.vec3
    n: wp.int32
    k: wp.int8
    on: wp.bool


@wp.struct
class Outer:
    r: Rec
    w: wp.float32


@wp.struct
class Entry:
    value: wp.int32
    weight: wp.float32


# Lane j of block i takes src[i * B + j]. `init` seeds the tiles: its int8
# and bool fields are carried (not accumulated), as Warp 1.16's struct +=.
@wp.kernel
def scatter_ops(src: wp.array(dtype=Rec), init: wp.array(dtype=Rec),
                added: wp.array(dtype=Rec), subbed: wp.array(dtype=Rec),
                assigned: wp.array(dtype=Rec), masked: wp.array(dtype=Rec),
                plain: wp.array(dtype=Rec), total: wp.array(dtype=Rec)):
    i, j = wp.tid()
    r = src[i * wp.block_dim() + j]
    a = wp.tile_load(init, shape=T)
    a[j % T] += r
    wp.tile_store(added, a, offset=i * T)
    s = wp.tile_load(init, shape=T)
    s[(j + 1) % T] -= r
    wp.tile_store(subbed, s, offset=i * T)
    # Lanes 0 to T - 1 assign element T - 1 - j; the others assign nothing.
    z = wp.tile_zeros(shape=T, dtype=Rec)
    wp.tile_scatter_masked(z, T - 1 - j, r, j < T)
    wp.tile_store(assigned, z, offset=i * T)
    m = wp.tile_load(init, shape=T)
    wp.tile_scatter_add(m, j % T, r, j % 2 == 0)
    wp.tile_store(masked, m, offset=i * T)
    p = wp.tile_load(init, shape=T)
    wp.tile_scatter_add(p, (j * 2) % T, r, True, atomic=False)
    wp.tile_store(plain, p, offset=i * T)
    one = wp.tile_zeros(shape=1, dtype=Rec)
    wp.tile_scatter_add(one, 0, r, True)
    wp.tile_store(total, one, offset=i)


# Nested structs: t[i] += v adds the inner struct's fields too.
@wp.kernel
def nested_add(src: wp.array(dtype=Outer), out: wp.array(dtype=Outer)):
    i, j = wp.tid()
    t = wp.tile_zeros(shape=2, dtype=Outer)
    t[j % 2] += src[i * wp.block_dim() + j]
    wp.tile_store(out, t, offset=i * 2)


# A stack of structs: the even lanes push (4 fit), then every lane pops
# (lanes past the pushed ones get the zero struct and slot -1).
@wp.kernel
def struct_stack(values: wp.array(dtype=wp.int32), weights: wp.array(dtype=float),
                 slots: wp.array(dtype=wp.int32), counts: wp.array(dtype=wp.int32)):
    i, j = wp.tid()
    g = i * wp.block_dim() + j
    st = wp.tile_stack(capacity=CAP, dtype=Entry)
    e = Entry()
    e.value = j * 10 + i
    e.weight = wp.float32(j) * 0.25 + 1.0
    wp.tile_stack_push(st, e, j % 2 == 0)
    if j == 0:
        counts[i] = wp.tile_stack_count(st)
    popped, slot = wp.tile_stack_pop(st)
    values[g] = popped.value
    weights[g] = popped.weight
    slots[g] = slot


@wp.func
def push_twice(s: wp.tile_stack(capacity=CAP, dtype=int), v: int):
    wp.tile_stack_push(s, v, v % 2 == 0)
    wp.tile_stack_push(s, v + 1, v == 0)


# A tile stack passed to a @wp.func, which pushes into the caller's stack.
@wp.kernel
def func_stack(popped: wp.array(dtype=wp.int32), counts: wp.array(dtype=wp.int32)):
    i, j = wp.tid()
    s = wp.tile_stack(capacity=CAP, dtype=int)
    push_twice(s, j)
    if j == 0:
        counts[i] = wp.tile_stack_count(s)
    v, slot = wp.tile_stack_pop(s)
    popped[i * wp.block_dim() + j] = wp.where(slot >= 0, v * 100 + slot, -1)
