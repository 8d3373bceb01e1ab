# Reached as dpkg.sub.consts.<name> after `import dpkg.sub.consts`
# (dotted_imports.test).
import warp as wp

K = wp.constant(0.5)


@wp.func
def cube(x: wp.float64):
    return x * x * x
