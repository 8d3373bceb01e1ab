//===- Parser.cpp - Warp-syntax Python parser -----------------------------===//
//
// The grammar: definitions, statements and expressions. What module-level
// host code means (which definitions Python makes, names of imports, enums,
// factories, host loops) is the host evaluator, HostEval*.cpp.
//
//===----------------------------------------------------------------------===//
#include "ParserImpl.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace kdsl;
using namespace kdsl::detail;

namespace kdsl::detail {

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

bool Parser::parseFile() {
  mod.globals = mod.make<Scope>();
  // `wp` and `warp` resolve to the warp module even without an import line.
  mod.globals->symbols["wp"].kind = Symbol::WarpModule;
  mod.globals->symbols["warp"].kind = Symbol::WarpModule;
  while (!cur().is(Tok::Eof) && !failed) {
    if (cur().is(Tok::Indent)) {
      error(cur().loc(), "unexpected indent");
      break;
    }
    if (cur().is(Tok::Dedent)) {
      advance();
      continue;
    }
    scanStatement(mod.globals);
  }
  return !failed;
}

bool Parser::parseStruct(Scope *scope, DecoInfo info) {
  advance(); // class
  if (!cur().is(Tok::Name))
    return error(cur().loc(), "expected a class name");
  auto *s = mod.make<StructDef>();
  s->name = cur().text;
  s->loc = cur().loc();
  s->scope = scope;
  s->options = std::move(info.options);
  s->decoratorError = std::move(info.error);
  s->decoratorErrorLoc = info.errorLoc;
  // A struct of a name defined before replaces it, as a Python class does:
  // kernel code sees the last definition (Warp resolves names when it builds
  // the module), an alias bound in between keeps the earlier one
  // (tryConstant), and MLIRGen gives each its own type name.
  advance();
  if (cur().isOp("(")) {
    s->unsupported = "base classes";
    s->unsupportedLoc = cur().loc();
    while (!cur().isOp(":") && !cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      advance();
  }
  if (!expectOp(":", "after the class name"))
    return false;
  if (!cur().is(Tok::Newline))
    return error(cur().loc(), "a @wp.struct body must be an indented block of annotated fields");
  advance();
  if (!cur().is(Tok::Indent))
    return error(cur().loc(), "expected an indented block");
  advance();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof) && !failed) {
    if (cur().is(Tok::Name) && !isKeyword(cur().text) && peekTok().isOp(":")) {
      FieldDef f;
      f.name = cur().text;
      f.loc = cur().loc();
      advance();
      advance();
      f.annotation = parseTest();
      if (!f.annotation)
        return false;
      recordAnnotation(f.annotation);
      if (cur().isOp("=") && s->unsupported.empty()) {
        s->unsupported = "default values for struct fields";
        s->unsupportedLoc = cur().loc();
      }
      s->fields.push_back(f);
      skipLogicalLine();
      continue;
    }
    if (cur().is(Tok::String) || cur().isName("pass")) { // docstring, pass
      skipLogicalLine();
      continue;
    }
    if (s->unsupported.empty()) {
      s->unsupported = "members other than annotated fields";
      s->unsupportedLoc = cur().loc();
    }
    skipStatement(scope, false);
  }
  if (cur().is(Tok::Dedent))
    advance();
  mod.structs.push_back(s);
  Symbol sym;
  sym.kind = Symbol::Struct;
  sym.structDef = s;
  if (auto old = scope->symbols.find(s->name);
      old != scope->symbols.end() && old->second.kind == Symbol::Struct)
    pinAnnotations(scope, old->second);
  scope->symbols[s->name] = sym;
  return !failed;
}

