//===- Imports.cpp - Python modules imported by a Warp source -------------===//
//
// Warp resolves `mod.f` and `from pkg.mod import f` in kernel code to the
// @wp.func / @wp.struct / constant of that other Python module. kdsl reads
// the other module's file too when it finds it: `a.b.c` as a/b/c.py or
// a/b/c/__init__.py in the importing file's directory or one of its
// ancestors (so at its package root), or in an include directory; relative
// imports from the importing file's package. The module is parsed into a
// ModuleAST of its own (owned by the root module, cached by path): its names
// live in its own scope, its kernels are never compiled, and its funcs and
// structs are checked and emitted when kernel code uses them.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Parser.h"
#include "kdsl/Support/InputFiles.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace kdsl;
using llvm::StringRef;

static constexpr unsigned kMaxImportDepth = 8;

static bool isFile(const llvm::Twine &p) { return llvm::sys::fs::is_regular_file(p); }

static std::string dirOf(StringRef file) {
  // A chunk of --split-input-file is named "within split at FILE:LINE offset ".
  if (file.consume_front("within split at ")) {
    file = file.rsplit(" offset").first;
    file = file.rsplit(':').first;
  }
  llvm::SmallString<256> abs(file);
  llvm::sys::fs::make_absolute(abs);
  StringRef d = llvm::sys::path::parent_path(abs);
  return d.empty() ? "." : d.str();
}

bool kdsl::isStdlibModule(StringRef dotted) {
  if (dotted.starts_with("."))
    return false;
  // Modules Python has already imported (built in, or loaded by `import warp`)
  // before a kernel module runs: `import types` gets them from sys.modules,
  // never from a types.py next to the source.
  return llvm::StringSwitch<bool>(dotted.split('.').first)
      .Cases({"__future__", "abc", "builtins", "collections", "contextlib", "copy", "ctypes"}, true)
      .Cases({"dataclasses", "enum", "functools", "inspect", "itertools", "math", "numbers"}, true)
      .Cases({"operator", "os", "re", "sys", "threading", "time", "types", "typing"}, true)
      .Cases({"warnings", "weakref"}, true)
      .Default(false);
}

ModuleAST *kdsl::importModule(ModuleAST &from, StringRef dotted, DiagEngine &diags,
                              std::string &note) {
  note.clear();
  if (isStdlibModule(dotted))
    return nullptr; // host code kdsl does not need (math.pi is read by name)
  std::string srcDir = dirOf(from.filename);
  std::vector<std::string> bases;
  StringRef rest = dotted;
  if (rest.starts_with(".")) { // from . import x, from ..pkg import y
    std::string base = srcDir;
    rest = rest.drop_front();
    while (rest.starts_with(".")) {
      base = llvm::sys::path::parent_path(base).str();
      rest = rest.drop_front();
    }
    bases.push_back(base);
  } else {
    // The source's directory, then its ancestors: the package root (above
    // the topmost __init__.py) is one of them, also when the package's own
    // __init__.py is missing (a copy of warp/tests without warp/__init__.py).
    std::string d = srcDir;
    for (unsigned k = 0; k < 8 && !d.empty(); ++k) {
      bases.push_back(d);
      StringRef parent = llvm::sys::path::parent_path(d);
      if (parent == d)
        break;
      d = parent.str();
    }
    for (const std::string &d : from.root->includeDirs)
      bases.push_back(d);
  }
  llvm::SmallVector<StringRef, 8> parts;
  rest.split(parts, '.', -1, false);
  std::string found;
  bool topExists = false;
  for (const std::string &b : bases) {
    llvm::SmallString<256> p(b);
    for (StringRef part : parts)
      llvm::sys::path::append(p, part);
    if (isFile(p + ".py")) {
      found = (p + ".py").str();
      break;
    }
    if (isFile(p + "/__init__.py")) {
      found = (p + "/__init__.py").str();
      break;
    }
    if (!parts.empty()) {
      llvm::SmallString<256> top(b);
      llvm::sys::path::append(top, parts[0]);
      topExists |= llvm::sys::fs::is_directory(top) || isFile(top + ".py");
    }
  }
  if (found.empty()) {
    // A module of the source's own package that is not there: kernel code
    // using it gets an error naming it. Other modules (typing, numpy) are
    // host code kdsl does not need.
    if (topExists || dotted.starts_with("."))
      note = ("imported from module '" + dotted + "', whose source file kdsl did not find " +
              "(it searches the importing file's directory and its ancestors" +
              (from.root->includeDirs.empty() ? "" : " and the directories given with -I") + ")")
                 .str();
    return nullptr;
  }
  llvm::SmallString<256> canon(found);
  llvm::sys::fs::real_path(found, canon);
  ModuleAST &root = *from.root;
  if (auto it = root.importCache.find(canon); it != root.importCache.end())
    return it->second; // also a module still being parsed (an import cycle)
  if (from.importDepth >= kMaxImportDepth) {
    note = ("imported from module '" + dotted + "', beyond the " + llvm::Twine(kMaxImportDepth) +
            " nested imports kdsl reads")
               .str();
    return nullptr;
  }
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buf = kdsl::readInputFile(canon);
  if (!buf) {
    note = ("imported from module '" + dotted + "', whose file " + canon.str() +
            " kdsl could not read (" + llvm::toString(buf.takeError()) + ")")
               .str();
    return nullptr;
  }
  unsigned id = diags.getSourceMgr().AddNewSourceBuffer(std::move(*buf), llvm::SMLoc());
  auto child = std::make_unique<ModuleAST>();
  child->root = &root;
  child->importDepth = from.importDepth + 1;
  ModuleAST *m = child.get();
  root.importedModules.push_back(std::move(child));
  root.importCache[canon] = m;
  bool ok;
  {
    SuppressDiags quiet(diags);
    ok = parseModule(id, diags, *m); // (the parser's own quiet attempts count as errors)
  }
  if (!ok || !m->globals) {
    root.importCache[canon] = nullptr;
    note = ("imported from module '" + dotted + "', whose file " + canon.str() +
            " kdsl could not parse")
               .str();
    return nullptr;
  }
  return m;
}
