import Foundation
import LayerKit

/// Called once when a play ends: `true` when it finished by itself, `false` when a pause,
/// a stop, a seek or another play interrupted it (lottie-ios's `LottieCompletionBlock`).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void

/// A layer that plays a Lottie animation as a tree of Core Animation layers.
///
/// The file becomes sublayers of one timeline layer, and every keyframed property a
/// `CAKeyframeAnimation` in that layer's time (seconds = frame / frame rate). The whole
/// file is scrubbed through the timeline's `speed` and `timeOffset`: paused, `speed = 0`
/// and `timeOffset` is the frame's time; playing, `speed = animationSpeed` (negative in
/// reverse) from the frame where playback started. LayerKit's timing engine evaluates
/// everything; a scrub costs one frame, not a replay.
///
/// The content is scaled to fit the layer's bounds (aspect kept, from the top-left
/// corner) and clipped to them; the bounds start as the composition's size.
open class LottieLayer: CALayer {
  /// The animation shown.
  public let animation: LottieAnimation?
  /// The layer whose sublayers are the composition and whose timing is the playhead.
  public let timelineLayer: CALayer
  /// What happens at the end of the timeline while playing.
  public var loopMode: LottieLoopMode = .playOnce
  /// The playback rate (1 is the file's frame rate); negative plays backwards.
  public var animationSpeed: Double = 1
  /// Whether playback is running.
  public private(set) var isPlaying = false
  private var pausedFrame: Double = 0
  private var direction: Double = 1
  private var completedCycles: Double = 0
  /// The frames the current play runs between (the whole timeline for `play()`).
  private var segment: ClosedRange<Double> = 0...0
  /// The completion of the current play, called once.
  private var completionBlock: LottieCompletionBlock?
  /// When the current pass reaches its end, in this layer's time: the next pass starts
  /// exactly there, however late the frame that notices it.
  private var passEnd: CFTimeInterval = 0
  private static let loopKey = "lottie.loop"
  /// Decodes embedded images (kept for rebuilds).
  let imageDecoder: LottieImageDecoder?
  /// The value providers set, in order (a later one wins where several match).
  var providerList: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = []
  /// Supplies the images of image layers; setting it rebuilds the tree (see
  /// `AnimationImageProvider`).
  public var imageProvider: (any AnimationImageProvider)? {
    didSet { rebuildTree() }
  }
  /// Replaces the text of text layers; setting it rebuilds the tree.
  public var textProvider: (any AnimationKeypathTextProvider)? {
    didSet { rebuildTree() }
  }
  /// Chooses the fonts of text layers (nil: the font the document names); setting it
  /// rebuilds the tree.
  public var fontProvider: (any AnimationFontProvider)? {
    didSet { rebuildTree() }
  }
  /// Where text layers' fonts come from, with its fallback (default
  /// `FontRegistry.shared`; `LayerKitSDL`'s `FreeTypeFonts.installDefault()` fills it);
  /// setting it rebuilds the tree.
  public var fontRegistry: FontRegistry = .shared {
    didSet { rebuildTree() }
  }

  /// Builds the layer tree of `animation`, paused at its first frame.
  /// - Parameters:
  ///   - animation: the parsed file.
  ///   - imageProvider: asked first for each image asset.
  ///   - imageDecoder: decodes the file's embedded images (PNG, JPEG); without one (and
  ///     without an image from `imageProvider`), image layers are empty.
  public init(
    animation: LottieAnimation, imageProvider: (any AnimationImageProvider)? = nil,
    imageDecoder: LottieImageDecoder? = nil
  ) {
    self.animation = animation
    self.imageDecoder = imageDecoder
    self.imageProvider = imageProvider
    timelineLayer = CALayer.lottieGroup(name: "timeline")
    super.init()
    let c = animation.composition
    anchorPoint = .zero
    bounds = CGRect(origin: .zero, size: animation.size)
    masksToBounds = true
    rebuildTree()
    addSublayer(timelineLayer)
    pausedFrame = c.inPoint
    applyPause()
  }

