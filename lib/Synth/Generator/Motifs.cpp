//===- Motifs.cpp - choosing and finishing motif kernels --------------------===//
//
// Motifs: programs shaped like Warp's examples and physics / graphics / ML
// code. Each motif is the statement structure of a domain (integration,
// springs, collisions, neighbour sums, stencils, reductions, ...), built
// from optional parts drawn from the random stream, with names from the
// domain and inputs in the domain's ranges (positive masses, unit
// directions, matrices near the identity), so no `e*e + c` guard is needed.
// Each category's motifs keep its feature in an output.
//
// This file: the motif registry (each Motifs<Domain>.cpp file registers
// its motifs with KDSL_MOTIF, Gen.h), each category's motifs (motifsOf),
// the draw among them, and finishMotif (the kernel's signature, spec and
// seeds).
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

Object Gen::OutArr::specEntry() const {
  Array extents;
  for (int d : shape)
    extents.push_back(d);
  Object desc{{"requires_grad", true}};
  if (init.kind() == Value::Null)
    desc["zeros"] = std::move(extents);
  else
    desc["data"] = init;
  return desc;
}

bool Gen::motif() { return motifFor(cat); }

#define KDSL_DECLARE_MOTIF_FILE(Domain) void motifFileAnchor##Domain();
KDSL_MOTIF_FILES(KDSL_DECLARE_MOTIF_FILE)
#undef KDSL_DECLARE_MOTIF_FILE

static std::vector<const MotifRegistration *> &registry() {
  static std::vector<const MotifRegistration *> motifs;
  return motifs;
}

MotifRegistration::MotifRegistration(const char *category, int position, const char *name,
                                     void (Gen::*build)())
    : category(category), position(position), name(name), build(build) {
  registry().push_back(this);
}

const std::vector<const MotifRegistration *> &motifRegistry() {
  // The anchors keep every motif file (and so its registrations) linked in.
#define KDSL_USE_MOTIF_FILE(Domain) motifFileAnchor##Domain();
  KDSL_MOTIF_FILES(KDSL_USE_MOTIF_FILE)
#undef KDSL_USE_MOTIF_FILE
  return registry();
}

std::vector<Gen::MotifChoice> Gen::motifsOf(const std::string &c0) {
  // Index k is drawn as rng.range(0, n - 1) (no draw for a single motif):
  // the category's motifs in the order of their registered positions.
  std::vector<const MotifRegistration *> found;
  for (const MotifRegistration *r : motifRegistry())
    if (c0 == r->category)
      found.push_back(r);
  std::sort(found.begin(), found.end(), [](const MotifRegistration *x, const MotifRegistration *y) {
    return x->position < y->position;
  });
  std::vector<MotifChoice> choices;
  for (const MotifRegistration *r : found) {
    assert(r->position == int(choices.size()) &&
           "a category's motif positions are 0..n-1, each once");
    choices.push_back({r->name, r->build});
  }
  return choices;
}

bool Gen::motifFor(const std::string &c0) {
  std::vector<MotifChoice> choices = motifsOf(c0);
  if (choices.empty())
    return false;
  const MotifChoice &m =
      choices.size() == 1 ? choices[0] : choices[rng.range(0, int(choices.size()) - 1)];
  motifName = m.name;
  (this->*m.build)();
  return true;
}

