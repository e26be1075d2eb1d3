import Foundation

/// Building the current path. Points are in user space and are mapped by the CTM as they
/// are added, as in Core Graphics.
extension CGContext {
  /// Discards the current path.
  public func beginPath() { currentPath = PathStorage() }

  /// Whether the current path has no elements.
  public var isPathEmpty: Bool { currentPath.verbs.isEmpty }

  /// The current point in user space, or `.zero` without a current path.
  public var currentPointOfPath: CGPoint {
    currentPath.verbs.isEmpty ? .zero : currentPath.currentPoint.applying(state.ctm.inverted())
  }

  /// The bounding box of the current path's points (including control points), in user
  /// space; `.null` when the path is empty.
  public var boundingBoxOfPath: CGRect {
    guard !currentPath.points.isEmpty else { return .null }
    let inv = state.ctm.inverted()
    var r = CGRect.null
    for p in currentPath.points { r = r.union(CGRect(origin: p.applying(inv), size: .zero)) }
    return r
  }

  public func move(to point: CGPoint) { currentPath.move(to: point.applying(state.ctm)) }

  public func addLine(to point: CGPoint) { currentPath.line(to: point.applying(state.ctm)) }

  /// Adds straight lines through `points`, starting a new subpath at the first.
  public func addLines(between points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
  }

  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    let m = state.ctm
    currentPath.curve(
      to: end.applying(m), control1: control1.applying(m), control2: control2.applying(m))
  }

  public func addQuadCurve(to end: CGPoint, control: CGPoint) {
    currentPath.quad(to: end.applying(state.ctm), control: control.applying(state.ctm))
  }

  /// Closes the current subpath.
  public func closePath() { currentPath.close() }

  /// Adds a closed rectangle subpath.
  public func addRect(_ rect: CGRect) {
    currentPath.addFiniteRect(rect, state.ctm)
  }

  /// Adds closed rectangle subpaths.
  public func addRects(_ rects: [CGRect]) {
    for r in rects { addRect(r) }
  }

  /// Adds a closed ellipse inscribed in `rect`.
  public func addEllipse(in rect: CGRect) {
    currentPath.addFiniteEllipse(rect, state.ctm)
  }

  /// Adds a circular arc; `clockwise == false` runs through increasing angles (which on
  /// this y-down bitmap turn clockwise on screen, as in a UIKit drawing context). A line
  /// joins the current point to the arc's start.
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool
  ) {
    currentPath.addArc(
      center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
      clockwise: clockwise, state.ctm)
  }

  /// Adds a copy of `path`, mapped by the CTM.
  ///
  /// A path built with `CGMutablePath`'s methods, added to an empty current path under
  /// the identity CTM, is shared instead of copied (its points would map to themselves).
  public func addPath(_ other: CGPath) {
    // One copy of the storage (reading the class's property again would retain its
    // arrays again), moved into the current path at its last use.
    let s = other.storage
    if pathStore.verbs.isEmpty, state.ctm.isIdentity, let start = shareableStart(s) {
      if !pathIsShared { swap(&sparePath, &pathStore) }
      pathStore = s
      pathStore.subpathStart = start
      pathStore.hasCurrentPoint = true
      pathIsShared = true
      return
    }
    currentPath.appendPath(s, state.ctm)
  }

  /// When `s` can be shared under the identity CTM (verbatim, and every point its own
  /// image), the start of its last subpath; otherwise nil. The path drawn last (kept in
  /// `lastShared`) is recognised by its arrays and not scanned again: a fill and a
  /// stroke of one `CGPath` check it once.
  private func shareableStart(_ s: PathStorage) -> CGPoint? {
    if s.sharesArrays(with: lastShared) { return lastShared.subpathStart }
    guard let lastMove = s.verbatimLastMoveIndex, s.pointsAreIdentityFixed else { return nil }
    return s.points[lastMove]
  }

  /// Gives a shared current path arrays of its own (the spare ones), with the same
  /// elements.
  func ownCurrentPath() {
    var own = sparePath
    sparePath = PathStorage()
    own.verbs.append(contentsOf: pathStore.verbs)
    own.points.append(contentsOf: pathStore.points)
    own.subpathStart = pathStore.subpathStart
    own.hasCurrentPoint = pathStore.hasCurrentPoint
    pathStore = own
    pathIsShared = false
  }

  /// The current path in user space (nil when empty).
  public var path: CGPath? {
    guard !currentPath.verbs.isEmpty else { return nil }
    let inv = state.ctm.inverted()
    var s = currentPath
    for k in s.points.indices { s.points[k] = s.points[k].applying(inv) }
    return CGPath(storage: s)
  }
}
