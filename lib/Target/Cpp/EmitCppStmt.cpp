//===- EmitCppStmt.cpp - statements of the C++ printer --------------------===//
//
// Part of the C++/CUDA C printer (CppEmitter.h): blocks and their source
// comments, and the ops that print statements rather than one expression
// (element updates, tapes, array stores, bounds checks, calls, returns,
// asserts). Control flow is in EmitCppControlFlow.cpp; any other op with one
// result becomes `const T v = <expression>;` (EmitCppExpr.cpp).
//
//===----------------------------------------------------------------------===//
#include "CppEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::cpp_emit;

std::string cpp_emit::asUnsigned(Type t, const std::string &x) {
  unsigned width = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  if (width == 1)
    return x;
  return "(uint" + std::to_string(width) + "_t)" + x;
}

bool cpp_emit::printsCode(Operation &op) {
  if (op.hasAttr(kThreadSplitAttrName))
    return false; // inlined into the thread ids
  return !isa<arith::ConstantOp, ReturnOp, scf::YieldOp, scf::ConditionOp,
              memref::AllocaScopeReturnOp, emitc::LiteralOp>(op);
}

/// The source statement of `loc`: (first line, text), or null. Of an op
/// made of several (a FusedLoc), the statement that comes first in the
/// source: an early return's guard `!(tid >= n)`, folded into one compare
/// located at the statement after the `return` and at the `if`, is the
/// `if`'s compare.
const std::pair<unsigned, StringRef> *CppEmitter::statementOf(Location loc) {
  SmallVector<FileLineColLoc> positions;
  sourcePositionsOf(loc, positions);
  const std::pair<unsigned, StringRef> *best = nullptr;
  for (FileLineColLoc pos : positions) {
    if (!sourcePath.empty() && pos.getFilename() != sourcePath)
      continue;
    auto it = statements.find(pos.getLine());
    if (it != statements.end() && (!best || it->second.first < best->first))
      best = &it->second;
  }
  return best;
}

/// Whether `op` is the guard the front end puts around the rest of a block
/// after an early return (or a `continue`/`break`): an scf.if located at the
/// statement after it, whose condition comes from an earlier `if`/`elif`
/// header (the one of the `return`; a condition CSE'd with an earlier
/// expression is not one), and whose `then` block starts with an op of the
/// if's own statement. That statement's comment then opens inside the braces.
bool CppEmitter::isGuardOfNextStatement(Operation &op, unsigned first) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  if (!ifOp)
    return false;
  Operation *cond = ifOp.getCondition().getDefiningOp();
  const auto *condStatement = cond ? statementOf(cond->getLoc()) : nullptr;
  if (!condStatement || condStatement->first >= first ||
      !(condStatement->second.starts_with("if ") || condStatement->second.starts_with("elif ")))
    return false;
  for (Operation &inner : ifOp.getThenRegion().front()) {
    if (!printsCode(inner))
      continue;
    const auto *statement = statementOf(inner.getLoc());
    return statement && statement->first == first;
  }
  return false;
}

/// The call site of an op inlined from a @wp.func (the upstream inliner's
/// CallSiteLoc, under the source names' NameLocs and fusions), if it is one.
static std::optional<CallSiteLoc> callSiteOf(Location loc) {
  if (auto c = dyn_cast<CallSiteLoc>(loc))
    return c;
  if (auto n = dyn_cast<NameLoc>(loc))
    return callSiteOf(n.getChildLoc());
  if (auto f = dyn_cast<FusedLoc>(loc))
    for (Location l : f.getLocations())
      if (auto c = callSiteOf(l))
        return c;
  return std::nullopt;
}

/// The outermost caller of a chain of inlined calls (a call inlined into a
/// func that was itself inlined).
static Location outermostCaller(CallSiteLoc site) {
  Location caller = site.getCaller();
  while (auto outer = callSiteOf(caller))
    caller = outer->getCaller();
  return caller;
}

