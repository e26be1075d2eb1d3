// hello-layerkit: the smallest app that embeds LayerKit in a window.
// A card follows the mouse with implicit animations; a click changes its colour and
// pops it with a spring. Escape or closing the window quits. Without a display it prints
// why and exits 1.
import Foundation
import LayerKitSDL
import Logging

LoggingSystem.bootstrap(LayerKitLog.handler)  // LAYERKIT_LOG=debug shows LayerKit's diagnostics

do {
  try FreeTypeFonts.installDefault()
  let context = CAContext()
  let root = CALayer()
  root.backgroundColor = CGColor(red: 0.96, green: 0.95, blue: 0.93, alpha: 1)
  context.layer = root

  let card = CALayer()
  card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
  card.position = CGPoint(x: 240, y: 160)
  card.cornerRadius = 16
  card.backgroundColor = CGColor(red: 0.20, green: 0.45, blue: 0.90, alpha: 1)
  card.shadowOpacity = 0.3
  card.shadowRadius = 8
  card.shadowOffset = CGSize(width: 0, height: 4)
  let label = CATextLayer()
  label.string = "Hello, LayerKit"
  label.fontSize = 14
  label.alignmentMode = .center
  label.frame = CGRect(x: 0, y: 30, width: 120, height: 20)
  card.addSublayer(label)
  root.addSublayer(card)

  let host = try LayerHost(
    configuration: .init(title: "Hello, LayerKit", size: CGSize(width: 480, height: 320)))
  try host.run(context: context) { event, hit in
    switch event {
    case .keyDown(let key) where key.key == "Escape":
      host.stop()
    case .mouseMoved(let m):
      card.position = m.location  // animates: an implicit 0.25 s action
    case .mouseDown where hit === card || hit === label:
      card.backgroundColor = CGColor(red: .random(in: 0.2...0.9), green: 0.4, blue: 0.7, alpha: 1)
      let pop = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.4)
      pop.keyPath = "transform.scale"
      pop.fromValue = 0.8
      pop.toValue = 1.0
      card.add(pop, forKey: "pop")
    default:
      break
    }
  }
  host.close()
} catch {
  FileHandle.standardError.write(Data("hello-layerkit: \(error)\n".utf8))
  exit(1)
}
