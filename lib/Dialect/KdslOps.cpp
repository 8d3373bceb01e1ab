//===- KdslOps.cpp - kdsl op verifiers and custom formats -----------------===//
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;

#include "kdsl/KdslEnums.cpp.inc"

#define GET_OP_CLASSES
#include "kdsl/KdslOps.cpp.inc"

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

/// Types a kernel may take: i1/iN/fN scalars, fixed rank-1 or rank-2 vectors
/// of those, arrays and structs.
static bool isKernelValueType(Type t) {
  if (isa<ArrayType, StructType>(t))
    return true;
  if (auto v = dyn_cast<VectorType>(t)) {
    if (v.isScalable() || v.getRank() < 1 || v.getRank() > 2 || v.getElementType().isInteger(1))
      return false;
    t = v.getElementType();
  }
  if (auto i = dyn_cast<IntegerType>(t))
    return i.isSignless() && llvm::is_contained({1u, 8u, 16u, 32u, 64u}, i.getWidth());
  return t.isF16() || t.isF32() || t.isF64() || t.isBF16();
}

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name, FunctionType type,
                     ArrayRef<StringRef> argNames) {
  state.addAttribute(SymbolTable::getSymbolAttrName(), builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getArgNamesAttrName(state.name), builder.getStrArrayAttr(argNames));
  state.addRegion();
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  llvm::SMLoc opLoc = parser.getCurrentLocation();
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) { return builder.getFunctionType(argTypes, results); };
  if (function_interface_impl::parseFunctionOp(
          parser, result, /*allowVariadic=*/false, getFunctionTypeAttrName(result.name),
          buildFuncType, getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name)))
    return failure();
  // Check the inherent attributes (arg_names, enable_backward, options) as a
  // generated parser would, instead of silently dropping mistyped ones.
  return result.name.verifyInherentAttrs(result.attributes,
                                         [&]() { return parser.emitError(opLoc); });
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(p, *this, /*isVariadic=*/false,
                                           getFunctionTypeAttrName(), getArgAttrsAttrName(),
                                           getResAttrsAttrName());
}

void KernelOp::getAsmBlockArgumentNames(Region &region, OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  ArrayAttr names = getArgNamesAttr();
  for (auto [i, arg] : llvm::enumerate(region.front().getArguments()))
    if (names && i < names.size())
      if (auto name = dyn_cast<StringAttr>(names[i]))
        setNameFn(arg, name.getValue());
}

unsigned KernelOp::getLaunchDims() {
  if (auto lowered = (*this)->getAttrOfType<IntegerAttr>("kdsl.launch_dims"))
    return lowered.getInt();
  unsigned dims = 1;
  walk([&](TidOp tid) {
    dims = tid.getNumResults();
    return WalkResult::interrupt();
  });
  return dims;
}

LogicalResult KernelOp::verify() {
  FunctionType type = getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError("kernels cannot return values");
  if (getArgNames().size() != type.getNumInputs())
    return emitOpError("has ") << type.getNumInputs() << " arguments but " << getArgNames().size()
                               << " argument names";
  for (Type t : type.getInputs())
    if (!isKernelValueType(t))
      return emitOpError("argument type ")
             << t
             << " is not a Warp type (scalar, vector, matrix, quaternion, !kdsl.array or "
                "!kdsl.struct)";
  llvm::StringSet<> seen;
  for (Attribute name : getArgNames()) {
    StringRef str = cast<StringAttr>(name).getValue();
    if (str.empty())
      return emitOpError("argument names must not be empty");
    if (!seen.insert(str).second)
      return emitOpError("duplicate argument name '") << str << "'";
  }
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  FunctionType type = getFunctionType();
  Block &entry = getBody().front();
  if (entry.getNumArguments() != type.getNumInputs())
    return emitOpError("entry block has ")
           << entry.getNumArguments() << " arguments, function type has " << type.getNumInputs();
  for (auto [arg, t] : llvm::zip(entry.getArguments(), type.getInputs()))
    if (arg.getType() != t)
      return emitOpError("entry block argument type ")
             << arg.getType() << " does not match signature type " << t;
  std::optional<unsigned> dims;
  WalkResult r = walk([&](TidOp tid) {
    if (dims && *dims != tid.getNumResults()) {
      tid.emitOpError("reads ") << tid.getNumResults()
                                << " launch dimensions but an earlier kdsl.tid reads " << *dims;
      return WalkResult::interrupt();
    }
    dims = tid.getNumResults();
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// TidOp
//===----------------------------------------------------------------------===//

void TidOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults() == 1) {
    setNameFn(getResult(0), "tid");
    return;
  }
  static const char *names[] = {"i", "j", "k", "l"};
  for (auto [i, r] : llvm::enumerate(getResults()))
    setNameFn(r, names[i % 4]);
}

LogicalResult TidOp::verify() {
  if (getNumResults() < 1 || getNumResults() > 4)
    return emitOpError("launch grids have 1 to 4 dimensions, got ") << getNumResults();
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("must be inside a kdsl.kernel");
  return success();
}

/// The launch ops live at the top of a kernel body, where the outline passes
/// and the emitters map them to their entry point's parameters.
static LogicalResult verifyAtKernelTop(Operation *op) {
  if (!isa_and_nonnull<KernelOp>(op->getParentOp()))
    return op->emitOpError("must be at the top of a kdsl.kernel body");
  return success();
}

LogicalResult ThreadRangeOp::verify() { return verifyAtKernelTop(*this); }

void ThreadRangeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getBegin(), "begin");
  setNameFn(getEnd(), "end");
  setNameFn(getStep(), "step");
}

