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
llvm::Expected<json::Object> kdsl::synth::typedSpec(const json::Value &spec,
                                                    llvm::ArrayRef<ArgLayout> args) {
  const json::Object *o = spec.getAsObject();
  const json::Object *inputs = o ? o->getObject("inputs") : nullptr;
  if (!inputs)
    return llvm::createStringError("the spec has no \"inputs\"");
  json::Array dim;
  if (const json::Value *d = o->get("dim")) {
    if (const json::Array *list = d->getAsArray())
      dim = *list;
    else
      dim.push_back(*d);
  }
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
  return json::Object{{"kernel", o->getString("kernel").value_or("").str()},
                      {"dim", std::move(dim)},
                      {"args", std::move(outArgs)},
                      {"backward_seeds", std::move(seeds)}};
}
