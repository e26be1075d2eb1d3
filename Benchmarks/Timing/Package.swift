// swift-tools-version: 6.1
// The timing engine's benchmark: presentation evaluation for a large animated tree.
// Run it with `swift run -c release timing-bench` from this directory (or Scripts/bench).
import PackageDescription

let package = Package(
  name: "TimingBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "LayerKit", path: "../..")],
  targets: [
    // Counts calls to malloc and friends by interposing them (Linux, glibc).
    .target(name: "CMallocCounter"),
    .executableTarget(
      name: "timing-bench",
      dependencies: [.product(name: "LayerKit", package: "LayerKit"), "CMallocCounter"],
      path: "Sources/TimingBench"),
  ],
  swiftLanguageModes: [.v6]
)
