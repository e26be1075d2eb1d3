// LayerKitUIKitCompat: UIKit's drawing types around layers, for code ported from iOS.
//
// One import brings LayerKit (layers, animations, Core Graphics types), Foundation and,
// on Linux, FoundationNetworking (URLSession), as `import UIKit` does on iOS.
@_exported import Foundation
@_exported import LayerKit

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
