//===- HashGrid.cpp - Warp's hash grid, built on the host -----------------===//
#include "kdsl/Runtime/HashGrid.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <thread>

using namespace kdsl;

// The prelude reads the header by these offsets (Prelude/hashgrid.py).
static_assert(sizeof(kdsl_hash_grid) == 64, "kdsl_hash_grid layout");
static_assert(offsetof(kdsl_hash_grid, point_ids) == 0 &&
                  offsetof(kdsl_hash_grid, cell_starts) == 8 &&
                  offsetof(kdsl_hash_grid, cell_ends) == 16 &&
                  offsetof(kdsl_hash_grid, point_keys) == 24,
              "kdsl_hash_grid layout: uint64 words 0..3");
static_assert(offsetof(kdsl_hash_grid, cell_width_inv_d) == 32, "float64 word 4");
static_assert(offsetof(kdsl_hash_grid, dim_x) == 40 && offsetof(kdsl_hash_grid, num_points) == 52 &&
                  offsetof(kdsl_hash_grid, cell_width_inv) == 56 &&
                  offsetof(kdsl_hash_grid, has_groups) == 60,
              "int32 words 10..15");

llvm::Expected<std::unique_ptr<HostHashGrid>>
HostHashGrid::create(const int64_t dims[3], double radius, HostArray *points, HostArray *groups) {
  auto fail = [](const llvm::Twine &m) { return makeRunError(RunErrorKind::Spec, m); };
  int64_t cellsTotal = 1;
  for (int d = 0; d < 3; ++d) {
    if (dims[d] < 1 || dims[d] > INT32_MAX)
      return fail("\"dims\" must be three integers from 1 to 2147483647");
    cellsTotal *= dims[d];
    if (cellsTotal > INT32_MAX)
      return fail("\"dims\" has more than 2147483647 cells (Warp's cell indices are int32)");
  }
  if (!std::isfinite(radius) || radius <= 0)
    return fail("\"radius\" must be a finite number > 0");
  const ElemType &e = points->elemType();
  if (points->ndim() != 1 || e.family != ElemType::Family::Vector || e.numScalars() != 3 ||
      !(e.scalar == ScalarKind::F16 || e.scalar == ScalarKind::F32 || e.scalar == ScalarKind::F64))
    return fail("\"points\" must be a 1-d array of vec3h, vec3f or vec3d, got " + e.name() +
                " with " + llvm::Twine(points->ndim()) + " dimension(s)");
  if (points->numElements() > INT32_MAX)
    return fail("\"points\" has more than 2147483647 points");
  if (groups) {
    const ElemType &ge = groups->elemType();
    if (groups->ndim() != 1 || ge.family != ElemType::Family::Scalar ||
        ge.scalar != ScalarKind::I32)
      return fail("\"groups\" must be a 1-d array of int32, got " + ge.name() + " with " +
                  llvm::Twine(groups->ndim()) + " dimension(s)");
    if (groups->numElements() != points->numElements())
      return fail("\"groups\" has " + llvm::Twine(groups->numElements()) +
                  " elements, \"points\" " + llvm::Twine(points->numElements()) +
                  " (one group id per point)");
  }
  std::unique_ptr<HostHashGrid> g(new HostHashGrid());
  g->pointArray = points;
  g->groupArray = groups;
  g->header.dim_x = int32_t(dims[0]);
  g->header.dim_y = int32_t(dims[1]);
  g->header.dim_z = int32_t(dims[2]);
  // Warp: cell_width_inv = 1 / cell_width in the grid's scalar type.
  g->header.cell_width_inv = 1.0f / float(radius);
  g->header.cell_width_inv_d = 1.0 / radius;
  g->starts.assign(size_t(cellsTotal), 0);
  g->ends.assign(size_t(cellsTotal), 0);
  return std::move(g);
}

static float halfToFloat(const char *p) {
  uint16_t bits;
  std::memcpy(&bits, p, 2);
  return llvm::APFloat(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits)).convertToFloat();
}

// Warp's hash_grid_index from the floors of the three scaled coordinates:
// int(floor(x)) then + 2^20, clamped at 0, wrapped by the dims; a coordinate
// beyond int32 (or NaN) lands in cell 0 of that dimension.
static int32_t cellFromFloors(const kdsl_hash_grid &h, const double f[3]) {
  int64_t c[3];
  for (int d = 0; d < 3; ++d) {
    int64_t x =
        std::isfinite(f[d]) && f[d] > -2147483648.0 && f[d] < 2147483647.0 ? int64_t(f[d]) : 0;
    c[d] = std::max<int64_t>(0, x + (1 << 20));
  }
  int64_t cx = c[0] % h.dim_x, cy = c[1] % h.dim_y, cz = c[2] % h.dim_z;
  return int32_t(cz * (int64_t(h.dim_x) * h.dim_y) + cy * h.dim_x + cx);
}

