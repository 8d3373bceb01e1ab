//===- Mesh.cpp - Warp's triangle mesh, built on the host -----------------===//
#include "kdsl/Runtime/Mesh.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

using namespace kdsl;

// The prelude reads the header by these offsets (Prelude/mesh.py).
static_assert(sizeof(kdsl_mesh) == 48, "kdsl_mesh layout");
static_assert(offsetof(kdsl_mesh, bvh) == 0 && offsetof(kdsl_mesh, points) == 8 &&
                  offsetof(kdsl_mesh, indices) == 16 && offsetof(kdsl_mesh, velocities) == 24,
              "kdsl_mesh layout: uint64 words 0..3");
static_assert(offsetof(kdsl_mesh, num_points) == 32 && offsetof(kdsl_mesh, num_faces) == 36 &&
                  offsetof(kdsl_mesh, has_velocities) == 40,
              "kdsl_mesh layout: int32 words 8..10");

static llvm::Error specFail(const llvm::Twine &m) { return makeRunError(RunErrorKind::Spec, m); }

llvm::Expected<std::unique_ptr<HostMesh>>
HostMesh::create(HostArray *points, HostArray *indices, HostArray *velocities, HostArray *groups) {
  if (llvm::Error e = checkVec3fArray(points, "points"))
    return std::move(e);
  if (llvm::Error e = checkInt32Array(indices, "indices"))
    return std::move(e);
  if (indices->numElements() % 3)
    return specFail("\"indices\" has " + llvm::Twine(indices->numElements()) +
                    " elements, not a multiple of 3 (3 point indices per triangle)");
  if (indices->numElements() / 3 > INT32_MAX / 2)
    return specFail("\"indices\" has more than 1073741823 triangles");
  // Warp checks the indices once, when the mesh is created.
  int64_t numPoints = points->numElements();
  for (int64_t k = 0; k < indices->numElements(); ++k) {
    int32_t v;
    std::memcpy(&v, indices->element(k), 4);
    if (v < 0 || v >= numPoints)
      return specFail("\"indices\"[" + llvm::Twine(k) + "] is " + llvm::Twine(v) +
                      ", not the index of one of the " + llvm::Twine(numPoints) + " points");
  }
  if (velocities) {
    if (llvm::Error e = checkVec3fArray(velocities, "velocities"))
      return std::move(e);
    if (velocities->numElements() != numPoints)
      return specFail("\"velocities\" has " + llvm::Twine(velocities->numElements()) +
                      " elements, \"points\" " + llvm::Twine(numPoints) +
                      " (one velocity per point)");
  }
  if (groups) {
    if (llvm::Error e = checkInt32Array(groups, "groups"))
      return std::move(e);
    if (groups->numElements() != indices->numElements() / 3)
      return specFail("\"groups\" has " + llvm::Twine(groups->numElements()) +
                      " elements, the mesh " + llvm::Twine(indices->numElements() / 3) +
                      " triangles (one group id per triangle)");
  }
  std::unique_ptr<HostMesh> m(new HostMesh());
  m->pointArray = points;
  m->indexArray = indices;
  m->velocityArray = velocities;
  m->groupArray = groups;
  return std::move(m);
}

void HostMesh::faceBounds() {
  size_t faces = size_t(indexArray->numElements() / 3);
  lowers.resize(faces);
  uppers.resize(faces);
  const int32_t *idx = reinterpret_cast<const int32_t *>(indexArray->data());
  const float *p = reinterpret_cast<const float *>(pointArray->data());
  int64_t numPoints = pointArray->numElements();
  // An index a kernel overwrote with one out of range: that corner at point 0.
  auto corner = [&](size_t k, int d) {
    int32_t v = idx[k];
    return p[3 * size_t(v >= 0 && v < numPoints ? v : 0) + d];
  };
  for (size_t f = 0; f < faces; ++f)
    for (int d = 0; d < 3; ++d) {
      float a = corner(3 * f, d), b = corner(3 * f + 1, d), c = corner(3 * f + 2, d);
      lowers[f][d] = std::min(std::min(a, b), c);
      uppers[f][d] = std::max(std::max(a, b), c);
    }
}

void HostMesh::build(unsigned threads) {
  faceBounds();
  tree.build(lowers, uppers, readGroups(groupArray, lowers.size()), threads);
  header.bvh = const_cast<kdsl_bvh *>(&tree.view());
  header.points = reinterpret_cast<float *>(pointArray->data());
  header.indices = reinterpret_cast<int32_t *>(indexArray->data());
  header.velocities = velocityArray ? reinterpret_cast<float *>(velocityArray->data()) : nullptr;
  header.num_points = int32_t(pointArray->numElements());
  header.num_faces = int32_t(lowers.size());
  header.has_velocities = velocityArray ? 1 : 0;
}

void HostMesh::update(unsigned) {
  faceBounds();
  tree.refit(lowers, uppers);
}

ObjectMemory HostMesh::memory() const {
  ObjectMemory m;
  m.add(&header, sizeof header);
  for (size_t field : {offsetof(kdsl_mesh, bvh), offsetof(kdsl_mesh, points),
                       offsetof(kdsl_mesh, indices), offsetof(kdsl_mesh, velocities)})
    m.pointers.push_back({0, field});
  tree.describe(m);
  return m;
}
