//===- KdslTypes.cpp - array and struct types ----------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Support/Identifiers.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;

#define GET_TYPEDEF_CLASSES
#include "kdsl/KdslTypes.cpp.inc"

void KdslDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "kdsl/KdslTypes.cpp.inc"
      >();
}

/// Types a Warp value (array element, struct field) may have.
static bool isValueType(Type t) {
  if (t.isSignlessInteger() &&
      llvm::is_contained({1u, 8u, 16u, 32u, 64u}, t.getIntOrFloatBitWidth()))
    return true;
  if (t.isF16() || t.isF32() || t.isF64() || t.isBF16())
    return true;
  if (auto v = dyn_cast<VectorType>(t))
    return !v.isScalable() && (v.getRank() == 1 || v.getRank() == 2) &&
           !v.getElementType().isInteger(1) && isValueType(v.getElementType());
  return isa<StructType>(t);
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                unsigned ndim) {
  if (ndim < 1 || ndim > 4)
    return emitError() << "array rank must be 1 to 4, got " << (int)ndim;
  if (!isValueType(elementType))
    return emitError() << "invalid array element type " << elementType;
  return success();
}

int StructType::getFieldIndex(StringRef field) const {
  for (auto [i, name] : llvm::enumerate(getFieldNames()))
    if (name.getValue() == field)
      return i;
  return -1;
}

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                                 ArrayRef<StringAttr> fieldNames, ArrayRef<Type> fieldTypes) {
  // The names the front end accepts (Unicode too), so its IR reads back.
  auto isIdentifier = [](StringRef s) { return kdsl::isPythonIdentifier(s); };
  if (!isIdentifier(name))
    return emitError() << "struct name must be a Python identifier, got \"" << name << "\"";
  if (fieldNames.size() != fieldTypes.size())
    return emitError() << "struct has " << fieldNames.size() << " field names but "
                       << fieldTypes.size() << " field types";
  llvm::StringSet<> seen;
  for (auto [fname, ftype] : llvm::zip(fieldNames, fieldTypes)) {
    if (!isIdentifier(fname.getValue()))
      return emitError() << "struct field name must be a Python identifier, got \""
                         << fname.getValue() << "\"";
    if (!seen.insert(fname.getValue()).second)
      return emitError() << "duplicate struct field '" << fname.getValue() << "'";
    if (!isValueType(ftype) && !isa<ArrayType>(ftype))
      return emitError() << "invalid type " << ftype << " for struct field '" << fname.getValue()
                         << "'";
  }
  return success();
}

// !kdsl.struct<"Name", {a: f32, b: vector<3xf32>}>
Type StructType::parse(AsmParser &parser) {
  std::string name;
  SmallVector<StringAttr> names;
  SmallVector<Type> types;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma())
    return {};
  auto parseField = [&]() -> ParseResult {
    std::string field;
    Type type;
    if (parser.parseKeywordOrString(&field) || parser.parseColon() || parser.parseType(type))
      return failure();
    names.push_back(StringAttr::get(parser.getContext(), field));
    types.push_back(type);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parseField) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                    name, names, types);
}

void StructType::print(AsmPrinter &printer) const {
  printer << "<\"" << getName() << "\", {";
  llvm::interleaveComma(llvm::zip(getFieldNames(), getFieldTypes()), printer, [&](auto it) {
    printer.printKeywordOrString(std::get<0>(it).getValue());
    printer << ": " << std::get<1>(it);
  });
  printer << "}>";
}

int64_t TileType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

TileType TileType::withElementType(Type t) const {
  return TileType::get(getContext(), getShape(), t);
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  if (shape.empty() || shape.size() > 4)
    return emitError() << "tile rank must be 1 to 4, got " << shape.size();
  for (int64_t d : shape)
    if (d <= 0 && !ShapedType::isDynamic(d))
      return emitError() << "tile extents must be positive or ? (the block dimension), got " << d;
  if (!isValueType(elementType))
    return emitError() << "invalid tile element type " << elementType;
  return success();
}

// !kdsl.tile<8x16xf32>
Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true, /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                    shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape()) {
    if (ShapedType::isDynamic(d))
      printer << "?x";
    else
      printer << d << "x";
  }
  printer << getElementType() << ">";
}
