// Arrays whose element layouts differ from MLIR's default DataLayout (which
// aligns i64 to 4 bytes): the stride of a dense array is the C size.
func.func @pair(%a: !kdsl.array<!kdsl.struct<"Pair", {a: i32, b: i64}>, 1>) -> i1 {
  %d = kdsl.is_dense %a : !kdsl.array<!kdsl.struct<"Pair", {a: i32, b: i64}>, 1>
  return %d : i1
}
func.func @mixed(%a: !kdsl.array<!kdsl.struct<"Mixed", {a: i8, g: i32, c: i16, d: vector<3xf16>, f: i1, e: i64, b: f64}>, 2>) -> !kdsl.array<!kdsl.struct<"Mixed", {a: i8, g: i32, c: i16, d: vector<3xf16>, f: i1, e: i64, b: f64}>, 2> {
  %d = kdsl.assume_dense %a : !kdsl.array<!kdsl.struct<"Mixed", {a: i8, g: i32, c: i16, d: vector<3xf16>, f: i1, e: i64, b: f64}>, 2>
  return %d : !kdsl.array<!kdsl.struct<"Mixed", {a: i8, g: i32, c: i16, d: vector<3xf16>, f: i1, e: i64, b: f64}>, 2>
}
func.func @small(%a: !kdsl.array<!kdsl.struct<"Small", {f: i1, d: vector<3xf16>}>, 1>) -> i1 {
  %d = kdsl.is_dense %a : !kdsl.array<!kdsl.struct<"Small", {f: i1, d: vector<3xf16>}>, 1>
  return %d : i1
}
