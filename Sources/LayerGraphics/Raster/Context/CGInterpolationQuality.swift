/// How images are resampled when drawn scaled, rotated or at fractional positions.
///
/// LayerKit has two filters: `.none` samples the nearest pixel; every other level samples
/// bilinearly.
public enum CGInterpolationQuality: Int32, Sendable {
  case `default`, none, low, medium, high
}