bool Parser::parseDef(Scope *scope, bool isKernel, DecoInfo info) {
  advance(); // def
  if (!cur().is(Tok::Name) || isKeyword(cur().text))
    return error(cur().loc(), "expected a function name after 'def'");
  auto *f = mod.make<FuncDef>();
  f->isKernel = isKernel;
  f->name = cur().text;
  f->loc = cur().loc();
  f->scope = scope;
  f->options = std::move(info.options);
  f->decoratorError = std::move(info.error);
  f->decoratorErrorLoc = info.errorLoc;
  // An earlier func of this name in this scope (Sema rejects it: Warp would
  // make an overload). Defs kept only for their decorator error
  // (parseAttachedDef) have no body and do not count. Kernels of one name all
  // stay, as in Warp, where a redefined kernel leaves the earlier one valid:
  // the later ones get the symbols NAME_1, NAME_2, ...
  for (auto it = mod.funcs.rbegin(); !isKernel && it != mod.funcs.rend(); ++it)
    if ((*it)->scope == scope && (*it)->name == f->name && !(*it)->body.empty()) {
      f->previousDef = *it;
      (*it)->nextDef = f;
      break;
    }
  advance();
  if (!expectOp("(", "after the function name"))
    return false;
  while (!cur().isOp(")")) {
    if (cur().isOp("*") || cur().isOp("**") || cur().isOp("/")) {
      if (f->unsupportedSignature.empty()) {
        bool bareStar = cur().isOp("*") && (peekTok().isOp(",") || peekTok().isOp(")"));
        f->unsupportedSignature = cur().isOp("/") ? "positional-only markers ('/')"
                                  : bareStar      ? "keyword-only parameters (a bare '*')"
                                                  : "variadic arguments (*args, **kwargs)";
        f->unsupportedLoc = cur().loc();
      }
      advance();
      if (cur().is(Tok::Name)) {
        advance();
        if (consumeOp(":") && !parseTest()) // *args: float
          return false;
      }
    } else {
      if (!cur().is(Tok::Name) || isKeyword(cur().text))
        return error(cur().loc(), "expected a parameter name, found " + describe(cur()));
      Param prm;
      prm.name = cur().text;
      prm.loc = cur().loc();
      advance();
      if (consumeOp(":")) {
        prm.annotation = parseTest();
        recordAnnotation(prm.annotation);
        if (!prm.annotation)
          return false;
      }
      if (cur().isOp("=")) {
        SMLoc l = cur().loc();
        advance();
        prm.defaultValue = parseTest();
        if (!prm.defaultValue)
          return false;
        prm.defaultValue->loc = l;
      }
      f->params.push_back(prm);
    }
    if (!consumeOp(","))
      break;
  }
  if (!expectOp(")", "to close the parameter list"))
    return false;
  if (consumeOp("->")) {
    f->returns = parseTest();
    recordAnnotation(f->returns);
    if (!f->returns)
      return false;
  }
  if (!expectOp(":", "after the function signature"))
    return false;
  // Register before parsing the body so later lookups see the newest binding.
  Symbol sym;
  sym.kind = Symbol::Func;
  sym.func = f;
  scope->symbols[f->name] = sym;
  if (!parseBlock(f->body))
    return false;
  (isKernel ? mod.kernels : mod.funcs).push_back(f);
  return true;
}

/// `wp.adjoint[x]` in a @wp.func_grad body is the local `adjoint[x]` (the
/// adjoint of parameter x that the func accumulates and returns).
Expr *Parser::adjointRef(SubscriptExpr *sub) {
  StringRef name;
  if (!isWarpRef(sub->base, adjointScope, name) || name != "adjoint")
    return sub;
  auto *n = sub->indices.size() == 1 ? llvm::dyn_cast<NameExpr>(sub->indices[0]) : nullptr;
  if (!n)
    return unsupported(sub->loc, "wp.adjoint[...] of anything but a parameter name");
  return mod.make<NameExpr>(sub->loc, mod.save(("adjoint[" + n->name + "]").str()));
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseBlock(Body &body) {
  if (!enter())
    return false;
  DepthGuard g{depth};
  if (!cur().is(Tok::Newline))
    return parseSimpleStatements(body); // `if x: y = 1`
  advance();
  if (!cur().is(Tok::Indent))
    return error(cur().loc(), "expected an indented block");
  advance();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof)) {
    if (cur().is(Tok::Indent))
      return error(cur().loc(), "unexpected indent");
    if (!parseStatement(body))
      return false;
  }
  if (cur().is(Tok::Dedent))
    advance();
  return true;
}

Stmt *Parser::unsupportedCompound(SMLoc loc, std::string what) {
  skipStatement(nullptr, false);
  return mod.make<UnsupportedStmt>(loc, std::move(what));
}

/// A loop's `else:` clause: parsed (so it is checked) and recorded for Sema
/// to reject.
bool Parser::parseLoopElse(bool &hasElse) {
  if (!cur().isName("else"))
    return true;
  hasElse = true;
  advance();
  Body ignored;
  return expectOp(":") && parseBlock(ignored);
}

