//===- PlanBuilder.cpp - launch specs to launch plans -----------------------===//
#include "kdsl/Dialect/IndexedArray.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/Bvh.h"
#include "kdsl/Runtime/LaunchSpec.h"
#include "kdsl/Runtime/Mesh.h"
#include "kdsl/Runtime/Volume.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

using namespace kdsl;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
namespace json = llvm::json;

static Error specError(const Twine &message) { return makeRunError(RunErrorKind::Spec, message); }

//===----------------------------------------------------------------------===//
// Array descriptors
//===----------------------------------------------------------------------===//

namespace {

struct ArrayDesc {
  enum class Init { Data, Zeros, Ones, Full };
  Init init = Init::Zeros;
  const json::Value *data = nullptr;  // Data
  std::vector<int64_t> shape;         // Zeros, Ones, Full
  const json::Value *value = nullptr; // Full
  std::optional<ElemType> dtype;
  /// The "dtype" as written, and why it is no Warp value type: it may still
  /// name the struct of the kernel's array, which only the kernel knows.
  std::string dtypeName, dtypeError;
  bool requiresGrad = false;
  bool retainGrad = false;
};

} // namespace

static std::string joinNames(llvm::ArrayRef<std::string> names) {
  std::string s;
  for (const std::string &n : names)
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

/// An integral JSON number in [lo, hi] (|lo|, |hi| < 2^62).
static std::optional<int64_t> getInt(const json::Value &v, int64_t lo, int64_t hi) {
  std::optional<double> d = v.getAsNumber();
  if (!d || !(*d >= double(lo) && *d <= double(hi)))
    return std::nullopt;
  std::optional<int64_t> i = v.getAsInteger();
  if (!i || *i < lo || *i > hi)
    return std::nullopt;
  return i;
}

/// A shape: an int (1-d) or a list of 1 to 4 ints, each in [0, 2^31 - 1]
/// (Warp's array shapes are int32).
static Expected<std::vector<int64_t>> parseShape(const json::Value &v, StringRef what) {
  std::vector<int64_t> shape;
  const int64_t maxExtent = INT32_MAX;
  auto extent = [&](const json::Value &e) -> Error {
    if (e.kind() == json::Value::Number) {
      if (std::optional<double> d = e.getAsNumber(); d && *d < 0)
        return specError(what + ": extent " + shortJSON(e) + " is negative");
      if (std::optional<double> d = e.getAsNumber(); d && *d > double(maxExtent))
        return specError(what + ": extent " + shortJSON(e) +
                         " is too large (array extents are int32, at most 2147483647)");
      if (std::optional<int64_t> i = getInt(e, 0, maxExtent)) {
        shape.push_back(*i);
        return Error::success();
      }
    }
    return specError(what + ": extents must be non-negative integers, got " + describeJSONValue(e));
  };
  if (const json::Array *list = v.getAsArray()) {
    if (list->empty() || list->size() > 4)
      return specError(what + ": a shape has 1 to 4 extents, got " + Twine(list->size()));
    for (const json::Value &e : *list)
      if (Error err = extent(e))
        return std::move(err);
    return shape;
  }
  if (v.kind() == json::Value::Number) {
    if (Error err = extent(v))
      return std::move(err);
    return shape;
  }
  return specError(what + ": expected a shape (an integer or a list of 1 to 4 integers), got " +
                   describeJSONValue(v));
}

static Expected<ArrayDesc> parseArrayDesc(const json::Value &v, StringRef what) {
  ArrayDesc desc;
  if (v.getAsArray()) { // a bare nested list: {"data": list}
    desc.init = ArrayDesc::Init::Data;
    desc.data = &v;
    return desc;
  }
  const json::Object *obj = v.getAsObject();
  if (!obj)
    return specError(what +
                     ": expected an array descriptor ({\"data\": [...]}, {\"zeros\": "
                     "shape}, {\"ones\": shape} or {\"full\": shape, \"value\": v}), got " +
                     describeJSONValue(v));
  static const char *const known[] = {"data",  "zeros", "ones",          "full",
                                      "value", "dtype", "requires_grad", "retain_grad"};
  std::vector<std::string> unknown;
  for (const auto &kv : *obj)
    if (!llvm::is_contained(known, kv.first.str()))
      unknown.push_back(kv.first.str());
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    return specError(what + ": unknown key '" + unknown.front() +
                     "' in array descriptor (keys: data, zeros, ones, full, value, dtype, "
                     "requires_grad, retain_grad)");
  }
  std::vector<std::string> inits;
  for (const char *k : {"data", "zeros", "ones", "full"})
    if (obj->get(k))
      inits.push_back(k);
  if (inits.size() != 1)
    return specError(what +
                     ": an array descriptor has exactly one of \"data\", \"zeros\", "
                     "\"ones\" or \"full\"" +
                     (inits.empty() ? std::string() : ", got " + joinNames(inits)));
  StringRef init = inits.front();
  if (init == "data") {
    desc.init = ArrayDesc::Init::Data;
    desc.data = obj->get("data");
    if (!desc.data->getAsArray())
      return specError(what + ": \"data\" must be a (nested) list, got " +
                       describeJSONValue(*desc.data));
  } else {
    desc.init = init == "zeros"  ? ArrayDesc::Init::Zeros
                : init == "ones" ? ArrayDesc::Init::Ones
                                 : ArrayDesc::Init::Full;
    Expected<std::vector<int64_t>> shape =
        parseShape(*obj->get(init), (what + ": \"" + init + "\"").str());
    if (!shape)
      return shape.takeError();
    desc.shape = std::move(*shape);
  }
  desc.value = obj->get("value");
  if (desc.init == ArrayDesc::Init::Full && !desc.value)
    return specError(what + ": \"full\" needs a \"value\"");
  if (desc.init != ArrayDesc::Init::Full && desc.value)
    return specError(what + ": \"value\" goes with \"full\" only");
  if (const json::Value *dtype = obj->get("dtype")) {
    std::optional<StringRef> name = dtype->getAsString();
    if (!name)
      return specError(what + ": \"dtype\" must be a string, got " + describeJSONValue(*dtype));
    desc.dtypeName = name->str();
    if (Expected<ElemType> t = parseDtype(*name))
      desc.dtype = *t;
    else
      desc.dtypeError =
          takeRunError(prefixRunError(t.takeError(), what), RunErrorKind::Spec).second;
  }
  for (auto [key, flag] : {std::pair<const char *, bool *>{"requires_grad", &desc.requiresGrad},
                           {"retain_grad", &desc.retainGrad}}) {
    if (const json::Value *b = obj->get(key)) {
      std::optional<bool> value = b->getAsBoolean();
      if (!value)
        return specError(what + ": \"" + key + "\" must be true or false, got " +
                         describeJSONValue(*b));
      *flag = *value;
    }
  }
  return desc;
}

/// "x[1][0]"
static std::string indexPath(StringRef base, llvm::ArrayRef<int64_t> index) {
  std::string s = base.str();
  for (int64_t i : index)
    s += "[" + std::to_string(i) + "]";
  return s;
}

namespace {
/// Fills an array from nested lists, checking that they are rectangular.
struct DataFiller {
  HostArray &array;
  StringRef what;       // "array 'x'"
  StringRef name;       // "x" for index paths
  std::string kindText; // "a 2-d array of vec3f"
  llvm::SmallVector<int64_t, 4> index;
  int64_t flat = 0;

