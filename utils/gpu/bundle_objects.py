"""The objects of a kdsl GPU bundle (hash grids, BVHs, meshes, volumes;
docs/gpu-suite.md), decoded and checked independently of kdsl's C++.

read_bundle.py uses it. check_objects(objects, arrays, spec) checks that each
object of the bundle is the structure the spec's "objects" entry describes,
from the spec's own arrays, with nothing but Python:

- every pointer field of a header is relocated into a buffer of its object or
  an array of the bundle, with the buffer sizes the header's counts imply;
  a mesh's `bvh` points to its own BVH header (buffer 1);
- hash grid: every point is listed once, in the cell Warp's hash_grid_index
  gives its coordinates (recomputed here in float32), cells in point order
  (grouped grids: by group, then point), empty cells (0, 0);
- BVH (and a mesh's): the nodes are a depth-first preorder tree (node_skip),
  every item in exactly one leaf whose bounds are the item's box, every inner
  node's bounds the union of its children's; with groups, each group root's
  subtree holds exactly that group's items;
- mesh: points, indices and velocities are the spec's arrays (the bundle's
  array bytes equal the spec's values), the BVH's items are the faces with
  their float32 bounds;
- volume: the block map covers every leaf once and names tiles that exist;
  a dense volume's voxels read the spec's data back; an index grid numbers
  every voxel of the spec exactly once.
"""
import math
import struct

OBJECT_KINDS = ["hash_grid", "bvh", "mesh", "volume"]

# The headers of include/kdsl/Runtime/KernelABI.h and their pointer fields.
HEADERS = {
    "hash_grid": ("<4Qd4ifi", 64, [0, 8, 16, 24]),
    "bvh": ("<6Q4i", 64, [0, 8, 16, 24, 32, 40]),
    "mesh": ("<4Q4i", 48, [0, 8, 16, 24]),
    "volume": ("<4Q9d9d3d9f9f3f3i3i3i", 320, [0, 8, 16, 24]),
}
# kdsl_volume value_type -> (struct code, components).
VOLUME_TYPES = {0: None, 1: ("f", 1), 2: ("d", 1), 3: ("i", 1), 4: ("q", 1), 5: ("I", 1),
                6: ("f", 3), 7: ("d", 3), 8: ("f", 4), 9: ("d", 4)}


class CheckError(ValueError):
    pass


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fail(what, message):
    raise CheckError("%s: %s" % (what, message))


def header(o, buffer=0, kind=None):
    fmt, size, _ = HEADERS[kind or o["kind"]]
    data = o["buffers"][buffer]
    if len(data) != size:
        fail(o["kind"], "header of %d bytes, expected %d" % (len(data), size))
    return struct.unpack(fmt, data)


def relocation(o, buffer, offset):
    found = [r for r in o["relocations"] if r[0] == buffer and r[1] == offset]
    return found[0] if found else None


def pointee(o, arrays, buffer, offset, what):
    """The bytes a pointer field leads to (from its target, addend on), or
    None for a null field."""
    r = relocation(o, buffer, offset)
    if r is None:
        return None
    _, _, kind, target, addend = r
    data = o["buffers"][target] if kind == 0 else arrays[target]["data"]
    if addend != 0:
        fail(what, "points %d bytes into its target, expected its start" % addend)
    return data


def describe_object(o, arrays):
    return {"kind": o["kind"], "buffers": [len(b) for b in o["buffers"]],
            "pointers": [{"buffer": b, "offset": off, "to": "array" if k else "buffer",
                          "index": t, "addend": a} for b, off, k, t, a in o["relocations"]]}


def check_object_uses(objects, launches):
    """Structural checks of every bundle: relocations inside their buffers and
    targets, pointer fields written as 0, object ids as 0 in the arguments."""
    for i, o in enumerate(objects):
        what = "object %d (%s)" % (i, o["kind"])
        header(o)
        for buffer, offset, kind, target, addend in o["relocations"]:
            if buffer >= len(o["buffers"]) or offset + 8 > len(o["buffers"][buffer]):
                fail(what, "pointer field outside its buffer")
            if struct.unpack_from("<Q", o["buffers"][buffer], offset)[0] != 0:
                fail(what, "a host pointer left in buffer %d at %d" % (buffer, offset))
            if kind not in (0, 1):
                fail(what, "bad pointer target kind %d" % kind)
    for li, launch in enumerate(launches):
        for arg, offset, index in launch["object_uses"]:
            if index >= len(objects) or offset + 8 > len(launch["args"][arg]):
                raise CheckError("launch %d: bad object use" % li)
            if struct.unpack_from("<Q", launch["args"][arg], offset)[0] != 0:
                raise CheckError("launch %d: a host object id left in argument %d" % (li, arg))


