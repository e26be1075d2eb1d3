#ifndef LAYERKIT_CSDL2IMAGE_SHIM_H
#define LAYERKIT_CSDL2IMAGE_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#endif
