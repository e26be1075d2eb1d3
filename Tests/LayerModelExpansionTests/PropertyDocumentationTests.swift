import Foundation
import XCTest

@testable import LayerModelExpansion

/// The documentation pages of the generated accessors match the `@Model` fields'
/// comments. `Scripts/property-docs` (this test with `LAYERKIT_WRITE_PROPERTY_DOCS=1`)
/// writes them anew.
final class PropertyDocumentationTests: XCTestCase {
  private let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  private var sources: URL { package.appendingPathComponent("Sources/LayerKit") }
  private var catalog: URL {
    sources.appendingPathComponent("LayerKit.docc/Properties")
  }

  /// Every page the fields make, by path in the catalog's `Properties` folder.
  private func expectedPages() throws -> [String: String] {
    var pages: [String: String] = [:]
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      guard text.contains("@LayerModel") else { continue }
      let file = String(url.path.dropFirst(package.path.count + 1))
      for page in PropertyDocumentation.pages(in: text, file: file) {
        XCTAssertNil(pages[page.path], "two pages at \(page.path)")
        pages[page.path] = page.markdown
      }
    }
    return pages
  }

  /// The pages in the catalog, by path.
  private func writtenPages() throws -> [String: String] {
    var pages: [String: String] = [:]
    guard let files = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: nil)
    else { return pages }
    for case let url as URL in files where url.pathExtension == "md" {
      pages[String(url.path.dropFirst(catalog.path.count + 1))] = try String(
        contentsOf: url, encoding: .utf8)
    }
    return pages
  }

  func testEveryGeneratedAccessorHasItsFieldsPage() throws {
    let expected = try expectedPages()
    if ProcessInfo.processInfo.environment["LAYERKIT_WRITE_PROPERTY_DOCS"] == "1" {
      try? FileManager.default.removeItem(at: catalog)
      for (path, markdown) in expected {
        let url = catalog.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try markdown.write(to: url, atomically: true, encoding: .utf8)
      }
    }
    XCTAssertGreaterThan(expected.count, 60)
    let written = try writtenPages()
    XCTAssertEqual(
      Set(written.keys), Set(expected.keys), "run Scripts/property-docs to write the pages")
    for (path, markdown) in expected where written[path] != nil {
      XCTAssertEqual(written[path], markdown, "\(path): run Scripts/property-docs")
    }
  }

  func testAPageIsTheFieldsCommentUnderTheAccessorsName() {
    let source = """
      extension CAShapeLayer {
        @LayerModel(state: "shapeState")
        package struct ShapeLayerState {
          /// The width, in points. Default 1.
          ///
          /// Animatable.
          @Model(animatable: true)
          package var lineWidth: CGFloat = 1
          /// Not public.
          @Model(accessor: false)
          package var hidden: Bool = false
        }
      }
      """
    XCTAssertEqual(
      PropertyDocumentation.pages(in: source, file: "Shape.swift"),
      [
        PropertyDocumentation.Page(
          path: "ShapeLayerState/CAShapeLayer-lineWidth.md",
          markdown: """
            # ``LayerKit/CAShapeLayer/lineWidth``

            <!-- Written by Scripts/property-docs from the comment of the @Model field \
            `lineWidth` in Shape.swift. Edit that comment, not this page. -->

            The width, in points. Default 1.

            Animatable.

            """)
      ])
  }
}