LogicalResult LaunchDimOp::verify() {
  // 4 and 5: a lane-dependent tile kernel's block dimension and lanes per
  // grid point (include/kdsl/Transforms/Lanes.h).
  if (getDim() < 0 || getDim() > 5)
    return emitOpError("launch grids have dimensions 0 to 3 (4, 5: the block), got ") << getDim();
  return verifyAtKernelTop(*this);
}

//===----------------------------------------------------------------------===//
// Array ops
//===----------------------------------------------------------------------===//

static LogicalResult verifyIndexCount(Operation *op, ArrayType type, size_t numIndices) {
  if (numIndices != type.getNdim())
    return op->emitOpError("expects ")
           << type.getNdim() << " indices for " << type << ", got " << numIndices;
  return success();
}

LogicalResult LocalArrayOp::verify() {
  ArrayType t = getResult().getType();
  if (getShape().size() != t.getNdim())
    return emitOpError("has ") << getShape().size() << " extents for " << t;
  for (int64_t d : getShape())
    if (d < 0)
      return emitOpError("extents must not be negative, got ") << d;
  return success();
}

LogicalResult ArrayFromPtrOp::verify() {
  ArrayType t = getResult().getType();
  if (getExtents().size() != t.getNdim())
    return emitOpError("has ") << getExtents().size() << " extents for " << t;
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyIndexCount(*this, getArray().getType(), getIndices().size());
}

LogicalResult StoreOp::verify() {
  return verifyIndexCount(*this, getArray().getType(), getIndices().size());
}

LogicalResult SubArrayOp::verify() {
  ArrayType in = getArray().getType(), out = getResult().getType();
  unsigned n = getIndices().size();
  if (n == 0 || n >= in.getNdim())
    return emitOpError("takes 1 to ") << in.getNdim() - 1 << " indices, got " << n;
  if (out.getElementType() != in.getElementType() || out.getNdim() != in.getNdim() - n)
    return emitOpError("result must be a ")
           << in.getNdim() - n << "-d array of " << in.getElementType();
  return success();
}

LogicalResult ComponentViewOp::verify() {
  ArrayType in = getArray().getType(), out = getResult().getType();
  if (getIndices().size() != in.getNdim())
    return emitOpError("takes ") << in.getNdim() << " indices, got " << getIndices().size();
  auto elem = dyn_cast<VectorType>(in.getElementType());
  if (!elem || elem.getElementType().isInteger(1) || !elem.getElementType().isIntOrFloat())
    return emitOpError("views a vector or matrix element of non-bool scalars, not ")
           << in.getElementType();
  Type scalar = elem.getElementType();
  if (out.getElementType() == scalar && out.getNdim() == elem.getRank())
    return success();
  if (elem.getRank() == 2 && out.getNdim() == 1 &&
      out.getElementType() == VectorType::get({elem.getDimSize(1)}, scalar))
    return success();
  return emitOpError("result must be a ")
         << elem.getRank() << "-d array of " << scalar
         << (elem.getRank() == 2 ? " or a 1-d array of its rows" : "");
}

