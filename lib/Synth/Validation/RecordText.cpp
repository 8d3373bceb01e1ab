//===- RecordText.cpp - a record's text, split and content hash ----------===//
#include "kdsl/Synth/Validation/Record.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <charconv>
#include <cmath>
#include <regex>

using namespace kdsl::synth;
namespace json = llvm::json;

namespace {
void writeJSON(json::OStream &j, const json::Value &v, bool floats) {
  switch (v.kind()) {
  case json::Value::Object: {
    std::vector<const json::Object::value_type *> items;
    for (const auto &kv : *v.getAsObject())
      items.push_back(&kv);
    llvm::sort(items, [](auto *a, auto *b) { return a->first < b->first; });
    j.objectBegin();
    for (const auto *kv : items) {
      j.attributeBegin(kv->first);
      writeJSON(j, kv->second, floats || kv->first == "data" || kv->first == "gradcheck");
      j.attributeEnd();
    }
    j.objectEnd();
    return;
  }
  case json::Value::Array:
    j.arrayBegin();
    for (const json::Value &e : *v.getAsArray())
      writeJSON(j, e, floats);
    j.arrayEnd();
    return;
  case json::Value::Number: {
    if (!floats)
      if (std::optional<int64_t> i = v.getAsInteger()) {
        j.value(*i);
        return;
      }
    double d = *v.getAsNumber();
    if (!std::isfinite(d)) {
      j.value(d);
      return;
    }
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof(buf), d);
    std::string text(buf, r.ptr);
    if (text.find_first_of(".e") == std::string::npos)
      text += ".0";
    j.rawValue(text);
    return;
  }
  default:
    j.value(v);
  }
}
} // namespace

std::string kdsl::synth::recordText(const json::Value &record) {
  std::string text;
  llvm::raw_string_ostream os(text);
  json::OStream j(os);
  writeJSON(j, record, false);
  return text;
}

llvm::StringRef kdsl::synth::splitOf(llvm::StringRef contentHash) {
  uint64_t h = 0;
  if (contentHash.getAsInteger(16, h))
    h = llvm::xxh3_64bits(contentHash);
  unsigned bucket = unsigned(h % 100);
  return bucket < 90 ? "train" : bucket < 95 ? "validation" : "test";
}

std::string kdsl::synth::normalizedSourceHash(llvm::StringRef source) {
  // The file's own names (its kernels, funcs and structs, in order of
  // definition) become D0, D1, ...; then whitespace is collapsed.
  std::string s = source.str();
  static const std::regex defined("(^|\\n)(?:def|class) ([A-Za-z_][A-Za-z_0-9]*)");
  std::vector<std::string> names;
  for (std::sregex_iterator m(s.begin(), s.end(), defined), e; m != e; ++m)
    if (!llvm::is_contained(names, (*m)[2].str()))
      names.push_back((*m)[2].str());
  for (auto [n, name] : llvm::enumerate(names))
    s = std::regex_replace(s, std::regex("\\b" + name + "\\b"), "D" + std::to_string(n));
  s = std::regex_replace(s, std::regex("\\s+"), " ");
  return llvm::utohexstr(llvm::xxh3_64bits(s), /*LowerCase=*/true, /*Width=*/16);
}

std::vector<std::string> kdsl::synth::recordKernels(const json::Object &record) {
  std::vector<std::string> out;
  if (const json::Object *spec = record.getObject("spec"))
    if (const json::Array *launches = spec->getArray("launches"))
      for (const json::Value &l : *launches)
        if (const json::Object *lo = l.getAsObject())
          if (std::optional<llvm::StringRef> k = lo->getString("kernel"))
            if (!llvm::is_contained(out, k->str()))
              out.push_back(k->str());
  if (out.empty())
    if (std::optional<llvm::StringRef> k = record.getString("kernel_name"))
      out.push_back(k->str());
  return out;
}
