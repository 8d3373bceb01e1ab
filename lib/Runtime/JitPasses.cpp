//===- JitPasses.cpp - LLVM IR passes before the JIT compiles -------------===//
#include "JitPasses.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

using namespace llvm;

namespace {

/// The C library function an intrinsic of one float type stands for
/// (double's name; float's adds "f"), or empty.
std::string libmName(Intrinsic::ID id, Type *type) {
  static const std::pair<Intrinsic::ID, const char *> names[] = {
      {Intrinsic::sin, "sin"},           {Intrinsic::cos, "cos"},     {Intrinsic::tan, "tan"},
      {Intrinsic::asin, "asin"},         {Intrinsic::acos, "acos"},   {Intrinsic::atan, "atan"},
      {Intrinsic::atan2, "atan2"},       {Intrinsic::sinh, "sinh"},   {Intrinsic::cosh, "cosh"},
      {Intrinsic::tanh, "tanh"},         {Intrinsic::exp, "exp"},     {Intrinsic::exp2, "exp2"},
      {Intrinsic::log, "log"},           {Intrinsic::log2, "log2"},   {Intrinsic::log10, "log10"},
      {Intrinsic::pow, "pow"},           {Intrinsic::fabs, "fabs"},   {Intrinsic::floor, "floor"},
      {Intrinsic::ceil, "ceil"},         {Intrinsic::trunc, "trunc"}, {Intrinsic::round, "round"},
      {Intrinsic::copysign, "copysign"}, {Intrinsic::minnum, "fmin"}, {Intrinsic::maxnum, "fmax"},
  };
  if (!type->isFloatTy() && !type->isDoubleTy())
    return "";
  for (auto [intrinsic, name] : names)
    if (intrinsic == id)
      return type->isFloatTy() ? std::string(name) + "f" : std::string(name);
  return "";
}

/// Calls to scalar libm intrinsics -> calls to libm; frem -> fmod.
void callLibm(Function &f) {
  Module &m = *f.getParent();
  for (Instruction &inst : make_early_inc_range(instructions(f))) {
    IRBuilder<> b(&inst);
    std::string name;
    SmallVector<Value *> args;
    if (auto *call = dyn_cast<IntrinsicInst>(&inst)) {
      name = libmName(call->getIntrinsicID(), call->getType());
      args.assign(call->arg_begin(), call->arg_end());
    } else if (inst.getOpcode() == Instruction::FRem && !inst.getType()->isVectorTy()) {
      name = inst.getType()->isFloatTy() ? "fmodf" : inst.getType()->isDoubleTy() ? "fmod" : "";
      args.assign(inst.op_begin(), inst.op_end());
    }
    if (name.empty())
      continue;
    SmallVector<Type *> types(args.size(), inst.getType());
    FunctionCallee callee =
        m.getOrInsertFunction(name, FunctionType::get(inst.getType(), types, false));
    CallInst *call = b.CreateCall(callee, args);
    call->setDoesNotAccessMemory();
    inst.replaceAllUsesWith(call);
    inst.eraseFromParent();
  }
}

/// llvm.smin/smax/umin/umax -> icmp + select.
void selectMinMax(Function &f) {
  for (Instruction &inst : make_early_inc_range(instructions(f))) {
    auto *mm = dyn_cast<MinMaxIntrinsic>(&inst);
    if (!mm || mm->getType()->isVectorTy())
      continue;
    IRBuilder<> b(mm);
    Value *cmp = b.CreateICmp(mm->getPredicate(), mm->getLHS(), mm->getRHS());
    mm->replaceAllUsesWith(b.CreateSelect(cmp, mm->getLHS(), mm->getRHS()));
    mm->eraseFromParent();
  }
}

/// `load {...}` whose uses are all extractvalue -> a load per field used.
void splitAggregateLoads(Function &f) {
  // Collected first: the extracts erased below may be the instructions
  // right after their load, where an iterator over `f` would stand.
  SmallVector<LoadInst *> loads;
  for (Instruction &inst : instructions(f)) {
    auto *load = dyn_cast<LoadInst>(&inst);
    if (load && load->getType()->isAggregateType() && !load->isVolatile() && !load->isAtomic() &&
        all_of(load->users(), [](User *u) { return isa<ExtractValueInst>(u); }))
      loads.push_back(load);
  }
  for (LoadInst *load : loads) {
    for (User *u : make_early_inc_range(load->users())) {
      auto *extract = cast<ExtractValueInst>(u);
      IRBuilder<> b(load);
      SmallVector<Value *> indices = {b.getInt32(0)};
      for (unsigned i : extract->indices())
        indices.push_back(b.getInt32(i));
      Value *field = b.CreateInBoundsGEP(load->getType(), load->getPointerOperand(), indices);
      extract->replaceAllUsesWith(b.CreateLoad(extract->getType(), field));
      extract->eraseFromParent();
    }
    load->eraseFromParent();
  }
}

/// `atomicrmw fadd|fsub` of a float or double -> a call to the host's
/// kdsl_atomic_{fadd,fsub}_{f32,f64} (KernelJit.cpp): a compare-and-swap
/// loop that computes old + v (old - v), as LLVM's AtomicExpand does, but
/// compiled once in the host instead of expanded into a cmpxchg per atomic,
/// which FastISel cannot select.
void callAtomicHelpers(Function &f) {
  Module &m = *f.getParent();
  for (Instruction &inst : make_early_inc_range(instructions(f))) {
    auto *rmw = dyn_cast<AtomicRMWInst>(&inst);
    if (!rmw)
      continue;
    bool add = rmw->getOperation() == AtomicRMWInst::FAdd;
    Type *type = rmw->getType();
    Value *ptr = rmw->getPointerOperand();
    if ((!add && rmw->getOperation() != AtomicRMWInst::FSub) ||
        (!type->isFloatTy() && !type->isDoubleTy()) || ptr->getType()->getPointerAddressSpace())
      continue;
    std::string name = std::string("kdsl_atomic_") + (add ? "fadd" : "fsub") +
                       (type->isFloatTy() ? "_f32" : "_f64");
    IRBuilder<> b(rmw);
    FunctionCallee callee =
        m.getOrInsertFunction(name, FunctionType::get(type, {ptr->getType(), type}, false));
    CallInst *call = b.CreateCall(callee, {ptr, rmw->getValOperand()});
    rmw->replaceAllUsesWith(call);
    rmw->eraseFromParent();
  }
}

/// Whether `f` computes on vectors of kMinWideVector components or more
/// (large vectors, rows of large matrices: kdsl-expand-builtins's loops).
bool hasWideVectors(Function &f) {
  constexpr unsigned kMinWideVector = 16;
  auto wide = [](Type *t) {
    auto *v = dyn_cast<FixedVectorType>(t);
    return v && v->getNumElements() >= kMinWideVector;
  };
  for (Instruction &inst : instructions(f))
    if (wide(inst.getType()) ||
        any_of(inst.operands(), [&](Value *o) { return wide(o->getType()); }))
      return true;
  return false;
}

/// The Scalarizer, on the functions without wide vectors: split, a row of a
/// 128x128 matrix is 128 scalar instructions, and the straight-line row code
/// of a large matrix's adjoint (sums of rows, selects of rows) becomes blocks
/// of tens of thousands of instructions, which took the optimizer and the
/// register allocator seconds (issue 26, finding 18). Such functions keep
/// their vectors; the back end splits them into the host's vector registers.
struct ScalarizeNarrowVectors : PassInfoMixin<ScalarizeNarrowVectors> {
  PreservedAnalyses run(Function &f, FunctionAnalysisManager &fam) {
    if (hasWideVectors(f))
      return PreservedAnalyses::all();
    return ScalarizerPass().run(f, fam);
  }
};

} // namespace

