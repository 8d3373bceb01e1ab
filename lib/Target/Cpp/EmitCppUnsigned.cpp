//===- EmitCppUnsigned.cpp - uintN_t locals of the C++ printer ------------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h). MLIR integers are signless;
// the printer declares an integer value uintN_t where the source's type is
// unsigned (kdsl/Dialect/UnsignedValues.h) and intN_t everywhere else, and
// keeps the arithmetic exact whatever a value is declared:
//
//  - name(v) is always the value as the signed type (`(int32_t)h` for a
//    uint32_t h), which every op of the printer that is not listed here
//    expects, as it did before values were declared unsigned;
//  - the ops whose meaning is the same on both (add, sub, mul, shl, bitwise,
//    select, truncation, loads, stores) and those that read their operands
//    unsigned (divui, remui, shrui, unsigned compares, uitofp, extui) read
//    an unsigned value as it is and print a constant as an unsigned literal
//    (`2654435761u`), a shift amount as a plain number;
//  - an op the printer cannot print in the unsigned type whose result is
//    declared unsigned is converted: `(uint32_t)(<signed expression>)`.
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"
#include "kdsl/Dialect/UnsignedValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

/// An integer scalar that can be declared unsigned (not a bool, not an index).
static bool isIntegerScalar(Value v) {
  auto t = dyn_cast<IntegerType>(v.getType());
  return t && t.getWidth() > 1;
}

static bool isIntegerConstant(Value v) {
  return isIntegerScalar(v) && v.getDefiningOp<arith::ConstantOp>();
}

static std::string unsignedTypeName(Type t) {
  return "uint" + std::to_string(t.getIntOrFloatBitWidth()) + "_t";
}

void CppEmitter::collectUnsigned(Operation *owner) {
  unsignedValues.clear();
  // The kernel's scalar arguments Warp declares unsigned (the front end
  // lists them for the hosts, arrays and vectors too); an adjoint kernel's
  // primal arguments are the primal kernel's.
  if (auto k = dyn_cast<KernelOp>(owner)) {
    auto listed = k->getAttrOfType<ArrayAttr>("kdsl.unsigned_args");
    if (std::optional<StringRef> primal = adjointOf(k); primal && !listed)
      if (auto p = SymbolTable::lookupNearestSymbolFrom<KernelOp>(
              k, StringAttr::get(k.getContext(), *primal)))
        listed = p->getAttrOfType<ArrayAttr>("kdsl.unsigned_args");
    if (listed)
      for (auto [arg, n] : llvm::zip(k.getBody().front().getArguments(), k.getArgNames()))
        if (isIntegerScalar(arg) && llvm::is_contained(listed, n))
          unsignedValues.insert(arg);
  }
  // The values the front end marked.
  owner->walk([&](Operation *op) {
    if (op->getNumResults() == 1 && op->hasAttr(kUnsignedAttrName) &&
        isIntegerScalar(op->getResult(0)))
      unsignedValues.insert(op->getResult(0));
  });

  // Values of structured control flow (the variables of a loop or an if):
  // unsigned where everything they take is unsigned or a constant, and at
  // least one thing, through any chain of them, is a marked value.
  struct Group {
    SmallVector<Value, 2> members, sources;
  };
  SmallVector<Group> groups;
  auto add = [&](ArrayRef<Value> members, ArrayRef<Value> sources) {
    if (isIntegerScalar(members.front()))
      groups.push_back({SmallVector<Value, 2>(members), SmallVector<Value, 2>(sources)});
  };
  owner->walk([&](Operation *op) {
    if (auto i = dyn_cast<scf::IfOp>(op)) {
      for (auto [n, r] : llvm::enumerate(i.getResults()))
        add({r}, {i.thenYield().getOperand(n), i.elseYield().getOperand(n)});
    } else if (auto f = dyn_cast<scf::ForOp>(op)) {
      for (auto [r, arg, init, next] :
           llvm::zip(f.getResults(), f.getRegionIterArgs(), f.getInitArgs(), f.getYieldedValues()))
        add({r, arg}, {init, next});
    } else if (auto w = dyn_cast<scf::WhileOp>(op)) {
      Block &before = w.getBefore().front(), &after = w.getAfter().front();
      auto next = cast<scf::YieldOp>(after.getTerminator()).getOperands();
      for (auto [arg, init, n] : llvm::zip(before.getArguments(), w.getInits(), next))
        add({arg}, {init, n});
      // The after region's arguments are the condition's values themselves
      // (the printer names them so): they take its signedness, exactly.
      for (auto [r, arg, c] :
           llvm::zip(w.getResults(), after.getArguments(), w.getConditionOp().getArgs())) {
        add({r}, {c});
        add({arg}, {c});
      }
    }
  });
  DenseMap<Value, unsigned> groupOf;
  for (auto [g, group] : llvm::enumerate(groups))
    for (Value m : group.members)
      groupOf[m] = g;
  SmallVector<bool> candidate(groups.size(), true), seeded(groups.size(), false);
  auto isUnsignedSource = [&](Value s, bool needSeed) {
    auto it = groupOf.find(s);
    if (it == groupOf.end())
      return unsignedValues.contains(s);
    return candidate[it->second] && (!needSeed || seeded[it->second]);
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto [g, group] : llvm::enumerate(groups))
      if (candidate[g] && llvm::any_of(group.sources, [&](Value s) {
            return !isIntegerConstant(s) && !isUnsignedSource(s, false);
          }))
        candidate[g] = false, changed = true;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (auto [g, group] : llvm::enumerate(groups))
      if (candidate[g] && !seeded[g] &&
          llvm::any_of(group.sources, [&](Value s) { return isUnsignedSource(s, true); }))
        seeded[g] = true, changed = true;
  }
  for (auto [g, group] : llvm::enumerate(groups))
    if (candidate[g] && seeded[g])
      unsignedValues.insert(group.members.begin(), group.members.end());
}

