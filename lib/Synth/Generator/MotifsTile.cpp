//===- MotifsTile.cpp - the tile category: block-cooperative kernels -------===//
//
// Kernels written the way Warp's tile examples and tests are (wp.launch_tiled
// with a block dimension; docs/design/tiles.md): a tiled GEMM over K, a dense
// layer with bias and activation, row softmax, layer norm, block reductions,
// a small attention block and batched Cholesky solves. Tile shapes are module
// constants or literals, as Warp requires compile-time shapes; every kernel
// indexes its tiles by the block coordinate from wp.tid(). Each motif keeps
// to the tile ops kdsl differentiates (docs/warp-builtins.md), so the
// gradient check covers every record.
//
//===----------------------------------------------------------------------===//
#include "Gen.h"

#include <cmath>

using namespace kdsl::synth;
using namespace kdsl::synth::gen;

namespace kdsl::synth::gen {

KDSL_MOTIF_FILE(Tile)

/// A tile extent: 4 or 8 (small: the gradient check differentiates every
/// input element), as a module constant in most programs.
std::string Gen::tileExtent(int &value, llvm::ArrayRef<const char *> names) {
  value = rng.chance(0.5) ? 4 : 8;
  return named(std::to_string(value), names, 0.8);
}

/// The launch: a tiled one over `grid` blocks of a block dimension Warp's
/// tile code uses.
void Gen::tiledLaunch(std::vector<int> grid) {
  dims = std::move(grid);
  static const int blocks[] = {32, 64, 64, 128};
  blockDim = blocks[rng.range(0, 3)];
}

/// An element-wise activation of a tile: a builtin (wp.tanh) or a @wp.func
/// the program defines (softplus, sigmoid, swish, gelu), applied by tile_map.
std::string Gen::tileActivation() {
  int kind = rng.range(0, 4);
  if (kind == 0)
    return "wp.tanh";
  static const char *names[] = {"softplus", "sigmoid", "swish", "gelu"};
  static const char *bodies[] = {
      "wp.log(1.0 + wp.exp(z))", "1.0 / (1.0 + wp.exp(-z))", "z / (1.0 + wp.exp(-z))",
      "0.5 * z * (1.0 + wp.tanh(0.7978845608 * (z + 0.044715 * z * z * z)))"};
  std::string f = funcName(names[kind - 1]);
  prefix += P("@wp.func\ndef " + f + "(z: {F}):\n    return " + bodies[kind - 1] + "\n\n\n");
  return f;
}

KDSL_MOTIF(TileGemmMotif, "tile", 0, "tile_gemm") {
  int tm, tn, tk;
  std::string TM = tileExtent(tm, {"TILE_M", "BLOCK_M", "TM"}),
              TN = tileExtent(tn, {"TILE_N", "BLOCK_N", "TN"}),
              TK = tileExtent(tk, {"TILE_K", "BLOCK_K", "TK"});
  int gm = rng.range(1, 2), gn = rng.range(1, 2), gk = rng.range(1, 3);
  tiledLaunch({gm, gn});
  std::string a = pick({"A", "a", "lhs", "mat_a"}), b = pick({"B", "b", "rhs", "mat_b"}),
              cOut = pick({"C", "c", "out", "mat_c"});
  arr(a, "f", {gm * tm, gk * tk}, -1, 1);
  arr(b, "f", {gk * tk, gn * tn}, -1, 1);
  std::string acc = pick({"acc", "c_acc", "c_tile"}), k = pick({"k", "kk", "step"}),
              ta = pick({"a_tile", "ta", "a_blk"}), tb = pick({"b_tile", "tb", "b_blk"});
  L("i, j = wp.tid()");
  L(acc + " = wp.tile_zeros(shape=(" + TM + ", " + TN + "), dtype={F})");
  if (rng.chance(0.5)) {
    L("for " + k + " in range(int(" + a + ".shape[1] / " + TK + ")):");
  } else {
    std::string count = pick({"k_tiles", "num_k", "k_steps"});
    iscal(count, gk, gk);
    L("for " + k + " in range(" + count + "):");
  }
  L("    " + ta + " = wp.tile_load(" + a + ", shape=(" + TM + ", " + TK + "), offset=(i * " + TM +
    ", " + k + " * " + TK + "))");
  L("    " + tb + " = wp.tile_load(" + b + ", shape=(" + TK + ", " + TN + "), offset=(" + k +
    " * " + TK + ", j * " + TN + "))");
  L("    wp.tile_matmul(" + ta + ", " + tb + ", " + acc + ")");
  std::string result = acc;
  if (rng.chance(0.5)) {
    // C = alpha * A B + beta * C_in, as a BLAS gemm.
    std::string alpha = pick({"alpha", "scale"}), beta = pick({"beta", "c_scale"}),
                cIn = pick({"C_in", "c_prev", "bias_mat"}), tc = pick({"c_in_tile", "tc"});
    scal(alpha, 0.5, 1.5);
    scal(beta, 0.25, 1.0);
    arr(cIn, "f", {gm * tm, gn * tn}, -1, 1);
    L(tc + " = wp.tile_load(" + cIn + ", shape=(" + TM + ", " + TN + "), offset=(i * " + TM +
      ", j * " + TN + "))");
    result = pick({"c_tile_out", "res"});
    L(result + " = " + acc + " * " + alpha + " + " + tc + " * " + beta);
  }
  L("wp.tile_store(" + cOut + ", " + result + ", offset=(i * " + TM + ", j * " + TN + "))");
  out(cOut, "f", {gm * tm, gn * tn});
}

KDSL_MOTIF(DenseLayerMotif, "tile", 1, "dense_layer") {
  int tm, tn, tk;
  std::string TM = tileExtent(tm, {"TILE_M", "BATCH_TILE", "TM"}),
              TN = tileExtent(tn, {"TILE_N", "OUT_TILE", "TN"}),
              TK = tileExtent(tk, {"TILE_K", "IN_TILE", "TK"});
  int gm = rng.range(1, 2), gn = rng.range(1, 2), gk = rng.range(1, 2);
  tiledLaunch({gm, gn});
  std::string x = pick({"x", "inputs", "activations", "h_in"}),
              w = pick({"weights", "W", "w", "layer_w"}), bias = pick({"bias", "b", "layer_b"}),
              y = pick({"y", "outputs", "h_out", "act_out"});
  arr(x, "f", {gm * tm, gk * tk}, -1, 1);
  arr(w, "f", {gk * tk, gn * tn}, -1, 1);
  arr(bias, "f", {gn * tn}, -0.5, 0.5);
  std::string act = tileActivation();
  std::string h = pick({"h", "z", "pre"}), k = pick({"k", "kt"}), tx = pick({"x_tile", "tx"}),
              tw = pick({"w_tile", "tw"}), tb = pick({"b_tile", "bias_tile"}),
              a = pick({"a", "act", "y_tile"});
  L("i, j = wp.tid()");
  L(tb + " = wp.tile_load(" + bias + ", shape=" + TN + ", offset=j * " + TN + ")");
  L(h + " = wp.tile_broadcast(" + tb + ", shape=(" + TM + ", " + TN + "))");
  L("for " + k + " in range(int(" + x + ".shape[1] / " + TK + ")):");
  L("    " + tx + " = wp.tile_load(" + x + ", shape=(" + TM + ", " + TK + "), offset=(i * " + TM +
    ", " + k + " * " + TK + "))");
  L("    " + tw + " = wp.tile_load(" + w + ", shape=(" + TK + ", " + TN + "), offset=(" + k +
    " * " + TK + ", j * " + TN + "))");
  L("    wp.tile_matmul(" + tx + ", " + tw + ", " + h + ")");
  L(a + " = wp.tile_map(" + act + ", " + h + ")");
  L("wp.tile_store(" + y + ", " + a + ", offset=(i * " + TM + ", j * " + TN + "))");
  out(y, "f", {gm * tm, gn * tn});
}

KDSL_MOTIF(TileSoftmaxMotif, "tile", 2, "tile_softmax") {
  int n;
  std::string N = tileExtent(n, {"ROW_LEN", "N_COLS", "WIDTH"});
  int rows = rng.range(2, 4);
  tiledLaunch({rows});
  std::string x = pick({"logits", "scores", "x"}), y = pick({"probs", "y", "weights_out"});
  arr(x, "f", {rows, n}, -2, 2);
  std::string row = pick({"row", "r", "z"}), m = pick({"m", "row_max", "mx"}),
              e = pick({"e", "ex", "num"}), s = pick({"s", "denom", "total"}),
              p = pick({"p", "prob", "sm"});
  L("i = wp.tid()");
  L(row + " = wp.tile_load(" + x + ", shape=(1, " + N + "), offset=(i, 0))");
  if (rng.chance(0.5)) {
    std::string temp = pick({"temperature", "inv_temp", "beta"});
    scal(temp, 0.5, 2.0);
    L(row + " = " + row + " * " + temp);
  }
  L(m + " = wp.tile_max(" + row + ")");
  L(e + " = wp.tile_map(wp.exp, " + row + " - wp.tile_broadcast(" + m + ", shape=(1, " + N + ")))");
  L(s + " = wp.tile_sum(" + e + ")");
  L(p + " = wp.tile_map(wp.div, " + e + ", wp.tile_broadcast(" + s + ", shape=(1, " + N + ")))");
  L("wp.tile_store(" + y + ", " + p + ", offset=(i, 0))");
  out(y, "f", {rows, n});
}

KDSL_MOTIF(TileLayerNormMotif, "tile", 3, "tile_layer_norm") {
  int n;
  std::string N = tileExtent(n, {"HIDDEN", "N_FEATURES", "DIM"});
  int rows = rng.range(2, 4);
  tiledLaunch({rows});
  std::string x = pick({"x", "hidden", "features"}), y = pick({"y", "normed", "out"});
  arr(x, "f", {rows, n}, -2, 2);
  std::string row = pick({"row", "v", "xr"}), mean = pick({"mean", "mu", "avg"}),
              d = pick({"d", "xc", "centered"}), var = pick({"var", "sigma2"}),
              inv = pick({"inv_std", "rstd"}), o = pick({"o", "yr", "norm_row"});
  std::string eps = named("1.0e-5", {"EPS", "LN_EPS", "EPSILON"});
  L("i = wp.tid()");
  L(row + " = wp.tile_load(" + x + "[i], shape=" + N + ")");
  L(mean + " = wp.tile_sum(" + row + ")[0] / {F}(" + N + ")");
  L(d + " = " + row + " - wp.tile_full(" + N + ", " + mean + ", dtype={F})");
  L(var + " = wp.tile_sum(wp.tile_map(wp.mul, " + d + ", " + d + "))[0] / {F}(" + N + ")");
  L(inv + " = 1.0 / wp.sqrt(" + var + " + " + eps + ")");
  if (rng.chance(0.6)) {
    std::string g = pick({"gamma", "ln_w", "scale"}), b = pick({"beta", "ln_b", "shift"}),
                tg = pick({"g", "tg"}), tb = pick({"b_t", "tb"});
    arr(g, "f", {n}, 0.5, 1.5);
    arr(b, "f", {n}, -0.5, 0.5);
    L(tg + " = wp.tile_load(" + g + ", shape=" + N + ")");
    L(tb + " = wp.tile_load(" + b + ", shape=" + N + ")");
    L(o + " = wp.tile_map(wp.mul, " + d + " * " + inv + ", " + tg + ") + " + tb);
  } else {
    L(o + " = " + d + " * " + inv);
  }
  L("wp.tile_store(" + y + "[i], " + o + ")");
  out(y, "f", {rows, n});
}

KDSL_MOTIF(TileReduceMotif, "tile", 4, "tile_reduce") {
  int n;
  std::string N = tileExtent(n, {"BLOCK", "CHUNK", "TILE"});
  int blocks = rng.range(2, 4);
  tiledLaunch({blocks});
  std::string x = pick({"values", "x", "samples", "energies"});
  arr(x, "f", {blocks * n}, -1, 1);
  std::string t = pick({"t", "chunk", "vals"}), s = pick({"s", "partial", "block_sum"});
  L("i = wp.tid()");
  L(t + " = wp.tile_load(" + x + ", shape=" + N + ", offset=i * " + N + ")");
  int kind = rng.range(0, 2);
  std::string term;
  if (kind == 0) {
    term = "wp.tile_map(wp.mul, " + t + ", " + t + ")";
  } else if (kind == 1) {
    std::string w = pick({"w", "weights", "coeffs"}), tw = pick({"tw", "w_tile"});
    arr(w, "f", {blocks * n}, 0.1, 1);
    L(tw + " = wp.tile_load(" + w + ", shape=" + N + ", offset=i * " + N + ")");
    term = "wp.tile_map(wp.mul, " + t + ", " + tw + ")";
  } else {
    term = "wp.tile_map(" + tileActivation() + ", " + t + ")";
  }
  L(s + " = wp.tile_sum(" + term + ")");
  if (rng.chance(0.5)) {
    std::string total = pick({"total", "loss", "energy_sum"});
    L("wp.tile_atomic_add(" + total + ", " + s + ")");
    out(total, "f", {1});
  } else {
    std::string partial = pick({"partials", "block_sums", "per_block"});
    L("wp.tile_store(" + partial + ", " + s + ", offset=i)");
    out(partial, "f", {blocks});
  }
}

KDSL_MOTIF(TileAttentionMotif, "tile", 5, "tile_attention") {
  int tq, tk, d;
  std::string Q = tileExtent(tq, {"Q_TILE", "BLOCK_Q", "TQ"}),
              K = tileExtent(tk, {"SEQ_LEN", "N_KEYS", "KV_LEN"}),
              D = tileExtent(d, {"HEAD_DIM", "D_HEAD", "DIM"});
  int blocks = rng.range(1, 2);
  tiledLaunch({blocks});
  std::string q = pick({"q", "queries"}), k = pick({"k", "keys"}), v = pick({"v", "values"}),
              o = pick({"o", "attn_out", "context"});
  arr(q, "f", {blocks * tq, d}, -1, 1);
  arr(k, "f", {tk, d}, -1, 1);
  arr(v, "f", {tk, d}, -1, 1);
  std::string scale = named(num(1.0 / std::sqrt(double(d))), {"SCALE", "ATTN_SCALE", "INV_SQRT_D"});
  std::string s = pick({"scores", "s", "logits"}), p = pick({"p", "attn", "weights"}),
              e = pick({"e", "ex"}), rs = pick({"row_sum", "denom"}),
              acc = pick({"out_tile", "ctx", "res"});
  L("i = wp.tid()");
  L("tq = wp.tile_load(" + q + ", shape=(" + Q + ", " + D + "), offset=(i * " + Q + ", 0))");
  L("tk = wp.tile_load(" + k + ", shape=(" + K + ", " + D + "))");
  L("tv = wp.tile_load(" + v + ", shape=(" + K + ", " + D + "))");
  L(s + " = wp.tile_zeros(shape=(" + Q + ", " + K + "), dtype={F})");
  L("wp.tile_matmul(tq, wp.tile_transpose(tk), " + s + ")");
  L(e + " = wp.tile_map(wp.exp, " + s + " * " + scale + ")");
  L(rs + " = wp.tile_sum(" + e + ", axis=1)");
  L(p + " = wp.tile_map(wp.div, " + e + ", wp.tile_broadcast(wp.tile_reshape(" + rs + ", shape=(" +
    Q + ", 1)), shape=(" + Q + ", " + K + ")))");
  L(acc + " = wp.tile_zeros(shape=(" + Q + ", " + D + "), dtype={F})");
  L("wp.tile_matmul(" + p + ", tv, " + acc + ")");
  L("wp.tile_store(" + o + ", " + acc + ", offset=(i * " + Q + ", 0))");
  out(o, "f", {blocks * tq, d});
}

KDSL_MOTIF(TileCholeskyMotif, "tile", 6, "tile_cholesky_solve") {
  int n = rng.chance(0.5) ? 3 : 4;
  std::string N = named(std::to_string(n), {"N", "DIM", "SYS_N"}, 0.8);
  int batch = rng.range(2, 3);
  tiledLaunch({batch});
  std::string a = pick({"A", "factors", "jac"}), rhs = pick({"rhs", "b", "residual"}),
              x = pick({"x", "solution", "delta"});
  arr(a, "f", {batch * n, n}, -1, 1);
  arr(rhs, "f", {batch * n}, -1, 1);
  std::string ta = pick({"ta", "a_tile"}), spd = pick({"spd", "H", "gram"}),
              l = pick({"L", "chol", "l_fac"}), tb = pick({"tb", "b_tile"}),
              sol = pick({"sol", "x_tile"});
  std::string reg = named(num(rng.value(0.5, 1.5)), {"DAMPING", "REG", "LAMBDA"});
  L("i = wp.tid()");
  L(ta + " = wp.tile_load(" + a + ", shape=(" + N + ", " + N + "), offset=(i * " + N + ", 0))");
  // A A^T + damping I: symmetric positive definite for any A.
  L(spd + " = wp.tile_zeros(shape=(" + N + ", " + N + "), dtype={F})");
  L("wp.tile_matmul(" + ta + ", wp.tile_transpose(" + ta + "), " + spd + ")");
  L(spd + " = wp.tile_diag_add(" + spd + ", wp.tile_full(" + N + ", " + reg + ", dtype={F}))");
  L(l + " = wp.tile_cholesky(" + spd + ")");
  L(tb + " = wp.tile_load(" + rhs + ", shape=" + N + ", offset=i * " + N + ")");
  L(sol + " = wp.tile_cholesky_solve(" + l + ", " + tb + ")");
  L("wp.tile_store(" + x + ", " + sol + ", offset=i * " + N + ")");
  out(x, "f", {batch * n});
}

} // namespace kdsl::synth::gen
