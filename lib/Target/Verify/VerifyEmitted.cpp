//===- VerifyEmitted.cpp - Clang -fsyntax-only on emitted code -----------===//
#include "kdsl/Target/Verify.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"

using namespace kdsl;

static const char *kCudaShim =
#include "CudaShim.inc.str"
    ;

namespace {
/// Collects diagnostics as `name:line:col: severity: message`; the lines are
/// those of the checked buffer, which is exactly the emitted text.
class Collector : public clang::DiagnosticConsumer {
public:
  std::string text;
  unsigned errors = 0;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Warning)
      return;
    llvm::SmallString<256> message;
    info.FormatDiagnostic(message);
    std::string where = "<unknown>";
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getLocation());
      if (p.isValid())
        where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                std::to_string(p.getColumn());
    }
    bool isError = level >= clang::DiagnosticsEngine::Error;
    errors += isError;
    text += where + (isError ? ": error: " : ": warning: ") + message.str().str() + "\n";
  }
};
} // namespace

llvm::Error kdsl::verifyEmitted(llvm::StringRef source, EmittedLanguage language,
                                llvm::StringRef bufferName) {
  std::string name = bufferName.str();
  std::vector<std::string> args = {"-fsyntax-only", "-std=c++17", "-Wall", "-Wextra",
                                   // also stops the "N errors generated" line on stderr
                                   "-fno-caret-diagnostics",
                                   "-resource-dir=" KDSL_CLANG_RESOURCE_DIR};
  if (language == EmittedLanguage::Cpp)
    args.insert(args.end(), {"-x", "c++"});
  clang::tooling::FileContentMappings files;
  if (language == EmittedLanguage::Cuda) {
    for (const char *a : {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80",
                          "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
                          "-include", "kdsl_cuda_shim.h"})
      args.push_back(a);
    files.push_back({"kdsl_cuda_shim.h", kCudaShim});
  }
  Collector collector;
  auto action = std::make_unique<clang::SyntaxOnlyAction>();
  // runToolOnCodeWithArgs has no consumer hook: drive a ToolInvocation.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  overlay->pushOverlay(memory);
  memory->addFile(name, 0, llvm::MemoryBuffer::getMemBufferCopy(source));
  for (auto &[file, content] : files)
    memory->addFile(file, 0, llvm::MemoryBuffer::getMemBufferCopy(content));
  llvm::IntrusiveRefCntPtr<clang::FileManager> fm(new clang::FileManager({}, overlay));
  std::vector<std::string> argv = {"clang++"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(name);
  clang::tooling::ToolInvocation invocation(argv, std::move(action), fm.get());
  invocation.setDiagnosticConsumer(&collector);
  bool ok = invocation.run();
  if (ok && collector.errors == 0 && collector.text.empty())
    return llvm::Error::success();
  return llvm::createStringError("clang rejects the emitted code:\n" + collector.text);
}
