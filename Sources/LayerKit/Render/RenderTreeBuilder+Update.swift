import Foundation

// Updating a built tree in place.
//
// While no sublayer, mask or animation was attached or removed anywhere
// (`LayerStructureChanges.attachments` unmoved), every layer keeps its node and its
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
// A rewritten node compares what it draws with what it held and takes a new change
// stamp only when they differ. Anything that does not fit the shape the tree was built
// with (a replicator's instance count, a transition, a sublayer list of another length)
// stops the update, and the caller builds afresh.
extension RenderTreeBuilder {
  /// Updates the tree in place from `root`; false when its shape changed (the tree is
  /// then to be built afresh; the nodes already rewritten keep their new stamps).
  mutating func updateInPlace(_ root: CALayer, moved: Bool) -> Bool {
    guard tree.root == 0 else { return false }
    return updateSubtree(root, at: 0, moved: moved)
  }

  /// Updates the subtree of node `i`, built from `layer`.
  private mutating func updateSubtree(_ layer: CALayer, at i: Int, moved: Bool) -> Bool {
    guard i < info.count, info[i].layer === layer else { return false }
    guard layer.subtreeRenderChangeStamp > builtAt || info[i].subtreeVolatile
      || (moved && info[i].subtreeAnimated)
    else { return true }
    return StackReserve.ensure {
      let shows: Bool
      if case .presentation = source { shows = layer.animationStorage.hasPresentationState } else { shows = false }
      if layer.renderChangeStamp > builtAt || info[i].volatile
        || (moved && (shows || info[i].showsAnimation))
      {
        rewrite(i, layer, shows: shows)
      }
      var newest = tree.nodes[i].changeStamp
      var next = i + 1
      var reordered = false
      let children = layer.children
      guard children.count == tree.nodes[i].children.count else { return false }
      for child in children {
        let before = next < tree.nodes.count ? tree.nodes[next].state.zPosition : 0
        guard updateSubtree(child, at: next, moved: moved) else { return false }
        reordered = reordered || tree.nodes[next].state.zPosition != before
        newest = Swift.max(newest, tree.nodes[next].subtreeChangeStamp)
        next = info[next].end
      }
      if let m = layer.maskLayer {
        guard tree.nodes[i].mask == next, updateSubtree(m, at: next, moved: moved) else { return false }
        newest = Swift.max(newest, tree.nodes[next].subtreeChangeStamp)
        next = info[next].end
      } else if tree.nodes[i].mask != nil {
        return false
      }
      guard next == info[i].end else { return false }
      if reordered { orderChildren(i) }
      tree.nodes[i].subtreeChangeStamp = newest
      return true
    }
  }

  /// Rewrites node `i` from `layer` (its presentation state when it `shows` an
  /// animation, else its model), and gives it a new change stamp if what it draws
  /// changed.
  private mutating func rewrite(_ i: Int, _ layer: CALayer, shows: Bool) {
    let store = Self.updateBackingStore(layer)
    var changed = false
    let storage = layer.animationStorage
    if shows && info[i].showsAnimation && layer.renderChangeStamp <= builtAt {
      // The node holds the presentation over the same model: it stands unless a value
      // moved, and is otherwise rewritten in place (no state copy, no comparison).
      if storage.presentationChanged(since: builtEvaluation) {
        tree.nodes[i].state = layer.state
        storage.writePresentation(into: &tree.nodes[i].state)
        changed = true
      }
    } else if shows, let shown = storage.presentationState {
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
    if info[i].volatile {
      let tiles = tree.nodes[i].tiles
      writeVolatileParts(i, layer, localTime: nil)
      changed = changed || tiles != tree.nodes[i].tiles
    }
    if changed { tree.nodes[i].changeStamp = LayerRenderChanges.next() }
  }
}
