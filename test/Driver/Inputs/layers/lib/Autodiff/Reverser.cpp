// Downward includes only.
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/KdslOps.h.inc"
#include "kdsl/Autodiff/AdjointBuilder.h"