LogicalResult ArraySliceOp::verify() {
  ArrayType in = getArray().getType(), out = getResult().getType();
  ArrayRef<bool> indexed = getIndexed();
  int64_t n = indexed.size(), dropped = llvm::count(indexed, true);
  if (n == 0 || n > in.getNdim())
    return emitOpError("takes 1 to ") << in.getNdim() << " leading dimensions, got " << n;
  if (dropped == n)
    return emitOpError("needs at least one slice (plain indices are kdsl.subarray or kdsl.load)");
  if ((int64_t)getBounds().size() != dropped + 3 * (n - dropped))
    return emitOpError("takes one operand per index and three per slice, got ")
           << getBounds().size();
  if (out.getElementType() != in.getElementType() || out.getNdim() != in.getNdim() - dropped)
    return emitOpError("result must be a ")
           << in.getNdim() - dropped << "-d array of " << in.getElementType();
  return success();
}

LogicalResult ComponentIndexOp::verify() {
  if (getExtent() < 1)
    return emitOpError("extent must be at least 1, got ") << getExtent();
  return success();
}

OpFoldResult ComponentIndexOp::fold(FoldAdaptor a) {
  auto index = dyn_cast_if_present<IntegerAttr>(a.getIndex());
  if (!index)
    return {};
  int64_t i = index.getValue().getSExtValue(), extent = getExtent();
  if (i < -extent || i >= extent)
    return {}; // reported at run time with bounds checks, else undefined
  return IntegerAttr::get(IndexType::get(getContext()), i < 0 ? i + extent : i);
}

LogicalResult ShapeOp::verify() {
  int64_t dim = getDim();
  if (dim < 0 || dim >= getArray().getType().getNdim())
    return emitOpError("dimension ") << dim << " out of range for " << getArray().getType();
  return success();
}

/// A value with a bit pattern: a scalar, a vector of rank 1 or 2, or a
/// struct of those.
static bool hasBitPattern(Type t) {
  if (auto s = dyn_cast<StructType>(t))
    return llvm::all_of(s.getFieldTypes(), hasBitPattern);
  if (auto v = dyn_cast<VectorType>(t))
    return v.getRank() <= 2 && (v.getElementType().isIntOrFloat());
  return t.isIntOrFloat();
}

LogicalResult BitcastOp::verify() {
  if (!hasBitPattern(getInput().getType()) || !hasBitPattern(getType()))
    return emitOpError("reinterprets scalars, vectors, matrices and structs of them, got ")
           << getInput().getType() << " to " << getType();
  return success();
}

LogicalResult PrintOp::verify() {
  for (Type t : getArgs().getTypes())
    if (!t.isF64() && !t.isInteger(32) && !t.isInteger(64))
      return emitOpError("arguments must be promoted to f64, i32 or i64, got ") << t;
  return success();
}

LogicalResult AtomicOp::verify() {
  if (failed(verifyIndexCount(*this, getArray().getType(), getIndices().size())))
    return failure();
  Type elem = getArray().getType().getElementType();
  Type scalar = elem;
  if (auto vec = dyn_cast<VectorType>(elem))
    scalar = vec.getElementType(); // vectors, quaternions and matrices: per component
  if (!scalar.isIntOrFloat() || scalar.isInteger(1) || isa<StructType>(elem))
    return emitOpError("atomics need numeric elements, got ") << elem;
  if (scalar.isInteger(8) || scalar.isInteger(16))
    return emitOpError("atomics do not support 8- or 16-bit integers");
  AtomicKind k = getKind();
  bool intOnly = k == AtomicKind::umin || k == AtomicKind::umax || k == AtomicKind::bit_and ||
                 k == AtomicKind::bit_or || k == AtomicKind::bit_xor;
  if (intOnly && !isa<IntegerType>(scalar))
    return emitOpError("'") << stringifyAtomicKind(k) << "' needs integer elements, got " << elem;
  if ((k == AtomicKind::cas) != (getCompare() != nullptr))
    return emitOpError("a compare operand goes with 'cas', and only with it");
  if (getCompare() && getCompare().getType() != elem)
    return emitOpError("compare must have the element type ") << elem;
  return success();
}

