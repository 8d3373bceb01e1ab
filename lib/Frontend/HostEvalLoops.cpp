//===- HostEvalLoops.cpp - Host loops around Warp definitions -------------===//
//
// `for T in (wp.float32, wp.float64):` around definitions: one instance of
// the body per item the source gives.
//
//===----------------------------------------------------------------------===//
#include "ParserImpl.h"

using namespace kdsl;
using namespace kdsl::detail;

namespace kdsl::detail {

/// The items of a host loop's iterable when the source gives them: a tuple
/// or list literal, or a name bound to one (`TYPES = (wp.float32, ...)`).
/// `itemScope` is where the items' names resolve. `mutated(name)`: whether
/// host code changes the list or dict a name is bound to (`NAME.append(x)`,
/// `NAME[k] = v`, `NAME += [...]`): its literal is then not what the loop sees.
static bool hostLoopItems(ModuleAST &mod, Expr *iter, Scope *scope, std::vector<Expr *> &items,
                          Scope *&itemScope, llvm::function_ref<bool(StringRef)> mutated) {
  itemScope = scope;
  // D.items(), D.values(), D.keys() of a dict literal (or a name bound to
  // one): its pairs, values or keys, in order.
  StringRef dictView;
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(iter); c && c->args.empty() && c->kwargs.empty())
    if (auto *a = llvm::dyn_cast<AttributeExpr>(c->callee);
        a && (a->attr == "items" || a->attr == "values" || a->attr == "keys")) {
      dictView = a->attr;
      iter = a->base;
    }
  for (unsigned depth = 0; depth < 16; ++depth) {
    auto *n = llvm::dyn_cast_or_null<NameExpr>(iter);
    if (!n)
      break;
    const Symbol *s = scope->lookup(n->name);
    if (!s || s->kind != Symbol::Const || !s->constDef->value ||
        (!llvm::isa<TupleExpr>(s->constDef->value) && mutated(n->name)))
      return false;
    iter = s->constDef->value;
    scope = itemScope = s->constDef->scope ? s->constDef->scope : scope;
  }
  // Warp's tuples of scalar types (warp/_src/types.py): wp.types.scalar_types,
  // wp._src.types.float_types, ... Each item is the type's bare Warp name.
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(iter); a && dictView.empty()) {
    std::string path = dottedName(a);
    StringRef root = StringRef(path).split('.').first;
    const Symbol *rs = scope->lookup(root);
    bool warp = (rs && rs->kind == Symbol::WarpModule) || (!rs && root == "warp");
    static const char *const ints[] = {"int8",  "uint8",  "int16", "uint16",
                                       "int32", "uint32", "int64", "uint64"};
    static const char *const floats[] = {"float16", "bfloat16", "float32", "float64"};
    std::vector<StringRef> names;
    if (a->attr == "int_types" || a->attr == "scalar_types" || a->attr == "scalar_and_bool_types")
      names.assign(std::begin(ints), std::end(ints));
    if (a->attr == "float_types" || a->attr == "scalar_types" || a->attr == "scalar_and_bool_types")
      names.insert(names.end(), std::begin(floats), std::end(floats));
    if (a->attr == "scalar_and_bool_types")
      names.push_back("bool");
    if (a->attr == "non_atomic_types")
      names = {"int8", "uint8", "int16", "uint16"};
    if (!warp || names.empty())
      return false;
    for (StringRef n : names)
      items.push_back(mod.make<NameExpr>(a->loc, n));
    return true;
  }
  if (!dictView.empty()) {
    auto *d = llvm::dyn_cast_or_null<UnsupportedExpr>(iter);
    if (!d || d->dictItems.empty())
      return false;
    for (auto [key, value] : d->dictItems) {
      if (dictView == "keys" || dictView == "values") {
        items.push_back(dictView == "keys" ? key : value);
        continue;
      }
      auto *pair = mod.make<TupleExpr>(key->loc);
      pair->elts = {key, value};
      items.push_back(pair);
    }
    return true;
  }
  if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(iter))
    items.assign(t->elts.begin(), t->elts.end());
  else if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(iter);
           u && !u->isSet && u->dictItems.empty() && u->raw.empty() && !u->listItems.empty())
    items = u->listItems;
  else
    return false;
  // [*a, *b]: the items of a and b are not known here.
  for (Expr *e : items)
    if (auto *u = llvm::dyn_cast<UnsupportedExpr>(e);
        u && u->what.find("starred") != std::string::npos)
      return false;
  return true; // (comprehensions are not literals: no items)
}

