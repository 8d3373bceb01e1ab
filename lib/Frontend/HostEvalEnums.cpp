//===- HostEvalEnums.cpp - Integer enums of host code ---------------------===//
#include "ParserImpl.h"

using namespace kdsl;
using namespace kdsl::detail;

namespace kdsl::detail {

//===----------------------------------------------------------------------===//
// Integer enums
//===----------------------------------------------------------------------===//
//
// Warp reads a member of an enum.IntEnum or enum.IntFlag class in kernel code
// as its integer. kdsl records such classes (members given by integer
// literals or enum.auto()) and replaces `E.A` and `E.A.value` by the number.

/// `class E(enum.IntEnum):` (or IntFlag, imported or not) with members only.
bool Parser::tryEnumClass(Scope *scope) {
  size_t save = p;
  bool wasFailed = failed;
  auto fail = [&] {
    p = save;
    failed = wasFailed;
    return false;
  };
  advance(); // class
  if (!cur().is(Tok::Name) || !peekTok().isOp("("))
    return fail();
  StringRef name = cur().text;
  advance();
  advance(); // (
  std::string base;
  while (cur().is(Tok::Name) || cur().isOp(".")) {
    base += cur().text.str();
    advance();
  }
  bool flag = base == "enum.IntFlag" || base == "IntFlag";
  if (!(flag || base == "enum.IntEnum" || base == "IntEnum") || !consumeOp(")") ||
      !consumeOp(":") || !cur().is(Tok::Newline) || !peekTok().is(Tok::Indent))
    return fail();
  advance(); // newline
  advance(); // indent
  llvm::StringMap<std::optional<int64_t>> members;
  // The members' Python values; nullopt past int64 (kernel code cannot use
  // them, see enumMember), and so every auto() after one.
  std::optional<int64_t> last = 0, highest = 0;
  bool any = false;
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
    if (cur().is(Tok::String)) { // a docstring
      skipLogicalLine();
      continue;
    }
    if (!cur().is(Tok::Name) || !peekTok().isOp("="))
      return fail();
    StringRef member = cur().text;
    advance();
    advance(); // =
    Expr *v;
    {
      SuppressDiags quiet(diags);
      v = parseTest();
      if (quiet.hadErrors() || !cur().is(Tok::Newline))
        return fail();
    }
    advance(); // newline
    std::optional<int64_t> value;
    bool neg = false;
    if (auto *u = llvm::dyn_cast_or_null<UnaryExpr>(v); u && u->op == UnOp::Neg)
      v = u->operand, neg = true;
    auto *call = llvm::dyn_cast_or_null<CallExpr>(v);
    std::string callee = call && call->args.empty() ? dottedName(call->callee) : "";
    if (auto *i = llvm::dyn_cast_or_null<IntExpr>(v)) {
      if (!i->overflow && i->value <= (uint64_t)INT64_MAX + neg)
        value = neg ? (int64_t)(0 - i->value) : (int64_t)i->value;
    } else if (!neg && (callee == "enum.auto" || callee == "auto")) {
      // IntEnum: one more than the last member; IntFlag: the next power of two.
      if (!any)
        value = 1;
      else if (flag && highest && *highest >= 0 && *highest < (int64_t(1) << 62))
        value = int64_t(1) << llvm::Log2_64_Ceil(uint64_t(*highest) + 1);
      else if (flag && highest && *highest < 0)
        return fail(); // Python's IntFlag does not count on from a negative member
      else if (!flag && last && *last < INT64_MAX)
        value = *last + 1;
    } else {
      return fail();
    }
    members[member] = value;
    last = value;
    highest = !any               ? value
              : value && highest ? std::optional(std::max(*highest, *value))
                                 : std::nullopt;
    any = true;
  }
  if (cur().is(Tok::Dedent))
    advance();
  scope->symbols[name] = Symbol(); // shadows an earlier binding
  enums[{scope, name}] = std::move(members);
  return true;
}

const llvm::StringMap<std::optional<int64_t>> *Parser::findEnum(StringRef name) {
  for (Scope *s = exprScope; s; s = s->parent) {
    auto it = s->symbols.find(name);
    if (it == s->symbols.end())
      continue;
    if (it->second.kind != Symbol::Other || !it->second.hostNote.empty())
      return nullptr;
    auto e = enums.find({s, name});
    return e == enums.end() ? nullptr : &e->second;
  }
  return nullptr;
}

/// `E.A` of an integer enum E: the member's number; `E.A.value`: the same.
Expr *Parser::enumMember(Expr *base, StringRef attr) {
  if (enumInts.count(base))
    return attr == "value" ? base : nullptr;
  auto *n = llvm::dyn_cast<NameExpr>(base);
  const llvm::StringMap<std::optional<int64_t>> *members = n ? findEnum(n->name) : nullptr;
  if (!members)
    return nullptr;
  auto it = members->find(attr);
  if (it == members->end())
    return unsupported(n->loc, ("names that the enum '" + n->name + "' does not define ('" +
                                n->name + "." + attr + "')")
                                   .str());
  if (!it->second)
    return unsupported(n->loc, ("enum members whose value does not fit in 64 bits ('" + n->name +
                                "." + attr + "')")
                                   .str());
  int64_t v = *it->second;
  Expr *e = mod.make<IntExpr>(n->loc, v < 0 ? 0 - uint64_t(v) : uint64_t(v), false);
  if (v < 0)
    e = mod.make<UnaryExpr>(n->loc, UnOp::Neg, e);
  enumInts.insert(e);
  return e;
}

} // namespace kdsl::detail
