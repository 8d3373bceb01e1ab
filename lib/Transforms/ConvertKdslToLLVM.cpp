//===- ConvertKdslToLLVM.cpp - kdsl + upstream dialects -> LLVM dialect ---===//
//
// SSA values use the LLVM type converter's types (vectors stay LLVM vectors,
// matrices become arrays of vectors). Memory uses the C layout of
// KernelABI.h (vectors as packed arrays), so reads and writes convert
// between the two.
//
//===----------------------------------------------------------------------===//
#include "PrintToLLVM.h"
#include "kdsl/Dialect/IndexFacts.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/CLayout.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace kdsl {
#define GEN_PASS_DEF_CONVERTKDSLTOLLVM
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {

/// Conversions between the memory form and the SSA form of a value.
struct Layout {
  OpBuilder &b;
  Location loc;
  const TypeConverter &tc;

  Value idx(int64_t i) { return LLVM::ConstantOp::create(b, loc, b.getI64Type(), i); }

  Value toSSA(Value mem, Type t) {
    if (auto v = dyn_cast<VectorType>(t)) {
      Type ssa = tc.convertType(t);
      if (v.getRank() == 1) {
        Value r = LLVM::PoisonOp::create(b, loc, ssa);
        for (int64_t i = 0; i < v.getDimSize(0); ++i)
          r = LLVM::InsertElementOp::create(b, loc, r, LLVM::ExtractValueOp::create(b, loc, mem, i),
                                            idx(i));
        return r;
      }
      auto rowT = VectorType::get({v.getDimSize(1)}, v.getElementType());
      Value r = LLVM::PoisonOp::create(b, loc, ssa);
      for (int64_t i = 0; i < v.getDimSize(0); ++i)
        r = LLVM::InsertValueOp::create(
            b, loc, r, toSSA(LLVM::ExtractValueOp::create(b, loc, mem, i), rowT), i);
      return r;
    }
    if (auto s = dyn_cast<StructType>(t)) {
      Value r = LLVM::PoisonOp::create(b, loc, tc.convertType(t));
      for (auto [i, f] : llvm::enumerate(s.getFieldTypes()))
        r = LLVM::InsertValueOp::create(b, loc, r,
                                        toSSA(LLVM::ExtractValueOp::create(b, loc, mem, i), f), i);
      return r;
    }
    return mem;
  }

  Value toMem(Value ssa, Type t) {
    if (auto v = dyn_cast<VectorType>(t)) {
      Value r = LLVM::PoisonOp::create(b, loc, cLayoutType(t));
      if (v.getRank() == 1) {
        for (int64_t i = 0; i < v.getDimSize(0); ++i)
          r = LLVM::InsertValueOp::create(b, loc, r,
                                          LLVM::ExtractElementOp::create(b, loc, ssa, idx(i)), i);
        return r;
      }
      auto rowT = VectorType::get({v.getDimSize(1)}, v.getElementType());
      for (int64_t i = 0; i < v.getDimSize(0); ++i)
        r = LLVM::InsertValueOp::create(
            b, loc, r, toMem(LLVM::ExtractValueOp::create(b, loc, ssa, i), rowT), i);
      return r;
    }
    if (auto s = dyn_cast<StructType>(t)) {
      Value r = LLVM::PoisonOp::create(b, loc, cLayoutType(t));
      for (auto [i, f] : llvm::enumerate(s.getFieldTypes()))
        r = LLVM::InsertValueOp::create(b, loc, r,
                                        toMem(LLVM::ExtractValueOp::create(b, loc, ssa, i), f), i);
      return r;
    }
    return ssa;
  }

  /// Loads and stores go component by component (scalar loads at computed
  /// offsets): LLVM's vectorizers do not handle aggregate loads and stores.
  /// A wide row (kWideRow components or more: large vectors and the rows of
  /// large matrices) is one vector load or store at the element's alignment
  /// instead, so that a 64x64 matrix is 64 loads, not 4,096 (the same bytes:
  /// vectors of non-bool elements are packed in memory as C arrays).
  static constexpr int64_t kWideRow = 16;
  static bool isWideRow(VectorType v) {
    return v.getRank() == 1 && v.getDimSize(0) >= kWideRow && !v.getElementType().isInteger(1);
  }
  static unsigned elementAlign(VectorType v) {
    return (unsigned)cLayoutOf(v.getElementType())->align;
  }
  Value fieldPtr(Value ptr, Type mem, int64_t i) {
    return LLVM::GEPOp::create(b, loc, ptr.getType(), mem, ptr,
                               ArrayRef<LLVM::GEPArg>{0, (int32_t)i});
  }
  Value read(Value ptr, Type t) {
    Type mem = cLayoutType(t);
    if (auto v = dyn_cast<VectorType>(t)) {
      if (isWideRow(v))
        return LLVM::LoadOp::create(b, loc, tc.convertType(t), ptr, elementAlign(v));
      Value r = LLVM::PoisonOp::create(b, loc, tc.convertType(t));
      if (v.getRank() == 1) {
        for (int64_t i = 0; i < v.getDimSize(0); ++i)
          r = LLVM::InsertElementOp::create(
              b, loc, r, LLVM::LoadOp::create(b, loc, v.getElementType(), fieldPtr(ptr, mem, i)),
              idx(i));
        return r;
      }
      auto rowT = VectorType::get({v.getDimSize(1)}, v.getElementType());
      for (int64_t i = 0; i < v.getDimSize(0); ++i)
        r = LLVM::InsertValueOp::create(b, loc, r, read(fieldPtr(ptr, mem, i), rowT), i);
      return r;
    }
    if (auto st = dyn_cast<StructType>(t)) {
      Value r = LLVM::PoisonOp::create(b, loc, tc.convertType(t));
      for (auto [i, f] : llvm::enumerate(st.getFieldTypes()))
        r = LLVM::InsertValueOp::create(b, loc, r, read(fieldPtr(ptr, mem, i), f), i);
      return r;
    }
    return LLVM::LoadOp::create(b, loc, mem, ptr);
  }
  void write(Value ssa, Value ptr, Type t) {
    Type mem = cLayoutType(t);
    if (auto v = dyn_cast<VectorType>(t)) {
      if (isWideRow(v)) {
        LLVM::StoreOp::create(b, loc, ssa, ptr, elementAlign(v));
        return;
      }
      if (v.getRank() == 1) {
        for (int64_t i = 0; i < v.getDimSize(0); ++i)
          LLVM::StoreOp::create(b, loc, LLVM::ExtractElementOp::create(b, loc, ssa, idx(i)),
                                fieldPtr(ptr, mem, i));
        return;
      }
      auto rowT = VectorType::get({v.getDimSize(1)}, v.getElementType());
      for (int64_t i = 0; i < v.getDimSize(0); ++i)
        write(LLVM::ExtractValueOp::create(b, loc, ssa, i), fieldPtr(ptr, mem, i), rowT);
      return;
    }
    if (auto st = dyn_cast<StructType>(t)) {
      for (auto [i, f] : llvm::enumerate(st.getFieldTypes()))
        write(LLVM::ExtractValueOp::create(b, loc, ssa, i), fieldPtr(ptr, mem, i), f);
      return;
    }
    LLVM::StoreOp::create(b, loc, ssa, ptr);
  }

  /// `i` (an i32 known non-negative) as an i64. A `trunc nuw` of an i64 (a
  /// launch coordinate, kdsl-lower-launch) is its operand: LLVM's InstCombine
  /// turns `zext(trunc nuw x) * stride` into `(x << k) & mask`, dropping the
  /// nuw, and the mask kept the loop vectorizer off the grid loop.
  Value zextNonNegative(Value i) {
    Value wide;
    if (auto t = i.getDefiningOp<LLVM::TruncOp>(); t && t.hasNoUnsignedWrap())
      wide = t.getArg();
    else if (auto t = i.getDefiningOp<arith::TruncIOp>();
             t && bitEnumContainsAll(t.getOverflowFlags(), arith::IntegerOverflowFlags::nuw))
      wide = t.getIn();
    if (wide && wide.getType() == b.getI64Type())
      return wide;
    return LLVM::ZExtOp::create(b, loc, b.getI64Type(), i, b.getUnitAttr());
  }

  /// data + sum(index_d * stride_d), strides in bytes. A negative index
  /// counts from the end of its dimension (index_d + shape_d), as Warp's
  /// index() and view(); a constant non-negative one, or one
  /// kdsl-index-facts proved non-negative on `access`, is used as is.
  Value address(Value desc, ValueRange indices, Operation *access) {
    Value data = LLVM::ExtractValueOp::create(b, loc, desc, 0);
    Value offset;
    for (auto [d, i] : llvm::enumerate(indices)) {
      Value stride = LLVM::ExtractValueOp::create(b, loc, desc, ArrayRef<int64_t>{2, (int64_t)d});
      APInt known;
      bool proven = kdsl::knownNonNegativeIndex(access, d);
      bool nonNegative = proven || (matchPattern(i, m_ConstantInt(&known)) && !known.isNegative());
      // zext nneg: LLVM may treat the extended index as the i32's value.
      Value i64 =
          proven ? zextNonNegative(i) : (Value)LLVM::SExtOp::create(b, loc, b.getI64Type(), i);
      if (!nonNegative) {
        Value extent = LLVM::ExtractValueOp::create(b, loc, desc, ArrayRef<int64_t>{1, (int64_t)d});
        Value zero = LLVM::ConstantOp::create(b, loc, b.getI64Type(), (int64_t)0);
        Value negative = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, i64, zero);
        i64 =
            LLVM::SelectOp::create(b, loc, negative, LLVM::AddOp::create(b, loc, i64, extent), i64);
      }
      Value term = LLVM::MulOp::create(b, loc, i64, stride);
      offset = offset ? (Value)LLVM::AddOp::create(b, loc, offset, term) : term;
    }
    return LLVM::GEPOp::create(b, loc, data.getType(), b.getI8Type(), data, ValueRange{offset});
  }
};

