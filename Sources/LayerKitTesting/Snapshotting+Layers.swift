import Foundation
import LayerKit
import SnapshotTesting

extension Diffing where Value == CGImage {
  /// Compares images pixel by pixel within `tolerance`, stored as PNG files.
  ///
  /// On a mismatch the message gives the difference (see ``ImageComparison``) and where
  /// the diff image was written, and the diff is attached to the test where the platform
  /// supports attachments.
  public static func image(tolerance: GoldenTolerance = .exact) -> Diffing {
    Diffing.diff(
      toData: { $0.pngData() ?? Data() },
      fromData: { data in
        // An unreadable reference compares as a 1 × 1 clear image, which never matches.
        (try? CGImage(pngData: data)) ?? CGImage(
          width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 0])!
      },
      diffV2: { reference, actual in
        let comparison = ImageComparison(actual, reference, tolerance: tolerance)
        guard !comparison.matches else { return nil }
        var message = "images differ: \(comparison.summary)"
        var attachments: [DiffAttachment] = []
        if let diff = comparison.diffImage, let png = diff.pngData() {
          let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "LayerKitTesting")
          try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
          let file = folder.appendingPathComponent("diff-\(UUID().uuidString).png")
          if (try? png.write(to: file)) != nil { message += "; diff image at \(file.path)" }
          attachments.append(.data(png, name: "difference.png"))
        }
        return (message, attachments)
      })
  }
}

extension Snapshotting where Value == CGImage, Format == CGImage {
  /// A rendered image, stored as a PNG file and compared within `tolerance`.
  public static func image(tolerance: GoldenTolerance = .exact) -> Snapshotting {
    Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance))
  }

  /// A rendered image, stored as a PNG file and compared exactly.
  public static var image: Snapshotting { .image() }
}

extension Snapshotting where Value == CALayer, Format == CGImage {
  /// The layer rendered at `time` seconds after it is committed in a fresh context.
  ///
  /// ```swift
  /// assertSnapshot(of: layer, as: .image(at: 0.5, size: CGSize(width: 100, height: 60)))
  /// ```
  ///
  /// The layer is stepped as ``renderFrames(of:at:size:scale:)`` does it; the snapshot is a
  /// PNG file under `__Snapshots__` next to the test, compared within `tolerance`.
  ///
  /// - Parameters:
  ///   - time: the frame time in seconds from the first commit.
  ///   - size: the image size in points; the layer's bounds size when nil.
  ///   - scale: pixels per point.
  ///   - tolerance: how far the image may differ; exact by default.
  public static func image(
    at time: CFTimeInterval, size: CGSize? = nil, scale: CGFloat = 1,
    tolerance: GoldenTolerance = .exact
  ) -> Snapshotting {
    Snapshotting<CGImage, CGImage>.image(tolerance: tolerance).pullback { layer in
      renderFrames(of: layer, at: [time], size: size, scale: scale)[0]
    }
  }

  /// The layer rendered at each of `times`, the frames side by side in one image (a
  /// filmstrip of the animation), compared within `tolerance`.
  ///
  /// ```swift
  /// assertSnapshot(of: layer, as: .frames(at: [0, 0.25, 0.5, 0.75, 1], size: size))
  /// ```
  public static func frames(
    at times: [CFTimeInterval], size: CGSize? = nil, scale: CGFloat = 1,
    tolerance: GoldenTolerance = .exact
  ) -> Snapshotting {
    precondition(!times.isEmpty, "a strip needs at least one time")
    return Snapshotting<CGImage, CGImage>.image(tolerance: tolerance).pullback { layer in
      frameStrip(renderFrames(of: layer, at: times, size: size, scale: scale))!
    }
  }
}

extension Snapshotting where Value == CALayer, Format == String {
  /// The layer's presentation values for `keyPaths` at each of `times`, as text (see
  /// ``presentationDump(of:keyPaths:at:sublayers:)``), compared line by line.
  ///
  /// ```swift
  /// assertSnapshot(of: layer, as: .presentation(["opacity", "position"], at: [0, 0.5, 1]))
  /// ```
  public static func presentation(
    _ keyPaths: [String], at times: [CFTimeInterval], sublayers: Bool = false
  ) -> Snapshotting {
    Snapshotting<String, String>.lines.pullback { layer in
      presentationDump(of: layer, keyPaths: keyPaths, at: times, sublayers: sublayers)
    }
  }
}
