// layerkit-viewer: shows the LayerKit demos in a window, or renders them to PNG files and
// animations. The command line is ViewerCommand; ViewerRunner runs it.
import LayerKitSDL
import Logging

// Diagnostics reach standard error at the level LAYERKIT_LOG names (debug shows them all).
LoggingSystem.bootstrap(LayerKitLog.handler)

ViewerRunner.main(Array(CommandLine.arguments.dropFirst()))
