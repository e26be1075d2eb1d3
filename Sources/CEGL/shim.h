// The types, constants and function-pointer typedefs of EGL and OpenGL ES 3.0, with no
// prototypes: LayerKitGL links nothing and loads every function at run time (dlopen of
// libEGL.so.1, eglGetProcAddress), so a machine without GL still runs LayerKit.
// Debian: libegl-dev, libgles-dev.
#ifndef LAYERKIT_CEGL_SHIM_H
#define LAYERKIT_CEGL_SHIM_H
#define EGL_NO_X11 1
#define EGL_EGL_PROTOTYPES 0
#define EGL_EGLEXT_PROTOTYPES 0
#define GL_GLES_PROTOTYPES 0
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#endif
