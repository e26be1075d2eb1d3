import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerSublayerTests {
  func names(_ layer: CALayer) -> [String] { (layer.sublayers ?? []).map { $0.name ?? "?" } }
  func named(_ n: String) -> CALayer {
    let l = CALayer()
    l.name = n
    return l
  }

  @Test func addingAppendsAndSetsTheSuperlayer() {
    let parent = CALayer()
    let (a, b) = (named("a"), named("b"))
    parent.addSublayer(a)
    parent.addSublayer(b)
    #expect(names(parent) == ["a", "b"])
    #expect(a.superlayer === parent && b.superlayer === parent)
  }

  @Test func aLayerMovesBetweenParentsCleanly() {
    let (p1, p2, a) = (CALayer(), CALayer(), named("a"))
    p1.addSublayer(a)
    p2.addSublayer(a)
    #expect(p1.sublayers == nil)
    #expect(names(p2) == ["a"])
    #expect(a.superlayer === p2)
  }

  @Test func readdingMovesToTheFront() {
    let parent = CALayer()
    let (a, b, c) = (named("a"), named("b"), named("c"))
    for l in [a, b, c] { parent.addSublayer(l) }
    parent.addSublayer(a)
    #expect(names(parent) == ["b", "c", "a"])
  }

  @Test func insertionByIndexAndSibling() {
    let parent = CALayer()
    let (a, b, c, d, e) = (named("a"), named("b"), named("c"), named("d"), named("e"))
    parent.addSublayer(a)
    parent.addSublayer(b)
    parent.insertSublayer(c, at: 1)
    #expect(names(parent) == ["a", "c", "b"])
    parent.insertSublayer(d, below: a)
    #expect(names(parent) == ["d", "a", "c", "b"])
    parent.insertSublayer(e, above: c)
    #expect(names(parent) == ["d", "a", "c", "e", "b"])
    parent.insertSublayer(a, above: nil)
    #expect(names(parent) == ["d", "c", "e", "b", "a"])
    parent.insertSublayer(a, below: nil)
    #expect(names(parent) == ["a", "d", "c", "e", "b"])
  }

  @Test func insertingRelativeToAStrangerIsIgnoredWithADiagnostic() {
    CADiagnostics.drain()
    let parent = CALayer()
    parent.addSublayer(named("a"))
    parent.insertSublayer(named("x"), below: CALayer())
    parent.insertSublayer(named("y"), at: 9)
    #expect(names(parent) == ["a", "y"])
    #expect(CADiagnostics.drain().map(\.key) == ["sublayers", "sublayers"])
  }

  @Test func replaceSublayerSwapsInPlace() {
    let parent = CALayer()
    let (a, b, c) = (named("a"), named("b"), named("c"))
    parent.addSublayer(a)
    parent.addSublayer(b)
    parent.replaceSublayer(a, with: c)
    #expect(names(parent) == ["c", "b"])
    #expect(a.superlayer == nil && c.superlayer === parent)
    parent.replaceSublayer(c, with: b)
    #expect(names(parent) == ["b"])
  }

  @Test func settingSublayersReplacesThem() {
    let parent = CALayer()
    let (a, b, c) = (named("a"), named("b"), named("c"))
    parent.addSublayer(a)
    parent.sublayers = [b, c, b]
    #expect(names(parent) == ["c", "b"])
    #expect(a.superlayer == nil)
    parent.sublayers = nil
    #expect(parent.sublayers == nil && b.superlayer == nil && c.superlayer == nil)
  }

  @Test func removeFromSuperlayerDetaches() {
    let parent = CALayer()
    let a = named("a")
    parent.addSublayer(a)
    a.removeFromSuperlayer()
    a.removeFromSuperlayer()
    #expect(parent.sublayers == nil && a.superlayer == nil)
  }

  @Test func aMaskIsOutsideTheSublayerTree() {
    let (layer, parent, m) = (CALayer(), CALayer(), named("m"))
    parent.addSublayer(m)
    layer.mask = m
    #expect(parent.sublayers == nil)
    #expect(m.superlayer == nil && layer.mask === m && layer.sublayers == nil)
    let other = CALayer()
    other.mask = m
    #expect(layer.mask == nil && other.mask === m)
    parent.addSublayer(m)
    #expect(other.mask == nil && m.superlayer === parent)
  }

  @Test func treeChangesMarkTheSuperlayerForLayout() {
    let parent = CALayer()
    let a = CALayer()
    parent.addSublayer(a)
    #expect(parent.needsLayout())
    parent.layoutIfNeeded()
    #expect(!parent.needsLayout())
    a.removeFromSuperlayer()
    #expect(parent.needsLayout())
  }
}
