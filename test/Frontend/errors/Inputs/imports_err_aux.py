# Imported by ../imports.py.
import warp as wp


def host_helper(x):  # plain Python: not kernel code
    return x


@wp.func
def twice(x: float):
    return 2.0 * x
