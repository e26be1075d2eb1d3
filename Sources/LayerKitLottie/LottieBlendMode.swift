import Foundation

/// Lottie layer blend modes (`bm`) and the Core Animation compositing filters that draw
/// them.
public enum LottieBlendMode {
  /// The `CALayer.compositingFilter` name for Lottie's blend mode number, nil for
  /// normal (0) and for modes Core Animation has no filter for.
  ///
  /// | bm | Lottie | filter |
  /// |---|---|---|
  /// | 1 | multiply | multiplyBlendMode |
  /// | 2 | screen | screenBlendMode |
  /// | 3 | overlay | overlayBlendMode |
  /// | 4 | darken | darkenBlendMode |
  /// | 5 | lighten | lightenBlendMode |
  /// | 6 | color dodge | colorDodgeBlendMode |
  /// | 7 | color burn | colorBurnBlendMode |
  /// | 8 | hard light | hardLightBlendMode |
  /// | 9 | soft light | softLightBlendMode |
  /// | 10 | difference | differenceBlendMode |
  /// | 11 | exclusion | exclusionBlendMode |
  /// | 12 | hue | hueBlendMode |
  /// | 13 | saturation | saturationBlendMode |
  /// | 14 | color | colorBlendMode |
  /// | 15 | luminosity | luminosityBlendMode |
  /// | 16 | add | linearDodgeBlendMode |
  public static func compositingFilterName(_ bm: Int) -> String? {
    let names = [
      1: "multiplyBlendMode", 2: "screenBlendMode", 3: "overlayBlendMode", 4: "darkenBlendMode",
      5: "lightenBlendMode", 6: "colorDodgeBlendMode", 7: "colorBurnBlendMode",
      8: "hardLightBlendMode", 9: "softLightBlendMode", 10: "differenceBlendMode",
      11: "exclusionBlendMode", 12: "hueBlendMode", 13: "saturationBlendMode",
      14: "colorBlendMode", 15: "luminosityBlendMode", 16: "linearDodgeBlendMode",
    ]
    return names[bm]
  }
}