std::string CppEmitter::declType(Value v) {
  return isUnsigned(v) ? unsignedTypeName(v.getType()) : typeName(v.getType());
}

std::string CppEmitter::asUnsignedValue(Value v) {
  if (!isIntegerScalar(v))
    return asUnsigned(v.getType(), name(v));
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c))) {
    std::string digits = std::to_string(c.getZExtValue());
    switch (c.getBitWidth()) {
    case 32:
      return digits + "u";
    case 64:
      return digits + "ull";
    default: // a narrower literal is int in C++: the wrap_* templates need the type
      return "(" + unsignedTypeName(v.getType()) + ")" + digits;
    }
  }
  return isUnsigned(v) ? rawName(v) : asUnsigned(v.getType(), rawName(v));
}

std::string CppEmitter::asDeclared(Value v, Value target) {
  return isUnsigned(target) ? asUnsignedValue(v) : name(v);
}

std::string CppEmitter::shiftAmount(Value v, bool readUnsigned) {
  APInt c;
  // The amount's type does not change a C++ shift's: 3, not (uint32_t)3.
  if (isIntegerScalar(v) && matchPattern(v, m_ConstantInt(&c)))
    return std::to_string(c.getZExtValue());
  return readUnsigned ? asUnsignedValue(v) : name(v);
}

FamilyResult CppEmitter::unsignedExpr(Operation &op, std::string &e) {
  if (op.getNumResults() != 1 || !isUnsigned(op.getResult(0)))
    return std::nullopt;
  Value r = op.getResult(0);
  std::string t = declType(r);
  unsigned width = r.getType().getIntOrFloatBitWidth();
  auto operand = [&](unsigned i) { return asUnsignedValue(op.getOperand(i)); };
  // uint32_t and uint64_t wrap around in C++ (narrower ones are promoted to
  // int, whose overflow is undefined: kdsl::wrap_*).
  auto wrapping = [&](const char *sym, const char *fn, bool shift) {
    std::string b = shift ? shiftAmount(op.getOperand(1)) : operand(1);
    e = width >= 32 ? operand(0) + " " + sym + " " + b
                    : std::string(fn) + "(" + operand(0) + ", " + operand(1) + ")";
    return success();
  };
  auto infix = [&](const char *sym, bool shift) {
    e = operand(0) + " " + sym + " " + (shift ? shiftAmount(op.getOperand(1)) : operand(1));
    return success();
  };
  auto select = [&](const char *sym) { // min / max
    std::string a = operand(0), b = operand(1);
    e = b + " " + sym + " " + a + " ? " + b + " : " + a;
    return success();
  };
  FamilyResult result =
      llvm::TypeSwitch<Operation *, FamilyResult>(&op)
          .Case([&](arith::AddIOp) { return wrapping("+", "kdsl::wrap_add", false); })
          .Case([&](arith::SubIOp) { return wrapping("-", "kdsl::wrap_sub", false); })
          .Case([&](arith::MulIOp) { return wrapping("*", "kdsl::wrap_mul", false); })
          .Case([&](arith::ShLIOp) { return wrapping("<<", "kdsl::wrap_shl", true); })
          .Case([&](arith::AndIOp) { return infix("&", false); })
          .Case([&](arith::OrIOp) { return infix("|", false); })
          .Case([&](arith::XOrIOp) { return infix("^", false); })
          .Case([&](arith::DivUIOp) { return infix("/", false); })
          .Case([&](arith::RemUIOp) { return infix("%", false); })
          .Case([&](arith::ShRUIOp) { return infix(">>", true); })
          .Case([&](arith::MinUIOp) { return select("<"); })
          .Case([&](arith::MaxUIOp) { return select(">"); })
          .Case([&](arith::SelectOp o) {
            e = name(o.getCondition()) + " ? " + operand(1) + " : " + operand(2);
            return success();
          })
          // Conversions to the unsigned type: from a signed value (extsi,
          // index_cast) or a float (fptosi) through the signed type.
          .Case([&](arith::TruncIOp o) {
            e = "(" + t + ")" + rawName(o.getIn());
            return success();
          })
          .Case([&](arith::ExtUIOp) {
            e = "(" + t + ")" + operand(0);
            return success();
          })
          .Case<arith::ExtSIOp, arith::IndexCastOp, arith::FPToUIOp>([&](auto) {
            e = "(" + t + ")" + name(op.getOperand(0));
            return success();
          })
          .Case([&](arith::FPToSIOp o) {
            e = "(" + t + ")(" + scalarName(r.getType()) + ")" + name(o.getIn());
            return success();
          })
          .Default([](Operation *) { return std::nullopt; });
  if (result)
    exprDeclared = true;
  return result;
}
