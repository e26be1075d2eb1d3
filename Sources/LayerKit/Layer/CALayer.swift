import Foundation

/// An object that manages image-based content and lays it out in a tree, animatable in
/// 2D and 3D: Core Animation's layer.
///
/// A layer's model properties live in one value, `state` (a `LayerState`); every public
/// property reads it and writes it through a single funnel, `setModelValue(_:_:forKey:)`,
/// which records the old value and reports the change to `modelValueDidChange(forKey:oldValue:)`
/// (layout and display invalidation today; action lookup and implicit animations hook in
/// there too).
///
/// Layers are not `Sendable`: a layer tree belongs to the thread of its context.
///
/// The class is split by feature: `CALayer+Properties` (the model properties),
/// `+Sublayers` (the tree), `+KeyValueCoding`, `+Style`, `+Geometry` (frame and
/// conversions), `+HitTesting`, `+Layout` (layout and display) and `+MediaTiming`.
open class CALayer: CustomStringConvertible, CAObjectEquality {
  /// The model properties.
  @exclusivity(unchecked) package var state: LayerState {
    didSet {
      if !isPresentationCopy {
        if writesTimingOnly {
          writesTimingOnly = false
          recordChange(.drawing)
        } else {
          recordChange(.model)
        }
      }
    }
  }
  /// Set just before a write of only `beginTime`, `speed` or `timeOffset` that the
  /// tree's change log records as a retime (`LayerChangeLog.recordRetime`): the next
  /// write of `state` then counts as no model change for the frame loop (only as a change
  /// of what the layer draws, see `LayerChangeLog`), and clears it.
  @exclusivity(unchecked) package var writesTimingOnly = false

  /// Attached animations, in add order (see `CALayer+Animations`).
  package let animationStorage = LayerAnimationStorage()

  /// Top-level keys whose values were set explicitly (through a property, key-value
  /// coding or a copy); `style` no longer supplies their values.
  package var explicitlySetKeys: Set<String> = []

  /// Values stored by key-value coding under keys that are not layer properties.
  package var customValues: [String: Any] = [:]

  /// The layer this one is a sublayer of (weak: the superlayer owns its sublayers).
  package weak var parentLayer: CALayer?
  /// The sublayers, back to front before `zPosition` sorting.
  @exclusivity(unchecked) package var children: [CALayer] = [] {
    didSet { recordChange(.structure) }
  }
  /// The mask layer (owned by this layer, outside the sublayer tree).
  @exclusivity(unchecked) package var maskLayer: CALayer? {
    didSet { recordChange(.structure) }
  }
  /// The change log of the tree this layer is the root of, once made (see
  /// `LayerChangeLog`); nil for a layer inside a tree.
  package var ownChangeLog: LayerChangeLog?
  /// The render-change stamp (`LayerChangeLog.nextRenderStamp()`) of the last change to
  /// what this layer draws: its model state, sublayers, mask or need for display (0: none
  /// since it was made).
  @exclusivity(unchecked) package var renderChangeStamp: UInt64 = 0
  /// The newest ``renderChangeStamp`` in this layer's subtree (sublayers and mask,
  /// nested), this layer's own included.
  @exclusivity(unchecked) package var subtreeRenderChangeStamp: UInt64 = 0
  /// Whether this layer is a presentation copy (`presentation()`): a snapshot no
  /// context walks, so building or changing it counts as no change for the frame loop
  /// (`LayerChangeLog`).
  package var isPresentationCopy = false
  /// The layer this one masks, when it is a mask.
  package weak var maskedLayer: CALayer?

  /// Frees the subtree level by level: releasing a deep chain through nested `deinit`s
  /// would take one stack frame per level. A sublayer or mask that nothing else holds
  /// hands its own sublayers and mask to the loop before it goes.
  deinit {
    guard !children.isEmpty || maskLayer != nil else { return }
    var pending = children
    if let m = maskLayer { pending.append(m) }
    children = []
    maskLayer = nil
    while var layer = pending.popLast() {
      guard isKnownUniquelyReferenced(&layer), !layer.children.isEmpty || layer.maskLayer != nil
      else { continue }
      pending.append(contentsOf: layer.children)
      if let m = layer.maskLayer { pending.append(m) }
      layer.children = []
      layer.maskLayer = nil
    }
  }

