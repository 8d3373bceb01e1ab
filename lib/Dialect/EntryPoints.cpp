//===- EntryPoints.cpp - the ABI entry points' attributes ------------------===//
//
// The two ABIs, the #kdsl.entry_point attribute (its syntax and verifier) and
// the verifier of the attributes kdsl-build-entry-points writes
// (kdsl/Dialect/EntryPoints.h).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/EntryPoints.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;

namespace {
// The C++ ABI: a range of flat thread indices, the arguments behind void *s
// (the JIT's and CppBackend's calling convention).
constexpr StringLiteral cppSpecifiers[] = {"extern \"C\"", "void"};
constexpr EntryParam cppParams[] = {
    {"const int64_t *", "dims"}, {"int64_t", "begin"}, {"int64_t", "end"}, {"void **", "args"}};
// The CUDA C ABI: the arguments by value after the launch bounds; a
// grid-stride loop covers the launch.
constexpr StringLiteral cudaSpecifiers[] = {"extern \"C\"", "__global__", "void"};
constexpr EntryParam cudaParams[] = {{"kdsl_launch", "launch"}};

const EntryAbi cppAbi{"thread indices [begin, end) of the launch grid",
                      cppSpecifiers,
                      cppParams,
                      "args",
                      /*asmLabel=*/true,
                      "begin",
                      "end",
                      "",
                      "dims"};
const EntryAbi cudaAbi{"a grid-stride loop over launch.total threads",
                       cudaSpecifiers,
                       cudaParams,
                       "",
                       /*asmLabel=*/false,
                       "(int64_t)blockIdx.x * blockDim.x + threadIdx.x",
                       "launch.total",
                       "(int64_t)blockDim.x * gridDim.x",
                       "launch.dims"};
} // namespace

std::optional<unsigned> EntryAbi::paramIndex(StringRef name) const {
  for (auto [i, p] : llvm::enumerate(params))
    if (p.name == name)
      return i;
  return std::nullopt;
}

const EntryAbi &kdsl::entryAbi(EntryTarget target) {
  return target == EntryTarget::cuda ? cudaAbi : cppAbi;
}

//===----------------------------------------------------------------------===//
// #kdsl.entry_point<cpp "k_cpu_forward", launch_bounds = [128], unused = [args]>
//===----------------------------------------------------------------------===//

LogicalResult EntryPointAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                     EntryTarget target, StringRef symbol,
                                     ArrayRef<int64_t> launchBounds, ArrayRef<unsigned> unused) {
  if (symbol.empty())
    return emitError() << "an entry point needs a symbol";
  if (!launchBounds.empty() && (target != EntryTarget::cuda || launchBounds.size() > 2 ||
                                llvm::any_of(launchBounds, [](int64_t b) { return b <= 0; })))
    return emitError() << "launch bounds are 1 or 2 positive numbers, on a CUDA C entry point";
  unsigned numParams = entryAbi(target).params.size();
  for (auto [i, u] : llvm::enumerate(unused))
    if (u >= numParams || llvm::is_contained(unused.take_front(i), u))
      return emitError() << "an unused parameter is listed twice or is no parameter";
  return success();
}

Attribute EntryPointAttr::parse(AsmParser &parser, Type) {
  StringRef targetName;
  std::string symbol;
  SMLoc targetLoc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&targetName) || parser.parseString(&symbol))
    return {};
  std::optional<EntryTarget> target = symbolizeEntryTarget(targetName);
  if (!target) {
    parser.emitError(targetLoc, "expected the target 'cpp' or 'cuda', got '") << targetName << "'";
    return {};
  }
  SmallVector<int64_t> launchBounds;
  SmallVector<unsigned> unused;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    ParseResult listed = failure();
    if (key == "launch_bounds") {
      listed = parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(launchBounds.emplace_back());
      });
    } else if (key == "unused") {
      listed = parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        StringRef name;
        SMLoc nameLoc = parser.getCurrentLocation();
        if (parser.parseKeyword(&name))
          return failure();
        std::optional<unsigned> index = entryAbi(*target).paramIndex(name);
        if (!index)
          return parser.emitError(nameLoc, "'")
                 << name << "' is no parameter of the " << targetName << " entry points";
        unused.push_back(*index);
        return success();
      });
    } else {
      return parser.emitError(keyLoc, "expected 'launch_bounds' or 'unused', got '") << key << "'",
             Attribute();
    }
    if (failed(listed))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(targetLoc); }, parser.getContext(), *target,
                    symbol, launchBounds, unused);
}

void EntryPointAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyEntryTarget(getTarget()) << " ";
  printer.printString(getSymbol());
  if (!getLaunchBounds().empty()) {
    printer << ", launch_bounds = [";
    llvm::interleaveComma(getLaunchBounds(), printer);
    printer << "]";
  }
  if (!getUnused().empty()) {
    printer << ", unused = [";
    llvm::interleaveComma(getUnused(), printer,
                          [&](unsigned u) { printer << entryAbi(getTarget()).params[u].name; });
    printer << "]";
  }
  printer << ">";
}

#define GET_ATTRDEF_CLASSES
#include "kdsl/KdslAttrs.cpp.inc"

void KdslDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "kdsl/KdslAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// The attributes kdsl-build-entry-points writes
//===----------------------------------------------------------------------===//

LogicalResult kdsl::verifyEntryPointAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto expect = [&](bool ok, StringRef what) -> LogicalResult {
    if (ok)
      return success();
    return op->emitOpError() << "'" << name << "' " << what;
  };
  if (name == kEntryPointAttrName)
    return expect(isa<EntryPointAttr>(attr.getValue()) && isa<KernelOp>(op),
                  "is a #kdsl.entry_point on a kdsl.kernel");
  if (name == kGridLoopAttrName) {
    auto loop = dyn_cast<scf::ForOp>(op);
    return expect(isa<UnitAttr>(attr.getValue()) && loop && isa<KernelOp>(op->getParentOp()) &&
                      loop.getNumResults() == 0,
                  "is a unit attribute on an scf.for in a kdsl.kernel's body, carrying no values");
  }
  if (name == kThreadSplitAttrName)
    return expect(isa<UnitAttr>(attr.getValue()) && isa<arith::RemSIOp, arith::DivSIOp>(op),
                  "is a unit attribute on an arith.remsi or arith.divsi");
  if (name == kThreadCoordAttrName) {
    auto s = dyn_cast<StringAttr>(attr.getValue());
    return expect(s && !s.getValue().empty() && isa<arith::TruncIOp>(op),
                  "is a name (a non-empty string) on an arith.trunci");
  }
  return success();
}
