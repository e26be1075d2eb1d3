import Foundation

// The layer tree: superlayer, sublayers and mask.
//
// A layer has at most one parent: adding it somewhere removes it from where it was
// (its old superlayer, or the layer it masked). Making a layer its own sublayer or mask,
// or that of one of its descendants, would make a cycle: one rule for every entry
// point, a programmer error that stops the program (`requireNoCycle(adopting:as:)`).
// Inserting or removing a sublayer marks the superlayer as needing layout.
extension CALayer {
  /// The layer this one is a sublayer of, or nil. A mask layer has no superlayer.
  public var superlayer: CALayer? { parentLayer }

  /// The sublayers, back to front in insertion order (siblings draw in this order,
  /// stably sorted by `zPosition`), or nil when there are none.
  ///
  /// Setting replaces every sublayer: the old ones are removed, the new ones added in
  /// order. A layer listed twice ends up once, at its last position. Setting the same
  /// layers in the same order changes nothing (no `"sublayers"` action).
  public var sublayers: [CALayer]? {
    get { children.isEmpty ? nil : children }
    set {
      changeSublayers {
        let new = newValue ?? []
        if new.count == children.count && zip(new, children).allSatisfy({ $0 === $1 }) {
          setNeedsLayout()
          return
        }
        for child in children {
          child.parentLayer = nil
          recordSublayerEdit(child, at: 0, isInsertion: false)
        }
        children.removeAll()
        for layer in newValue ?? [] { addSublayer(layer) }
        setNeedsLayout()
      }
    }
  }

  /// A layer whose alpha masks this layer's contents and sublayers, in this layer's
  /// coordinate space. It is not a sublayer: its `superlayer` is nil. Default nil.
  ///
  /// A layer that would mask itself or one of its ancestors would make a cycle: a
  /// programmer error that stops the program (see `requireNoCycle(adopting:as:)`).
  public var mask: CALayer? {
    get { maskLayer }
    set {
      if newValue === maskLayer { return }
      if let m = newValue { requireNoCycle(adopting: m, as: "the mask") }
      maskLayer?.maskedLayer = nil
      if let m = newValue {
        m.detachFromParent()
        m.maskedLayer = self
      }
      maskLayer = newValue
    }
  }

  /// Appends `layer` to the sublayers (in front of the others at the same `zPosition`).
  public func addSublayer(_ layer: CALayer) {
    insertSublayer(
      layer, at: UInt32(clamping: children.count - (layer.parentLayer === self ? 1 : 0)))
  }

  /// Inserts `layer` at `idx` in the sublayers; an index past the end records a
  /// diagnostic and appends.
  public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    requireNoCycle(adopting: layer, as: "a sublayer")
    changeSublayers {
      layer.detachFromParent()
      var index = Int(idx)
      if index > children.count {
        CADiagnostics.report(
          key: "sublayers", "insertion index \(idx) is past the end (\(children.count)); appended")
        index = children.count
      }
      children.insert(layer, at: index)
      recordSublayerEdit(layer, at: index, isInsertion: true)
      layer.parentLayer = self
      setNeedsLayout()
    }
  }

  /// Inserts `layer` just behind `sibling`, or at the back when `sibling` is nil. A
  /// `sibling` that is not a sublayer records a diagnostic and changes nothing.
  public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    insert(layer, nextTo: sibling, above: false)
  }

  /// Inserts `layer` just in front of `sibling`, or at the front when `sibling` is nil.
  /// A `sibling` that is not a sublayer records a diagnostic and changes nothing.
  public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    insert(layer, nextTo: sibling, above: true)
  }

  /// Puts `newLayer` where `oldLayer` is and removes `oldLayer`. An `oldLayer` that is
  /// not a sublayer records a diagnostic and changes nothing.
  public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard oldLayer.parentLayer === self else {
      CADiagnostics.report(
        key: "sublayers", "replaceSublayer: the old layer is not a sublayer; ignored")
      return
    }
    if oldLayer === newLayer { return }
    requireNoCycle(adopting: newLayer, as: "a sublayer")
    changeSublayers {
      newLayer.detachFromParent()
      guard let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
      children[index] = newLayer
      recordSublayerEdit(oldLayer, at: index, isInsertion: false)
      recordSublayerEdit(newLayer, at: index, isInsertion: true)
      oldLayer.parentLayer = nil
      newLayer.parentLayer = self
      setNeedsLayout()
    }
  }

  /// Removes the layer from its superlayer's sublayers; does nothing without one.
  public func removeFromSuperlayer() {
    guard let parent = parentLayer else { return }
    parent.changeSublayers {
      if let index = parent.children.firstIndex(where: { $0 === self }) {
        parent.children.remove(at: index)
        parent.recordSublayerEdit(self, at: index, isInsertion: false)
      }
      parentLayer = nil
      parent.setNeedsLayout()
    }
  }

  /// Stops the program when adopting `layer` (as a sublayer or as the mask) would make
  /// a cycle: `layer` is this layer or one of its ancestors.
  ///
  /// A cycle is a programmer error, not bad data: UIKit raises for the same mistake
  /// (`addSubview(_:)` of a view onto itself or a subview), and no answer could draw,
  /// lay out or hit-test such a tree. Every entry point (`addSublayer`, the
  /// `insertSublayer` family, `replaceSublayer`, `sublayers`, `mask`) checks it here,
  /// before anything changes.
  /// - Complexity: O(depth of this layer).
  package func requireNoCycle(adopting layer: CALayer, as role: StaticString) {
    precondition(
      layer !== self && !layer.isAncestor(of: self),
      "CALayer: cannot make a layer \(role) of itself or of one of its descendants (a cycle)")
  }

  /// Whether `self` is `layer`'s superlayer, its superlayer's superlayer, and so on
  /// (or the layer it masks, or an ancestor of that).
  package func isAncestor(of layer: CALayer) -> Bool {
    var current = layer.geometryParent
    while let c = current {
      if c === self { return true }
      current = c.geometryParent
    }
    return false
  }

  /// The layer whose coordinate space this one is placed in: the superlayer, or for a
  /// mask the layer it masks.
  package var geometryParent: CALayer? { parentLayer ?? maskedLayer }

  /// Removes the layer from wherever it is: its superlayer's sublayers or its masking
  /// role.
  package func detachFromParent() {
    if parentLayer != nil { removeFromSuperlayer() }
    if let masked = maskedLayer {
      masked.maskLayer = nil
      maskedLayer = nil
    }
  }

  private func insert(_ layer: CALayer, nextTo sibling: CALayer?, above: Bool) {
    guard let sibling else {
      if above { addSublayer(layer) } else { insertSublayer(layer, at: 0) }
      return
    }
    guard sibling.parentLayer === self else {
      CADiagnostics.report(key: "sublayers", "the sibling layer is not a sublayer; ignored")
      return
    }
    if sibling === layer { return }
    requireNoCycle(adopting: layer, as: "a sublayer")
    layer.detachFromParent()
    let index = children.firstIndex { $0 === sibling }!
    insertSublayer(layer, at: UInt32(above ? index + 1 : index))
  }
}
