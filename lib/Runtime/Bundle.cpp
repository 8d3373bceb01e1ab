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

void kdsl::writeBundleInputs(const LaunchPlan &plan, llvm::raw_ostream &os) {
  Writer out(os);
  out.bytes("KDSLBND1", 8);
  llvm::DenseMap<const HostArray *, unsigned> index;
  auto arrays = plan.allArrays();
  out.u32(arrays.size());
  for (auto [i, a] : llvm::enumerate(arrays)) {
    index[a.get()] = unsigned(i);
    const ElemType &e = a->elemType();
    out.u32(unsigned(e.scalar));
    out.u32(unsigned(e.family));
    out.u32(e.rows);
    out.u32(e.cols);
    out.u32(a->ndim());
    for (int64_t extent : a->shape())
      out.u64(uint64_t(extent));
    out.bytes(a->data(), a->byteSize());
  }
  out.u32(plan.launches().size());
  for (const LaunchPlan::Launch &l : plan.launches()) {
    out.string(l.kernel);
    for (int64_t d : l.dims)
      out.u64(uint64_t(d));
    out.u32(l.storage.size());
    for (auto [argIndex, storage] : llvm::enumerate(l.storage)) {
      // Host pointers mean nothing on the GPU: data fields are written as 0.
      std::vector<uint64_t> copy = storage;
      for (const auto &use : l.arrayUses)
        if (use.arg == argIndex)
          std::memset(reinterpret_cast<char *>(copy.data()) + use.offset, 0, sizeof(void *));
      out.u32(copy.size() * sizeof(uint64_t));
      out.bytes(copy.data(), copy.size() * sizeof(uint64_t));
    }
    out.u32(l.arrayUses.size());
    for (const auto &use : l.arrayUses) {
      out.u32(use.arg);
      out.u64(use.offset);
      out.u32(index.lookup(use.array));
    }
  }
  out.u32(plan.outputNames().size());
  for (const std::string &name : plan.outputNames()) {
    out.string(name);
    out.u32(index.lookup(plan.array(name)));
  }
}

void kdsl::writeBundleExpected(const LaunchPlan &plan, llvm::raw_ostream &os) {
  Writer out(os);
  out.bytes("KDSLEXP1", 8);
  out.u32(plan.outputNames().size());
  for (const std::string &name : plan.outputNames()) {
    const HostArray *a = plan.array(name);
    out.u64(a->byteSize());
    out.bytes(a->data(), a->byteSize());
  }
}