  Error fill(const json::Value &v, unsigned dim) {
    const ElemType &elem = array.elemType();
    if (dim == array.ndim()) {
      if (elem.family == ElemType::Family::Scalar && v.getAsArray())
        return specError(what + ": \"data\" is nested deeper than " + kindText + ": " +
                         indexPath(name, index) + " is a list");
      if (Error e = encodeElement(v, elem, array.element(flat)))
        return prefixRunError(std::move(e), what + ": " + indexPath(name, index));
      ++flat;
      return Error::success();
    }
    const json::Array *list = v.getAsArray();
    if (!list)
      return specError(what + ": \"data\" must be nested lists " + Twine(array.ndim()) +
                       " deep for " + kindText + ", but " + indexPath(name, index) + " is " +
                       describeJSONValue(v));
    int64_t expected = array.shape()[dim];
    if (int64_t(list->size()) != expected) {
      llvm::SmallVector<int64_t, 4> first(index.begin(), index.end());
      first.back() = 0;
      return specError(what + ": \"data\" is ragged: " + indexPath(name, index) + " has " +
                       Twine(list->size()) + " items but " + indexPath(name, first) + " has " +
                       Twine(expected));
    }
    for (int64_t i = 0; i < expected; ++i) {
      index.push_back(i);
      Error e = fill((*list)[size_t(i)], dim + 1);
      index.pop_back();
      if (e)
        return e;
    }
    return Error::success();
  }
};

/// What the kernel's declaration says of an integer argument's sign (MLIR
/// integers are signless; KernelInfo::argSigned, argUnsigned).
enum class DeclaredSign : uint8_t { Unknown, Signed, Unsigned };
} // namespace

static DeclaredSign declaredSign(const KernelInfo &k, size_t arg) {
  if (arg < k.argUnsigned.size() && k.argUnsigned[arg])
    return DeclaredSign::Unsigned;
  if (arg < k.argSigned.size() && k.argSigned[arg])
    return DeclaredSign::Signed;
  return DeclaredSign::Unknown;
}

/// An integer element type of the declared sign (I32 to U32 for unsigned);
/// its values are then checked against that type's range alone.
static void applySign(ElemType &t, DeclaredSign sign) {
  if (sign == DeclaredSign::Unknown || !isIntScalar(t.scalar))
    return;
  if (sign == DeclaredSign::Unsigned) {
    switch (t.scalar) {
    case ScalarKind::I8:
      t.scalar = ScalarKind::U8;
      break;
    case ScalarKind::I16:
      t.scalar = ScalarKind::U16;
      break;
    case ScalarKind::I32:
      t.scalar = ScalarKind::U32;
      break;
    case ScalarKind::I64:
      t.scalar = ScalarKind::U64;
      break;
    default:
      break;
    }
  }
  t.signKnown = true;
}

//===----------------------------------------------------------------------===//
// Building a plan
//===----------------------------------------------------------------------===//

namespace kdsl {

class PlanBuilder {
public:
  PlanBuilder(LaunchPlan &plan, llvm::ArrayRef<KernelInfo> kernels, const PlanOptions &options)
      : plan(plan), kernels(kernels), bytesLeft(options.maxBytes), maxBytes(options.maxBytes),
        fileKernels(options.fileKernels) {}

  Error build(const json::Value &spec);

private:
  struct LaunchInput {
    const KernelInfo *kernel = nullptr;
    const json::Object *args = nullptr;
    std::string what; // "launch 0 (kernel 'k')" or "" in the short form
    std::vector<int64_t> dims;
    std::vector<std::string> rebuildBefore; // objects ({"rebuild": name} entries)
    int64_t blockDim = 256;
    bool blockDimGiven = false; // the spec's "block_dim"
    bool tiled = false;
    int64_t lanesPerPoint = 1; // a lane-dependent tile kernel's (tiledDims)
  };
  /// An entry of "objects": {"hash_grid": {"dims", "points", "radius"}},
  /// {"bvh": {"lowers", "uppers"}} or {"mesh": {"points", "indices"}}.
  struct ObjectSpec {
    std::string name;
    std::string kind; // "hash_grid", "bvh" or "mesh"
    int64_t dims[3] = {1, 1, 1};
    double radius = 0;
    /// Its arrays by key ("points", "groups", ...): names of "arrays".
    std::map<std::string, std::string> arrays;
    /// A volume's numbers ("voxel_size", "min_world", ...) and .nvdb file.
    std::map<std::string, std::vector<double>> numbers;
    std::string path;
    HostObject *object = nullptr;
  };
  struct Named {
    std::string name;
    ArrayDesc desc;
    mlir::Type elemType; // set by the first binding
    unsigned ndim = 0;
    std::string firstUse;
    HostArray *array = nullptr;
    DeclaredSign declared = DeclaredSign::Unknown; // by the first binding's kernel
  };

  Error checkKeys(const json::Object &obj, llvm::ArrayRef<const char *> allowed, StringRef what);
  Error parseLaunch(const json::Object &obj, StringRef argsKey, std::string what);
  Error collectBindings(const json::Value &v, mlir::Type t, StringRef what, StringRef kernel);
  Error materializeNamed();
  Error parseObjects(const json::Value &v);
  Error createObjects();
  /// The object "@name" names, or an error naming `what`.
  Expected<HostObject *> objectRef(StringRef ref, StringRef what);
  Error encodeLaunch(const LaunchInput &in, LaunchPlan::Launch &launch);
  Error bindArray(const json::Value &v, ArrayType type, StringRef what,
                  llvm::ArrayRef<StringRef> fieldPath, StringRef argName, kdsl_array &out,
                  const HostArray *&bound);
  Expected<ElemType> resolveElem(const ArrayDesc &desc, ArrayType type, StringRef what);
  /// The signedness Warp declares for the kernel argument being bound, a
  /// top-level array (or scalar): without a "dtype", its integer elements
  /// are unsigned or signed, and values must be in that type's range.
  DeclaredSign declared = DeclaredSign::Unknown;
  /// The struct named `name` in the kernels' argument types, as an array
  /// element type (none if it holds arrays).
  std::optional<ElemType> structNamed(StringRef name) const;
  Expected<HostArray *> materialize(const ArrayDesc &desc, const ElemType &elem, unsigned ndim,
                                    StringRef what, StringRef name);
  Error parsePrint(const json::Value *print);
  Error parseBackward(const json::Value &v);
  Expected<HostArray *> gradFor(StringRef name, StringRef what);
  std::string argWhat(const LaunchInput &in, StringRef arg) const {
    std::string s = in.what.empty() ? "" : in.what + ", ";
    return s + "argument '" + arg.str() + "'";
  }

  LaunchPlan &plan;
  llvm::ArrayRef<KernelInfo> kernels;
  uint64_t bytesLeft;
  uint64_t maxBytes;
  std::vector<std::string> fileKernels;
  bool general = false;
  std::vector<LaunchInput> inputs;
  std::vector<Named> namedArrays;
  llvm::StringMap<size_t> namedIndex;
  std::vector<ObjectSpec> objectSpecs; // in name order
  llvm::StringMap<size_t> objectIndex;
  std::vector<std::string> pendingRebuilds; // before the next launch
  /// Short form: the array arguments, in argument order (output order).
  std::vector<std::string> shortOutputs;
  /// The output names of every array (general form: sorted), for grads.
  std::vector<std::string> allOutputs;
};

} // namespace kdsl

Error PlanBuilder::checkKeys(const json::Object &obj, llvm::ArrayRef<const char *> allowed,
                             StringRef what) {
  std::vector<std::string> unknown;
  for (const auto &kv : obj)
    if (!llvm::is_contained(allowed, kv.first.str()))
      unknown.push_back(kv.first.str());
  if (unknown.empty())
    return Error::success();
  std::sort(unknown.begin(), unknown.end());
  std::string keys;
  for (const char *k : allowed)
    keys += (keys.empty() ? "" : ", ") + std::string(k);
  return specError(what + "unknown key '" + unknown.front() + "' (expected " + keys + ")");
}

