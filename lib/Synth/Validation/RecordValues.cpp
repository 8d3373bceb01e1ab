//===- RecordValues.cpp - a record's spec, outputs and gradients ----------===//
#include "RecordValues.h"
#include "kdsl/Synth/Validation/StageTimes.h"

#include "kdsl/Dialect/Kdsl.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace kdsl;
using namespace kdsl::synth;
namespace json = llvm::json;

/// {"outputs", "grads"} of a plan after run().
llvm::Expected<json::Object> kdsl::synth::resultsOf(const LaunchPlan &plan) {
  std::string text;
  llvm::raw_string_ostream os(text);
  {
    json::OStream j(os);
    j.objectBegin();
    j.attributeBegin("outputs");
    plan.writeOutputs(j);
    j.attributeEnd();
    j.attributeBegin("grads");
    plan.writeGrads(j);
    j.attributeEnd();
    j.objectEnd();
  }
  auto parsed = json::parse(text);
  if (!parsed)
    return parsed.takeError();
  return std::move(*parsed->getAsObject());
}

/// validation.gradcheck of a passing gradient check (its worst component
/// over all arrays: the largest |a - n| / (rtol * max(|a|, |n|) + atol)), or
/// the failure.
llvm::Expected<json::Object> kdsl::synth::checkedGradients(LaunchPlan &plan, CpuModule &cpu,
                                                           const GradCheckOptions &check) {
  StageScope timer(Stage::GradCheck);
  auto results = checkGradients(plan, cpu, 1, check);
  if (!results)
    return results.takeError();
  const GradCheckResult *worst = nullptr;
  double worstRatio = -1;
  for (const GradCheckResult &r : *results) {
    if (r.failed)
      return llvm::createStringError(
          llvm::formatv("gradient of '{0}' component {1}: adjoint {2}, finite differences {3}",
                        r.array, r.worst, r.analytic, r.numeric)
              .str());
    if (r.worst < 0)
      continue;
    double diff = std::fabs(r.analytic - r.numeric);
    double ratio = diff / (r.rtol * std::max(std::fabs(r.analytic), std::fabs(r.numeric)) + r.atol);
    if (ratio > worstRatio) {
      worstRatio = ratio;
      worst = &r;
    }
  }
  double rtol = check.rtol.value_or(0), atol = check.atol.value_or(0);
  json::Object out{{"rtol", rtol}, {"atol", atol}};
  double analytic = 0, numeric = 0;
  if (worst) {
    analytic = worst->analytic;
    numeric = worst->numeric;
    out["rtol"] = worst->rtol;
    out["atol"] = worst->atol;
  }
  double diff = std::fabs(analytic - numeric),
         scale = std::max(std::fabs(analytic), std::fabs(numeric));
  out["analytic"] = analytic;
  out["numeric"] = numeric;
  out["abs_error"] = diff;
  out["rel_error"] = scale > 0 ? diff / scale : 0.0;
  out["ratio"] = std::max(0.0, worstRatio);
  return out;
}

std::vector<ArgLayout> kdsl::synth::argLayouts(const KernelInfo &k) {
  std::vector<ArgLayout> out;
  for (auto [name, type] : llvm::zip(k.argNames, k.argTypes)) {
    ArgLayout a;
    a.name = name;
    a.type = type;
    if (auto at = llvm::dyn_cast<ArrayType>(type)) {
      a.array = true;
      a.ndim = at.getNdim();
      a.elem = arrayElemTypeFromMLIR(at.getElementType());
    } else {
      a.elem = elemTypeFromMLIR(type);
    }
    out.push_back(std::move(a));
  }
  return out;
}

/// Appends the numbers of `v` (nested lists of elements; a struct element is
/// an object of its fields) to `out` in memory order, as floats. False for a
/// value that is no finite number.
static bool flatten(const json::Value &v, const ElemType &elem, json::Array &out) {
  if (const json::Array *list = v.getAsArray()) {
    for (const json::Value &e : *list)
      if (!flatten(e, elem, out))
        return false;
    return true;
  }
  if (const json::Object *o = v.getAsObject()) {
    if (elem.family != ElemType::Family::Struct)
      return false;
    for (const ElemField &f : structFields(elem)) {
      const json::Value *fv = o->get(f.name);
      if (!fv || !flatten(*fv, f.type, out))
        return false;
    }
    return true;
  }
  if (std::optional<bool> b = v.getAsBoolean()) {
    out.push_back(*b ? 1.0 : 0.0);
    return true;
  }
  std::optional<double> d = v.getAsNumber();
  if (!d || !std::isfinite(*d))
    return false;
  out.push_back(*d);
  return true;
}