template <typename Op> struct KdslPattern : public ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;
  Layout layout(ConversionPatternRewriter &r, Location loc) const {
    return Layout{r, loc, *this->getTypeConverter()};
  }
};

struct LoadLowering : KdslPattern<LoadOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(LoadOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Layout l = layout(r, op.getLoc());
    r.replaceOp(op, l.read(l.address(a.getArray(), a.getIndices(), op), op.getType()));
    return success();
  }
};

struct StoreLowering : KdslPattern<StoreOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(StoreOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Layout l = layout(r, op.getLoc());
    l.write(a.getValue(), l.address(a.getArray(), a.getIndices(), op), op.getValue().getType());
    r.eraseOp(op);
    return success();
  }
};

struct ReadLowering : KdslPattern<ReadOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ReadOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    r.replaceOp(op, layout(r, op.getLoc()).read(a.getAddr(), op.getType()));
    return success();
  }
};

/// v[j] with a run-time j: j + extent for a negative j (Warp 1.16's
/// wrapping); out of range is undefined here (kdsl-outline-cpu-kernels
/// lowers the checked form first when bounds checks are on).
struct ComponentIndexLowering : KdslPattern<ComponentIndexOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ComponentIndexOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Value idx = a.getIndex();
    Value zero = LLVM::ConstantOp::create(r, loc, idx.getType(), r.getI32IntegerAttr(0));
    Value extent = LLVM::ConstantOp::create(r, loc, idx.getType(),
                                            r.getI32IntegerAttr((int32_t)op.getExtent()));
    Value negative = LLVM::ICmpOp::create(r, loc, LLVM::ICmpPredicate::slt, idx, zero);
    Value wrapped =
        LLVM::SelectOp::create(r, loc, negative, LLVM::AddOp::create(r, loc, idx, extent), idx);
    Type indexType = getTypeConverter()->convertType(op.getType());
    if (indexType == wrapped.getType())
      r.replaceOp(op, wrapped);
    else
      r.replaceOpWithNewOp<LLVM::SExtOp>(op, indexType, wrapped);
    return success();
  }
};

