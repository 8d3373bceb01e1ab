//===- Identifiers.h - Python identifiers beyond ASCII ---------*- C++ -*-===//
//
// What Python accepts in a name (XID_Start, then XID_Continue), shared by the
// front end's tokenizer and the dialect's verifiers (struct and field names),
// so that a name the front end accepts also reads back from kdsl IR.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SUPPORT_IDENTIFIERS_H
#define KDSL_SUPPORT_IDENTIFIERS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace kdsl {

/// Decodes the UTF-8 sequence at s[p] into `cp`: its length, or 0 when it is
/// not valid UTF-8 (a stray continuation byte, a truncated or overlong
/// sequence, a surrogate, a code point beyond U+10FFFF).
unsigned decodeUTF8(llvm::StringRef s, size_t p, uint32_t &cp);

/// Whether `cp` may start (continue) a Python name: ASCII letters and _
/// (and digits), and beyond ASCII XID_Start (XID_Continue).
bool isIdentifierStart(uint32_t cp);
bool isIdentifierContinue(uint32_t cp);

/// Whether NFKC normalization, which Python applies to names and kdsl does
/// not, changes `cp` (such names are rejected rather than read differently).
bool isChangedByNFKC(uint32_t cp);

/// Whether `s` is a name as the front end accepts it: valid UTF-8, Python's
/// identifier characters, none that NFKC would change.
bool isPythonIdentifier(llvm::StringRef s);

} // namespace kdsl

#endif