def spec_values(spec, ref, what):
    """The elements of the spec array "@name" as a flat list of elements
    (lists for vectors), and its dtype."""
    name = ref[1:]
    a = spec["arrays"][name]
    dtype = a.get("dtype", "float32")
    if "data" in a:
        data = a["data"]
    elif "zeros" in a or "full" in a:
        shape = a.get("zeros", a.get("full"))
        shape = [shape] if isinstance(shape, int) else shape
        comps = {"vec3f": 3, "vec3d": 3, "vec3i": 3}.get(dtype, 1)
        value = a.get("value", 0)
        elem = [value] * comps if comps > 1 else value
        data = [elem] * math.prod(shape)
    else:
        fail(what, "cannot read spec array '%s'" % name)
    if dtype.startswith(("int", "uint")) or dtype == "vec3i":
        # kdsl-run reads an integral float (kdsl-synth's specs write 4.0) as
        # the integer; any other value is not the array's.
        def exact(x):
            if isinstance(x, list):
                return [exact(y) for y in x]
            if isinstance(x, float) and not x.is_integer():
                fail(what, "spec array '%s' holds %r, not an integer" % (name, x))
            return int(x) if isinstance(x, float) else x
        data = exact(data)
    return data, dtype


def flat_elements(data, depth):
    """Elements of a nested list whose elements are lists `depth` deep."""
    out = []

    def walk(x):
        if isinstance(x, list) and x and isinstance(x[0], list) or (
                isinstance(x, list) and depth == 0):
            for y in x:
                walk(y)
        else:
            out.append(x)
    walk(data)
    return out


def vec3s(spec, ref, what):
    data, dtype = spec_values(spec, ref, what)
    items = []

    def walk(x):
        if isinstance(x, list) and len(x) == 3 and not isinstance(x[0], list):
            items.append(x)
        else:
            for y in x:
                walk(y)
    walk(data)
    return items, dtype


def check_array_is(data, values, code, what):
    """The bundle array's bytes hold exactly `values` (flat) as `code`."""
    want = b"".join(struct.pack("<" + code, v) for v in values)
    if data != want:
        fail(what, "does not hold the spec's values")


