//===- Mesh.h - Warp's triangle mesh, built on the host ---------*- C++ -*-===//
//
// wp.Mesh(points, indices[, velocities]) (Warp 1.16): a triangle mesh over a
// spec's arrays (points and velocities 1-d vec3f, indices a flat int32 array
// of 3 per face) with a BVH over the faces' bounds (Bvh.h). Kernels receive
// the kdsl_mesh header's address as the mesh id and query it with the
// prelude's mesh_* builtins (lib/Frontend/Prelude/mesh.py), reading the
// points and indices arrays in place; refit (mesh.refit(), the spec's
// {"rebuild": name}) recomputes the faces' bounds from the current points.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_MESH_H
#define KDSL_RUNTIME_MESH_H

#include "kdsl/Runtime/Bvh.h"

namespace kdsl {

class HostMesh : public HostObject {
public:
  static llvm::Expected<std::unique_ptr<HostMesh>> create(HostArray *points, HostArray *indices,
                                                          HostArray *velocities = nullptr,
                                                          HostArray *groups = nullptr);
  void build(unsigned threads) override;
  void update(unsigned threads) override; // refit
  uint64_t id() const override { return uint64_t(uintptr_t(&header)); }
  Kind kind() const override { return Kind::Mesh; }
  /// The mesh header, then its BVH's (the header's `bvh`) and buffers; the
  /// points, indices and velocities are the spec's arrays.
  ObjectMemory memory() const override;
  const kdsl_mesh &view() const { return header; }

private:
  HostMesh() = default;
  /// The faces' bounds from the current points (create() checked the
  /// indices).
  void faceBounds();

  HostArray *pointArray = nullptr, *indexArray = nullptr, *velocityArray = nullptr,
            *groupArray = nullptr;
  std::vector<BvhTree::Vec3> lowers, uppers;
  BvhTree tree;
  kdsl_mesh header{};
};

} // namespace kdsl

#endif
