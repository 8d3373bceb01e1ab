//===- PrintToLLVM.cpp - kdsl.print to printf / vprintf --------------------===//
//
// wp.printf / print: the format becomes a private constant string of the
// enclosing LLVM module (the gpu.module for kernels outlined to a GPU). On the
// host the call is C's variadic printf; on a GPU it is CUDA's
// vprintf(format, buffer), the buffer holding the (already promoted)
// arguments at their natural alignment, as CUDA's printf packs them.
//
//===----------------------------------------------------------------------===//
#include "PrintToLLVM.h"

#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace kdsl;

namespace {
/// The address of a NUL-terminated constant copy of `text` in `module`
/// (one global per distinct text).
Value constantString(OpBuilder &b, Location loc, Operation *module, StringRef text) {
  std::string name = "kdsl_fmt_" + llvm::utohexstr(llvm::xxh3_64bits(text));
  auto global = dyn_cast_or_null<LLVM::GlobalOp>(SymbolTable::lookupSymbolIn(module, name));
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&module->getRegion(0).front());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size() + 1);
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
                                    name, b.getStringAttr(text.str() + '\0'));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

struct PrintLowering : ConvertOpToLLVMPattern<PrintOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(PrintOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Operation *module = LLVM::parentLLVMModule(op);
    if (!module)
      return r.notifyMatchFailure(op, "no enclosing LLVM module");
    Value format = constantString(r, loc, module, op.getFormat());
    auto ptr = LLVM::LLVMPointerType::get(r.getContext());
    bool device = op->getParentOfType<gpu::GPUModuleOp>() != nullptr;
    FailureOr<LLVM::LLVMFuncOp> fn =
        device
            ? LLVM::lookupOrCreateFn(r, module, "vprintf", {ptr, ptr}, r.getI32Type())
            : LLVM::lookupOrCreateFn(r, module, "printf", {ptr}, r.getI32Type(), /*isVarArg=*/true);
    if (failed(fn))
      return r.notifyMatchFailure(op, "printf / vprintf has another signature");
    SmallVector<Value> operands{format};
    if (!device) {
      llvm::append_range(operands, a.getArgs());
    } else if (a.getArgs().empty()) {
      operands.push_back(LLVM::ZeroOp::create(r, loc, ptr));
    } else {
      // The argument buffer: a struct of the arguments on the stack.
      SmallVector<Type> fields(a.getArgs().getTypes());
      auto structType = LLVM::LLVMStructType::getLiteral(r.getContext(), fields);
      Value one = LLVM::ConstantOp::create(r, loc, r.getI64Type(), 1);
      Value buffer = LLVM::AllocaOp::create(r, loc, ptr, structType, one, /*alignment=*/8);
      for (auto [i, v] : llvm::enumerate(a.getArgs())) {
        Value field = LLVM::GEPOp::create(r, loc, ptr, structType, buffer,
                                          ArrayRef<LLVM::GEPArg>{0, (int32_t)i});
        LLVM::StoreOp::create(r, loc, v, field);
      }
      operands.push_back(buffer);
    }
    LLVM::CallOp::create(r, loc, *fn, operands);
    r.eraseOp(op);
    return success();
  }
};
} // namespace

void kdsl::populatePrintToLLVMPatterns(LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PrintLowering>(converter);
}