static uint64_t scalarsPerElement(const ElemType &elem) {
  return elem.family == ElemType::Family::Struct ? scalarSlots(elem).size() : elem.numScalars();
}

/// {"name", "data"} per argument of `values` (an object by argument name),
/// in signature order, the data flattened. Fails on a value that is not a
/// finite number.
llvm::Expected<json::Array> kdsl::synth::flatValues(const json::Object &values,
                                                    llvm::ArrayRef<ArgLayout> args) {
  json::Array out;
  for (const ArgLayout &a : args) {
    const json::Value *v = values.get(a.name);
    if (!v)
      continue;
    json::Array data;
    if (!a.elem || !flatten(*v, *a.elem, data))
      return llvm::createStringError("'" + a.name + "': not a list of finite numbers: " +
                                     llvm::formatv("{0}", *v).str().substr(0, 200));
    out.push_back(json::Object{{"name", a.name}, {"data", std::move(data)}});
  }
  return out;
}

/// The record's `spec`: kdsl-run's short form made uniform: the launch
/// dimensions as a list, and per argument (in signature order) its name,
/// kind, dtype, shape, struct fields, requires_grad and flat float data.
static json::Array dimList(const json::Value *d) {
  json::Array dim;
  if (d) {
    if (const json::Array *list = d->getAsArray())
      dim = *list;
    else
      dim.push_back(*d);
  }
  return dim;
}

/// A launch's "tiled" and "block_dim" (kdsl-run's launch fields).
static void blockOf(const json::Object &launch, ProgramLayout::Launch &l) {
  l.tiled = launch.getBoolean("tiled").value_or(false);
  l.blockDim = launch.getInteger("block_dim").value_or(0);
}

