//===- EntryPoints.cpp - the ABI entry points' attributes ------------------===//
//
// The kdsl.entry_point dictionary and the verifier of the attributes
// kdsl-build-entry-points writes (kdsl/Dialect/EntryPoints.h).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/EntryPoints.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace kdsl;

static ArrayAttr strings(Builder &b, llvm::ArrayRef<std::string> s) {
  SmallVector<Attribute> a;
  for (const std::string &x : s)
    a.push_back(b.getStringAttr(x));
  return b.getArrayAttr(a);
}

DictionaryAttr EntryPoint::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> fields{b.getNamedAttr("target", b.getStringAttr(target)),
                                     b.getNamedAttr("comment", b.getStringAttr(comment)),
                                     b.getNamedAttr("specifiers", strings(b, specifiers)),
                                     b.getNamedAttr("symbol", b.getStringAttr(symbol)),
                                     b.getNamedAttr("unused", strings(b, unused))};
  SmallVector<Attribute> ps;
  for (auto &[type, name] : params)
    ps.push_back(b.getArrayAttr({b.getStringAttr(type), b.getStringAttr(name)}));
  fields.push_back(b.getNamedAttr("params", b.getArrayAttr(ps)));
  if (!argsFrom.empty())
    fields.push_back(b.getNamedAttr("args_from", b.getStringAttr(argsFrom)));
  if (asmLabel)
    fields.push_back(b.getNamedAttr("asm_label", b.getUnitAttr()));
  return b.getDictionaryAttr(fields);
}

FailureOr<EntryPoint> EntryPoint::fromAttr(Operation *op, Attribute attr) {
  auto fail = [&](const Twine &what) -> FailureOr<EntryPoint> {
    return op->emitOpError() << "'" << kEntryPointAttrName << "' " << what;
  };
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return fail("must be a dictionary");
  EntryPoint e;
  auto string = [&](StringRef key, std::string &out, bool optional) {
    auto s = dict.getAs<StringAttr>(key);
    if (s)
      out = s.getValue().str();
    return s || (optional && !dict.get(key));
  };
  auto stringList = [&](StringRef key, SmallVectorImpl<std::string> &out) {
    auto a = dict.getAs<ArrayAttr>(key);
    if (!a)
      return false;
    for (Attribute x : a) {
      auto s = dyn_cast<StringAttr>(x);
      if (!s)
        return false;
      out.push_back(s.getValue().str());
    }
    return true;
  };
  if (!string("target", e.target, false) || !string("comment", e.comment, false) ||
      !string("symbol", e.symbol, false))
    return fail("needs the strings 'target', 'comment' and 'symbol'");
  if (e.target != "cpp" && e.target != "cuda")
    return fail("has target '" + e.target + "'; expected 'cpp' or 'cuda'");
  if (e.symbol.empty())
    return fail("has an empty symbol");
  if (!stringList("specifiers", e.specifiers))
    return fail("needs 'specifiers', a list of strings");
  auto params = dict.getAs<ArrayAttr>("params");
  if (!params)
    return fail("needs 'params', a list of [C type, name] pairs");
  for (Attribute p : params) {
    auto pair = dyn_cast<ArrayAttr>(p);
    if (!pair || pair.size() != 2 || !isa<StringAttr>(pair[0]) || !isa<StringAttr>(pair[1]) ||
        cast<StringAttr>(pair[1]).getValue().empty())
      return fail("needs 'params', a list of [C type, name] pairs");
    e.params.push_back(
        {cast<StringAttr>(pair[0]).getValue().str(), cast<StringAttr>(pair[1]).getValue().str()});
  }
  auto isParam = [&](StringRef n) {
    return llvm::any_of(e.params, [&](auto &p) { return p.second == n; });
  };
  if (!string("args_from", e.argsFrom, true))
    return fail("has an 'args_from' that is not a string");
  if (!e.argsFrom.empty() && !isParam(e.argsFrom))
    return fail("reads the arguments from '" + e.argsFrom + "', which is no parameter");
  if (!stringList("unused", e.unused))
    return fail("needs 'unused', a list of strings");
  for (const std::string &u : e.unused)
    if (!isParam(u))
      return fail("lists '" + u + "' as unused, which is no parameter");
  if (Attribute a = dict.get("asm_label"); a && !isa<UnitAttr>(a))
    return fail("has an 'asm_label' that is not a unit attribute");
  e.asmLabel = dict.contains("asm_label");
  return e;
}

LogicalResult kdsl::verifyEntryPointAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto expect = [&](bool ok, StringRef what) -> LogicalResult {
    if (ok)
      return success();
    return op->emitOpError() << "'" << name << "' " << what;
  };
  if (name == kEntryPointAttrName) {
    if (!isa<KernelOp>(op))
      return expect(false, "is only valid on a kdsl.kernel");
    return EntryPoint::fromAttr(op, attr.getValue());
  }
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