  /// Builds the file's layers into `timelineLayer` (replacing those there), with the value
  /// providers' values in place. The timeline's own timing, the playhead, is kept.
  func rebuildTree() {
    guard let animation else { return }
    let values = providerList.map { (keypath: $0.keypath, value: $0.provider.value) }
    let c = KeypathWalk.applying(values, to: animation.composition)
    timelineLayer.sublayers = nil
    let builder = LayerTreeBuilder(c, decodeImage: imageDecoder, imageProvider: imageProvider)
    builder.fontProvider = fontProvider
    builder.textProvider = textProvider
    builder.fontRegistry = fontRegistry
    builder.build(
      c.layers, into: timelineLayer, endFrame: c.outPoint,
      root: RootFrames(inPoint: c.inPoint, outPoint: c.outPoint), depth: 0)
  }

  public required init(layer: Any) {
    let other = layer as? LottieLayer
    animation = other?.animation
    imageDecoder = other?.imageDecoder
    timelineLayer = other?.timelineLayer ?? CALayer()
    super.init(layer: layer)
  }

  /// Scales the timeline to the bounds, aspect kept, from the top-left corner.
  open override func layoutSublayers() {
    super.layoutSublayers()
    fitContent()
  }

  /// Applies the fit of `layoutSublayers()` now.
  public func fitContent() {
    guard let size = animation?.size, size.width > 0, size.height > 0 else { return }
    let s = min(bounds.width / size.width, bounds.height / size.height)
    timelineLayer.transform = CATransform3DMakeScale(s, s, 1)
  }

  // MARK: Playhead

  /// The frame shown (not rounded). Setting it pauses there; a play in progress ends and
  /// its completion is called with `false`.
  public var currentFrame: Double {
    get { isPlaying ? playingFrame() : pausedFrame }
    set {
      stopLoopTimer()
      isPlaying = false
      pausedFrame = newValue.isFinite ? newValue : (animation?.startFrame ?? 0)
      applyPause()
      finishPlay(false)
    }
  }

  /// The progress (0…1) of the shown frame. Setting it pauses there.
  public var currentProgress: Double {
    get { animation.map { $0.progress(atFrame: currentFrame) } ?? 0 }
    set { currentFrame = animation?.frame(atProgress: newValue) ?? 0 }
  }

  /// Starts playing the whole animation from the current frame (from the start, or the end
  /// playing backwards, when the playhead sits at the end it would run into).
  /// - Parameter completion: called once with `true` when the play ends by itself (never
  ///   for `.loop` and `.autoReverse`), `false` when a pause, a stop, a seek or another
  ///   play ends it first.
  public func play(completion: LottieCompletionBlock? = nil) {
    guard let a = animation, animationSpeed != 0, animationSpeed.isFinite else { return }
    let wasPlaying = isPlaying
    var frame = currentFrame
    interruptPlay()
    segment = a.startFrame...a.endFrame
    direction = animationSpeed < 0 ? -1 : 1
    if !wasPlaying {
      completedCycles = 0
      if direction > 0 && frame >= a.endFrame { frame = a.startFrame }
      if direction < 0 && frame <= a.startFrame { frame = a.endFrame }
    }
    completionBlock = completion
    start(at: frame)
  }