llvm::Expected<ProgramLayout> kdsl::synth::programLayout(const json::Value &spec,
                                                         llvm::ArrayRef<KernelInfo> kernels) {
  ProgramLayout out;
  const json::Object *o = spec.getAsObject();
  if (!o)
    return llvm::createStringError("the spec is not an object");
  auto kernelInfo = [&](llvm::StringRef name) -> const KernelInfo * {
    for (const KernelInfo &k : kernels)
      if (k.name == name)
        return &k;
    return nullptr;
  };
  if (!o->get("launches")) {
    llvm::StringRef name = o->getString("kernel").value_or("");
    const KernelInfo *k = kernelInfo(name);
    if (!k)
      return llvm::createStringError("the module has no kernel '" + name.str() + "'");
    out.values = argLayouts(*k);
    ProgramLayout::Launch l{name.str(), dimList(o->get("dim")), {}};
    blockOf(*o, l);
    for (const ArgLayout &a : out.values)
      l.args.push_back({a.name, a.name});
    out.launches.push_back(std::move(l));
    return out;
  }
  out.general = true;
  const json::Array *launches = o->getArray("launches");
  if (!launches)
    return llvm::createStringError("\"launches\" is not a list");
  const json::Object *objects = o->getObject("objects");
  std::vector<ArgLayout> arrays, scalars;
  for (auto [index, launch] : llvm::enumerate(*launches)) {
    const json::Object *lo = launch.getAsObject();
    const json::Object *args = lo ? lo->getObject("args") : nullptr;
    llvm::StringRef name = lo ? lo->getString("kernel").value_or("") : "";
    const KernelInfo *k = kernelInfo(name);
    if (!k || !args)
      return llvm::createStringError("launch " + std::to_string(index) + ": no kernel or no args");
    ProgramLayout::Launch l{name.str(), dimList(lo->get("dim")), {}};
    blockOf(*lo, l);
    for (ArgLayout a : argLayouts(*k)) {
      const json::Value *v = args->get(a.name);
      if (!v)
        return llvm::createStringError("launch " + std::to_string(index) + ": no argument '" +
                                       a.name + "'");
      std::string param = a.name;
      if (auto ref = v->getAsString();
          ref && ref->starts_with("@") && objects && objects->get(ref->drop_front())) {
        // A structure the host builds (a hash grid, BVH, mesh or volume):
        // the parameter gets its id; the record names the object.
        l.args.push_back({param, ref->drop_front().str()});
        continue;
      } else if (ref && ref->starts_with("@")) {
        a.name = ref->drop_front().str();
        if (llvm::none_of(arrays, [&](const ArgLayout &x) { return x.name == a.name; }))
          arrays.push_back(a);
      } else {
        const json::Value *same = out.scalars.get(a.name);
        bool taken = llvm::any_of(arrays, [&](const ArgLayout &x) { return x.name == a.name; });
        if (taken || (same && *same != *v))
          a.name += "_" + std::to_string(index);
        if (!out.scalars.get(a.name)) {
          out.scalars[a.name] = *v;
          scalars.push_back(a);
        }
      }
      l.args.push_back({param, a.name});
    }
    out.launches.push_back(std::move(l));
  }
  // The arrays the objects are built from that no launch passes (a mesh's
  // points and indices): values of the record too, typed by their dtype.
  // (JSON objects have no order: by object name, then by field name.)
  auto sortedKeys = [](const json::Object &obj) {
    std::vector<std::string> keys;
    for (const auto &kv : obj)
      keys.push_back(kv.first.str());
    llvm::sort(keys);
    return keys;
  };
  if (objects)
    for (const std::string &objName : sortedKeys(*objects)) {
      const json::Object *kinds = objects->getObject(objName);
      if (!kinds || kinds->size() != 1)
        return llvm::createStringError("object '" + objName + "': not {kind: {...}}");
      const json::Object *build = kinds->begin()->second.getAsObject();
      if (!build)
        return llvm::createStringError("object '" + objName + "': no fields");
      for (const std::string &field : sortedKeys(*build)) {
        std::optional<llvm::StringRef> ref = build->getString(field);
        if (!ref || !ref->starts_with("@"))
          continue;
        std::string name = ref->drop_front().str();
        if (llvm::any_of(arrays, [&](const ArgLayout &x) { return x.name == name; }))
          continue;
        const json::Object *named = o->getObject("arrays");
        const json::Object *arr = named ? named->getObject(name) : nullptr;
        std::optional<llvm::StringRef> dtype = arr ? arr->getString("dtype") : std::nullopt;
        if (!dtype)
          return llvm::createStringError("object '" + objName + "': array '" + name +
                                         "' has no descriptor with a dtype");
        auto elem = parseDtype(*dtype);
        if (!elem)
          return elem.takeError();
        ArgLayout a;
        a.name = name;
        a.elem = *elem;
        a.array = true;
        a.ndim = kinds->begin()->first == "volume" ? 3 : 1;
        arrays.push_back(std::move(a));
      }
    }
  out.values = std::move(arrays);
  for (ArgLayout &a : scalars)
    out.values.push_back(std::move(a));
  return out;
}

/// The record's objects: per object of kdsl-run's "objects" (name order),
/// its name, kind and build fields, an array named by value name ("@p" ->
/// "p").
static json::Array objectList(const json::Object *objects) {
  json::Array out;
  if (!objects)
    return out;
  std::vector<std::string> names;
  for (const auto &kv : *objects)
    names.push_back(kv.first.str());
  llvm::sort(names);
  for (const std::string &name : names) {
    const json::Object *kinds = objects->getObject(name);
    if (!kinds || kinds->size() != 1)
      continue;
    json::Object build;
    if (const json::Object *fields = kinds->begin()->second.getAsObject())
      for (const auto &[field, v] : *fields) {
        std::optional<llvm::StringRef> ref = v.getAsString();
        build[field] = ref && ref->starts_with("@") ? json::Value(ref->drop_front().str()) : v;
      }
    out.push_back(json::Object{
        {"name", name}, {"kind", kinds->begin()->first.str()}, {"build", std::move(build)}});
  }
  return out;
}