Stmt *Parser::parseIf(SMLoc loc) {
  Expr *cond = parseTest();
  if (!cond || !expectOp(":", "after the condition"))
    return nullptr;
  auto *s = mod.make<IfStmt>(loc, cond);
  if (!parseBlock(s->thenBody))
    return nullptr;
  if (cur().isName("elif")) {
    SMLoc l = cur().loc();
    advance();
    Stmt *e = parseIf(l);
    if (!e)
      return nullptr;
    s->elseBody.push_back(e);
  } else if (cur().isName("else")) {
    advance();
    if (!expectOp(":", "after 'else'") || !parseBlock(s->elseBody))
      return nullptr;
  }
  return s;
}

bool Parser::parseStatement(Body &body) {
  const Token &t = cur();
  SMLoc loc = t.loc();
  if (t.is(Tok::Name)) {
    StringRef kw = t.text;
    if (kw == "if") {
      advance();
      Stmt *s = parseIf(loc);
      if (!s)
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "for") {
      advance();
      // The target list is parsed without comparisons, so 'in' ends it.
      SMLoc tloc = cur().loc();
      Expr *target = parsePrimary();
      if (!target)
        return false;
      if (cur().isOp(",")) {
        auto *tup = mod.make<TupleExpr>(tloc);
        tup->elts.push_back(target);
        while (consumeOp(",") && !cur().isName("in")) {
          Expr *e = parsePrimary();
          if (!e)
            return false;
          tup->elts.push_back(e);
        }
        target = tup;
      }
      if (!consumeName("in"))
        return error(cur().loc(), "expected 'in' in the for statement");
      Expr *iter = parseExprList();
      if (!iter || !expectOp(":", "after the for header"))
        return false;
      auto *s = mod.make<ForStmt>(loc, target, iter);
      if (!parseBlock(s->body) || !parseLoopElse(s->hasElse))
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "while") {
      advance();
      Expr *cond = parseTest();
      if (!cond || !expectOp(":", "after the condition"))
        return false;
      auto *s = mod.make<WhileStmt>(loc, cond);
      if (!parseBlock(s->body) || !parseLoopElse(s->hasElse))
        return false;
      body.push_back(s);
      return true;
    }
    if (kw == "elif" || kw == "else")
      return error(loc, "'" + kw + "' without a matching 'if'");
    // `match` is a soft keyword: `match x:` ending its line starts a match statement.
    bool isMatch = false;
    if (kw == "match" && !peekTok().is(Tok::Op)) {
      size_t q = p;
      while (q + 1 < toks.size() && !toks[q + 1].is(Tok::Newline) && !toks[q + 1].is(Tok::Eof))
        ++q;
      isMatch = toks[q].isOp(":");
    }
    if (kw == "with" || kw == "try" || kw == "class" || kw == "def" || kw == "async" || isMatch) {
      std::string what = kw == "def"     ? "nested function definitions"
                         : kw == "class" ? "class definitions"
                         : kw == "async" ? "async code"
                                         : ("'" + kw + "' statements").str();
      body.push_back(unsupportedCompound(loc, what));
      // A try statement's except/finally/else clauses belong to it.
      while (cur().isName("except") || cur().isName("finally") ||
             (kw == "try" && cur().isName("else")))
        skipStatement(nullptr, false);
      return true;
    }
    if (kw == "@") {
    }
  }
  if (t.isOp("@"))
    return body.push_back(unsupportedCompound(loc, "decorated definitions inside a function")),
           true;
  return parseSimpleStatements(body);
}

bool Parser::parseSimpleStatements(Body &body) {
  while (true) {
    Stmt *s = parseSmallStatement();
    if (!s)
      return false;
    body.push_back(s);
    if (consumeOp(";")) {
      if (cur().is(Tok::Newline))
        break;
      continue;
    }
    break;
  }
  if (!cur().is(Tok::Newline))
    return error(cur().loc(), "expected end of statement, found " + describe(cur()));
  advance();
  return true;
}

static std::optional<BinOp> augOp(StringRef s) {
  return llvm::StringSwitch<std::optional<BinOp>>(s)
      .Case("+=", BinOp::Add)
      .Case("-=", BinOp::Sub)
      .Case("*=", BinOp::Mul)
      .Case("/=", BinOp::Div)
      .Case("//=", BinOp::FloorDiv)
      .Case("%=", BinOp::Mod)
      .Case("**=", BinOp::Pow)
      .Case("&=", BinOp::BitAnd)
      .Case("|=", BinOp::BitOr)
      .Case("^=", BinOp::BitXor)
      .Case("<<=", BinOp::Shl)
      .Case(">>=", BinOp::Shr)
      .Case("@=", BinOp::MatMul)
      .Default(std::nullopt);
}