  /// Plays from frame `fromFrame` (nil: the current frame) to `toFrame`, backwards when
  /// `toFrame` is the smaller (as lottie-ios). A negative `animationSpeed` runs the same
  /// segment from `toFrame` back to `fromFrame`. Frames are clamped to the timeline.
  /// - Parameters:
  ///   - fromFrame: the first frame of the segment; nil starts from the current frame.
  ///   - toFrame: the frame the segment ends on.
  ///   - loopMode: replaces `loopMode` when given; loops repeat the segment.
  ///   - completion: see `play(completion:)`.
  public func play(
    fromFrame: Double? = nil, toFrame: Double, loopMode: LottieLoopMode? = nil,
    completion: LottieCompletionBlock? = nil
  ) {
    guard let a = animation, animationSpeed != 0, animationSpeed.isFinite else { return }
    let clamp = { (f: Double) in min(a.endFrame, max(a.startFrame, f.isFinite ? f : 0)) }
    let from = clamp(fromFrame ?? currentFrame)
    let to = clamp(toFrame)
    interruptPlay()
    if let loopMode { self.loopMode = loopMode }
    segment = min(from, to)...max(from, to)
    let forward = to >= from
    direction = (forward == (animationSpeed > 0)) ? 1 : -1
    completedCycles = 0
    completionBlock = completion
    start(at: animationSpeed > 0 ? from : to)
  }

  /// Plays from progress `fromProgress` (nil: the current progress) to `toProgress`
  /// (0…1); see `play(fromFrame:toFrame:loopMode:completion:)`.
  public func play(
    fromProgress: Double? = nil, toProgress: Double, loopMode: LottieLoopMode? = nil,
    completion: LottieCompletionBlock? = nil
  ) {
    guard let a = animation else { return }
    play(
      fromFrame: a.frame(atProgress: fromProgress ?? currentProgress),
      toFrame: a.frame(atProgress: toProgress), loopMode: loopMode, completion: completion)
  }

  /// Plays from the marker `fromMarker` (nil: the current frame) to the marker `toMarker`,
  /// ending on its frame, or one frame before it when `playEndMarkerFrame` is false (the
  /// end marker then starts the next section). Does nothing when `toMarker` is not in the
  /// file; an unknown `fromMarker` starts at the current frame, as lottie-ios.
  public func play(
    fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true,
    loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil
  ) {
    guard let a = animation, let to = a.frameTime(forMarker: toMarker) else { return }
    let from = fromMarker.flatMap { a.frameTime(forMarker: $0) } ?? currentFrame
    play(
      fromFrame: from, toFrame: playEndMarkerFrame ? to : to - 1, loopMode: loopMode,
      completion: completion)
  }

  /// Plays the marker `marker` from its frame over its duration (`dr`). Does nothing when
  /// the file has no such marker.
  public func play(
    marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil
  ) {
    guard let a = animation, let m = a.markers.first(where: { $0.name == marker }) else { return }
    play(
      fromFrame: m.frameTime, toFrame: m.frameTime + m.durationFrameTime, loopMode: loopMode,
      completion: completion)
  }

  /// Plays `markers` one after another, each once; unknown names are skipped. Another
  /// play (or a pause, stop or seek) cancels the rest, and `completion` gets `false`.
  public func play(markers: [String], completion: LottieCompletionBlock? = nil) {
    guard let name = markers.first else { return }
    let rest = Array(markers.dropFirst())
    guard animation?.frameTime(forMarker: name) != nil else {
      play(markers: rest, completion: completion)
      return
    }
    play(marker: name, loopMode: .playOnce) { [weak self] completed in
      guard completed, let self, !rest.isEmpty else {
        completion?(completed)
        return
      }
      self.play(markers: rest, completion: completion)
    }
  }

  /// Runs the timeline in the superlayer's time from `beginTime` (seconds in the
  /// superlayer's time), at `animationSpeed`, from the first frame; for hosts that own
  /// the clock and scrub their own time, such as a demo stage. Past the end the last
  /// frame holds.
  public func runInSuperlayerTime(from beginTime: CFTimeInterval = 0) {
    guard let a = animation else { return }
    interruptPlay()
    isPlaying = false
    timelineLayer.beginTime = beginTime
    timelineLayer.timeOffset = a.startFrame / a.frameRate
    timelineLayer.speed = Float(animationSpeed)
  }

  /// Pauses at the current frame; a play in progress calls its completion with `false`.
  public func pause() {
    let frame = currentFrame
    currentFrame = frame
  }