struct ShapeLowering : KdslPattern<ShapeOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ShapeOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Value extent = LLVM::ExtractValueOp::create(r, op.getLoc(), a.getArray(),
                                                ArrayRef<int64_t>{1, (int64_t)op.getDim()});
    r.replaceOpWithNewOp<LLVM::TruncOp>(op, r.getI32Type(), extent);
    return success();
  }
};

struct HasDataLowering : KdslPattern<HasDataOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(HasDataOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Value data = LLVM::ExtractValueOp::create(r, loc, a.getArray(), 0);
    Value null = LLVM::ZeroOp::create(r, loc, data.getType());
    r.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::ne, data, null);
    return success();
  }
};

struct NullArrayLowering : KdslPattern<NullArrayOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(NullArrayOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    r.replaceOpWithNewOp<LLVM::ZeroOp>(op, getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

struct FieldViewLowering : KdslPattern<FieldViewOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(FieldViewOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    auto st = cast<StructType>(op.getArray().getType().getElementType());
    Value data = LLVM::ExtractValueOp::create(r, loc, a.getArray(), 0);
    // The field's address in element 0; shape and strides stay.
    Value field =
        LLVM::GEPOp::create(r, loc, data.getType(), cLayoutType(st), data,
                            ArrayRef<LLVM::GEPArg>{0, (int32_t)st.getFieldIndex(op.getField())});
    r.replaceOpWithNewOp<LLVM::InsertValueOp>(op, a.getArray(), field, 0);
    return success();
  }
};

/// wp.cast: the input written to a stack slot in its C layout, read back as
/// the result type (the same size; Sema checked it). The slot is allocated
/// once, at the function's entry.
struct BitcastLowering : KdslPattern<BitcastOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(BitcastOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Type from = op.getInput().getType(), to = op.getType();
    std::optional<CSizeAlign> in = cLayoutOf(from), out = cLayoutOf(to);
    auto fn = op->getParentOfType<FunctionOpInterface>();
    if (!fn || !in || !out || in->size != out->size)
      return r.notifyMatchFailure(op, "no C layout of the same size, or no enclosing function");
    Value slot;
    {
      OpBuilder::InsertionGuard guard(r);
      r.setInsertionPointToStart(&fn.getFunctionBody().front());
      Value one = LLVM::ConstantOp::create(r, loc, r.getI64Type(), 1);
      slot =
          LLVM::AllocaOp::create(r, loc, LLVM::LLVMPointerType::get(r.getContext()),
                                 cLayoutType(from), one, (unsigned)std::max(in->align, out->align));
    }
    Layout l = layout(r, loc);
    l.write(a.getInput(), slot, from);
    r.replaceOp(op, l.read(slot, to));
    return success();
  }
};