Stmt *Parser::parseSmallStatement() {
  const Token &t = cur();
  SMLoc loc = t.loc();
  if (t.is(Tok::Name)) {
    StringRef kw = t.text;
    if (kw == "pass") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Pass, loc);
    }
    if (kw == "break") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Break, loc);
    }
    if (kw == "continue") {
      advance();
      return mod.make<SimpleStmt>(StmtKind::Continue, loc);
    }
    if (kw == "return") {
      advance();
      Expr *v = nullptr;
      if (!cur().is(Tok::Newline) && !cur().isOp(";")) {
        v = parseExprList();
        if (!v)
          return nullptr;
      }
      return mod.make<ReturnStmt>(loc, v);
    }
    if (kw == "assert") {
      advance();
      Expr *test = parseTest();
      if (!test)
        return nullptr;
      Expr *msg = nullptr;
      if (consumeOp(",")) {
        msg = parseTest();
        if (!msg)
          return nullptr;
      }
      return mod.make<AssertStmt>(loc, test, msg);
    }
    if (kw == "global" || kw == "nonlocal" || kw == "del" || kw == "import" || kw == "from" ||
        kw == "raise" || kw == "yield") {
      while (!cur().is(Tok::Newline) && !cur().isOp(";") && !cur().is(Tok::Eof))
        advance();
      return mod.make<UnsupportedStmt>(loc, ("'" + kw + "' statements").str());
    }
  }
  Expr *first = parseExprList();
  if (!first)
    return nullptr;
  if (cur().isOp("=")) {
    auto *s = mod.make<AssignStmt>(loc);
    s->targets.push_back(first);
    Expr *value = nullptr;
    while (consumeOp("=")) {
      value = parseExprList();
      if (!value)
        return nullptr;
      if (cur().isOp("="))
        s->targets.push_back(value);
    }
    s->value = value;
    return s;
  }
  if (cur().kind == Tok::Op) {
    if (auto op = augOp(cur().text)) {
      advance();
      Expr *value = parseExprList();
      if (!value)
        return nullptr;
      return mod.make<AugAssignStmt>(loc, first, *op, value);
    }
    if (cur().isOp(":")) {
      advance();
      Expr *ann = parseTest();
      if (!ann)
        return nullptr;
      Expr *value = nullptr;
      if (consumeOp("=")) {
        value = parseExprList();
        if (!value)
          return nullptr;
      }
      return mod.make<AnnAssignStmt>(loc, first, ann, value);
    }
  }
  auto *s = mod.make<ExprStmt>(loc, first);
  if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(first))
    s->isDocstring = u->what == "string literals";
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Expr *Parser::parseExprList() {
  SMLoc loc = cur().loc();
  Expr *first = parseTest();
  if (!first || !cur().isOp(","))
    return first;
  auto *tup = mod.make<TupleExpr>(loc);
  tup->elts.push_back(first);
  while (consumeOp(",")) {
    // A trailing comma ends the tuple.
    if (cur().is(Tok::Newline) || cur().isOp("=") || cur().isOp(")") || cur().isOp(":") ||
        cur().isOp(";") || cur().isName("in") || (cur().kind == Tok::Op && augOp(cur().text)))
      break;
    Expr *e = parseTest();
    if (!e)
      return nullptr;
    tup->elts.push_back(e);
  }
  return tup;
}

Expr *Parser::parseTest() {
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  SMLoc loc = cur().loc();
  if (cur().isName("lambda")) {
    // Skip to the end of the lambda body at this nesting level.
    unsigned level = 0;
    while (!cur().is(Tok::Eof) && !cur().is(Tok::Newline)) {
      if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
        ++level;
      else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}")) {
        if (level == 0)
          break;
        --level;
      } else if (level == 0 && (cur().isOp(",") || cur().isOp("=")))
        break;
      advance();
    }
    return unsupported(loc, "lambda expressions");
  }
  Expr *e = parseOrTest();
  if (!e)
    return nullptr;
  if (cur().isName("if")) {
    advance();
    Expr *cond = parseOrTest();
    if (!cond)
      return nullptr;
    if (!consumeName("else")) {
      error(cur().loc(), "expected 'else' in the conditional expression");
      return nullptr;
    }
    Expr *other = parseTest();
    if (!other)
      return nullptr;
    return mod.make<IfExpExpr>(loc, cond, e, other);
  }
  if (cur().isOp(":=")) {
    advance();
    if (!parseTest())
      return nullptr;
    return unsupported(loc, "assignment expressions (:=)");
  }
  return e;
}

