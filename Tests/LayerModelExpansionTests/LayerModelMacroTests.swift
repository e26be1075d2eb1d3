import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

@testable import LayerModelExpansion

/// What `@LayerModel` writes for the `@Model` fields of a state struct.
final class LayerModelMacroTests: XCTestCase {
  private let macros: [String: Macro.Type] = [
    "LayerModel": LayerModelMacro.self, "Model": ModelMacro.self,
  ]

  func testFieldsBecomeAccessorsRowsAndDisplayKeys() {
    assertMacroExpansion(
      """
      @LayerModel(state: "shapeState")
      struct ShapeState {
        /// The width. Default 1. Animatable.
        @Model(animatable: true, needsDisplay: true)
        var lineWidth: CGFloat = 1
        @Model("wrapped")
        var isWrapped: Bool = false
        @Model(accessor: false)
        var pattern: [CGFloat] = []
        var notAProperty = 0
      }
      """,
      expandedSource: """
        struct ShapeState {
          /// The width. Default 1. Animatable.
          var lineWidth: CGFloat = 1
          var isWrapped: Bool = false
          var pattern: [CGFloat] = []
          var notAProperty = 0

            /// The registry rows of the model properties declared in this struct (one per
            /// `@Model` field with a row), in declaration order.
            package static let declaredProperties: [any AnyLayerProperty] = {
              var rows: [any AnyLayerProperty] = []
              rows.append(DeclaredProperty.row("lineWidth", animatable: true, get: { (state: LayerState) -> CGFloat in
                          state.shapeState.lineWidth
                      }, set: { (state: inout LayerState, value: CGFloat) in
                          state.shapeState.lineWidth = value
                      }))
              rows.append(DeclaredProperty.row("wrapped", animatable: false, get: { (state: LayerState) -> Bool in
                          state.shapeState.isWrapped
                      }, set: { (state: inout LayerState, value: Bool) in
                          state.shapeState.isWrapped = value
                      }))
              rows.append(DeclaredProperty.row("pattern", animatable: false, get: { (state: LayerState) -> [CGFloat] in
                          state.shapeState.pattern
                      }, set: { (state: inout LayerState, value: [CGFloat]) in
                          state.shapeState.pattern = value
                      }))
              return rows
            }()

            /// The keys of the properties declared in this struct whose change redraws the layer
            /// (those marked `needsDisplay`).
            package static let needsDisplayKeys: Set<String> = ["lineWidth"]
        }

        /// The width. Default 1. Animatable.
        public var lineWidth: CGFloat {
          get {
              state.shapeState.lineWidth
          }
          set {
              setDeclaredValue(\\.shapeState.lineWidth, newValue, forKey: "lineWidth")
          }
        }

        public var isWrapped: Bool {
          get {
              state.shapeState.isWrapped
          }
          set {
              setDeclaredValue(\\.shapeState.isWrapped, newValue, forKey: "wrapped")
          }
        }
        """,
      macros: macros)
  }

  func testAFieldWithoutAWrittenTypeIsAnError() {
    assertMacroExpansion(
      """
      @LayerModel
      struct State {
        @Model var opacity = 1.0
      }
      """,
      expandedSource: """
        struct State {
          var opacity = 1.0

            /// The registry rows of the model properties declared in this struct (one per
            /// `@Model` field with a row), in declaration order.
            package static let declaredProperties: [any AnyLayerProperty] = {
              var rows: [any AnyLayerProperty] = []
              return rows
            }()

            /// The keys of the properties declared in this struct whose change redraws the layer
            /// (those marked `needsDisplay`).
            package static let needsDisplayKeys: Set<String> = []
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "a @Model field needs a name and a written type", line: 3, column: 3),
        DiagnosticSpec(
          message: "a @Model field needs a name and a written type", line: 3, column: 3),
      ],
      macros: macros)
  }
}
