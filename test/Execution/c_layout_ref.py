# The C layouts of the structs of c-layout.test, measured by ctypes (the
# platform's C compiler rules), independently of kdsl: one line per struct,
# "<name> size <bytes> align <bytes> offsets <field offsets>".
import ctypes

half = ctypes.c_uint16  # ctypes has no float16: same size and alignment


class Pair(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int32), ("b", ctypes.c_int64)]


class Mixed(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int8), ("g", ctypes.c_int32), ("c", ctypes.c_int16),
                ("d", half * 3), ("f", ctypes.c_bool), ("e", ctypes.c_int64),
                ("b", ctypes.c_double)]


class Small(ctypes.Structure):
    _fields_ = [("f", ctypes.c_bool), ("d", half * 3)]


for s in (Pair, Mixed, Small):
    offsets = " ".join(str(getattr(s, name).offset) for name, _ in s._fields_)
    print(f"{s.__name__} size {ctypes.sizeof(s)} align {ctypes.alignment(s)} offsets {offsets}")
