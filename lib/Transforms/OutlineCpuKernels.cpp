//===- OutlineCpuKernels.cpp - kdsl.kernel -> CPU entry points -----------===//
//
// See Passes.td and include/kdsl/Runtime/KernelABI.h for the contract.
//
//===----------------------------------------------------------------------===//
#include "GridLoop.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringMap.h"

namespace kdsl {
#define GEN_PASS_DEF_OUTLINECPUKERNELS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {

struct OutlineCpuKernelsPass : public kdsl::impl::OutlineCpuKernelsBase<OutlineCpuKernelsPass> {
  using Base::Base;

  ModuleOp module;
  llvm::StringMap<LLVM::GlobalOp> strings;
  unsigned stringCount = 0;

  Type ptrType() { return LLVM::LLVMPointerType::get(&getContext()); }

  /// A pointer to a NUL-terminated constant string (one global per content).
  Value stringPtr(OpBuilder &b, Location loc, StringRef str) {
    LLVM::GlobalOp &g = strings[str];
    if (!g) {
      OpBuilder mb(module.getBodyRegion());
      std::string data = str.str();
      data.push_back('\0');
      auto type = LLVM::LLVMArrayType::get(IntegerType::get(&getContext(), 8), data.size());
      g = LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
                                 ("kdsl_str_" + llvm::Twine(stringCount++)).str(),
                                 mb.getStringAttr(data));
    }
    return LLVM::AddressOfOp::create(b, loc, g);
  }

  func::FuncOp declare(StringRef name, FunctionType type) {
    if (auto f = module.lookupSymbol<func::FuncOp>(name))
      return f;
    OpBuilder mb(module.getBodyRegion());
    auto f = func::FuncOp::create(mb, module.getLoc(), name, type);
    f.setPrivate();
    return f;
  }

  static int32_t lineOf(Location loc) {
    if (auto fl = dyn_cast<FileLineColLoc>(loc))
      return fl.getLine();
    if (auto fused = dyn_cast<FusedLoc>(loc))
      for (Location l : fused.getLocations())
        if (int32_t line = lineOf(l))
          return line;
    return 0;
  }

