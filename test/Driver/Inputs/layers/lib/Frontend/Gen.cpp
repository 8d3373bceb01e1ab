// Frontend and Transforms share a layer: neither includes the other.
#include "kdsl/Transforms/Passes.h"
