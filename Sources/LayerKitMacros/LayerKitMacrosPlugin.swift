import LayerModelExpansion
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin holding LayerKit's macros.
///
/// The compiler finds a macro by this module's name and the type's, so each macro is a
/// type of this module that hands its expansion to `LayerModelExpansion`, where the tests
/// reach it.
@main
struct LayerKitMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [LayerModelMacro.self, ModelMacro.self]
}

/// `@LayerModel` (see `LayerModelExpansion.LayerModelMacro`).
public struct LayerModelMacro: PeerMacro, MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try LayerModelExpansion.LayerModelMacro.expansion(
      of: node, providingPeersOf: declaration, in: context)
  }

  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try LayerModelExpansion.LayerModelMacro.expansion(
      of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
  }
}

/// `@Model`, the field marker: it expands to nothing.
public struct ModelMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}