/// `a or b or ...` (isAnd = false) and `a and b and ...` (isAnd = true).
Expr *Parser::parseBoolChain(bool isAnd) {
  SMLoc loc = cur().loc();
  StringRef kw = isAnd ? "and" : "or";
  auto operand = [&] { return isAnd ? parseNotTest() : parseBoolChain(true); };
  Expr *e = operand();
  if (!e || !cur().isName(kw))
    return e;
  auto *chain = mod.make<BoolOpExpr>(loc, isAnd);
  chain->operands.push_back(e);
  while (consumeName(kw)) {
    Expr *r = operand();
    if (!r)
      return nullptr;
    chain->operands.push_back(r);
  }
  return chain;
}

Expr *Parser::parseNotTest() {
  if (cur().isName("not")) {
    if (!enter())
      return nullptr;
    DepthGuard g{depth};
    SMLoc loc = cur().loc();
    advance();
    Expr *e = parseNotTest();
    return e ? mod.make<UnaryExpr>(loc, UnOp::Not, e) : nullptr;
  }
  return parseComparison();
}

Expr *Parser::parseComparison() {
  SMLoc loc = cur().loc();
  Expr *e = parseBinaryLevel(0);
  if (!e)
    return nullptr;
  CompareExpr *cmp = nullptr;
  while (true) {
    std::optional<CmpOp> op;
    SMLoc opLoc = cur().loc();
    const Token &t = cur();
    if (t.isOp("<"))
      op = CmpOp::Lt;
    else if (t.isOp("<="))
      op = CmpOp::Le;
    else if (t.isOp(">"))
      op = CmpOp::Gt;
    else if (t.isOp(">="))
      op = CmpOp::Ge;
    else if (t.isOp("=="))
      op = CmpOp::Eq;
    else if (t.isOp("!="))
      op = CmpOp::Ne;
    else if (t.isName("in"))
      op = CmpOp::In;
    else if (t.isName("is"))
      op = peekTok().isName("not") ? CmpOp::IsNot : CmpOp::Is;
    else if (t.isName("not") && peekTok().isName("in"))
      op = CmpOp::NotIn;
    if (!op)
      break;
    advance();
    if (*op == CmpOp::IsNot || *op == CmpOp::NotIn)
      advance();
    if (!cmp) {
      cmp = mod.make<CompareExpr>(loc);
      cmp->operands.push_back(e);
    }
    Expr *r = parseBinaryLevel(0);
    if (!r)
      return nullptr;
    cmp->ops.push_back(*op);
    cmp->opLocs.push_back(opLoc);
    cmp->operands.push_back(r);
  }
  return cmp ? cmp : e;
}

// Binary precedence levels, loosest first: | ^ & (<< >>) (+ -) (* / // % @)
Expr *Parser::parseBinaryLevel(int level) {
  if (level == 6)
    return parseFactor();
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  SMLoc loc = cur().loc();
  Expr *e = parseBinaryLevel(level + 1);
  unsigned chain = 0;
  while (e) {
    std::optional<BinOp> op;
    const Token &t = cur();
    if (t.kind != Tok::Op)
      break;
    StringRef s = t.text;
    switch (level) {
    case 0:
      if (s == "|")
        op = BinOp::BitOr;
      break;
    case 1:
      if (s == "^")
        op = BinOp::BitXor;
      break;
    case 2:
      if (s == "&")
        op = BinOp::BitAnd;
      break;
    case 3:
      if (s == "<<")
        op = BinOp::Shl;
      else if (s == ">>")
        op = BinOp::Shr;
      break;
    case 4:
      if (s == "+")
        op = BinOp::Add;
      else if (s == "-")
        op = BinOp::Sub;
      break;
    case 5:
      if (s == "*")
        op = BinOp::Mul;
      else if (s == "/")
        op = BinOp::Div;
      else if (s == "//")
        op = BinOp::FloorDiv;
      else if (s == "%")
        op = BinOp::Mod;
      else if (s == "@")
        op = BinOp::MatMul;
      break;
    }
    if (!op)
      break;
    SMLoc opLoc = t.loc();
    // Later passes recurse over the (left-deep) tree: bound its depth.
    if (++chain + depth > kMaxChain) {
      error(opLoc,
            "expression is too long (more than " + llvm::Twine(kMaxChain) + " chained operators)");
      return nullptr;
    }
    advance();
    Expr *r = parseBinaryLevel(level + 1);
    if (!r)
      return nullptr;
    e = mod.make<BinaryExpr>(loc, *op, e, r, opLoc);
  }
  return e;
}

