import Foundation

/// Replaces the text of text layers (lottie-ios's `AnimationKeypathTextProvider`).
public protocol AnimationKeypathTextProvider {
  /// The text to show for the text layer at `keypath` (its name, after the names of the
  /// precomposition layers above it) in place of `sourceText`, the document's; nil keeps
  /// the document's.
  func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// Text by keypath or by layer name (lottie-ios's `DictionaryTextProvider`): the value for
/// the whole keypath (`"Title.Label"`) wins, then the value for the layer's own name.
public struct DictionaryTextProvider: AnimationKeypathTextProvider {
  public let values: [String: String]
  public init(_ values: [String: String]) { self.values = values }

  public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
    values[keypath.description] ?? keypath.keys.last.flatMap { values[$0] }
  }
}
