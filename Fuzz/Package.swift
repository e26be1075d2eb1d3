// swift-tools-version: 6.1
// Fuzz targets for LayerKit's parsers of outside data. A separate package, because a
// libFuzzer target has no `main` and links only with `-sanitize=fuzzer`; build and run
// them through `Scripts/fuzz NAME SECONDS`, which passes the sanitizer flags.
import PackageDescription

let package = Package(
  name: "LayerKitFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "LayerKit", path: "..")],
  targets: [
    // SVG path data (`CGPath(svgPath:)`), then the parsed path drawn and measured.
    .executableTarget(
      name: "FuzzSVGPath", dependencies: [.product(name: "LayerGraphics", package: "LayerKit")],
      path: "Sources/FuzzSVGPath"),
    // Encoded images (`CGImage(encodedData:)`: PNG, JPEG, WebP and anything else).
    .executableTarget(
      name: "FuzzImageDecoding", dependencies: [.product(name: "LayerKitSDL", package: "LayerKit")],
      path: "Sources/FuzzImageDecoding"),
    // Lottie JSON (`LottieAnimation(data:)`), then the layer tree built and rendered.
    .executableTarget(
      name: "FuzzLottie", dependencies: [.product(name: "LayerKitLottie", package: "LayerKit")],
      path: "Sources/FuzzLottie"),
  ],
  swiftLanguageModes: [.v6]
)
