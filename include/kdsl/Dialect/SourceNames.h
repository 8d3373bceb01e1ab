//===- SourceNames.h - source names and statements in locations -*- C++ -*-===//
//
// What the readable C++/CUDA C emission (lib/Target/Cpp/EmitCpp.cpp) reads
// from the IR's locations; the front end and the autodiff pass write it:
//
//  - NameLoc("pos", loc): the op (or block argument) defines the value of the
//    source variable `pos` (an assignment, a loop variable, a loop-carried
//    value); "adj_pos" for the adjoint of such a value in a backward kernel.
//    The emitter names the C++ local after it (uniqued: pos, pos_1, ...).
//  - FusedLoc<{kdsl.result_names = ["adj_hit", ...]}>[loc]: the names of the
//    results of a multi-result op (a reversed `if`), "" for none.
//  - FusedLoc<"kdsl.adjoint">[loc]: an op of the reverse sweep of a backward
//    kernel (its statement comment reads `// adj: ...`).
//  - The module's location FusedLoc<[first, last, "text", ...]>[file:1:1]:
//    the source statements of the kernels and funcs, one triple per statement
//    (compound statements: their header), for the `// text   (file:line)`
//    comments.
//
// Locations are not printed without --mlir-print-debuginfo, and
// canonicalization and CSE keep (or fuse) them, so none of this changes the
// IR's meaning or its printed form.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_SOURCENAMES_H
#define KDSL_DIALECT_SOURCENAMES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace kdsl {

inline constexpr const char kAdjointLocTag[] = "kdsl.adjoint";

/// The first NameLoc name in `loc` (depth first), or "".
inline llvm::StringRef sourceNameOf(mlir::Location loc) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return n.getName().getValue();
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location l : f.getLocations())
      if (llvm::StringRef n = sourceNameOf(l); !n.empty())
        return n;
  if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return sourceNameOf(c.getCallee());
  return {};
}

inline constexpr const char kResultNamesKey[] = "kdsl.result_names";

/// The per-result source names of a multi-result op (setResultNames), or
/// null: the first FusedLoc in `loc` (depth first) whose metadata is a
/// dictionary with kResultNamesKey, an array of one string per result ("" for
/// a result without a name). Names live in the metadata, not in NameLocs, as
/// FusedLoc::get deduplicates equal locations and drops unknown ones.
inline mlir::ArrayAttr resultNamesOf(mlir::Location loc) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return resultNamesOf(n.getChildLoc());
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    if (auto d = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(f.getMetadata()))
      if (auto a = d.getAs<mlir::ArrayAttr>(kResultNamesKey))
        return a;
    for (mlir::Location l : f.getLocations())
      if (mlir::ArrayAttr a = resultNamesOf(l))
        return a;
  }
  return {};
}

/// `loc` without the result names setResultNames gave (their child
/// locations stay).
inline mlir::Location withoutResultNames(mlir::Location loc) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return mlir::NameLoc::get(n.getName(), withoutResultNames(n.getChildLoc()));
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    llvm::SmallVector<mlir::Location> inner;
    for (mlir::Location l : f.getLocations())
      inner.push_back(withoutResultNames(l));
    auto d = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(f.getMetadata());
    if (d && d.get(kResultNamesKey))
      return mlir::FusedLoc::get(loc.getContext(), inner);
    return mlir::FusedLoc::get(loc.getContext(), inner, f.getMetadata());
  }
  return loc;
}

/// Names the results of the multi-result op `op` (the reversed `if` of a
/// backward, whose results are adjoints: adj_hit, adj_t_near), replacing the
/// names it had; "" leaves a result unnamed. Canonicalization that folds
/// the op into selects hands each name to its select (KeepNames.cpp).
inline void setResultNames(mlir::Operation *op, llvm::ArrayRef<std::string> names) {
  mlir::MLIRContext *ctx = op->getContext();
  llvm::SmallVector<mlir::Attribute> attrs;
  for (const std::string &n : names)
    attrs.push_back(mlir::StringAttr::get(ctx, n));
  mlir::NamedAttribute entry(mlir::StringAttr::get(ctx, kResultNamesKey),
                             mlir::ArrayAttr::get(ctx, attrs));
  op->setLoc(mlir::FusedLoc::get(ctx, {withoutResultNames(op->getLoc())},
                                 mlir::DictionaryAttr::get(ctx, {entry})));
}