/// wp.zeros in kernel code: storage for the elements allocated once at the
/// function's entry (like wp.cast's slot), zeroed where the op runs, and a
/// descriptor with the static shape and dense row-major byte strides.
struct LocalArrayLowering : KdslPattern<LocalArrayOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(LocalArrayOp op, OpAdaptor,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Type elem = op.getType().getElementType();
    std::optional<CSizeAlign> el = cLayoutOf(elem);
    auto fn = op->getParentOfType<FunctionOpInterface>();
    if (!fn || !el)
      return r.notifyMatchFailure(op, "no C layout of the element, or no enclosing function");
    int64_t n = op.getNumElements();
    auto ptrT = LLVM::LLVMPointerType::get(r.getContext());
    Value storage;
    {
      OpBuilder::InsertionGuard guard(r);
      r.setInsertionPointToStart(&fn.getFunctionBody().front());
      Value count = LLVM::ConstantOp::create(r, loc, r.getI64Type(), std::max<int64_t>(n, 1));
      storage = LLVM::AllocaOp::create(r, loc, ptrT, cLayoutType(elem), count,
                                       (unsigned)std::max<uint64_t>(el->align, 8));
    }
    Value zero8 = LLVM::ConstantOp::create(r, loc, r.getI8Type(), 0);
    Value bytes = LLVM::ConstantOp::create(r, loc, r.getI64Type(), n * (int64_t)el->size);
    LLVM::MemsetOp::create(r, loc, storage, zero8, bytes, /*isVolatile=*/false);
    Value desc = LLVM::ZeroOp::create(r, loc, getTypeConverter()->convertType(op.getType()));
    desc = LLVM::InsertValueOp::create(r, loc, desc, storage, ArrayRef<int64_t>{0});
    ArrayRef<int64_t> shape = op.getShape();
    int64_t stride = (int64_t)el->size;
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; --d) {
      Value extent = LLVM::ConstantOp::create(r, loc, r.getI64Type(), shape[d]);
      Value st = LLVM::ConstantOp::create(r, loc, r.getI64Type(), stride);
      desc = LLVM::InsertValueOp::create(r, loc, desc, extent, ArrayRef<int64_t>{1, d});
      desc = LLVM::InsertValueOp::create(r, loc, desc, st, ArrayRef<int64_t>{2, d});
      stride *= shape[d];
    }
    r.replaceOp(op, desc);
    return success();
  }
};

/// arr.ptr: the data pointer as an integer.
struct ArrayPtrLowering : KdslPattern<ArrayPtrOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ArrayPtrOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Value data = LLVM::ExtractValueOp::create(r, op.getLoc(), a.getArray(), 0);
    r.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, r.getI64Type(), data);
    return success();
  }
};

/// wp.array(ptr=, shape=, dtype=): a descriptor of the address with the
/// extents and dense row-major byte strides of the element's C layout.
struct ArrayFromPtrLowering : KdslPattern<ArrayFromPtrOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ArrayFromPtrOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    std::optional<CSizeAlign> el = cLayoutOf(op.getType().getElementType());
    if (!el)
      return r.notifyMatchFailure(op, "no C layout of the element");
    auto ptrT = LLVM::LLVMPointerType::get(r.getContext());
    Value data = LLVM::IntToPtrOp::create(r, loc, ptrT, a.getPtr());
    Value desc = LLVM::ZeroOp::create(r, loc, getTypeConverter()->convertType(op.getType()));
    desc = LLVM::InsertValueOp::create(r, loc, desc, data, ArrayRef<int64_t>{0});
    Value stride = LLVM::ConstantOp::create(r, loc, r.getI64Type(), (int64_t)el->size);
    ValueRange extents = a.getExtents();
    for (int64_t d = (int64_t)extents.size() - 1; d >= 0; --d) {
      Value extent = LLVM::SExtOp::create(r, loc, r.getI64Type(), extents[d]);
      desc = LLVM::InsertValueOp::create(r, loc, desc, extent, ArrayRef<int64_t>{1, d});
      desc = LLVM::InsertValueOp::create(r, loc, desc, stride, ArrayRef<int64_t>{2, d});
      if (d > 0)
        stride = LLVM::MulOp::create(r, loc, stride, extent);
    }
    r.replaceOp(op, desc);
    return success();
  }
};

