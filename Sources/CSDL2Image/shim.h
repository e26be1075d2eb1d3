#ifndef LAYERKIT_CSDL2IMAGE_SHIM_H
#define LAYERKIT_CSDL2IMAGE_SHIM_H
// Through the SDL2/ folder, like CSDL2's shim (SDL2_image.pc also adds -D_REENTRANT).
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#endif
