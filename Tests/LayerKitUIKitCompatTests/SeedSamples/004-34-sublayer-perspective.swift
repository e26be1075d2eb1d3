let perspective = CATransform3D.identity
perspective.m34 = -1.0 / eyePosition
// 変換を親レイヤーに適用します。
parentLayer.sublayerTransform = CATransform3DRotate(perspective, angle * CGFloat.pi / 180, 0, 1, 0)
