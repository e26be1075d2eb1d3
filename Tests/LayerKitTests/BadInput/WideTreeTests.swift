import Foundation
import Testing

@testable import LayerKit

/// Wide trees: thousands of sublayers on a layer on screen. Each change runs its actions
/// in time linear in the number of its edits, not of the sublayers (`Scripts/bench` times
/// 10,000).
@Suite struct WideTreeTests {
  /// Counts the order-in and order-out actions it is asked for.
  final class OrderCounter: CALayerDelegate {
    var orderIn = 0, orderOut = 0
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
      if event == kCAOnOrderIn { orderIn += 1 }
      if event == kCAOnOrderOut { orderOut += 1 }
      return nil
    }
  }

  @Test func thousandsOfSublayersAddedReorderedAndRemovedOnScreen() {
    let (context, root) = BadInput.scene()
    let counter = OrderCounter()
    let layers = (0..<1_000).map { k -> CALayer in
      let l = BadInput.box(CGRect(x: k % 64, y: k / 64, width: 1, height: 1))
      l.delegate = counter
      return l
    }
    for l in layers { root.addSublayer(l) }
    context.commit()
    #expect(counter.orderIn == layers.count)
    for l in layers.reversed() { root.addSublayer(l) }  // a move: no order-in, no order-out
    context.commit()
    #expect(counter.orderIn == layers.count && counter.orderOut == 0)
    #expect(root.sublayers!.first === layers.last && root.sublayers!.last === layers.first)
    for l in layers { l.removeFromSuperlayer() }
    context.commit()
    #expect(counter.orderOut == layers.count && root.sublayers == nil)
    withExtendedLifetime(counter) {}
  }
}