void CppEmitter::statementComment(Operation &op) {
  if (statements.empty() || !printsCode(op))
    return;
  bool adjoint = isAdjointLoc(op.getLoc());
  auto print = [&](const std::pair<unsigned, StringRef> &statement, StringRef indent) {
    line() << "// " << indent << (adjoint ? "adj: " : "") << statement.second << "   ("
           << sourceFile << ":" << statement.first << ")\n";
  };
  // An op of an inlined @wp.func: the line of the call (once), then the
  // func's statement under it, indented.
  if (std::optional<CallSiteLoc> site = callSiteOf(op.getLoc())) {
    const auto *call = statementOf(outermostCaller(*site));
    const auto *inner = statementOf(site->getCallee());
    if (!call || !inner)
      return;
    if (call->first != lastCommentLine || adjoint != lastCommentAdjoint) {
      lastCommentLine = call->first;
      lastCommentAdjoint = adjoint;
      lastInlinedLine = 0;
      print(*call, "");
    }
    if (inner->first != lastInlinedLine) {
      lastInlinedLine = inner->first;
      print(*inner, "  ");
    }
    return;
  }
  const auto *statement = statementOf(op.getLoc());
  if (!statement)
    return;
  auto [first, text] = *statement;
  if (first == lastCommentLine && adjoint == lastCommentAdjoint && !lastInlinedLine)
    return;
  if (isGuardOfNextStatement(op, first))
    return;
  lastCommentLine = first;
  lastCommentAdjoint = adjoint;
  lastInlinedLine = 0;
  print(*statement, "");
}

LogicalResult CppEmitter::emitBlock(Block &b) {
  for (Operation &op : b) {
    statementComment(op);
    if (failed(emitOp(op)))
      return failure();
  }
  return success();
}

LogicalResult CppEmitter::emitOp(Operation &op) {
  if (isa<arith::ConstantOp>(op))
    return success(); // printed inline at each use
  if (isa<ReturnOp, scf::YieldOp, scf::ConditionOp, memref::AllocaScopeReturnOp>(op))
    return success(); // handled by the enclosing construct
  using Family = FamilyResult (CppEmitter::*)(Operation &);
  for (Family family : {&CppEmitter::launchStmt, &CppEmitter::valueStmt, &CppEmitter::memoryStmt,
                        &CppEmitter::callStmt, &CppEmitter::controlFlowStmt})
    if (FamilyResult r = (this->*family)(op))
      return *r;
  if (op.getNumResults() != 1)
    return op.emitOpError("is not supported by the C++ emitter");
  std::string expr;
  if (failed(emitExpr(op, expr)))
    return failure();
  // An atomic whose old value nothing reads is a statement, as people write it.
  if (isa<AtomicOp>(op) && op.getResult(0).use_empty()) {
    line() << expr << ";\n";
    return success();
  }
  declare(op.getResult(0), expr);
  return success();
}

