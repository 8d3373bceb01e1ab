//===- EmitCppLaunch.cpp - the entry point's launch as C++ / CUDA C --------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h): the launch as
// kdsl-build-entry-points left it (kdsl/Dialect/EntryPoints.h), printed as
// the IR says. The ops print no statement of their own but name expressions:
//
//   op                               printed as
//   emitc.literal "e"                e (in parentheses where an operand reads
//                                    it and it has a space), e.g. `begin`,
//                                    `launch.total`, `dims[1]`
//   scf.for {kdsl.grid_loop}         `for (int64_t thread = lo; thread < hi; ++thread)`
//                                    (`thread += step` unless the step is 1)
//   arith.remsi/divsi {kdsl.thread_split}  inline: `(thread % dims[1])`
//   arith.trunci {kdsl.thread_coord = "j"} `const int32_t j = (int32_t)(...);`,
//                                    named as the source names it, else `j`
//
// kdsl.block_dim is an expression (EmitCppExpr.cpp); kdsl.assert prints its
// thread operand (EmitCppStmt.cpp).
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"
#include "kdsl/Dialect/EntryPoints.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

FamilyResult CppEmitter::launchStmt(Operation &op) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](emitc::LiteralOp l) {
        // A sum or product in parentheses where the body reads it; the
        // loop's header takes it as it is.
        std::string e = l.getValue().str();
        names[l.getResult()] = e.find(' ') == std::string::npos ? e : "(" + e + ")";
        loopBounds[l.getResult()] = e;
        return success();
      })
      .Case([&](scf::ForOp loop) -> FamilyResult {
        if (!loop->hasAttr(kGridLoopAttrName))
          return std::nullopt;
        return emitGridLoop(loop);
      })
      .Case<arith::RemSIOp, arith::DivSIOp>([&](auto split) -> FamilyResult {
        if (!split->hasAttr(kThreadSplitAttrName))
          return std::nullopt;
        names[split.getResult()] = "(" + name(split.getLhs()) +
                                   (isa<arith::RemSIOp>(op) ? " % " : " / ") +
                                   name(split.getRhs()) + ")";
        return success();
      })
      .Case([&](arith::TruncIOp t) -> FamilyResult {
        // A thread coordinate (wp.tid()): named as the source names it.
        auto coord = t->getAttrOfType<StringAttr>(kThreadCoordAttrName);
        if (!coord)
          return std::nullopt;
        std::string expr;
        if (failed(emitExpr(op, expr)))
          return failure();
        Value r = t.getResult();
        bind(r, coord.getValue());
        line() << unusedPrefix(r) << "const " << declType(r) << " " << rawName(r) << " = " << expr
               << ";\n";
        declareAliases(r);
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult CppEmitter::emitGridLoop(scf::ForOp loop) {
  auto bound = [&](Value v) {
    auto it = loopBounds.find(v);
    return it != loopBounds.end() ? it->second : name(v);
  };
  Value iv = loop.getInductionVar();
  std::string t = fresh("thread");
  names[iv] = t;
  std::string next =
      matchPattern(loop.getStep(), m_One()) ? "++" + t : t + " += " + bound(loop.getStep());
  line() << "for (int64_t " << t << " = " << bound(loop.getLowerBound()) << "; " << t << " < "
         << bound(loop.getUpperBound()) << "; " << next << ") {\n";
  ++indent;
  // Bounds reports inside name the thread (asserts carry it as an operand).
  std::string outer = threadExpr;
  threadExpr = t;
  declareLocalArrays(loop);
  LogicalResult r = emitBlock(*loop.getBody());
  threadExpr = outer;
  --indent;
  line() << "}\n";
  return r;
}
