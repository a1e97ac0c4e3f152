import Foundation

/// The layout direction of a view's contents, with UIKit's raw values.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// How a view's contents follow the layout direction, with UIKit's raw values.
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback = 1, spatial = 2, forceLeftToRight = 3, forceRightToLeft = 4
}

/// What a view keeps once it uses Auto Layout.
@MainActor
final class AutoLayoutState {
    var constraints: [NSLayoutConstraint] = []
    /// What a hosting layout engine kept of the view when the view left its hierarchy (see
    /// `LayoutEngine.Record.park()`): taken back if the view returns.
    var parkedLayoutRecord: LayoutEngine.Record?
    var translatesAutoresizingMask = true
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    var layoutGuides: [UILayoutGuide] = []
    var layoutMarginsGuide: UILayoutGuide?
    var safeAreaLayoutGuide: UILayoutGuide?
    var readableContentGuide: UILayoutGuide?
    /// The engine of the hierarchy this view is the root of.
    var hostedEngine: LayoutEngine?
    /// What constraints referring to the view hold of it.
    var link: LayoutItemLink?
}

extension UIView {
    /// Which sides move when the superview resizes, with UIKit's raw values.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    var autoLayoutState: AutoLayoutState {
        if let autoLayout { return autoLayout }
        let made = AutoLayoutState()
        autoLayout = made
        return made
    }

    var hostedLayoutEngine: LayoutEngine? { autoLayout?.hostedEngine }

    var layoutItemLink: LayoutItemLink {
        let state = autoLayoutState
        if let link = state.link { return link }
        let made = LayoutItemLink.made(for: self)
        state.link = made
        return made
    }

    /// The topmost ancestor: the view whose engine lays this hierarchy out.
    var layoutRoot: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    private var hostingEngine: LayoutEngine {
        let root = layoutRoot
        if let engine = root.hostedLayoutEngine { return engine }
        let engine = LayoutEngine(root: root)
        root.autoLayoutState.hostedEngine = engine
        engine.setNeedsRebuild()
        return engine
    }

    // MARK: Constraints

    /// The active constraints installed on this view (activation installs a constraint on the nearest
    /// common ancestor of its items).
    public var constraints: [NSLayoutConstraint] { autoLayout?.constraints ?? [] }

    var installedConstraints: [NSLayoutConstraint] { autoLayout?.constraints ?? [] }

    /// Activates the constraint (the older API: UIKit installs it on the view it is added to, which
    /// must contain both items; SceneHost installs it on their nearest common ancestor).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { constraint.isActive = false }
    }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    func install(_ constraint: NSLayoutConstraint) {
        constraint.installedIndex = autoLayoutState.constraints.count
        autoLayoutState.constraints.append(constraint)
        constraint.installedOn = self
        var view: UIView? = self
        while let current = view, !current.usesAutoLayoutInSubtree {
            current.usesAutoLayoutInSubtree = true
            view = current.superview
        }
        hostingEngine.add(constraint)
    }

    /// Swaps the last installed constraint into the removed one's place, so taking many away (a stack
    /// rearranging) stays linear.
    func uninstall(_ constraint: NSLayoutConstraint) {
        if let state = autoLayout, constraint.installedIndex < state.constraints.count,
           state.constraints[constraint.installedIndex] === constraint {
            let last = state.constraints.removeLast()
            if last !== constraint {
                state.constraints[constraint.installedIndex] = last
                last.installedIndex = constraint.installedIndex
            }
        }
        constraint.installedOn = nil
        constraint.engine?.remove(constraint)
    }

    /// This subtree joins `newSuperview`'s hierarchy: its own engine is dropped, and the new hierarchy's
    /// engine made if it has none (`joinedLayoutEngine()` follows once the subtree is attached). In a
    /// window, the engine holds back what the subtree activates until then: a trait handler in it runs
    /// before its subviews have their new layout direction, which decides what leading and trailing mean.
    func joinLayoutEngine(of newSuperview: UIView) {
        if let engine = hostedLayoutEngine {
            engine.detach()
            autoLayout?.hostedEngine = nil
        }
        var view: UIView? = newSuperview
        while let current = view, !current.usesAutoLayoutInSubtree {
            current.usesAutoLayoutInSubtree = true
            view = current.superview
        }
        let engine = newSuperview.hostingEngine
        if newSuperview.window != nil { engine.subtreeWillJoin(self) }
    }

    /// This subtree is attached to its new superview, its traits updated: in a window, its constraints
    /// join the hierarchy's engine as constraints activated later would, instead of the engine being
    /// rebuilt from every constraint of the hierarchy (a split view's first layout built a Mail
    /// window's tableau twice: once as it added its columns, again when the message list added its
    /// cells). Outside a window, where traits (the layout direction) are brought up to date only later,
    /// the engine is rebuilt at its next layout, as before.
    func joinedLayoutEngine() {
        guard let engine = layoutRoot.hostedLayoutEngine else { return }
        if window != nil { engine.subtreeDidJoin(self) } else { engine.setNeedsRebuild() }
    }

    /// This subtree leaves its superview: constraints installed above it that refer to it are
    /// deactivated (as UIKit does), and both hierarchies' engines are rebuilt.
    func leaveLayoutEngine() {
        var ancestor = superview
        while let view = ancestor {
            for constraint in view.installedConstraints {
                let refersToSubtree = [constraint.item1, constraint.item2].contains { item in
                    item?.owningLayoutView?.isDescendant(of: self) ?? false
                }
                if refersToSubtree { constraint.isActive = false }
            }
            ancestor = view.superview
        }
        layoutRoot.hostedLayoutEngine?.setNeedsRebuild()
        clearLayoutEngineLinks()
        if usesAutoLayoutInSubtree {
            // Laid out by its own engine until it joins another hierarchy.
            let engine = LayoutEngine(root: self)
            autoLayoutState.hostedEngine = engine
            engine.setNeedsRebuild()
        }
    }

    private func clearLayoutEngineLinks() {
        layoutEngine = nil
        for constraint in installedConstraints { constraint.engine = nil }
        for subview in subviews where subview.layoutEngine != nil || subview.usesAutoLayoutInSubtree {
            subview.clearLayoutEngineLinks()
        }
    }

    /// Whether the view's frame comes from its autoresizing mask rather than from constraints. True for
    /// views made in code, as in UIKit: set it to false before constraining a view's position or size.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoLayoutState.translatesAutoresizingMask = newValue
            layoutEngine?.setNeedsRebuild()
        }
    }

    // MARK: Autoresizing outside constraints

    /// Resizes subviews that are not laid out by an engine by their autoresizing masks: flexible parts
    /// share the change in proportion to their sizes, as in UIKit.
    func resizeSubviews(from oldSize: CGSize) {
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.layoutEngine == nil {
            let mask = subview.autoresizingMask, frame = subview.layoutFrame
            let (x, width) = Self.autoresize(frame.minX, frame.width, from: oldSize.width, to: newSize.width,
                                             mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                             mask.contains(.flexibleRightMargin))
            let (y, height) = Self.autoresize(frame.minY, frame.height, from: oldSize.height, to: newSize.height,
                                              mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                              mask.contains(.flexibleBottomMargin))
            subview.layoutFrame = CGRect(x: x, y: y, width: width, height: height)
        }
    }

    static func autoresize(_ origin: CGFloat, _ length: CGFloat, from old: CGFloat, to new: CGFloat,
                           _ flexibleStart: Bool, _ flexibleLength: Bool, _ flexibleEnd: Bool) -> (CGFloat, CGFloat) {
        let parts = [(flexibleStart, origin), (flexibleLength, length), (flexibleEnd, old - origin - length)]
        let flexible = parts.filter(\.0)
        guard !flexible.isEmpty else { return (origin, length) }
        let sum = flexible.reduce(0) { $0 + max(0, $1.1) }
        let delta = new - old
        func share(_ index: Int) -> CGFloat {
            guard parts[index].0 else { return 0 }
            return sum > 0 ? max(0, parts[index].1) / sum : 1 / CGFloat(flexible.count)
        }
        return (origin + delta * share(0), length + delta * share(1))
    }

    // MARK: Content size

    /// Tells Auto Layout that `intrinsicContentSize` changed.
    public func invalidateIntrinsicContentSize() {
        layoutEngine?.intrinsicContentSizeDidChange(of: self)
        superview?.arrangedSubviewDidChange(self, visibility: false)
        superview?.setNeedsLayout()
        // A child controller's root view: its parent hears that the child's fitting size changed.
        if let controller = viewController, let parent = controller.parent {
            parent.systemLayoutFittingSizeDidChange(forChildContentContainer: controller)
        }
    }

    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayout?.hugging[axis.rawValue] ?? .defaultLow
    }

    /// How strongly the view resists growing past its intrinsic size along `axis` (default 250).
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayoutState.hugging[axis.rawValue] = priority
        layoutEngine?.intrinsicContentSizeDidChange(of: self)
    }

    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        autoLayout?.compressionResistance[axis.rawValue] ?? .defaultHigh
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (default 750).
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        autoLayoutState.compressionResistance[axis.rawValue] = priority
        layoutEngine?.intrinsicContentSizeDidChange(of: self)
    }

    // MARK: Direction

    /// The direction leading and trailing resolve to for this view.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    var isRightToLeftLayout: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    // MARK: Margins and guides

    /// The margins in the layout direction (8 points each side by default). A view controller's root view
    /// also keeps at least the controller's `systemMinimumLayoutMargins` unless it opts out.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let own = autoLayout?.directionalLayoutMargins ?? NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
            guard let viewController, viewController.viewRespectsSystemMinimumLayoutMargins else { return own }
            let minimum = viewController.systemMinimumLayoutMargins
            return NSDirectionalEdgeInsets(top: max(own.top, minimum.top), leading: max(own.leading, minimum.leading),
                                           bottom: max(own.bottom, minimum.bottom), trailing: max(own.trailing, minimum.trailing))
        }
        set {
            guard newValue != autoLayout?.directionalLayoutMargins else { return }
            autoLayoutState.directionalLayoutMargins = newValue
            layoutMarginsDidChange()
            (layoutEngine ?? hostedLayoutEngine)?.setNeedsSolve()
            setNeedsLayout()
        }
    }

    /// The margins as left and right (resolved for the layout direction).
    public var layoutMargins: UIEdgeInsets {
        get { directionalLayoutMargins.absolute(rightToLeft: isRightToLeftLayout) }
        set { directionalLayoutMargins = newValue.directional(rightToLeft: isRightToLeftLayout) }
    }

    /// The insets that keep content clear of the window's edges. A desktop window has no notch, status
    /// bar or home indicator, so they are zero.
    public var safeAreaInsets: UIEdgeInsets { .zero }

    /// A guide inset from the view's edges by its layout margins.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = autoLayout?.layoutMarginsGuide { return guide }
        let guide = UILayoutGuide(kind: .layoutMargins, owner: self, identifier: "UIViewLayoutMarginsGuide")
        autoLayoutState.layoutMarginsGuide = guide
        return guide
    }

    /// A guide inset from the view's edges by its safe area (the whole view on a desktop).
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = autoLayout?.safeAreaLayoutGuide { return guide }
        let guide = UILayoutGuide(kind: .safeArea, owner: self, identifier: "UIViewSafeAreaLayoutGuide")
        autoLayoutState.safeAreaLayoutGuide = guide
        return guide
    }

    /// A guide within the margins no wider than a comfortable line of text, centred between them.
    public var readableContentGuide: UILayoutGuide {
        if let guide = autoLayout?.readableContentGuide { return guide }
        let guide = UILayoutGuide(kind: .readableContent, owner: self, identifier: "UIViewReadableContentGuide")
        autoLayoutState.readableContentGuide = guide
        return guide
    }

    /// The readable width: 672 points at the default text size, scaled with the body font's size for the
    /// view's content size category. (UIKit's exact values are undocumented; 672 is iPad's at Large.)
    var readableContentWidth: CGFloat {
        let body = UIFont.preferredFont(forTextStyle: .body, compatibleWith: traitCollection)
        return (672 * body.pointSize / 17).rounded()
    }

    var readableContentFrame: CGRect {
        let margins = bounds.inset(by: layoutMargins)
        let width = min(margins.width, readableContentWidth)
        return CGRect(x: margins.midX - width / 2, y: margins.minY, width: width, height: margins.height)
    }

    /// Guides added to this view.
    public var layoutGuides: [UILayoutGuide] { autoLayout?.layoutGuides ?? [] }

    public func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView?.removeLayoutGuide(guide)
        autoLayoutState.layoutGuides.append(guide)
        guide.setOwningView(self)
    }

    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView === self else { return }
        for constraint in constraintsReferring(to: guide) { constraint.isActive = false }
        autoLayout?.layoutGuides.removeAll { $0 === guide }
        guide.setOwningView(nil)
    }

    private func constraintsReferring(to guide: UILayoutGuide) -> [NSLayoutConstraint] {
        var found: [NSLayoutConstraint] = []
        var view: UIView? = self
        while let current = view {
            found += current.installedConstraints.filter { $0.firstItem === guide || $0.secondItem === guide }
            view = current.superview
        }
        return found
    }

    // MARK: Anchors

    // The edge, centre and size anchors come from `LayoutAnchorProvider`; baselines are views' own.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Fitting

    /// The smallest size constraints allow (for `systemLayoutSizeFitting`).
    public static let layoutFittingCompressedSize = CGSize.zero
    /// The largest size (for `systemLayoutSizeFitting`); SceneHost uses 10,000 points.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000, height: 10_000)

    /// The size the constraints in this view's subtree give it, as close to `targetSize` as they allow.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// As `systemLayoutSizeFitting(_:)`, with the priorities at which the size is pulled towards the
    /// target: `.required` for a width fixes it (measuring a height for a given width).
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                        verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        updateConstraintsIfNeeded()
        let engine = LayoutEngine(root: self, mode: .fitting(targetSize, horizontal, vertical))
        engine.layoutIfNeeded()
        let size = engine.rootSize
        let scale = max(1, traitCollection.displayScale)
        return CGSize(width: (size.width * scale).rounded(.up) / scale, height: (size.height * scale).rounded(.up) / scale)
    }

    // MARK: Debugging

    /// Whether the constraints leave the view's position or size undetermined. Checked on a copy of the
    /// layout, so asking changes nothing.
    public var hasAmbiguousLayout: Bool {
        guard layoutEngine != nil || usesAutoLayoutInSubtree else { return false }
        updateConstraintsIfNeeded()
        return LayoutEngine(root: layoutRoot, mode: .probe).isAmbiguous(self)
    }

    /// The constraints (yours and those UIKit-style generated ones) that position or size the view along
    /// `axis`.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        guard let engine = layoutEngine else { return [] }
        return engine.constraintsAffecting(self, axis: axis)
    }
}

extension UIView: LayoutItem, LayoutAnchorProvider {
    var owningLayoutView: UIView? { self }
}
