# A kernel whose first tile op is kdsl.tile_from_lanes (wp.tile), for
# test/Driver/tiles-lanes-targets.test.
import warp as wp


@wp.kernel
def lanes(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile(x[i])
    out[i] = wp.untile(wp.tile_scan_inclusive(t))