/// a[i] of a 2-d array: the data pointer moved to row i (a null array stays
/// null), the trailing shape and strides shifted to the front.
struct SubArrayLowering : KdslPattern<SubArrayOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(SubArrayOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Layout l = layout(r, loc);
    Value data = LLVM::ExtractValueOp::create(r, loc, a.getArray(), 0);
    Value null = LLVM::ZeroOp::create(r, loc, data.getType());
    Value isNull = LLVM::ICmpOp::create(r, loc, LLVM::ICmpPredicate::eq, data, null);
    Value moved = l.address(a.getArray(), a.getIndices(), op);
    Value viewData = LLVM::SelectOp::create(r, loc, isNull, null, moved);
    Value view = LLVM::InsertValueOp::create(r, loc, a.getArray(), viewData, ArrayRef<int64_t>{0});
    int64_t n = a.getIndices().size(), ndim = op.getArray().getType().getNdim();
    Value zero = LLVM::ConstantOp::create(r, loc, r.getI64Type(), (int64_t)0);
    for (int64_t field : {1, 2})
      for (int64_t d = 0; d < 4; ++d) {
        Value v = d + n < ndim ? (Value)LLVM::ExtractValueOp::create(
                                     r, loc, a.getArray(), ArrayRef<int64_t>{field, d + n})
                               : zero;
        view = LLVM::InsertValueOp::create(r, loc, view, v, ArrayRef<int64_t>{field, d});
      }
    r.replaceOp(op, view);
    return success();
  }
};

/// The components (or rows) of one vector or matrix element as an array:
/// the data pointer at the element, the packed C layout's shape and byte
/// strides, the unused dimensions 0.
struct ComponentViewLowering : KdslPattern<ComponentViewOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ComponentViewOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    auto elem = cast<VectorType>(op.getArray().getType().getElementType());
    std::optional<CSizeAlign> scalar = cLayoutOf(elem.getElementType());
    if (!scalar)
      return r.notifyMatchFailure(op, "no C layout of the element's scalars");
    Layout l = layout(r, loc);
    Value desc = LLVM::ZeroOp::create(r, loc, getTypeConverter()->convertType(op.getType()));
    desc = LLVM::InsertValueOp::create(r, loc, desc, l.address(a.getArray(), a.getIndices(), op),
                                       ArrayRef<int64_t>{0});
    ArrayType out = op.getType();
    // Row-major: the last dimension of the view has the scalar's stride, or
    // (a view of rows) the row's.
    int64_t stride = (int64_t)scalar->size;
    if (out.getNdim() < (unsigned)elem.getRank())
      stride *= elem.getDimSize(1);
    for (int64_t d = (int64_t)out.getNdim() - 1; d >= 0; --d) {
      desc = LLVM::InsertValueOp::create(r, loc, desc, l.idx(elem.getDimSize(d)),
                                         ArrayRef<int64_t>{1, d});
      desc = LLVM::InsertValueOp::create(r, loc, desc, l.idx(stride), ArrayRef<int64_t>{2, d});
      stride *= elem.getDimSize(d);
    }
    r.replaceOp(op, desc);
    return success();
  }
};