  /// Whether `layoutSublayers()` is due. Setting it marks the layer and its superlayers
  /// as having layout due in their subtrees (``isLayoutPendingInSubtree``).
  package var isLayoutPending = false {
    didSet { if isLayoutPending { noteLayoutPendingInSubtree() } }
  }
  /// Whether this layer or a sublayer (nested) may have layout due: set on the layer and
  /// every superlayer whenever a layer is marked, cleared by the layout pass that visits
  /// the layer, so that a pass skips subtrees with nothing to lay out. Never false while
  /// a layer below is marked; may be true with nothing marked (the pass then clears it).
  package var isLayoutPendingInSubtree = false
  /// Whether `display()` is due (marking it is a change to what the layer draws).
  package var isDisplayPending = false {
    didSet { if isDisplayPending && !oldValue { recordChange(.drawing) } }
  }
  /// The image `draw(in:)` last drew, kept until the layer needs display again.
  package var backingStore: LayerBackingStore? {
    didSet { treeChangeLog.noteWrite() }
  }

  /// A name for the layer, for debugging and for finding it. Default nil.
  public var name: String?

  /// Default property values and actions, consulted for properties that were never set
  /// explicitly; see `CALayer+Style`. Default nil.
  public var style: [AnyHashable: Any]? {
    didSet {
      applyStyle()
      if type(of: self).needsDisplay(forKey: "style") { setNeedsDisplay() }
    }
  }

  /// Actions by event key, searched after the delegate; `NSNull()` stops the search.
  /// Default nil.
  public var actions: [String: any CAAction]?

  /// The layer's delegate (not retained).
  public weak var delegate: (any CALayerDelegate)?

  /// Creates a layer with every property at its default (`defaultValue(forKey:)`).
  public init() {
    state = Self.classDefaultState
  }

  /// Creates a copy of `layer`'s model: its properties, name, style, actions and custom
  /// key-value pairs, but not its superlayer, sublayers, mask or delegate.
  ///
  /// Core Animation uses it to make presentation copies; a subclass with its own state
  /// overrides it to copy that state too. Any object that is not a `CALayer` records a
  /// diagnostic and gives a default layer.
  public required init(layer: Any) {
    guard let other = layer as? CALayer else {
      CADiagnostics.report(
        key: "init(layer:)", "expected a CALayer, got \(type(of: layer)); made a default layer")
      state = Self.classDefaultState
      return
    }
    state = other.state
    explicitlySetKeys = other.explicitlySetKeys
    customValues = other.customValues
    name = other.name
    style = other.style
    actions = other.actions
  }

  /// The descriptors of this class's properties, by key path. Subclasses with more
  /// properties override it with `LayerPropertyRegistry.layer.adding(...)`.
  package class var propertyRegistry: LayerPropertyRegistry { .layer }

  /// How the frame's stages treat layers of this class (node kind, drawing over time,
  /// volatile drawing, content drawn without a backing store). Subclasses that differ
  /// override it; nothing in the frame tests a layer's class.
  package class var frameTraits: LayerFrameTraits { .plain }

  /// A new layer of the LayerKit class this class draws as, for the render thread's
  /// replica of a committed tree (`LayerReplica`): a subclass declared outside LayerKit
  /// is drawn as the LayerKit class it derives from, since its own code (drawing,
  /// layout) runs only on the app thread. Each LayerKit subclass overrides it.
  package class func makeRenderReplica() -> CALayer { CALayer() }

  /// What this layer's class draws from besides its state and backing store, for a
  /// render-thread snapshot (`LayerTreeSnapshot`); read on the app thread after the
  /// display stage. Overridden by the classes that have some.
  package func snapshotParts() -> LayerTreeSnapshot.ClassParts { .none }

  /// Takes `parts` from a snapshot into this layer, a render-thread replica
  /// (`LayerReplica`). Overridden with ``snapshotParts()``.
  package func adoptSnapshotParts(_ parts: LayerTreeSnapshot.ClassParts) {}

