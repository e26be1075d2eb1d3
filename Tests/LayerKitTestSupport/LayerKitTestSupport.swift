// The helpers this package's own test targets share. The golden-image harness lives in the
// public LayerKitTesting product; re-exporting it keeps `import LayerKitTestSupport` whole.
@_exported import LayerKitTesting
