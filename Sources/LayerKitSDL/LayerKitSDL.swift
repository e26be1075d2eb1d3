// LayerKitSDL: the SDL2 host for LayerKit — window, frame loop, events, image codecs.
@_exported import LayerKit
