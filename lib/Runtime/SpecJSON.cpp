//===- SpecJSON.cpp - JSON text of launch specs -----------------------------===//
#include "kdsl/Runtime/LaunchSpec.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <vector>

using namespace kdsl;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// JSON input
//===----------------------------------------------------------------------===//

static constexpr unsigned kMaxJSONDepth = 256;

/// llvm::json keeps the last of repeated keys silently: in a spec that hides
/// a mistake, so the first repeated key of any object (in valid JSON `text`)
/// is an error at its line:col.
static Error checkDuplicateKeys(StringRef text, StringRef name) {
  struct Frame {
    bool object;
    bool expectKey;
    llvm::StringMap<std::pair<unsigned, size_t>> keys; // key -> line, col
  };
  std::vector<Frame> stack;
  unsigned line = 1;
  size_t lineStart = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
    } else if (c == '{' || c == '[') {
      stack.push_back({c == '{', c == '{', {}});
    } else if (c == '}' || c == ']') {
      if (!stack.empty())
        stack.pop_back();
    } else if (c == ',') {
      if (!stack.empty() && stack.back().object)
        stack.back().expectKey = true;
    } else if (c == '"') {
      size_t start = i;
      bool escaped = false;
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') {
          escaped = true;
          ++i;
        }
      if (stack.empty() || !stack.back().object || !stack.back().expectKey)
        continue;
      stack.back().expectKey = false;
      StringRef raw = text.slice(start, std::min(i + 1, text.size()));
      std::string key = raw.drop_front().drop_back().str();
      if (escaped) { // compare keys as decoded ("\u0061" is "a")
        Expected<json::Value> decoded = json::parse(raw);
        if (decoded && decoded->getAsString())
          key = decoded->getAsString()->str();
        else if (!decoded)
          llvm::consumeError(decoded.takeError());
      }
      size_t col = start - lineStart + 1;
      auto [it, inserted] = stack.back().keys.try_emplace(key, line, col);
      if (!inserted)
        return makeRunError(RunErrorKind::JSON, name + ":" + Twine(line) + ":" + Twine(col) +
                                                    ": duplicate key " + raw + " (first at " +
                                                    Twine(it->second.first) + ":" +
                                                    Twine(it->second.second) + ")");
    }
  }
  return Error::success();
}

Expected<json::Value> kdsl::parseJSONText(StringRef text, StringRef name) {
  // llvm::json's parser is recursive: reject absurd nesting up front.
  unsigned depth = 0, line = 1, col = 0;
  bool inString = false, escape = false;
  for (char c : text) {
    ++col;
    if (c == '\n') {
      ++line;
      col = 0;
    }
    if (inString) {
      if (escape)
        escape = false;
      else if (c == '\\')
        escape = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJSONDepth)
        return makeRunError(RunErrorKind::JSON, name + ":" + Twine(line) + ":" + Twine(col) +
                                                    ": nesting deeper than " +
                                                    Twine(kMaxJSONDepth) + " levels");
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }

  Expected<json::Value> value = json::parse(text);
  if (value) {
    if (Error e = checkDuplicateKeys(text, name))
      return std::move(e);
    return value;
  }
  std::string message = llvm::toString(value.takeError());
  // llvm::json: "[line:col, byte=N]: message".
  StringRef rest = message;
  if (rest.consume_front("[")) {
    size_t close = rest.find("]: ");
    if (close != StringRef::npos) {
      StringRef position = rest.take_front(close).split(',').first; // line:col
      return makeRunError(RunErrorKind::JSON,
                          name + ":" + position + ": " + rest.drop_front(close + 3));
    }
  }
  return makeRunError(RunErrorKind::JSON, name + ": " + message);
}

std::vector<std::string> kdsl::launchedKernelNames(const json::Value &spec) {
  std::vector<std::string> names;
  auto add = [&](const json::Value *launch) {
    const json::Object *obj = launch ? launch->getAsObject() : nullptr;
    if (std::optional<StringRef> name = obj ? obj->getString("kernel") : std::nullopt)
      if (!llvm::is_contained(names, *name))
        names.push_back(name->str());
  };
  add(&spec);
  if (const json::Object *root = spec.getAsObject())
    if (const json::Array *launches = root->getArray("launches"))
      for (const json::Value &l : *launches)
        add(&l);
  return names;
}