llvm::Expected<json::Object> kdsl::synth::typedSpec(const json::Value &spec,
                                                    const ProgramLayout &layout) {
  llvm::ArrayRef<ArgLayout> args = layout.values;
  const json::Object *o = spec.getAsObject();
  json::Object merged;
  const json::Object *inputs = o ? o->getObject("inputs") : nullptr;
  if (layout.general && o) {
    // The named arrays' descriptors and the scalar arguments, by value name.
    if (const json::Object *arrays = o->getObject("arrays"))
      merged = *arrays;
    for (const auto &[name, v] : layout.scalars)
      merged[name] = v;
    inputs = &merged;
  }
  if (!inputs)
    return llvm::createStringError("the spec has no \"inputs\"");
  json::Array dim = layout.launches.empty() ? json::Array() : layout.launches.front().dim;
  json::Array outArgs;
  for (const ArgLayout &a : args) {
    const json::Value *in = inputs->get(a.name);
    if (!in || !a.elem)
      return llvm::createStringError("argument '" + a.name + "' has no input or no value type");
    const json::Object *desc = in->getAsObject();
    std::string dtype = a.elem->name();
    if (desc)
      if (auto given = desc->getString("dtype"))
        dtype = given->str();
    json::Array shape, data, fields;
    if (a.elem->family == ElemType::Family::Struct)
      for (const ElemField &f : structFields(*a.elem))
        fields.push_back(json::Object{{"name", f.name}, {"dtype", f.type.name()}});
    bool requiresGrad = false;
    if (a.array) {
      requiresGrad = desc && desc->getBoolean("requires_grad").value_or(false);
      const json::Value *values = desc ? desc->get("data") : in;
      if (values) {
        const json::Value *level = values;
        for (unsigned k = 0; k < a.ndim; ++k) {
          const json::Array *l = level ? level->getAsArray() : nullptr;
          if (!l)
            return llvm::createStringError("argument '" + a.name + "': data is not " +
                                           std::to_string(a.ndim) + "-D");
          shape.push_back(int64_t(l->size()));
          level = l->empty() ? nullptr : &l->front();
        }
        if (!flatten(*values, *a.elem, data))
          return llvm::createStringError("argument '" + a.name + "': data is not numbers");
      } else if (const json::Value *zeros = desc->get("zeros")) {
        uint64_t count = 1;
        auto addExtent = [&](const json::Value &e) {
          int64_t n = e.getAsInteger().value_or(0);
          shape.push_back(n);
          count *= uint64_t(std::max<int64_t>(n, 0));
        };
        if (const json::Array *l = zeros->getAsArray())
          for (const json::Value &e : *l)
            addExtent(e);
        else
          addExtent(*zeros);
        for (uint64_t n = count * scalarsPerElement(*a.elem); n > 0; --n)
          data.push_back(0.0);
      } else {
        return llvm::createStringError("argument '" + a.name + "': neither data nor zeros");
      }
    } else if (!flatten(*in, *a.elem, data)) {
      return llvm::createStringError("argument '" + a.name + "': not a number");
    }
    outArgs.push_back(json::Object{{"name", a.name},
                                   {"kind", a.array ? "array" : "scalar"},
                                   {"dtype", dtype},
                                   {"shape", std::move(shape)},
                                   {"fields", std::move(fields)},
                                   {"requires_grad", requiresGrad},
                                   {"data", std::move(data)}});
  }
  json::Array seeds;
  if (const json::Object *b = o->getObject("backward"))
    if (const json::Object *seed = b->getObject("seed")) {
      auto flat = flatValues(*seed, args);
      if (!flat)
        return flat.takeError();
      seeds = std::move(*flat);
    }
  json::Array launches;
  for (const ProgramLayout::Launch &l : layout.launches) {
    json::Array bound;
    for (auto &[param, value] : l.args)
      bound.push_back(json::Object{{"param", param}, {"value", value}});
    json::Object launch{
        {"kernel", l.kernel}, {"dim", json::Array(l.dim)}, {"args", std::move(bound)}};
    if (l.tiled)
      launch["tiled"] = true;
    if (l.blockDim > 0)
      launch["block_dim"] = l.blockDim;
    launches.push_back(std::move(launch));
  }
  json::Object typed{
      {"kernel", layout.launches.empty() ? std::string() : layout.launches.front().kernel},
      {"dim", std::move(dim)},
      {"args", std::move(outArgs)},
      {"launches", std::move(launches)},
      {"backward_seeds", std::move(seeds)}};
  if (const json::Object *objects = o ? o->getObject("objects") : nullptr)
    typed["objects"] = objectList(objects);
  return typed;
}