  /// Stops playing and shows the first frame; a play in progress calls its completion
  /// with `false`.
  public func stop() {
    currentFrame = animation?.startFrame ?? 0
  }

  /// Stops the timeline at `pausedFrame`. Only values that change are set, so seeking to
  /// the frame already shown commits nothing and costs no frame.
  private func applyPause() {
    guard let a = animation else { return }
    let t = timelineLayer
    let offset = pausedFrame / a.frameRate
    if t.speed != 0 { t.speed = 0 }
    if t.beginTime != 0 { t.beginTime = 0 }
    if t.timeOffset != offset { t.timeOffset = offset }
  }

  /// Runs the timeline from `frame` at the signed rate, and arms a timer animation that
  /// ends when the playhead reaches the end of `segment` it is moving to.
  private func start(at frame: Double, beginTime: CFTimeInterval? = nil) {
    guard let a = animation else { return }
    let rate = abs(animationSpeed) * direction
    let now = beginTime ?? convertTime(CACurrentMediaTime(), from: nil)
    timelineLayer.beginTime = now
    timelineLayer.timeOffset = frame / a.frameRate
    timelineLayer.speed = Float(rate)
    isPlaying = true
    let target = direction > 0 ? segment.upperBound : segment.lowerBound
    let remaining = abs(target - frame) / a.frameRate / abs(rate)
    stopLoopTimer()
    let timer = CABasicAnimation(keyPath: "zPosition")
    timer.fromValue = CGFloat(0)
    timer.toValue = CGFloat(0)
    timer.isAdditive = true
    timer.beginTime = now
    timer.duration = max(remaining, 1e-6)
    passEnd = now + timer.duration
    timer.delegate = LoopTimerDelegate(self)
    add(timer, forKey: Self.loopKey)
  }

  private func stopLoopTimer() {
    if animation(forKey: Self.loopKey) != nil { removeAnimation(forKey: Self.loopKey) }
  }

  /// Ends a play in progress without moving the playhead: its timer stops and its
  /// completion is called with `false`.
  private func interruptPlay() {
    stopLoopTimer()
    finishPlay(false)
  }

  /// Calls the pending completion once.
  private func finishPlay(_ completed: Bool) {
    guard let block = completionBlock else { return }
    completionBlock = nil
    block(completed)
  }

  private func playingFrame() -> Double {
    guard animation != nil else { return 0 }
    let t = timelineLayer.convertTime(CACurrentMediaTime(), from: nil)
    return min(segment.upperBound, max(segment.lowerBound, t * (animation?.frameRate ?? 1)))
  }

  /// The end of one pass over `segment`: loop, reverse or stop as `loopMode` says.
  fileprivate func passEnded() {
    guard isPlaying else { return }
    completedCycles += 1
    let end = direction > 0 ? segment.upperBound : segment.lowerBound
    let restart = direction > 0 ? segment.lowerBound : segment.upperBound
    func hold() {
      isPlaying = false
      pausedFrame = end
      applyPause()
      finishPlay(true)
    }
    switch loopMode {
    case .playOnce: hold()
    case .loop: start(at: restart, beginTime: passEnd)
    case .autoReverse:
      direction = -direction
      start(at: end, beginTime: passEnd)
    case .repeat(let n):
      if completedCycles >= n {
        hold()
      } else {
        start(at: restart, beginTime: passEnd)
      }
    case .repeatBackwards(let n):
      if completedCycles >= n * 2 {
        hold()
      } else {
        direction = -direction
        start(at: end, beginTime: passEnd)
      }
    }
  }
}

/// Forwards the loop timer's end to the layer without keeping it alive.
private final class LoopTimerDelegate: CAAnimationDelegate {
  weak var layer: LottieLayer?
  init(_ layer: LottieLayer) { self.layer = layer }
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
    if flag { layer?.passEnded() }
  }
}
