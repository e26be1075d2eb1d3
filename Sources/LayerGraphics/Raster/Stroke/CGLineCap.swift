/// How the ends of open subpaths are drawn when stroked.
public enum CGLineCap: Int32, Sendable {
  /// The stroke stops exactly at the end point.
  case butt
  /// A half disc of diameter `lineWidth` centred on the end point.
  case round
  /// A half square: the stroke continues `lineWidth / 2` past the end point.
  case square
}
