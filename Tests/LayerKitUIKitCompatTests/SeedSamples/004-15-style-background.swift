layer.style = ["backgroundColor": UIColor.yellow.cgColor] // デフォルトの背景色が黄色に変更されます
