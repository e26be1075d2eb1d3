import Foundation

/// Direct, compiled accessors for the `LayerState` fields animations touch most.
///
/// A `LayerProperty` reaches its field through a key path stored in a closure, which the
/// runtime interprets at every call (and may copy the whole state to do so). For these
/// keys the track uses plain closures that read and write the field directly; their
/// meaning is exactly the registry's (the field named by the key). Every other key path
/// goes through its registry descriptor.
package enum LayerStateAccess {
  package typealias Getter<V> = @Sendable (LayerState) -> V
  package typealias Setter<V> = @Sendable (inout LayerState, V) -> Void

  /// The direct accessors for `key` with value type `V`, or nil.
  package static func accessors<V>(forKey key: String, as type: V.Type) -> (
    get: Getter<V>, set: Setter<V>
  )? {
    let table: Any?
    switch key {
    case "position": table = pair({ $0.position }, { $0.position = $1 })
    case "position.x": table = pair({ $0.position.x }, { $0.position.x = $1 })
    case "position.y": table = pair({ $0.position.y }, { $0.position.y = $1 })
    case "bounds": table = pair({ $0.bounds }, { $0.bounds = $1 })
    case "bounds.size": table = pair({ $0.bounds.size }, { $0.bounds.size = $1 })
    case "anchorPoint": table = pair({ $0.anchorPoint }, { $0.anchorPoint = $1 })
    case "zPosition": table = pair({ $0.zPosition }, { $0.zPosition = $1 })
    case "opacity": table = pair({ $0.opacity }, { $0.opacity = $1 })
    case "backgroundColor": table = pair({ $0.backgroundColor }, { $0.backgroundColor = $1 })
    case "borderColor": table = pair({ $0.borderColor }, { $0.borderColor = $1 })
    case "borderWidth": table = pair({ $0.borderWidth }, { $0.borderWidth = $1 })
    case "cornerRadius": table = pair({ $0.cornerRadius }, { $0.cornerRadius = $1 })
    case "transform": table = pair({ $0.transform }, { $0.transform = $1 })
    case "sublayerTransform": table = pair({ $0.sublayerTransform }, { $0.sublayerTransform = $1 })
    case "shadowOpacity": table = pair({ $0.shadowOpacity }, { $0.shadowOpacity = $1 })
    case "shadowRadius": table = pair({ $0.shadowRadius }, { $0.shadowRadius = $1 })
    case "shadowOffset": table = pair({ $0.shadowOffset }, { $0.shadowOffset = $1 })
    case "shadowColor": table = pair({ $0.shadowColor }, { $0.shadowColor = $1 })
    case "path": table = pair({ $0.shapeState.path }, { $0.shapeState.path = $1 })
    case "fillColor": table = pair({ $0.shapeState.fillColor }, { $0.shapeState.fillColor = $1 })
    case "strokeColor":
      table = pair({ $0.shapeState.strokeColor }, { $0.shapeState.strokeColor = $1 })
    case "lineWidth": table = pair({ $0.shapeState.lineWidth }, { $0.shapeState.lineWidth = $1 })
    case "lineDashPhase":
      table = pair({ $0.shapeState.lineDashPhase }, { $0.shapeState.lineDashPhase = $1 })
    case "strokeStart":
      table = pair({ $0.shapeState.strokeStart }, { $0.shapeState.strokeStart = $1 })
    case "strokeEnd": table = pair({ $0.shapeState.strokeEnd }, { $0.shapeState.strokeEnd = $1 })
    case "colors": table = pair({ $0.gradientState.colors }, { $0.gradientState.colors = $1 })
    case "locations":
      table = pair({ $0.gradientState.locations }, { $0.gradientState.locations = $1 })
    case "startPoint":
      table = pair({ $0.gradientState.startPoint }, { $0.gradientState.startPoint = $1 })
    case "endPoint": table = pair({ $0.gradientState.endPoint }, { $0.gradientState.endPoint = $1 })
    default: table = nil
    }
    return table as? (get: Getter<V>, set: Setter<V>)
  }

  private static func pair<V>(_ get: @escaping Getter<V>, _ set: @escaping Setter<V>) -> (
    get: Getter<V>, set: Setter<V>
  ) {
    (get, set)
  }
}