def check_hash_grid(o, arrays, spec_obj, spec, what):
    (ids_p, starts_p, ends_p, keys_p, inv_d, dx, dy, dz, n, inv_f, has_groups) = header(o)
    points, dtype = vec3s(spec, spec_obj["points"], what)
    if [dx, dy, dz] != list(spec_obj["dims"]):
        fail(what, "dims %s, the spec's %s" % ([dx, dy, dz], spec_obj["dims"]))
    if n != len(points):
        fail(what, "num_points %d, the spec has %d points" % (n, len(points)))
    if inv_d != 1.0 / spec_obj["radius"] or inv_f != f32(1.0 / f32(spec_obj["radius"])):
        fail(what, "cell widths do not match the radius")
    cells = dx * dy * dz
    ids = pointee(o, arrays, 0, 0, what + " point_ids")
    starts = pointee(o, arrays, 0, 8, what + " cell_starts")
    ends = pointee(o, arrays, 0, 16, what + " cell_ends")
    keys = pointee(o, arrays, 0, 24, what + " point_keys")
    if len(ids or b"") != 4 * n or len(starts) != 4 * cells or len(ends) != 4 * cells:
        fail(what, "buffer sizes do not match num_points and dims")
    ids = struct.unpack("<%di" % n, ids or b"")
    starts = struct.unpack("<%di" % cells, starts)
    ends = struct.unpack("<%di" % cells, ends)
    groups = None
    if "groups" in spec_obj:
        groups = [g & 0xFFFFFFFF for g in flat_elements(spec_values(spec, spec_obj["groups"], what)[0], 0)]
    if bool(has_groups) != (groups is not None) or (keys is None) == (groups is not None):
        fail(what, "has_groups / point_keys do not match the spec's \"groups\"")
    if sorted(ids) != list(range(n)):
        fail(what, "point_ids is not a permutation of the points")

    # Warp's hash_grid_index, in float32 for float32 points.
    def cell(p):
        c = []
        for d, dim in enumerate((dx, dy, dz)):
            x = p[d] * inv_d if dtype == "vec3d" else f32(f32(p[d]) * inv_f)
            f = math.floor(x) if math.isfinite(x) and -2**31 < math.floor(x) < 2**31 - 1 else 0
            c.append(max(0, f + (1 << 20)) % dim)
        return c[2] * dx * dy + c[1] * dx + c[0]
    members = [[] for _ in range(cells)]
    for i, p in enumerate(points):
        members[cell(p)].append(i)
    for c in range(cells):
        want = members[c]
        if groups is not None:
            want = sorted(want, key=lambda i: (groups[i], i))
        if not want:
            if starts[c] != 0 or ends[c] != 0:
                fail(what, "empty cell %d has range (%d, %d)" % (c, starts[c], ends[c]))
            continue
        if list(ids[starts[c]:ends[c]]) != want or ends[c] - starts[c] != len(want):
            fail(what, "cell %d lists %s, its points are %s" % (c, list(ids[starts[c]:ends[c]]), want))
    if groups is not None:
        got = struct.unpack("<%dQ" % n, keys)
        for k, i in enumerate(ids):
            if got[k] != (cell(points[i]) << 32) | groups[i]:
                fail(what, "point_keys[%d] is not (cell << 32) | group" % k)
    return n


def check_bvh_tree(o, arrays, hb, boxes, groups, what):
    lo_p, hi_p, skip_p, item_p, gid_p, groot_p, nodes, items, ngroups, _ = header(o, hb, "bvh")
    n = len(boxes)
    if items != n:
        fail(what, "num_items %d, the spec has %d items" % (items, n))
    field = lambda off, name: pointee(o, arrays, hb, off, what + " " + name) or b""
    lows, highs = field(0, "node_lowers"), field(8, "node_uppers")
    skip, item = field(16, "node_skip"), field(24, "node_item")
    gids, groots = field(32, "group_ids"), field(40, "group_roots")
    if not (len(lows) == len(highs) == 12 * nodes and len(skip) == len(item) == 4 * nodes
            and len(gids) == len(groots) == 4 * ngroups):
        fail(what, "buffer sizes do not match num_nodes / num_groups")
    lows = [struct.unpack_from("<3f", lows, 12 * i) for i in range(nodes)]
    highs = [struct.unpack_from("<3f", highs, 12 * i) for i in range(nodes)]
    skip = struct.unpack("<%di" % nodes, skip)
    item = struct.unpack("<%di" % nodes, item)
    gids = struct.unpack("<%di" % ngroups, gids)
    groots = struct.unpack("<%di" % ngroups, groots)
    seen = []

    # The subtree at `i` ends at skip[i]; returns its items.
    def walk(i, depth=0):
        if not (i < skip[i] <= nodes) or depth > 200:
            fail(what, "node %d: bad node_skip %d" % (i, skip[i]))
        if item[i] >= 0:
            if skip[i] != i + 1 or item[i] >= n:
                fail(what, "leaf %d: bad skip or item" % i)
            blo, bhi = boxes[item[i]]
            if tuple(lows[i]) != tuple(blo) or tuple(highs[i]) != tuple(bhi):
                fail(what, "leaf %d: bounds are not item %d's box" % (i, item[i]))
            return [item[i]]
        out, c, children = [], i + 1, []
        while c < skip[i]:
            children.append(c)
            out += walk(c, depth + 1)
            c = skip[c]
        if c != skip[i] or not children:
            fail(what, "node %d: children do not end at its skip" % i)
        for d in range(3):
            if lows[i][d] != min(lows[k][d] for k in children) or \
                    highs[i][d] != max(highs[k][d] for k in children):
                fail(what, "node %d: bounds are not the union of its children's" % i)
        return out
    if nodes:
        seen = walk(0)
        if skip[0] != nodes:
            fail(what, "the root's subtree is not the whole tree")
    if sorted(seen) != list(range(n)):
        fail(what, "the leaves do not hold every item exactly once")
    want_groups = sorted(set(groups)) if groups is not None else [0]
    if list(gids) != want_groups:
        fail(what, "group_ids %s, expected %s" % (list(gids), want_groups))
    for g, root in zip(gids, groots):
        if root < 0:
            if n:
                fail(what, "group %d has no root" % g)
            continue
        members = sorted(walk(root))
        want = [k for k in range(n) if groups is None or groups[k] == g]
        if members != want:
            fail(what, "group %d's subtree holds %s, expected %s" % (g, members, want))
    return nodes


