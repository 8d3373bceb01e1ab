//===- KdslDerivatives.td - derivative rules of arith and math ops -*- tablegen -*-===//
//
// One record per op: for each operand, a C++ expression (lib/Autodiff/RuleExpr.h)
// of its adjoint contribution, "" where the operand gets none. In scope: `adj`
// (the result's adjoint), `x0, x1, ...` (the recomputed operands), `r` (the
// recomputed result). kdsl-tblgen -gen-derivatives (tools/kdsl-tblgen) turns
// these into AutodiffOpInterface external models (build/dialects/kdsl/KdslDerivatives.inc).
// Rules follow Warp's adjoints (warp/native/builtin.h) where Warp is right; the
// float remainder also differentiates in its divisor (Warp gives it none).
//
//===----------------------------------------------------------------------===//

class Derivative<string dialectClass, string opClass, list<string> adjoints> {
  string dialect = dialectClass;
  string op = opClass;
  list<string> operandAdjoints = adjoints;
}
class Arith<string op, list<string> adjoints>
    : Derivative<"::mlir::arith::ArithDialect", "::mlir::arith::" # op, adjoints>;
class Math<string op, list<string> adjoints>
    : Derivative<"::mlir::math::MathDialect", "::mlir::math::" # op, adjoints>;

// arith
def : Arith<"AddFOp", ["adj", "adj"]>;
def : Arith<"SubFOp", ["adj", "-adj"]>;
def : Arith<"MulFOp", ["adj * x1", "adj * x0"]>;
def : Arith<"DivFOp", ["adj / x1", "-(adj * r) / x1"]>;
def : Arith<"NegFOp", ["-adj"]>;
// fmod: r = x0 - x1 * trunc(x0 / x1).
def : Arith<"RemFOp", ["adj", "-(adj * trunc(x0 / x1))"]>;
// Ties go to the second operand, as in Warp (a > b ? a : b).
def : Arith<"MaxNumFOp", ["select(gt(x0, x1), adj, zero(adj))", "select(gt(x0, x1), zero(adj), adj)"]>;
def : Arith<"MaximumFOp", ["select(gt(x0, x1), adj, zero(adj))", "select(gt(x0, x1), zero(adj), adj)"]>;
def : Arith<"MinNumFOp", ["select(lt(x0, x1), adj, zero(adj))", "select(lt(x0, x1), zero(adj), adj)"]>;
def : Arith<"MinimumFOp", ["select(lt(x0, x1), adj, zero(adj))", "select(lt(x0, x1), zero(adj), adj)"]>;
def : Arith<"SelectOp", ["", "select(x0, adj, zero(adj))", "select(x0, zero(adj), adj)"]>;
def : Arith<"ExtFOp", ["convert(adj, x0)"]>;
def : Arith<"TruncFOp", ["convert(adj, x0)"]>;

// math
def : Math<"SinOp", ["adj * cos(x0)"]>;
def : Math<"CosOp", ["-(adj * sin(x0))"]>;
def : Math<"TanOp", ["adj / (cos(x0) * cos(x0))"]>;
def : Math<"SinhOp", ["adj * cosh(x0)"]>;
def : Math<"CoshOp", ["adj * sinh(x0)"]>;
def : Math<"TanhOp", ["adj * (one(r) - r * r)"]>;
def : Math<"AsinOp", ["adj / sqrt(one(x0) - x0 * x0)"]>;
def : Math<"AcosOp", ["-(adj / sqrt(one(x0) - x0 * x0))"]>;
def : Math<"AtanOp", ["adj / (one(x0) + x0 * x0)"]>;
def : Math<"Atan2Op", ["adj * x1 / (x0 * x0 + x1 * x1)", "-(adj * x0) / (x0 * x0 + x1 * x1)"]>;
def : Math<"ExpOp", ["adj * r"]>;
def : Math<"Exp2Op", ["adj * r * cst(r, 0.69314718055994530942)"]>;
def : Math<"ExpM1Op", ["adj * (r + one(r))"]>;
def : Math<"LogOp", ["adj / x0"]>;
def : Math<"Log2Op", ["adj / (x0 * cst(x0, 0.69314718055994530942))"]>;
def : Math<"Log10Op", ["adj / (x0 * cst(x0, 2.30258509299404568402))"]>;
def : Math<"Log1pOp", ["adj / (one(x0) + x0)"]>;
// At 0 the derivative is infinite; as Warp's length/normalize of the zero
// vector (sqrt of a dot product here) the adjoint is 0 there, not NaN.
def : Math<"SqrtOp", ["select(gt(r, zero(r)), adj / (cst(r, 2.0) * r), zero(adj))"]>;
def : Math<"RsqrtOp", ["-(adj * cst(r, 0.5) * r * r * r)"]>;
def : Math<"CbrtOp", ["select(gt(r * r, zero(r)), adj / (cst(r, 3.0) * r * r), zero(adj))"]>;
// d/dy x^y = x^y log x, defined for x > 0 only (0 elsewhere, as in Warp).
def : Math<"PowFOp", ["adj * x1 * powf(x0, x1 - one(x1))",
                      "select(gt(x0, zero(x0)), adj * r * log(x0), zero(adj))"]>;
def : Math<"AbsFOp", ["select(lt(x0, zero(x0)), -adj, adj)"]>;
def : Math<"FmaOp", ["adj * x1", "adj * x0", "adj"]>;
def : Math<"ErfOp", ["adj * cst(x0, 1.12837916709551257390) * exp(-(x0 * x0))"]>;
def : Math<"ErfcOp", ["-(adj * cst(x0, 1.12837916709551257390) * exp(-(x0 * x0)))"]>;
// Piecewise constant: zero derivative (declared so they are known rules).
def : Math<"FloorOp", [""]>;
def : Math<"CeilOp", [""]>;
def : Math<"RoundOp", [""]>;
def : Math<"RoundEvenOp", [""]>;
def : Math<"TruncOp", [""]>;
// As Warp: +adj when the sign bits of x and y agree (also for signed zeros).
def : Math<"CopySignOp", ["select(gt(copysign(one(x0), x0) * copysign(one(x1), x1), zero(x0)), adj, -adj)", ""]>;