/// The source name of a value: its block argument's or single-result defining
/// op's NameLoc, or "".
inline llvm::StringRef sourceNameOf(mlir::Value v) {
  if (auto a = llvm::dyn_cast<mlir::BlockArgument>(v))
    return sourceNameOf(a.getLoc());
  mlir::Operation *op = v.getDefiningOp();
  if (!op)
    return {};
  if (op->getNumResults() == 1)
    return sourceNameOf(op->getLoc());
  // Several results (`i, j = wp.tid()`, a tuple from a call): a FusedLoc of
  // one NameLoc per result.
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(op->getLoc());
      f && f.getLocations().size() == op->getNumResults())
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(
            f.getLocations()[llvm::cast<mlir::OpResult>(v).getResultNumber()]))
      return n.getName().getValue();
  if (mlir::ArrayAttr names = resultNamesOf(op->getLoc());
      names && names.size() == op->getNumResults())
    if (auto n = llvm::dyn_cast<mlir::StringAttr>(
            names[llvm::cast<mlir::OpResult>(v).getResultNumber()]))
      return n.getValue();
  return {};
}

/// The first file position in `loc` (depth first).
inline mlir::FileLineColLoc sourcePositionOf(mlir::Location loc) {
  if (auto p = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    return p;
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return sourcePositionOf(n.getChildLoc());
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location l : f.getLocations())
      if (auto p = sourcePositionOf(l))
        return p;
  if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return sourcePositionOf(c.getCallee());
  return {};
}

/// Every file position in `loc`, depth first (of a CallSiteLoc: its callee's,
/// as sourcePositionOf). An op that canonicalization or CSE made of several
/// ops has a FusedLoc of all their positions.
inline void sourcePositionsOf(mlir::Location loc,
                              llvm::SmallVectorImpl<mlir::FileLineColLoc> &out) {
  if (auto p = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
    out.push_back(p);
  else if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    sourcePositionsOf(n.getChildLoc(), out);
  else if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location l : f.getLocations())
      sourcePositionsOf(l, out);
  else if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    sourcePositionsOf(c.getCallee(), out);
}

/// Whether `loc` is tagged as the reverse sweep of a backward kernel.
inline bool isAdjointLoc(mlir::Location loc) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return isAdjointLoc(n.getChildLoc());
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    if (auto s = llvm::dyn_cast_or_null<mlir::StringAttr>(f.getMetadata()))
      if (s.getValue() == kAdjointLocTag)
        return true;
    return llvm::any_of(f.getLocations(), [](mlir::Location l) { return isAdjointLoc(l); });
  }
  return false;
}

/// `loc` without its NameLocs (their child locations stay).
inline mlir::Location withoutSourceNames(mlir::Location loc) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return withoutSourceNames(n.getChildLoc());
  if (auto f = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    llvm::SmallVector<mlir::Location> inner;
    for (mlir::Location l : f.getLocations())
      inner.push_back(withoutSourceNames(l));
    return mlir::FusedLoc::get(loc.getContext(), inner, f.getMetadata());
  }
  // An op inlined from a func: the name is its callee's (sourceNameOf reads
  // it there).
  if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return mlir::CallSiteLoc::get(withoutSourceNames(c.getCallee()), c.getCaller());
  return loc;
}

/// Whether `op`'s adjoint name (adj_...) is one it took over with the
/// location it was built at: that of an operand's defining op (autodiff
/// builds an accumulation `old + contribution` and the insert of a component
/// at the contribution's location, adj_l for the adjoint of d in
/// `l = wp.length(d)`), rather than one given to it.
inline bool hasInheritedAdjointName(mlir::Operation *op) {
  if (!sourceNameOf(op->getLoc()).starts_with("adj_"))
    return false;
  return llvm::any_of(op->getOperands(), [&](mlir::Value operand) {
    mlir::Operation *def = operand.getDefiningOp();
    return def && def->getLoc() == op->getLoc();
  });
}

inline constexpr const char kAliasLocTag[] = "kdsl.alias";

/// Adds `name` as another source name of the one-result op `op`, for a value
/// that is the adjoint of two variables (`rel = o - c`: adj_o is adj_rel).
/// The emitter declares `adj_o` as a copy after `adj_rel`, as Warp's
/// backward has both. sourceNameOf(op) stays the first name.
inline void addSourceAlias(mlir::Operation *op, llvm::StringRef name) {
  mlir::MLIRContext *ctx = op->getContext();
  mlir::Location alias =
      mlir::FusedLoc::get(ctx, {mlir::NameLoc::get(mlir::StringAttr::get(ctx, name))},
                          mlir::StringAttr::get(ctx, kAliasLocTag));
  op->setLoc(mlir::FusedLoc::get(ctx, {op->getLoc(), alias}));
}