//===----------------------------------------------------------------------===//
// Struct ops
//===----------------------------------------------------------------------===//

// kdsl.struct_create(%a, %b) : !kdsl.struct<...>; operand types come from the fields.
ParseResult StructCreateOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  Type type;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type))
    return failure();
  auto st = dyn_cast<StructType>(type);
  if (!st)
    return parser.emitError(loc, "expected a !kdsl.struct type");
  if (operands.size() != st.getFieldTypes().size())
    return parser.emitError(loc, "expected ")
           << st.getFieldTypes().size() << " fields, got " << operands.size();
  result.addTypes(st);
  return parser.resolveOperands(operands, st.getFieldTypes(), loc, result.operands);
}

void StructCreateOp::print(OpAsmPrinter &p) {
  p << "(" << getFields() << ")";
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getType();
}

LogicalResult StructCreateOp::verify() {
  auto st = cast<StructType>(getType());
  if (getFields().size() != st.getFieldTypes().size())
    return emitOpError("expects ")
           << st.getFieldTypes().size() << " fields, got " << getFields().size();
  for (auto [i, v, t] : llvm::enumerate(getFields(), st.getFieldTypes()))
    if (v.getType() != t)
      return emitOpError("field '") << st.getFieldNames()[i].getValue() << "' has type " << t
                                    << " but operand has type " << v.getType();
  return success();
}

/// The type of field `name` of `st`, or an error at `loc`.
static FailureOr<Type> fieldType(std::optional<Location> loc, StructType st, StringRef name) {
  int idx = st.getFieldIndex(name);
  if (idx < 0)
    return emitOptionalError(loc, "struct \"", st.getName(), "\" has no field '", name, "'");
  return st.getFieldTypes()[idx];
}

LogicalResult StructExtractOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                                Adaptor adaptor, SmallVectorImpl<Type> &results) {
  auto st = dyn_cast<StructType>(adaptor.getInput().getType());
  if (!st)
    return emitOptionalError(loc, "expects a !kdsl.struct operand");
  FailureOr<Type> field = fieldType(loc, st, adaptor.getField());
  if (failed(field))
    return failure();
  results.push_back(*field);
  return success();
}

LogicalResult FieldViewOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                            Adaptor adaptor, SmallVectorImpl<Type> &results) {
  auto at = dyn_cast<ArrayType>(adaptor.getArray().getType());
  auto st = at ? dyn_cast<StructType>(at.getElementType()) : StructType();
  if (!st)
    return emitOptionalError(loc, "expects an array of structs");
  FailureOr<Type> field = fieldType(loc, st, adaptor.getField());
  if (failed(field))
    return failure();
  if (isa<ArrayType>(*field))
    return emitOptionalError(loc, "field '", adaptor.getField(), "' is an array");
  results.push_back(ArrayType::get(at.getContext(), *field, at.getNdim()));
  return success();
}

