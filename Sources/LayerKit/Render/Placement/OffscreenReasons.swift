import Foundation

/// Why a layer is drawn through an offscreen of its own before it reaches its target:
/// the offscreen decisions every backend shares (a GPU backend renders such a layer to
/// a texture; the CPU compositor to a `RenderSurface`).
package struct OffscreenReasons: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Its opacity applies once to it and its composited sublayers
  /// (`allowsGroupOpacity`, opacity below 1, at least one sublayer).
  package static let groupOpacity = OffscreenReasons(rawValue: 1 << 0)
  /// It has a mask layer, whose alpha multiplies the composited layer.
  package static let mask = OffscreenReasons(rawValue: 1 << 1)
  /// It is a replicator copy tinted by `instanceColor` (and its offsets).
  package static let tint = OffscreenReasons(rawValue: 1 << 2)
  /// `shouldRasterize`: drawn once into a kept bitmap in its own space.
  package static let rasterize = OffscreenReasons(rawValue: 1 << 3)
  /// A `compositingFilter` blend mode: blended onto its backdrop as a group.
  package static let filter = OffscreenReasons(rawValue: 1 << 4)
  /// A `CATransition` draws its outgoing and current states together.
  package static let transition = OffscreenReasons(rawValue: 1 << 5)
  /// Its map is projective: drawn flat in its own plane, then warped with
  /// perspective-correct sampling.
  package static let perspective = OffscreenReasons(rawValue: 1 << 6)

  /// Whether node `n`, composited at `opacity` onto the target it is drawn into (its
  /// inherited opacity there times its own), is drawn as a group: its opacity below 1
  /// applies to a composited subtree (`allowsGroupOpacity` with sublayers), it has a mask,
  /// or it is a tinted replicator copy.
  @inline(__always)
  package static func isGroup(_ n: UnsafePointer<RenderNode>, compositedAt opacity: Float) -> Bool {
    (opacity < 1 && n.pointee.state.allowsGroupOpacity && !n.pointee.children.isEmpty)
      || n.pointee.mask != nil || n.pointee.tint != nil
  }

  /// Every reason node `n` takes an offscreen, composited at `opacity` onto its target,
  /// under the device `map`.
  package static func of(
    _ n: UnsafePointer<RenderNode>, compositedAt opacity: Float, map: ProjectiveTransform2D
  ) -> OffscreenReasons {
    var r: OffscreenReasons = []
    if opacity < 1 && n.pointee.state.allowsGroupOpacity && !n.pointee.children.isEmpty {
      r.insert(.groupOpacity)
    }
    if n.pointee.mask != nil { r.insert(.mask) }
    if n.pointee.tint != nil { r.insert(.tint) }
    if n.pointee.state.shouldRasterize { r.insert(.rasterize) }
    if CompositingFilter.blendMode(named: n.state.compositingFilter) != nil { r.insert(.filter) }
    if n.pointee.transition != nil { r.insert(.transition) }
    if n.pointee.kind != .transform, map.isFinite, map.exactAffine == nil {
      r.insert(.perspective)
    }
    return r
  }
}
