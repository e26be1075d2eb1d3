// hello-layerkit: the smallest app that embeds the LayerKit host.
// A window whose colour breathes over time, with a square that follows the mouse.
// Escape or closing the window quits. Without a display it prints why and exits 1.
import Foundation
import LayerKitSDL

do {
  let host = try LayerHost(
    configuration: .init(title: "Hello, LayerKit", size: CGSize(width: 480, height: 320)))
  var mouse = CGPoint(x: 240, y: 160)
  try host.run(onEvent: { event in
    switch event {
    case .keyDown(let key) where key.key == "Escape": host.stop()
    case .mouseMoved(let m): mouse = m.pixelLocation
    default: break
    }
  }) { frame in
    let w = frame.pixelWidth
    let h = frame.pixelHeight
    let glow = UInt8(100 + 80 * sin(frame.time * 2))
    var pixels = [UInt8](repeating: 255, count: w * h * 4)
    let side = Int(40 * frame.scale)
    for y in 0..<h {
      for x in 0..<w {
        let i = (y * w + x) * 4
        let inSquare = abs(x - Int(mouse.x)) < side / 2 && abs(y - Int(mouse.y)) < side / 2
        pixels[i] = inSquare ? 255 : 40
        pixels[i + 1] = inSquare ? 255 : glow / 2
        pixels[i + 2] = inSquare ? 255 : glow
      }
    }
    return .pixels(pixels, width: w, height: h, damage: nil)
  }
  host.close()
} catch {
  FileHandle.standardError.write(Data("hello-layerkit: \(error)\n".utf8))
  exit(1)
}
