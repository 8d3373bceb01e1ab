//===- EmitCppLaunch.cpp - the lowered launch as C++ / CUDA C --------------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h): the launch as
// kdsl-lower-launch built it (docs/architecture.md), mapped to the entry
// point of each ABI. The ops print no statement of their own but name
// expressions of the entry point's parameters:
//
//   op                      C++ (CPU ABI)   CUDA C (GPU ABI)
//   kdsl.thread_range       begin, end, 1   (int64_t)blockIdx.x * blockDim.x + threadIdx.x,
//                                           launch.total, (int64_t)blockDim.x * gridDim.x
//   kdsl.launch_dim d       dims[d]         launch.dims[d]
//
// The scf.for over the thread range is the loop over threads (`thread`), the
// split of its index over the extents is inlined into the coordinates
// (`const int32_t i = (int32_t)(thread / dims[1]);`), which take the source's
// names. kdsl.block_dim is an expression (EmitCppExpr.cpp); kdsl.assert prints
// its thread operand (EmitCppStmt.cpp).
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

bool cpp_emit::isGridLoop(scf::ForOp loop) {
  auto range = loop.getLowerBound().getDefiningOp<ThreadRangeOp>();
  return range && loop.getUpperBound() == range.getEnd() && loop.getStep() == range.getStep() &&
         isa<KernelOp>(loop->getParentOp());
}

int cpp_emit::threadSplitDim(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && loop.getInductionVar() == v && isGridLoop(loop) ? 0 : -1;
  }
  Operation *op = v.getDefiningOp();
  if (!isa<arith::RemSIOp, arith::DivSIOp>(op))
    return -1;
  auto extent = op->getOperand(1).getDefiningOp<LaunchDimOp>();
  Value rest = op->getOperand(0);
  // The flat index, or what the extents after this one left of it.
  if (!extent || extent.getDim() == 0 || threadSplitDim(rest) < 0 ||
      !(isa<BlockArgument>(rest) || rest.getDefiningOp<arith::DivSIOp>()))
    return -1;
  return isa<arith::RemSIOp>(op) ? extent.getDim() : extent.getDim() - 1;
}

FamilyResult CppEmitter::launchStmt(Operation &op) {
  bool cuda = options.target == CppEmitOptions::Target::Cuda;
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](ThreadRangeOp r) {
        auto setName = [&](Value v, std::string e) {
          // A sum or product in parentheses where the body reads it; the
          // loop's header takes it as it is.
          names[v] = e.find(' ') == std::string::npos ? e : "(" + e + ")";
          loopBounds[v] = e;
        };
        setName(r.getBegin(), cuda ? "(int64_t)blockIdx.x * blockDim.x + threadIdx.x" : "begin");
        setName(r.getEnd(), cuda ? "launch.total" : "end");
        setName(r.getStep(), cuda ? "(int64_t)blockDim.x * gridDim.x" : "(int64_t)1LL");
        return success();
      })
      .Case([&](LaunchDimOp d) {
        names[d.getResult()] = (cuda ? "launch.dims[" : "dims[") + std::to_string(d.getDim()) + "]";
        return success();
      })
      .Case([&](scf::ForOp loop) -> FamilyResult {
        if (!isGridLoop(loop))
          return std::nullopt;
        return emitGridLoop(loop);
      })
      .Case<arith::RemSIOp, arith::DivSIOp>([&](auto split) -> FamilyResult {
        if (threadSplitDim(split.getResult()) < 0)
          return std::nullopt;
        names[split.getResult()] = "(" + name(split.getLhs()) +
                                   (isa<arith::RemSIOp>(op) ? " % " : " / ") +
                                   name(split.getRhs()) + ")";
        return success();
      })
      .Case([&](arith::TruncIOp t) -> FamilyResult {
        // A thread coordinate (wp.tid()): named as the source names it, else
        // tid (1-d launches) or i, j, k, l.
        int d = threadSplitDim(t.getIn());
        if (d < 0)
          return std::nullopt;
        static const char *dimNames[] = {"i", "j", "k", "l"};
        auto kernel = t->getParentOfType<KernelOp>();
        unsigned nd = kernel ? kernel.getLaunchDims() : 1;
        std::string expr;
        if (failed(emitExpr(op, expr)))
          return failure();
        Value r = t.getResult();
        bind(r, nd == 1 ? "tid" : dimNames[std::min(d, 3)]);
        line() << unusedPrefix(r) << "const " << typeName(r.getType()) << " " << name(r) << " = "
               << expr << ";\n";
        declareAliases(r);
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult CppEmitter::emitGridLoop(scf::ForOp loop) {
  if (loop.getNumResults())
    return loop.emitOpError("C++ emitter: the loop over threads carries no values"), failure();
  auto bound = [&](Value v) {
    auto it = loopBounds.find(v);
    return it != loopBounds.end() ? it->second : name(v);
  };
  Value iv = loop.getInductionVar();
  std::string t = fresh("thread");
  names[iv] = t;
  // The CPU's step is 1.
  std::string next = options.target == CppEmitOptions::Target::Cuda
                         ? t + " += " + bound(loop.getStep())
                         : "++" + t;
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
