import Foundation

/// A path to one or more properties of a Lottie file, by the names of its layers, groups,
/// paints and properties, as lottie-ios addresses them (`"Layer.Group 1.Fill 1.Color"`).
///
/// A key `*` matches any one name; a key `**` matches any number of names, none
/// included. Names are the file's `nm` values; properties take After Effects' names:
/// `Transform` (`Anchor Point`, `Position`, `Scale`, `Rotation`, `Opacity`) under layers
/// and groups, `Color` and `Opacity` under fills, `Color`, `Opacity` and `Stroke Width`
/// under strokes, `Position`, `Size` (and `Roundness` for rectangles) under rectangles
/// and ellipses. `LottieLayer.allHierarchyKeypaths()` lists those of a file.
///
/// ```swift
/// layer.setValueProvider(
///   ColorValueProvider(LottieColor(r: 1, g: 0, b: 0, a: 1)),
///   keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
/// ```
public struct AnimationKeypath: Hashable, Sendable, CustomStringConvertible {
  /// The keys, outermost first.
  public let keys: [String]

  /// A keypath from its dot-separated form (`"Layer.Shape Group.Stroke 1.Color"`).
  public init(keypath: String) {
    keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// A keypath from its keys, outermost first.
  public init(keys: [String]) { self.keys = keys }

  public var description: String { keys.joined(separator: ".") }

  /// Whether the keys match `names`, a whole path from a root layer to a property.
  /// - Complexity: O(k · n) for k keys and n names.
  func matches(_ names: [String]) -> Bool {
    // reach[j]: the first i keys match the first j names; one row per key.
    var reach = [Bool](repeating: false, count: names.count + 1)
    reach[0] = true
    for key in keys {
      var next = [Bool](repeating: false, count: names.count + 1)
      if key == "**" {
        var any = false
        for j in 0...names.count {
          any = any || reach[j]
          next[j] = any
        }
      } else {
        for j in 0..<names.count where reach[j] && (key == "*" || key == names[j]) {
          next[j + 1] = true
        }
      }
      reach = next
    }
    return reach[names.count]
  }
}
