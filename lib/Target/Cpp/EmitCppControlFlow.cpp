//===- EmitCppControlFlow.cpp - structured control flow as C++ ------------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h): scf.if, scf.for and
// scf.while become C++ if / for / while (true) with their carried values and
// results as mutable locals; memref.alloca_scope becomes a block.
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

FamilyResult CppEmitter::controlFlowStmt(Operation &op) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](scf::IfOp o) { return emitIf(o); })
      .Case([&](scf::ForOp o) { return emitFor(o); })
      .Case([&](scf::WhileOp o) { return emitWhile(o); })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult CppEmitter::emitAllocaScope(memref::AllocaScopeOp scope) {
  for (Value r : scope.getResults()) {
    bind(r, "v");
    line() << unusedPrefix(r) << typeName(r.getType()) << " " << name(r) << ";\n";
  }
  line() << "{\n";
  ++indent;
  Block &body = scope.getBodyRegion().front();
  if (failed(emitBlock(body)))
    return failure();
  assign(scope.getResults(), body.getTerminator()->getOperands());
  --indent;
  line() << "}\n";
  return success();
}

LogicalResult CppEmitter::emitIf(scf::IfOp ifOp) {
  for (Value r : ifOp.getResults()) {
    // A local the branches assign: named after what they yield; an adjoint
    // the autodiff named (a reversed if's result: adj_hit, whichever
    // adjoint the branches yield) after that.
    StringRef src = sourceNameOf(r);
    if (!src.starts_with("adj_"))
      src = {};
    unsigned i = cast<OpResult>(r).getResultNumber();
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
      if (src.empty() && !region->empty())
        src = sourceNameOf(region->front().getTerminator()->getOperand(i));
    bind(r, src.empty() ? "v" : src);
    line() << unusedPrefix(r) << declType(r) << " " << rawName(r) << ";\n";
  }
  auto isEmpty = [](Region &r) { return r.empty() || r.front().without_terminator().empty(); };
  // Nothing on the true side (a guard the front end could not negate, as
  // `if a or b: return`): `if (!(c)) { ... }`,
  // not an empty `if (c) { } else { ... }`.
  if (!ifOp.getNumResults() && isEmpty(ifOp.getThenRegion()) && !isEmpty(ifOp.getElseRegion())) {
    line() << "if (!(" << name(ifOp.getCondition()) << ")) {\n";
    ++indent;
    if (failed(emitBlock(ifOp.getElseRegion().front())))
      return failure();
    --indent;
    line() << "}\n";
    return success();
  }
  line() << "if (" << name(ifOp.getCondition()) << ") {\n";
  ++indent;
  if (failed(emitBlock(ifOp.getThenRegion().front())))
    return failure();
  if (ifOp.getNumResults())
    assign(ifOp.getResults(), ifOp.thenYield().getOperands());
  --indent;
  if (ifOp.getNumResults() || !isEmpty(ifOp.getElseRegion())) {
    line() << "} else {\n";
    ++indent;
    if (failed(emitBlock(ifOp.getElseRegion().front())))
      return failure();
    if (ifOp.getNumResults())
      assign(ifOp.getResults(), ifOp.elseYield().getOperands());
    --indent;
  }
  line() << "}\n";
  return success();
}

LogicalResult CppEmitter::emitFor(scf::ForOp forOp) {
  // Carried values live in the result variables.
  for (auto [r, init, arg] :
       llvm::zip(forOp.getResults(), forOp.getInitArgs(), forOp.getRegionIterArgs())) {
    StringRef src = sourceNameOf(arg);
    bind(r, src.empty() ? "v" : src);
    names[arg] = rawName(r); // the iteration argument is declared as the result
    line() << unusedPrefix(r) << declType(r) << " " << rawName(r) << " = " << asDeclared(init, r)
           << ";\n";
  }
  Value iv = forOp.getInductionVar();
  bind(iv, "k");
  std::string t = typeName(iv.getType()), ivn = name(iv);
  bool isUnsigned = forOp.getUnsignedCmp();
  std::string lower = isUnsigned ? name(forOp.getLowerBound()) : subscript(forOp.getLowerBound());
  std::string upper = isUnsigned ? name(forOp.getUpperBound()) : subscript(forOp.getUpperBound());
  std::string cmp = isUnsigned
                        ? asUnsigned(iv.getType(), ivn) + " < " + asUnsigned(iv.getType(), upper)
                        : ivn + " < " + upper;
  // `++k` where it cannot overflow: a signed k below the upper bound is at
  // most the type's maximum minus one. Other steps may step past it, and an
  // unsigned comparison lets k reach the signed maximum: they wrap.
  std::string next = !isUnsigned && matchPattern(forOp.getStep(), m_One())
                         ? "++" + ivn
                         : ivn + " = kdsl::wrap_add(" + ivn + ", " + name(forOp.getStep()) + ")";
  line() << "for (" << t << " " << ivn << " = " << lower << "; " << cmp << "; " << next << ") {\n";
  ++indent;
  if (failed(emitBlock(*forOp.getBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  assign(forOp.getResults(), yield.getOperands());
  --indent;
  line() << "}\n";
  return success();
}

LogicalResult CppEmitter::emitWhile(scf::WhileOp w) {
  Block &before = w.getBefore().front(), &after = w.getAfter().front();
  auto cond = cast<scf::ConditionOp>(before.getTerminator());
  // A state variable is read when an op of the condition reads it, or the
  // condition passes it to a body argument or a result that is read (the
  // body's argument is the condition's variable; a result is assigned it).
  auto isRead = [&](BlockArgument arg) {
    return llvm::any_of(arg.getUses(), [&](OpOperand &use) {
      if (use.getOwner() != cond)
        return true;
      unsigned i = use.getOperandNumber() - 1; // after the condition
      return !after.getArgument(i).use_empty() || !w.getResult(i).use_empty();
    });
  };
  // State: the before-region arguments; results: what the condition passes
  // on exit, those read after the loop.
  for (auto [arg, init] : llvm::zip(before.getArguments(), w.getInits())) {
    bind(arg, "s");
    line() << (isRead(arg) ? "" : "[[maybe_unused]] ") << declType(arg) << " " << rawName(arg)
           << " = " << asDeclared(init, arg) << ";\n";
  }
  SmallVector<Value> results, exitValues;
  for (auto [r, arg, v] : llvm::zip(w.getResults(), after.getArguments(), cond.getArgs())) {
    if (r.use_empty())
      continue;
    StringRef src = sourceNameOf(arg);
    bind(r, src.empty() ? "v" : src);
    line() << declType(r) << " " << rawName(r) << ";\n";
    results.push_back(r);
    exitValues.push_back(v);
  }
  line() << "while (true) {\n";
  ++indent;
  if (failed(emitBlock(before)))
    return failure();
  line() << "if (!(" << name(cond.getCondition()) << ")) {\n";
  ++indent;
  assign(results, exitValues);
  line() << "break;\n";
  --indent;
  line() << "}\n";
  // (Declared as the condition's values: collectUnsigned.)
  for (auto [arg, v] : llvm::zip(after.getArguments(), cond.getArgs()))
    names[arg] = rawName(v);
  if (failed(emitBlock(after)))
    return failure();
  assign(before.getArguments(), cast<scf::YieldOp>(after.getTerminator()).getOperands());
  --indent;
  line() << "}\n";
  return success();
}