  // MARK: - What a class draws in the frame's stages

  /// Makes what this layer's class draws without a backing store ready for the state the
  /// frame shows, `shown`: a text layer shapes its glyphs. The display stage calls it on
  /// the tree's thread for a layer whose drawing changed since its last pass, and each
  /// frame for a layer of a class that ``LayerFrameTraits/drawsOwnContent`` with
  /// animations attached (its shown state may move without a change stamp). Overridden
  /// by the classes that draw their own content.
  package func displayOwnContent(shown: LayerState) {}

  /// Draws the part of this layer's content that is drawn for what a frame shows: a tiled
  /// layer's tiles visible in `viewport`, placed by the geometry `state` gives each layer
  /// of `root`'s tree. The display stage calls it on the tree's thread, after
  /// ``displayOwnContent(shown:)``, for each layer of a class that
  /// ``LayerFrameTraits/drawsOwnContent``, and only where it runs the layers' own code.
  package func drawVisibleContent(
    root: CALayer, state: (CALayer) -> LayerState, viewport: DisplayStage.Viewport
  ) {}

  /// Writes what this layer's class draws besides its state and backing store into its
  /// render node, `node`, whose state is already the one the frame shows: a text layer's
  /// glyphs, a tiled layer's tiles, an emitter's particles at `localTime()` (the layer's
  /// local time in seconds, worked out only when called). The render-tree build calls it
  /// each time it writes the node; it reads the layer and writes only `node`.
  package func writeRenderParts(into node: inout RenderNode, localTime: () -> Double) {}

  /// Drops what this layer's class drew of its own content within `rect` (the layer's own
  /// coordinates; nil for all of it), as `setNeedsDisplay()` and `setNeedsDisplay(_:)`
  /// ask: a tiled layer drops the tiles it touches. Called on the tree's thread.
  package func invalidateOwnContent(in rect: CGRect?) {}

  // MARK: - The funnel

