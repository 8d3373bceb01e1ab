//===- Bundle.cpp - launch plans as files for a GPU host ------------------===//
#include "kdsl/Runtime/Bundle.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/EndianStream.h"

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

void kdsl::writeBundleInputs(LaunchPlan &plan, llvm::raw_ostream &os) {
  Writer out(os);
  out.bytes("KDSLBND3", 8);
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
    out.u32(l->storage.size());
    for (auto [argIndex, storage] : llvm::enumerate(l->storage)) {
      // Host pointers mean nothing on the GPU: data fields are written as 0.
      std::vector<uint64_t> copy = storage;
      for (const auto &use : l->arrayUses)
        if (use.arg == argIndex)
          std::memset(reinterpret_cast<char *>(copy.data()) + use.offset, 0, sizeof(void *));
      out.u32(copy.size() * sizeof(uint64_t));
      out.bytes(copy.data(), copy.size() * sizeof(uint64_t));
    }
    out.u32(l->arrayUses.size());
    for (const auto &use : l->arrayUses) {
      out.u32(use.arg);
      out.u64(use.offset);
      out.u32(index.lookup(use.array));
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
