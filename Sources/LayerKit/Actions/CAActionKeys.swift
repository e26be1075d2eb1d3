/// The action key of a layer entering a visible tree: added to a layer that is in a
/// context's committed tree, or unhidden while in one.
public let kCAOnOrderIn: String = "onOrderIn"

/// The action key of a layer leaving a visible tree: removed from its superlayer while
/// in a context's committed tree, or hidden while in one.
public let kCAOnOrderOut: String = "onOrderOut"

/// The action key of a transition: a layer's contents or sublayers changing under a
/// `CATransition` action, and the key under which a `CATransition` is added explicitly.
public let kCATransition: String = "transition"
