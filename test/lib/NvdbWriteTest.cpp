//===- NvdbWriteTest.cpp - write a small .nvdb file for the tests ---------===//
//
// kdsl-test-nvdb-write IN.json OUT.nvdb
//
// IN.json: {"type": "float" | "int32" | "vec3f", "voxel_size": [sx, sy, sz],
// "translation": [x, y, z], "background": v, "voxels": [[i, j, k, value],
// ...]} (a vec3f value is 3 numbers). The grid is NanoVDB's (GridBuilder,
// map diag(voxel_size) then the translation), written uncompressed by
// nanovdb::io::writeGrid.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <nanovdb/util/GridBuilder.h>
#include <nanovdb/util/IO.h>

#include <exception>

static int fail(const llvm::Twine &m) {
  llvm::errs() << "kdsl-test-nvdb-write: " << m << "\n";
  return 1;
}

static double num(const llvm::json::Value *v, double dflt = 0) {
  if (v)
    if (auto d = v->getAsNumber())
      return *d;
  return dflt;
}

template <typename T, typename Make>
static int write(const llvm::json::Object &in, const char *out, T background, Make make) {
  nanovdb::GridBuilder<T> builder(background);
  auto acc = builder.getAccessor();
  const llvm::json::Array *voxels = in.getArray("voxels");
  if (!voxels)
    return fail("no \"voxels\"");
  for (const llvm::json::Value &v : *voxels) {
    const llvm::json::Array *a = v.getAsArray();
    if (!a || a->size() < 4)
      return fail("a voxel must be [i, j, k, value...]");
    acc.setValue(
        nanovdb::Coord(int32_t(num(&(*a)[0])), int32_t(num(&(*a)[1])), int32_t(num(&(*a)[2]))),
        make(*a));
  }
  const llvm::json::Array *vs = in.getArray("voxel_size"), *t = in.getArray("translation");
  double s[3] = {1, 1, 1}, tr[3] = {0, 0, 0};
  for (int d = 0; d < 3; ++d) {
    s[d] = vs && vs->size() == 3 ? num(&(*vs)[d], 1) : 1;
    tr[d] = t && t->size() == 3 ? num(&(*t)[d]) : 0;
  }
  double mat[3][3] = {{s[0], 0, 0}, {0, s[1], 0}, {0, 0, s[2]}};
  double inv[3][3] = {{1 / s[0], 0, 0}, {0, 1 / s[1], 0}, {0, 0, 1 / s[2]}};
  nanovdb::Map map;
  map.set(mat, inv, tr, 1.0);
  try {
    nanovdb::io::writeGrid(out, builder.template getHandle<>(map, "kdsl-test"));
  } catch (const std::exception &e) {
    return fail(e.what());
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return fail("usage: kdsl-test-nvdb-write IN.json OUT.nvdb");
  auto buf = llvm::MemoryBuffer::getFile(argv[1]);
  if (!buf)
    return fail("cannot read " + llvm::Twine(argv[1]));
  llvm::Expected<llvm::json::Value> j = llvm::json::parse((*buf)->getBuffer());
  if (!j)
    return fail(llvm::toString(j.takeError()));
  const llvm::json::Object *in = j->getAsObject();
  if (!in)
    return fail("expected a JSON object");
  llvm::StringRef type = in->getString("type").value_or("float");
  const llvm::json::Value *bg = in->get("background");
  if (type == "float")
    return write<float>(*in, argv[2], float(num(bg)),
                        [](const llvm::json::Array &a) { return float(num(&a[3])); });
  if (type == "int32")
    return write<int32_t>(*in, argv[2], int32_t(num(bg)),
                          [](const llvm::json::Array &a) { return int32_t(num(&a[3])); });
  if (type == "vec3f") {
    const llvm::json::Array *b = bg ? bg->getAsArray() : nullptr;
    nanovdb::Vec3f back(0.f);
    if (b && b->size() == 3)
      back = nanovdb::Vec3f(float(num(&(*b)[0])), float(num(&(*b)[1])), float(num(&(*b)[2])));
    return write<nanovdb::Vec3f>(*in, argv[2], back, [](const llvm::json::Array &a) {
      return nanovdb::Vec3f(float(num(&a[3])), float(num(&a[4])), float(num(&a[5])));
    });
  }
  return fail("unknown \"type\" " + type);
}