/// `for T in (wp.float32, wp.float64):` (or `for A, B in [(x, y), ...]:`) in
/// host code whose body holds Warp definitions or wp.overload calls: Python
/// runs the body once per item, each time with the targets bound to it, so
/// kdsl scans the body once per item in a scope of its own where the targets
/// are bound as a factory's parameters are (bindHostValue): each iteration
/// makes its own definitions and overloads, as in Warp. False (nothing
/// consumed) for any other loop: its targets stay host values.
bool Parser::tryHostLoop(Scope *scope) {
  size_t save = p;
  auto fail = [&] {
    p = save;
    return false;
  };
  advance(); // for
  std::vector<StringRef> targets;
  bool paren = consumeOp("(");
  while (cur().is(Tok::Name) && !isKeyword(cur().text)) {
    targets.push_back(cur().text);
    advance();
    if (!consumeOp(","))
      break;
  }
  if ((paren && !consumeOp(")")) || targets.empty() || !consumeName("in"))
    return fail();
  Expr *iter = nullptr;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    iter = parseExprList();
    if (quiet.hadErrors())
      iter = nullptr;
    failed = wasFailed;
  }
  if (!iter || !consumeOp(":") || !cur().is(Tok::Newline) || !peekTok().is(Tok::Indent))
    return fail();
  size_t header = p;
  // The body: Warp definitions or wp.overload calls in it make the loop
  // matter; `break`, `continue`, `return` or `yield` in its host code (not
  // in the defs it holds) would make the iterations differ.
  bool defines = false, jumps = false;
  {
    size_t i = p + 2; // past the newline and the indent
    unsigned level = 1;
    bool lineStart = true;
    while (i < toks.size() && level && !toks[i].is(Tok::Eof)) {
      const Token &t = toks[i];
      if (t.is(Tok::Indent))
        ++level;
      else if (t.is(Tok::Dedent))
        --level;
      if (t.isOp("@") || t.isName("def") || t.isName("class") || t.isName("overload"))
        defines = true;
      if (lineStart && (t.isName("def") || t.isName("class"))) {
        // Skip the def's header and block: its own control flow is its own.
        while (i < toks.size() && !toks[i].is(Tok::Newline) && !toks[i].is(Tok::Eof))
          ++i;
        if (i + 1 < toks.size() && toks[i + 1].is(Tok::Indent)) {
          unsigned inner = 0;
          for (i = i + 1; i < toks.size() && !toks[i].is(Tok::Eof); ++i) {
            if (toks[i].is(Tok::Indent))
              ++inner;
            else if (toks[i].is(Tok::Dedent) && --inner == 0)
              break;
          }
        }
        ++i;
        lineStart = true;
        continue;
      }
      if (t.isName("break") || t.isName("continue") || t.isName("return") || t.isName("yield"))
        jumps = true;
      lineStart = t.is(Tok::Newline) || t.is(Tok::Indent) || t.is(Tok::Dedent) ||
                  (lineStart && t.isOp("@")) || (lineStart && t.isName("async"));
      ++i;
    }
  }
  std::vector<Expr *> items;
  Scope *itemScope = nullptr;
  auto mutated = [&](StringRef name) {
    for (size_t i = 0; i + 2 < toks.size(); ++i) {
      if (!toks[i].isName(name) || (i > 0 && toks[i - 1].isOp(".")))
        continue;
      const Token &next = toks[i + 1];
      if (next.isOp("[")) { // NAME[k] = v (a read NAME[k] is fine)
        unsigned level = 0;
        size_t j = i + 1;
        for (; j < toks.size() && !toks[j].is(Tok::Newline); ++j)
          if ((toks[j].isOp("[") && ++level) || (toks[j].isOp("]") && --level == 0))
            break;
        if (j + 1 < toks.size() && (toks[j + 1].isOp("=") || toks[j + 1].isOp("+=")))
          return true;
        continue;
      }
      if (next.isOp("+=") || next.isOp("|=") ||
          (next.isOp(".") &&
           llvm::is_contained({"append", "extend", "insert", "pop", "remove", "clear", "update",
                               "setdefault", "sort", "reverse"},
                              toks[i + 2].text)))
        return true;
    }
    return false;
  };
  if (!defines || jumps || !hostLoopItems(mod, iter, scope, items, itemScope, mutated) ||
      items.size() > 256 || instanceDepth >= kMaxInstanceDepth)
    return fail();
  // Each item binds every target: `for a, b in [(x, y), ...]` unpacks it.
  std::vector<llvm::SmallVector<Expr *, 4>> bound;
  for (Expr *item : items) {
    llvm::SmallVector<Expr *, 4> values;
    if (targets.size() == 1)
      values.push_back(item);
    else if (auto *t = llvm::dyn_cast<TupleExpr>(item))
      values.assign(t->elts.begin(), t->elts.end());
    else if (auto *u = llvm::dyn_cast<UnsupportedExpr>(item);
             u && !u->isSet && u->dictItems.empty())
      values.assign(u->listItems.begin(), u->listItems.end());
    if (values.size() != targets.size())
      return fail(); // Python raises; leave the targets host values
    bound.push_back(values);
  }
  unsigned line = diags.getSourceMgr().FindLineNumber(toks[save].loc());
  std::string role = ("the variable of the host loop at line " + llvm::Twine(line)).str();
  Scope *last = nullptr;
  bool wasFailed = failed;
  for (auto [n, values] : llvm::enumerate(bound)) {
    Scope *inst = mod.make<Scope>();
    inst->parent = scope;
    for (auto [name, value] : llvm::zip(targets, values))
      bindHostValue(inst, name, value, itemScope, role);
    // The first iteration reports the body's errors; the others repeat it.
    std::optional<SuppressDiags> quiet;
    if (n > 0)
      quiet.emplace(diags);
    p = header + 2;
    ++instanceDepth;
    scanBlock(inst);
    --instanceDepth;
    if (n > 0)
      failed = wasFailed;
    last = inst;
  }
  if (bound.empty()) {
    // No iteration: the body never runs.
    p = header + 2;
    skipBlockTail();
  }
  // After the loop, the names the body defined are the last iteration's
  // (a @wp.func, a @wp.struct or a kernel); the targets stay host values.
  if (last)
    for (auto &entry : last->symbols)
      if (!llvm::is_contained(targets, entry.getKey()) &&
          (entry.getValue().kind == Symbol::Func || entry.getValue().kind == Symbol::Struct))
        scope->symbols[entry.getKey()] = entry.getValue();
  for (StringRef name : targets) {
    Symbol sym;
    sym.hostNote = "a loop variable of host code";
    scope->symbols[name] = sym;
  }
  return true;
}

} // namespace kdsl::detail
