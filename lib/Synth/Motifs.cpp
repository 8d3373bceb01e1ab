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
// This file: each category's motifs by name (motifsOf), the draw among
// them, and finishMotif (the kernel's signature, spec and seeds). The
// motifs are in MotifsPhysics.cpp, MotifsGeometry.cpp, MotifsGrid.cpp and
// MotifsNumeric.cpp.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

bool Gen::motif() { return motifFor(cat); }

std::vector<Gen::MotifChoice> Gen::motifsOf(const std::string &c0) {
  // Index k is drawn as rng.range(0, n - 1) (no draw for a single motif).
  auto m = [](const char *name, std::function<void()> build) { return MotifChoice{name, std::move(build)}; };
  if (c0 == "arithmetic")
    return {m("stencil3d", [&] { mStencil3D(); }), m("saxpy", [&] { mSaxpy(); })};
  if (c0 == "math")
    return {m("activation", [&] { mActivation(false); }), m("row_op", [&] { mRowOp(); }),
            m("kepler", [&] { mKepler(); }), m("bias4d", [&] { mBias4D(); })};
  if (c0 == "vector")
    return {m("integrate", [&] { mIntegrate(false, false); }), m("springs", [&] { mSprings(false); }),
            m("ray_sphere", [&] { mRaySphere(false); })};
  if (c0 == "matrix")
    return {m("transform", [&] { mTransform(); }), m("strain", [&] { mStrain(); }),
            m("rotate2d", [&] { mRotate2D(); })};
  if (c0 == "quaternion")
    return {m("quat_integrate", [&] { mQuatIntegrate(); }), m("quat_rotate", [&] { mQuatRotate(); })};
  if (c0 == "control_flow")
    return {m("integrate_collide", [&] { mIntegrate(rng.chance(0.5), true); }), m("contact", [&] { mContact(); }),
            m("ray_sphere_branch", [&] { mRaySphere(true); })};
  if (c0 == "multi_conditional")
    return {m("piecewise", [&] { mPiecewise(); })};
  if (c0 == "loop_carried")
    return {m("neighbours", [&] { mNeighbours(false); }), m("newton_root", [&] { mNewtonSqrt(); }),
            m("kepler", [&] { mKepler(); }), m("jacobi3", [&] { mJacobi3(); })};
  if (c0 == "nested_loop")
    return {m("multiscale_blur", [&] { mMultiScale(); }), m("neighbours_nested", [&] { mNeighbours(true); })};
  if (c0 == "func_call")
    return {m("activation_func", [&] { mActivation(true); }), m("springs_func", [&] { mSprings(true); })};
  if (c0 == "struct")
    return {m("particles_struct", [&] { mParticlesStruct(); })};
  if (c0 == "atomic")
    return {m("histogram", [&] { mHistogram(); }), m("reduce", [&] { mReduce(); }),
            m("scatter", [&] { mScatter(); })};
  if (c0 == "array2d")
    return {m("stencil2d", [&] { mStencil2D(); }), m("gradient2d", [&] { mGradient2D(); }),
            m("gray_scott", [&] { mGrayScott(); })};
  if (c0 == "scalar_param")
    return {m("saxpy", [&] { mSaxpy(); }), m("integrate_scalar", [&] { mIntegrate(true, rng.chance(0.4)); })};
  if (c0 == "combined")
    return {m("rigid_body", [&] { mRigidCombined(); })};
  if (c0 == "random")
    return {m("jitter_emit", [&] { mJitterEmit(); }), m("langevin", [&] { mLangevin(); }),
            m("dropout", [&] { mDropout(); }), m("noise_field", [&] { mNoiseField(); }),
            m("monte_carlo", [&] { mMonteCarlo(); }), m("random_pairs", [&] { mRandomPairs(); })};
  if (c0 == "spatial")
    return {m("body_points", [&] { mBodyPoints(); }), m("joint_chain", [&] { mJointChain(); }),
            m("spatial_velocity", [&] { mSpatialVelocity(); })};
  if (c0 == "generic")
    return {m("generic_blend", [&] { mGenericBlend(); }), m("overload_energy", [&] { mOverloadEnergy(); }),
            m("generic_stencil", [&] { mGenericStencil(); })};
  return {};
}

bool Gen::motifFor(const std::string &c0) {
  std::vector<MotifChoice> choices = motifsOf(c0);
  if (choices.empty())
    return false;
  const MotifChoice &m = choices.size() == 1 ? choices[0] : choices[rng.range(0, int(choices.size()) - 1)];
  motifName = m.name;
  m.build();
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
  if (dims.size() == 1 && at != std::string::npos && first.find(',') == std::string::npos && rng.chance(0.3)) {
    std::string tid = llvm::StringRef(first.substr(0, at)).trim().str();
    std::string cnt = pick({"count", "num_items", "n_active", "num_particles", "size"});
    inputs.push_back({cnt, "int", Value(int64_t(dims[0] + rng.range(0, 2))), false});
    body.insert(eol + 1, "    if " + tid + " >= " + cnt + ":\n        return\n");
  } else if (dims.size() == 2 && first == "    i, j = wp.tid()" && rng.chance(0.3)) {
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
    Array shape;
    for (int d : o.shape)
      shape.push_back(d);
    Object desc{{"requires_grad", true}};
    if (o.init.kind() == Value::Null)
      desc["zeros"] = std::move(shape);
    else
      desc["data"] = o.init;
    specInputs[o.name] = std::move(desc);
    std::string k = o.k;
    seeds[o.name] = nested(o.shape, 0, [&]() -> Value {
      if (k == "f")
        return rng.value(-1, 1);
      return elem(k, -1, 1, "");
    });
  }
  p.source = header() + prefix + "@wp.kernel\ndef " + p.kernelName + "(" + params + "):\n" + body;
  Array dimArr;
  for (int d : dims)
    dimArr.push_back(d);
  spec["kernel"] = p.kernelName;
  spec["dim"] = dims.size() == 1 ? Value(dims[0]) : Value(std::move(dimArr));
  spec["inputs"] = std::move(specInputs);
  spec["backward"] = Object{{"seed", std::move(seeds)}};
  p.spec = std::move(spec);
  return std::move(p);
}

} // namespace kdsl::synth::gen