/// The names addSourceAlias gave (depth first, possibly repeated).
inline void sourceAliasesOf(mlir::Location loc, llvm::SmallVectorImpl<llvm::StringRef> &out) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return sourceAliasesOf(n.getChildLoc(), out);
  auto f = llvm::dyn_cast<mlir::FusedLoc>(loc);
  if (!f)
    return;
  auto tag = llvm::dyn_cast_or_null<mlir::StringAttr>(f.getMetadata());
  for (mlir::Location l : f.getLocations()) {
    if (tag && tag.getValue() == kAliasLocTag)
      if (auto n = llvm::dyn_cast<mlir::NameLoc>(l)) {
        out.push_back(n.getName().getValue());
        continue;
      }
    sourceAliasesOf(l, out);
  }
}

inline void addAdjointName(mlir::Value v, llvm::StringRef name);

/// `from` is replaced by the equivalent `to` (CSE merges two equal adjoint
/// values): from's adjoint names (adj_..., its name and aliases) become
/// to's, its name if it has none, else aliases, so that `adj_dy` survives
/// when the op CSE keeps is the one named `adj_r` (or none).
inline void keepAdjointNames(mlir::Operation *from, mlir::Operation *to) {
  if (from == to || from->getNumResults() != 1 || to->getNumResults() != 1 ||
      to->hasTrait<mlir::OpTrait::ConstantLike>())
    return;
  llvm::SmallVector<llvm::StringRef> names;
  if (llvm::StringRef n = sourceNameOf(from->getLoc()); n.starts_with("adj_"))
    names.push_back(n);
  sourceAliasesOf(from->getLoc(), names);
  for (llvm::StringRef name : names)
    addAdjointName(to->getResult(0), name);
}

/// Gives the value `v` the adjoint name `name` (adj_...): as its defining
/// op's name if it has none, else as an alias; a result of a multi-result op
/// (a new `if` canonicalization made of one with result names): as its
/// entry in the op's result names, if that is empty. Nothing for a block
/// argument or a constant (printed inline).
inline void addAdjointName(mlir::Value v, llvm::StringRef name) {
  mlir::Operation *to = v.getDefiningOp();
  if (!name.starts_with("adj_") || !to || to->hasTrait<mlir::OpTrait::ConstantLike>())
    return;
  mlir::MLIRContext *ctx = to->getContext();
  if (to->getNumResults() > 1) {
    llvm::SmallVector<std::string> names(to->getNumResults());
    if (mlir::ArrayAttr old = resultNamesOf(to->getLoc()); old && old.size() == names.size())
      for (auto [n, a] : llvm::zip(names, old))
        n = llvm::cast<mlir::StringAttr>(a).getValue().str();
    std::string &slot = names[llvm::cast<mlir::OpResult>(v).getResultNumber()];
    if (slot.empty()) {
      slot = name.str();
      setResultNames(to, names);
    }
    return;
  }
  // Result names of the op it was made from (a select of a folded `if`) are
  // not its own.
  if (resultNamesOf(to->getLoc()))
    to->setLoc(withoutResultNames(to->getLoc()));
  llvm::StringRef current = sourceNameOf(to->getLoc());
  if (current.empty()) {
    to->setLoc(mlir::NameLoc::get(mlir::StringAttr::get(ctx, name), to->getLoc()));
    return;
  }
  llvm::SmallVector<llvm::StringRef> aliases;
  sourceAliasesOf(to->getLoc(), aliases);
  if (current != name && !llvm::is_contained(aliases, name))
    addSourceAlias(to, name);
}

/// Gives the op defining `v` (or the block argument) the source name `name`,
/// unless it has one already (other than an inherited adjoint name, replaced
/// by an adjoint name) or defines a constant (printed inline).
inline void setSourceName(mlir::Value v, llvm::StringRef name) {
  if (name.empty())
    return;
  if (mlir::Operation *def = v.getDefiningOp();
      def && def->getNumResults() == 1 && name.starts_with("adj_") && hasInheritedAdjointName(def))
    def->setLoc(withoutSourceNames(def->getLoc()));
  if (!sourceNameOf(v).empty())
    return;
  mlir::MLIRContext *ctx = v.getContext();
  if (auto a = llvm::dyn_cast<mlir::BlockArgument>(v)) {
    a.setLoc(mlir::NameLoc::get(mlir::StringAttr::get(ctx, name), a.getLoc()));
    return;
  }
  mlir::Operation *op = v.getDefiningOp();
  if (!op || op->getNumResults() != 1 || op->hasTrait<mlir::OpTrait::ConstantLike>())
    return;
  op->setLoc(mlir::NameLoc::get(mlir::StringAttr::get(ctx, name), op->getLoc()));
}

} // namespace kdsl

#endif // KDSL_DIALECT_SOURCENAMES_H
