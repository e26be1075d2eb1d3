import Foundation

// Updating a built tree in place.
//
// While no sublayer, mask or animation was attached or removed in the tree (its
// `LayerChangeLog.attachments` unmoved), every layer keeps its node and its
// subtree its indices, so a frame only rewrites nodes whose layer changed:
//
// ```
// subtree at i:  skipped  unless  layer.subtreeRenderChangeStamp > builtAt   (a change below)
//                                 or evaluation moved and subtreeAnimated     (animations below)
//                                 or subtreeVolatile                          (particles, tiles)
// node i:        rewritten  when  layer.renderChangeStamp > builtAt
//                                 or evaluation moved and the layer shows (or showed) an
//                                    animation
//                                 or volatile
// ```
//
// A replicator's copies are visited copy by copy, each with the instance transform,
// tint and time `ReplicatorInstances` gives it; a copy whose tint differs from the one
// its nodes hold is visited whole (every node of it inherits the tint), and a copy drawn
// at its own time (an instance delay) is evaluated again whole whenever it is visited. A
// layer with a `CATransition` attached updates its transition and the outgoing state's
// node and sublayers in place.
//
// A rewritten node compares what it draws with what it held and takes a new change
// stamp only when they differ. Anything that does not fit the shape the tree was built
// with (a replicator's instance count, a transition that starts or ends showing, a
// sublayer list of another length) stops the update, and the caller builds afresh.
extension RenderTreeBuilder {
  /// What a node gets from above beside its layer: the tint of its replicator copy, the
  /// time to evaluate its animations at, whether its subtree must be visited whole (an
  /// inherited tint changed), and whether its instance transform was just replaced (the
  /// replicator writes a copy's instance transform into the copy's node itself, so that
  /// no 4×4 matrix travels down the tree).
  struct Placement {
    var tint: SIMD4<Float>?
    /// A local time of the superlayer to evaluate the layer's animations at (seconds),
    /// nil for the frame's presentation.
    var time: Double?
    var visitsAll: Bool
    /// Whether the tint is the one the node holds (a copy of a replicator that did not
    /// change): then it is neither given nor compared.
    var isKept = false
    var replaced = false

    static let plain = Placement(tint: nil, time: nil, visitsAll: false)
  }

  /// Updates the tree in place from `root`; false when its shape changed (the tree is
  /// then to be built afresh; the nodes already rewritten keep their new stamps).
  mutating func updateInPlace(_ root: CALayer, moved: Bool) -> Bool {
    guard tree.root == 0 else { return false }
    return updateSubtree(root, at: 0, moved: moved, placed: .plain)
  }

