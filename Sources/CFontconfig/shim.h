#ifndef LAYERKIT_CFONTCONFIG_SHIM_H
#define LAYERKIT_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
