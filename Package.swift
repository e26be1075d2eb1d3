// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "LayerKit",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "LayerGraphics", targets: ["LayerGraphics"]),
    .library(name: "LayerKit", targets: ["LayerKit"]),
    .library(name: "LayerKitSDL", targets: ["LayerKitSDL"]),
    .library(name: "LayerKitDemos", targets: ["LayerKitDemos"]),
    .executable(name: "layerkit-viewer", targets: ["LayerKitViewer"]),
    .executable(name: "hello-layerkit", targets: ["HelloLayerKit"]),
  ],
  targets: [
    // System libraries, found through pkg-config; Debian names the packages that provide them.
    .systemLibrary(
      name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(
      name: "CSDL2Image", path: "Sources/CSDL2Image", pkgConfig: "SDL2_image",
      providers: [.apt(["libsdl2-image-dev"])]),
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),

    // Core Graphics-style 2D: geometry, colour, paths, images and the software rasterizer.
    .target(
      name: "LayerGraphics",
      swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]),
    // Fresh stack segments for deep recursions over the layer tree (C, not API).
    .target(name: "CStackReserve", path: "Sources/CStackReserve"),
    // Core Animation-style runtime: layers, timing, animations, transactions, the compositor.
    .target(name: "LayerKit", dependencies: ["LayerGraphics", "CStackReserve"]),
    // The SDL2 host: window, frame loop, events, image codecs, fonts.
    .target(name: "LayerKitSDL", dependencies: ["LayerKit", "CSDL2", "CSDL2Image", "CFreeType"]),
    // The demo scenes, shared by the viewer, the tests and the embedding examples.
    .target(name: "LayerKitDemos", dependencies: ["LayerKit", "LayerKitSDL"], path: "Demos/LayerKitDemos"),
    .executableTarget(
      name: "LayerKitViewer", dependencies: ["LayerKitSDL", "LayerKitDemos"],
      path: "Sources/LayerKitViewer"),
    .executableTarget(name: "HelloLayerKit", dependencies: ["LayerKitSDL"], path: "Demos/HelloLayerKit"),

    // Golden-image assertions shared by the test targets (PNG through LayerKitSDL).
    .target(
      name: "LayerKitTestSupport", dependencies: ["LayerKitSDL"],
      path: "Tests/LayerKitTestSupport"),

    .testTarget(
      name: "LayerGraphicsTests", dependencies: ["LayerGraphics", "LayerKitTestSupport"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "LayerKitTests", dependencies: ["LayerKit", "LayerKitTestSupport"], exclude: ["Goldens"]),
    .testTarget(
      name: "LayerKitSDLTests", dependencies: ["LayerKitSDL", "LayerKitDemos", "LayerKitTestSupport"],
      exclude: ["Goldens", "Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
