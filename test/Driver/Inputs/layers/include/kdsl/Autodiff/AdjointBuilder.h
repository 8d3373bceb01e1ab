#include "kdsl/Dialect/Kdsl.h"
