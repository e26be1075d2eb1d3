// LayerKit: Core Animation for Linux.
//
// One import serves an app: LayerKit re-exports LayerGraphics (and through it Foundation).
@_exported import LayerGraphics