Error PlanBuilder::build(const json::Value &spec) {
  const json::Object *root = spec.getAsObject();
  if (!root)
    return specError("the spec must be a JSON object, got " + describeJSONValue(spec));
  bool hasKernel = root->get("kernel"), hasLaunches = root->get("launches");
  if (hasKernel && hasLaunches)
    return specError("the spec has both \"kernel\" (short form) and \"launches\" (general form)");
  if (!hasKernel && !hasLaunches)
    return specError("the spec needs \"kernel\" (short form: {\"kernel\", \"dim\", \"inputs\"}) "
                     "or \"launches\" (general form: {\"arrays\", \"launches\"})");
  general = hasLaunches;
  if (const json::Value *t = root->get("timeout")) {
    std::optional<double> seconds = t->getAsNumber();
    if (!seconds || !std::isfinite(*seconds) || *seconds <= 0)
      return specError("\"timeout\" must be a positive number of seconds, got " +
                       describeJSONValue(*t));
    plan.timeoutSeconds = *seconds;
  }

  if (!general) {
    if (Error e = checkKeys(
            *root,
            {"kernel", "dim", "inputs", "print", "backward", "timeout", "block_dim", "tiled"},
            "spec: "))
      return e;
    if (Error e = parseLaunch(*root, "inputs", ""))
      return e;
  } else {
    if (Error e = checkKeys(
            *root, {"arrays", "objects", "launches", "print", "backward", "timeout"}, "spec: "))
      return e;
    // Named arrays, in name order (JSON objects are unordered).
    if (const json::Value *arrays = root->get("arrays")) {
      const json::Object *obj = arrays->getAsObject();
      if (!obj)
        return specError("\"arrays\" must be an object of named array descriptors, got " +
                         describeJSONValue(*arrays));
      std::vector<std::string> names;
      for (const auto &kv : *obj)
        names.push_back(kv.first.str());
      std::sort(names.begin(), names.end());
      for (const std::string &name : names) {
        if (name.empty())
          return specError("\"arrays\": array names cannot be empty");
        Expected<ArrayDesc> desc = parseArrayDesc(*obj->get(name), "array '" + name + "'");
        if (!desc)
          return desc.takeError();
        namedIndex[name] = namedArrays.size();
        namedArrays.push_back(Named{name, std::move(*desc), {}, 0, "", nullptr});
      }
    }
    if (const json::Value *objects = root->get("objects"))
      if (Error e = parseObjects(*objects))
        return e;
    const json::Array *launches = root->get("launches")->getAsArray();
    if (!launches)
      return specError("\"launches\" must be a list of launches, got " +
                       describeJSONValue(*root->get("launches")));
    for (auto [i, l] : llvm::enumerate(*launches)) {
      std::string what = "launch " + std::to_string(i);
      const json::Object *obj = l.getAsObject();
      if (!obj)
        return specError(what + ": expected an object {\"kernel\", \"dim\", \"args\"}, got " +
                         describeJSONValue(l));
      if (const json::Value *r = obj->get("rebuild")) {
        // {"rebuild": "grid"}: rebuild a hash grid from its points' current values,
        // refit a BVH or mesh (HostObject::update).
        if (Error e = checkKeys(*obj, {"rebuild"}, what + ": "))
          return e;
        std::optional<StringRef> name = r->getAsString();
        if (!name || !objectIndex.count(*name))
          return specError(what + ": \"rebuild\" must name an object of \"objects\", got " +
                           describeJSONValue(*r));
        pendingRebuilds.push_back(name->str());
        continue;
      }
      if (Error e = checkKeys(*obj, {"kernel", "dim", "args", "block_dim", "tiled"}, what + ": "))
        return e;
      if (Error e = parseLaunch(*obj, "args", what))
        return e;
    }
    if (Error e = materializeNamed())
      return e;
    if (Error e = createObjects())
      return e;
  }

  plan.launchList.reserve(inputs.size());
  for (const LaunchInput &in : inputs) {
    plan.launchList.emplace_back();
    if (Error e = encodeLaunch(in, plan.launchList.back()))
      return e;
    for (const std::string &r : in.rebuildBefore)
      plan.launchList.back().rebuildBefore.push_back(objectSpecs[objectIndex.lookup(r)].object);
  }
  for (const std::string &r : pendingRebuilds)
    plan.rebuildAtEnd.push_back(objectSpecs[objectIndex.lookup(r)].object);
  if (Error e = parsePrint(root->get("print")))
    return e;
  if (const json::Value *b = root->get("backward"))
    return parseBackward(*b);
  return Error::success();
}

/// A tiled launch (wp.launch_tiled(k, dim=D, block_dim=B)) is the launch of
/// D + (B,): a kernel whose wp.tid() gives len(D) + 1 indices gets the lane
/// as the last. A tile kernel that does not depend on its lanes runs one
/// lane per block (kdsl-lower-tiles' redundant form: the lane computes every
/// tile element, the same result as B lanes); a lane-dependent one
/// (KernelInfo::lanes) runs its B lanes in each block, `lanesPerPoint` per
/// grid point (B when wp.tid() gives len(D) indices, the block's
/// coordinates; else 1); other kernels run their B lanes. A kernel whose
/// wp.tid() gives len(D) indices runs over D.
static Error tiledDims(bool tiled, const json::Value *blockDimKey, int64_t blockDim,
                       const KernelInfo &kernel, const json::Value &dv, const std::string &prefix,
                       std::vector<int64_t> &dims, int64_t &lanesPerPoint) {
  lanesPerPoint = 1;
  if (!tiled)
    return Error::success();
  if (!blockDimKey)
    return specError(prefix + "\"tiled\": true needs \"block_dim\" (as wp.launch_tiled)");
  if (dims.size() > 3)
    return specError(prefix + "a tiled launch takes 1 to 3 dimensions (wp.launch_tiled), \"dim\" " +
                     shortJSON(dv) + " has " + Twine(dims.size()));
  if (kernel.launchDims != dims.size() + 1) {
    if (kernel.lanes)
      lanesPerPoint = blockDim;
    return Error::success();
  }
  if (kernel.tiles && !kernel.lanes) {
    bool laneUsed = kernel.tidUsed.size() != kernel.launchDims || kernel.tidUsed.back();
    if (laneUsed)
      return specError(prefix + "kernel '" + kernel.name +
                       "' reads the lane index (its last wp.tid() index) of a tiled launch: "
                       "lane-dependent tile kernels are not supported yet (docs/design/tiles.md)");
    dims.push_back(1);
  } else {
    dims.push_back(blockDim);
  }
  return Error::success();
}

