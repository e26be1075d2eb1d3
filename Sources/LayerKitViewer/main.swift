// layerkit-viewer: shows the LayerKit demos in a window, or renders them to PNG files and
// animations. The command line is ViewerCommand; ViewerRunner runs it.
ViewerRunner.main(Array(CommandLine.arguments.dropFirst()))