  /// Stores `value` at `keyPath` as the model value of the property `key`, then reports
  /// the change. Every public property setter comes here.
  ///
  /// - Parameters:
  ///   - keyPath: Where the property lives in `LayerState`.
  ///   - value: The new value (already checked by the caller).
  ///   - key: The property's top-level key (`"position"`), the event key for actions.
  package func setModelValue<V>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    let old = state[keyPath: keyPath]
    state[keyPath: keyPath] = value
    explicitlySetKeys.insert(key)
    modelValueDidChange(forKey: key, oldValue: old)
  }

  /// Like `setModelValue(_:_:forKey:)`, but first refuses a value holding NaN or an
  /// infinity, recording a diagnostic and leaving the property unchanged.
  package func setCheckedModelValue<V: Interpolatable>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    guard value.isValidAnimationValue else {
      CADiagnostics.report(
        key: key, "ignored the non-finite value \(value); kept \(state[keyPath: keyPath])")
      return
    }
    setModelValue(keyPath, value, forKey: key)
  }

  /// The setter of an accessor `@LayerModel` declares: the value is stored unchecked
  /// (names, option sets, paths and other values with no NaN to refuse).
  package func setDeclaredValue<V>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    setModelValue(keyPath, value, forKey: key)
  }

  /// The setter of an accessor `@LayerModel` declares for an ``Interpolatable`` value:
  /// a value holding NaN or an infinity is refused (`setCheckedModelValue(_:_:forKey:)`).
  package func setDeclaredValue<V: Interpolatable>(
    _ keyPath: WritableKeyPath<LayerState, V>, _ value: V, forKey key: String
  ) {
    setCheckedModelValue(keyPath, value, forKey: key)
  }

  /// Called after every change of a model property, with the property's top-level key
  /// and its previous value (of the property's own type, boxed).
  ///
  /// A change of `bounds.size` marks the layer as needing layout, any `bounds` change
  /// marks it as needing display when `needsDisplayOnBoundsChange` is set, and a change
  /// of a key for which `needsDisplay(forKey:)` is true marks it as needing display.
  package func modelValueDidChange(forKey key: String, oldValue: Any) {
    if key == "bounds", let old = oldValue as? CGRect, old != state.bounds {
      if old.size != state.bounds.size { setNeedsLayout() }
      if state.needsDisplayOnBoundsChange { setNeedsDisplay() }
    }
    if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    propertyDidChange(forKey: key, oldValue: oldValue)
  }

  /// Called when `entry` is attached by `add(_:forKey:)` (`attached`) or detached early
  /// by a removal or replacement; not when it finishes. Subclasses that remember their
  /// animations (`CAEmitterLayer`'s emission rates) override it. Does nothing here.
  package func animationEntryDidChange(_ entry: LayerAnimationEntry, attached: Bool) {}

  // MARK: - Overridable entry points (implemented in the feature files)

  /// Whether changing the property `key` makes the layer redraw its contents. Default
  /// false for every key; subclasses with custom drawn properties override it.
  open class func needsDisplay(forKey key: String) -> Bool { false }

  /// The default value of the property `key` for layers of this class, or nil for a key
  /// with no stored default (Core Animation's defaults; see `LayerState`): nil for zero
  /// numbers and geometry, `false` for a Boolean flag (`StoredDefault.storedForLayer`).
  ///
  /// `init()` starts every property at this value, so a subclass that overrides it
  /// changes its layers' initial values; a custom key never set reads it.
  open class func defaultValue(forKey key: String) -> Any? { registeredDefaultValue(forKey: key) }

  /// The action for `event`: the delegate's `action(for:forKey:)`, then `actions`, then
  /// `style["actions"]` (through nested `style["style"]` dictionaries), then the class's
  /// `defaultAction(forKey:)`, then Core Animation's implicit action (for an animatable
  /// property a `CABasicAnimation` from the old value, for `hidden` and `contents` a fade
  /// `CATransition`); the first non-nil answer wins and `NSNull` ends the search with
  /// nil. See `CALayer+Actions`.
  open func action(forKey event: String) -> (any CAAction)? { searchAction(forKey: event) }

  /// The action a subclass supplies for `event` when the delegate, `actions` and `style`
  /// give none. Core Animation's own classes supply none: this returns nil for every key
  /// on `CALayer` and its subclasses (measured), and the implicit animation comes from
  /// the last step of `action(forKey:)` instead. Override it to give a class its own
  /// actions; return `NSNull` to stop the search, implicit action included.
  open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

  /// Whether `p`, in the layer's own coordinates, is inside `bounds` (left and top
  /// edges inside, right and bottom edges outside).
  open func contains(_ p: CGPoint) -> Bool { state.bounds.contains(p) }

  /// The frontmost, deepest visible layer at `p` (in the superlayer's coordinates), or
  /// nil; see `CALayer+HitTesting`.
  open func hitTest(_ p: CGPoint) -> CALayer? { hitTestTree(p) }

  /// Lays out the sublayers; the default asks the delegate's
  /// `layoutSublayers(of:)`. Called by `layoutIfNeeded()`.
  open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

  /// The size the layer would like in its superlayer's coordinates: by default the size
  /// of `frame` (the bounds mapped through `transform`).
  open func preferredFrameSize() -> CGSize { frame.size }

  /// Updates the layer's contents; the default asks the delegate's `display(_:)`.
  /// Called by `displayIfNeeded()`.
  open func display() { delegate?.display(self) }

  /// Draws the layer's content into `ctx`, in the layer's coordinates (the bounds, y
  /// down); the default asks the delegate's `draw(_:in:)`.
  ///
  /// The renderer calls it when the layer needs display and `display()` left `contents`
  /// unchanged, into a backing store of `bounds.size · contentsScale` pixels that it
  /// keeps until the next `setNeedsDisplay()` (or bounds change with
  /// `needsDisplayOnBoundsChange`).
  open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

  /// Whether `object` is this very layer (`NSObject` identity); see `CAObjectEquality`.
  open func isEqual(_ object: Any?) -> Bool { isIdentical(to: object) }

  /// The identity hash, consistent with `isEqual(_:)`.
  open var hash: Int { identityHash }

  open var description: String {
    let n = name.map { " \"\($0)\"" } ?? ""
    return "<\(type(of: self))\(n) position=\(state.position) bounds=\(state.bounds)>"
  }
}
