import Foundation

/// How lines sit horizontally in the layout width (Core Animation's
/// `CATextLayerAlignmentMode`, as the engine sees it).
public enum TextAlignment: String, Sendable, CaseIterable {
  /// The paragraph's natural edge: left when its base direction (from its first strong
  /// character) is left to right, right when it is right to left.
  case natural
  /// Flush left.
  case left
  /// Flush right.
  case right
  /// Centred.
  case center
  /// Stretched to the full width by widening spaces (or, in lines without spaces such as
  /// Japanese, the gaps between characters); the last line of each paragraph is natural.
  case justified
}

/// Where text that does not fit is cut and replaced by an ellipsis, "…" (Core Animation's
/// `CATextLayerTruncationMode`).
public enum TextTruncation: String, Sendable, CaseIterable {
  /// Not truncated: overlong lines run past the edge and are clipped when drawn.
  case none
  /// The start is replaced: "…end of text".
  case start
  /// The middle is replaced: "start…end".
  case middle
  /// The end is replaced: "start of te…".
  case end
}

/// The box and rules text is laid out under.
public struct TextLayoutOptions: Equatable, Hashable, Sendable {
  /// The layout box, in points. `width` limits lines when wrapping or truncating and is
  /// the width lines are aligned in; `height` limits how many lines are kept. Either may be
  /// `.infinity` to measure text without a limit (alignment then uses the widest line).
  public var size: CGSize
  /// Whether lines wrap at the width (at spaces, between Japanese characters, or inside a
  /// word that is wider than a line). Default `false`: only explicit newlines break.
  public var isWrapped: Bool
  /// Horizontal alignment of each line. Default `.natural`.
  public var alignment: TextAlignment
  /// How text that does not fit is cut. Default `.none`.
  public var truncation: TextTruncation

  /// Creates options.
  public init(
    size: CGSize = CGSize(width: CGFloat.infinity, height: CGFloat.infinity),
    isWrapped: Bool = false, alignment: TextAlignment = .natural, truncation: TextTruncation = .none
  ) {
    self.size = size
    self.isWrapped = isWrapped
    self.alignment = alignment
    self.truncation = truncation
  }

  /// The width limit: `size.width` when finite and not negative, else infinity (NaN or a
  /// negative width never limits, so bad sizes cannot empty the text).
  var widthLimit: CGFloat {
    size.width.isFinite && size.width >= 0 ? size.width : .infinity
  }

  /// The height limit, by the same rules as `widthLimit`.
  var heightLimit: CGFloat {
    size.height.isFinite && size.height >= 0 ? size.height : .infinity
  }
}
