var transform = CATransform3DIdentity
transform.m41 = 100
layer.sublayerTransform = transform // サブレイヤーの x が 100pt移動して描画される
