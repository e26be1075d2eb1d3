import Foundation
import Testing

@testable import LayerKit

/// Layer media timing down the tree and the seed 004 recipes, verbatim where they use
/// only Core Animation.
@Suite struct LayerTimingTests {
  static func scene() -> (CAManualClock, CAContext, CALayer) {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    context.layer = root
    context.commit()
    return (clock, context, root)
  }

  static func move(from: CGFloat, to: CGFloat, duration: Double) -> CABasicAnimation {
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = from
    a.toValue = to
    a.duration = duration
    return a
  }

  @Test func convertTimeMatchesApplesExample() {
    let (_, context, root) = Self.scene()
    let layer = CALayer()
    let sibling = CALayer()
    root.addSublayer(layer)
    root.addSublayer(sibling)
    layer.timeOffset = 1
    layer.speed = 0.5
    context.commit()
    #expect(layer.convertTime(0.5, from: sibling) == 1.25)
    #expect(sibling.convertTime(1.25, from: layer) == 0.5)
    #expect(layer.convertTime(1.25, to: sibling) == 0.5)
    #expect(layer.convertTime(0.5, from: nil) == 1.25)
    #expect(layer.convertTime(1.25, to: nil) == 0.5)
  }

  @Test(arguments: [(1.0, 0.0), (3.0, 0.0), (5.0, 2.0), (6.5, 5.0)])
  func convertTimeDownIsZeroBeforeEachLevelsBeginTime(t: Double, leafTime: Double) {
    // Issue 12 §1 (measured): converting down into a layer before its beginTime gives 0,
    // at every level: mid (begin 2, speed 2) maps 3 → 2, which is before leaf's begin 5.
    let root = CALayer()
    let mid = CALayer()
    let leaf = CALayer()
    root.addSublayer(mid)
    mid.addSublayer(leaf)
    mid.beginTime = 2
    mid.speed = 2
    leaf.beginTime = 5
    leaf.timeOffset = 1
    #expect(leaf.convertTime(t, from: nil) == leafTime)
    #expect(leaf.convertTime(t, from: root) == leafTime)
  }

  @Test func convertTimeUpThroughAPausedLayerIsZeroThenLinear() {
    // Issue 12 §1 (measured): a paused layer converts up to 0 in its parent, and the
    // parent's own map then applies: (0 − 3)/2 + 1 = −0.5.
    let root = CALayer()
    let child = CALayer()
    let grandchild = CALayer()
    root.addSublayer(child)
    child.addSublayer(grandchild)
    root.speed = 2
    root.timeOffset = 3
    root.beginTime = 1
    child.speed = 0
    child.timeOffset = 7
    child.beginTime = 8
    #expect(root.convertTime(10, from: child) == 0)
    #expect(child.convertTime(10, to: nil) == -0.5)
    #expect(grandchild.convertTime(42, to: root) == 0)
    #expect(root.convertTime(10, to: child) == 7)  // down: paused at its timeOffset
  }

  @Test(arguments: [(0.5, 50.0), (1.0, 100.0), (1.5, 150.0)])
  func layerSpeedTimesAnimationSpeedIsOneX(t: Double, x: Double) {
    // Seed 004: layer.speed = 0.1 with animation.speed = 10 plays at exactly 1×.
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.speed = 0.1
    context.commit()
    let a = Self.move(from: 0, to: 200, duration: 2)
    a.speed = 10
    layer.add(a, forKey: "m")
    context.commit()
    clock.time = t
    // speed is a Float: Float(0.1) · Float(10) is 1 only to about 1e-8 relative.
    #expect(abs(layer.presentation()!.position.x - x) < 1e-5)
  }

  @Test func speedMultipliesDownTheTree() {
    let (clock, context, root) = Self.scene()
    let mid = CALayer()
    let leaf = CALayer()
    root.addSublayer(mid)
    mid.addSublayer(leaf)
    mid.speed = 2
    leaf.speed = 2
    context.commit()
    leaf.add(Self.move(from: 0, to: 100, duration: 4), forKey: "m")
    context.commit()
    clock.time = 0.5
    #expect(abs(leaf.presentation()!.position.x - 50) < 1e-9)
  }

