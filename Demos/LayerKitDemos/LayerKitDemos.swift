// The demo scenes shared by the viewer, the tests and the embedding examples.
@_exported import LayerKit
