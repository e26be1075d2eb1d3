#ifndef LAYERKIT_CSDL2_SHIM_H
#define LAYERKIT_CSDL2_SHIM_H
// Included through the SDL2/ folder of the default include path (Debian's libsdl2-dev puts
// it at /usr/include/SDL2), so the target needs no pkg-config flags: sdl2.pc adds
// -D_REENTRANT, which SwiftPM refuses in every package that builds LayerKit. SDL's own
// headers include each other with quotes, which resolve in the same folder.
#include <SDL2/SDL.h>
#endif
