// SwiftPM links a debug executable with `main` renamed to `FuzzLottie_main`; with
// `-parse-as-library` there is no Swift `main`, so this one hands the process to
// libFuzzer's driver (which is what libFuzzer's own `main` does).

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("FuzzLottie_main")
public func fuzzLottieMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { data, size in fuzzLottie(data, size) }
}
