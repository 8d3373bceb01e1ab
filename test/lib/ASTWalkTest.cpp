//===- ASTWalkTest.cpp - prints walks of a parsed file (lit tests only) ---===//
//
// kdsl-test-ast-walk FILE [--skip=KIND] [--stop=NAME]: parses FILE (no type
// checking) and, for each kernel and func, walks its body with forEachChild
// and walk (include/kdsl/Frontend/AST.h), printing one line per callback:
// "stmt KIND" before a statement, "pre NODE" and "post NODE" around each
// expression, indented by depth. --skip=KIND skips the children of
// expressions of that kind (Call, Subscript, ...) and --stop=NAME interrupts
// the walk at the name NAME. test/Frontend/ast-walk.test checks the output.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Parser.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace kdsl;

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional, llvm::cl::Required,
                                            llvm::cl::desc("<input file>"));
static llvm::cl::opt<std::string> skipKind("skip", llvm::cl::desc("skip the children of this kind"));
static llvm::cl::opt<std::string> stopName("stop", llvm::cl::desc("interrupt the walk at this name"));

static const char *kindName(const Expr *e) {
  switch (e->kind) {
  case ExprKind::Int: return "Int";
  case ExprKind::Float: return "Float";
  case ExprKind::Bool: return "Bool";
  case ExprKind::Name: return "Name";
  case ExprKind::Attribute: return "Attribute";
  case ExprKind::Subscript: return "Subscript";
  case ExprKind::Call: return "Call";
  case ExprKind::Binary: return "Binary";
  case ExprKind::Unary: return "Unary";
  case ExprKind::Compare: return "Compare";
  case ExprKind::BoolOp: return "BoolOp";
  case ExprKind::IfExp: return "IfExp";
  case ExprKind::Tuple: return "Tuple";
  case ExprKind::Unsupported: return "Unsupported";
  case ExprKind::Slice: return "Slice";
  }
  return "?";
}

static const char *kindName(const Stmt *s) {
  switch (s->kind) {
  case StmtKind::Expr: return "Expr";
  case StmtKind::Assign: return "Assign";
  case StmtKind::AugAssign: return "AugAssign";
  case StmtKind::AnnAssign: return "AnnAssign";
  case StmtKind::If: return "If";
  case StmtKind::For: return "For";
  case StmtKind::While: return "While";
  case StmtKind::Break: return "Break";
  case StmtKind::Continue: return "Continue";
  case StmtKind::Return: return "Return";
  case StmtKind::Pass: return "Pass";
  case StmtKind::Assert: return "Assert";
  case StmtKind::Unsupported: return "Unsupported";
  }
  return "?";
}

static std::string describe(const Expr *e) {
  std::string s = kindName(e);
  if (auto *n = llvm::dyn_cast<NameExpr>(e))
    s += " " + n->name.str();
  else if (auto *i = llvm::dyn_cast<IntExpr>(e))
    s += " " + std::to_string(i->value);
  else if (auto *a = llvm::dyn_cast<AttributeExpr>(e))
    s += " ." + a->attr.str();
  else if (auto *b = llvm::dyn_cast<BinaryExpr>(e))
    s += std::string(" ") + spell(b->op);
  return s;
}

/// The depth of every statement and expression: one more than its parent's.
static unsigned depth = 0;
static void indent() { llvm::outs().indent(2 * depth); }

static bool walkBody(const Body &body) {
  auto pre = [&](Expr *e) {
    indent();
    llvm::outs() << "pre " << describe(e) << "\n";
    ++depth;
    if (auto *n = llvm::dyn_cast<NameExpr>(e); n && n->name == stopName) {
      llvm::outs() << "interrupted\n";
      return WalkAction::Interrupt;
    }
    return skipKind == kindName(e) ? WalkAction::Skip : WalkAction::Advance;
  };
  auto post = [&](Expr *e) {
    --depth;
    indent();
    llvm::outs() << "post " << describe(e) << "\n";
  };
  for (Stmt *s : body) {
    indent();
    llvm::outs() << "stmt " << kindName(s) << "\n";
    ++depth;
    bool ok = true;
    forEachChild(
        s, [&](Expr *e) { ok = ok && walk(e, pre, post); },
        [&](Body &b) {
          if (!ok)
            return;
          indent();
          llvm::outs() << "body\n";
          ++depth;
          ok = walkBody(b);
          --depth;
        });
    --depth;
    if (!ok)
      return false;
  }
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv, "kdsl AST walk printer (tests)\n");
  auto buf = llvm::MemoryBuffer::getFile(inputFile);
  if (!buf) {
    llvm::errs() << "kdsl-test-ast-walk: cannot read " << inputFile << "\n";
    return 1;
  }
  llvm::SourceMgr sm;
  unsigned id = sm.AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
  DiagEngine diags(sm, llvm::errs());
  ModuleAST mod;
  if (!parseModule(id, diags, mod))
    return 1;
  std::vector<FuncDef *> defs(mod.funcs);
  defs.insert(defs.end(), mod.kernels.begin(), mod.kernels.end());
  for (FuncDef *f : defs) {
    llvm::outs() << "def " << f->name << "\n";
    depth = 1;
    if (!walkBody(f->body))
      break;
  }
  // walk(const Body &, ...): the expressions of every statement, pre-order;
  // a statement callback returning Skip leaves out an if's condition and
  // bodies.
  for (FuncDef *f : defs) {
    unsigned names = 0;
    walk(
        f->body, [](Stmt *s) { return s->kind == StmtKind::If ? WalkAction::Skip : WalkAction::Advance; },
        [&](Expr *e) {
          names += llvm::isa<NameExpr>(e);
          return WalkAction::Advance;
        });
    llvm::outs() << "names outside ifs in " << f->name << ": " << names << "\n";
  }
  return 0;
}
