# kernel-none-annotation.py: `-> types.NoneType` is `-> None`, so a return
# with a value is still an error. (Not under test/Frontend/errors, whose
# types.py kdsl would take for the `types` module.)
import types

import warp as wp


@wp.kernel
def k(x: float) -> types.NoneType:
    return 1.0