  @Test func pauseAndResumeWorkAsWrittenInTheSeed() {
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    layer.add(Self.move(from: 0, to: 100, duration: 4), forKey: "m")
    context.advance(by: 1)
    #expect(abs(layer.presentation()!.position.x - 25) < 1e-9)

    // pause
    let pausedTime: CFTimeInterval = layer.convertTime(CACurrentMediaTime(), from: nil)
    layer.speed = 0.0
    layer.timeOffset = pausedTime
    context.advance(by: 10)
    #expect(abs(layer.presentation()!.position.x - 25) < 1e-9)

    // resume
    let pausedTime2: CFTimeInterval = layer.timeOffset
    layer.speed = 1.0
    layer.timeOffset = 0.0
    layer.beginTime = 0.0
    let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime2
    layer.beginTime = timeSincePause
    context.advance(by: 1)
    #expect(abs(layer.presentation()!.position.x - 50) < 1e-9)
    #expect(clock.time == 12)
    context.advance(by: 2)
    #expect(layer.animation(forKey: "m") == nil)
  }

  @Test(arguments: [(0.5, 0.0), (1.9, 0.0), (2.5, 25.0), (3.0, 50.0)])
  func layerBeginTimeWithBackwardsFillDelaysItsAnimations(t: Double, x: Double) {
    // Seed 004: delay a layer's animations by moving the layer's beginTime, keeping the
    // start state visible during the delay with fillMode = .backwards.
    let (clock, context, superLayer) = Self.scene()
    let subLayer = CALayer()
    superLayer.addSublayer(subLayer)
    context.commit()
    let delay: CFTimeInterval = 2
    let currentTimeInSuperLayer = superLayer.convertTime(CACurrentMediaTime(), from: nil)
    let currentTimeInSubLayer = subLayer.convertTime(currentTimeInSuperLayer, from: superLayer)
    subLayer.beginTime = currentTimeInSubLayer + delay
    subLayer.fillMode = .backwards
    subLayer.position.x = 100
    subLayer.add(Self.move(from: 0, to: 100, duration: 2), forKey: "m")
    context.commit()
    clock.time = t
    #expect(abs(subLayer.presentation()!.position.x - x) < 1e-9)
  }

  @Test func layerBeforeItsBeginTimeWithoutFillShowsTheModel() {
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.beginTime = 2
    layer.position.x = 7
    context.commit()
    layer.add(Self.move(from: 0, to: 100, duration: 2), forKey: "m")
    context.commit()
    clock.time = 1
    #expect(layer.presentation()!.position.x == 7)
  }

  @Test(arguments: [
    (0.0, 0.0, 1.0), (1.0, -50.0, 1.0), (2.0, -100.0, 1.0), (3.0, -100.0, 0.5), (3.9, -100.0, 0.05),
  ])
  func chainedMoveThenFadeInAGroup(t: Double, dx: Double, opacity: Double) throws {
    // Seed 004: animation1 moves for 2 s, animation2 fades from 2 s with fill backwards.
    let (clock, context, root) = Self.scene()
    let subLayer = CALayer()
    root.addSublayer(subLayer)
    subLayer.position = CGPoint(x: 100, y: 100)
    context.commit()

    let animation1 = CABasicAnimation(keyPath: "position")
    animation1.fromValue = CGPoint(x: 100, y: 100)
    animation1.toValue = CGPoint(x: 0, y: 0)
    animation1.duration = 2.0
    animation1.beginTime = 0
    var totalDuration = animation1.duration

    let animation2 = CABasicAnimation(keyPath: "opacity")
    animation2.fromValue = 1
    animation2.toValue = 0
    animation2.duration = 2.0
    animation2.beginTime = animation2.duration
    animation2.fillMode = .backwards
    totalDuration += animation2.duration

    let group = CAAnimationGroup()
    group.duration = totalDuration
    group.animations = [animation1, animation2]
    subLayer.position = .zero  // (※) the end state, set before the animation
    subLayer.opacity = 0
    subLayer.add(group, forKey: "MyChainAnimation")
    context.commit()
    clock.time = t
    let p = try #require(subLayer.presentation())
    #expect(abs(p.position.x - (100 + dx)) < 1e-9)
    #expect(abs(Double(p.opacity) - opacity) < 1e-6)
  }

