// Test driver for lib/Target/Cpp/BundleHost.inc on the CPU: prints a bundle's
// expected.bin the way the --standalone program prints the GPU's outputs, so
// bundle-host.test can compare it with kdsl-run's own JSON.
#include "BundleHost.inc"

int main(int argc, char **argv) {
  using namespace kdsl_bundle;
  if (argc != 2)
    die("usage: print_expected BUNDLE_DIR");
  std::string dir = argv[1];
  Bundle b = readBundle(dir + "/bundle.bin");
  std::vector<std::vector<char>> expected = readExpected(dir + "/expected.bin", b);
  std::string out = resultJson(b, expected);
  std::fputs(out.c_str(), stdout);
  return 0;
}