Error PlanBuilder::parseLaunch(const json::Object &obj, StringRef argsKey, std::string what) {
  std::string prefix = what.empty() ? "" : what + ": ";
  // Kernel.
  const json::Value *kv = obj.get("kernel");
  if (!kv)
    return specError(prefix + "missing \"kernel\"");
  std::optional<StringRef> name = kv->getAsString();
  if (!name)
    return specError(prefix + "\"kernel\" must be a kernel name, got " + describeJSONValue(*kv));
  const KernelInfo *kernel = nullptr;
  for (const KernelInfo &k : kernels)
    if (k.name == *name)
      kernel = &k;
  if (!kernel) {
    std::vector<std::string> names = fileKernels;
    if (names.empty())
      for (const KernelInfo &k : kernels)
        names.push_back(k.name);
    return specError(prefix + "unknown kernel '" + *name + "'" +
                     (names.empty() ? std::string(" (the file defines no kernels)")
                                    : " (kernels: " + joinNames(names) + ")"));
  }
  if (!what.empty())
    what += " (kernel '" + kernel->name + "')";
  prefix = what.empty() ? "" : what + ": ";

  // Arguments: exactly the kernel's.
  static const json::Object empty;
  const json::Object *args = &empty;
  if (const json::Value *a = obj.get(argsKey)) {
    args = a->getAsObject();
    if (!args)
      return specError(prefix + "\"" + argsKey + "\" must be an object of arguments by name, got " +
                       describeJSONValue(*a));
  }

  // Launch dims.
  const json::Value *dv = obj.get("dim");
  if (!dv)
    return specError(prefix + "missing \"dim\" (the launch dimensions: an integer or a list of "
                              "1 to 4 integers)");
  std::vector<int64_t> dims;
  const int64_t maxDim = std::numeric_limits<int32_t>::max();
  auto dimError = [&]() {
    return specError(prefix +
                     "\"dim\" must be an integer or a list of 1 to 4 integers, each from "
                     "0 to 2147483647 (thread indices are int32), got " +
                     shortJSON(*dv));
  };
  if (const json::Array *list = dv->getAsArray()) {
    if (list->empty() || list->size() > 4)
      return dimError();
    for (const json::Value &e : *list) {
      std::optional<int64_t> d = getInt(e, 0, maxDim);
      if (!d)
        return dimError();
      dims.push_back(*d);
    }
  } else if (std::optional<int64_t> d = getInt(*dv, 0, maxDim)) {
    dims.push_back(*d);
  } else {
    return dimError();
  }
  // wp.launch(..., block_dim=B) and wp.launch_tiled(..., dim=D, block_dim=B).
  int64_t blockDim = 256; // Warp's wp.launch default
  bool tiled = false;
  if (const json::Value *bv = obj.get("block_dim")) {
    std::optional<int64_t> b = getInt(*bv, 1, 1024);
    if (!b)
      return specError(prefix + "\"block_dim\" must be an integer from 1 to 1024, got " +
                       shortJSON(*bv));
    blockDim = *b;
  }
  if (const json::Value *tv = obj.get("tiled")) {
    std::optional<bool> t = tv->getAsBoolean();
    if (!t)
      return specError(prefix + "\"tiled\" must be true or false, got " + shortJSON(*tv));
    tiled = *t;
  }
  int64_t lanesPerPoint = 1;
  if (Error e = tiledDims(tiled, obj.get("block_dim"), blockDim, *kernel, *dv, prefix, dims,
                          lanesPerPoint))
    return e;
  if (dims.size() != kernel->launchDims)
    return specError(prefix + "kernel '" + kernel->name + "' is launched over " +
                     Twine(kernel->launchDims) + " dimension" +
                     (kernel->launchDims == 1 ? "" : "s") + " (its wp.tid() gives " +
                     Twine(kernel->launchDims) + " index" + (kernel->launchDims == 1 ? "" : "es") +
                     "), but \"dim\" " + shortJSON(*dv) + " has " + Twine(dims.size()));
  int64_t total = 1;
  for (int64_t d : dims)
    if (__builtin_mul_overflow(total, d, &total))
      return specError(prefix + "\"dim\" " + shortJSON(*dv) + " has more than 2^63 threads");
  // A lane-dependent tile kernel's blocks are whole (Warp's are undefined
  // otherwise: the missing lanes never reach the block's tile operations).
  if (kernel->lanes && (total * lanesPerPoint) % blockDim != 0)
    return specError(prefix + "kernel '" + kernel->name +
                     "' depends on its blocks' lanes (wp.tile, wp.untile, wp.block_dim(), ...): "
                     "its " +
                     Twine(total) + " threads must be a multiple of \"block_dim\" " +
                     Twine(blockDim) + " (docs/design/tiles.md)");

  std::vector<std::string> extra;
  for (const auto &a : *args)
    if (!llvm::is_contained(kernel->argNames, a.first.str()))
      extra.push_back(a.first.str());
  if (!extra.empty()) {
    std::sort(extra.begin(), extra.end());
    return specError(prefix + "kernel '" + kernel->name + "' has no argument '" + extra.front() +
                     "' (arguments: " + joinNames(kernel->argNames) + ")");
  }
  for (const std::string &arg : kernel->argNames)
    if (!args->get(arg))
      return specError(prefix + "missing argument '" + arg + "' of kernel '" + kernel->name +
                       "' (arguments: " + joinNames(kernel->argNames) + ")");

  LaunchInput in;
  in.kernel = kernel;
  in.args = args;
  in.what = what;
  in.dims = dims;
  in.rebuildBefore = std::move(pendingRebuilds);
  pendingRebuilds.clear();
  in.blockDim = blockDim;
  in.blockDimGiven = obj.get("block_dim") != nullptr;
  in.tiled = tiled;
  in.lanesPerPoint = lanesPerPoint;
  // Check the argument types now (before anything is allocated), and collect
  // the uses of named arrays.
  for (auto [arg, type] : llvm::zip(kernel->argNames, kernel->argTypes)) {
    std::string argWhatText = argWhat(in, arg);
    Expected<Layout> layout = layoutOf(type);
    if (!layout)
      return prefixRunError(layout.takeError(), argWhatText);
    if (auto at = llvm::dyn_cast<ArrayType>(type);
        at && !arrayElemTypeFromMLIR(at.getElementType()))
      return specError(argWhatText + ": arrays of " + describeType(at.getElementType()) +
                       " are not supported by kdsl-run (a struct array element holds no arrays)");
    if (general) {
      size_t index = &arg - kernel->argNames.data();
      declared = declaredSign(*kernel, index);
      Error e = collectBindings(*args->get(arg), type, argWhatText, kernel->name);
      declared = DeclaredSign::Unknown;
      if (e)
        return e;
    }
  }
  inputs.push_back(std::move(in));
  return Error::success();
}

