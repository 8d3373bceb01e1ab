//===- EmitCppSpellings.cpp - ops spelled as one C++ call or operator -----===//
//
// Part of the C++/CUDA C printer (CppEmitter.h). The one table of the ops that
// map 1:1 onto a C++/CUDA C function or infix operator over their operands
// (in order): `std::sin(x)`, `kdsl::dot(a, b)`, `a + b`. Ops whose spelling
// depends on more than the result being a vector (predicates, unsigned
// operands, literal divisors, bools) have emitters of their own
// (EmitCppExpr.cpp).
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

namespace {
struct SpellingEntry {
  StringRef op;
  OpSpelling spelling;
};
} // namespace

template <typename Op>
static constexpr SpellingEntry call(const char *fn, const char *vectorFn = nullptr) {
  return {Op::getOperationName(), {OpSpelling::Call, fn, vectorFn}};
}
template <typename Op> static constexpr SpellingEntry infix(const char *sym) {
  return {Op::getOperationName(), {OpSpelling::Infix, sym, nullptr}};
}

static const SpellingEntry kSpellings[] = {
    // Floating point. IEEE semantics: one operation per statement (no FMA).
    infix<arith::AddFOp>("+"),
    infix<arith::SubFOp>("-"),
    infix<arith::MulFOp>("*"),
    call<arith::RemFOp>("std::fmod"),
    call<arith::MinNumFOp>("std::fmin", "kdsl::vfmin"),
    call<arith::MaxNumFOp>("std::fmax", "kdsl::vfmax"),
    // Integers: wrapping add/sub/mul/shl (no signed overflow UB); division
    // and remainder as C (truncating).
    call<arith::AddIOp>("kdsl::wrap_add"),
    call<arith::SubIOp>("kdsl::wrap_sub"),
    call<arith::MulIOp>("kdsl::wrap_mul"),
    call<arith::ShLIOp>("kdsl::wrap_shl"),
    infix<arith::DivSIOp>("/"),
    infix<arith::RemSIOp>("%"),
    infix<arith::ShRSIOp>(">>"),
    // Math.
    call<math::SqrtOp>("std::sqrt"),
    call<math::CbrtOp>("std::cbrt"),
    call<math::ExpOp>("std::exp"),
    call<math::LogOp>("std::log"),
    call<math::Log2Op>("std::log2"),
    call<math::Log10Op>("std::log10"),
    call<math::SinOp>("std::sin"),
    call<math::CosOp>("std::cos"),
    call<math::TanOp>("std::tan"),
    call<math::AsinOp>("std::asin"),
    call<math::AcosOp>("std::acos"),
    call<math::AtanOp>("std::atan"),
    call<math::Atan2Op>("std::atan2"),
    call<math::SinhOp>("std::sinh"),
    call<math::CoshOp>("std::cosh"),
    call<math::TanhOp>("std::tanh"),
    call<math::FloorOp>("std::floor"),
    call<math::CeilOp>("std::ceil"),
    call<math::RoundOp>("std::round"),
    call<math::TruncOp>("std::trunc"),
    call<math::PowFOp>("std::pow"),
    call<math::AbsFOp>("std::fabs", "kdsl::vabs"),
    call<math::AbsIOp>("std::abs", "kdsl::vabs"),
    call<math::IPowIOp>("kdsl::ipow"),
    call<math::ErfOp>("std::erf"),
    call<math::ErfcOp>("std::erfc"),
    call<math::CopySignOp>("std::copysign"),
    call<math::RoundEvenOp>("std::rint"), // round to nearest even in the default rounding mode
    // Vectors and matrices.
    call<vector::TransposeOp>("kdsl::transpose"),
    call<DotOp>("kdsl::dot"),
    call<CrossOp>("kdsl::cross"),
    call<LengthOp>("kdsl::length"),
    call<LengthSqOp>("kdsl::length_sq"),
    call<NormalizeOp>("kdsl::normalize"),
    call<MatMulOp>("kdsl::matmul"),
    call<DeterminantOp>("kdsl::determinant"),
    call<TraceOp>("kdsl::trace"),
    call<InverseOp>("kdsl::inverse"),
    call<DiagOp>("kdsl::diag"),
    // Quaternions.
    call<QuatMulOp>("kdsl::quat_mul"),
    call<QuatInverseOp>("kdsl::quat_inverse"),
    call<QuatRotateOp>("kdsl::quat_rotate"),
    call<QuatRotateInvOp>("kdsl::quat_rotate_inv"),
    call<QuatFromAxisAngleOp>("kdsl::quat_from_axis_angle"),
    call<QuatToMatrixOp>("kdsl::quat_to_matrix"),
};

const OpSpelling *cpp_emit::lookupSpelling(Operation &op) {
  static const llvm::StringMap<const OpSpelling *> byName = [] {
    llvm::StringMap<const OpSpelling *> m;
    for (const SpellingEntry &e : kSpellings) {
      bool inserted = m.try_emplace(e.op, &e.spelling).second;
      assert(inserted && "an op is spelled twice");
      (void)inserted;
    }
    return m;
  }();
  return byName.lookup(op.getName().getStringRef());
}
