import LayerKit

/// One demo: a layer tree built into a stage layer, with its animations and scripted
/// changes.
///
/// A scene lives on the thread of its context. The ``SceneDriver`` gives it a stage (a
/// layer whose bounds are the demo area, in points, top-left origin) and owns its
/// timing: the stage's local time is the scene's time, so pausing, slow motion and
/// scrubbing are the stage's `speed`, `beginTime` and `timeOffset`.
///
/// `build(in:)` adds layers and the animations that start at time 0; model changes that
/// happen later (an implicit animation at 1 s, a second transaction at 3 s) are
/// ``cues``, fired by the driver when the stage's time reaches them, inside a
/// transaction that commits at that time.
public protocol DemoScene: AnyObject, SendableMetatype {
  /// The name used on the command line: lowercase words joined by dashes.
  static var name: String { get }
  /// A short human title.
  static var title: String { get }
  /// Seconds in one run of the demo; the viewer's scrub bar spans it and loops after it.
  static var duration: Double { get }

  init()

  /// Builds the layer tree into `stage`, whose bounds are already the demo area.
  func build(in stage: CALayer)
  /// Changes made at given stage times, in increasing order of time. Default: none.
  var cues: [SceneCue] { get }
  /// Named points of the scene's time that the viewer marks on its scrub bar and plays
  /// sections between (a Lottie file's markers). Default: none.
  var markers: [SceneMarker] { get }
  /// Sliders the viewer shows for this scene. Default: none.
  var parameters: [DemoParameter] { get }
  /// Sets the parameter called `name` (its value already clamped to its range).
  func setParameter(_ name: String, to value: Double)
  /// Reacts to a pointer or key event; returns true when it used the event.
  /// Locations are in the stage's coordinates.
  func handle(_ event: SceneEvent) -> Bool
}

extension DemoScene {
  public var cues: [SceneCue] { [] }
  public var parameters: [DemoParameter] { [] }
  public var markers: [SceneMarker] { [] }
  public func setParameter(_ name: String, to value: Double) {}
  public func handle(_ event: SceneEvent) -> Bool { false }
}

/// A model change a scene makes at a time in its stage's time space.
public struct SceneCue {
  /// Seconds of stage time at which the change happens.
  public var time: Double
  /// What a person would read in the timeline: "opacity → 0".
  public var label: String
  /// The change; runs on the scene's thread, inside an open transaction.
  public var action: () -> Void

  public init(at time: Double, _ label: String, _ action: @escaping () -> Void) {
    self.time = time
    self.label = label
    self.action = action
  }
}

/// A named point of a scene's time, with the length of the section it starts.
public struct SceneMarker: Equatable, Sendable {
  /// Seconds of stage time.
  public var time: Double
  /// Seconds of the section it starts; 0 when the section runs to the next marker.
  public var duration: Double
  /// The name shown on the scrub bar.
  public var label: String

  public init(at time: Double, duration: Double = 0, _ label: String) {
    self.time = time
    self.duration = duration
    self.label = label
  }
}

/// A slider a playground exposes.
public struct DemoParameter: Equatable, Sendable {
  public var name: String
  public var range: ClosedRange<Double>
  public var value: Double
  /// printf-style format of the value shown next to the slider, e.g. "%.1f".
  public var format: String

  public init(_ name: String, range: ClosedRange<Double>, value: Double, format: String = "%.2f") {
    self.name = name
    self.range = range
    self.value = min(max(value, range.lowerBound), range.upperBound)
    self.format = format
  }
}

/// Pointer and key input for a scene, in stage coordinates.
public enum SceneEvent: Equatable, Sendable {
  case press(CGPoint)
  case drag(CGPoint)
  case release(CGPoint)
  /// A key by SDL's name ("Space", "A", "Up").
  case key(String)
}
