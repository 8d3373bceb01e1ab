//===- PrintToLLVM.h - kdsl.print to printf / vprintf -----------*- C++ -*-===//
#ifndef KDSL_LIB_TRANSFORMS_PRINTTOLLVM_H
#define KDSL_LIB_TRANSFORMS_PRINTTOLLVM_H

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace kdsl {
/// kdsl.print -> a call of the C library's printf on the host, of CUDA's
/// device-side vprintf inside a gpu.module (PrintToLLVM.cpp).
void populatePrintToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);
} // namespace kdsl

#endif
