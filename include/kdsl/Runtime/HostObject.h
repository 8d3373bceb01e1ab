//===- HostObject.h - structures built on the host for kernels --*- C++ -*-===//
//
// A spec's "objects" (docs/kdsl-run.md): hash grids, BVHs and meshes that the
// host builds from named arrays and that kernels receive as a wp.uint64 id
// (the address of a header of KernelABI.h).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_HOSTOBJECT_H
#define KDSL_RUNTIME_HOSTOBJECT_H

#include <cstdint>

namespace kdsl {

class HostObject {
public:
  virtual ~HostObject();
  /// Builds the structure from its arrays' current values with `threads`
  /// threads (0: all hardware threads).
  virtual void build(unsigned threads) = 0;
  /// What a spec's {"rebuild": name} does: a hash grid is built again, a
  /// BVH or mesh refitted (same tree, bounds from the current values), as
  /// Warp's grid.build() / bvh.refit() / mesh.refit() in a substep loop.
  virtual void update(unsigned threads) { build(threads); }
  /// The id kernels receive: the header's address.
  virtual uint64_t id() const = 0;
};

} // namespace kdsl

#endif
