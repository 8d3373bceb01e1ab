//===- Identifiers.cpp - Python identifiers beyond ASCII ------------------===//
#include "kdsl/Support/Identifiers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <iterator>

using namespace kdsl;

namespace {
struct CodePointRange {
  uint32_t lo, hi;
};
#include "UnicodeIdent.inc"

bool inRanges(llvm::ArrayRef<CodePointRange> ranges, uint32_t c) {
  auto it = std::upper_bound(ranges.begin(), ranges.end(), c,
                             [](uint32_t c, const CodePointRange &r) { return c < r.lo; });
  return it != ranges.begin() && c <= std::prev(it)->hi;
}
} // namespace

unsigned kdsl::decodeUTF8(llvm::StringRef s, size_t p, uint32_t &cp) {
  unsigned char b0 = s[p];
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  }
  unsigned len = b0 >= 0xC2 && b0 <= 0xDF   ? 2
                 : b0 >= 0xE0 && b0 <= 0xEF ? 3
                 : b0 >= 0xF0 && b0 <= 0xF4 ? 4
                                            : 0;
  if (len == 0 || p + len > s.size())
    return 0;
  cp = b0 & (0x7F >> len);
  for (unsigned i = 1; i < len; ++i) {
    unsigned char b = s[p + i];
    if ((b & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return len;
}

bool kdsl::isIdentifierStart(uint32_t cp) {
  if (cp < 0x80)
    return llvm::isAlpha(char(cp)) || cp == '_';
  return inRanges(kIdentStart, cp);
}

bool kdsl::isIdentifierContinue(uint32_t cp) {
  if (cp < 0x80)
    return llvm::isAlnum(char(cp)) || cp == '_';
  return inRanges(kIdentContinue, cp);
}

bool kdsl::isChangedByNFKC(uint32_t cp) { return cp >= 0x80 && inRanges(kNotNFKC, cp); }

bool kdsl::isPythonIdentifier(llvm::StringRef s) {
  if (s.empty())
    return false;
  for (size_t p = 0; p < s.size();) {
    uint32_t cp;
    unsigned len = decodeUTF8(s, p, cp);
    if (len == 0 || isChangedByNFKC(cp) ||
        !(p == 0 ? isIdentifierStart(cp) : isIdentifierContinue(cp)))
      return false;
    p += len;
  }
  return true;
}
