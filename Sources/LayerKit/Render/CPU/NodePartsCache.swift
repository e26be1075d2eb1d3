import Foundation
@_spi(Benchmarks) import LayerGraphics

/// What each node drew last frame that depends only on its own state and map, kept by
/// node index so a frame that redraws an unchanged layer finds it without hashing.
///
/// An entry belongs to the node with its `key`; a node at the same index with another
/// key (the tree changed shape) starts a fresh entry. Each part checks the state fields
/// and map that shape it before it is reused, so a stale entry is only ever a miss.
struct NodePartsCache {
  private var parts: [NodeParts?] = []

  /// Fits the cache to a tree of `count` nodes (entries past the end are dropped).
  mutating func begin(nodeCount count: Int) {
    if parts.count > count {
      parts.removeSubrange(count...)
    } else if parts.count < count {
      parts.append(contentsOf: repeatElement(nil, count: count - parts.count))
    }
  }

  /// The entry of node `i` with `key`, made empty when missing or another node's.
  mutating func parts(_ i: Int, key: RenderNode.Key) -> NodeParts {
    if i < parts.count, let p = parts[i], p.key == key { return p }
    let p = NodeParts(key: key)
    if i < parts.count { parts[i] = p }
    return p
  }
}

/// One node's cached parts.
final class NodeParts {
  let key: RenderNode.Key

  /// The background as last filled: the bounds, corner radius, masked corners, map and
  /// device clip, and — once it was filled the same way twice — its recorded coverage.
  struct Background {
    var shape: RoundedBoundsShape
    var map: CGAffineTransform
    var clip: PixelRect
    var fill: RecordedFill?
  }
  var background: Background?

  /// The path-shaped shadow's blurred mask, for the shape (the `shadowPath` object, or
  /// the rounded bounds when there is none), map and σ it was looked up with, and the
  /// mask's pixels in the last shadow colour.
  struct Shadow {
    var shadowPath: CGPath?
    var shape: RoundedBoundsShape
    var map: CGAffineTransform
    var sigma: Double
    var mask: ShadowCache.Mask
    var originX: Int
    var originY: Int
    var color: UInt32?
    var tinted: ShadowCache.Tinted?

    /// Whether this entry's mask is the one for `st` under `map` with blur `sigma`.
    func matches(_ st: LayerState, map m: CGAffineTransform, sigma s: Double) -> Bool {
      guard map == m, sigma == s else { return false }
      if let sp = st.shadowPath { return sp === shadowPath }
      return shadowPath == nil && shape == RoundedBoundsShape(st)
    }
  }
  var shadow: Shadow?

  /// The contents as last drawn at full opacity: the image, the rectangle it fills
  /// (layer space), the map, the filter and the device pixels it covers, and — once
  /// drawn the same way twice in a row — those pixels kept (`KeptContents`).
  struct Contents {
    var image: CGImage
    var full: CGRect
    var map: CGAffineTransform
    var filter: CALayerContentsFilter
    var extent: PixelRect
    var kept: KeptContents?

    /// Whether this entry is `image` filling `full` under `map` with `filter` over
    /// `extent`.
    func matches(
      _ image: CGImage, full f: CGRect, map m: CGAffineTransform, filter fl: CALayerContentsFilter,
      extent e: PixelRect
    ) -> Bool {
      self.image === image && full == f && map == m && filter == fl && extent == e
    }
  }
  var contents: Contents?

  init(key: RenderNode.Key) { self.key = key }
}
