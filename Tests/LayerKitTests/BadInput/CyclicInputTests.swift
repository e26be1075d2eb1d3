import Foundation
import Testing

@testable import LayerKit

/// Cycles: in the layer tree they are a programmer error that stops the program, the
/// same rule for every entry point; in animation groups they are refused with a
/// diagnostic.
@Suite struct CyclicInputTests {
  @Test func addingALayerToItselfStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let l = CALayer()
      l.addSublayer(l)
    }
  }

  @Test func insertingAnAncestorStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let (root, child, grandchild) = (CALayer(), CALayer(), CALayer())
      root.addSublayer(child)
      child.addSublayer(grandchild)
      grandchild.insertSublayer(root, at: 0)
    }
  }

  @Test func replacingASublayerWithAnAncestorStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let (root, child, grandchild) = (CALayer(), CALayer(), CALayer())
      root.addSublayer(child)
      child.addSublayer(grandchild)
      child.replaceSublayer(grandchild, with: root)
    }
  }

  @Test func settingSublayersToIncludeItselfStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let l = CALayer()
      l.sublayers = [CALayer(), l]
    }
  }

  @Test func maskingItselfStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let l = CALayer()
      l.mask = l
    }
  }

  @Test func maskingAnAncestorStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let (root, child) = (CALayer(), CALayer())
      root.addSublayer(child)
      child.mask = root
    }
  }

  @Test func legalMovesAreNotCycles() {
    let (root, child, other) = (CALayer(), CALayer(), CALayer())
    root.addSublayer(child)
    child.addSublayer(other)
    root.addSublayer(other)  // a move up the tree
    child.mask = CALayer()
    #expect(other.superlayer === root && root.sublayers?.count == 2)
  }

  @Test func aGroupContainingItselfIsRefusedWithADiagnostic() {
    CADiagnostics.drain()
    let g = CAAnimationGroup()
    let fade = CABasicAnimation(keyPath: "opacity")
    g.animations = [fade, g]
    #expect(g.animations?.count == 1 && g.animations?.first === fade)
    #expect(CADiagnostics.drain().map(\.key) == ["animations"])
  }

  @Test func aCycleThroughNestedGroupsIsRefusedWhereItWouldClose() {
    CADiagnostics.drain()
    let (outer, middle, inner) = (CAAnimationGroup(), CAAnimationGroup(), CAAnimationGroup())
    outer.animations = [middle]
    middle.animations = [inner]
    inner.animations = [CABasicAnimation(keyPath: "opacity"), outer]
    #expect(inner.animations?.count == 1)
    #expect(CADiagnostics.drain().map(\.key) == ["animations"])
    // The group is a finite tree: copying and running it end.
    let copy = outer.copy() as! CAAnimationGroup
    #expect((copy.animations?.first as? CAAnimationGroup)?.animations?.count == 1)
    let (context, root) = BadInput.scene()
    outer.duration = 1
    root.add(outer, forKey: "g")
    context.advance(by: 0.5)
    #expect(root.presentation() != nil)
  }

  @Test func aGroupSharedTwiceIsNotACycle() {
    CADiagnostics.drain()
    let shared = CAAnimationGroup()
    shared.animations = [CABasicAnimation(keyPath: "opacity")]
    let g = CAAnimationGroup()
    g.animations = [shared, shared]
    #expect(g.animations?.count == 2 && CADiagnostics.drain().isEmpty)
  }
}
