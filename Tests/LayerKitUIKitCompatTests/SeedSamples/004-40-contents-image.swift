layer.contents = UIImage(named: "sample")?.cgImage
layer.contentsScale = UIScreen.main.scale // 2.0
