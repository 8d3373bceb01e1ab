//===- Tools.cpp - what kdsl's tool mains share ---------------------------===//
#include "kdsl/Driver/Tools.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

void kdsl::driver::hideOptionsOutside(cl::OptionCategory &category, ArrayRef<StringRef> alsoShown) {
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *o = entry.second;
    StringRef name = o->ArgStr;
    if (!is_contained(o->Categories, &category) && name != "help" && name != "help-list" &&
        name != "version" && !is_contained(alsoShown, name) &&
        o->getOptionHiddenFlag() == cl::NotHidden)
      o->setHiddenFlag(cl::Hidden);
  }
}
