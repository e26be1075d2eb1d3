#ifndef LAYERKIT_CSDL2_SHIM_H
#define LAYERKIT_CSDL2_SHIM_H
#include <SDL.h>
#endif
