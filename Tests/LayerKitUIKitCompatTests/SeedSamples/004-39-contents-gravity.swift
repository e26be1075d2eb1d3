layer.contentsGravity = .top
layer.isGeometryFlipped = true
