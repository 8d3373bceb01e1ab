#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Frontend/Frontend.h"
