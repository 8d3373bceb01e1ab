# A package outside the importing file's directory and its ancestors:
# include_dirs.test finds it with -I.
import warp as wp

OFFSET = 0.25


@wp.func
def cube(x: wp.float64):
    return x * x * x


@wp.struct
class Gain:
    k: wp.float64
