import Foundation
import LayerKit
import LayerKitTestSupport
import Testing

@testable import LayerKitLottie

/// A Lottie animation keeps playing on the render server's thread while the app thread
/// is blocked, with the values the app thread's context computes for every layer of the
/// player's tree.
@Suite struct LottieRenderServerTests {
  /// 30 fps, 60 frames: a square that turns, moves along keyframes and fades.
  static let file = #"""
    {"fr":30,"ip":0,"op":60,"w":120,"h":120,
     "layers":[{"ty":4,"ind":1,"ip":0,"op":60,
       "ks":{"r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},
                            {"t":60,"s":[180]}]},
             "p":{"a":1,"k":[{"t":0,"s":[30,60]},{"t":30,"s":[90,40]},{"t":60,"s":[60,90]}]},
             "o":{"a":1,"k":[{"t":0,"s":[100]},{"t":60,"s":[30]}]}},
       "shapes":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[30,30]},"r":{"k":4}},
                 {"ty":"fl","c":{"k":[0.9,0.3,0.1,1]},"o":{"k":100}}]}]}
    """#

  /// Every layer of `layer`'s tree, masks included.
  static func layers(_ layer: CALayer) -> [CALayer] {
    [layer] + (layer.sublayers ?? []).flatMap(layers) + (layer.mask.map(layers) ?? [])
  }

  @Test func aLottieAnimationPlaysOnWhileTheAppThreadIsBlocked() throws {
    let app = AppThread()
    defer { app.stop() }
    let vsync = VirtualVSync()
    let recorder = ServerFrameRecorder()
    nonisolated(unsafe) var clock: CAManualClock!
    nonisolated(unsafe) var context: CAContext!
    nonisolated(unsafe) var all: [CALayer] = []
    let animation = try LottieAnimation(data: Data(Self.file.utf8))
    let server = app.sync { () -> RenderServer in
      clock = CAManualClock()
      context = CAContext(clock: clock)
      let root = CALayer()
      root.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
      root.position = CGPoint(x: 60, y: 60)
      context.layer = root
      let player = LottieLayer(animation: animation)
      player.frame = root.bounds
      root.addSublayer(player)
      player.play()
      let server = RenderServer(context: context, mode: .threaded(vsync), presenter: recorder)
      server.commit(width: 120, height: 120, scale: 1)
      all = Self.layers(root)
      recorder.watch(all.compactMap { server.snapshotID(of: $0) })
      return server
    }
    let busy = DispatchSemaphore(value: 0)
    app.async { busy.wait() }
    var presented = 0
    for k in 0..<30 where vsync.tick(at: Double(k) / 60) { presented += 1 }
    busy.signal()
    server.stop()
    #expect(presented >= 29)
    let frames = recorder.frames
    let distinct = Set(frames.map(\.pixels)).count
    #expect(distinct == frames.count)
    let (checked, mismatches) = app.sync { () -> (Int, Int) in
      var checked = 0
      var bad = 0
      for f in frames {
        clock.time = f.time
        context.updatePresentation()
        for layer in all {
          guard let id = server.snapshotID(of: layer) else { continue }
          checked += 1
          let expected = context.presentationState(of: layer) ?? layer.state
          if f.states[id] != expected { bad += 1 }
        }
      }
      return (checked, bad)
    }
    #expect(checked >= frames.count * 3)
    #expect(mismatches == 0)
  }
}
