import Foundation

/// A text layer's glyphs, shaped from one text state within one bounds rectangle: what
/// the display stage makes for a `CATextLayer` and the render tree's text node carries,
/// so that the compositor only fills them.
package struct ShapedText: Sendable {
  /// The text state the glyphs were shaped from.
  package var state: TextLayerState
  /// The bounds they were laid out in, in the layer's coordinates (points).
  package var bounds: CGRect
  /// The glyph outlines and images with their colours, in the layer's coordinates.
  package var fills: [GlyphFill]

  /// Shapes `state` within `bounds` (`TextLayerState.glyphFills(in:)`).
  package init(_ state: TextLayerState, bounds: CGRect) {
    self.state = state
    self.bounds = bounds
    fills = state.glyphFills(in: bounds)
  }

  /// Whether these glyphs stand for `state` within `bounds`.
  package func matches(_ state: TextLayerState, bounds: CGRect) -> Bool {
    self.bounds == bounds && self.state == state
  }
}
