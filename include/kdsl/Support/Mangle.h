//===- Mangle.h - source names as C++/CUDA/PTX identifiers ------*- C++ -*-===//
//
// Python names may hold any Unicode letter (`kα`); C++, CUDA C and PTX
// symbols are ASCII identifiers. A name that is one ([A-Za-z_][A-Za-z0-9_]*)
// is emitted as it is; any other (beyond ASCII, or a symbol of hand-written
// kdsl IR such as @"k.x") is mangled (docs/language.md, "Names in emitted
// code"):
//
//   "kdslu_" + each character of the name, where
//     A-Z a-z 0-9 _   stay as they are, except
//     Z               becomes ZZ, and
//     any other U+XXXX becomes Z + its code point in lowercase hex + _
//
//   kα -> kdslu_kZ3b1_      Zα -> kdslu_ZZZ3b1_      x_β2 -> kdslu_x_Z3b2_2
//
// A Z is followed either by Z or by a hex digit, and the code point ends at
// the next _, so the mangling is one-to-one, and mangle(a + "_suffix") ==
// mangle(a) + "_suffix" for an ASCII suffix without Z (entry points keep
// their `_cpu_forward`, `_cuda_kernel_backward` tails). The emitters report a
// mangled name that collides with another name of the file.
//
// lib/Target/Cpp/BundleHost.inc holds a copy (it is compiled into programs
// that do not link kdsl).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SUPPORT_MANGLE_H
#define KDSL_SUPPORT_MANGLE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace kdsl {

inline constexpr const char kMangledNamePrefix[] = "kdslu_";

/// The name as a C++/CUDA/PTX identifier: itself when it is an ASCII one.
inline std::string mangleName(llvm::StringRef name) {
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name)
    plain &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  if (plain)
    return name.str();
  static const char hex[] = "0123456789abcdef";
  std::string out = kMangledNamePrefix;
  for (size_t i = 0; i < name.size();) {
    unsigned char c = name[i];
    bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum || c == '_') {
      out += c == 'Z' ? "ZZ" : std::string(1, (char)c);
      ++i;
      continue;
    }
    // UTF-8 (the lexer rejects invalid sequences; a stray byte is taken as is).
    unsigned len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; // ASCII: 1
    uint32_t cp = len == 1 ? c : c & (0x7F >> len);
    for (unsigned k = 1; k < len && i + k < name.size(); ++k)
      cp = (cp << 6) | ((unsigned char)name[i + k] & 0x3F);
    i += len;
    std::string digits;
    do {
      digits.insert(digits.begin(), hex[cp & 15]);
      cp >>= 4;
    } while (cp);
    out += "Z" + digits + "_";
  }
  return out;
}

} // namespace kdsl

#endif // KDSL_SUPPORT_MANGLE_H