  @Test(arguments: [(0.0, 1.0, 0.0), (2.0, 0.5, 0.5), (3.999, 0.00025, 0.99975)])
  func backgroundRedToBlue(t: Double, red: Double, blue: Double) throws {
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    context.commit()
    let animation = CABasicAnimation(keyPath: "backgroundColor")
    animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    animation.duration = 4
    layer.add(animation, forKey: "backgroundColor")
    context.commit()
    clock.time = t
    let c = try #require(layer.presentation()?.backgroundColor)
    #expect(abs(c.red - red) < 1e-9 && abs(c.blue - blue) < 1e-9)
  }

  @Test(arguments: [(1.0, 0.5), (2.0, 1.0), (5.0, 0.5), (4001.0, 0.5)])
  func redYellowBlueKeyframesRepeatForever(t: Double, green: Double) throws {
    let (clock, context, layer) = Self.scene()
    let keyTimes: [NSNumber] = [0, 0.5, 1]
    let values = [
      CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
      CGColor(red: 0, green: 0, blue: 1, alpha: 1),
    ]
    let keyframeAnimation = CAKeyframeAnimation(keyPath: "backgroundColor")
    keyframeAnimation.calculationMode = .linear
    keyframeAnimation.repeatCount = .greatestFiniteMagnitude
    keyframeAnimation.keyTimes = keyTimes
    keyframeAnimation.values = values
    keyframeAnimation.duration = 4
    layer.add(keyframeAnimation, forKey: "backgroundColor")
    context.commit()
    clock.time = t
    #expect(abs(try #require(layer.presentation()?.backgroundColor).green - green) < 1e-9)
  }

  @Test(arguments: [(0.0, 310.0), (1.5, 60.0), (3.0, 120.0), (4.5, 60.0)])
  func groupOfBackgroundAndCubicPositionYOverSixSeconds(t: Double, y: Double) throws {
    let (clock, context, layer) = Self.scene()
    let bgAnimation = CABasicAnimation(keyPath: "backgroundColor")
    bgAnimation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    bgAnimation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let positionYAnimation = CAKeyframeAnimation(keyPath: "position.y")
    positionYAnimation.calculationMode = .cubic
    positionYAnimation.keyTimes = [0, 0.25, 0.5, 0.75, 1]
    positionYAnimation.values = [310, 60, 120, 60, 310]
    let animationGroup = CAAnimationGroup()
    animationGroup.animations = [bgAnimation, positionYAnimation]
    animationGroup.duration = 6
    layer.add(animationGroup, forKey: "MyAnimationGroup")
    context.commit()
    clock.time = t
    let p = try #require(layer.presentation())
    #expect(abs(p.position.y - y) < 1e-6)
    #expect(abs(try #require(p.backgroundColor).blue - t / 6) < 1e-9)
  }

  @Test(arguments: [(0.5, 50.0), (1.5, 100.0), (2.5, 100.0)])
  func groupChildrenAreClippedNotScaled(t: Double, x: Double) throws {
    let (clock, context, layer) = Self.scene()
    let child = Self.move(from: 0, to: 100, duration: 1)
    child.fillMode = .forwards
    let long = Self.move(from: 0, to: 1000, duration: 10)
    long.beginTime = 1
    long.isAdditive = true
    let group = CAAnimationGroup()
    group.animations = [child, long]
    group.duration = 2
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    layer.add(group, forKey: "g")
    context.commit()
    clock.time = t
    let expected = x + (t >= 1 ? 100 * (min(t, 2) - 1) : 0)
    #expect(abs(try #require(layer.presentation()).position.x - expected) < 1e-9)
  }

