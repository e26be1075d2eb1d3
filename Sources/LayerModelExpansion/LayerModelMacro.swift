import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@LayerModel`: turns the `@Model` fields of a layer state struct into the layer's
/// public accessors (peers of the struct, in the layer class's extension) and the
/// registry rows and needs-display keys (static members of the struct).
///
/// The struct is written once, as the storage: each `@Model` field's name, type, default,
/// key, animatability, needs-display flag and documentation are read from its
/// declaration. Fields of structs nested in the annotated struct are read the same way
/// (`LayerState.Rare`'s fields, which the state reaches through dynamic member lookup).
public struct LayerModelMacro: PeerMacro, MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let model = try ModelStruct(node, declaration, context) else { return [] }
    return model.fields.filter(\.hasAccessor).map { model.accessor(for: $0) }
  }

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let model = try ModelStruct(node, declaration, context) else { return [] }
    return [model.rows, model.displayKeys]
  }
}

/// `@Model`: marks a field for `@LayerModel`; it expands to nothing.
public struct ModelMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}

/// A model field as its declaration states it.
struct ModelField {
  /// The field's (and the public accessor's) name.
  var name: String
  /// The field's type, as written.
  var type: String
  /// The key-value coding key (the name unless `@Model("key")` says otherwise).
  var key: String
  var isAnimatable = false
  var needsDisplay = false
  var hasAccessor = true
  var hasRow = true
  /// The `accepts:` closure's source, when the field converts key-value values itself.
  var accepts: String?
  /// The field's documentation comment lines, `///` included.
  var documentation: [String]
}

/// The annotated struct: how the layer reaches it and its model fields.
struct ModelStruct {
  /// The path from `LayerState` to the struct, with a trailing dot ("" for the state
  /// itself, "shapeState." for a shape layer's).
  var prefix: String
  var fields: [ModelField]

  init?(
    _ node: AttributeSyntax, _ declaration: some SyntaxProtocol,
    _ context: some MacroExpansionContext
  ) throws {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(node: node, message: ModelMessage("@LayerModel applies to a struct")))
      return nil
    }
    self.init(node, structDecl) { node, message in
      context.diagnose(Diagnostic(node: node, message: ModelMessage(message)))
    }
  }

  /// The model of `structDecl`, annotated with `node`; `report` hears of each field that
  /// cannot be read.
  init(
    _ node: AttributeSyntax, _ structDecl: StructDeclSyntax,
    report: (any SyntaxProtocol, String) -> Void
  ) {
    prefix = ""
    if let arguments = node.arguments?.as(LabeledExprListSyntax.self) {
      for argument in arguments where argument.label?.text == "state" {
        if let path = argument.expression.stringLiteralValue { prefix = path + "." }
      }
    }
    fields = []
    collect(structDecl.memberBlock, report)
  }

  private mutating func collect(
    _ block: MemberBlockSyntax, _ report: (any SyntaxProtocol, String) -> Void
  ) {
    for member in block.members {
      if let nested = member.decl.as(StructDeclSyntax.self) {
        collect(nested.memberBlock, report)
        continue
      }
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        let attribute = variable.attributes.attribute(named: "Model")
      else { continue }
      guard let binding = variable.bindings.first,
        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
        let type = binding.typeAnnotation?.type.trimmedDescription
      else {
        report(variable, "a @Model field needs a name and a written type")
        continue
      }
      var field = ModelField(
        name: name, type: type, key: name, documentation: variable.documentation)
      if let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) {
        for argument in arguments {
          let value = argument.expression
          switch argument.label?.text {
          case nil: field.key = value.stringLiteralValue ?? name
          case "animatable": field.isAnimatable = value.booleanValue
          case "needsDisplay": field.needsDisplay = value.booleanValue
          case "accessor": field.hasAccessor = value.booleanValue
          case "row": field.hasRow = value.booleanValue
          case "accepts": field.accepts = value.trimmedDescription
          default: break
          }
        }
      }
      fields.append(field)
    }
  }

  /// The public accessor of `field` on the layer class.
  func accessor(for field: ModelField) -> DeclSyntax {
    let path = prefix + field.name
    let doc = field.documentation.map { $0 + "\n" }.joined()
    return """
      \(raw: doc)public var \(raw: field.name): \(raw: field.type) {
        get { state.\(raw: path) }
        set { setDeclaredValue(\\.\(raw: path), newValue, forKey: \(literal: field.key)) }
      }
      """
  }

  /// `declaredProperties`: one registry row per field that has one.
  var rows: DeclSyntax {
    let appends = fields.filter(\.hasRow).map { field -> String in
      let path = prefix + field.name
      var call =
        "DeclaredProperty.row(\"\(field.key)\", animatable: \(field.isAnimatable), "
        + "get: { (state: LayerState) -> \(field.type) in state.\(path) }, "
        + "set: { (state: inout LayerState, value: \(field.type)) in state.\(path) = value }"
      if let accepts = field.accepts { call += ", accepts: \(accepts)" }
      return "  rows.append(\(call)))\n"
    }
    return """
      /// The registry rows of the model properties declared in this struct (one per
      /// `@Model` field with a row), in declaration order.
      package static let declaredProperties: [any AnyLayerProperty] = {
        var rows: [any AnyLayerProperty] = []
      \(raw: appends.joined())  return rows
      }()
      """
  }

  /// `needsDisplayKeys`: the keys of the fields marked `needsDisplay`.
  var displayKeys: DeclSyntax {
    let keys = fields.filter(\.needsDisplay).map { "\"\($0.key)\"" }.joined(separator: ", ")
    return """
      /// The keys of the properties declared in this struct whose change redraws the layer
      /// (those marked `needsDisplay`).
      package static let needsDisplayKeys: Set<String> = [\(raw: keys)]
      """
  }
}

extension AttributeListSyntax {
  /// The attribute spelled `@name`, if the list has one.
  func attribute(named name: String) -> AttributeSyntax? {
    for element in self {
      if let attribute = element.as(AttributeSyntax.self),
        attribute.attributeName.trimmedDescription == name
      {
        return attribute
      }
    }
    return nil
  }
}

extension VariableDeclSyntax {
  /// The `///` lines before the declaration.
  fileprivate var documentation: [String] {
    leadingTrivia.compactMap { piece in
      if case .docLineComment(let text) = piece { return text }
      return nil
    }
  }
}

extension ExprSyntax {
  fileprivate var stringLiteralValue: String? {
    guard let literal = self.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
      let segment = literal.segments.first?.as(StringSegmentSyntax.self)
    else { return nil }
    return segment.content.text
  }

  fileprivate var booleanValue: Bool {
    self.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
  }
}

/// An error diagnostic of these macros.
struct ModelMessage: DiagnosticMessage {
  let message: String
  var diagnosticID: MessageID { MessageID(domain: "LayerKitMacros", id: "model") }
  var severity: DiagnosticSeverity { .error }
  init(_ message: String) { self.message = message }
}
