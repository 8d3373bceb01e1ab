//===- BuiltinRulesScalar.cpp - the operator functions of Warp -------------===//
//
// wp.add, wp.sub, wp.mul, wp.div, wp.floordiv, wp.mod, wp.neg, wp.pos,
// wp.bit_and, wp.bit_or, wp.bit_xor, wp.lshift, wp.rshift, wp.invert and
// wp.unot mean exactly their Python operators (Warp implements both with the
// same builtins): the rule builds the operator expression over the call's
// arguments and types it with Sema's own operator rules. MLIRGen then
// lowers the call as that expression.
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleFns.h"
#include "BuiltinsScalar.h"
#include "kdsl/Frontend/Sema.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace kdsl;

namespace kdsl {
/// A friend of Sema (the module's node allocator and literal typing).
class ScalarRules {
public:
  static const Type *checkOperator(Sema &s, CallExpr *e, const BuiltinInfo &info);
  static const Type *checkPrint(Sema &s, CallExpr *e, const BuiltinInfo &info);
  struct PrintRule;
};
} // namespace kdsl

static std::optional<BinOp> binaryOperator(Builtin b) {
  switch (b) {
  case Builtin::OpAdd:
    return BinOp::Add;
  case Builtin::OpSub:
    return BinOp::Sub;
  case Builtin::OpMul:
    return BinOp::Mul;
  case Builtin::OpDiv:
    return BinOp::Div;
  case Builtin::OpFloorDiv:
    return BinOp::FloorDiv;
  case Builtin::OpMod:
    return BinOp::Mod;
  case Builtin::OpBitAnd:
    return BinOp::BitAnd;
  case Builtin::OpBitOr:
    return BinOp::BitOr;
  case Builtin::OpBitXor:
    return BinOp::BitXor;
  case Builtin::OpLShift:
    return BinOp::Shl;
  case Builtin::OpRShift:
    return BinOp::Shr;
  default:
    return std::nullopt;
  }
}

static std::optional<UnOp> unaryOperator(Builtin b) {
  switch (b) {
  case Builtin::OpNeg:
    return UnOp::Neg;
  case Builtin::OpPos:
    return UnOp::Pos;
  case Builtin::OpInvert:
    return UnOp::Invert;
  case Builtin::OpUnot:
    return UnOp::Not;
  default:
    return std::nullopt;
  }
}

const Type *ScalarRules::checkOperator(Sema &s, CallExpr *e, const BuiltinInfo &info) {
  auto &args = e->boundArgs;
  std::optional<BinOp> bin = binaryOperator(info.id);
  size_t want = bin ? 2 : 1;
  if (args.size() != want) {
    s.error(e->loc, std::string("wp.") + info.name + "() takes " + std::to_string(want) +
                        " argument(s), got " + std::to_string(args.size()));
    return nullptr;
  }
  Expr *op = bin ? (Expr *)s.mod.make<BinaryExpr>(e->loc, *bin, args[0], args[1], e->loc)
                 : (Expr *)s.mod.make<UnaryExpr>(e->loc, *unaryOperator(info.id), args[0]);
  const Type *t = s.check(op);
  if (!t)
    return nullptr;
  // A call of literals is a value of the literals' default type (Warp
  // types wp.add(1, 2) as int32).
  if (t->isLiteral()) {
    t = s.types.concrete(t);
    s.setLiteralType(op, t);
  }
  args.assign({op});
  return t;
}

const Type *kdsl::rules::operatorCall(Sema &s, CallExpr *e, const BuiltinInfo &info) {
  return ScalarRules::checkOperator(s, e, info);
}

//===----------------------------------------------------------------------===//
// wp.printf and print
//===----------------------------------------------------------------------===//

namespace {
/// Decodes Python string literals (the parser keeps their source text).
class StringLiteralDecoder {
public:
  explicit StringLiteralDecoder(llvm::StringRef src) : src(src) {}

  std::optional<std::string> run() {
    std::string out;
    while (skipSpace()) {
      bool raw = false;
      while (pos < src.size() && llvm::StringRef("rRuU").contains(src[pos]))
        raw |= (src[pos++] | 0x20) == 'r';
      if (pos >= src.size() || (src[pos] != '"' && src[pos] != '\''))
        return std::nullopt; // f-strings, bytes or no literal
      if (!literal(raw, out))
        return std::nullopt;
    }
    return out;
  }

private:
  llvm::StringRef src;
  size_t pos = 0;

