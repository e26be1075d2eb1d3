import Foundation
import LayerKit

/// Lottie time remapping (`tm`: the precomposition's time in seconds as a keyframed
/// function of the layer's frame) expressed as the container layer's timing.
///
/// Core Animation maps a layer's time affinely (`(t − beginTime) · speed + timeOffset`),
/// so a constant remap freezes the precomposition (`speed = 0`, `timeOffset = value`)
/// and an animated one becomes the line through its first and last keyframes; curved
/// or multi-segment remaps are approximated by that line (documented in docs/lottie.md).
enum TimeRemapping {
  static func apply(_ remap: Keyframed<Double>, to layer: CALayer, timing: LayerTiming) {
    let k = remap.keyframes
    guard k.count > 1, let first = k.first, let last = k.last, last.time > first.time else {
      layer.beginTime = 0
      layer.speed = 0
      layer.timeOffset = remap.initial
      return
    }
    let t0 = timing.seconds(first.time)
    let t1 = timing.seconds(last.time)
    let speed = (last.value - first.value) / (t1 - t0)
    layer.beginTime = t0
    layer.speed = Float(speed)
    layer.timeOffset = first.value
  }
}