LogicalResult StructInsertOp::verify() {
  auto st = cast<StructType>(getInput().getType());
  int idx = st.getFieldIndex(getField());
  if (idx < 0)
    return emitOpError("struct \"") << st.getName() << "\" has no field '" << getField() << "'";
  if (st.getFieldTypes()[idx] != getValue().getType())
    return emitOpError("field '") << getField() << "' has type " << st.getFieldTypes()[idx]
                                  << " but the value has type " << getValue().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Struct folds and canonicalization
//===----------------------------------------------------------------------===//

OpFoldResult StructCreateOp::fold(FoldAdaptor) {
  auto st = cast<StructType>(getType());
  Value source;
  for (auto [i, v] : llvm::enumerate(getFields())) {
    auto extract = v.getDefiningOp<StructExtractOp>();
    if (!extract || extract.getInput().getType() != st ||
        extract.getField() != st.getFieldNames()[i].getValue() ||
        (source && extract.getInput() != source))
      return {};
    source = extract.getInput();
  }
  return source;
}

OpFoldResult StructExtractOp::fold(FoldAdaptor) {
  Value input = getInput();
  if (auto create = input.getDefiningOp<StructCreateOp>()) {
    int idx = cast<StructType>(create.getType()).getFieldIndex(getField());
    return idx < 0 ? Value() : create.getFields()[idx];
  }
  auto insert = input.getDefiningOp<StructInsertOp>();
  if (!insert)
    return {};
  if (insert.getField() == getField())
    return insert.getValue();
  // Another field: read it from the struct the insert started from.
  getInputMutable().assign(insert.getInput());
  return getResult();
}

OpFoldResult StructInsertOp::fold(FoldAdaptor) {
  if (auto extract = getValue().getDefiningOp<StructExtractOp>();
      extract && extract.getInput() == getInput() && extract.getField() == getField())
    return getInput();
  // insert(v, insert(w, s, f), f): w is overwritten, insert into s directly.
  if (auto inner = getInput().getDefiningOp<StructInsertOp>();
      inner && inner.getField() == getField()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  return {};
}

LogicalResult StructInsertOp::canonicalize(StructInsertOp op, PatternRewriter &rewriter) {
  auto create = op.getInput().getDefiningOp<StructCreateOp>();
  if (!create)
    return failure();
  int idx = cast<StructType>(create.getType()).getFieldIndex(op.getField());
  if (idx < 0)
    return failure();
  SmallVector<Value> fields(create.getFields());
  fields[idx] = op.getValue();
  rewriter.replaceOpWithNewOp<StructCreateOp>(op, create.getType(), fields);
  return success();
}

LogicalResult AssertOp::canonicalize(AssertOp op, PatternRewriter &rewriter) {
  if (!matchPattern(op.getCondition(), m_One()))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

OpFoldResult QuatInverseOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<QuatInverseOp>())
    return inner.getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Vector / matrix ops
//===----------------------------------------------------------------------===//

static LogicalResult verifySquare(Operation *op, VectorType m) {
  if (m.getRank() != 2 || m.getDimSize(0) != m.getDimSize(1) || m.getDimSize(0) < 2 ||
      m.getDimSize(0) > 4)
    return op->emitOpError("expects a square 2x2, 3x3 or 4x4 matrix, got ") << m;
  return success();
}

LogicalResult DeterminantOp::verify() { return verifySquare(*this, getInput().getType()); }
// wp.trace takes any square matrix (Warp's mat.h: a loop over the diagonal).
LogicalResult TraceOp::verify() {
  VectorType m = getInput().getType();
  if (m.getRank() != 2 || m.getDimSize(0) != m.getDimSize(1))
    return emitOpError("expects a square matrix, got ") << m;
  return success();
}
LogicalResult InverseOp::verify() { return verifySquare(*this, getInput().getType()); }

LogicalResult DiagOp::verify() {
  VectorType v = getInput().getType(), m = getResult().getType();
  int64_t n = v.getDimSize(0);
  if (m.getShape() != ArrayRef<int64_t>{n, n} || m.getElementType() != v.getElementType())
    return emitOpError("result must be ")
           << n << "x" << n << " of " << v.getElementType() << ", got " << m;
  return success();
}

LogicalResult MatMulOp::verify() {
  VectorType a = getLhs().getType(), b = getRhs().getType(), r = getResult().getType();
  if (a.getElementType() != b.getElementType() || a.getElementType() != r.getElementType())
    return emitOpError("operands and result must have the same element type");
  if (a.getRank() == 1 && b.getRank() == 1)
    return emitOpError("needs at least one matrix operand; use kdsl.dot for two vectors");
  // Contracted extents: columns of a (or its length), rows of b (or its length).
  int64_t ka = a.getShape().back(), kb = b.getDimSize(0);
  if (ka != kb)
    return emitOpError("contracted dimensions differ: ") << ka << " vs " << kb;
  SmallVector<int64_t> shape;
  if (a.getRank() == 2)
    shape.push_back(a.getDimSize(0));
  if (b.getRank() == 2)
    shape.push_back(b.getDimSize(1));
  if (r.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError("result shape must be ")
           << VectorType::get(shape, a.getElementType()) << ", got " << r;
  return success();
}

static LogicalResult verifySameElement(Operation *op, VectorType a, VectorType b) {
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("element types differ: ") << a << " vs " << b;
  return success();
}

LogicalResult QuatRotateOp::verify() {
  return verifySameElement(*this, getQuat().getType(), getVec().getType());
}
LogicalResult QuatRotateInvOp::verify() {
  return verifySameElement(*this, getQuat().getType(), getVec().getType());
}

LogicalResult QuatFromAxisAngleOp::verify() {
  if (getAngle().getType() != getAxis().getType().getElementType())
    return emitOpError("angle type ") << getAngle().getType() << " must be the axis element type";
  return verifySameElement(*this, getAxis().getType(), getResult().getType());
}

LogicalResult QuatToMatrixOp::verify() {
  VectorType m = getResult().getType();
  if (m.getShape() != ArrayRef<int64_t>{3, 3})
    return emitOpError("result must be a 3x3 matrix, got ") << m;
  return verifySameElement(*this, getInput().getType(), m);
}

//===----------------------------------------------------------------------===//
// ReadOp
//===----------------------------------------------------------------------===//

LogicalResult ReadOp::verify() {
  if (!isa<LLVM::LLVMPointerType>(getAddr().getType()))
    return emitOpError("address must be an !llvm.ptr, got ") << getAddr().getType();
  if (!isKernelValueType(getType()))
    return emitOpError("cannot read a value of type ") << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel helpers shared by the passes and the runtime
//===----------------------------------------------------------------------===//

std::optional<StringRef> kdsl::adjointOf(KernelOp k) {
  if (auto a = k->getAttrOfType<StringAttr>(kAdjointOfAttrName))
    return a.getValue();
  return std::nullopt;
}

std::string kdsl::entryPointName(KernelOp k, StringRef target) {
  if (auto primal = adjointOf(k))
    return (*primal + "_" + target + "_backward").str();
  return (k.getSymName() + "_" + target + "_forward").str();
}

/// The block argument of `body` an array value comes from (through struct
/// fields and array views), or null.
static BlockArgument rootArgument(Value v, Block &body) {
  while (v.getDefiningOp<StructExtractOp>() || v.getDefiningOp<SubArrayOp>() ||
         v.getDefiningOp<ArraySliceOp>())
    v = v.getDefiningOp()->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(v);
  return arg && arg.getOwner() == &body ? arg : BlockArgument();
}

/// Which arguments of the function-like `op` (a kernel or a func.func) it
/// writes, following calls (recursion is rejected by the front end).
static SmallVector<bool> writtenArgs(Operation *op, SymbolTableCollection &symbols,
                                     llvm::DenseMap<Operation *, SmallVector<bool>> &memo) {
  if (auto it = memo.find(op); it != memo.end())
    return it->second;
  Region &region = op->getRegion(0);
  SmallVector<bool> out(region.empty() ? 0 : region.front().getNumArguments(), false);
  if (region.empty())
    return out;
  Block &body = region.front();
  memo[op] = out; // guards against (rejected) recursion
  op->walk([&](Operation *inner) {
    Value array = llvm::TypeSwitch<Operation *, Value>(inner)
                      .Case<StoreOp, AtomicOp, TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp,
                            TileAtomicAddIndexedOp>([](auto w) { return w.getArray(); })
                      .Default([](Operation *) { return Value(); });
    if (array) {
      if (BlockArgument arg = rootArgument(array, body))
        out[arg.getArgNumber()] = true;
      return;
    }
    auto call = dyn_cast<func::CallOp>(inner);
    if (!call)
      return;
    Operation *callee = symbols.lookupNearestSymbolFrom(call, call.getCalleeAttr());
    if (!callee)
      return;
    SmallVector<bool> calleeWrites = writtenArgs(callee, symbols, memo);
    for (auto [i, operand] : llvm::enumerate(call.getOperands()))
      if (i < calleeWrites.size() && calleeWrites[i])
        if (BlockArgument arg = rootArgument(operand, body))
          out[arg.getArgNumber()] = true;
  });
  memo[op] = out;
  return out;
}

SmallVector<bool> kdsl::writtenArguments(KernelOp k) {
  SymbolTableCollection symbols;
  llvm::DenseMap<Operation *, SmallVector<bool>> memo;
  return writtenArgs(k, symbols, memo);
}
