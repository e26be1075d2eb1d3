import Foundation

/// Presentation layers: copies of the model tree carrying the evaluated state.
extension CAContext {
  /// The presentation copy of `model` at the current time, building the whole tree's
  /// copies once per time and generation.
  package func presentationLayer(for model: CALayer) -> CALayer? {
    guard updatePresentation(), let root = layer else { return nil }
    if presentationKey.time != evaluatedTime || presentationKey.generation != evaluatedGeneration {
      presentationLayers.removeAll(keepingCapacity: true)
      _ = buildPresentation(root)
      presentationKey = (evaluatedTime, evaluatedGeneration)
    }
    return presentationLayers[ObjectIdentifier(model)]
  }

  private func buildPresentation(_ model: CALayer) -> CALayer {
    let copy = type(of: model).init(layer: model)
    copy.isPresentationCopy = true
    if let p = presentationState(of: model) { copy.state = p }
    copy.animationStorage.modelLayer = model
    presentationLayers[ObjectIdentifier(model)] = copy
    copy.children = model.children.map { child in
      let c = StackReserve.ensure { buildPresentation(child) }
      c.parentLayer = copy
      return c
    }
    if let mask = model.maskLayer {
      let m = StackReserve.ensure { buildPresentation(mask) }
      m.maskedLayer = copy
      copy.maskLayer = m
    }
    return copy
  }
}
