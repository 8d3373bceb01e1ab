//===- EmitCppExpr.cpp - the C++ expression of a one-result op ------------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h). An op that maps 1:1 onto a
// C++ call or operator is spelled from the table (EmitCppSpellings.cpp); the
// others have an emitter per op family (arith, comparisons, casts, vectors,
// memory and structs), each a TypeSwitch that declines ops of other families.
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"
#include "kdsl/Dialect/IndexFacts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

static Type resultType(Operation &op) {
  return op.getNumResults() ? op.getResult(0).getType() : Type();
}

LogicalResult CppEmitter::emitExpr(Operation &op, std::string &e) {
  exprDeclared = false;
  if (FamilyResult r = unsignedExpr(op, e))
    return *r;
  LogicalResult r = emitSigned(op, e);
  // A result declared unsigned that only the signed type computes.
  if (succeeded(r) && !exprDeclared && op.getNumResults() == 1 && isUnsigned(op.getResult(0)))
    e = "(" + declType(op.getResult(0)) + ")(" + e + ")";
  return r;
}

LogicalResult CppEmitter::emitSigned(Operation &op, std::string &e) {
  if (const OpSpelling *s = lookupSpelling(op)) {
    if (s->form == OpSpelling::Infix) {
      Value rhs = op.getOperand(1);
      e = name(op.getOperand(0)) + " " + s->spelling + " " +
          (isa<arith::ShRSIOp>(op) ? shiftAmount(rhs, /*readUnsigned=*/false) : name(rhs));
      return success();
    }
    bool vecResult = isa_and_nonnull<VectorType>(resultType(op));
    e = call(vecResult && s->vectorSpelling ? s->vectorSpelling : s->spelling, op.getOperands());
    return success();
  }
  using Family = FamilyResult (CppEmitter::*)(Operation &, std::string &);
  for (Family family : {&CppEmitter::arithExpr, &CppEmitter::compareExpr, &CppEmitter::castExpr,
                        &CppEmitter::vectorExpr, &CppEmitter::memoryExpr})
    if (FamilyResult r = (this->*family)(op, e))
      return *r;
  return op.emitOpError("is not supported by the C++ emitter"), failure();
}

/// The arithmetic ops the spelling table cannot spell.
FamilyResult CppEmitter::arithExpr(Operation &op, std::string &e) {
  Type rt = resultType(op);
  auto bin = [&](const char *sym) {
    e = name(op.getOperand(0)) + " " + sym + " " + name(op.getOperand(1));
    return success();
  };
  // `b < a ? b : a` (min) / `b > a ? b : a` (max), comparing as `cast`.
  auto select = [&](const char *sym, bool isUnsigned) {
    Value x = op.getOperand(0), y = op.getOperand(1);
    std::string a = name(x), b = name(y);
    e = (isUnsigned ? asUnsignedValue(y) : b) + " " + sym + " " +
        (isUnsigned ? asUnsignedValue(x) : a) + " ? " + b + " : " + a;
    return success();
  };
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](arith::DivFOp o) {
        // A literal zero divisor (x / 0.0 is inf or nan, as IEEE says) would
        // draw a "division by zero" warning from compilers: go through a call.
        auto c = o.getRhs().getDefiningOp<arith::ConstantOp>();
        auto f = c ? dyn_cast<FloatAttr>(c.getValue()) : FloatAttr();
        if (f && f.getValue().isZero()) {
          e = call("kdsl::divide", op.getOperands());
          return success();
        }
        // wp.div_approx (the afn flag): __fdividef in CUDA device code.
        if (bitEnumContainsAll(o.getFastmath(), arith::FastMathFlags::afn)) {
          e = call("kdsl::div_approx", op.getOperands());
          return success();
        }
        return bin("/");
      })
      .Case([&](arith::NegFOp o) {
        e = "-" + name(o.getOperand());
        return success();
      })
      .Case<arith::DivUIOp, arith::RemUIOp, arith::ShRUIOp>([&](auto o) {
        const char *sym = isa<arith::DivUIOp>(o) ? "/" : isa<arith::RemUIOp>(o) ? "%" : ">>";
        Value amount = op.getOperand(1);
        e = "(" + scalarName(rt) + ")(" + asUnsignedValue(op.getOperand(0)) + " " + sym + " " +
            (isa<arith::ShRUIOp>(o) ? shiftAmount(amount) : asUnsignedValue(amount)) + ")";
        return success();
      })
      // Bitwise on integers, logical on bools.
      .Case([&](arith::AndIOp) { return bin(rt.isInteger(1) ? "&&" : "&"); })
      .Case([&](arith::OrIOp) { return bin(rt.isInteger(1) ? "||" : "|"); })
      .Case([&](arith::XOrIOp o) {
        // `not c` (and canonicalization's `c ^ true`) reads as !c.
        if (rt.isInteger(1))
          for (auto [value, other] :
               {std::pair(o.getRhs(), o.getLhs()), std::pair(o.getLhs(), o.getRhs())})
            if (matchPattern(value, m_One())) {
              e = "!" + name(other);
              return success();
            }
        return bin(rt.isInteger(1) ? "!=" : "^");
      })
      .Case([&](arith::MinSIOp) { return select("<", false); })
      .Case([&](arith::MaxSIOp) { return select(">", false); })
      .Case([&](arith::MinUIOp) { return select("<", true); })
      .Case([&](arith::MaxUIOp) { return select(">", true); })
      .Default([](Operation *) { return std::nullopt; });
}