Expr *Parser::parseFactor() {
  const Token &t = cur();
  if (t.isOp("-") || t.isOp("+") || t.isOp("~")) {
    if (!enter())
      return nullptr;
    DepthGuard g{depth};
    SMLoc loc = t.loc();
    UnOp op = t.isOp("-") ? UnOp::Neg : t.isOp("+") ? UnOp::Pos : UnOp::Invert;
    advance();
    Expr *e = parseFactor();
    return e ? mod.make<UnaryExpr>(loc, op, e) : nullptr;
  }
  return parsePower();
}

Expr *Parser::parsePower() {
  SMLoc loc = cur().loc();
  if (cur().isName("await")) {
    advance();
    if (!parsePrimary())
      return nullptr;
    return unsupported(loc, "await");
  }
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  Expr *e = parsePrimary();
  if (e && cur().isOp("**")) {
    SMLoc opLoc = cur().loc();
    advance();
    Expr *r = parseFactor(); // right-associative, binds tighter than unary on the left
    if (!r)
      return nullptr;
    return mod.make<BinaryExpr>(loc, BinOp::Pow, e, r, opLoc);
  }
  return e;
}

bool Parser::parseCallArgs(CallExpr *call) {
  while (!cur().isOp(")")) {
    SMLoc loc = cur().loc();
    if (cur().isOp("*") || cur().isOp("**")) {
      bool single = cur().isOp("*");
      advance();
      Expr *value = parseTest();
      if (!value)
        return false;
      if (single) // expanded by Sema (StarArgs.cpp)
        call->starred.push_back({(unsigned)call->args.size(), value});
      call->args.push_back(unsupported(loc, "argument unpacking (*args, **kwargs)"));
    } else if (cur().is(Tok::Name) && peekTok().isOp("=") && !isKeyword(cur().text)) {
      Keyword kw;
      kw.name = cur().text;
      kw.loc = loc;
      advance();
      advance();
      kw.value = parseTest();
      if (!kw.value)
        return false;
      call->kwargs.push_back(kw);
    } else {
      Expr *a = parseTest();
      if (!a)
        return false;
      if (cur().isName("for")) {
        // A generator expression argument: skip it up to the call's ')'.
        unsigned level = 0;
        while (!cur().is(Tok::Eof) && !(level == 0 && cur().isOp(")"))) {
          if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
            ++level;
          else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}"))
            --level;
          advance();
        }
        call->args.push_back(unsupported(loc, "generator expressions"));
        break;
      }
      if (!call->kwargs.empty())
        return error(loc, "positional argument follows keyword argument");
      call->args.push_back(a);
    }
    if (!consumeOp(","))
      break;
  }
  return expectOp(")", "to close the argument list");
}

Expr *Parser::parsePrimary() {
  if (!enter())
    return nullptr;
  DepthGuard g{depth};
  Expr *e = parseAtom();
  while (e) {
    SMLoc loc = cur().loc();
    if (cur().isOp(".")) {
      advance();
      if (!cur().is(Tok::Name)) {
        error(cur().loc(), "expected an attribute name after '.'");
        return nullptr;
      }
      Expr *member = exprScope ? enumMember(e, cur().text) : nullptr;
      if (!member && exprScope)
        member = moduleMember(e, cur().text);
      e = member ? member : mod.make<AttributeExpr>(e->loc, e, cur().text, cur().loc());
      advance();
    } else if (cur().isOp("(")) {
      advance();
      auto *call = mod.make<CallExpr>(e->loc, e);
      if (!parseCallArgs(call))
        return nullptr;
      e = call;
    } else if (cur().isOp("[")) {
      advance();
      auto *sub = mod.make<SubscriptExpr>(e->loc, e);
      while (!cur().isOp("]")) {
        Expr *idx = parseSubscriptIndex();
        if (!idx)
          return nullptr;
        sub->indices.push_back(idx);
        if (!consumeOp(","))
          break;
      }
      if (!expectOp("]", "to close the subscript"))
        return nullptr;
      if (sub->indices.empty()) {
        error(loc, "empty subscript");
        return nullptr;
      }
      e = adjointScope ? adjointRef(sub) : sub;
    } else {
      break;
    }
    (void)loc;
  }
  return e;
}