  /// Skips blanks, line continuations and comments between literals;
  /// false at the end.
  bool skipSpace() {
    while (pos < src.size()) {
      char c = src[pos];
      if (c == '#')
        while (pos < src.size() && src[pos] != '\n')
          ++pos;
      else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == '\f')
        ++pos;
      else
        return true;
    }
    return false;
  }

  bool literal(bool raw, std::string &out) {
    char q = src[pos];
    bool triple = src.substr(pos).starts_with(std::string(3, q));
    pos += triple ? 3 : 1;
    while (pos < src.size()) {
      if (triple ? src.substr(pos).starts_with(std::string(3, q)) : src[pos] == q) {
        pos += triple ? 3 : 1;
        return true;
      }
      if (src[pos] == '\\' && !raw && pos + 1 < src.size())
        escape(out);
      else
        out += src[pos++];
    }
    return false;
  }

  /// One escape sequence at pos (a backslash).
  void escape(std::string &out) {
    char c = src[++pos];
    ++pos;
    switch (c) {
    case 'n':
      out += '\n';
      return;
    case 't':
      out += '\t';
      return;
    case 'r':
      out += '\r';
      return;
    case 'a':
      out += '\a';
      return;
    case 'b':
      out += '\b';
      return;
    case 'f':
      out += '\f';
      return;
    case 'v':
      out += '\v';
      return;
    case '\n':
      return; // a line continuation inside the literal
    case 'x': {
      unsigned v = 0;
      for (int i = 0; i < 2 && pos < src.size() && llvm::isHexDigit(src[pos]); ++i)
        v = v * 16 + llvm::hexDigitValue(src[pos++]);
      out += (char)v;
      return;
    }
    default:
      if (c >= '0' && c <= '7') {
        unsigned v = c - '0';
        for (int i = 0; i < 2 && pos < src.size() && src[pos] >= '0' && src[pos] <= '7'; ++i)
          v = v * 8 + (src[pos++] - '0');
        out += (char)v;
        return;
      }
      if (c != '\\' && c != '\'' && c != '"')
        out += '\\'; // unknown escapes stay as they are in Python
      out += c;
    }
  }
};
} // namespace

std::optional<std::string> kdsl::stringLiteralText(const Expr *e) {
  auto *u = llvm::dyn_cast<UnsupportedExpr>(e);
  if (!u || u->raw.empty())
    return std::nullopt;
  return StringLiteralDecoder(u->raw).run();
}

/// The Print rule's checks (a friend of Sema through ScalarRules).
struct ScalarRules::PrintRule {
  Sema &s;
  CallExpr *e;
  std::string name;

  const Type *fail(llvm::SMLoc loc, const llvm::Twine &msg) {
    s.error(loc, msg);
    return nullptr;
  }
  /// A value printf can take: a scalar (literals get their default type).
  bool scalarArg(Expr *a) {
    if (!s.check(a))
      return false;
    if (a->type->isLiteral())
      s.setLiteralType(a, s.types.concrete(a->type));
    if (!a->type->isScalar()) {
      fail(a->loc, name + "() arguments must be scalars, got " + a->type->str());
      return false;
    }
    return true;
  }
};

const Type *kdsl::rules::print(Sema &s, CallExpr *e, const BuiltinInfo &info) {
  return ScalarRules::checkPrint(s, e, info);
}

const Type *ScalarRules::checkPrint(Sema &s, CallExpr *e, const BuiltinInfo &info) {
  bool printf = info.id == Builtin::Printf;
  PrintRule r{s, e, printf ? "wp.printf" : "print"};
  auto &args = e->boundArgs;
  if (printf ? args.empty() : args.size() != 1)
    return r.fail(e->loc,
                  r.name + (printf ? "() needs a format string"
                                   : "() takes 1 argument(s), got " + std::to_string(args.size())));
  bool isString = stringLiteralText(args[0]).has_value();
  if (printf && !isString)
    return r.fail(args[0]->loc,
                  "wp.printf() needs a string literal as its format (f-strings are not supported)");
  if (isString) {
    args.erase(args.begin()); // the format: read from e->args[0] by the lowering
  } else {
    if (!s.check(args[0]))
      return nullptr;
    if (args[0]->type->isLiteral())
      s.setLiteralType(args[0], s.types.concrete(args[0]->type));
    const Type *t = args[0]->type;
    if (!(t->isScalar() || t->kind == Type::Vec || t->kind == Type::Mat || t->kind == Type::Quat))
      return r.fail(args[0]->loc, "print() cannot print a value of type " + t->str());
    return s.types.voidTy();
  }
  for (Expr *a : args)
    if (!r.scalarArg(a))
      return nullptr;
  return s.types.voidTy();
}