/// Runs the module passes `build` adds, with the standard analyses.
static void runPasses(Module &m, TargetMachine *tm,
                      function_ref<void(PassBuilder &, ModulePassManager &)> build) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder pb(tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm;
  build(pb, mpm);
  mpm.run(m, mam);
}

void kdsl::optimizeForHost(Module &m, TargetMachine &tm) {
  runPasses(m, &tm, [](PassBuilder &pb, ModulePassManager &mpm) {
    mpm.addPass(createModuleToFunctionPassAdaptor(ScalarizeNarrowVectors()));
    mpm.addPass(pb.buildPerModuleDefaultPipeline(OptimizationLevel::O3));
  });
}

void kdsl::prepareForFastISel(Module &m) {
  // Scalarize first: it turns vector intrinsics into scalar ones.
  runPasses(m, nullptr, [](PassBuilder &, ModulePassManager &mpm) {
    ScalarizerPassOptions options;
    options.ScalarizeLoadStore = true;
    mpm.addPass(createModuleToFunctionPassAdaptor(ScalarizerPass(options)));
  });
  for (Function &f : m) {
    if (f.isDeclaration())
      continue;
    callLibm(f);
    callAtomicHelpers(f);
    selectMinMax(f);
    splitAggregateLoads(f);
  }
}
