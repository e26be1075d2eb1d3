import SwiftParser
import SwiftSyntax

/// The documentation pages of the accessors `@LayerModel` writes, made from the `@Model`
/// fields' comments.
///
/// The compiler leaves comments out of the symbol graph for declarations a macro writes,
/// so DocC would show the generated accessors (`CALayer.cornerRadius`) with no text. Each
/// accessor gets a documentation extension page in the LayerKit catalog instead, made
/// from its field's comment. The pages are written by `Scripts/property-docs` and a test
/// checks that they match the fields, so the field stays the one place the text is
/// written.
public enum PropertyDocumentation {
  /// A page: its path in the catalog's `Properties` folder and its Markdown.
  public struct Page: Equatable, Sendable {
    public var path: String
    public var markdown: String
  }

  /// The pages for the `@LayerModel` structs in `source` (one Swift file, named `file` in
  /// the pages' provenance line), one per field whose accessor the macro writes.
  ///
  /// A struct's pages go in a folder named after the struct (`LayerState/`,
  /// `ShapeLayerState/`), its nested structs' in a folder of their own
  /// (`LayerState.Rare/`), which keeps each folder small.
  public static func pages(in source: String, file: String) -> [Page] {
    let tree = Parser.parse(source: source)
    var pages: [Page] = []
    for statement in tree.statements {
      guard let extensionDecl = statement.item.as(ExtensionDeclSyntax.self) else { continue }
      let owner = extensionDecl.extendedType.trimmedDescription
      for member in extensionDecl.memberBlock.members {
        guard let structDecl = member.decl.as(StructDeclSyntax.self),
          let attribute = structDecl.attributes.attribute(named: "LayerModel")
        else { continue }
        pages += structPages(
          structDecl, attribute: attribute, owner: owner, folder: structDecl.name.text,
          file: file)
      }
    }
    return pages
  }

  private static func structPages(
    _ structDecl: StructDeclSyntax, attribute: AttributeSyntax, owner: String, folder: String,
    file: String
  ) -> [Page] {
    var pages: [Page] = []
    // The struct's own fields; nested structs' fields get a folder of their own.
    var own = structDecl
    own.memberBlock.members = own.memberBlock.members.filter { !$0.decl.is(StructDeclSyntax.self) }
    let model = ModelStruct(attribute, own) { _, _ in }
    for field in model.fields where field.hasAccessor {
      let text = field.documentation.map { line -> String in
        var body = line.dropFirst(3)
        if body.first == " " { body = body.dropFirst() }
        return String(body)
      }
      let markdown =
        "# ``LayerKit/\(owner)/\(field.name)``\n\n"
        + "<!-- Written by Scripts/property-docs from the comment of the @Model field "
        + "`\(field.name)` in \(file). Edit that comment, not this page. -->\n\n"
        + text.joined(separator: "\n") + "\n"
      pages.append(Page(path: "\(folder)/\(owner)-\(field.name).md", markdown: markdown))
    }
    for member in structDecl.memberBlock.members {
      guard let nested = member.decl.as(StructDeclSyntax.self) else { continue }
      pages += structPages(
        nested, attribute: attribute, owner: owner, folder: "\(folder).\(nested.name.text)",
        file: file)
    }
    return pages
  }
}