Error PlanBuilder::collectBindings(const json::Value &v, mlir::Type t, StringRef what,
                                   StringRef kernel) {
  if (auto at = llvm::dyn_cast<ArrayType>(t)) {
    std::optional<StringRef> ref = v.getAsString();
    if (!ref || !ref->starts_with("@"))
      return Error::success(); // an inline descriptor (checked when encoding)
    StringRef name = ref->drop_front();
    auto it = namedIndex.find(name);
    if (it == namedIndex.end()) {
      std::vector<std::string> names;
      for (const Named &n : namedArrays)
        names.push_back(n.name);
      return specError(what + ": no array named '" + name + "' in \"arrays\"" +
                       (names.empty() ? std::string() : " (arrays: " + joinNames(names) + ")"));
    }
    Named &n = namedArrays[it->second];
    std::string use = what.str();
    if (!n.elemType) {
      n.elemType = at.getElementType();
      n.ndim = at.getNdim();
      n.firstUse = use;
      n.declared = declared;
    } else if (n.elemType != at.getElementType() || n.ndim != at.getNdim()) {
      return specError("array '" + n.name + "' is used as " +
                       describeType(ArrayType::get(n.elemType.getContext(), n.elemType, n.ndim)) +
                       " by " + n.firstUse + " and as " + describeType(t) + " by " + use);
    }
    return Error::success();
  }
  if (auto st = llvm::dyn_cast<StructType>(t)) {
    if (indexedArrayDataType(st)) { // its data and index arrays, as fields
      Expected<json::Value> fields = indexedArrayFields(v, st, what);
      if (!fields)
        return fields.takeError();
      for (auto [name, type] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
        if (Error e = collectBindings(*fields->getAsObject()->get(name.getValue()), type,
                                      (what + ", field '" + name.getValue() + "'").str(), kernel))
          return e;
      return Error::success();
    }
    const json::Object *obj = v.getAsObject();
    if (!obj)
      return Error::success();        // reported when encoding
    declared = DeclaredSign::Unknown; // struct fields keep no signedness
    for (auto [name, type] : llvm::zip(st.getFieldNames(), st.getFieldTypes()))
      if (const json::Value *field = obj->get(name.getValue()))
        if (Error e = collectBindings(*field, type,
                                      (what + ", field '" + name.getValue() + "'").str(), kernel))
          return e;
  }
  return Error::success();
}

/// Appends the struct types in `t` (arrays' elements and fields too).
static void collectStructs(mlir::Type t, llvm::SmallVectorImpl<StructType> &out) {
  if (auto a = llvm::dyn_cast<ArrayType>(t))
    return collectStructs(a.getElementType(), out);
  if (auto s = llvm::dyn_cast<StructType>(t)) {
    out.push_back(s);
    for (mlir::Type f : s.getFieldTypes())
      collectStructs(f, out);
  }
}

std::optional<ElemType> PlanBuilder::structNamed(StringRef name) const {
  if (name.empty())
    return std::nullopt;
  llvm::SmallVector<StructType> structs;
  for (const KernelInfo &k : kernels)
    for (mlir::Type t : k.argTypes)
      collectStructs(t, structs);
  for (StructType s : structs)
    if (s.getName() == name)
      return arrayElemTypeFromMLIR(s);
  return std::nullopt;
}

Expected<ElemType> PlanBuilder::resolveElem(const ArrayDesc &desc, ArrayType type, StringRef what) {
  mlir::Type elemType = type.getElementType();
  std::optional<ElemType> fromType = arrayElemTypeFromMLIR(elemType);
  if (!fromType)
    return specError(what + ": arrays of " + describeType(elemType) +
                     " are not supported by kdsl-run (a struct array element holds no arrays)");
  if (fromType->family == ElemType::Family::Struct) {
    if (!desc.dtypeName.empty() && desc.dtypeName != fromType->name())
      return specError(what + ": \"dtype\" " + desc.dtypeName +
                       " does not match the kernel argument's element type " + fromType->name() +
                       " (" + describeType(type) + ")");
    return *fromType;
  }
  if (!desc.dtypeError.empty())
    return specError(desc.dtypeError);
  if (!desc.dtype) {
    // MLIR integers are signless: the kernel's declaration says which.
    ElemType t = *fromType;
    applySign(t, declared);
    return t;
  }
  if (!desc.dtype->matches(elemType))
    return specError(what + ": \"dtype\" " + desc.dtype->name() +
                     " does not match the kernel argument's element type " + fromType->name() +
                     " (" + describeType(type) + ")");
  return *desc.dtype;
}

Expected<HostArray *> PlanBuilder::materialize(const ArrayDesc &desc, const ElemType &elem,
                                               unsigned ndim, StringRef what, StringRef name) {
  std::string kindText = "a " + std::to_string(ndim) + "-d array of " + elem.name();
  std::vector<int64_t> shape;
  if (desc.init == ArrayDesc::Init::Data) {
    const json::Value *cur = desc.data;
    llvm::SmallVector<int64_t, 4> index;
    for (unsigned d = 0; d < ndim; ++d) {
      const json::Array *list = cur->getAsArray();
      if (!list)
        return specError(what + ": \"data\" must be nested lists " + Twine(ndim) + " deep for " +
                         kindText + ", but " + indexPath(name, index) + " is " +
                         describeJSONValue(*cur));
      shape.push_back(int64_t(list->size()));
      if (list->empty()) {
        shape.resize(ndim, 0);
        break;
      }
      cur = &(*list)[0];
      index.push_back(0);
    }
  } else {
    shape = desc.shape;
    if (shape.size() != ndim)
      return specError(what + ": shape " + formatShape(shape) + " has " + Twine(shape.size()) +
                       " dimension" + (shape.size() == 1 ? "" : "s") + ", but the kernel takes " +
                       kindText);
  }

  // The byte limit is for all arrays of the plan together.
  uint64_t count = 1, bytes = 0;
  bool overflow = false;
  for (int64_t d : shape)
    overflow |= __builtin_mul_overflow(count, uint64_t(d), &count);
  overflow |= __builtin_mul_overflow(count, elem.size(), &bytes);
  if (overflow || bytes > bytesLeft)
    return specError(
        what + ": an array of shape " + formatShape(shape) + " and dtype " + elem.name() +
        " needs " + (overflow ? std::string("more than 2^64") : std::to_string(bytes)) +
        " bytes, more than " +
        (bytesLeft == maxBytes ? std::string("the limit of ")
                               : std::to_string(bytesLeft) + " bytes left of the limit of ") +
        formatBytes(maxBytes) + " for all arrays together");
  Expected<std::unique_ptr<HostArray>> allocated = HostArray::allocate(elem, shape, bytesLeft);
  if (!allocated)
    return prefixRunError(allocated.takeError(), what);
  HostArray &array = **allocated;
  bytesLeft -= array.byteSize();
  array.requiresGrad = desc.requiresGrad;
  array.retainGrad = desc.retainGrad;

  switch (desc.init) {
  case ArrayDesc::Init::Zeros:
    break;
  case ArrayDesc::Init::Ones:
  case ArrayDesc::Init::Full: {
    if (desc.init == ArrayDesc::Init::Ones && elem.family == ElemType::Family::Struct)
      return specError(what + ": \"ones\" is for numeric dtypes; an array of struct " +
                       elem.name() + " takes \"zeros\", \"data\" or \"full\" with an object");
    std::vector<char> element(size_t(elem.size()), 0);
    json::Value one(int64_t(1));
    const json::Value &value = desc.init == ArrayDesc::Init::Ones ? one : *desc.value;
    if (Error e = encodeElementOrBroadcast(value, elem, element.data()))
      return prefixRunError(std::move(e), what + ": \"value\"");
    if (llvm::any_of(element, [](char c) { return c != 0; }))
      for (int64_t i = 0, n = array.numElements(); i < n; ++i)
        std::memcpy(array.element(i), element.data(), element.size());
    break;
  }
  case ArrayDesc::Init::Data: {
    DataFiller filler{array, what, name, kindText, {}, 0};
    if (Error e = filler.fill(*desc.data, 0))
      return std::move(e);
    break;
  }
  }
  plan.arrays.push_back(std::move(*allocated));
  return plan.arrays.back().get();
}

Error PlanBuilder::materializeNamed() {
  for (Named &n : namedArrays) {
    std::string what = "array '" + n.name + "'";
    ElemType elem;
    unsigned ndim;
    if (n.elemType) {
      // Bound to kernel arguments: their type decides.
      ArrayType type = ArrayType::get(n.elemType.getContext(), n.elemType, n.ndim);
      declared = n.declared;
      Expected<ElemType> resolved =
          resolveElem(n.desc, type, what + " (used by " + n.firstUse + ")");
      declared = DeclaredSign::Unknown;
      if (!resolved)
        return resolved.takeError();
      elem = *resolved;
      ndim = n.ndim;
    } else {
      // Not used by any launch: the descriptor alone decides; a dtype that
      // is no Warp value type may name a struct of the kernels.
      std::optional<ElemType> structElem = structNamed(n.desc.dtypeName);
      if (!n.desc.dtypeError.empty() && !structElem)
        return specError(n.desc.dtypeError);
      elem = structElem     ? *structElem
             : n.desc.dtype ? *n.desc.dtype
                            : ElemType::makeScalar(ScalarKind::F32);
      if (n.desc.init == ArrayDesc::Init::Data) {
        unsigned depth = 0;
        for (const json::Value *cur = n.desc.data; const json::Array *list = cur->getAsArray();) {
          ++depth;
          if (list->empty())
            break;
          cur = &(*list)[0];
        }
        if (depth <= elem.jsonDepth() || depth - elem.jsonDepth() > 4)
          return specError(what + ": cannot tell the shape of \"data\" nested " + Twine(depth) +
                           " deep for dtype " + elem.name() +
                           " (the array is not used by any launch)");
        ndim = depth - elem.jsonDepth();
      } else {
        ndim = unsigned(n.desc.shape.size());
      }
    }
    Expected<HostArray *> array = materialize(n.desc, elem, ndim, what, n.name);
    if (!array)
      return array.takeError();
    n.array = *array;
    plan.named[n.name] = n.array;
  }
  return Error::success();
}

Error PlanBuilder::bindArray(const json::Value &v, ArrayType type, StringRef what,
                             llvm::ArrayRef<StringRef> fieldPath, StringRef argName,
                             kdsl_array &out, const HostArray *&bound) {
  // None, as in Warp: an array without storage (`if arr:` is false).
  if (v.kind() == json::Value::Null) {
    out = kdsl_array{};
    bound = nullptr;
    plan.nullArrays = true;
    return Error::success();
  }
  if (std::optional<StringRef> ref = v.getAsString()) {
    if (!ref->starts_with("@"))
      return specError(what + ": expected an array descriptor or \"@name\", got " +
                       describeJSONValue(v));
    if (!general)
      return specError(what + ": named arrays (\"" + *ref +
                       "\") need the general form ({\"arrays\": ..., \"launches\": ...})");
    auto it = namedIndex.find(ref->drop_front());
    if (it == namedIndex.end() || !namedArrays[it->second].array)
      return specError(what + ": no array named '" + ref->drop_front() + "' in \"arrays\"");
    out = namedArrays[it->second].array->view();
    bound = namedArrays[it->second].array;
    return Error::success();
  }
  Expected<ArrayDesc> desc = parseArrayDesc(v, what);
  if (!desc)
    return desc.takeError();
  Expected<ElemType> elem = resolveElem(*desc, type, what);
  if (!elem)
    return elem.takeError();
  // Output name (short form): the argument, then struct fields: "p.buf".
  std::string name = argName.str();
  for (StringRef f : fieldPath)
    name += "." + f.str();
  Expected<HostArray *> array = materialize(*desc, *elem, type.getNdim(), what, name);
  if (!array)
    return array.takeError();
  out = (*array)->view();
  bound = *array;
  if (!general) {
    plan.named[name] = *array;
    shortOutputs.push_back(name);
  }
  return Error::success();
}

Error PlanBuilder::encodeLaunch(const LaunchInput &in, LaunchPlan::Launch &launch) {
  launch.kernel = in.kernel->name;
  launch.ndims = unsigned(in.dims.size());
  launch.blockDim = in.blockDim;
  launch.tiled = in.tiled;
  launch.blockDimGiven = in.blockDimGiven;
  launch.lanes = in.kernel->lanes;
  for (auto [i, d] : llvm::enumerate(in.dims))
    launch.dims[i] = d;
  launch.dims[4] = in.blockDim;
  launch.dims[5] = in.lanesPerPoint;
  size_t n = in.kernel->argNames.size();
  launch.storage.resize(n);
  launch.args.resize(n);
  for (size_t i = 0; i < n; ++i) {
    StringRef arg = in.kernel->argNames[i];
    mlir::Type type = in.kernel->argTypes[i];
    Expected<Layout> layout = layoutOf(type);
    if (!layout)
      return layout.takeError();
    launch.storage[i].assign(size_t(std::max<uint64_t>(1, (layout->size + 7) / 8)), 0);
    launch.args[i] = launch.storage[i].data();
    std::string what = argWhat(in, arg);
    auto binder = [&](const json::Value &v, ArrayType at, StringRef w,
                      llvm::ArrayRef<StringRef> path, uint64_t offset, kdsl_array &out) -> Error {
      const HostArray *bound = nullptr;
      declared = path.empty() ? declaredSign(*in.kernel, i) : DeclaredSign::Unknown;
      Error e = bindArray(v, at, w, path, arg, out, bound);
      declared = DeclaredSign::Unknown;
      if (e)
        return e;
      if (bound) // a None array views nothing
        launch.arrayUses.push_back({unsigned(i), offset, bound});
      return Error::success();
    };
    // "@grid": the id of an object (a wp.uint64 argument).
    if (std::optional<StringRef> ref = in.args->get(arg)->getAsString();
        ref && ref->starts_with("@") && !llvm::isa<ArrayType, StructType>(type)) {
      if (!type.isInteger(64))
        return specError(what + ": \"" + *ref +
                         "\" names an object, which a wp.uint64 argument "
                         "takes; this argument is " +
                         describeType(type));
      Expected<HostObject *> object = objectRef(*ref, what);
      if (!object)
        return object.takeError();
      uint64_t id = (*object)->id();
      std::memcpy(launch.storage[i].data(), &id, sizeof id);
      launch.objectUses.push_back({unsigned(i), 0, *object});
      continue;
    }
    // An integer scalar, vector or matrix argument: in the range of the
    // signedness Warp declares (a uint8 holds 0..255, an int8 -128..127).
    if (std::optional<ElemType> elem = elemTypeFromMLIR(type);
        elem && isIntScalar(elem->scalar) && declaredSign(*in.kernel, i) != DeclaredSign::Unknown) {
      applySign(*elem, declaredSign(*in.kernel, i));
      if (Error e = encodeElement(*in.args->get(arg), *elem,
                                  reinterpret_cast<char *>(launch.storage[i].data())))
        return prefixRunError(std::move(e), what);
      continue;
    }
    if (Error e = encodeValue(*in.args->get(arg), type,
                              reinterpret_cast<char *>(launch.storage[i].data()), what, binder))
      return e;
  }
  return Error::success();
}

Error PlanBuilder::parsePrint(const json::Value *print) {
  std::vector<std::string> all;
  if (general) {
    for (const Named &n : namedArrays)
      all.push_back(n.name); // already sorted
  } else {
    all = shortOutputs;
  }
  allOutputs = all;
  if (!print) {
    plan.printed = all;
    return Error::success();
  }
  const json::Array *list = print->getAsArray();
  if (!list)
    return specError("\"print\" must be a list of array names, got " + describeJSONValue(*print));
  llvm::StringSet<> seen;
  for (const json::Value &v : *list) {
    std::optional<StringRef> name = v.getAsString();
    if (!name)
      return specError("\"print\" must be a list of array names, got " + describeJSONValue(v) +
                       " in it");
    if (!plan.named.count(*name))
      return specError("\"print\": no array named '" + *name + "'" +
                       (all.empty() ? std::string() : " (arrays: " + joinNames(all) + ")"));
    if (seen.insert(*name).second)
      plan.printed.push_back(name->str());
  }
  return Error::success();
}

Expected<HostArray *> PlanBuilder::gradFor(StringRef name, StringRef what) {
  HostArray *a = plan.array(name);
  if (!a)
    return specError(
        what + ": no array named '" + name + "'" +
        (allOutputs.empty() ? std::string() : " (arrays: " + joinNames(allOutputs) + ")"));
  return plan.gradOf.lookup(a);
}

/// "backward": {"loss": "name"} or {"seed": {"name": data, ...}}. Every array
/// gets a zero-filled gradient of its shape; each launch gets an adjoint
/// launch whose adjoint arguments view those gradients.
Error PlanBuilder::parseBackward(const json::Value &v) {
  const json::Object *obj = v.getAsObject();
  if (!obj)
    return specError("\"backward\" must be {\"loss\": name} or {\"seed\": {name: data}}, got " +
                     describeJSONValue(v));
  if (Error e = checkKeys(*obj, {"loss", "seed"}, "\"backward\": "))
    return e;
  if (bool(obj->get("loss")) == bool(obj->get("seed")))
    return specError("\"backward\" needs exactly one of \"loss\" and \"seed\"");
  plan.backward = true;
  for (const LaunchInput &in : inputs)
    if (!in.kernel->enableBackward)
      return specError("\"backward\": kernel '" + in.kernel->name + "' has enable_backward=False");

  for (const std::unique_ptr<HostArray> &a : plan.arrays) {
    if (a->byteSize() > bytesLeft)
      return specError("\"backward\": the gradients exceed the size limit of " + Twine(maxBytes) +
                       " bytes");
    Expected<std::unique_ptr<HostArray>> g =
        HostArray::allocate(a->elemType(), a->shape(), bytesLeft);
    if (!g)
      return g.takeError();
    bytesLeft -= a->byteSize();
    plan.gradOf[a.get()] = g->get();
    plan.grads.push_back(std::move(*g));
  }

  // One array passed through two arguments of a launch that writes one of
  // them is an in-place update the kernel cannot see: its adjoint treats the
  // two as distinct arrays (and their gradients as two accumulators), so the
  // gradients would be wrong without a word (Warp's too). Refuse it.
  for (const auto &[li, fwd] : llvm::enumerate(plan.launchList)) {
    const KernelInfo &info = *inputs[li].kernel;
    auto argName = [&](unsigned arg) {
      return arg < info.argNames.size() ? info.argNames[arg] : "#" + std::to_string(arg);
    };
    auto writes = [&](unsigned arg) {
      return arg < info.argWritten.size() && info.argWritten[arg];
    };
    for (size_t i = 0; i < fwd.arrayUses.size(); ++i)
      for (size_t j = i + 1; j < fwd.arrayUses.size(); ++j) {
        const LaunchPlan::Launch::ArrayUse &a = fwd.arrayUses[i], &b = fwd.arrayUses[j];
        if (a.array != b.array || (a.arg == b.arg && a.offset == b.offset) ||
            (!writes(a.arg) && !writes(b.arg)))
          continue;
        std::string what = inputs[li].what.empty() ? "kernel '" + info.name + "'" : inputs[li].what;
        return specError(
            "\"backward\": " + what + " gets one array through arguments '" + argName(a.arg) +
            "' and '" + argName(b.arg) + "' and writes '" + argName(writes(b.arg) ? b.arg : a.arg) +
            "': the adjoint would treat them as two arrays and its gradients would be wrong; "
            "pass a copy of the array to one of them");
      }
  }

  // Adjoint launches, last launch first: the arguments, then their adjoints.
  llvm::DenseSet<const HostArray *> &written = plan.written;
  plan.launchWrites.resize(plan.launchList.size());
  plan.launchPreLaunch.resize(plan.launchList.size());
  plan.launchReads.resize(plan.launchList.size());
  for (size_t li = plan.launchList.size(); li-- > 0;) {
    const LaunchPlan::Launch &fwd = plan.launchList[li];
    const KernelInfo &info = *inputs[li].kernel;
    LaunchPlan::Launch bwd;
    bwd.kernel = fwd.kernel;
    bwd.backward = true;
    bwd.ndims = fwd.ndims;
    std::copy(std::begin(fwd.dims), std::end(fwd.dims), std::begin(bwd.dims));
    bwd.blockDim = fwd.blockDim;
    bwd.tiled = fwd.tiled;
    bwd.blockDimGiven = fwd.blockDimGiven;
    bwd.lanes = fwd.lanes;
    size_t n = fwd.storage.size();
    bwd.storage = fwd.storage;
    for (size_t i = 0; i < n; ++i)
      bwd.storage.emplace_back(fwd.storage[i].size(), 0);
    for (auto &buf : bwd.storage)
      bwd.args.push_back(buf.data());
    for (const LaunchPlan::Launch::ArrayUse &u : fwd.arrayUses) {
      kdsl_array view = plan.gradOf.lookup(u.array)->view();
      std::memcpy(reinterpret_cast<char *>(bwd.storage[n + u.arg].data()) + u.offset, &view,
                  sizeof view);
      bwd.arrayUses.push_back({unsigned(n + u.arg), u.offset, plan.gradOf.lookup(u.array)});
      bwd.arrayUses.push_back(u);
      if (u.arg >= info.argRead.size() || info.argRead[u.arg])
        plan.launchReads[li].insert(u.array);
      if (u.arg < info.argWritten.size() && info.argWritten[u.arg]) {
        written.insert(u.array);
        // The plan owns its arrays; the uses view them read-only.
        plan.launchWrites[li].push_back({const_cast<HostArray *>(u.array), u.arg});
      }
    }
    // The primal arguments' object ids (their adjoints are zero).
    bwd.objectUses = fwd.objectUses;
    plan.launchPreLaunch[li] = info.argPreLaunch;
    plan.backwardList.push_back(std::move(bwd));
  }
  for (const std::unique_ptr<HostArray> &a : plan.arrays)
    if (written.count(a.get()) && !a->retainGrad)
      plan.resetAfterBackward.push_back(plan.gradOf.lookup(a.get()));
  plan.saveBytesLeft = bytesLeft;

  if (const json::Value *loss = obj->get("loss")) {
    std::optional<StringRef> name = loss->getAsString();
    if (!name)
      return specError("\"backward\": \"loss\" must be an array name, got " +
                       describeJSONValue(*loss));
    Expected<HostArray *> g = gradFor(*name, "\"backward\": \"loss\"");
    if (!g)
      return g.takeError();
    if ((*g)->numElements() != 1 || (*g)->elemType().family != ElemType::Family::Scalar ||
        !isFloatScalar((*g)->elemType().scalar))
      return specError("\"backward\": the loss '" + *name +
                       "' must be an array of one float element, got " +
                       Twine((*g)->numElements()) + " element(s) of " + (*g)->elemType().name());
    std::vector<char> bytes((*g)->byteSize());
    if (Error e = encodeElement(json::Value(1.0), (*g)->elemType(), bytes.data()))
      return e;
    plan.seeds.push_back({plan.array(*name), *g, std::move(bytes)});
  } else {
    const json::Object *seeds = obj->get("seed")->getAsObject();
    if (!seeds)
      return specError("\"backward\": \"seed\" must be an object {name: data}, got " +
                       describeJSONValue(*obj->get("seed")));
    std::vector<std::string> names;
    for (const auto &kv : *seeds)
      names.push_back(kv.first.str());
    std::sort(names.begin(), names.end());
    for (const std::string &name : names) {
      std::string what = "\"backward\": seed '" + name + "'";
      Expected<HostArray *> g = gradFor(name, what);
      if (!g)
        return g.takeError();
      const json::Array *rows = seeds->get(name)->getAsArray();
      if (!rows || int64_t(rows->size()) != (*g)->shape()[0])
        return specError(what + ": expected nested lists of the array's shape (" +
                         Twine((*g)->shape()[0]) + " items at the top), got " +
                         (rows ? std::to_string(rows->size()) + " items"
                               : describeJSONValue(*seeds->get(name))));
      std::string kindText =
          "a " + std::to_string((*g)->ndim()) + "-d array of " + (*g)->elemType().name();
      DataFiller filler{**g, what, name, kindText, {}, 0};
      if (Error e = filler.fill(*seeds->get(name), 0))
        return e;
      plan.seeds.push_back(
          {plan.array(name), *g, std::vector<char>((*g)->data(), (*g)->data() + (*g)->byteSize())});
      std::memset((*g)->data(), 0, (*g)->byteSize());
    }
  }
  for (const std::string &name : allOutputs)
    if (plan.array(name)->requiresGrad)
      plan.gradList.push_back(name);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// LaunchPlan::create
//===----------------------------------------------------------------------===//

Expected<std::unique_ptr<LaunchPlan>> LaunchPlan::create(const json::Value &spec,
                                                         llvm::ArrayRef<KernelInfo> kernels,
                                                         const PlanOptions &options) {
  std::unique_ptr<LaunchPlan> plan(new LaunchPlan());
  PlanBuilder builder(*plan, kernels, options);
  if (Error e = builder.build(spec))
    return std::move(e);
  return plan;
}

Expected<std::unique_ptr<LaunchPlan>>
LaunchPlan::create(const json::Value &spec, mlir::ModuleOp module, const PlanOptions &options) {
  std::vector<KernelInfo> kernels = collectKernels(module);
  return create(spec, kernels, options);
}

//===----------------------------------------------------------------------===//
// Objects: hash grids, BVHs and meshes
//===----------------------------------------------------------------------===//

namespace {
/// The keys of each kind of object: required ones first, then optional.
struct ObjectKind {
  const char *name;
  std::vector<const char *> required, optional;
  const char *example;
};
const ObjectKind kObjectKinds[] = {
    {"hash_grid",
     {"dims", "points", "radius"},
     {"groups"},
     "{\"hash_grid\": {\"dims\": [dx, dy, dz], \"points\": \"@name\", \"radius\": r}}"},
    {"bvh",
     {"lowers", "uppers"},
     {"groups"},
     "{\"bvh\": {\"lowers\": \"@lo\", \"uppers\": \"@hi\"}}"},
    {"mesh",
     {"points", "indices"},
     {"velocities", "groups"},
     "{\"mesh\": {\"points\": \"@p\", \"indices\": \"@i\"}}"},
    {"volume",
     {},
     {"data", "nvdb", "voxels", "voxel_size", "min_world", "background", "translation"},
     "{\"volume\": {\"data\": \"@a\", \"voxel_size\": s, \"min_world\": [x, y, z], "
     "\"background\": v}}, {\"volume\": {\"nvdb\": \"file.nvdb\"}}"},
};
} // namespace

/// "objects": {"name": {"hash_grid": {"dims": [dx, dy, dz], "points": "@p",
/// "radius": r[, "groups": "@g"]}}, "b": {"bvh": {"lowers": "@lo", "uppers":
/// "@hi"[, "groups": "@g"]}}, "m": {"mesh": {"points": "@p", "indices": "@i"[,
/// "velocities": "@v"][, "groups": "@g"]}}, ...} (Warp's wp.HashGrid(dx, dy,
/// dz) and grid.build(points, radius[, groups]), wp.Bvh(lowers, uppers[,
/// groups]), wp.Mesh(points, indices[, velocities][, groups])).
Error PlanBuilder::parseObjects(const json::Value &v) {
  const json::Object *obj = v.getAsObject();
  if (!obj)
    return specError("\"objects\" must be an object of named structures ({\"grid\": "
                     "{\"hash_grid\": {...}}}), got " +
                     describeJSONValue(v));
  std::vector<std::string> names;
  for (const auto &kv : *obj)
    names.push_back(kv.first.str());
  std::sort(names.begin(), names.end());
  for (const std::string &name : names) {
    std::string what = "object '" + name + "'";
    if (name.empty())
      return specError("\"objects\": object names cannot be empty");
    if (namedIndex.count(name))
      return specError(what + ": an array of \"arrays\" has the same name");
    const json::Object *o = obj->get(name)->getAsObject();
    const ObjectKind *kind = nullptr;
    if (o && o->size() == 1)
      for (const ObjectKind &k : kObjectKinds)
        if (o->get(k.name))
          kind = &k;
    if (!kind) {
      std::string kinds;
      for (const ObjectKind &k : kObjectKinds)
        kinds += std::string(kinds.empty() ? "" : ", ") + k.example;
      return specError(what + ": expected one of " + kinds + ", got " +
                       describeJSONValue(*obj->get(name)));
    }
    what += std::string(" (") + kind->name + ")";
    const json::Object *g = o->get(kind->name)->getAsObject();
    std::vector<const char *> keys = kind->required;
    keys.insert(keys.end(), kind->optional.begin(), kind->optional.end());
    if (!g)
      return specError(what + ": expected an object {\"" + keys[0] + "\", ...}, got " +
                       describeJSONValue(*o->get(kind->name)));
    if (Error e = checkKeys(*g, keys, what + ": "))
      return e;
    ObjectSpec spec;
    spec.name = name;
    spec.kind = kind->name;
    for (const char *key : keys) {
      const json::Value *val = g->get(key);
      StringRef k(key);
      if (!val && llvm::is_contained(kind->optional, key))
        continue;
      if (k == "dims") {
        const json::Array *dl = val ? val->getAsArray() : nullptr;
        if (!dl || dl->size() != 3)
          return specError(what +
                           ": \"dims\" must be a list of 3 integers (the cells per axis), got " +
                           (val ? shortJSON(*val) : std::string("nothing")));
        for (int d = 0; d < 3; ++d) {
          std::optional<int64_t> x = getInt((*dl)[d], 1, INT32_MAX);
          if (!x)
            return specError(what + ": \"dims\" must be 3 integers from 1 to 2147483647, got " +
                             shortJSON(*val));
          spec.dims[d] = *x;
        }
        continue;
      }
      if (spec.kind == "volume" && k == "nvdb") {
        std::optional<StringRef> file = val->getAsString();
        if (!file || file->empty())
          return specError(what + ": \"nvdb\" must be the path of a .nvdb file, got " +
                           describeJSONValue(*val));
        spec.path = file->str();
        continue;
      }
      if (spec.kind == "volume" && k != "data" && k != "voxels") {
        // A number, or a list of 3 ("voxel_size", "background": either).
        std::vector<double> nums;
        if (std::optional<double> x = val->getAsNumber())
          nums.push_back(*x);
        else if (const json::Array *l = val->getAsArray(); l && l->size() == 3)
          for (const json::Value &x : *l)
            if (std::optional<double> d = x.getAsNumber())
              nums.push_back(*d);
        bool list = k == "min_world" || k == "translation";
        if ((list ? nums.size() != 3 : nums.size() != 1 && nums.size() != 3) ||
            !llvm::all_of(nums, [](double d) { return std::isfinite(d); }))
          return specError(what + ": \"" + k + "\" must be " +
                           (list ? "a list of 3 numbers" : "a number or a list of 3 numbers") +
                           ", got " + shortJSON(*val));
        spec.numbers[key] = std::move(nums);
        continue;
      }
      if (k == "radius") {
        std::optional<double> r = val ? val->getAsNumber() : std::nullopt;
        if (!r || !std::isfinite(*r) || *r <= 0)
          return specError(what + ": \"radius\" must be a number > 0 (the cell width), got " +
                           (val ? describeJSONValue(*val) : std::string("nothing")));
        spec.radius = *r;
        continue;
      }
      // An array of "arrays": "@name".
      std::optional<StringRef> ref = val ? val->getAsString() : std::nullopt;
      if (!ref || !ref->starts_with("@"))
        return specError(what + ": \"" + k +
                         "\" must be \"@name\" of an array of \"arrays\", got " +
                         (val ? describeJSONValue(*val) : std::string("nothing")));
      if (!namedIndex.count(ref->drop_front()))
        return specError(what + ": \"" + k + "\": no array named '" + ref->drop_front() +
                         "' in \"arrays\"");
      spec.arrays[key] = ref->drop_front().str();
    }
    if (spec.kind == "volume") {
      // One source: a dense array, a file or voxel coordinates, each with
      // the keys of its Warp call.
      int sources = spec.arrays.count("data") + spec.arrays.count("voxels") + !spec.path.empty();
      const char *stray = nullptr;
      for (auto &[key, nums] : spec.numbers)
        if (!spec.path.empty() || (spec.arrays.count("data") && key == "translation") ||
            (spec.arrays.count("voxels") && (key == "min_world" || key == "background")))
          stray = key.c_str();
      if (sources != 1)
        return specError(what + ": give exactly one of \"data\" (a dense array), \"nvdb\" (a "
                                "file) or \"voxels\" (an index grid's voxels)");
      if (stray)
        return specError(what + ": \"" + stray + "\" does not go with \"" +
                         (spec.path.empty() ? spec.arrays.begin()->first : "nvdb") + "\"");
    }
    objectIndex[name] = objectSpecs.size();
    objectSpecs.push_back(std::move(spec));
  }
  return Error::success();
}

Error PlanBuilder::createObjects() {
  for (ObjectSpec &o : objectSpecs) {
    auto array = [&](const char *key) -> HostArray * {
      auto it = o.arrays.find(key);
      return it == o.arrays.end() ? nullptr : namedArrays[namedIndex.lookup(it->second)].array;
    };
    Expected<std::unique_ptr<HostObject>> object = [&]() -> Expected<std::unique_ptr<HostObject>> {
      if (o.kind == "bvh")
        return HostBvh::create(array("lowers"), array("uppers"), array("groups"));
      if (o.kind == "mesh")
        return HostMesh::create(array("points"), array("indices"), array("velocities"),
                                array("groups"));
      if (o.kind == "volume") {
        auto three = [&](const char *key, double dflt) {
          auto it = o.numbers.find(key);
          std::array<double, 3> v = {dflt, dflt, dflt};
          if (it != o.numbers.end())
            for (int d = 0; d < 3; ++d)
              v[d] = it->second[it->second.size() == 3 ? d : 0];
          return v;
        };
        if (!o.path.empty())
          return HostVolume::createNvdb(o.path);
        if (HostArray *voxels = array("voxels"))
          return HostVolume::createIndex(voxels, three("voxel_size", 1.0),
                                         three("translation", 0.0));
        auto bg = o.numbers.find("background");
        return HostVolume::createDense(array("data"), three("voxel_size", 1.0),
                                       three("min_world", 0.0),
                                       bg == o.numbers.end() ? std::vector<double>{} : bg->second);
      }
      return HostHashGrid::create(o.dims, o.radius, array("points"), array("groups"));
    }();
    if (!object)
      return prefixRunError(object.takeError(), "object '" + o.name + "' (" + o.kind + ")");
    o.object = object->get();
    plan.objectList.push_back(std::move(*object));
  }
  return Error::success();
}

Expected<HostObject *> PlanBuilder::objectRef(StringRef ref, StringRef what) {
  auto it = objectIndex.find(ref.drop_front());
  if (it == objectIndex.end()) {
    std::vector<std::string> names;
    for (const ObjectSpec &o : objectSpecs)
      names.push_back(o.name);
    return specError(what + ": no object named '" + ref.drop_front() + "' in \"objects\"" +
                     (names.empty() ? std::string() : " (objects: " + joinNames(names) + ")"));
  }
  return objectSpecs[it->second].object;
}
