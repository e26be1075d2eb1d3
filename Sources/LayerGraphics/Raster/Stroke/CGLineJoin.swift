/// How two connected segments meet when stroked.
public enum CGLineJoin: Int32, Sendable {
  /// The outer edges are extended until they meet, up to the miter limit; beyond it the
  /// join is bevelled.
  case miter
  /// A circular arc of radius `lineWidth / 2` around the joint.
  case round
  /// The outer corners are joined by a straight line.
  case bevel
}
