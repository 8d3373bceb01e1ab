//===- AST.cpp - operator spellings and names of expressions -------------===//
#include "kdsl/Frontend/AST.h"

using namespace kdsl;

const char *kdsl::spell(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "+";
  case BinOp::Sub:
    return "-";
  case BinOp::Mul:
    return "*";
  case BinOp::Div:
    return "/";
  case BinOp::FloorDiv:
    return "//";
  case BinOp::Mod:
    return "%";
  case BinOp::Pow:
    return "**";
  case BinOp::BitAnd:
    return "&";
  case BinOp::BitOr:
    return "|";
  case BinOp::BitXor:
    return "^";
  case BinOp::Shl:
    return "<<";
  case BinOp::Shr:
    return ">>";
  case BinOp::MatMul:
    return "@";
  }
  return "?";
}

const char *kdsl::spell(UnOp op) {
  switch (op) {
  case UnOp::Neg:
    return "-";
  case UnOp::Pos:
    return "+";
  case UnOp::Not:
    return "not";
  case UnOp::Invert:
    return "~";
  }
  return "?";
}

const char *kdsl::spell(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return "<";
  case CmpOp::Le:
    return "<=";
  case CmpOp::Gt:
    return ">";
  case CmpOp::Ge:
    return ">=";
  case CmpOp::Eq:
    return "==";
  case CmpOp::Ne:
    return "!=";
  case CmpOp::Is:
    return "is";
  case CmpOp::IsNot:
    return "is not";
  case CmpOp::In:
    return "in";
  case CmpOp::NotIn:
    return "not in";
  }
  return "?";
}

std::string kdsl::dottedName(const Expr *e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e))
    return n->name.str();
  if (auto *a = llvm::dyn_cast<AttributeExpr>(e)) {
    std::string base = dottedName(a->base);
    return base.empty() ? base : base + "." + a->attr.str();
  }
  return "";
}

std::string kdsl::describeAnnotation(const Expr *e) {
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(e)) {
    std::string base = dottedName(s->base);
    return base.empty() ? base : base + "[...]";
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
    std::string base = dottedName(c->callee);
    return base.empty() ? base : base + "(...)";
  }
  return dottedName(e);
}
