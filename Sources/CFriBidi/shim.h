#ifndef LAYERKIT_CFRIBIDI_SHIM_H
#define LAYERKIT_CFRIBIDI_SHIM_H
#include <fribidi.h>
#endif