/// One index of a subscript: an expression or a slice `lower:upper:step`.
Expr *Parser::parseSubscriptIndex() {
  SMLoc iloc = cur().loc();
  Expr *lower = nullptr;
  if (!cur().isOp(":")) {
    lower = parseTest();
    if (!lower || !cur().isOp(":"))
      return lower;
  }
  auto *s = mod.make<SliceExpr>(iloc);
  s->lower = lower;
  advance(); // ':'
  auto atEnd = [&] { return cur().isOp(":") || cur().isOp("]") || cur().isOp(","); };
  if (!atEnd() && !(s->upper = parseTest()))
    return nullptr;
  if (consumeOp(":") && !atEnd() && !(s->step = parseTest()))
    return nullptr;
  return s;
}

/// `{k: v, ...}` keeps its items (decorator options such as module_options=
/// read them); set literals and comprehensions are skipped whole.
Expr *Parser::parseDictLiteral(SMLoc loc) {
  size_t start = p;
  advance(); // '{'
  std::vector<std::pair<Expr *, Expr *>> items;
  bool isDict = !cur().isOp("*") && !cur().isOp("**");
  while (isDict && !cur().isOp("}")) {
    Expr *k = parseTest();
    if (!k)
      return nullptr;
    if (!consumeOp(":")) {
      isDict = false;
      break;
    }
    Expr *v = parseTest();
    if (!v)
      return nullptr;
    items.push_back({k, v});
    if (!consumeOp(",")) {
      isDict = cur().isOp("}");
      break;
    }
  }
  if (!isDict || !cur().isOp("}")) {
    p = start;
    if (Expr *set = parseSetLiteral(loc))
      return set;
    p = start;
    return skipBracketed(loc, "dict and set literals");
  }
  advance(); // '}'
  auto *d = llvm::cast<UnsupportedExpr>(unsupported(loc, "dict and set literals"));
  d->dictItems = std::move(items);
  return d;
}

/// `{a, b, ...}`: an unsupported expression that keeps its items (`x in {1,
/// 2}` in wp.static); null for a set comprehension or `{}` (the caller skips
/// those).
Expr *Parser::parseSetLiteral(SMLoc loc) {
  advance(); // '{'
  std::vector<Expr *> items;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    while (!cur().isOp("}")) {
      Expr *e = cur().isOp("*") ? nullptr : parseTest();
      if (!e || quiet.hadErrors() || !(cur().isOp(",") || cur().isOp("}"))) {
        failed = wasFailed;
        return nullptr;
      }
      items.push_back(e);
      consumeOp(",");
    }
    failed = wasFailed;
  }
  if (items.empty())
    return nullptr;
  advance(); // '}'
  auto *u = llvm::cast<UnsupportedExpr>(unsupported(loc, "dict and set literals"));
  u->listItems = std::move(items);
  u->isSet = true;
  return u;
}

/// `[a, b, ...]`: an unsupported expression that keeps its items (read by
/// wp.overload(k, [types])); a comprehension is skipped.
Expr *Parser::parseListLiteral(SMLoc loc) {
  size_t start = p;
  advance(); // '['
  std::vector<Expr *> items;
  bool isList = true;
  {
    SuppressDiags quiet(diags);
    bool wasFailed = failed;
    while (isList && !cur().isOp("]")) {
      Expr *e = parseTest();
      isList = e && !quiet.hadErrors() && (cur().isOp(",") || cur().isOp("]"));
      if (isList)
        items.push_back(e);
      consumeOp(",");
    }
    failed = wasFailed;
  }
  if (!isList) {
    p = start;
    return skipBracketed(loc, "list literals and comprehensions");
  }
  advance(); // ']'
  auto *l = llvm::cast<UnsupportedExpr>(unsupported(loc, "list literals and comprehensions"));
  l->listItems = std::move(items);
  return l;
}

