# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Arithmetic, bitwise and shift operators on signed integers, unsigned
# integers and floats (docs/language.md sections 7.2, 7.3):
#  * int / and // both truncate toward zero (arith.divsi), % is the C
#    remainder (arith.remsi);
#  * float // is floor(a / b), float % is fmod (arith.remf), ** is powf;
#  * unsigned types use the unsigned division, remainder, shift, comparison
#    and min/max operations.

import warp as wp


# CHECK-LABEL: func.func private @int_ops(
# CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
# CHECK: arith.addi %[[A]], %[[B]] : i32
# CHECK: arith.subi %[[A]], %[[B]] : i32
# CHECK: arith.muli %[[A]], %[[B]] : i32
# CHECK: arith.divsi %[[A]], %[[B]] : i32
# CHECK: arith.divsi %[[A]], %[[B]] : i32
# CHECK: arith.remsi %[[A]], %[[B]] : i32
# CHECK: %[[Z:.*]] = arith.constant 0 : i32
# CHECK: arith.subi %[[Z]], %[[A]] : i32
# CHECK: arith.andi %[[A]], %[[B]] : i32
# CHECK: arith.ori %[[A]], %[[B]] : i32
# CHECK: arith.xori %[[A]], %[[B]] : i32
# CHECK: %[[M1:.*]] = arith.constant -1 : i32
# CHECK: arith.xori %[[A]], %[[M1]] : i32
# CHECK: arith.shli %[[A]], %[[B]] : i32
# CHECK: arith.shrsi %[[A]], %[[B]] : i32
@wp.func
def int_ops(a: int, b: int):
    return a + b, a - b, a * b, a / b, a // b, a % b, -a, a & b, a | b, a ^ b, ~a, a << b, a >> b


# CHECK-LABEL: func.func private @unsigned_ops(
# CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
# CHECK: arith.divui %[[A]], %[[B]] {kdsl.unsigned} : i32
# CHECK: arith.divui %[[A]], %[[B]] {kdsl.unsigned} : i32
# CHECK: arith.remui %[[A]], %[[B]] {kdsl.unsigned} : i32
# CHECK: arith.shrui %[[A]], %[[B]] {kdsl.unsigned} : i32
# CHECK: arith.cmpi ult, %[[A]], %[[B]] : i32
# CHECK: arith.cmpi ule, %[[A]], %[[B]] : i32
# CHECK: arith.cmpi ugt, %[[A]], %[[B]] : i32
# CHECK: arith.cmpi uge, %[[A]], %[[B]] : i32
# CHECK: arith.minui %[[A]], %[[B]] {kdsl.unsigned} : i32
# CHECK: arith.maxui %[[A]], %[[B]] {kdsl.unsigned} : i32
@wp.func
def unsigned_ops(a: wp.uint32, b: wp.uint32):
    return a / b, a // b, a % b, a >> b, a < b, a <= b, a > b, a >= b, wp.min(a, b), wp.max(a, b)


# Narrow and wide unsigned types too.
# CHECK-LABEL: func.func private @unsigned_widths(
# CHECK: arith.divui %{{.*}}, %{{.*}} : i8
# CHECK: arith.shrui %{{.*}}, %{{.*}} : i16
# CHECK: arith.remui %{{.*}}, %{{.*}} : i64
# CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i64
@wp.func
def unsigned_widths(a: wp.uint8, b: wp.uint16, c: wp.uint64):
    return a / a, b >> b, c % c, c < c


# CHECK-LABEL: func.func private @float_ops(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32)
# CHECK: arith.addf %[[X]], %[[Y]] : f32
# CHECK: arith.subf %[[X]], %[[Y]] : f32
# CHECK: arith.mulf %[[X]], %[[Y]] : f32
# CHECK: arith.divf %[[X]], %[[Y]] : f32
# CHECK: %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
# CHECK: math.floor %[[Q]] : f32
# CHECK: arith.remf %[[X]], %[[Y]] : f32
# CHECK: math.powf %[[X]], %[[Y]] : f32
# CHECK: arith.negf %[[X]] : f32
@wp.func
def float_ops(x: float, y: float):
    return x + y, x - y, x * y, x / y, x // y, x % y, x ** y, -x


# float64 and float16 use the same operations at their own width.
# CHECK-LABEL: func.func private @other_floats(
# CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
# CHECK: math.floor %[[Q]] : f64
# CHECK: arith.remf %{{.*}}, %{{.*}} : f16
# CHECK: math.powf %{{.*}}, %{{.*}} : f64
@wp.func
def other_floats(d: wp.float64, h: wp.float16):
    return d // d, h % h, d ** d


# Precedence and associativity follow Python.
# CHECK-LABEL: func.func private @precedence(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[N:[^:]*]]: i32, %[[M:[^:]*]]: i32)
# -x ** 2.0 is -(x ** 2.0):
# CHECK: %[[P:.*]] = math.powf %[[X]], %{{.*}} : f32
# CHECK: arith.negf %[[P]] : f32
# ** is right-associative:
# CHECK: %[[P2:.*]] = math.powf %[[Y]], %{{.*}} : f32
# CHECK: math.powf %[[X]], %[[P2]] : f32
# - is left-associative:
# CHECK: %[[D:.*]] = arith.subi %[[N]], %[[M]] : i32
# CHECK: arith.subi %[[D]], %{{.*}} : i32
# << binds looser than +:
# CHECK: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: arith.shli %[[N]], %[[S]] : i32
# & binds tighter than ==:
# CHECK: %[[AND:.*]] = arith.andi %[[N]], %[[M]] : i32
# CHECK: arith.cmpi eq, %[[AND]], %{{.*}} : i32
@wp.func
def precedence(x: float, y: float, n: int, m: int):
    return -x ** 2.0, x ** y ** 2.0, n - m - 1, n << 1 + 1, n & m == 0


# & | ^ on bool values are non-short-circuit logical operations.
# CHECK-LABEL: func.func private @bool_bits(
# CHECK: arith.andi %{{.*}}, %{{.*}} : i1
# CHECK: arith.ori %{{.*}}, %{{.*}} : i1
# CHECK: arith.xori %{{.*}}, %{{.*}} : i1
@wp.func
def bool_bits(a: bool, b: bool):
    return a & b, a | b, a ^ b
