import Foundation

/// A Core Graphics bitmap context: draws paths, images and gradients into 8-bit
/// premultiplied RGBA pixels with LayerKit's own anti-aliased rasterizer.
///
/// **Coordinates.** Like a UIKit (`UIGraphicsImageRenderer`) context, the origin is the
/// top-left corner of the bitmap and y grows downwards; one unit is one pixel under the
/// identity CTM. Pixel `(x, y)` is the square `x…x+1 × y…y+1`, so a rectangle on whole
/// numbers covers whole pixels exactly. Images drawn with `draw(_:in:)` appear upright
/// (their first row at the rectangle's top).
///
/// **Pixels.** Bytes R, G, B, A per pixel, colour premultiplied by alpha, rows from the
/// top, `bytesPerRow` apart. `makeImage()` copies them into a `CGImage`.
///
/// **Limits.** Width and height must be positive and at most `CGImage.maximumDimension`,
/// and the bitmap at most `CGContext.maximumPixelCount` pixels (256 MiB); otherwise the
/// initialisers return nil. Geometry with NaN or infinite coordinates is dropped; shapes
/// far larger than the bitmap only cost the rows they cover.
///
/// A context is not thread-safe; use one per thread.
public final class CGContext {
  /// The largest `width · height` a context accepts.
  public static let maximumPixelCount = 1 << 26

  /// How far flattened curves may stray from the true curve when filling, in device
  /// pixels: 1/64 of the curve's extent, at least 1/20 px and at most 1/4 px (see
  /// <doc:Rasterizer>). Chords lie inside convex curves, so the filled area shrinks by
  /// about ⅔ · tolerance · perimeter: a disc of radius 10 loses about 2 %.
  package static let fillTolerance = FlatteningTolerance(
    finest: 0.05, coarsest: 0.25, perUnit: 1.0 / 64)