void HostHashGrid::cellsOf(int64_t lo, int64_t hi) {
  // One loop per element type (the switch outside the loop: the build reads
  // every point once, and this is most of its time).
  const char *base = pointArray->data();
  double f[3];
  switch (pointArray->elemType().scalar) {
  case ScalarKind::F64:
    for (int64_t i = lo; i < hi; ++i) {
      double v[3];
      std::memcpy(v, base + 24 * i, 24);
      for (int d = 0; d < 3; ++d)
        f[d] = std::floor(v[d] * header.cell_width_inv_d);
      cells[size_t(i)] = cellFromFloors(header, f);
    }
    break;
  case ScalarKind::F16:
    for (int64_t i = lo; i < hi; ++i) {
      for (int d = 0; d < 3; ++d)
        f[d] = std::floor(halfToFloat(base + 6 * i + 2 * d) * header.cell_width_inv);
      cells[size_t(i)] = cellFromFloors(header, f);
    }
    break;
  default:
    for (int64_t i = lo; i < hi; ++i) {
      float v[3];
      std::memcpy(v, base + 12 * i, 12);
      for (int d = 0; d < 3; ++d)
        f[d] = std::floor(v[d] * header.cell_width_inv); // float32 product, as Warp's
      cells[size_t(i)] = cellFromFloors(header, f);
    }
    break;
  }
}

void HostHashGrid::build(unsigned threads) {
  int64_t n = pointArray->numElements();
  cells.resize(size_t(n));
  ids.resize(size_t(n));
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  int64_t chunks = std::min<int64_t>(threads, std::max<int64_t>(1, n / 4096));
  if (chunks <= 1) {
    cellsOf(0, n);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(unsigned(chunks)));
    for (int64_t c = 0; c < chunks; ++c)
      pool.async([this, c, chunks, n] { cellsOf(n * c / chunks, n * (c + 1) / chunks); });
    pool.wait();
  }
  // Counting sort by cell, stable in the point index.
  std::fill(starts.begin(), starts.end(), 0);
  std::fill(ends.begin(), ends.end(), 0);
  for (int32_t c : cells)
    ++ends[size_t(c)];
  int32_t offset = 0;
  for (size_t c = 0; c < ends.size(); ++c) {
    int32_t count = ends[c];
    starts[c] = count ? offset : 0;
    ends[c] = count ? offset : 0; // the fill position; the end once filled
    offset += count;
  }
  for (int64_t i = 0; i < n; ++i)
    ids[size_t(ends[size_t(cells[size_t(i)])]++)] = int32_t(i);
  header.point_ids = ids.data();
  header.cell_starts = starts.data();
  header.cell_ends = ends.data();
  header.point_keys = nullptr;
  header.has_groups = 0;
  if (groupArray) {
    // Within each cell by group id as uint32, then by point index (Warp's
    // stable radix sort of the keys (cell << 32) | uint32(group)).
    auto groupOf = [&](int32_t id) {
      int32_t g;
      std::memcpy(&g, groupArray->element(id), 4);
      return uint32_t(g);
    };
    for (size_t c = 0; c < starts.size(); ++c)
      if (ends[c] - starts[c] > 1)
        std::stable_sort(ids.begin() + starts[c], ids.begin() + ends[c],
                         [&](int32_t a, int32_t b) { return groupOf(a) < groupOf(b); });
    keys.resize(size_t(n));
    for (int64_t k = 0; k < n; ++k)
      keys[size_t(k)] =
          (uint64_t(uint32_t(cells[size_t(ids[size_t(k)])])) << 32) | groupOf(ids[size_t(k)]);
    header.point_keys = keys.data();
    header.has_groups = 1;
  }
  header.num_points = int32_t(n);
}

ObjectMemory HostHashGrid::memory() const {
  ObjectMemory m;
  m.add(&header, sizeof header);
  m.add(ids.data(), ids.size() * sizeof(int32_t));
  m.add(starts.data(), starts.size() * sizeof(int32_t));
  m.add(ends.data(), ends.size() * sizeof(int32_t));
  m.add(keys.data(), keys.size() * sizeof(uint64_t));
  for (size_t field : {offsetof(kdsl_hash_grid, point_ids), offsetof(kdsl_hash_grid, cell_starts),
                       offsetof(kdsl_hash_grid, cell_ends), offsetof(kdsl_hash_grid, point_keys)})
    m.pointers.push_back({0, field});
  return m;
}