  @Test func nestedGroupsRunInEachOthersTime() throws {
    let (clock, context, layer) = Self.scene()
    let inner = CAAnimationGroup()
    inner.animations = [Self.move(from: 0, to: 100, duration: 1)]
    inner.duration = 1
    inner.beginTime = 1
    let outer = CAAnimationGroup()
    outer.animations = [inner]
    outer.duration = 3
    outer.speed = 2
    layer.add(outer, forKey: "g")
    context.commit()
    clock.time = 0.75  // outer local 1.5 → inner local 0.5
    #expect(abs(try #require(layer.presentation()).position.x - 50) < 1e-9)
  }

  @Test func commitStampsBeginTimeInTheLayersTimeSpace() throws {
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.speed = 2
    layer.timeOffset = 3
    context.commit()
    clock.time = 10
    layer.add(Self.move(from: 0, to: 1, duration: 1), forKey: "m")
    context.commit()
    // The held copy shows the stamp too (issue 12 §9: the animation a layer holds has its
    // beginTime set at commit); it used to keep 0.
    #expect(layer.animation(forKey: "m")?.beginTime == 23)
    let entry = try #require(layer.animationStorage.entry(forKey: "m"))
    #expect(entry.timing.beginTime == 23)  // stamped (10 − 0)·2 + 3
  }

  @Test func valueFunctionAnimatesTheTransform() throws {
    let (clock, context, layer) = Self.scene()
    let a = CABasicAnimation(keyPath: "transform")
    a.valueFunction = CAValueFunction(name: .scale)
    a.fromValue = [1, 1, 1]
    a.toValue = [3, 5, 1]
    a.duration = 1
    layer.add(a, forKey: "s")
    context.commit()
    clock.time = 0.5
    let t = try #require(layer.presentation()).transform
    #expect(t == CATransform3DMakeScale(2, 3, 1))
  }

  @Test func pathAnimationMovesAndRotatesTheLayer() throws {
    let (clock, context, layer) = Self.scene()
    let path = CGMutablePath()
    path.move(to: .zero)
    path.addLine(to: CGPoint(x: 0, y: 100))
    let a = CAKeyframeAnimation(keyPath: "position")
    a.path = path
    a.rotationMode = .rotateAuto
    a.duration = 1
    layer.add(a, forKey: "p")
    context.commit()
    clock.time = 0.5
    let p = try #require(layer.presentation())
    #expect(abs(p.position.y - 50) < 1e-9)
    #expect(abs(p.transform.m12 - 1) < 1e-9)  // turned 90° to face down the path
  }

  @Test func nonFiniteLayerTimingNeverCrashes() {
    let (clock, context, root) = Self.scene()
    let layer = CALayer()
    root.addSublayer(layer)
    layer.speed = .infinity
    layer.add(Self.move(from: 0, to: 1, duration: 1), forKey: "m")
    context.commit()
    clock.time = 0.5
    #expect(layer.presentation() != nil)
    CADiagnostics.drain()
  }
}

@Suite struct TransformComponentTrackTests {
  @Test(arguments: [
    "transform.scale", "transform.scale.x", "transform.rotation.z", "transform.rotation.x",
    "transform.translation.y", "sublayerTransform.rotation",
  ])
  func componentTrackMatchesTheRegistrysDescriptor(keyPath: String) throws {
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let layer = CALayer()
    layer.transform = CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), 0.3, 0, 0, 1)
    layer.sublayerTransform = CATransform3DMakeTranslation(4, 5, 6)
    context.layer = layer
    context.commit()
    let a = CABasicAnimation(keyPath: keyPath)
    a.fromValue = 0.5
    a.toValue = 1.5
    a.duration = 1
    layer.add(a, forKey: "k")
    context.commit()
    clock.time = 0.25
    let p = try #require(layer.presentation())
    let descriptor = try #require(
      CALayer.propertyRegistry.property(forKeyPath: keyPath) as? LayerProperty<CGFloat>)
    var expected = layer.state
    descriptor.set(&expected, 0.75)
    #expect(p.state.transform.distance(to: expected.transform) < 1e-9)
    #expect(p.state.sublayerTransform.distance(to: expected.sublayerTransform) < 1e-9)
  }
}

extension CATransform3D {
  func distance(to o: CATransform3D) -> Double { CATransform3D.distance(self, o) }
}