/// Warp's view with slices (kdsl.array_slice): per leading dimension a plain
/// index (negative from the end; the dimension dropped) or a slice resolved
/// as CPython's slice.indices(shape[d]) (the dimension kept with the slice's
/// length and stride * step); the data moved to the first selected element
/// (a null array stays null), the trailing dimensions kept.
struct ArraySliceLowering : KdslPattern<ArraySliceOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(ArraySliceOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Type i64 = r.getI64Type();
    auto c = [&](int64_t v) -> Value { return LLVM::ConstantOp::create(r, loc, i64, v); };
    auto ext = [&](Value v) -> Value { return LLVM::SExtOp::create(r, loc, i64, v); };
    auto cmp = [&](LLVM::ICmpPredicate p, Value x, Value y) -> Value {
      return LLVM::ICmpOp::create(r, loc, p, x, y);
    };
    auto sel = [&](Value cond, Value x, Value y) -> Value {
      return LLVM::SelectOp::create(r, loc, cond, x, y);
    };
    auto add = [&](Value x, Value y) -> Value { return LLVM::AddOp::create(r, loc, x, y); };
    auto sub = [&](Value x, Value y) -> Value { return LLVM::SubOp::create(r, loc, x, y); };
    auto mul = [&](Value x, Value y) -> Value { return LLVM::MulOp::create(r, loc, x, y); };
    auto smin = [&](Value x, Value y) { return sel(cmp(LLVM::ICmpPredicate::slt, x, y), x, y); };
    auto smax = [&](Value x, Value y) { return sel(cmp(LLVM::ICmpPredicate::sgt, x, y), x, y); };
    Value arr = a.getArray();
    Value data = LLVM::ExtractValueOp::create(r, loc, arr, 0);
    auto shape = [&](int64_t d) -> Value {
      return LLVM::ExtractValueOp::create(r, loc, arr, ArrayRef<int64_t>{1, d});
    };
    auto stride = [&](int64_t d) -> Value {
      return LLVM::ExtractValueOp::create(r, loc, arr, ArrayRef<int64_t>{2, d});
    };
    ArrayRef<bool> indexed = op.getIndexed();
    ValueRange bounds = a.getBounds();
    int64_t ndim = op.getArray().getType().getNdim(), n = indexed.size();
    Value zero = c(0), one = c(1), offset = c(0);
    SmallVector<Value> outShape, outStrides;
    unsigned k = 0;
    for (int64_t d = 0; d < n; ++d) {
      Value len = shape(d), st = stride(d);
      if (indexed[d]) {
        Value i = ext(bounds[k++]);
        i = sel(cmp(LLVM::ICmpPredicate::slt, i, zero), add(i, len), i);
        offset = add(offset, mul(i, st));
        continue;
      }
      Value start = bounds[k], stop = bounds[k + 1], step = ext(bounds[k + 2]);
      k += 3;
      Value openStart = cmp(LLVM::ICmpPredicate::eq, start,
                            LLVM::ConstantOp::create(r, loc, r.getI32Type(), INT32_MAX));
      Value openStop = cmp(LLVM::ICmpPredicate::eq, stop,
                           LLVM::ConstantOp::create(r, loc, r.getI32Type(), INT32_MIN));
      // CPython's clamp bounds: [0, len] for a positive step, [-1, len - 1] for a negative one.
      Value neg = cmp(LLVM::ICmpPredicate::slt, step, zero);
      Value lo = sel(neg, c(-1), zero), hi = sel(neg, sub(len, one), len);
      auto resolve = [&](Value v, Value open, Value dflt) {
        Value x = ext(v);
        Value wrapped = smax(add(x, len), lo), clamped = smin(x, hi);
        return sel(open, dflt, sel(cmp(LLVM::ICmpPredicate::slt, x, zero), wrapped, clamped));
      };
      Value s = resolve(start, openStart, sel(neg, hi, lo));
      Value e = resolve(stop, openStop, sel(neg, lo, hi));
      // The length: 1 + (stop - start - 1) / step when the range is not empty
      // (with step and the difference negated for a negative step); 0 for step 0.
      Value absStep = sel(neg, sub(zero, step), step);
      Value diff = sel(neg, sub(s, e), sub(e, s));
      Value safeStep = sel(cmp(LLVM::ICmpPredicate::eq, absStep, zero), one, absStep);
      Value count = add(one, LLVM::SDivOp::create(r, loc, sub(diff, one), safeStep));
      Value nonEmpty = LLVM::AndOp::create(r, loc, cmp(LLVM::ICmpPredicate::sgt, diff, zero),
                                           cmp(LLVM::ICmpPredicate::ne, step, zero));
      outShape.push_back(sel(nonEmpty, count, zero));
      outStrides.push_back(mul(st, step));
      offset = add(offset, mul(sel(nonEmpty, s, zero), st));
    }
    for (int64_t d = n; d < ndim; ++d) {
      outShape.push_back(shape(d));
      outStrides.push_back(stride(d));
    }
    Value null = LLVM::ZeroOp::create(r, loc, data.getType());
    Value isNull = cmp(LLVM::ICmpPredicate::eq, data, null);
    Value moved =
        LLVM::GEPOp::create(r, loc, data.getType(), r.getI8Type(), data, ValueRange{offset});
    Value view =
        LLVM::InsertValueOp::create(r, loc, arr, sel(isNull, null, moved), ArrayRef<int64_t>{0});
    for (int64_t d = 0; d < 4; ++d) {
      bool used = d < (int64_t)outShape.size();
      view = LLVM::InsertValueOp::create(r, loc, view, used ? outShape[d] : zero,
                                         ArrayRef<int64_t>{1, d});
      view = LLVM::InsertValueOp::create(r, loc, view, used ? outStrides[d] : zero,
                                         ArrayRef<int64_t>{2, d});
    }
    r.replaceOp(op, view);
    return success();
  }
};

/// wp.atomic_cas on one scalar: cmpxchg on the bit pattern (LLVM's cmpxchg
/// takes integers), returning the old value in the scalar's type.
static Value compareExchange(OpBuilder &r, Location loc, Value ptr, Value cmp, Value v) {
  Type t = v.getType();
  Type bits = r.getIntegerType(t.getIntOrFloatBitWidth());
  auto asBits = [&](Value x) {
    return t == bits ? x : (Value)LLVM::BitcastOp::create(r, loc, bits, x);
  };
  Value pair = LLVM::AtomicCmpXchgOp::create(r, loc, ptr, asBits(cmp), asBits(v),
                                             LLVM::AtomicOrdering::monotonic,
                                             LLVM::AtomicOrdering::monotonic);
  Value old = LLVM::ExtractValueOp::create(r, loc, pair, 0);
  return t == bits ? old : (Value)LLVM::BitcastOp::create(r, loc, t, old);
}

