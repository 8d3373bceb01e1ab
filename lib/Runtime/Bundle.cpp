//===- Bundle.cpp - launch plans as files for a GPU host ------------------===//
#include "kdsl/Runtime/Bundle.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/EndianStream.h"

#include <cstring>
#include <optional>

using namespace kdsl;

namespace {
/// Little-endian fields of the bundle format.
struct Writer {
  llvm::support::endian::Writer w;
  explicit Writer(llvm::raw_ostream &os) : w(os, llvm::endianness::little) {}
  void u32(uint64_t v) { w.write<uint32_t>(uint32_t(v)); }
  void u64(uint64_t v) { w.write<uint64_t>(v); }
  void bytes(const void *data, uint64_t size) {
    w.OS.write(static_cast<const char *>(data), size_t(size));
  }
  void string(llvm::StringRef s) {
    u32(s.size());
    bytes(s.data(), s.size());
  }
};
} // namespace

/// The bundle's outputs: the printed arrays, then the gradients, each with
/// its kind (0 output, 1 gradient).
static std::vector<std::tuple<std::string, const HostArray *, unsigned>>
bundleOutputs(const LaunchPlan &plan) {
  std::vector<std::tuple<std::string, const HostArray *, unsigned>> out;
  for (const std::string &name : plan.outputNames())
    out.emplace_back(name, plan.array(name), 0);
  for (const std::string &name : plan.gradNames())
    out.emplace_back(name, plan.grad(name), 1);
  return out;
}

/// An element type: scalar, family, rows, cols; a struct is "rows 1, cols
/// its bytes" of uint8, then its fields: u32 count, per field its name, byte
/// offset and type (recursively).
static void writeElemType(Writer &out, const ElemType &e) {
  if (e.family != ElemType::Family::Struct) {
    for (unsigned v : {unsigned(e.scalar), unsigned(e.family), unsigned(e.rows), unsigned(e.cols)})
      out.u32(v);
    return;
  }
  for (uint64_t v : {uint64_t(ScalarKind::U8), uint64_t(e.family), uint64_t(1), e.size()})
    out.u32(v);
  std::vector<ElemField> fields = structFields(e);
  out.u32(fields.size());
  for (const ElemField &f : fields) {
    out.string(f.name);
    out.u64(f.offset);
    writeElemType(out, f.type);
  }
}

/// Where a pointer field of an object points: (0, region, offset) into one
/// of the object's regions, (1, array, offset) into one of the bundle's
/// arrays; nullopt for a null pointer.
namespace {
struct PointerTarget {
  uint32_t kind, index;
  uint64_t offset;
};
} // namespace
static llvm::Expected<std::optional<PointerTarget>>
resolvePointer(uint64_t p, const ObjectMemory &m, llvm::ArrayRef<const HostArray *> arrays) {
  if (!p)
    return std::nullopt;
  auto within = [&](const void *data, uint64_t size) {
    auto base = uint64_t(uintptr_t(data));
    return data && p >= base && (p < base + size || p == base);
  };
  for (auto [i, r] : llvm::enumerate(m.regions))
    if (within(r.data, r.size))
      return PointerTarget{0, uint32_t(i), p - uint64_t(uintptr_t(r.data))};
  for (auto [i, a] : llvm::enumerate(arrays))
    if (within(a->data(), a->byteSize()))
      return PointerTarget{1, uint32_t(i), p - uint64_t(uintptr_t(a->data()))};
  return makeRunError(RunErrorKind::Runtime,
                      "--write-bundle: an object's pointer leads outside its buffers and the "
                      "spec's arrays (an internal error)");
}

/// One object: its kind, its regions (the header first) with every pointer
/// field written as 0, then where each pointer field points.
static llvm::Error writeObject(Writer &out, const HostObject &object,
                               llvm::ArrayRef<const HostArray *> arrays) {
  ObjectMemory m = object.memory();
  std::vector<std::vector<char>> regions;
  for (const ObjectMemory::Region &r : m.regions) {
    const char *p = static_cast<const char *>(r.data);
    regions.emplace_back(p, p + (p ? r.size : 0));
  }
  std::vector<std::tuple<unsigned, uint64_t, PointerTarget>> relocations;
  for (auto [region, offset] : m.pointers) {
    uint64_t p;
    std::memcpy(&p, regions[region].data() + offset, sizeof p);
    std::memset(regions[region].data() + offset, 0, sizeof p);
    auto target = resolvePointer(p, m, arrays);
    if (!target)
      return target.takeError();
    if (*target)
      relocations.emplace_back(region, offset, **target);
  }
  out.u32(uint32_t(object.kind()));
  out.u32(regions.size());
  for (const std::vector<char> &r : regions) {
    out.u64(r.size());
    out.bytes(r.data(), r.size());
  }
  out.u32(relocations.size());
  for (auto &[region, offset, target] : relocations) {
    out.u32(region);
    out.u64(offset);
    out.u32(target.kind);
    out.u32(target.index);
    out.u64(target.offset);
  }
  return llvm::Error::success();
}

