import Foundation
import LayerKit

extension LottieLayer {
  /// The value providers set, by keypath.
  public var valueProviders: [AnimationKeypath: any AnyValueProvider] {
    Dictionary(providerList.map { ($0.keypath, $0.provider) }, uniquingKeysWith: { $1 })
  }

  /// Replaces every property `keypath` matches with `valueProvider`'s value, for the whole
  /// timeline, and rebuilds the layer tree (as lottie-ios's Core Animation engine rebuilds
  /// its animations). Setting a provider again for the same keypath replaces it; where
  /// keypaths overlap, the one set last wins. The playhead and playback go on.
  ///
  /// ```swift
  /// layer.setValueProvider(
  ///   FloatValueProvider(4), keypath: AnimationKeypath(keypath: "**.Stroke 1.Stroke Width"))
  /// ```
  public func setValueProvider(_ valueProvider: any AnyValueProvider, keypath: AnimationKeypath) {
    providerList.removeAll { $0.keypath == keypath }
    providerList.append((keypath, valueProvider))
    rebuildTree()
  }

  /// Removes the provider set for exactly `keypath` and rebuilds the tree.
  public func removeValueProvider(for keypath: AnimationKeypath) {
    providerList.removeAll { $0.keypath == keypath }
    rebuildTree()
  }

  /// Every keypath of the file, dot-separated, in file order: each layer, group, paint and
  /// shape, and each property a value provider can replace (see `AnimationKeypath`).
  /// Layers inside precompositions continue the path of the layer that uses them.
  public func allHierarchyKeypaths() -> [String] {
    guard let animation else { return [] }
    return KeypathWalk.keypaths(of: animation.composition)
  }

  /// Prints `allHierarchyKeypaths()`, one a line, to standard output.
  public func logHierarchyKeypaths() {
    for keypath in allHierarchyKeypaths() { print(keypath) }
  }
}