struct AtomicLowering : KdslPattern<AtomicOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(AtomicOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Location loc = op.getLoc();
    Layout l = layout(r, loc);
    Value addr = l.address(a.getArray(), a.getIndices(), op);
    Type t = op.getValue().getType();
    Type scalar = getElementTypeOrSelf(t);
    bool isFloat = isa<FloatType>(scalar);
    LLVM::AtomicBinOp kind;
    switch (op.getKind()) {
    case AtomicKind::add:
      kind = isFloat ? LLVM::AtomicBinOp::fadd : LLVM::AtomicBinOp::add;
      break;
    case AtomicKind::sub:
      kind = isFloat ? LLVM::AtomicBinOp::fsub : LLVM::AtomicBinOp::sub;
      break;
    case AtomicKind::min:
      kind = isFloat ? LLVM::AtomicBinOp::fmin : LLVM::AtomicBinOp::min;
      break;
    case AtomicKind::max:
      kind = isFloat ? LLVM::AtomicBinOp::fmax : LLVM::AtomicBinOp::max;
      break;
    case AtomicKind::umin:
      kind = LLVM::AtomicBinOp::umin;
      break;
    case AtomicKind::umax:
      kind = LLVM::AtomicBinOp::umax;
      break;
    case AtomicKind::exch:
      kind = LLVM::AtomicBinOp::xchg;
      break;
    case AtomicKind::bit_and:
      kind = LLVM::AtomicBinOp::_and;
      break;
    case AtomicKind::bit_or:
      kind = LLVM::AtomicBinOp::_or;
      break;
    case AtomicKind::bit_xor:
      kind = LLVM::AtomicBinOp::_xor;
      break;
    case AtomicKind::cas:
      kind = LLVM::AtomicBinOp::xchg;
      break; // unused: cmpxchg below
    }
    auto rmw = [&](Value ptr, Value v, Value cmp) -> Value {
      if (op.getKind() == AtomicKind::cas)
        return compareExchange(r, loc, ptr, cmp, v);
      return LLVM::AtomicRMWOp::create(r, loc, kind, ptr, v, LLVM::AtomicOrdering::monotonic);
    };
    auto vt = dyn_cast<VectorType>(t);
    if (!vt) {
      r.replaceOp(op, rmw(addr, a.getValue(), a.getCompare()));
      return success();
    }
    // Vectors, quaternions, matrices: one atomic per component.
    unsigned bytes = scalar.getIntOrFloatBitWidth() / 8;
    int64_t n = vt.getNumElements();
    SmallVector<Value> olds;
    auto component = [&](Value whole, int64_t k) -> Value {
      if (!whole)
        return whole;
      return vt.getRank() == 1
                 ? (Value)LLVM::ExtractElementOp::create(r, loc, whole, l.idx(k))
                 : (Value)LLVM::ExtractElementOp::create(
                       r, loc, LLVM::ExtractValueOp::create(r, loc, whole, k / vt.getDimSize(1)),
                       l.idx(k % vt.getDimSize(1)));
    };
    for (int64_t k = 0; k < n; ++k) {
      Value p = LLVM::GEPOp::create(r, loc, addr.getType(), r.getI8Type(), addr,
                                    ArrayRef<LLVM::GEPArg>{(int32_t)(k * bytes)});
      olds.push_back(rmw(p, component(a.getValue(), k), component(a.getCompare(), k)));
    }
    Value result = LLVM::PoisonOp::create(r, loc, getTypeConverter()->convertType(t));
    if (vt.getRank() == 1) {
      for (int64_t k = 0; k < n; ++k)
        result = LLVM::InsertElementOp::create(r, loc, result, olds[k], l.idx(k));
    } else {
      int64_t cols = vt.getDimSize(1);
      auto rowT = getTypeConverter()->convertType(VectorType::get({cols}, scalar));
      for (int64_t i = 0; i < vt.getDimSize(0); ++i) {
        Value row = LLVM::PoisonOp::create(r, loc, rowT);
        for (int64_t j = 0; j < cols; ++j)
          row = LLVM::InsertElementOp::create(r, loc, row, olds[i * cols + j], l.idx(j));
        result = LLVM::InsertValueOp::create(r, loc, result, row, i);
      }
    }
    r.replaceOp(op, result);
    return success();
  }
};

