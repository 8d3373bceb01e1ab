//===- SpecTypes.cpp - the types a launch spec gives generic kernels ------===//
//
// kdsl-run translates a generic kernel (typing.Any parameters) as the one
// instance its launch needs: the types come from the spec's arguments, as
// Warp infers them from wp.launch's (arrays: dtype and ndim; Python int and
// float: int32 and float32). Errors in the spec are left to LaunchPlan.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Runtime/LaunchSpec.h"

using namespace kdsl;
using llvm::StringRef;
namespace json = llvm::json;

/// Nesting depth of a JSON list (a scalar or object: 0).
static unsigned listDepth(const json::Value &v) {
  const json::Array *a = v.getAsArray();
  return a ? 1 + (a->empty() ? 0 : listDepth(a->front())) : 0;
}

/// `wp.array(dtype=wp.vec3f, ndim=2)` for an array descriptor, or "".
static std::string arrayType(const json::Value &desc) {
  const json::Object *obj = desc.getAsObject();
  std::string dtype = "float32";
  unsigned elemDepth = 0;
  if (obj)
    if (std::optional<StringRef> name = obj->getString("dtype")) {
      dtype = name->str();
      llvm::Expected<ElemType> t = parseDtype(*name);
      if (t)
        elemDepth = t->jsonDepth();
      else
        llvm::consumeError(t.takeError());
    }
  unsigned ndim = 0;
  if (desc.getAsArray()) {
    ndim = listDepth(desc);
  } else if (!obj) {
    return "";
  } else if (const json::Value *data = obj->get("data")) {
    ndim = listDepth(*data);
  } else {
    for (const char *init : {"zeros", "ones", "full"})
      if (const json::Value *shape = obj->get(init))
        ndim = shape->getAsArray() ? shape->getAsArray()->size() : 1;
  }
  if (desc.getAsArray() || obj->get("data"))
    ndim = ndim > elemDepth ? ndim - elemDepth : 0;
  if (ndim < 1 || ndim > 4)
    return "";
  // Warp value types are wp.NAME; anything else is a struct of the file.
  llvm::Expected<ElemType> t = parseDtype(dtype);
  bool warpType = static_cast<bool>(t);
  if (!t)
    llvm::consumeError(t.takeError());
  return "wp.array(dtype=" + (warpType ? "wp." + dtype : dtype) + ", ndim=" + std::to_string(ndim) +
         ")";
}

/// The Python spelling of one argument's type, or "" if it gives none.
static std::string argType(const json::Value &arg, const json::Object *arrays) {
  if (std::optional<StringRef> s = arg.getAsString()) {
    const json::Value *named =
        arrays && s->starts_with("@") ? arrays->get(s->drop_front()) : nullptr;
    return named ? arrayType(*named) : "";
  }
  if (arg.getAsBoolean())
    return "wp.bool";
  if (arg.getAsInteger())
    return "wp.int32";
  if (arg.getAsNumber())
    return "wp.float32";
  return arrayType(arg); // an inline descriptor or a bare nested list
}

/// `a=..., b=...` for one launch's arguments, or "" if one gives no type.
static std::string launchTypes(const json::Object *args, const json::Object *arrays) {
  std::string text;
  for (const auto &[name, value] : *args) {
    std::string t = argType(value, arrays);
    if (t.empty())
      return "";
    text += (text.empty() ? "" : ", ") + name.str() + "=" + t;
  }
  return text;
}

std::map<std::string, std::string> kdsl::specKernelTypes(const json::Value &spec) {
  std::map<std::string, std::string> out;
  const json::Object *root = spec.getAsObject();
  if (!root)
    return out;
  auto add = [&](const json::Object *launch, const char *argsKey, const json::Object *arrays) {
    std::optional<StringRef> kernel = launch ? launch->getString("kernel") : std::nullopt;
    const json::Object *args = launch ? launch->getObject(argsKey) : nullptr;
    if (!kernel || !args || out.count(kernel->str()))
      return;
    std::string text = launchTypes(args, arrays);
    if (!text.empty())
      out[kernel->str()] = text;
  };
  add(root, "inputs", nullptr);
  if (const json::Array *launches = root->getArray("launches"))
    for (const json::Value &l : *launches)
      add(l.getAsObject(), "args", root->getObject("arrays"));
  return out;
}
