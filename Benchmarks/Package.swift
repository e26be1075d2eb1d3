// swift-tools-version: 6.1
// Benchmarks for LayerKit's rasterizer. A separate package so that `swift test` at the
// root never builds it; run it through `Scripts/bench`.
import PackageDescription

let package = Package(
  name: "LayerKitBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "LayerKit", path: "..")],
  targets: [
    .executableTarget(
      name: "layerkit-bench",
      dependencies: [.product(name: "LayerGraphics", package: "LayerKit"), "CMallocCounter"],
      path: "Sources/LayerKitBench"),
    // The timing benchmark's allocation counter (it interposes malloc), shared by path.
    .target(name: "CMallocCounter", path: "Timing/Sources/CMallocCounter"),
    .executableTarget(
      name: "layerkit-compositor-bench",
      dependencies: [.product(name: "LayerKit", package: "LayerKit")],
      path: "Sources/CompositorBench"),
    // Boolean operations on self-crossing stars, beside Clipper and Skia PathOps.
    .executableTarget(
      name: "layerkit-boolean-bench",
      dependencies: [.product(name: "LayerGraphics", package: "LayerKit")],
      path: "Sources/BooleanBench"),
    .executableTarget(
      name: "layerkit-text-bench",
      dependencies: [.product(name: "LayerKitSDL", package: "LayerKit")],
      path: "Sources/TextBench"),
    // Lottie files: load and per-frame time of a playing LottieLayer (beside ThorVG).
    .executableTarget(
      name: "layerkit-lottie-bench",
      dependencies: [
        .product(name: "LayerKitLottie", package: "LayerKit"),
        .product(name: "LayerKitSDL", package: "LayerKit"),
      ],
      path: "Sources/LottieBench"),
    // Every demo in real time through a threaded render server: hitch time ratio and
    // input-to-present latency, with the app thread blocked for half a second.
    .executableTarget(
      name: "layerkit-server-bench",
      dependencies: [
        .product(name: "LayerKit", package: "LayerKit"),
        .product(name: "LayerKitDemos", package: "LayerKit"),
      ],
      path: "Sources/ServerBench"),
    // Every demo at 720p, 1440p and 4K through incremental CARenderer frames.
    .executableTarget(
      name: "layerkit-display-bench",
      dependencies: [
        .product(name: "LayerKit", package: "LayerKit"),
        .product(name: "LayerKitDemos", package: "LayerKit"),
        .product(name: "LayerKitGL", package: "LayerKit"),
      ],
      path: "Sources/DisplayBench"),
    // What presenting costs the app thread: SDL_Renderer on it, or GL on a render thread.
    .executableTarget(
      name: "layerkit-present-bench",
      dependencies: [
        .product(name: "LayerKit", package: "LayerKit"),
        .product(name: "LayerKitSDL", package: "LayerKit"),
        .product(name: "LayerKitDemos", package: "LayerKit"),
        .product(name: "LayerKitGL", package: "LayerKit"),
      ],
      path: "Sources/PresentBench"),
  ],
  swiftLanguageModes: [.v5]
)
