import Foundation
import Testing

@testable import LayerKit

/// The transaction flush hands the tree commit its turn (no re-entry), completion blocks
/// of transactions without animations run at the end of that commit (as on QuartzCore),
/// and the callbacks of animations run at one point of the frame: the end of its
/// evaluation, on the tree's thread, before layout and display.
@Suite struct FrameCallbackOrderTests {
  final class Log: CAAnimationDelegate {
    var events: [String] = []
    weak var renderer: CARenderer?
    func animationDidStart(_ anim: CAAnimation) { events.append("start \(stage)") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
      events.append("stop \(flag) \(stage)")
    }
    var stage: String { renderer.map { "\($0.stage)" } ?? "-" }
  }

  /// QuartzCore runs the block of a transaction that added no animation at the end of its
  /// commit: the tree has committed by then (a context's flush used to run it before the
  /// tree's commit). Each test first settles the thread's transactions: a test run before
  /// it on the same thread may have left an implicit transaction open, and an explicit one
  /// begun inside it is nested, not outermost.
  @Test(arguments: [false, true])
  func aBlockWithoutAnimationsRunsAfterTheTreeCommits(explicit: Bool) {
    settleTransactions()
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    var committedInBlock: Bool?
    if explicit { CATransaction.begin() }
    CATransaction.setCompletionBlock { committedInBlock = context.hasCommitted }
    root.name = "root"
    if explicit { CATransaction.commit() } else { context.commit() }
    #expect(committedInBlock == true)
  }

  @Test func aContextCommitCommitsTheTreeOnce() {
    settleTransactions()
    let context = CAContext(clock: CAManualClock())
    let root = CALayer()
    context.layer = root
    context.commit()
    let walks = context.commitWalks
    let sub = CALayer()
    root.addSublayer(sub)
    sub.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
    context.commit()
    #expect(context.commitWalks == walks + 1)
    // An explicit outermost commit commits the tree once too.
    CATransaction.begin()
    sub.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade2")
    CATransaction.commit()
    #expect(context.commitWalks == walks + 2)
  }

  /// Delegates, then completion blocks, then display links, all in the evaluation stage
  /// when a renderer drives the frame, before any layout or display.
  @Test func callbacksRunAtTheEndOfTheEvaluationInTheirDocumentedOrder() {
    settleTransactions()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    context.layer = root
    context.commit()
    let renderer = CARenderer(context: context)
    let log = Log()
    log.renderer = renderer
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.events.append("block \(log.stage)") }
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    fade.duration = 0.5
    fade.delegate = log
    root.add(fade, forKey: "fade")
    CATransaction.commit()
    #expect(log.events.isEmpty)
    clock.advance(by: 0.1)
    _ = renderer.render(width: 40, height: 40, scale: 1)
    #expect(log.events == ["start evaluation"])
    clock.advance(by: 0.5)
    _ = renderer.render(width: 40, height: 40, scale: 1)
    #expect(log.events == ["start evaluation", "stop true evaluation", "block evaluation"])
  }

  @Test func displayLinksFireAfterDelegatesAndBlocksInAnAdvance() {
    settleTransactions()
    let clock = CAManualClock()
    let context = CAContext(clock: clock)
    let root = CALayer()
    context.layer = root
    context.commit()
    let log = Log()
    let link = CADisplayLink { _ in log.events.append("link") }
    link.add(to: .current, forMode: .default)
    CATransaction.begin()
    CATransaction.setCompletionBlock { log.events.append("block") }
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.duration = 0.2
    fade.delegate = log
    root.add(fade, forKey: "fade")
    CATransaction.commit()
    context.advance(by: 0.3)
    #expect(log.events == ["start -", "stop true -", "block", "link"])
    link.invalidate()
  }
}
