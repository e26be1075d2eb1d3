import LayerKit

/// UIKit's keyframe animation blocks.
///
/// Inside `animateKeyframes`, changes are recorded instead of animated; each
/// `addKeyframe` marks its changes with its relative start time and duration. When the
/// closure returns, every changed property of every view gets one `CAKeyframeAnimation`
/// (under the property's key, replacing what runs there) whose values and key times
/// follow the keyframes: the value before the block at 0, each keyframe's value held
/// until its start and reached at its end, the last value held to 1. Changes made
/// outside any `addKeyframe` span the whole block (0 to 1). With the discrete mode each
/// value shows from its keyframe's start.
extension UIView {
  /// Animates the keyframes `animations` adds with `addKeyframe`, over `duration`
  /// seconds after `delay` seconds.
  ///
  /// - Parameters:
  ///   - duration: seconds of the whole keyframe animation; 0 or less changes at once.
  ///   - delay: seconds before it starts; the start values show meanwhile.
  ///   - animations: calls `addKeyframe` (and may change views directly: those changes
  ///     span the whole duration); runs at once.
  ///   - options: the calculation mode (linear by default), the shared block options,
  ///     and a curve over the whole animation (ease in and out by default, as UIKit).
  ///   - completion: called once with whether the animations ran to their end.
  public class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let tracker = UIViewAnimationTracker()
    let block = UIViewBlockAnimation(
      duration: duration, delay: delay, options: options.blockOptions, tracker: tracker
    ).nested(in: UIViewAnimationScope.currentBlock)
    let done = completion.map { done in { done(!tracker.wasInterrupted) } }
    if case .withoutAnimation? = UIViewAnimationScope.current?.mode {
      return UIViewAnimationScope.perform(.withoutAnimation, completion: done, animations)
    }
    guard block.duration > 0 else {
      return UIViewAnimationScope.perform(.withoutAnimation, completion: done, animations)
    }
    let recorder = UIViewAnimationRecorder()
    UIViewAnimationScope.perform(.recording(recorder), completion: done, animations) {
      for changes in recorder.changesByProperty {
        addKeyframes(changes, block: block, mode: options.calculationMode)
      }
    }
  }

  /// Adds a keyframe inside `animateKeyframes`: the changes `animations` makes reach
  /// their values between `frameStartTime` and `frameStartTime + frameDuration`, as
  /// fractions (0…1) of the block's duration. Outside a keyframe block the changes apply
  /// as they would there (at once outside every block).
  public class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping () -> Void
  ) {
    guard case .recording(let recorder)? = UIViewAnimationScope.current?.mode else {
      return animations()
    }
    let start = frameStartTime.isFinite ? Swift.min(Swift.max(frameStartTime, 0), 1) : 0
    let length = frameDuration.isFinite ? Swift.min(Swift.max(frameDuration, 0), 1 - start) : 0
    let saved = recorder.window
    recorder.window = (start, length)
    animations()
    recorder.window = saved
  }

  /// Adds the keyframe animation for one property's changes.
  private class func addKeyframes(
    _ changes: [UIViewAnimationRecorder.Change], block: UIViewBlockAnimation,
    mode: CAAnimationCalculationMode
  ) {
    guard let first = changes.first else { return }
    let initial =
      block.options.contains(.beginFromCurrentState) ? first.shown : first.previous
    let ordered = changes.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    var values: [Any] = [initial]
    var times: [Double] = [0]
    if mode == .discrete {
      for change in ordered {
        values.append(change.value)
        times.append(change.start)
      }
      times.append(1)
    } else {
      var current = initial
      var time = 0.0
      for change in ordered {
        let start = Swift.max(change.start, time)
        let end = Swift.max(change.start + change.duration, start)
        if start > time {
          values.append(current)
          times.append(start)
        }
        values.append(change.value)
        times.append(end)
        current = change.value
        time = end
      }
      if time < 1 {
        values.append(current)
        times.append(1)
      }
    }
    let animation = CAKeyframeAnimation(keyPath: first.key)
    animation.values = values
    animation.keyTimes = times.map { NSNumber(value: $0) }
    animation.calculationMode = mode
    let template = block.makeAnimation(keyPath: first.key, on: first.layer)
    animation.duration = template.duration
    animation.beginTime = template.beginTime
    animation.fillMode = template.fillMode
    animation.repeatCount = template.repeatCount
    animation.autoreverses = template.autoreverses
    animation.timingFunction = block.timingFunction
    animation.delegate = template.delegate
    first.layer.add(animation, forKey: first.key)
  }
}