/// Values built by updating a copy (an element, a field) or taken apart
/// (every component).
FamilyResult CppEmitter::valueStmt(Operation &op) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](vector::InsertOp ins) {
        Value r = ins.getResult();
        bind(r, "v");
        line() << unusedPrefix(r) << typeName(ins.getType()) << " " << name(r) << " = "
               << name(ins.getDest()) << ";\n";
        line() << name(r) << subscripts(ins.getMixedPosition()) << " = "
               << name(ins.getValueToStore()) << ";\n";
        declareAliases(r);
        return success();
      })
      // vector.to_elements (canonicalization's form of extracting every
      // component): one variable per component, in row-major order.
      .Case([&](vector::ToElementsOp te) {
        auto vt = cast<VectorType>(te.getSource().getType());
        int64_t cols = vt.getRank() == 2 ? vt.getDimSize(1) : 0;
        for (auto [i, r] : llvm::enumerate(te.getResults())) {
          std::string at = cols ? "[" + std::to_string(int64_t(i) / cols) + "][" +
                                      std::to_string(int64_t(i) % cols) + "]"
                                : "[" + std::to_string(i) + "]";
          bind(r, "v");
          line() << unusedPrefix(r) << "const " << typeName(r.getType()) << " " << name(r) << " = "
                 << name(te.getSource()) << at << ";\n";
        }
        return success();
      })
      .Case([&](StructInsertOp si) {
        Value r = si.getResult();
        bind(r, "v");
        line() << unusedPrefix(r) << typeName(si.getType()) << " " << name(r) << " = "
               << name(si.getInput()) << ";\n";
        line() << name(r) << "." << cppName(si.getField(), false) << " = " << name(si.getValue())
               << ";\n";
        declareAliases(r);
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Autodiff tapes (memref<?xT> buffers in allocation scopes) and array
/// accesses that check bounds or store.
FamilyResult CppEmitter::memoryStmt(Operation &op) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](memref::AllocaOp a) -> LogicalResult {
        auto t = a.getType();
        if (t.getRank() != 1)
          return a.emitOpError("C++ emitter: only 1-D tapes are supported"), failure();
        // A stage of the block's lanes (kdsl-lower-lanes on the GPU): shared.
        if (isa_and_nonnull<gpu::AddressSpaceAttr>(t.getMemorySpace())) {
          if (options.target != CppEmitOptions::Target::Cuda || !t.hasStaticShape())
            return a.emitOpError("C++ emitter: workgroup memory outside CUDA C"), failure();
          bind(a.getResult(), "stage");
          line() << "__shared__ " << typeName(t.getElementType()) << " " << name(a.getResult())
                 << "[" << t.getDimSize(0) << "];\n";
          return success();
        }
        // A tile's buffer (kdsl-lower-tiles): a local array of static size.
        if (a->hasAttr("kdsl.tile_buffer") && t.hasStaticShape()) {
          bind(a.getResult(), "tile");
          line() << typeName(t.getElementType()) << " " << name(a.getResult()) << "["
                 << t.getDimSize(0) << "];\n";
          return success();
        }
        // The size is static once canonicalization folded a constant trip count.
        std::string size =
            t.isDynamicDim(0) ? name(a.getDynamicSizes()[0]) : std::to_string(t.getDimSize(0));
        bind(a.getResult(), "tape");
        line() << "kdsl::tape<" << typeName(t.getElementType()) << "> " << name(a.getResult())
               << "(" << size << ");\n";
        return success();
      })
      .Case([&](LocalArrayOp a) -> LogicalResult {
        // wp.zeros: the storage zeroed, viewed with the static shape.
        auto it = localStorage.find(a);
        if (it == localStorage.end())
          return a.emitOpError("C++ emitter: local array storage not declared"), failure();
        bind(a.getResult(), "arr");
        line() << unusedPrefix(a.getResult()) << "const kdsl_array " << name(a.getResult())
               << " = kdsl::local_array(" << it->second << ", sizeof(" << it->second << "[0]), "
               << a.getNumElements() << ", " << a.getShape().size();
        for (int64_t d : a.getShape())
          os << ", " << d;
        os << ");\n";
        return success();
      })
      .Case([&](memref::StoreOp st) {
        line() << name(st.getMemRef()) << "[" << subscript(st.getIndices()[0])
               << "] = " << name(st.getValueToStore()) << ";\n";
        return success();
      })
      .Case([&](memref::AllocaScopeOp scope) { return emitAllocaScope(scope); })
      .Case([&](gpu::BarrierOp) { // the block's lanes (kdsl-lower-lanes on the GPU)
        line() << "__syncthreads();\n";
        return success();
      })
      .Case<LoadOp, AtomicOp>([&](auto access) -> FamilyResult {
        if (!options.checkBounds)
          return std::nullopt; // an expression
        std::string ok = boundsCheck(access.getArray(), access.getIndices());
        std::string expr;
        if (failed(emitExpr(op, expr)))
          return failure();
        Value r = op.getResult(0);
        declare(r, ok + " ? " + expr + " : " + typeName(r.getType()) + "{}");
        return success();
      })
      .Case([&](StoreOp st) {
        if (options.checkBounds) {
          // The check declares its local on a line of its own first.
          std::string ok = boundsCheck(st.getArray(), st.getIndices());
          line() << "if (" << ok << ") ";
        } else {
          line();
        }
        os << "kdsl::store(" << name(st.getArray()) << ", " << name(st.getValue())
           << accessIndices(st, st.getIndices()) << ");\n";
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// Calls of @wp.func (several results: a result struct), returns from them,
/// and asserts.
FamilyResult CppEmitter::callStmt(Operation &op) {
  return llvm::TypeSwitch<Operation *, FamilyResult>(&op)
      .Case([&](func::CallOp c) {
        std::string text = call(cppName(c.getCallee(), true), c.getOperands());
        if (c.getNumResults() == 0) {
          line() << text << ";\n";
        } else if (c.getNumResults() == 1) {
          declare(c.getResult(0), text);
        } else {
          std::string tuple = fresh("r");
          line() << "const auto " << tuple << " = " << text << ";\n";
          for (auto [i, r] : llvm::enumerate(c.getResults())) {
            bind(r, "v");
            line() << unusedPrefix(r) << "const " << typeName(r.getType()) << " " << name(r)
                   << " = " << tuple << ".r" << i << ";\n";
          }
        }
        return success();
      })
      .Case([&](func::ReturnOp ret) {
        if (ret.getNumOperands() == 0) {
          line() << "return;\n";
        } else if (ret.getNumOperands() == 1) {
          line() << "return " << name(ret.getOperand(0)) << ";\n";
        } else {
          std::string values = call("", ret.getOperands()); // (a, b, ...)
          line() << "return " << resultStruct << "{" << values.substr(1, values.size() - 2)
                 << "};\n";
        }
        return success();
      })
      .Case([&](PrintOp p) {
        line() << "printf(" << cStringLiteral(p.getFormat());
        for (Value v : p.getArgs())
          os << (v.getType().isF64()         ? ", (double)"
                 : v.getType().isInteger(32) ? ", (int)"
                                             : ", (long long)")
             << name(v);
        os << ");\n";
        return success();
      })
      .Case([&](AssertOp a) {
        int sourceLine = 0;
        if (auto fl = dyn_cast<FileLineColLoc>(a.getLoc()))
          sourceLine = fl.getLine();
        SmallString<64> msg;
        for (char c : a.getMessage()) {
          if (c == '"' || c == '\\')
            msg.push_back('\\');
          msg.push_back(c);
        }
        // The thread kdsl-lower-launch gave it; -1 (unknown) in a func.
        std::string thread = a.getThread() ? name(a.getThread()) : "-1";
        line() << "if (!(" << name(a.getCondition()) << ")) kdsl::report_assert(\"" << currentOwner
               << "\", \"" << msg << "\", " << sourceLine << ", " << thread << ");\n";
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// `s` as a C string literal ("...", with escapes; octal for other
/// non-printable bytes, which cannot run into a following digit).
std::string cpp_emit::cStringLiteral(StringRef s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    default:
      if (c < 0x20 || c >= 0x7f) {
        char buf[8];
        snprintf(buf, sizeof(buf), "\\%03o", c);
        out += buf;
      } else {
        out += (char)c;
      }
    }
  }
  return out + "\"";
}

/// Assigns several values to several variables at once (through temporaries,
/// so that a swap works).
void CppEmitter::assign(ValueRange targets, ValueRange values) {
  if (targets.size() == 1) {
    if (name(targets[0]) != name(values[0]))
      line() << name(targets[0]) << " = " << name(values[0]) << ";\n";
    return;
  }
  // Directly when no value is a variable an earlier assignment overwrites.
  bool direct = true;
  for (auto [i, t] : llvm::enumerate(targets))
    for (Value v : values.drop_front(i + 1))
      direct &= name(v) != name(t);
  if (direct) {
    for (auto [t, v] : llvm::zip(targets, values))
      if (name(t) != name(v))
        line() << name(t) << " = " << name(v) << ";\n";
    return;
  }
  SmallVector<std::string> tmps;
  for (Value v : values) {
    std::string t = fresh("t");
    line() << "const " << typeName(v.getType()) << " " << t << " = " << name(v) << ";\n";
    tmps.push_back(t);
  }
  for (auto [t, tmp] : llvm::zip(targets, tmps))
    line() << name(t) << " = " << tmp << ";\n";
}

std::string CppEmitter::boundsCheck(Value array, ValueRange indices) {
  std::string ok = fresh("in_bounds");
  std::string arrayName = arrayNames.lookup(array);
  if (arrayName.empty())
    if (auto fe = array.getDefiningOp<StructExtractOp>())
      arrayName = fe.getField().str();
  if (arrayName.empty())
    arrayName = "<array>";
  line() << "const bool " << ok << " = kdsl::in_bounds(" << name(array) << ", \"" << currentOwner
         << "\", \"" << arrayName << "\", " << threadExpr;
  for (Value i : indices)
    os << ", " << name(i);
  os << ");\n";
  return ok;
}
