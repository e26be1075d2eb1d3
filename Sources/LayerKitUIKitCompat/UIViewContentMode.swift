import LayerKit

extension UIView {
  /// How a view lays out its content when its size changes: UIKit's `UIView.ContentMode`,
  /// with UIKit's raw values.
  ///
  /// A layer-backed view shows its content through its layer's `contents`, so each mode is
  /// the matching `contentsGravity` (``ContentMode/contentsGravity``). `redraw` draws again on every
  /// bounds change and otherwise scales like `scaleToFill`.
  public enum ContentMode: Int, Sendable {
    case scaleToFill = 0
    case scaleAspectFit = 1
    case scaleAspectFill = 2
    case redraw = 3
    case center = 4
    case top = 5
    case bottom = 6
    case left = 7
    case right = 8
    case topLeft = 9
    case topRight = 10
    case bottomLeft = 11
    case bottomRight = 12

    /// The layer gravity that places contents as this mode places a view's content.
    ///
    /// Core Animation names gravities in its y-up geometry (`.top` is the bounds'
    /// maximum-y edge, the bottom of a y-down screen; see LayerKit's Compositing article),
    /// so, as UIKit does on iOS, the modes that name the screen's top map to the
    /// `bottom` gravities and the other way round: `.top` is `.bottom`, `.topLeft` is
    /// `.bottomLeft`.
    public var contentsGravity: CALayerContentsGravity {
      switch self {
      case .scaleToFill, .redraw: .resize
      case .scaleAspectFit: .resizeAspect
      case .scaleAspectFill: .resizeAspectFill
      case .center: .center
      case .top: .bottom
      case .bottom: .top
      case .left: .left
      case .right: .right
      case .topLeft: .bottomLeft
      case .topRight: .bottomRight
      case .bottomLeft: .topLeft
      case .bottomRight: .topRight
      }
    }

    /// The mode whose gravity is `gravity` (`.resize` reads as `scaleToFill`).
    init(gravity: CALayerContentsGravity) {
      let all: [ContentMode] = [
        .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .top, .bottom, .left, .right,
        .topLeft, .topRight, .bottomLeft, .bottomRight,
      ]
      self = all.first { $0.contentsGravity == gravity } ?? .scaleToFill
    }
  }
}
