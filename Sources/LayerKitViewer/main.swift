import LayerKitDemos
import LayerKitSDL

print("layerkit-viewer")
