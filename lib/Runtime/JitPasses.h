//===- JitPasses.h - LLVM IR passes before the JIT compiles -----*- C++ -*-===//
#ifndef KDSL_LIB_RUNTIME_JITPASSES_H
#define KDSL_LIB_RUNTIME_JITPASSES_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace kdsl {

/// LLVM's O3 pipeline for the host, after the Scalarizer: kdsl keeps small
/// vectors (vec3, mat33 rows) as LLVM vector values, and the loop vectorizer
/// only widens loops of scalar instructions; scalarized, the grid loop
/// vectorizes across threads. Functions with vectors of 16 components or
/// more (large matrices' rows) are not scalarized. The optimizer needs the
/// host's target machine: without its cost model LLVM does not vectorize.
void optimizeForHost(llvm::Module &m, llvm::TargetMachine &tm);

/// Rewrites `m` for code generation at O0, where FastISel selects what it
/// can and hands each basic block to SelectionDAG from the first instruction
/// it cannot: scalar libm intrinsics become the libm calls SelectionDAG
/// would make of them anyway (sinf, fminf, fmodf...), integer min/max become
/// compare + select, float atomic adds and subtractions become calls to the
/// host's compare-and-swap loops (KernelJit.cpp), first-class aggregate
/// loads become loads of the fields used, and vectors are scalarized.
/// Results are unchanged: the same functions compute the same values.
void prepareForFastISel(llvm::Module &m);

} // namespace kdsl

#endif // KDSL_LIB_RUNTIME_JITPASSES_H
