import Foundation

// The frame's one callback point (see the "One Frame, Stage by Stage" article).
extension CAContext {
  /// The end of an evaluation: removals, then the frame's callback point — delegate
  /// callbacks in add order (stops of removed or replaced animations first), then the
  /// completion blocks that became ready. `advance(by:)` fires the display links right
  /// after. Runs on the tree's thread, after the frame's state is complete and before a
  /// renderer's layout and display.
  func finishFrame() {
    defer { TransactionThread.current.runReadyCompletionBlocks() }
    var removed = false
    for s in removals {
      let before = s.entries.count
      s.entries.removeAll { $0.isFinished && $0.isRemovedOnCompletion }
      removed = removed || s.entries.count != before
    }
    removals.removeAll(keepingCapacity: true)
    if removed { layer?.treeChangeLog.recordAttachment() }
    guard !events.isEmpty || !pendingStops.isEmpty else { return }
    var stops: [LayerAnimationEntry] = []
    swap(&stops, &pendingStops)
    var frameEvents: [LifecycleEvent] = []
    swap(&frameEvents, &events)
    if frameEvents.count > 1 {
      frameEvents.sort {
        ($0.entry.sequence, $0.isStart ? 0 : 1) < ($1.entry.sequence, $1.isStart ? 0 : 1)
      }
    }
    for entry in stops where !entry.didStop {
      entry.didStop = true
      entry.completionToken?.animationDidEnd()
      entry.animation.delegate?.animationDidStop(entry.animation, finished: false)
    }
    for event in frameEvents {
      let a = event.entry.animation
      if event.isStart {
        a.delegate?.animationDidStart(a)
      } else if !event.entry.didStop {
        event.entry.didStop = true
        event.entry.completionToken?.animationDidEnd()
        a.delegate?.animationDidStop(a, finished: true)
      }
    }
    frameEvents.removeAll(keepingCapacity: true)
    if events.isEmpty { swap(&frameEvents, &events) }
  }
}