def boxes_of(spec, lo_ref, hi_ref, what):
    lows, _ = vec3s(spec, lo_ref, what)
    highs, _ = vec3s(spec, hi_ref, what)
    return [(tuple(f32(x) for x in l), tuple(f32(x) for x in h)) for l, h in zip(lows, highs)]


def groups_of(spec, spec_obj, what):
    if "groups" not in spec_obj:
        return None
    return flat_elements(spec_values(spec, spec_obj["groups"], what)[0], 0)


def check_mesh(o, arrays, spec_obj, spec, what):
    bvh_p, pts_p, idx_p, vel_p, npts, nfaces, has_vel, _ = header(o)
    points, _ = vec3s(spec, spec_obj["points"], what)
    indices = flat_elements(spec_values(spec, spec_obj["indices"], what)[0], 0)
    if npts != len(points) or nfaces * 3 != len(indices):
        fail(what, "num_points %d / num_faces %d, the spec has %d / %d" %
             (npts, nfaces, len(points), len(indices) // 3))
    if relocation(o, 0, 0) != (0, 0, 0, 1, 0):
        fail(what, "bvh does not point to the mesh's own BVH header (buffer 1)")
    for off, key, values, code in ((8, "points", [x for p in points for x in p], "f"),
                                   (16, "indices", indices, "i")):
        r = relocation(o, 0, off)
        if r is None or r[2] != 1:
            fail(what, "%s does not point to an array of the bundle" % key)
        check_array_is(pointee(o, arrays, 0, off, what), values, code, what + " " + key)
    if "velocities" in spec_obj:
        vel, _ = vec3s(spec, spec_obj["velocities"], what)
        if not has_vel or relocation(o, 0, 24) is None:
            fail(what, "velocities missing")
        check_array_is(pointee(o, arrays, 0, 24, what), [x for p in vel for x in p], "f",
                       what + " velocities")
    elif has_vel or relocation(o, 0, 24) is not None:
        fail(what, "velocities the spec does not give")
    p32 = [tuple(f32(x) for x in p) for p in points]
    boxes = []
    for f in range(nfaces):
        tri = [p32[indices[3 * f + k]] for k in range(3)]
        boxes.append((tuple(min(t[d] for t in tri) for d in range(3)),
                      tuple(max(t[d] for t in tri) for d in range(3))))
    check_bvh_tree(o, arrays, 1, boxes, groups_of(spec, spec_obj, what), what + " bvh")
    return nfaces


def check_volume(o, arrays, spec_obj, spec, what):
    h = header(o)
    bmin, bdims = h[46:49], h[49:52]
    value_type, leaves, voxel_count = h[-3:]
    if value_type not in VOLUME_TYPES:
        fail(what, "bad value_type %d" % value_type)
    vt = VOLUME_TYPES[value_type]
    values = pointee(o, arrays, 0, 0, what + " values")
    block_map = pointee(o, arrays, 0, 8, what + " block_map") or b""
    tiles = pointee(o, arrays, 0, 16, what + " tile_values") or b""
    voxel_index = pointee(o, arrays, 0, 24, what + " voxel_index")
    blocks = bdims[0] * bdims[1] * bdims[2]
    if len(block_map) != 4 * blocks:
        fail(what, "block_map has %d bytes for %d blocks" % (len(block_map), blocks))
    bmap = struct.unpack("<%di" % blocks, block_map)
    vsize = struct.calcsize("<" + vt[0]) * vt[1] if vt else 0
    if vt:
        if len(values or b"") != leaves * 512 * vsize or voxel_index is not None:
            fail(what, "values hold %d bytes for %d leaves" % (len(values or b""), leaves))
        ntiles = len(tiles) // vsize
    else:
        if values is not None or len(voxel_index or b"") != leaves * 512 * 4:
            fail(what, "an index grid needs voxel_index (and no values)")
        ntiles = len(tiles) // 4 if tiles else 1
    leaf_blocks = sorted(m for m in bmap if m >= 0)
    if leaf_blocks != list(range(leaves)):
        fail(what, "the block map does not name every leaf exactly once")
    if any(m < 0 and -1 - m >= max(ntiles, 1) for m in bmap):
        fail(what, "the block map names a tile that does not exist")

    def lookup(i, j, k):
        """(leaf voxel number, None) or (None, tile) of index coordinate (i, j, k)."""
        b = [(c >> 3) - bmin[d] for d, c in enumerate((i, j, k))]
        if any(not 0 <= b[d] < bdims[d] for d in range(3)):
            return None, 0
        m = bmap[(b[0] * bdims[1] + b[1]) * bdims[2] + b[2]]
        if m < 0:
            return None, -1 - m
        return m * 512 + ((i & 7) << 6 | (j & 7) << 3 | (k & 7)), None

    checked = 0
    if "data" in spec_obj and vt:
        data, dtype = spec_values(spec, spec_obj["data"], what)
        code = vt[0]
        for i, plane in enumerate(data):
            for j, row in enumerate(plane):
                for k, v in enumerate(row):
                    voxel, tile = lookup(i, j, k)
                    blob, at = (values, voxel * vsize) if voxel is not None else (tiles, tile * vsize)
                    got = struct.unpack_from("<%d%s" % (vt[1], code), blob, at)
                    want = v if isinstance(v, list) else [v]
                    want = [f32(x) for x in want] if code == "f" else want
                    if list(got) != list(want):
                        fail(what, "voxel (%d, %d, %d) reads %s, the spec's data %s" %
                             (i, j, k, list(got), want))
                    checked += 1
    if "voxels" in spec_obj:
        voxels, _ = vec3s(spec, spec_obj["voxels"], what)
        index = struct.unpack("<%di" % (leaves * 512), voxel_index)
        distinct = sorted(set(tuple(v) for v in voxels))
        numbers = []
        for v in distinct:
            voxel, _ = lookup(*v)
            if voxel is None or index[voxel] < 0:
                fail(what, "voxel %s is not active" % (v,))
            numbers.append(index[voxel])
        if sorted(numbers) != list(range(len(distinct))) or voxel_count != len(distinct) or \
                sum(1 for x in index if x >= 0) != len(distinct):
            fail(what, "the index grid does not number its %d voxels 0..%d once each" %
                 (len(distinct), len(distinct) - 1))
        checked = len(distinct)
    return checked


def check_objects(objects, arrays, spec):
    """Each object of the bundle against the spec's "objects" (in name order,
    as kdsl-run numbers them); returns {name: what was checked}."""
    specs = spec.get("objects", {})
    names = sorted(specs)
    if len(names) != len(objects):
        raise CheckError("%d objects, the spec has %d" % (len(objects), len(names)))
    out = {}
    for name, o in zip(names, objects):
        kind, spec_obj = next(iter(specs[name].items()))
        what = "object '%s' (%s)" % (name, kind)
        if o["kind"] != kind:
            fail(what, "the bundle has a %s" % o["kind"])
        if kind == "hash_grid":
            out[name] = "%d points" % check_hash_grid(o, arrays, spec_obj, spec, what)
        elif kind == "bvh":
            boxes = boxes_of(spec, spec_obj["lowers"], spec_obj["uppers"], what)
            nodes = check_bvh_tree(o, arrays, 0, boxes, groups_of(spec, spec_obj, what), what)
            out[name] = "%d items, %d nodes" % (len(boxes), nodes)
        elif kind == "mesh":
            out[name] = "%d faces" % check_mesh(o, arrays, spec_obj, spec, what)
        else:
            out[name] = "%d voxels" % check_volume(o, arrays, spec_obj, spec, what)
    return out