Program Gen::finishMotif(Program &p) {
  // An idiom of Warp code, drawn for any motif: a bounds guard on the
  // thread index (`if i >= count: return`, count >= the launch). (Stores
  // that accumulated into a zeroed output, `out[i] += v`, where each thread
  // writes its element once are no longer drawn: `=` is what people write
  // there, and a sum of transforms or quaternions means nothing.)
  size_t eol = body.find('\n');
  std::string first = body.substr(0, eol);
  size_t at = first.find(" = wp.tid()");
  // (Not in a tiled kernel: its thread index is a block's.)
  if (blockDim == 0 && dims.size() == 1 && at != std::string::npos &&
      first.find(',') == std::string::npos && rng.chance(0.3)) {
    std::string tid = llvm::StringRef(first.substr(0, at)).trim().str();
    std::string cnt = pick({"count", "num_items", "n_active", "num_particles", "size"});
    inputs.push_back({cnt, "int", Value(int64_t(dims[0] + rng.range(0, 2))), false});
    body.insert(eol + 1, "    if " + tid + " >= " + cnt + ":\n        return\n");
  } else if (blockDim == 0 && dims.size() == 2 && first == "    i, j = wp.tid()" &&
             rng.chance(0.3)) {
    std::string nx = pick({"nx", "width", "res_x"}), ny = pick({"ny", "height_n", "res_y"});
    inputs.push_back({nx, "int", Value(int64_t(dims[0])), false});
    inputs.push_back({ny, "int", Value(int64_t(dims[1])), false});
    body.insert(eol + 1, "    if i >= " + nx + " or j >= " + ny + ":\n        return\n");
  }
  std::string params;
  Object spec, specInputs, seeds;
  for (const Input &in : inputs) {
    params += (params.empty() ? "" : ", ") + in.name + ": " + in.annotation;
    specInputs[in.name] = in.data;
    if (in.inOut) {
      std::string k = in.k;
      seeds[in.name] = nested(in.shape, 0, [&]() -> Value {
        if (k == "f")
          return rng.value(-1, 1);
        return elem(k, -1, 1, "");
      });
    }
  }
  for (OutArr &o : outs) {
    params += ", " + o.name + ": " + ann(o.k, o.shape.size());
    specInputs[o.name] = o.specEntry();
    std::string k = o.k;
    seeds[o.name] = nested(o.shape, 0, [&]() -> Value {
      if (k == "f")
        return rng.value(-1, 1);
      return elem(k, -1, 1, "");
    });
  }
  p.source = header() + constantsText() + prefix + "@wp.kernel\ndef " + p.kernelName + "(" +
             params + "):\n" + body;
  Array dimArr;
  for (int d : dims)
    dimArr.push_back(d);
  if (!objects.empty()) {
    // Structures the host builds (wp.HashGrid, wp.Mesh, wp.Bvh, wp.Volume):
    // kdsl-run's general form, its named arrays the kernel's (and those
    // only the structures read), its objects passed as "@name".
    Object arrays, args, objs;
    for (const Input &in : inputs) {
      bool isArray = llvm::StringRef(in.annotation).starts_with("wp.array");
      if (isArray)
        arrays[in.name] = in.data;
      args[in.name] = isArray ? Value("@" + in.name) : in.data;
    }
    for (const OutArr &o : outs) {
      arrays[o.name] = specInputs[o.name];
      args[o.name] = "@" + o.name;
    }
    for (auto &[name, desc] : objectArrays)
      arrays[name] = std::move(desc);
    for (auto &[name, desc] : objects)
      objs[name] = std::move(desc);
    Array launches;
    launches.push_back(
        Object{{"kernel", p.kernelName}, {"dim", std::move(dimArr)}, {"args", std::move(args)}});
    p.spec = Object{{"arrays", std::move(arrays)},
                    {"objects", std::move(objs)},
                    {"launches", std::move(launches)},
                    {"backward", Object{{"seed", std::move(seeds)}}}};
    return std::move(p);
  }
  spec["kernel"] = p.kernelName;
  spec["dim"] = dims.size() == 1 ? Value(dims[0]) : Value(std::move(dimArr));
  if (blockDim > 0) {
    // wp.launch_tiled(kernel, dim=dims, inputs=..., block_dim=blockDim).
    spec["tiled"] = true;
    spec["block_dim"] = blockDim;
  }
  spec["inputs"] = std::move(specInputs);
  spec["backward"] = Object{{"seed", std::move(seeds)}};
  p.spec = std::move(spec);
  return std::move(p);
}

} // namespace kdsl::synth::gen