Expr *Parser::skipBracketed(SMLoc loc, std::string what) {
  // The lexer guarantees brackets balance; skip to the matching close.
  unsigned level = 0;
  do {
    if (cur().isOp("(") || cur().isOp("[") || cur().isOp("{"))
      ++level;
    else if (cur().isOp(")") || cur().isOp("]") || cur().isOp("}"))
      --level;
    advance();
  } while (level && !cur().is(Tok::Eof));
  return unsupported(loc, std::move(what));
}

Expr *Parser::parseAtom() {
  const Token &t = cur();
  SMLoc loc = t.loc();
  switch (t.kind) {
  case Tok::Int: {
    auto *e = mod.make<IntExpr>(loc, t.ival, t.overflow);
    if (t.overflow)
      e->spelling = t.text;
    advance();
    return e;
  }
  case Tok::Float: {
    auto *e = mod.make<FloatExpr>(loc, t.fval);
    advance();
    return e;
  }
  case Tok::Imaginary:
    advance();
    return unsupported(loc, "complex numbers");
  case Tok::String: {
    const Token &t = cur();
    bool f = false;
    while (cur().is(Tok::String)) {
      f |= cur().fstring;
      advance();
    }
    auto *str = llvm::cast<UnsupportedExpr>(
        unsupported(loc, f ? "f-strings and bytes" : "string literals"));
    str->raw = StringRef(t.text.data(), toks[p - 1].text.end() - t.text.data()).str();
    return str;
  }
  case Tok::Name: {
    StringRef n = t.text;
    if (n == "True" || n == "False") {
      advance();
      return mod.make<BoolExpr>(loc, n == "True");
    }
    if (n == "None") {
      advance();
      return unsupported(loc, "None");
    }
    if (n == "yield") {
      while (!cur().is(Tok::Newline) && !cur().isOp(")") && !cur().is(Tok::Eof))
        advance();
      return unsupported(loc, "yield");
    }
    if (isKeyword(n)) {
      error(loc, "invalid syntax: unexpected keyword '" + n + "'");
      return nullptr;
    }
    advance();
    return mod.make<NameExpr>(loc, n);
  }
  case Tok::Op: {
    if (t.isOp("(")) {
      advance();
      if (consumeOp(")"))
        return mod.make<TupleExpr>(loc);
      Expr *first = parseTest();
      if (!first)
        return nullptr;
      if (cur().isName("for")) {
        while (!cur().isOp(")") && !cur().is(Tok::Eof))
          advance();
        advance();
        return unsupported(loc, "generator expressions");
      }
      if (consumeOp(")"))
        return first;
      auto *tup = mod.make<TupleExpr>(loc);
      tup->elts.push_back(first);
      while (consumeOp(",")) {
        if (cur().isOp(")"))
          break;
        Expr *e = parseTest();
        if (!e)
          return nullptr;
        tup->elts.push_back(e);
      }
      if (!expectOp(")", "to close the parenthesized expression"))
        return nullptr;
      return tup;
    }
    if (t.isOp("["))
      return parseListLiteral(loc);
    if (t.isOp("{"))
      return parseDictLiteral(loc);
    if (t.isOp("...")) {
      advance();
      return unsupported(loc, "Ellipsis (...)");
    }
    if (t.isOp("*")) {
      advance();
      if (!parsePrimary())
        return nullptr;
      return unsupported(loc, "starred expressions");
    }
    error(loc, "invalid syntax: unexpected '" + t.text + "'");
    return nullptr;
  }
  case Tok::Indent:
    error(loc, "unexpected indent");
    return nullptr;
  default:
    error(loc, "invalid syntax: expected an expression, found " + describe(t));
    return nullptr;
  }
}

} // namespace kdsl::detail

Expr *kdsl::parseStandaloneExpr(unsigned bufferId, DiagEngine &diags, ModuleAST &module) {
  std::vector<Token> tokens;
  if (!tokenize(diags.getSourceMgr().getMemoryBuffer(bufferId)->getBuffer(), diags, tokens))
    return nullptr;
  Parser parser(tokens, diags, module);
  return parser.parseStandalone();
}

bool kdsl::parseModule(unsigned bufferId, DiagEngine &diags, ModuleAST &module) {
  const llvm::MemoryBuffer *buf = diags.getSourceMgr().getMemoryBuffer(bufferId);
  module.filename = buf->getBufferIdentifier().str();
  std::vector<Token> tokens;
  if (!tokenize(buf->getBuffer(), diags, tokens))
    return false;
  Parser parser(tokens, diags, module);
  return parser.parseFile();
}
