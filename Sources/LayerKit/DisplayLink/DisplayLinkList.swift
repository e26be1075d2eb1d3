import Foundation

/// The display links attached to one context, fired in the order they were added.
package final class DisplayLinkList {
  private var links: [CADisplayLink] = []

  package init() {}

  /// Whether no link is attached.
  package var isEmpty: Bool { links.isEmpty }

  func add(_ link: CADisplayLink) {
    if !links.contains(where: { $0 === link }) { links.append(link) }
  }

  func remove(_ link: CADisplayLink) {
    links.removeAll { $0 === link }
  }

  /// Fires every link attached now for the frame at `time`. Links added by a callback
  /// fire from the next frame; links removed by one before their turn do not fire.
  package func fire(at time: CFTimeInterval) {
    guard !links.isEmpty else { return }
    let snapshot = links
    for link in snapshot where links.contains(where: { $0 === link }) {
      link.frame(at: time)
    }
  }
}
