import Foundation

/// The directions a `CAScrollLayer` may scroll in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let none = Self(rawValue: "none")
  public static let vertically = Self(rawValue: "vertically")
  public static let horizontally = Self(rawValue: "horizontally")
  public static let both = Self(rawValue: "both")
}

/// A layer that shows a scrolled part of its sublayers: scrolling moves its
/// `bounds.origin`, and it clips (`masksToBounds` defaults to true).
///
/// Scrolling sets `bounds` like any property change, so inside a context's tree it
/// animates implicitly unless actions are disabled. Non-finite points and rectangles
/// are ignored with a diagnostic.
open class CAScrollLayer: CALayer {
  /// Which directions `scroll(to:)` may move in. Default `.both`.
  public var scrollMode: CAScrollLayerScrollMode = .both

  public override init() { super.init() }

  public required init(layer: Any) {
    super.init(layer: layer)
    if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
  }

  /// A scroll layer clips to its bounds by default; otherwise `CALayer`'s defaults.
  open override class func defaultValue(forKey key: String) -> Any? {
    key == "masksToBounds" ? true : super.defaultValue(forKey: key)
  }

  /// Scrolls so that `p` (in the layer's coordinates) is at the bounds' origin, along the
  /// directions `scrollMode` allows.
  public func scroll(to p: CGPoint) {
    guard p.x.isFinite, p.y.isFinite else {
      CADiagnostics.report(key: "scroll(to:)", "ignored the non-finite point \(p)")
      return
    }
    var origin = bounds.origin
    if scrollMode == .horizontally || scrollMode == .both { origin.x = p.x }
    if scrollMode == .vertically || scrollMode == .both { origin.y = p.y }
    guard origin != bounds.origin else { return }
    bounds.origin = origin
  }

  /// Scrolls by the least amount that brings `r` (in the layer's coordinates) into view;
  /// a rectangle larger than the bounds shows its top-left part.
  public func scroll(to r: CGRect) {
    guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
      CADiagnostics.report(key: "scroll(to:)", "ignored the non-finite rectangle \(r)")
      return
    }
    let r = r.standardized
    let b = bounds
    func axis(_ lo: CGFloat, _ hi: CGFloat, _ origin: CGFloat, _ size: CGFloat) -> CGFloat {
      if hi - lo >= size || lo < origin { return lo }
      if hi > origin + size { return hi - size }
      return origin
    }
    scroll(
      to: CGPoint(
        x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
  }
}

extension CALayer {
  /// The closest ancestor that is a `CAScrollLayer` (not the layer itself).
  var enclosingScrollLayer: CAScrollLayer? {
    var l = superlayer
    while let s = l {
      if let scroll = s as? CAScrollLayer { return scroll }
      l = s.superlayer
    }
    return nil
  }

  /// Scrolls the closest ancestor `CAScrollLayer` so that `p` (in this layer's
  /// coordinates) is at its bounds' origin. Nothing happens without one.
  public func scroll(_ p: CGPoint) {
    guard let scroll = enclosingScrollLayer else { return }
    scroll.scroll(to: scroll.convert(p, from: self))
  }

  /// Scrolls the closest ancestor `CAScrollLayer` by the least amount that shows `r`
  /// (in this layer's coordinates). Nothing happens without one.
  public func scrollRectToVisible(_ r: CGRect) {
    guard let scroll = enclosingScrollLayer else { return }
    scroll.scroll(to: scroll.convert(r, from: self))
  }

  /// The part of the layer's bounds its closest ancestor `CAScrollLayer` shows, in the
  /// layer's coordinates; the whole bounds without one; `.zero`-sized when none of it
  /// shows.
  public var visibleRect: CGRect {
    guard let scroll = enclosingScrollLayer else { return bounds }
    let shown = convert(scroll.bounds, from: scroll).intersection(bounds)
    return shown.isNull ? CGRect(origin: bounds.origin, size: .zero) : shown
  }
}