static const char *cmpfOp(arith::CmpFPredicate p, bool &negate) {
  negate = false;
  switch (p) {
  case arith::CmpFPredicate::OEQ:
    return "==";
  case arith::CmpFPredicate::OGT:
    return ">";
  case arith::CmpFPredicate::OGE:
    return ">=";
  case arith::CmpFPredicate::OLT:
    return "<";
  case arith::CmpFPredicate::OLE:
    return "<=";
  case arith::CmpFPredicate::UNE:
    return "!=";
  // Unordered predicates are the negation of the opposite ordered one.
  case arith::CmpFPredicate::UGT:
    negate = true;
    return "<=";
  case arith::CmpFPredicate::UGE:
    negate = true;
    return "<";
  case arith::CmpFPredicate::ULT:
    negate = true;
    return ">=";
  case arith::CmpFPredicate::ULE:
    negate = true;
    return ">";
  case arith::CmpFPredicate::UEQ:
    negate = true;
    return "!="; // approximated below
  default:
    return nullptr;
  }
}

static const char *cmpiOp(arith::CmpIPredicate p, bool &isUnsigned) {
  isUnsigned = false;
  switch (p) {
  case arith::CmpIPredicate::eq:
    return "==";
  case arith::CmpIPredicate::ne:
    return "!=";
  case arith::CmpIPredicate::slt:
    return "<";
  case arith::CmpIPredicate::sle:
    return "<=";
  case arith::CmpIPredicate::sgt:
    return ">";
  case arith::CmpIPredicate::sge:
    return ">=";
  case arith::CmpIPredicate::ult:
    isUnsigned = true;
    return "<";
  case arith::CmpIPredicate::ule:
    isUnsigned = true;
    return "<=";
  case arith::CmpIPredicate::ugt:
    isUnsigned = true;
    return ">";
  case arith::CmpIPredicate::uge:
    isUnsigned = true;
    return ">=";
  }
  return "==";
}

