import LayerKitSDL

print("hello-layerkit: LayerKit is linked.")
