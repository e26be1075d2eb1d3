/// Every demo scene, in the order the viewer shows them.
public enum DemoCatalog {
  /// The scene types, in gallery order.
  public static let sceneTypes: [any DemoScene.Type] = [
    ImplicitAnimationsScene.self, BasicAnimationScene.self, KeyframeColorsScene.self,
    AnimationGroupScene.self, ChainedAnimationsScene.self, DelayedImplicitScene.self,
    PauseResumeScene.self, NestedTransactionsScene.self, PerspectiveCardsScene.self,
    ZPositionScene.self, AnchorPointScene.self, ContentsTransitionScene.self,
    ShadowCornersScene.self, ContentsGravityScene.self, CoreGraphicsBasicsScene.self,
    ChatBubblesScene.self, TextPlaygroundScene.self, InspirationalTitleScene.self,
    SVGIconScene.self,
    SpringPlaygroundScene.self, ImageGridScene.self, RasterizedCardsScene.self,
    ReplicatorCarouselScene.self,
    PathTimingScene.self,
    BlendModesScene.self, CornerCurvesScene.self, ParticlesScene.self,
    ScrollLayerScene.self, TiledZoomScene.self, DisplayLinkScene.self, RenderInContextScene.self,
    LottieGalleryScene.self,
  ]

  /// All demos: the scenes, then the test pattern.
  public static var all: [DemoInfo] {
    sceneTypes.map { info($0) } + [TestPattern.demo]
  }

  private static func info(_ type: any DemoScene.Type) -> DemoInfo {
    SceneRenderer.info(type)
  }

  /// The demo called `name`, or nil.
  public static func demo(named name: String) -> DemoInfo? {
    all.first { $0.name == name }
  }
}