  /// Updates the subtree of node `i`, built from `layer` and placed as `placed` says.
  private mutating func updateSubtree(_ layer: CALayer, at i: Int, moved: Bool, placed: Placement)
    -> Bool
  {
    guard i < info.count, info[i].layer === layer else { return false }
    let retinted = !placed.isKept && tree.nodes[i].tint != placed.tint
    let tint = placed.isKept ? tree.nodes[i].tint : placed.tint
    let visitsAll = placed.visitsAll || retinted
    guard
      visitsAll || placed.replaced || placed.time != nil || layer.subtreeRenderChangeStamp > builtAt
        || info[i].subtreeVolatile || (moved && info[i].subtreeAnimated)
    else { return true }
    return StackReserve.ensure {
      let shows: Bool
      if placed.time == nil, case .presentation = source {
        shows = context?.hasPresentationState(layer) ?? false
      } else {
        shows = false
      }
      var changed = false
      var localTime: Double? = nil
      if placed.time != nil || layer.renderChangeStamp > builtAt || info[i].volatile
        || (moved && (shows || info[i].showsAnimation))
      {
        (changed, localTime) = rewrite(i, layer, shows: shows, time: placed.time)
      }
      if retinted { tree.nodes[i].tint = placed.tint }
      if changed || retinted || placed.replaced {
        tree.nodes[i].changeStamp = nextNodeStamp()
      }
      var c = Cursor(next: i + 1)
      let children = layer.children
      let inherited = Placement(tint: tint, time: localTime, visitsAll: visitsAll)
      let rep = tree.nodes[i].kind == .replicator ? tree.nodes[i].state.replicator : nil
      if let rep {
        let count = info[i].instances
        guard count >= 0, Swift.max(rep.instanceCount, 0) == info[i].requestedInstances,
          children.count * count == tree.nodes[i].children.count
        else { return false }
        // An unchanged replicator with its tint (and no instance delay drawn) places its
        // copies as before: nothing to make or compare.
        let delayed = transitions && rep.instanceDelay.isFinite && rep.instanceDelay != 0
        let kept = !changed && !visitsAll && !delayed
        if kept {
          let placement = Placement(tint: nil, time: localTime, visitsAll: false, isKept: true)
          for _ in 0..<count {
            for child in children {
              guard updateChild(child, &c, moved: moved, placed: placement) else { return false }
            }
          }
        } else {
          var copies = ReplicatorInstances(
            rep, state: tree.nodes[i].state, tint: tint,
            now: localTime ?? self.localTime(of: layer), time: localTime,
            delays: transitions)
          for _ in 0..<count {
            let copy = copies.next()
            var placement = Placement(tint: copy.tint, time: copy.time, visitsAll: visitsAll)
            for child in children {
              guard c.next < info.count, info[c.next].layer === child else { return false }
              placement.replaced = tree.nodes[c.next].instanceTransform != copy.transform
              if placement.replaced { tree.nodes[c.next].instanceTransform = copy.transform }
              guard updateChild(child, &c, moved: moved, placed: placement) else { return false }
            }
          }
        }
      } else {
        guard info[i].instances < 0, children.count == tree.nodes[i].children.count else {
          return false
        }
        for child in children {
          guard updateChild(child, &c, moved: moved, placed: inherited) else { return false }
        }
      }
      if let m = layer.maskLayer {
        let placement = Placement(tint: nil, time: localTime, visitsAll: false)
        guard tree.nodes[i].mask == c.next, updateChild(m, &c, moved: moved, placed: placement)
        else {
          return false
        }
      } else if tree.nodes[i].mask != nil {
        return false
      }
      if info[i].transitionEntry {
        let shown = layer.presentationTransition(in: context)
        guard (shown == nil) == (tree.nodes[i].transition == nil) else { return false }
        if let shown {
          guard tree.nodes[i].transition?.outgoing == c.next,
            updateOutgoing(
              shown.outgoing, of: layer, node: i, at: c.next, moved: moved,
              tint: tint, visitsAll: visitsAll)
          else { return false }
          let transition = RenderTransition(shown, outgoing: c.next)
          if transition != tree.nodes[i].transition {
            tree.nodes[i].transition = transition
            tree.nodes[i].changeStamp = nextNodeStamp()
          }
          advance(&c)
        }
      } else if tree.nodes[i].transition != nil {
        return false
      }
      return finish(i, c)
    }
  }

  /// Updates node `o`, the outgoing state of the transition of `layer` (node `i`), from
  /// `snapshot`, and the subtrees of its outgoing sublayers.
  private mutating func updateOutgoing(
    _ snapshot: TransitionSnapshot, of layer: CALayer, node i: Int, at o: Int, moved: Bool,
    tint: SIMD4<Float>?, visitsAll: Bool
  ) -> Bool {
    guard o < info.count, info[o].layer === layer,
      snapshot.sublayers.count == tree.nodes[o].children.count
    else { return false }
    // The outgoing state is placed as the layer's own node is.
    var changed =
      tree.nodes[o].tint != tint
      || tree.nodes[o].instanceTransform != tree.nodes[i].instanceTransform
    if changed {
      tree.nodes[o].tint = tint
      tree.nodes[o].instanceTransform = tree.nodes[i].instanceTransform
    }
    if tree.nodes[o].state != snapshot.state {
      tree.nodes[o].state = snapshot.state
      changed = true
    }
    if changed { tree.nodes[o].changeStamp = nextNodeStamp() }
    var c = Cursor(next: o + 1)
    let placement = Placement(tint: tint, time: nil, visitsAll: visitsAll)
    for child in snapshot.sublayers {
      guard updateChild(child, &c, moved: moved, placed: placement) else { return false }
    }
    return finish(o, c)
  }

