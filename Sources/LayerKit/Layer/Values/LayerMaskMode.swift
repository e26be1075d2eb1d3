import Foundation

/// How a layer's `mask` turns into coverage (`CALayer.maskMode`): a LayerKit addition,
/// not part of Apple's API, where a mask always uses its alpha.
///
/// The mask layer (with its sublayers) is drawn into a transparent surface the size of
/// the masked layer's drawn area; each pixel's premultiplied colour `(r, g, b, a)` then
/// gives the coverage `k` (0…1) that multiplies the masked layer's pixel:
///
/// | mode | `k` |
/// | --- | --- |
/// | `.alpha` (default, Core Animation's) | `a` |
/// | `.inverseAlpha` | `1 − a` |
/// | `.luminance` | `0.2125·r + 0.7154·g + 0.0721·b` |
/// | `.inverseLuminance` | `1 − (0.2125·r + 0.7154·g + 0.0721·b)` |
///
/// The luminance weights are SVG's `luminanceToAlpha` (Rec. 709); with premultiplied
/// colour a transparent mask pixel has luminance 0. The inverse modes cover everything
/// the mask does not draw on, so an empty mask hides nothing: After Effects' and
/// Lottie's inverted and luma track mattes.
public struct LayerMaskMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The mask's alpha (Core Animation's only mode; the default).
  public static let alpha = LayerMaskMode(rawValue: "alpha")
  /// One minus the mask's alpha: the layer shows where the mask does not draw.
  public static let inverseAlpha = LayerMaskMode(rawValue: "inverseAlpha")
  /// The mask's luminance: the layer shows where the mask is light.
  public static let luminance = LayerMaskMode(rawValue: "luminance")
  /// One minus the mask's luminance: the layer shows where the mask is dark or absent.
  public static let inverseLuminance = LayerMaskMode(rawValue: "inverseLuminance")

  /// Every mode the compositor knows.
  public static let known: [LayerMaskMode] = [.alpha, .inverseAlpha, .luminance, .inverseLuminance]

  /// Whether the mode covers what the mask leaves empty.
  var isInverse: Bool { self == .inverseAlpha || self == .inverseLuminance }
}

extension CALayer {
  /// How the layer's `mask` becomes coverage (see ``LayerMaskMode``). Default `.alpha`,
  /// Core Animation's behaviour; the other modes are a LayerKit addition. Not animatable.
  /// No effect without a `mask`.
  ///
  /// A mode other than the four known ones is refused with a diagnostic.
  public var maskMode: LayerMaskMode {
    get { state.maskMode }
    set {
      guard LayerMaskMode.known.contains(newValue) else {
        CADiagnostics.report(
          key: "maskMode",
          "unknown mask mode \"\(newValue.rawValue)\"; kept \(state.maskMode.rawValue)")
        return
      }
      setModelValue(\.maskMode, newValue, forKey: "maskMode")
    }
  }
}
