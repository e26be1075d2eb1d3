import Foundation

/// How the frame's stages treat the layers of one class, declared once per class
/// (`CALayer.frameTraits`, overridden by each subclass that differs): the stages read
/// these instead of testing a layer's class.
package struct LayerFrameTraits: Sendable, Equatable {
  /// What the render tree draws for the layer besides the common parts (background,
  /// contents, border, shadow). Default `.layer`.
  package var nodeKind: RenderNode.Kind = .layer
  /// Whether what the layer draws depends on its local time even with no animation
  /// attached (an emitter's particles, a replicator's instance delays), so the frame
  /// loop visits it every frame. Default false.
  package var drawsOverTime = false
  /// Whether the layer's drawing changes outside the change log's knowledge (particles
  /// born each frame, tiles drawn late), so its render node is rebuilt each frame rather
  /// than reused. Default false.
  package var isVolatile = false
  /// Whether the display stage keeps no backing store for the layer because the class
  /// draws its content another way (text as outlines, a tiled layer in tiles).
  /// Default false.
  package var drawsOwnContent = false

  /// The traits of a plain `CALayer`.
  package static let plain = LayerFrameTraits()
}
