let convertedCurrentTime = layer.convertTime(CACurrentMediaTime(), from: nil)
