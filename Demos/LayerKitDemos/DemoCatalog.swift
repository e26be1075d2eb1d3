/// Every demo scene, in the order the viewer shows them.
public enum DemoCatalog {
  /// All demos.
  public static var all: [DemoInfo] {
    [TestPattern.demo]
  }

  /// The demo called `name`, or nil.
  public static func demo(named name: String) -> DemoInfo? {
    all.first { $0.name == name }
  }
}
