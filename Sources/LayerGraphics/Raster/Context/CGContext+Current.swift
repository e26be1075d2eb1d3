import Foundation

extension CGContext {
  /// The contexts being drawn into on this thread, innermost last (UIKit's graphics
  /// context stack): the compositor pushes a layer's backing-store context around
  /// `draw(in:)`, so code ported from UIKit finds it with `UIGraphicsGetCurrentContext()`.
  private final class Stack {
    var contexts: [CGContext] = []
  }

  private static let stackKey = "LayerGraphics.CGContext.stack"

  private static var stack: Stack {
    if let stack = Thread.current.threadDictionary[stackKey] as? Stack { return stack }
    let stack = Stack()
    Thread.current.threadDictionary[stackKey] = stack
    return stack
  }

  /// The innermost pushed context of the current thread, or nil.
  package static var current: CGContext? { stack.contexts.last }

  /// Makes `context` the current thread's current context until the matching ``popCurrent()``.
  package static func pushCurrent(_ context: CGContext) { stack.contexts.append(context) }

  /// Ends the innermost ``pushCurrent(_:)``; does nothing when none is pushed.
  package static func popCurrent() { _ = stack.contexts.popLast() }

  /// Runs `body` with `context` current on this thread.
  package static func withCurrent<R>(_ context: CGContext, _ body: () throws -> R) rethrows -> R {
    pushCurrent(context)
    defer { popCurrent() }
    return try body()
  }
}