  public let width: Int
  public let height: Int
  public let bytesPerRow: Int
  public var bitsPerComponent: Int { 8 }
  public var bitsPerPixel: Int { 32 }
  public var bitmapInfo: CGBitmapInfo {
    CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue)
  }
  public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
  public let colorSpace: CGColorSpace?

  /// The pixel memory: `bytesPerRow · height` bytes.
  public var data: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(pixels) }

  let pixels: UnsafeMutablePointer<UInt32>
  /// Pixels per row (`bytesPerRow / 4`).
  let stride: Int
  private let ownsMemory: Bool

  @exclusivity(unchecked) var state = GraphicsState()
  @exclusivity(unchecked) var stateStack: [GraphicsState] = []
  /// The current path, in device space (points are mapped by the CTM when added).
  ///
  /// `addPath` on an empty path under the identity CTM does not copy: the current path
  /// then shares the `CGPath`'s arrays (`pathIsShared`) and `sparePath` keeps the
  /// context's own empty arrays. Any in-place change goes through `_modify`, which first
  /// copies the shared arrays into the spare ones; drawing only reads the path.
  var currentPath: PathStorage {
    get { pathStore }
    set {
      pathIsShared = false
      pathStore = newValue
    }
    _modify {
      if pathIsShared { ownCurrentPath() }
      yield &pathStore
    }
  }
  /// The storage behind `currentPath`.
  @exclusivity(unchecked) var pathStore = PathStorage()
  /// Whether `pathStore` shares its arrays with a `CGPath`.
  @exclusivity(unchecked) var pathIsShared = false
  /// Empty arrays with the context's grown capacity, set aside while the path is shared.
  @exclusivity(unchecked) var sparePath = PathStorage()
  /// The shared path drawn last, with its `subpathStart` set. Holding its arrays keeps
  /// them from being freed or changed in place, so a path with the same array buffers
  /// has the same elements and needs no second check (see `addPath`).
  @exclusivity(unchecked) var lastShared = PathStorage()
  /// Arrays for the one-off device paths of the rectangle, ellipse, line-segment, image
  /// and gradient calls (see `withScratchPath`), kept with their grown capacity.
  @exclusivity(unchecked) var scratchPath = PathStorage()

  // Reused scratch: nothing is allocated per fill once these have grown.
  let rasterizer = CoverageRasterizer()
  @exclusivity(unchecked) var edges = EdgeBuilder()
  let colorRow: UnsafeMutablePointer<UInt32>
  let coverageRow: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) var strokeScratch = PathStroker()

  /// Creates a transparent context that owns its memory (`bytesPerRow = width · 4`).
  public convenience init?(width: Int, height: Int) {
    self.init(
      data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
      space: CGColorSpaceCreateDeviceRGB(),
      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
  }

  /// Whether a bitmap of `width × height` pixels is within the limits (see the type).
  package static func holds(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= CGImage.maximumDimension
      && height <= CGImage.maximumDimension && width * height <= maximumPixelCount
  }

  /// Creates a bitmap context, Core Graphics' way.
  ///
  /// - Parameters:
  ///   - data: memory for at least `bytesPerRow · height` bytes, which the caller keeps
  ///     alive; nil to let the context allocate (zeroed) memory it owns.
  ///   - width: the width in pixels.
  ///   - height: the height in pixels.
  ///   - bitsPerComponent: must be 8.
  ///   - bytesPerRow: a multiple of 4 and at least `width · 4`; 0 means `width · 4`.
  ///   - space: an RGB colour space (drawn as sRGB), or nil.
  ///   - bitmapInfo: `CGImageAlphaInfo.premultipliedLast.rawValue`, optionally with the
  ///     default or 32-bit big-endian byte order.
  /// - Returns: nil for any other format, or sizes outside the limits.
  public init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: UInt32
  ) {
    let alpha = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue
    let order = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue
    guard bitsPerComponent == 8, alpha == CGImageAlphaInfo.premultipliedLast.rawValue,
      order == 0 || order == CGBitmapInfo.byteOrder32Big.rawValue,
      bitmapInfo & CGBitmapInfo.floatComponents.rawValue == 0,
      Self.holds(width: width, height: height)
    else { return nil }
    let rowBytes = bytesPerRow == 0 ? width * 4 : bytesPerRow
    guard rowBytes >= width * 4, rowBytes % 4 == 0,
      let words = Int.product(rowBytes / 4, height), words <= Self.maximumPixelCount * 2
    else { return nil }
    self.width = width
    self.height = height
    self.bytesPerRow = rowBytes
    self.stride = rowBytes / 4
    self.colorSpace = space
    if let data {
      pixels = data.bindMemory(to: UInt32.self, capacity: stride * height)
      ownsMemory = false
    } else {
      pixels = .allocate(capacity: stride * height)
      pixels.initialize(repeating: 0, count: stride * height)
      ownsMemory = true
    }
    colorRow = .allocate(capacity: stride + 2)
    coverageRow = .allocate(capacity: stride + 2)
    state.clipX1 = width
    state.clipY1 = height
    state.edgeY1 = height
  }

  deinit {
    if ownsMemory { pixels.deallocate() }
    colorRow.deallocate()
    coverageRow.deallocate()
  }

  /// A snapshot of the pixels as an image (tightly packed rows).
  public func makeImage() -> CGImage? {
    let row = width * 4
    // Every byte is written by the row copies before the array is handed out.
    let bytes = [UInt8](unsafeUninitializedCapacity: row * height) { out, count in
      let from = UnsafeRawPointer(pixels)
      let to = UnsafeMutableRawPointer(out.baseAddress!)
      if bytesPerRow == row {
        to.copyMemory(from: from, byteCount: row * height)
      } else {
        for y in 0..<height {
          (to + y * row).copyMemory(from: from + y * bytesPerRow, byteCount: row)
        }
      }
      count = row * height
    }
    return CGImage(width: width, height: height, premultipliedRGBA: bytes)
  }

  // MARK: Graphics state

  /// Pushes a copy of the graphics state (CTM, colours, line style, clip, alpha, blend
  /// mode, shadow, …). The current path is not part of it.
  public func saveGState() { stateStack.append(state) }

  /// Pops the state saved by the matching `saveGState`. An unmatched call does nothing.
  public func restoreGState() {
    if let s = stateStack.popLast() { state = s }
  }

  /// The current transformation matrix: user space to device pixels.
  public var ctm: CGAffineTransform { state.ctm }
  /// The same as `ctm`.
  public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

  public func translateBy(x: CGFloat, y: CGFloat) {
    state.ctm = CGAffineTransform(translationX: x, y: y).concatenating(state.ctm)
  }

  public func scaleBy(x: CGFloat, y: CGFloat) {
    state.ctm = CGAffineTransform(scaleX: x, y: y).concatenating(state.ctm)
  }

  /// Rotates user space by `angle` radians (positive turns +x towards +y, which is
  /// clockwise on screen in this y-down space).
  public func rotate(by angle: CGFloat) {
    state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm)
  }

  /// Prepends `transform` to the CTM (it applies to user coordinates first).
  public func concatenate(_ transform: CGAffineTransform) {
    state.ctm = transform.concatenating(state.ctm)
  }

  public func setFillColor(_ color: CGColor) { state.fillColor = color }
  public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
  public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
  }
  public func setFillColor(gray: CGFloat, alpha: CGFloat) {
    state.fillColor = CGColor(gray: gray, alpha: alpha)
  }
  public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
    state.strokeColor = CGColor(gray: gray, alpha: alpha)
  }

  /// Line width in user units (default 1). Negative or non-finite values are ignored.
  public func setLineWidth(_ width: CGFloat) {
    if width.isFinite && width >= 0 { state.lineWidth = width }
  }
  public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
  public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
  /// The ratio of miter length to line width above which miter joins are bevelled
  /// (default 10).
  public func setMiterLimit(_ limit: CGFloat) {
    if limit.isFinite { state.miterLimit = limit }
  }

  /// Sets the dash pattern (user units); an empty array, or one with a non-positive
  /// total or a negative or non-finite length, draws solid lines.
  public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
    let valid = lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.reduce(0, +) > 0
    state.dashLengths = valid ? lengths : []
    state.dashPhase = phase.isFinite ? phase : 0
  }

  /// Global opacity 0…1 applied to everything drawn (default 1).
  public func setAlpha(_ alpha: CGFloat) {
    if !alpha.isNaN { state.alpha = Swift.min(Swift.max(alpha, 0), 1) }
  }

  public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
  public func setShouldAntialias(_ shouldAntialias: Bool) { state.antialias = shouldAntialias }
  public func setAllowsAntialiasing(_ allows: Bool) { state.antialias = allows }

  /// The image resampling filter for `draw(_:in:)`.
  public var interpolationQuality: CGInterpolationQuality {
    get { state.interpolationQuality }
    set { state.interpolationQuality = newValue }
  }

  /// Draws a shadow under everything that follows: the drawn alpha, blurred, offset and
  /// tinted with `color`.
  ///
  /// - Parameters:
  ///   - offset: in device pixels, y down (positive height moves the shadow down); the
  ///     CTM does not apply, as in Core Graphics.
  ///   - blur: the blur radius in device pixels; the Gaussian has σ = blur / 2.
  ///   - color: the shadow colour; nil or clear turns shadows off.
  public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
    state.shadowOffset = offset.width.isFinite && offset.height.isFinite ? offset : .zero
    state.shadowBlur = blur.isFinite ? Swift.max(blur, 0) : 0
    state.shadowColor = color
  }

  /// Sets a shadow in black at one-third alpha, Core Graphics' default shadow colour.
  public func setShadow(offset: CGSize, blur: CGFloat) {
    setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
  }
}
