import Foundation
import Testing

@testable import LayerKit

/// Converting an animation's `Any` values to typed values: the exact types take a fast
/// path by their metadata, every other accepted type the casts, with the same results;
/// a rejected value is named by its role in the diagnostic.
@Suite struct AnimationValueConversionTests {
  @Test func scalarsOfEveryAcceptedTypeReadTheSameNumber() {
    #expect(animationScalar(0.25 as Double) == 0.25)
    #expect(animationScalar(CGFloat(0.25)) == 0.25)
    #expect(animationScalar(Float(0.25)) == 0.25)
    #expect(animationScalar(3 as Int) == 3)
    #expect(animationScalar(NSNumber(value: 0.25)) == 0.25)
    #expect(animationScalar(Optional(CGFloat(0.5)) as Any) == 0.5)
    #expect(animationScalar("0.25") == nil)
    #expect(CGFloat(animationValue: Float(0.5)) == 0.5)
    #expect(Float(animationValue: CGFloat(0.5)) == 0.5)
  }

  @Test func arraysOfNumbersConvertElementByElement() {
    let fromNumbers = InterpolatableArray<CGFloat>(
      animationValue: [NSNumber(value: 0), NSNumber(value: 0.5), NSNumber(value: 1)])
    #expect(fromNumbers?.elements == [0, 0.5, 1])
    let exact = InterpolatableArray<CGFloat>(animationValue: [CGFloat(0.25), 0.75])
    #expect(exact?.elements == [0.25, 0.75])
    let mixed = InterpolatableArray<CGFloat>(animationValue: [NSNumber(value: 0.1), 0.2] as [Any])
    #expect(mixed?.elements == [0.1, 0.2])
    let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
    #expect(InterpolatableArray<CGColor>(animationValue: colors)?.elements == colors)
    // Numbers are not colours: neither path accepts them.
    #expect(InterpolatableArray<CGColor>(animationValue: [NSNumber(value: 1)]) == nil)
  }

  @Test func arraysHoldingNaNAreNotValidValues() {
    #expect(InterpolatableArray<CGFloat>([0, 1]).isValidAnimationValue)
    #expect(!InterpolatableArray<CGFloat>([0, .nan]).isValidAnimationValue)
    #expect(![CGFloat(1), .infinity].isValidAnimationValue)
  }

  @Test func aRejectedKeyframeValueIsNamedByItsIndex() {
    CADiagnostics.drain()
    let a = CAKeyframeAnimation(keyPath: "opacity")
    a.values = [0, 1, "high"]
    a.duration = 1
    let program = PropertyProgram<CGFloat>(a, keyPath: "opacity") {
      AnimationValueConversion.convert($0, to: CGFloat.self, keyPath: "opacity", role: $1())
    }
    #expect(program == nil)
    let notes = CADiagnostics.drain()
    #expect(notes.count == 1)
    #expect(notes.first?.message.hasPrefix("values[2] of type String") == true)
  }
}
