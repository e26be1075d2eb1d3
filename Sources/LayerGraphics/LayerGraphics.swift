// LayerGraphics: Core Graphics-style 2D for LayerKit.
//
// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` come from Foundation; this module adds the
// rest of the Core Graphics vocabulary (transforms, colours, paths, images, the bitmap
// context) in pure Swift, so that every other module can re-export one import.
@_exported import Foundation
