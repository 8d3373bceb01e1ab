# A module of a package, imported by main.py as `from imports_pkg.shapes import
# Box, box_volume` and `import imports_pkg.shapes as shapes`.
import warp as wp

SIDE = 0.5


@wp.struct
class Box:
    w: float
    h: float
    d: float


@wp.func
def box_volume(b: Box):
    return b.w * b.h * b.d
