//===- FastISelPrep.h - IR that x86 FastISel selects ------------*- C++ -*-===//
#ifndef KDSL_LIB_RUNTIME_FASTISELPREP_H
#define KDSL_LIB_RUNTIME_FASTISELPREP_H

namespace llvm {
class Module;
}

namespace kdsl {

/// Rewrites `m` for code generation at O0, where FastISel selects what it
/// can and hands each basic block to SelectionDAG from the first instruction
/// it cannot: scalar libm intrinsics become the libm calls SelectionDAG
/// would make of them anyway (sinf, fminf, fmodf...), integer min/max become
/// compare + select, first-class aggregate loads become loads of the fields
/// used, and vectors are scalarized. Results are unchanged: the same
/// functions compute the same values.
void prepareForFastISel(llvm::Module &m);

} // namespace kdsl

#endif