std::string kdsl::gpuLaunchProblem(const LaunchPlan &plan) {
  for (auto [i, l] : llvm::enumerate(plan.launches()))
    if (l.lanes && l.dims[5] != 1)
      return "launch " + std::to_string(i) + " (kernel '" + l.kernel +
             "') is a tiled launch of a lane-dependent tile kernel whose wp.tid() gives only "
             "the block's coordinates (" +
             std::to_string(l.dims[5]) +
             " lanes per grid point): a GPU runs one thread per lane and the GPU lowering "
             "takes a thread's wp.tid() from its own index, so it would compute wrong "
             "indices; give the kernel the lane as its last wp.tid() index "
             "(i, lane = wp.tid())";
  return "";
}

llvm::Error kdsl::writeBundleInputs(LaunchPlan &plan, llvm::raw_ostream &os) {
  if (plan.rebuildsObjects())
    return makeRunError(RunErrorKind::Spec,
                        "--write-bundle: the spec rebuilds or refits an object between launches "
                        "({\"rebuild\": name}), which bundles do not carry (they hold each "
                        "structure as built before the first launch)");
  if (std::string problem = gpuLaunchProblem(plan); !problem.empty())
    return makeRunError(RunErrorKind::Spec, "--write-bundle: " + problem + " to bundle it");
  Writer out(os);
  out.bytes("KDSLBND5", 8);
  llvm::DenseMap<const HostArray *, unsigned> index;
  // The gradients start as the adjoint launches find them: zero, and seeded.
  plan.seedGradients();
  std::vector<const HostArray *> arrays;
  for (const auto &a : plan.allArrays())
    arrays.push_back(a.get());
  for (const auto &g : plan.allGrads())
    arrays.push_back(g.get());
  out.u32(arrays.size());
  for (auto [i, a] : llvm::enumerate(arrays)) {
    index[a] = unsigned(i);
    writeElemType(out, a->elemType());
    out.u32(a->ndim());
    for (int64_t extent : a->shape())
      out.u64(uint64_t(extent));
    out.bytes(a->data(), a->byteSize());
  }
  // The objects as runForward builds them before the first launch (the
  // builds are deterministic: the run builds the same structures again).
  llvm::DenseMap<const HostObject *, unsigned> objectIndex;
  out.u32(plan.objects().size());
  for (auto [i, o] : llvm::enumerate(plan.objects())) {
    objectIndex[o.get()] = unsigned(i);
    o->build(1);
    if (llvm::Error e = writeObject(out, *o, arrays))
      return e;
  }
  std::vector<const LaunchPlan::Launch *> launches;
  for (const LaunchPlan::Launch &l : plan.launches())
    launches.push_back(&l);
  for (const LaunchPlan::Launch &l : plan.backwardLaunches())
    launches.push_back(&l);
  out.u32(launches.size());
  for (const LaunchPlan::Launch *l : launches) {
    out.string(l->kernel);
    out.u32(l->backward);
    for (int d = 0; d < 4; ++d) // the extents (not a lane kernel's dims[4..5])
      out.u64(uint64_t(l->dims[d]));
    // The threads per block (the spec's "block_dim" or Warp's 256), and
    // whether a runner must keep it: 1 the spec gave it, 2 the kernel
    // depends on its blocks' lanes (shared memory, __syncthreads()).
    out.u32(uint32_t(l->blockDim));
    out.u32((l->blockDimGiven ? 1u : 0u) | (l->lanes ? 2u : 0u));
    out.u32(l->storage.size());
    for (auto [argIndex, storage] : llvm::enumerate(l->storage)) {
      // Host pointers mean nothing on the GPU: data fields are written as 0.
      std::vector<uint64_t> copy = storage;
      for (const auto &use : l->arrayUses)
        if (use.arg == argIndex)
          std::memset(reinterpret_cast<char *>(copy.data()) + use.offset, 0, sizeof(void *));
      for (const auto &use : l->objectUses) // object ids: header addresses
        if (use.arg == argIndex)
          std::memset(reinterpret_cast<char *>(copy.data()) + use.offset, 0, sizeof(uint64_t));
      out.u32(copy.size() * sizeof(uint64_t));
      out.bytes(copy.data(), copy.size() * sizeof(uint64_t));
    }
    out.u32(l->arrayUses.size());
    for (const auto &use : l->arrayUses) {
      out.u32(use.arg);
      out.u64(use.offset);
      out.u32(index.lookup(use.array));
    }
    out.u32(l->objectUses.size());
    for (const auto &use : l->objectUses) {
      out.u32(use.arg);
      out.u64(use.offset);
      out.u32(objectIndex.lookup(use.object));
    }
  }
  auto outputs = bundleOutputs(plan);
  out.u32(outputs.size());
  for (auto &[name, array, kind] : outputs) {
    out.string(name);
    out.u32(kind);
    out.u32(index.lookup(array));
  }
  out.u32(plan.gradientsResetAfterBackward().size());
  for (const HostArray *g : plan.gradientsResetAfterBackward())
    out.u32(index.lookup(g));
  return llvm::Error::success();
}

void kdsl::writeBundleExpected(const LaunchPlan &plan, llvm::raw_ostream &os) {
  Writer out(os);
  out.bytes("KDSLEXP1", 8);
  auto outputs = bundleOutputs(plan);
  out.u32(outputs.size());
  for (auto &[name, array, kind] : outputs) {
    out.u64(array->byteSize());
    out.bytes(array->data(), array->byteSize());
  }
}
