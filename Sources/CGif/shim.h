#ifndef LAYERKIT_CGIF_SHIM_H
#define LAYERKIT_CGIF_SHIM_H
#include <gif_lib.h>
#endif