  /// The zero value of `t`, or poison where there is none (arrays).
  static Value zeroOf(OpBuilder &b, Location loc, Type t) {
    if (isa<IntegerType, FloatType, VectorType>(t))
      return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(t)));
    if (auto st = dyn_cast<StructType>(t)) {
      SmallVector<Value> fields;
      for (Type f : st.getFieldTypes())
        fields.push_back(zeroOf(b, loc, f));
      return StructCreateOp::create(b, loc, t, fields);
    }
    return ub::PoisonOp::create(b, loc, t);
  }

  /// Asserts (and, with check-bounds, array accesses) of one function body;
  /// `thread` is reported by the accesses and by asserts without a thread.
  void lowerChecks(Region &body, StringRef owner, Value thread,
                   const DenseMap<Value, StringRef> &names) {
    Type i32 = IntegerType::get(&getContext(), 32), i64 = IntegerType::get(&getContext(), 64);
    auto reportAssert =
        declare("kdsl_report_assert",
                FunctionType::get(&getContext(), {ptrType(), ptrType(), i32, i64}, {}));
    SmallVector<AssertOp> asserts;
    body.walk([&](AssertOp a) { asserts.push_back(a); });
    for (AssertOp a : asserts) {
      OpBuilder b(a);
      Location loc = a.getLoc();
      Value failedCond = arith::XOrIOp::create(
          b, loc, a.getCondition(), arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
      auto ifOp = scf::IfOp::create(b, loc, failedCond, /*withElse=*/false);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      Value line = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(lineOf(loc)));
      func::CallOp::create(b, loc, reportAssert,
                           ValueRange{stringPtr(b, loc, owner), stringPtr(b, loc, a.getMessage()),
                                      line, a.getThread() ? a.getThread() : thread});
      a.erase();
    }
    if (!checkBounds)
      return;
    auto reportOob =
        declare("kdsl_report_oob",
                FunctionType::get(&getContext(), {ptrType(), ptrType(), i32, i64, i64, i64}, {}));
    SmallVector<Operation *> accesses;
    body.walk([&](Operation *op) {
      if (isa<LoadOp, StoreOp, AtomicOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      Value array = op->getOperand(isa<StoreOp>(op) ? 1 : 0);
      ValueRange indices = isa<LoadOp>(op)    ? cast<LoadOp>(op).getIndices()
                           : isa<StoreOp>(op) ? cast<StoreOp>(op).getIndices()
                                              : cast<AtomicOp>(op).getIndices();
      StringRef name = names.lookup(array);
      if (name.empty())
        if (auto fe = array.getDefiningOp<StructExtractOp>())
          name = fe.getField();
      if (name.empty())
        name = "<array>";
      Value ok = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      for (auto [d, idx] : llvm::enumerate(indices)) {
        Value extent = ShapeOp::create(b, loc, array, d);
        // In range: -extent <= idx < extent (a negative index counts from
        // the end, as Warp's index()).
        Value negExtent = arith::SubIOp::create(
            b, loc, arith::ConstantOp::create(b, loc, b.getIntegerAttr(idx.getType(), 0)), extent);
        Value in = arith::AndIOp::create(
            b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, idx, extent),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, idx, negExtent));
        auto report = scf::IfOp::create(
            b, loc,
            arith::XOrIOp::create(b, loc, in,
                                  arith::ConstantOp::create(b, loc, b.getBoolAttr(true))),
            false);
        {
          OpBuilder::InsertionGuard g(b);
          b.setInsertionPointToStart(&report.getThenRegion().front());
          func::CallOp::create(b, loc, reportOob,
                               ValueRange{stringPtr(b, loc, owner), stringPtr(b, loc, name),
                                          arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(d)),
                                          arith::ExtSIOp::create(b, loc, i64, idx),
                                          arith::ExtSIOp::create(b, loc, i64, extent), thread});
        }
        ok = arith::AndIOp::create(b, loc, ok, in);
      }
      // Only an in-range access happens; a skipped read gives 0.
      auto guard = scf::IfOp::create(b, loc, op->getResultTypes(), ok, op->getNumResults() > 0);
      Block &thenBlock = guard.getThenRegion().front();
      if (op->getNumResults() == 0) {
        // The builder gave the then-block its scf.yield: the access goes before it.
        op->moveBefore(thenBlock.getTerminator());
        continue;
      }
      op->moveBefore(&thenBlock, thenBlock.end());
      OpBuilder tb = OpBuilder::atBlockEnd(&thenBlock);
      scf::YieldOp::create(tb, loc, op->getResults());
      OpBuilder eb = OpBuilder::atBlockBegin(&guard.getElseRegion().front());
      scf::YieldOp::create(eb, loc, zeroOf(eb, loc, op->getResult(0).getType()));
      op->getResult(0).replaceUsesWithIf(guard.getResult(0), [&](OpOperand &use) {
        return use.getOwner() != thenBlock.getTerminator();
      });
    }
    // Run-time vector, quaternion and matrix indices: one outside
    // [-extent, extent) is reported (dimension -1: `what` describes it) and
    // position 0 used; the others wrap as kdsl-convert-to-llvm wraps them.
    SmallVector<ComponentIndexOp> componentIndices;
    body.walk([&](ComponentIndexOp op) { componentIndices.push_back(op); });
    for (ComponentIndexOp op : componentIndices) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value idx = op.getIndex();
      auto cst = [&](int64_t v) {
        return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v)).getResult();
      };
      Value extent = cst(op.getExtent());
      Value in = arith::AndIOp::create(
          b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, idx, extent),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, idx, cst(-op.getExtent())));
      Value out =
          arith::XOrIOp::create(b, loc, in, arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
      auto report = scf::IfOp::create(b, loc, out, false);
      {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPointToStart(&report.getThenRegion().front());
        Value extent64 = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(op.getExtent()));
        func::CallOp::create(b, loc, reportOob,
                             ValueRange{stringPtr(b, loc, owner), stringPtr(b, loc, op.getWhat()),
                                        cst(-1), arith::ExtSIOp::create(b, loc, i64, idx), extent64,
                                        thread});
      }
      Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, idx, cst(0));
      Value wrapped = arith::SelectOp::create(b, loc, negative,
                                              arith::AddIOp::create(b, loc, idx, extent), idx);
      Value pos = arith::SelectOp::create(b, loc, in, wrapped, cst(0));
      op.replaceAllUsesWith(arith::IndexCastOp::create(b, loc, b.getIndexType(), pos).getResult());
      op.erase();
    }
  }

  /// Maps the lowered launch (kdsl-lower-launch) to the CPU ABI: the
  /// arguments read through args[i], kdsl.thread_range as the begin/end
  /// parameters and step 1, kdsl.launch_dim d as dims[d].
  LogicalResult outline(KernelOp k) {
    FailureOr<LoweredLaunch> launch = getLoweredLaunch(k, "kdsl-outline-cpu-kernels");
    if (failed(launch))
      return failure();
    MLIRContext *ctx = &getContext();
    Location loc = k.getLoc();
    Type ptr = ptrType(), i64 = IntegerType::get(ctx, 64);
    OpBuilder b(k);
    auto fnType = FunctionType::get(ctx, {ptr, i64, i64, ptr}, {});
    auto f = func::FuncOp::create(b, loc, entryPointName(k, "cpu"), fnType);
    f->setAttr("kdsl.kernel", k.getSymNameAttr());
    f->setAttr("kdsl.arg_names", k.getArgNamesAttr());
    Block *entry = f.addEntryBlock();
    b.setInsertionPointToStart(entry);
    Value dims = entry->getArgument(0), begin = entry->getArgument(1), end = entry->getArgument(2),
          args = entry->getArgument(3);

    // Arguments, read once through args[i].
    DenseMap<Value, StringRef> names;
    SmallVector<Value> argValues;
    for (auto [i, t] : llvm::enumerate(k.getArgumentTypes())) {
      Value slot = LLVM::GEPOp::create(b, loc, ptr, ptr, args, ArrayRef<LLVM::GEPArg>{(int32_t)i});
      Value p = LLVM::LoadOp::create(b, loc, ptr, slot);
      Value v = ReadOp::create(b, loc, t, p);
      names[v] = cast<StringAttr>(k.getArgNames()[i]).getValue();
      argValues.push_back(v);
    }
    // Step 1: a constant, so that LLVM vectorizes the grid loop.
    Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
    auto ret = func::ReturnOp::create(b, loc);
    scf::ForOp loop = launch->loop;
    inlineLoweredKernel(k, *launch, ret, argValues, ValueRange{begin, end, one},
                        [&](OpBuilder &db, unsigned d) -> Value {
                          Value slot = LLVM::GEPOp::create(db, loc, ptr, i64, dims,
                                                           ArrayRef<LLVM::GEPArg>{(int32_t)d});
                          return LLVM::LoadOp::create(db, loc, i64, slot);
                        });
    lowerAllocaScopes(loop);
    Value flat = loop.getInductionVar();
    lowerChecks(f.getBody(), k.getSymName(), flat, names);
    k.erase();
    if (denseFastPath)
      addDenseFastPath(loop, argValues);
    return success();
  }

  /// Runs a copy of the grid loop on dense views of the arrays when every
  /// array argument is dense in its innermost dimension: the constant stride
  /// lets LLVM vectorize the unit-stride accesses. Warp arrays are almost
  /// always dense; strided views take the general loop.
  void addDenseFastPath(scf::ForOp loop, ArrayRef<Value> args) {
    SmallVector<Value> arrays;
    for (Value a : args)
      if (isa<ArrayType>(a.getType()))
        arrays.push_back(a);
    bool accessesMemory = false;
    loop.walk([&](Operation *op) { accessesMemory |= isa<LoadOp, StoreOp, AtomicOp>(op); });
    if (arrays.empty() || !accessesMemory)
      return;
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value dense = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (Value a : arrays)
      dense = arith::AndIOp::create(b, loc, dense, IsDenseOp::create(b, loc, a));
    auto ifOp = scf::IfOp::create(b, loc, dense, /*withElse=*/true);
    loop->moveBefore(ifOp.elseBlock()->getTerminator());
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    IRMapping views;
    for (Value a : arrays)
      views.map(a, AssumeDenseOp::create(b, loc, a));
    b.clone(*loop, views);
  }

  void runOnOperation() override {
    module = getOperation();
    // wp.block_dim() is 1 on the CPU (Warp's CPU kernels), in kernels and funcs.
    SmallVector<BlockDimOp> blockDims;
    module.walk([&](BlockDimOp op) { blockDims.push_back(op); });
    for (BlockDimOp op : blockDims) {
      OpBuilder ob(op);
      op.replaceAllUsesWith(
          arith::ConstantOp::create(ob, op.getLoc(), ob.getI32IntegerAttr(1)).getResult());
      op.erase();
    }
    // @wp.func bodies: asserts and bounds checks with an unknown thread (-1).
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (f.isExternal() || f->hasAttr("kdsl.kernel"))
        continue;
      DenseMap<Value, StringRef> names;
      if (auto an = f->getAttrOfType<ArrayAttr>("kdsl.arg_names"))
        for (auto [arg, n] : llvm::zip(f.getArguments(), an))
          names[arg] = cast<StringAttr>(n).getValue();
      OpBuilder b = OpBuilder::atBlockBegin(&f.getBody().front());
      Value unknown = arith::ConstantOp::create(b, f.getLoc(), b.getI64IntegerAttr(-1));
      lowerChecks(f.getBody(), f.getSymName(), unknown, names);
    }
    for (KernelOp k : llvm::make_early_inc_range(module.getOps<KernelOp>()))
      if (failed(outline(k)))
        return signalPassFailure();
  }
};

} // namespace
