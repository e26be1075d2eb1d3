import CEGL
import Foundation
import LayerKit

/// Blurred shadow masks on the GPU, kept by render node while their shape and blur do
/// not change.
///
/// An entry is an offscreen whose alpha holds a layer's shadow coverage blurred
/// (``GLFrameWalk/drawShadow(_:bounds:inverse:map:parentMap:alpha:)``), with what it was
/// made from: the shadow's device outline relative to the mask's origin, and σ in 64ths
/// of a pixel (the CPU compositor's `ShadowCache` key). A layer that moves by whole or
/// fractional pixels keeps its mask as long as that key holds (a move by whole pixels
/// always does); a shadow whose colour, opacity or offset animates is blurred once.
///
/// Entries no layer used in a frame are dropped at its end, and the entries together
/// hold at most ``budget`` bytes (`width × height × 4`); a mask past it is made for the
/// frame and not kept.
final class GLShadowCache {
  struct Entry {
    var target: GLOffscreenPool.Target
    /// The outline points relative to the mask's origin, x and y interleaved.
    var shape: [CGFloat]
    /// σ in device pixels, rounded to 64ths.
    var sigma: Double
    var lastUse: Int
    /// For a content-shaped mask, what the layer's own body draws from
    /// (``GLFrameWalk/bodyState(_:)``); `shape` then holds its sublayers' change stamp.
    var body: LayerState? = nil
    var byStamp: Bool { body != nil }
    var bytes: Int { target.width * target.height * 4 }
  }

  /// The most bytes the kept masks may hold together (64 MiB).
  let budget = 64 << 20
  private let offscreens: GLOffscreenPool
  private var entries: [RenderNode.Key: Entry] = [:]
  private(set) var bytes = 0
  /// Masks blurred so far (for tests that count work).
  private(set) var blurs = 0
  private var frame = 0
  private var lastNewestStamp: UInt64 = 0

  init(offscreens: GLOffscreenPool) { self.offscreens = offscreens }

  /// Starts frame `number` of a tree whose newest change stamp is `newestStamp`.
  ///
  /// A content-shaped mask is keyed by its subtree's change stamps; a newest stamp lower
  /// than the last frame's means another builder made this tree (a backend handed to a
  /// new renderer), whose stamps say nothing about the kept masks: those are dropped.
  func beginFrame(_ number: Int, newestStamp: UInt64) {
    frame = number
    if newestStamp < lastNewestStamp {
      for (key, e) in entries where e.byStamp { drop(key) }
    }
    lastNewestStamp = newestStamp
  }

  /// The kept mask of `key` when it was made from `shape`, `sigma` and `body`, marked
  /// used.
  func mask(for key: RenderNode.Key, shape: [CGFloat], sigma: Double, body: LayerState? = nil)
    -> GLOffscreenPool.Target?
  {
    guard var e = entries[key], e.shape == shape, e.sigma == sigma, e.body == body else {
      return nil
    }
    e.lastUse = frame
    entries[key] = e
    return e.target
  }

  /// Keeps `target` as the mask of `key`, replacing what it held; false when the
  /// budget has no room (the caller then hands `target` back after drawing).
  func keep(
    _ target: GLOffscreenPool.Target, for key: RenderNode.Key, shape: [CGFloat], sigma: Double,
    body: LayerState? = nil
  ) -> Bool {
    blurs += 1
    drop(key)
    let e = Entry(target: target, shape: shape, sigma: sigma, lastUse: frame, body: body)
    guard bytes + e.bytes <= budget else { return false }
    entries[key] = e
    bytes += e.bytes
    return true
  }

  /// Drops the masks no layer used in the frame that ends, back to the pool.
  func endFrame() {
    for (key, e) in entries where e.lastUse != frame { drop(key) }
  }

  private func drop(_ key: RenderNode.Key) {
    guard let old = entries.removeValue(forKey: key) else { return }
    bytes -= old.bytes
    offscreens.give(old.target)
  }
}
