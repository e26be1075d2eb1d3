import Foundation
import Testing

@testable import LayerKit

@Suite struct LayerLayoutTests {
  /// root ⊃ (a ⊃ a1, b), every layer sharing one recording delegate, nothing pending.
  func tree(_ delegate: RecordingDelegate) -> [String: CALayer] {
    var layers: [String: CALayer] = [:]
    for n in ["root", "a", "a1", "b"] {
      let l = CALayer()
      l.name = n
      l.delegate = delegate
      layers[n] = l
    }
    layers["root"]!.addSublayer(layers["a"]!)
    layers["a"]!.addSublayer(layers["a1"]!)
    layers["root"]!.addSublayer(layers["b"]!)
    layers["root"]!.layoutIfNeeded()
    delegate.laidOut.removeAll()
    return layers
  }

  @Test func layoutRunsTopDownInSublayerOrder() {
    let d = RecordingDelegate()
    let l = tree(d)
    for n in ["b", "a1", "a", "root"] { l[n]!.setNeedsLayout() }
    l["root"]!.layoutIfNeeded()
    #expect(d.laidOut == ["root", "a", "a1", "b"])
    #expect(l.values.allSatisfy { !$0.needsLayout() })
    l["root"]!.layoutIfNeeded()
    #expect(d.laidOut.count == 4)
  }

  @Test func onlyMarkedLayersAreLaidOut() {
    let d = RecordingDelegate()
    let l = tree(d)
    l["a1"]!.setNeedsLayout()
    l["root"]!.layoutIfNeeded()
    #expect(d.laidOut == ["a1"])
  }

  @Test func layoutIfNeededStartsAtTheHighestMarkedAncestor() {
    let d = RecordingDelegate()
    let l = tree(d)
    l["root"]!.setNeedsLayout()
    l["a"]!.setNeedsLayout()
    l["b"]!.setNeedsLayout()
    l["a"]!.layoutIfNeeded()
    #expect(d.laidOut == ["root", "a", "b"])
  }

  @Test func resizingASublayerDuringLayoutLaysItOutInTheSamePass() {
    let d = RecordingDelegate()
    let l = tree(d)
    d.onLayout = { layer in
      if layer.name == "root" { l["a"]!.bounds.size = CGSize(width: 50, height: 50) }
    }
    l["root"]!.setNeedsLayout()
    l["root"]!.layoutIfNeeded()
    #expect(d.laidOut == ["root", "a"])
  }

  @Test(arguments: [
    (CGRect(x: 0, y: 0, width: 10, height: 10), true),
    (CGRect(x: 5, y: 5, width: 0, height: 0), false),
    (CGRect.zero, false),
  ])
  func boundsSizeChangesMarkLayout(_ newBounds: CGRect, _ marks: Bool) {
    let layer = CALayer()
    layer.bounds = newBounds
    #expect(layer.needsLayout() == marks)
  }

  @Test func needsDisplayOnBoundsChangeMarksDisplay() {
    let layer = CALayer()
    layer.bounds.origin = CGPoint(x: 1, y: 1)
    #expect(!layer.needsDisplay())
    layer.needsDisplayOnBoundsChange = true
    layer.bounds.origin = CGPoint(x: 2, y: 2)
    #expect(layer.needsDisplay())
  }

  final class ProgressLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool {
      key == "progress" || super.needsDisplay(forKey: key)
    }
  }

  @Test func needsDisplayForKeyMarksDisplayOnChange() {
    let layer = ProgressLayer()
    layer.opacity = 0.5
    #expect(!layer.needsDisplay())
    layer.setValue(0.5, forKey: "progress")
    #expect(layer.needsDisplay())
  }

  final class PositionDrawnLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool { key == "position" }
  }

  @Test(arguments: ["position", "position.x", "position.y"])
  func subPathChangesAreReportedUnderTheirTopLevelKey(_ keyPath: String) {
    let layer = PositionDrawnLayer()
    layer.setValue(keyPath == "position" ? CGPoint(x: 1, y: 1) : 1, forKeyPath: keyPath)
    #expect(layer.needsDisplay())
    #expect(layer.explicitlySetKeys == ["position"])
  }

  @Test func displayIfNeededDisplaysOnceThroughTheDelegate() {
    let d = RecordingDelegate()
    let layer = CALayer()
    layer.name = "l"
    layer.delegate = d
    layer.displayIfNeeded()
    #expect(d.displayed.isEmpty)
    layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(layer.needsDisplay())
    layer.displayIfNeeded()
    layer.displayIfNeeded()
    #expect(d.displayed == ["l"])
    #expect(!layer.needsDisplay())
  }
}