/// Comparisons and selects; on vectors, element-wise through kdsl::vmap2 and
/// kdsl::vselect.
FamilyResult CppEmitter::compareExpr(Operation &op, std::string &e) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](arith::CmpFOp o) -> LogicalResult {
        std::string a = name(o.getLhs()), c = name(o.getRhs());
        bool isVector = isa<VectorType>(o.getLhs().getType());
        auto elementwise = [&](const std::string &test) {
          return "kdsl::vmap2(" + a + ", " + c + ", [](auto x, auto y) { return " + test + "; })";
        };
        if (o.getPredicate() == arith::CmpFPredicate::UNO ||
            o.getPredicate() == arith::CmpFPredicate::ORD) {
          bool uno = o.getPredicate() == arith::CmpFPredicate::UNO;
          auto test = [&](const std::string &x, const std::string &y) {
            return uno ? "(std::isnan((double)" + x + ") || std::isnan((double)" + y + "))"
                       : "(!std::isnan((double)" + x + ") && !std::isnan((double)" + y + "))";
          };
          e = isVector ? elementwise(test("x", "y")) : test(a, c);
          return success();
        }
        bool negate;
        const char *sym = cmpfOp(o.getPredicate(), negate);
        if (!sym)
          return o.emitOpError("C++ emitter: unsupported predicate"), failure();
        if (isVector)
          e = elementwise(std::string(negate ? "!(" : "(") + "x " + sym + " y)");
        else
          e = std::string(negate ? "!(" : "(") + a + " " + sym + " " + c + ")";
        return success();
      })
      .Case([&](arith::CmpIOp o) {
        // A value compared with itself (`i != k` of a func called with the
        // same argument for both, after CSE) is a constant: compilers warn
        // about the self-comparison otherwise.
        if (o.getLhs() == o.getRhs() && !isa<VectorType>(o.getLhs().getType())) {
          using P = arith::CmpIPredicate;
          P p = o.getPredicate();
          bool holds = p == P::eq || p == P::sle || p == P::sge || p == P::ule || p == P::uge;
          e = holds ? "true" : "false";
          return success();
        }
        bool isUnsigned;
        const char *sym = cmpiOp(o.getPredicate(), isUnsigned);
        Type t = o.getLhs().getType();
        std::string a = name(o.getLhs()), c = name(o.getRhs());
        // Integer vectors and matrices (wp.expect_eq on a vec3i, `u == v`)
        // compare element-wise, as the float ones above.
        if (isa<VectorType>(t)) {
          std::string x = isUnsigned ? asUnsigned(t, "x") : "x";
          std::string y = isUnsigned ? asUnsigned(t, "y") : "y";
          e = "kdsl::vmap2(" + a + ", " + c + ", [](auto x, auto y) { return " + x + " " + sym +
              " " + y + "; })";
          return success();
        }
        // eq / ne of values declared unsigned (or constants) compare them
        // as they are: the same bits are equal in either type.
        auto unsignedOrConstant = [&](Value v) {
          return this->isUnsigned(v) || v.getDefiningOp<arith::ConstantOp>();
        };
        bool equality = o.getPredicate() == arith::CmpIPredicate::eq ||
                        o.getPredicate() == arith::CmpIPredicate::ne;
        if (equality && (this->isUnsigned(o.getLhs()) || this->isUnsigned(o.getRhs())) &&
            unsignedOrConstant(o.getLhs()) && unsignedOrConstant(o.getRhs()))
          isUnsigned = true;
        if (isUnsigned) {
          a = asUnsignedValue(o.getLhs());
          c = asUnsignedValue(o.getRhs());
        }
        e = a + " " + sym + " " + c;
        return success();
      })
      .Case([&](arith::SelectOp o) {
        if (isa<VectorType>(o.getCondition().getType()))
          e = call("kdsl::vselect", o.getOperands());
        else
          e = name(o.getCondition()) + " ? " + name(o.getTrueValue()) + " : " +
              name(o.getFalseValue());
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Conversions: C casts, through the unsigned type for the unsigned ones.
FamilyResult CppEmitter::castExpr(Operation &op, std::string &e) {
  if (!isa<arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp,
           arith::TruncIOp, arith::IndexCastOp, arith::UIToFPOp, arith::ExtUIOp, arith::FPToUIOp>(
          op))
    return std::nullopt;
  Type rt = resultType(op);
  Value in = op.getOperand(0);
  if (isa<VectorType>(rt) && isa<arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp, arith::TruncFOp,
                                 arith::ExtSIOp, arith::TruncIOp>(op))
    e = "kdsl::convert<" + typeName(rt) + ">(" + name(in) + ")";
  else if (isa<arith::UIToFPOp, arith::ExtUIOp>(op))
    e = "(" + typeName(rt) + ")" + asUnsignedValue(in);
  else if (isa<arith::FPToUIOp>(op))
    e = "(" + typeName(rt) + ")(" + asUnsigned(rt, "") + name(in) + ")";
  else
    e = "(" + typeName(rt) + ")" + name(in);
  return success();
}

static const char *reductionFunction(vector::CombiningKind kind) {
  switch (kind) {
  case vector::CombiningKind::AND:
    return "kdsl::all_of";
  case vector::CombiningKind::ADD:
    return "kdsl::reduce_add";
  case vector::CombiningKind::MINNUMF:
    return "kdsl::reduce_fmin";
  case vector::CombiningKind::MAXNUMF:
    return "kdsl::reduce_fmax";
  case vector::CombiningKind::MINSI:
    return "kdsl::reduce_min";
  case vector::CombiningKind::MAXSI:
    return "kdsl::reduce_max";
  default:
    return nullptr;
  }
}

/// Vector and matrix values: components, construction, splats, reductions,
/// reshapes, outer products.
FamilyResult CppEmitter::vectorExpr(Operation &op, std::string &e) {
  Type rt = resultType(op);
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](vector::ExtractOp o) {
        e = name(o.getSource()) + subscripts(o.getMixedPosition());
        return success();
      })
      // A run-time index v[j]: wrapped as Warp 1.16 wraps it; with bounds
      // checks, one out of range is reported and position 0 used.
      .Case([&](ComponentIndexOp o) {
        std::string extent = std::to_string(o.getExtent());
        if (options.checkBounds)
          e = "kdsl::checked_index(" + name(o.getIndex()) + ", " + extent + ", \"" + currentOwner +
              "\", " + cStringLiteral(o.getWhat()) + ", " + threadExpr + ")";
        else
          e = "kdsl::wrap_index(" + name(o.getIndex()) + ", " + extent + ")";
        return success();
      })
      .Case([&](vector::FromElementsOp o) {
        SmallVector<std::string> elements;
        for (Value x : o.getElements())
          elements.push_back(name(x));
        e = typeName(o.getType()) + braceList(o.getType(), elements);
        return success();
      })
      .Case([&](vector::BroadcastOp o) {
        e = "kdsl::splat<" + typeName(rt) + ">(" + name(o.getSource()) + ")";
        return success();
      })
      .Case([&](vector::ReductionOp o) -> LogicalResult {
        const char *fn = reductionFunction(o.getKind());
        if (!fn)
          return o.emitOpError("C++ emitter: unsupported reduction"), failure();
        e = call(fn, op.getOperands());
        return success();
      })
      .Case([&](vector::ShapeCastOp o) {
        if (o.getResultVectorType().getRank() == 2) // an autodiff adjoint of a flatten
          e = "kdsl::unflatten<" + typeName(rt) + ">(" + name(o.getSource()) + ")";
        else
          e = call("kdsl::flatten", op.getOperands());
        return success();
      })
      .Case([&](vector::OuterProductOp o) {
        e = "kdsl::outer(" + name(o.getLhs()) + ", " + name(o.getRhs()) + ")";
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Arrays (loads, atomics, shapes, views), tapes, structs, poison.
std::string CppEmitter::accessIndices(Operation *access, ValueRange indices) {
  std::string s;
  for (auto [d, i] : llvm::enumerate(indices)) {
    APInt c;
    // A literal index as a person writes it: 0u is the uint32_t the cast made.
    if (matchPattern(i, m_ConstantInt(&c)) && !c.isNegative() && c.getBitWidth() <= 32)
      s += ", " + std::to_string(c.getZExtValue()) + "u";
    else
      s += (kdsl::knownNonNegativeIndex(access, d) ? ", (uint32_t)" : ", (int64_t)") + name(i);
  }
  return s;
}

std::string CppEmitter::subscript(Value index) {
  APInt c;
  if (matchPattern(index, m_ConstantInt(&c)))
    return std::to_string(c.getSExtValue());
  return name(index);
}

FamilyResult CppEmitter::memoryExpr(Operation &op, std::string &e) {
  Type rt = resultType(op);
  auto indexArgs = [&](ValueRange indices) { return accessIndices(&op, indices) + ")"; };
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](memref::LoadOp o) {
        e = name(o.getMemRef()) + "[" + subscript(o.getIndices()[0]) + "]";
        return success();
      })
      .Case([&](LoadOp o) {
        // The element as the result is declared (uint32_t: the same bits).
        e = "kdsl::load<" + declType(o.getResult()) + ">(" + name(o.getArray()) +
            indexArgs(o.getIndices());
        exprDeclared = true;
        return success();
      })
      .Case([&](AtomicOp o) {
        if (o.getCompare())
          e = "kdsl::atomic_cas<" + typeName(rt) + ">(" + name(o.getArray()) + ", " +
              name(o.getCompare()) + ", " + name(o.getValue()) + indexArgs(o.getIndices());
        else
          e = "kdsl::atomic<" + typeName(rt) +
              ">(kdsl::rmw::" + stringifyAtomicKind(o.getKind()).str() + ", " + name(o.getArray()) +
              ", " + name(o.getValue()) + indexArgs(o.getIndices());
        return success();
      })
      .Case([&](NullArrayOp) {
        e = "kdsl_array{}";
        return success();
      })
      .Case([&](BitcastOp o) { // wp.cast: the bytes of the input as the result type
        e = "kdsl::bit_cast<" + typeName(rt) + ">(" + name(o.getInput()) + ")";
        return success();
      })
      .Case([&](BlockDimOp) { // wp.block_dim(): 1 on the CPU, as Warp
        e = options.target == CppEmitOptions::Target::Cuda ? "(int32_t)blockDim.x" : "(int32_t)1";
        return success();
      })
      .Case([&](gpu::ThreadIdOp) { // a lane-dependent tile kernel's lane (kdsl-lower-lanes)
        e = "(" + typeName(rt) + ")threadIdx.x";
        return success();
      })
      .Case([&](gpu::BlockDimOp) { // the lanes a GPU thread replays (kdsl-lower-lanes)
        e = "(" + typeName(rt) + ")blockDim.x";
        return success();
      })
      .Case([&](HasDataOp o) {
        e = "(" + name(o.getArray()) + ".data != nullptr)";
        return success();
      })
      .Case([&](ShapeOp o) {
        e = "(int32_t)" + name(o.getArray()) + ".shape[" + std::to_string(o.getDim()) + "]";
        return success();
      })
      .Case([&](ArrayPtrOp o) { // arr.ptr: the data address as an integer
        e = "(int64_t)(uintptr_t)" + name(o.getArray()) + ".data";
        return success();
      })
      .Case([&](ArrayFromPtrOp o) {
        // wp.array(ptr=, shape=, dtype=): the address with the extents and
        // dense row-major byte strides of the element type.
        ValueRange ext = o.getExtents();
        // A constant extent as its number (`16`, not `(int64_t)(int32_t)16`).
        auto extent = [&](Value v) {
          APInt c;
          if (matchPattern(v, m_ConstantInt(&c)) && !c.isNegative())
            return std::to_string(c.getZExtValue());
          return "(int64_t)" + name(v);
        };
        std::vector<std::string> strides(ext.size());
        std::string stride = "(int64_t)sizeof(" + typeName(o.getType().getElementType()) + ")";
        for (size_t d = ext.size(); d-- > 0;) {
          strides[d] = stride;
          stride += " * " + extent(ext[d]);
        }
        e = "kdsl_array{(void *)(uintptr_t)" + name(o.getPtr()) + ", {";
        for (size_t d = 0; d < 4; ++d)
          e += (d ? ", " : "") + (d < ext.size() ? extent(ext[d]) : std::string("0"));
        e += "}, {";
        for (size_t d = 0; d < 4; ++d)
          e += (d ? ", " : "") + (d < ext.size() ? strides[d] : std::string("0"));
        e += "}}";
        return success();
      })
      .Case([&](SubArrayOp o) {
        e = "kdsl::subarray(" + name(o.getArray()) + ", " + std::to_string(o.getIndices().size()) +
            indexArgs(o.getIndices());
        return success();
      })
      .Case([&](ArraySliceOp o) {
        // kdsl::array_slice(a, n, mask of the indexed dimensions, then per
        // dimension (index, 0, 0) or (start, stop, step)).
        ArrayRef<bool> indexed = o.getIndexed();
        unsigned mask = 0, k = 0;
        std::string args;
        for (auto [d, isIndex] : llvm::enumerate(indexed)) {
          if (isIndex) {
            mask |= 1u << d;
            args += ", " + name(o.getBounds()[k++]) + ", 0, 0";
            continue;
          }
          for (int j = 0; j < 3; ++j)
            args += ", " + name(o.getBounds()[k++]);
        }
        e = "kdsl::array_slice(" + name(o.getArray()) + ", " + std::to_string(indexed.size()) +
            ", " + std::to_string(mask) + args + ")";
        return success();
      })
      .Case([&](FieldViewOp o) {
        Type elem = o.getArray().getType().getElementType();
        e = "kdsl::field_view(" + name(o.getArray()) + ", offsetof(" + typeName(elem) + ", " +
            cppName(o.getField(), false) + "))";
        return success();
      })
      .Case([&](StructCreateOp o) {
        e = typeName(rt) + "{";
        for (auto [i, f] : llvm::enumerate(o.getFields()))
          e += (i ? ", " : "") + name(f);
        e += "}";
        return success();
      })
      .Case([&](StructExtractOp o) {
        e = name(o.getInput()) + "." + cppName(o.getField(), false);
        return success();
      })
      .Case([&](ub::PoisonOp) {
        e = typeName(rt) + "{}";
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
