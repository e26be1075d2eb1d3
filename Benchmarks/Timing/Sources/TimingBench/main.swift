// timing-bench: presentation evaluation for 10,000 attached layers, each with a basic
// position animation, a keyframe colour animation and a spring scale animation.
// Single thread; reports wall time and allocation calls per frame in steady state.
import CMallocCounter
import Foundation
import LayerKit

let layerCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10_000
/// Which animations each layer gets (all three by default; "move", "colour", "scale").
let kinds = Set(
  CommandLine.arguments.dropFirst(2).isEmpty
    ? ["move", "colour", "scale"] : Array(CommandLine.arguments.dropFirst(2)))
let warmupFrames = 20
let measuredFrames = 300

let clock = CAManualClock()
let context = CAContext(clock: clock)
let root = CALayer()
context.layer = root
for i in 0..<layerCount {
  let layer = CALayer()
  layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
  layer.position = CGPoint(x: Double(i % 100) * 10, y: Double(i / 100) * 10)
  root.addSublayer(layer)

  let move = CABasicAnimation(keyPath: "position")
  move.fromValue = CGPoint(x: 0, y: 0)
  move.toValue = CGPoint(x: 300, y: 200)
  move.duration = 2
  move.repeatCount = .infinity
  move.autoreverses = true
  move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
  if kinds.contains("move") { layer.add(move, forKey: "move") }

  let colour = CAKeyframeAnimation(keyPath: "backgroundColor")
  colour.values = [
    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
    CGColor(red: 0, green: 0, blue: 1, alpha: 1),
  ]
  colour.keyTimes = [0, 0.5, 1]
  colour.duration = 3
  colour.repeatCount = .greatestFiniteMagnitude
  if kinds.contains("colour") { layer.add(colour, forKey: "colour") }

  let spring = CASpringAnimation(keyPath: "transform.scale")
  spring.fromValue = 0.5
  spring.toValue = 1
  spring.damping = 5
  spring.duration = spring.settlingDuration
  spring.repeatCount = .infinity
  if kinds.contains("scale") { layer.add(spring, forKey: "scale") }
}
context.commit()

let step = 1.0 / 60
for _ in 0..<warmupFrames {
  clock.advance(by: step)
  context.updatePresentation()
}

/// This thread's CPU time in nanoseconds (unaffected by other processes' load).
func threadCPUTime() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

var times: [Double] = []
var cpuTimes: [Double] = []
times.reserveCapacity(measuredFrames)
cpuTimes.reserveCapacity(measuredFrames)
let allocationsBefore = lk_allocation_count()
for _ in 0..<measuredFrames {
  clock.advance(by: step)
  let start = DispatchTime.now().uptimeNanoseconds
  let cpuStart = threadCPUTime()
  context.updatePresentation()
  cpuTimes.append(Double(threadCPUTime() - cpuStart) / 1e6)
  times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
let allocations = lk_allocation_count() - allocationsBefore

times.sort()
let mean = times.reduce(0, +) / Double(times.count)
let sorted = times
func percentile(_ p: Double) -> Double {
  sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
let perAnimationNs = mean * 1e6 / Double(layerCount * max(kinds.count, 1))
print("layers: \(layerCount), animations: \(layerCount * kinds.count), frames: \(measuredFrames)")
print(
  String(
    format: "ms/frame: mean %.3f  p50 %.3f  p90 %.3f  min %.3f  max %.3f",
    mean, percentile(0.5), percentile(0.9), times[0], times[times.count - 1]))
cpuTimes.sort()
let cpuMean = cpuTimes.reduce(0, +) / Double(cpuTimes.count)
print(
  String(
    format: "cpu ms/frame: mean %.3f  p50 %.3f  min %.3f",
    cpuMean, cpuTimes[cpuTimes.count / 2], cpuTimes[0]))
print(
  String(
    format: "ns/animation (wall mean): %.1f  (cpu mean): %.1f", perAnimationNs,
    cpuMean * 1e6 / Double(layerCount * max(kinds.count, 1))))
print(String(format: "allocations/frame: %.2f", Double(allocations) / Double(measuredFrames)))

// What a frame loop pays (`LayerHost.run(context:)`): `advance(by:)` commits what is
// pending (nothing, here) and then evaluates the frame.
var loopTimes: [Double] = []
loopTimes.reserveCapacity(measuredFrames)
let loopAllocationsBefore = lk_allocation_count()
for _ in 0..<measuredFrames {
  let start = threadCPUTime()
  context.advance(by: step)
  loopTimes.append(Double(threadCPUTime() - start) / 1e6)
}
let loopAllocations = lk_allocation_count() - loopAllocationsBefore
loopTimes.sort()
print(
  String(
    format:
      "advance(by:) per frame (commit + evaluate): cpu ms p50 %.3f  min %.3f, allocations/frame %.2f",
    loopTimes[loopTimes.count / 2], loopTimes[0], Double(loopAllocations) / Double(measuredFrames)))

// Reading the whole presentation tree through the public API (`presentation()` copies
// every layer with its assembled state) costs more and allocates the copies; shown for
// comparison with the evaluation alone.
var copyTimes: [Double] = []
let copyFrames = 20
let copyAllocationsBefore = lk_allocation_count()
for _ in 0..<copyFrames {
  clock.advance(by: step)
  let start = threadCPUTime()
  context.updatePresentation()
  _ = root.presentation()
  copyTimes.append(Double(threadCPUTime() - start) / 1e6)
}
let copyAllocations = lk_allocation_count() - copyAllocationsBefore
print(
  String(
    format: "with presentation() tree copies: cpu ms/frame mean %.3f, allocations/frame %.0f",
    copyTimes.reduce(0, +) / Double(copyFrames), Double(copyAllocations) / Double(copyFrames)))