/// Bytes of one array element in memory (the C layout of KernelABI.h), the
/// stride the host gives a dense array (Runtime/ValueLayout.h measures
/// elements with the same cLayoutOf); nullopt (the pattern does not apply)
/// for an element without a C layout.
static std::optional<int64_t> elementBytes(ArrayType t) {
  if (std::optional<CSizeAlign> layout = cLayoutOf(t.getElementType()))
    return int64_t(layout->size);
  return std::nullopt;
}

struct IsDenseLowering : KdslPattern<IsDenseOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(IsDenseOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    auto t = op.getArray().getType();
    Location loc = op.getLoc();
    std::optional<int64_t> bytes = elementBytes(t);
    if (!bytes)
      return r.notifyMatchFailure(op, "array element type has no C layout");
    Value stride = LLVM::ExtractValueOp::create(r, loc, a.getArray(),
                                                ArrayRef<int64_t>{2, (int64_t)t.getNdim() - 1});
    Value size = LLVM::ConstantOp::create(r, loc, r.getI64Type(), *bytes);
    r.replaceOpWithNewOp<LLVM::ICmpOp>(op, LLVM::ICmpPredicate::eq, stride, size);
    return success();
  }
};

struct AssumeDenseLowering : KdslPattern<AssumeDenseOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(AssumeDenseOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    auto t = op.getArray().getType();
    std::optional<int64_t> bytes = elementBytes(t);
    if (!bytes)
      return r.notifyMatchFailure(op, "array element type has no C layout");
    Value size = LLVM::ConstantOp::create(r, op.getLoc(), r.getI64Type(), *bytes);
    r.replaceOpWithNewOp<LLVM::InsertValueOp>(op, a.getArray(), size,
                                              ArrayRef<int64_t>{2, (int64_t)t.getNdim() - 1});
    return success();
  }
};

struct StructCreateLowering : KdslPattern<StructCreateOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(StructCreateOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    Value s = LLVM::PoisonOp::create(r, op.getLoc(), getTypeConverter()->convertType(op.getType()));
    for (auto [i, v] : llvm::enumerate(a.getFields()))
      s = LLVM::InsertValueOp::create(r, op.getLoc(), s, v, i);
    r.replaceOp(op, s);
    return success();
  }
};

struct StructExtractLowering : KdslPattern<StructExtractOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(StructExtractOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    int idx = cast<StructType>(op.getInput().getType()).getFieldIndex(op.getField());
    r.replaceOpWithNewOp<LLVM::ExtractValueOp>(op, a.getInput(), idx);
    return success();
  }
};

struct StructInsertLowering : KdslPattern<StructInsertOp> {
  using KdslPattern::KdslPattern;
  LogicalResult matchAndRewrite(StructInsertOp op, OpAdaptor a,
                                ConversionPatternRewriter &r) const override {
    int idx = cast<StructType>(op.getInput().getType()).getFieldIndex(op.getField());
    r.replaceOpWithNewOp<LLVM::InsertValueOp>(op, a.getInput(), a.getValue(), idx);
    return success();
  }
};

struct ConvertKdslToLLVMPass : public kdsl::impl::ConvertKdslToLLVMBase<ConvertKdslToLLVMPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    converter.addConversion([](ArrayType t) { return cLayoutType(t); });
    // The GPU lanes' shared stages (LowerLanesGpu.cpp): NVPTX's address spaces.
    populateGpuMemorySpaceAttributeConversions(converter, [](gpu::AddressSpace space) -> unsigned {
      switch (space) {
      case gpu::AddressSpace::Global:
        return 1;
      case gpu::AddressSpace::Workgroup:
        return 3;
      case gpu::AddressSpace::Private:
        return 5;
      }
      llvm_unreachable("unknown gpu address space");
    });
    converter.addConversion([&converter](StructType s) -> std::optional<Type> {
      SmallVector<Type> fields;
      for (Type f : s.getFieldTypes()) {
        Type c = converter.convertType(f);
        if (!c)
          return std::nullopt;
        fields.push_back(c);
      }
      return LLVM::LLVMStructType::getLiteral(s.getContext(), fields);
    });

    RewritePatternSet patterns(ctx);
    patterns.add<LoadLowering, StoreLowering, ReadLowering, ComponentIndexLowering, ShapeLowering,
                 HasDataLowering, NullArrayLowering, AtomicLowering, FieldViewLowering,
                 SubArrayLowering, ArraySliceLowering, ComponentViewLowering, BitcastLowering,
                 LocalArrayLowering, ArrayPtrLowering, ArrayFromPtrLowering, IsDenseLowering,
                 AssumeDenseLowering, StructCreateLowering, StructExtractLowering,
                 StructInsertLowering>(converter);
    populatePrintToLLVMPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    // Autodiff tapes: memref.alloca(n) buffers in an alloca_scope per thread.
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addIllegalDialect<KdslDialect>();
    // A lowering, not an optimization: kdsl ops are lowered as they are,
    // not folded first (a fold here would hide ops the tests lower).
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
