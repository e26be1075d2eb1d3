import Foundation
import LayerKit
import Synchronization

/// `CAMediaTimingFunction`s by control points, shared by every build and thread.
///
/// Lottie files repeat a handful of easings over thousands of keyframe segments, and each
/// new timing function tabulates its curve's inverse once (LayerKit's `TimingCurve`: 15
/// bisections of 50 steps), which was a tenth of loading a file. Timing functions are
/// immutable, so one instance serves every segment with the same control points; the
/// values, and so the pixels, are those of a new instance.
enum LottieEasings {
  /// The most functions kept; past it the table starts over (files rarely use 100).
  static let capacity = 4_096
  private static let functions = Mutex<[SIMD4<Float>: CAMediaTimingFunction]>([:])

  /// The timing function with control points (x1, y1) and (x2, y2).
  static func function(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float)
    -> CAMediaTimingFunction
  {
    let key = SIMD4(x1, y1, x2, y2)
    if let f = functions.withLock({ $0[key] }) { return f }
    let f = CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
    functions.withLock {
      if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
      $0[key] = f
    }
    return f
  }
}
