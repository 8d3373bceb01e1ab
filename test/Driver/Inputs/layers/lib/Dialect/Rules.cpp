// An upward include: the dialect names a header of the autodiff library.
#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Support/Scalar.h"
