# Arrays held in structs that are elements of an array (Warp's
# tile_struct_array_payload_read_kernel), for array-in-element.test.
import warp as wp


@wp.struct
class Payload:
    data: wp.array(dtype=float)
    tag: wp.int32


@wp.kernel
def read(payloads: wp.array(dtype=Payload), values: wp.array(dtype=float),
         tags: wp.array(dtype=int)):
    i = wp.tid()
    p = payloads[i]
    values[i] = p.data[0] * 2.0
    tags[i] = p.tag


# Only an integer read through the held array: no gradient flows, the
# adjoint is built.
@wp.kernel
def tags_only(payloads: wp.array(dtype=Payload), tags: wp.array(dtype=int)):
    i = wp.tid()
    tags[i] = payloads[i].tag + 1
