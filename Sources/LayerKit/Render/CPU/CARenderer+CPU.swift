import Foundation

// The CPU backend of a renderer, for tests and benchmarks that look at its caches and
// bands.
extension CARenderer {
  /// The renderer's backend when it is the CPU compositor.
  package var cpu: CPURenderBackend? { backend as? CPURenderBackend }

  /// The CPU backend's band-0 compositor; the renderer must draw through the CPU backend.
  package var compositor: LayerCompositor {
    guard let cpu else { preconditionFailure("the renderer does not draw through the CPU") }
    return cpu.compositor
  }

  /// The CPU backend's bands; the renderer must draw through the CPU backend.
  package var bands: BandedCompositor {
    guard let cpu else { preconditionFailure("the renderer does not draw through the CPU") }
    return cpu.bands
  }
}