  /// Where the update of a node's sublayer subtrees stands: the index of the next one,
  /// the newest subtree stamp among those done, and whether their drawing order may have
  /// changed.
  struct Cursor {
    var next: Int
    var below: UInt64 = 0
    var reordered = false
  }

  /// Updates `child`'s subtree, the next one at `c`, and moves `c` past it.
  private mutating func updateChild(
    _ child: CALayer, _ c: inout Cursor, moved: Bool, placed: Placement
  ) -> Bool {
    let before = c.next < tree.nodes.count ? tree.nodes[c.next].state.zPosition : 0
    guard updateSubtree(child, at: c.next, moved: moved, placed: placed) else { return false }
    c.reordered = c.reordered || tree.nodes[c.next].state.zPosition != before
    advance(&c)
    return true
  }

  /// Moves `c` past the subtree at `c.next`, which is up to date.
  private func advance(_ c: inout Cursor) {
    c.below = Swift.max(c.below, tree.nodes[c.next].subtreeChangeStamp)
    c.next = info[c.next].end
  }

  /// Completes node `i` once `c` went over all its subtrees: false when they do not end
  /// where its subtree did.
  private mutating func finish(_ i: Int, _ c: Cursor) -> Bool {
    guard c.next == info[i].end else { return false }
    if c.reordered { orderChildren(i) }
    tree.nodes[i].subtreeChangeStamp = Swift.max(c.below, tree.nodes[i].changeStamp)
    return true
  }

  /// Rewrites node `i`'s state and image from `layer`: its presentation state when it
  /// `shows` an animation, its state at its superlayer's local `time` when one is given
  /// (a delayed replicator copy), else its model. Returns whether what the node draws
  /// changed, and the layer's local time when `time` was given.
  private mutating func rewrite(_ i: Int, _ layer: CALayer, shows: Bool, time: Double?) -> (
    Bool, Double?
  ) {
    // A layer with no change since the last build holds no other backing store
    // (marking it for display, drawing and replacing `contents` all move its stamp):
    // the node's image stands.
    let store =
      layer.renderChangeStamp > builtAt
      ? DisplayStage.backingImage(layer) : tree.nodes[i].backingStore
    var changed = false
    var localTime: Double? = nil
    if let time {
      let delayed = layer.presentationState(atParentTime: time)
      localTime = delayed.localTime
      if delayed.state != tree.nodes[i].state {
        tree.nodes[i].state = delayed.state
        changed = true
      }
    } else if shows && info[i].showsAnimation && layer.renderChangeStamp <= builtAt {
      // The node holds the presentation over the same model: it stands unless a value
      // moved, and is otherwise rewritten in place (no state copy, no comparison).
      if let context, context.presentationChanged(of: layer, since: builtEvaluation) {
        tree.nodes[i].state = layer.state
        context.writePresentation(of: layer, into: &tree.nodes[i].state)
        changed = true
      }
    } else if shows, let shown = context?.presentationState(of: layer) {
      if shown != tree.nodes[i].state {
        tree.nodes[i].state = shown
        changed = true
      }
    } else if layer.state != tree.nodes[i].state {
      tree.nodes[i].state = layer.state
      changed = true
    }
    info[i].showsAnimation = shows
    if tree.nodes[i].backingStore !== store {
      tree.nodes[i].backingStore = store
      changed = true
    }
    let tiles = tree.nodes[i].tiles
    writeClassParts(i, layer, localTime: localTime)
    changed = changed || tiles != tree.nodes[i].tiles
    return (changed, localTime)
  }
}
