import Foundation
import Testing

@testable import LayerKit

/// `LayerState` keeps its rarely set part behind one copy-on-write reference: copies
/// stay small and share it, writes stay private to the copy written.
@Suite struct LayerStateStorageTests {
  @Test func aStateIsSmallEnoughToCopyEveryFrame() {
    // The inline part: geometry with one 4×4 transform, appearance, shadow, contents and
    // frame timing. The sublayer transform and subclass states are one reference.
    #expect(MemoryLayout<LayerState>.size <= 560)
    #expect(MemoryLayout<LayerState.Rare>.size > 300)
  }

  @Test func copiesShareTheRarePartUntilOneIsWritten() {
    var a = LayerState()
    a.shapeState.lineWidth = 4
    a.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
    var b = a
    #expect(b.rare.isIdentical(to: a.rare))
    #expect(a == b)
    b.shapeState.strokeEnd = 0.5
    #expect(!b.rare.isIdentical(to: a.rare))
    #expect(a.shape?.strokeEnd == 1)
    #expect(b.shape?.strokeEnd == 0.5)
    #expect(b.shape?.lineWidth == 4)
    #expect(a != b)
    b.shapeState.strokeEnd = 1
    // Equal values in different storages are equal.
    #expect(a == b)
    #expect(b.sublayerTransform == CATransform3DMakeScale(2, 2, 1))
  }

  @Test func defaultStatesShareOneStorageAndAFirstWriteLeavesItAlone() {
    var a = LayerState()
    let b = LayerState()
    #expect(a.rare.isIdentical(to: b.rare))
    a.compositingFilter = "multiplyBlendMode"
    #expect(!a.rare.isIdentical(to: b.rare))
    #expect(b.compositingFilter == nil)
    #expect(LayerState().compositingFilter == nil)
  }

  @Test func keyPathsThroughTheRarePartReadAndWrite() {
    let layer = CAShapeLayer()
    layer.setValue(CGFloat(0.25), forKeyPath: "strokeStart")
    layer.setValue(CATransform3DMakeTranslation(3, 4, 0), forKey: "sublayerTransform")
    layer.setValue(NSNumber(value: 2.5), forKey: "repeatCount")
    #expect(layer.strokeStart == 0.25)
    #expect(layer.sublayerTransform == CATransform3DMakeTranslation(3, 4, 0))
    #expect(layer.repeatCount == 2.5)
  }
}
