import LayerKit

/// The view property changes made inside a keyframe block or a property animator's
/// animations, in the order they happened.
final class UIViewAnimationRecorder {
  /// One property change of a view's layer.
  struct Change {
    /// The view's layer.
    let layer: CALayer
    /// The property (an animatable key of the layer).
    let key: String
    /// The model value before the change.
    let previous: Any
    /// The value on screen before the change (the presentation value while animating).
    let shown: Any
    /// The model value after the change.
    let value: Any
    /// Where the change happens within the block, as fractions of its duration: the
    /// keyframe's relative start time and duration (0 and 1 outside a keyframe).
    let start: Double
    let duration: Double
  }

  /// The changes so far.
  private(set) var changes: [Change] = []
  /// The relative start time and duration of the keyframe being added, (0, 1) outside.
  var window: (start: Double, duration: Double) = (0, 1)

  init() {}

  /// Records a change at the current ``window``.
  func record(layer: CALayer, key: String, previous: Any, shown: Any, value: Any) {
    changes.append(
      Change(
        layer: layer, key: key, previous: previous, shown: shown, value: value,
        start: window.start, duration: window.duration))
  }

  /// The changes grouped by layer and key, groups in order of their first change.
  var changesByProperty: [[Change]] {
    var groups: [[Change]] = []
    for change in changes {
      if let i = groups.firstIndex(where: {
        $0[0].layer === change.layer && $0[0].key == change.key
      }) {
        groups[i].append(change)
      } else {
        groups.append([change])
      }
    }
    return groups
  }
}
