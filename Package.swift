// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// swift-log: LayerKit logs its diagnostics to it; the executables bootstrap it.
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

let package = Package(
  name: "LayerKit",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "LayerGraphics", targets: ["LayerGraphics"]),
    .library(name: "LayerKit", targets: ["LayerKit"]),
    .library(name: "LayerKitSDL", targets: ["LayerKitSDL"]),
    .library(name: "LayerKitDemos", targets: ["LayerKitDemos"]),
    .library(name: "LayerKitTesting", targets: ["LayerKitTesting"]),
    .executable(name: "layerkit-viewer", targets: ["LayerKitViewer"]),
    .executable(name: "hello-layerkit", targets: ["HelloLayerKit"]),
    .library(name: "LayerKitExport", targets: ["LayerKitExport"]),
    .library(name: "LayerKitUIKitCompat", targets: ["LayerKitUIKitCompat"]),
    .library(name: "LayerKitLottie", targets: ["LayerKitLottie"]),
    .library(name: "LayerKitGL", targets: ["LayerKitGL"]),
    .executable(name: "lottie-render", targets: ["LottieRender"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    // System libraries. SDL2 and SDL2_image (Debian: libsdl2-dev, libsdl2-image-dev) are
    // included as <SDL2/…> from the default include path, not through pkg-config, whose
    // -D_REENTRANT SwiftPM rejects with a warning in every dependent build (see the shims).
    .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
    .systemLibrary(name: "CSDL2Image", path: "Sources/CSDL2Image"),
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    // giflib and libwebp's mux/demux for animation export; giflib ships no .pc file, so the
    // module maps name the libraries themselves.
    .systemLibrary(name: "CGif", path: "Sources/CGif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CWebP", path: "Sources/CWebP", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    // EGL's and OpenGL ES 3's types and constants (no prototypes, nothing linked: LayerKitGL
    // loads GL at run time). Debian: libegl-dev, libgles-dev.
    .systemLibrary(
      name: "CEGL", path: "Sources/CEGL", providers: [.apt(["libegl-dev", "libgles-dev"])]),

    // Core Graphics-style 2D: geometry, colour, paths, images and the software rasterizer.
    // Pixel kernels at the CPU's full vector width (AVX2), chosen at run time by CPUID.
    .target(name: "CLayerKernels"),
    .target(name: "LayerGraphics", dependencies: ["CLayerKernels"]),
    // Fresh stack segments for deep recursions over the layer tree (C, not API).
    .target(name: "CStackReserve", path: "Sources/CStackReserve"),
    // The macros that turn one declaration of a layer property (its state field) into
    // the layer's public accessor and its registry row (a compile-time plugin: nothing of
    // it is linked into LayerKit).
    // The expansions live in a library of their own so that tests can call them (a test
    // target that depends on a macro target is built as a host tool, without the
    // executables the other tests import).
    .target(
      name: "LayerModelExpansion",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .macro(
      name: "LayerKitMacros",
      dependencies: [
        "LayerModelExpansion", .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]),
    // Core Animation-style runtime: layers, timing, animations, transactions, the compositor.
    .target(
      name: "LayerKit", dependencies: ["LayerGraphics", "CStackReserve", "LayerKitMacros", logging]),
    // Lottie files translated into layer trees with keyframe animations.
    .target(name: "LayerKitLottie", dependencies: ["LayerKit", "LayerGraphics"]),
    // The OpenGL ES 3.0 backend: layers composited from per-layer textures on the GPU.
    .target(name: "LayerKitGL", dependencies: ["LayerKit", "CEGL"]),
    // The SDL2 host: window, frame loop, events, image codecs, fonts.
    .target(
      name: "LayerKitSDL",
      dependencies: [
        "LayerKit", "LayerKitGL", "CSDL2", "CSDL2Image", "CFreeType", "CHarfBuzz", "CFriBidi",
        "CFontconfig", logging,
      ]),
    // The demo scenes, shared by the viewer, the tests and the embedding examples.
    .target(
      name: "LayerKitDemos",
      dependencies: ["LayerKit", "LayerKitSDL", "LayerKitLottie", "LayerKitUIKitCompat"],
      path: "Demos/LayerKitDemos"),
    // Animated GIF, animated WebP and MP4 (through ffmpeg) from rendered frames.
    .target(
      name: "LayerKitExport", dependencies: ["LayerGraphics", "CGif", "CWebP"]),
    // UIKit's drawing types around layers, for porting iOS code (opt-in).
    .target(name: "LayerKitUIKitCompat", dependencies: ["LayerKit", "LayerKitSDL"]),
    .executableTarget(
      name: "LayerKitViewer",
      dependencies: [
        "LayerKitSDL", "LayerKitDemos", "LayerKitExport", "LayerKitLottie", "LayerKitGL",
        logging, .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/LayerKitViewer"),
    .executableTarget(
      name: "LottieRender", dependencies: ["LayerKitLottie", "LayerKitSDL"],
      path: "Demos/LottieRender"),
    .executableTarget(
      name: "HelloLayerKit", dependencies: ["LayerKitSDL", logging], path: "Demos/HelloLayerKit"),

    // Rendering layers at given times, golden PNGs and snapshot strategies, for anyone's tests.
    .target(
      name: "LayerKitTesting",
      dependencies: [
        "LayerKit", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ]),
    // This package's own test helpers (re-exports LayerKitTesting; needs no system library).
    .target(
      name: "LayerKitTestSupport", dependencies: ["LayerKitTesting"],
      path: "Tests/LayerKitTestSupport"),

    .testTarget(
      name: "LayerGraphicsTests", dependencies: ["LayerGraphics", "LayerKitTestSupport"],
      exclude: ["Goldens", "Fixtures"]),
    .testTarget(
      name: "LayerKitTests", dependencies: ["LayerKit", "LayerKitTestSupport", logging],
      exclude: ["Goldens", "Conformance/CoreAnimationConformance.json"]),
    .testTarget(
      name: "LayerModelExpansionTests",
      dependencies: [
        "LayerModelExpansion",
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "LayerKitGLTests",
      dependencies: ["LayerKitGL", "LayerKit", "LayerKitTestSupport", "LayerKitDemos"]),
    .testTarget(
      name: "LayerKitLottieTests", dependencies: ["LayerKitLottie", "LayerKitTestSupport"]),
    .testTarget(
      name: "LayerKitSDLTests",
      dependencies: ["LayerKitSDL", "LayerKitGL", "LayerKitDemos", "LayerKitTestSupport"],
      exclude: ["Goldens", "Fixtures"]),
    .testTarget(
      name: "LayerKitViewerTests",
      dependencies: [
        "LayerKitViewer", "LayerKitExport", "CGif", "CWebP", "LayerKitDemos", "LayerKitLottie",
        "LayerKitTestSupport",
      ]),
    .testTarget(
      name: "LayerKitUIKitCompatTests",
      dependencies: ["LayerKitUIKitCompat", "LayerKit", "LayerKitTestSupport"],
      exclude: ["SeedSamples"]),
    .testTarget(
      name: "LayerKitTestingTests", dependencies: ["LayerKitTesting"],
      exclude: ["Goldens", "__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
