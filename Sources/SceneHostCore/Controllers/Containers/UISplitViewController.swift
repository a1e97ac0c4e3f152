import Foundation

/// A container of two or three columns side by side (`init(style:)`), or of a primary and a secondary
/// controller (the classic style, `viewControllers`), that collapses into one navigation stack when it
/// becomes horizontally compact (below 678 points) and separates the columns again when it becomes
/// regular.
///
/// Column style: each of `.primary`, `.supplementary` and `.secondary` is wrapped in a
/// `UINavigationController` unless it is one (`viewController(for:)` returns yours, `children` the
/// wrappers); the `.compact` column is shown unwrapped instead of the stacked columns when collapsed.
///
/// Differences from UIKit:
/// - Automatic values are chosen here (UIKit does not document them): the split behavior is `.tile` for
///   two columns, and for three `.tile` when the secondary keeps at least 400 points beside both others,
///   else `.displace`. The automatic display mode under tile shows every column
///   (`.oneBesideSecondary` or `.twoBesideSecondary`); under overlay only the secondary; under displace
///   the supplementary beside the secondary with three columns, the secondary alone with two. A mode
///   chosen by `show(_:)`, `hide(_:)`, the button or the swipe holds until the behavior changes. The primary column is 320
///   points wide with two columns and 260 (a sidebar) with three; the supplementary 320; at the
///   accessibility text sizes both grow as body text does (53 / 17 at the largest), so their rows keep
///   whole words. The automatic minimum is 0 and the automatic maximum half the split view's width.
/// - The interactive swipe of `presentsWithGesture` is a pan from the leading 20 points of the secondary
///   column toward the trailing edge, which shows the primary column.
/// - Column changes animate with `UIView.animate` (0.3 s, ease in-out); there is no transition
///   coordinator to animate alongside.
@MainActor
open class UISplitViewController: UIViewController {
    /// The arrangement, with UIKit's raw values; only `init(style:)` gives a column style.
    public enum Style: Int, Sendable {
        /// The classic style: `viewControllers` holds the primary and the secondary; column APIs do nothing.
        case unspecified = 0
        case doubleColumn = 1
        case tripleColumn = 2
    }

    /// A column, with UIKit's raw values.
    public enum Column: Int, Sendable, CaseIterable {
        case primary = 0, supplementary = 1, secondary = 2
        /// Shown instead of the other columns while collapsed, when set.
        case compact = 3
        /// iOS 26's inspector column; SceneHost does not lay it out (setting it keeps the controller only).
        case inspector = 4
    }

    /// Which columns show and how, with UIKit's raw values. `displayMode` never reports `.automatic`.
    public enum DisplayMode: Int, Sendable, CaseIterable {
        case automatic = 0, secondaryOnly = 1, oneBesideSecondary = 2, oneOverSecondary = 3,
             twoBesideSecondary = 4, twoOverSecondary = 5, twoDisplaceSecondary = 6
        /// Deprecated names, as in UIKit.
        public static let primaryHidden = DisplayMode.secondaryOnly
        public static let allVisible = DisplayMode.oneBesideSecondary
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// How the columns share the width, with UIKit's raw values. Overlay and displace dim the secondary
    /// column and block it; a click on it hides the columns that cover or push it.
    public enum SplitBehavior: Int, Sendable, CaseIterable {
        case automatic = 0, tile = 1, overlay = 2, displace = 3
    }

    /// When the display mode button shows, with UIKit's raw values.
    public enum DisplayModeButtonVisibility: Int, Sendable {
        case automatic = 0, never = 1, always = 2
    }

    /// The value of a width property that lets the split view choose (reads back as
    /// `-CGFloat.greatestFiniteMagnitude`, as UIKit's).
    public static let automaticDimension: CGFloat = -CGFloat.greatestFiniteMagnitude

    /// The style given at creation.
    public let style: Style

    /// Creates a split view of two or three columns (or the classic style, `.unspecified`).
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
        registerForCollapse()
    }

    /// Creates a classic-style split view (`.unspecified`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        registerForCollapse()
    }

    /// The object told of collapse, expansion and display mode changes. Weak, as in UIKit.
    open weak var delegate: (any UISplitViewControllerDelegate)?

    // MARK: Columns

    /// Column style: what `setViewController(_:for:)` was given, per column.
    private var assigned: [Column: UIViewController] = [:]
    /// Column style: the navigation controller each of primary, supplementary and secondary is shown in
    /// (the assigned controller itself when it is one). Classic style: the primary and secondary as given.
    var containers: [Column: UIViewController] = [:]

    /// The controller set for `column` (your object, not the navigation controller wrapping it); nil in
    /// the classic style.
    open func viewController(for column: Column) -> UIViewController? {
        guard style != .unspecified else { return nil }
        return assigned[column]
    }

    /// Sets the controller of `column`. Primary, supplementary and secondary are wrapped in a
    /// `UINavigationController` unless they are one (or, for primary and secondary, a controller whose
    /// first child is one; the secondary also takes a `UITabBarController` as is, which the other
    /// columns refuse with a warning); `.compact` takes any controller as is. A plain controller set on an occupied
    /// `.secondary` is pushed onto the secondary's navigation stack, as in UIKit (set nil first to
    /// replace the stack). Does nothing in the classic style, or for `.supplementary` with two columns.
    open func setViewController(_ viewController: UIViewController?, for column: Column) {
        guard style != .unspecified, column != .supplementary || style == .tripleColumn else { return }
        if column == .compact || column == .inspector {
            let old = assigned[column]
            assigned[column] = viewController
            if column == .compact, isCollapsed, old !== viewController {
                if let old { detach(old) }
                if let viewController { attach(viewController) }
                viewIfLoaded?.setNeedsLayout()
            }
            return
        }
        guard let viewController else {
            if let container = containers[column] { detach(container) }
            containers[column] = nil
            assigned[column] = nil
            viewIfLoaded?.setNeedsLayout()
            return
        }
        if let existing = assigned[column], existing === viewController { return }
        // A tab bar controller only fits the secondary column (holding navigation controllers), as in UIKit.
        if viewController is UITabBarController, column != .secondary {
            SceneHostLog.warning("setViewController(_:for: .\(column)) ignored: a UITabBarController fits only the secondary column")
            return
        }
        let isNavigation = viewController is UINavigationController || viewController is UITabBarController
            || (column != .supplementary && viewController.children.first is UINavigationController)
        if column == .secondary, !isNavigation, let stack = containers[.secondary] as? UINavigationController,
           !(assigned[.secondary] is UINavigationController) {
            // UIKit pushes onto the occupied secondary stack (FB8640357: expected behaviour).
            assigned[.secondary] = viewController
            if isCollapsed, isOnCollapsedStack(.secondary), let primary = containers[.primary] as? UINavigationController {
                primary.pushViewController(viewController, animated: false)
            } else {
                stack.pushViewController(viewController, animated: false)
            }
            return
        }
        if let old = containers[column] { detach(old) }
        assigned[column] = viewController
        let container = isNavigation ? viewController : UINavigationController(rootViewController: viewController)
        containers[column] = container
        collapsedRoots[column] = nil
        attach(container)
        if isCollapsed {
            // Shown at the next expansion (the collapsed stack is the primary's).
            container.viewIfLoaded?.removeFromSuperview()
        } else {
            viewIfLoaded?.setNeedsLayout()
        }
    }

    /// Classic style: the primary and the secondary (while collapsed, the one controller shown). Column
    /// style: the navigation controllers of the columns shown, from the primary to the secondary.
    open var viewControllers: [UIViewController] {
        get {
            if isCollapsed {
                if style != .unspecified, let compact = assigned[.compact] { return [compact] }
                return containers[.primary].map { [$0] } ?? []
            }
            return [Column.primary, .supplementary, .secondary].compactMap { containers[$0] }
        }
        set {
            guard style == .unspecified else { return }
            for column in [Column.primary, .secondary] {
                if let old = containers[column] { detach(old) }
                containers[column] = nil
            }
            containers[.primary] = newValue.first
            containers[.secondary] = newValue.count > 1 ? newValue[1] : nil
            for column in [Column.primary, .secondary] { if let controller = containers[column] { attach(controller) } }
            if isCollapsed {
                containers[.secondary]?.viewIfLoaded?.removeFromSuperview()
                classicCollapse()
            }
            viewIfLoaded?.setNeedsLayout()
        }
    }

    private func attach(_ controller: UIViewController) {
        addChild(controller)
        controller.didMove(toParent: self)
    }

    private func detach(_ controller: UIViewController) {
        controller.willMove(toParent: nil)
        controller.viewIfLoaded?.removeFromSuperview()
        controller.removeFromParent()
    }

    private var hasThreeColumns: Bool { style == .tripleColumn }

    // MARK: Showing

    /// Shows `vc` in the primary context: the delegate's `splitViewController(_:show:sender:)` first;
    /// else the primary's navigation controller pushes it (while collapsed, onto the one stack); a
    /// classic primary that is no navigation controller is replaced.
    open override func show(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: vc, sender: sender) == true { return }
        if let navigation = containers[.primary] as? UINavigationController {
            navigation.pushViewController(vc, animated: viewIfLoaded?.window != nil)
        } else if style == .unspecified {
            viewControllers = [vc] + (containers[.secondary].map { [$0] } ?? [])
        } else {
            setViewController(vc, for: .primary)
        }
    }

    /// Shows `vc` in the secondary context: the delegate's `splitViewController(_:showDetail:sender:)`
    /// first. Column style: `vc` replaces the secondary column's stack (while collapsed, what the
    /// secondary put on the one stack; it is pushed when there was none) and the secondary shows, as
    /// `setViewController(_:for: .secondary)` after setting nil and `show(.secondary)` would. Classic
    /// style: it replaces the secondary; while collapsed the primary navigation controller pushes it.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        let animated = viewIfLoaded?.window != nil
        if style == .unspecified {
            if isCollapsed, let navigation = containers[.primary] as? UINavigationController {
                navigation.pushViewController(vc, animated: animated)
            } else if let primary = containers[.primary] {
                viewControllers = [primary, vc]
            } else {
                viewControllers = [vc]
            }
            return
        }
        let primary = containers[.primary] as? UINavigationController
        var kept = primary?.viewControllers ?? []
        if isCollapsed, let root = collapsedRoots[.secondary], let at = kept.firstIndex(where: { $0 === root }) {
            kept = Array(kept.prefix(at))
        }
        if let navigation = vc as? UINavigationController {
            if let old = containers[.secondary], old !== navigation { detach(old) }
            assigned[.secondary] = navigation
            containers[.secondary] = navigation
            if navigation.parent !== self { attach(navigation) }
        } else if let navigation = containers[.secondary] as? UINavigationController, !(assigned[.secondary] is UINavigationController) {
            assigned[.secondary] = vc
            navigation.setViewControllers([vc], animated: false)
        } else {
            setViewController(nil, for: .secondary)
            setViewController(vc, for: .secondary)
        }
        if isCollapsed, assigned[.compact] == nil, let primary {
            if collapsedPrimaryCount == nil { collapsedPrimaryCount = kept.count }
            var columns: [Column] = []
            if hasThreeColumns, !isOnCollapsedStack(.supplementary) { columns.append(.supplementary) }
            columns.append(.secondary)
            if (containers[.secondary] as? UINavigationController)?.viewIfLoaded?.superview != nil {
                containers[.secondary]?.viewIfLoaded?.removeFromSuperview()
            }
            primary.setViewControllers(kept + takeStacks(of: columns), animated: animated)
        } else if !isCollapsed {
            show(.secondary)
            viewIfLoaded?.setNeedsLayout()
        }
    }

    // MARK: Display mode

    /// The display mode you would like; reinterpreted for the split behavior in use
    /// (`.twoBesideSecondary` becomes `.twoOverSecondary` under overlay and `.twoDisplaceSecondary`
    /// under displace, and so on). `.automatic` (the default) lets the split view choose.
    open var preferredDisplayMode: DisplayMode = .automatic {
        didSet {
            requestedDisplayMode = nil
            updateDisplayMode(animated: false, systemDriven: false)
        }
    }

    /// The display mode in effect (never `.automatic`; meaningless while collapsed).
    public private(set) var displayMode: DisplayMode = .secondaryOnly

    /// The split behavior you would like; applied at the next layout.
    open var preferredSplitBehavior: SplitBehavior = .automatic {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The split behavior in effect (never `.automatic`).
    public private(set) var splitBehavior: SplitBehavior = .tile

    /// Whether a swipe from the leading edge of the secondary column shows the primary, and the display
    /// mode button shows (default true). With false, `preferredDisplayMode` is honoured strictly.
    open var presentsWithGesture = true {
        didSet { edgePan?.isEnabled = presentsWithGesture; updateDisplayModeButton() }
    }

    /// Triple column only: whether the display mode button also offers `.secondaryOnly` (default false).
    open var showsSecondaryOnlyButton = false

    /// When the display mode button shows (`.automatic`: while a column can be shown or hidden).
    open var displayModeButtonVisibility: DisplayModeButtonVisibility = .automatic {
        didSet { updateDisplayModeButton() }
    }

    /// A mode chosen by `show(_:)`, `hide(_:)`, the button, the swipe or a click on the dimmed secondary;
    /// nil: the preferred one.
    private var requestedDisplayMode: DisplayMode?

    /// The display modes a behavior allows, and the nearest allowed one to `mode`.
    private func normalized(_ mode: DisplayMode, for behavior: SplitBehavior) -> DisplayMode {
        var mode = mode
        if !hasThreeColumns {
            switch mode {
            case .twoBesideSecondary, .twoDisplaceSecondary: mode = .oneBesideSecondary
            case .twoOverSecondary: mode = .oneOverSecondary
            default: break
            }
        }
        switch (behavior, mode) {
        case (.tile, .oneOverSecondary): return .oneBesideSecondary
        case (.tile, .twoOverSecondary), (.tile, .twoDisplaceSecondary): return .twoBesideSecondary
        case (.overlay, .oneBesideSecondary): return .oneOverSecondary
        case (.overlay, .twoBesideSecondary), (.overlay, .twoDisplaceSecondary): return .twoOverSecondary
        case (.displace, .oneOverSecondary): return .oneBesideSecondary
        case (.displace, .twoBesideSecondary), (.displace, .twoOverSecondary): return .twoDisplaceSecondary
        default: return mode
        }
    }

    /// The behavior for the current width (see the type's documentation).
    private func resolvedBehavior(width: CGFloat) -> SplitBehavior {
        if preferredSplitBehavior != .automatic { return preferredSplitBehavior }
        guard hasThreeColumns else { return .tile }
        let (primary, supplementary) = columnWidths(width: width)
        return width - primary - supplementary >= 400 ? .tile : .displace
    }

    /// The mode `.automatic` stands for under `behavior`.
    private func automaticDisplayMode(for behavior: SplitBehavior) -> DisplayMode {
        switch behavior {
        case .overlay: .secondaryOnly
        case .displace: hasThreeColumns ? .oneBesideSecondary : .secondaryOnly
        default: hasThreeColumns ? .twoBesideSecondary : .oneBesideSecondary
        }
    }

    private func targetDisplayMode(width: CGFloat) -> (SplitBehavior, DisplayMode) {
        let behavior = resolvedBehavior(width: width)
        let wanted = requestedDisplayMode ?? (preferredDisplayMode == .automatic ? automaticDisplayMode(for: behavior) : preferredDisplayMode)
        return (behavior, normalized(wanted, for: behavior))
    }

    /// The columns a mode shows, leading first (the secondary last).
    func visibleColumns(_ mode: DisplayMode) -> [Column] {
        switch mode {
        case .automatic, .secondaryOnly: [.secondary]
        case .oneBesideSecondary, .oneOverSecondary: [hasThreeColumns ? .supplementary : .primary, .secondary]
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: [.primary, .supplementary, .secondary]
        }
    }

    /// Whether the secondary is covered or pushed (dimmed and blocked) in `mode` under `behavior`.
    private func dimsSecondary(_ mode: DisplayMode, _ behavior: SplitBehavior) -> Bool {
        switch mode {
        case .oneOverSecondary, .twoOverSecondary, .twoDisplaceSecondary: true
        case .oneBesideSecondary: behavior == .displace && !hasThreeColumns
        default: false
        }
    }

    /// Shows `column`, going to the nearest display mode for the split behavior that shows it whole
    /// (`.secondary` hides what covers or pushes it), animated. While collapsed, brings the column's
    /// controllers to the top of the navigation stack (pushing them when they are not on it).
    open func show(_ column: Column) {
        guard !isCollapsed else { showCollapsed(column); return }
        let behavior = splitBehavior, current = displayMode
        var target = current
        switch column {
        case .primary:
            target = hasThreeColumns ? .twoBesideSecondary : .oneBesideSecondary
        case .supplementary:
            guard hasThreeColumns, !visibleColumns(current).contains(.supplementary) else { return }
            target = .oneBesideSecondary
        case .secondary:
            uncoverSecondary(systemDriven: false)
            return
        default: return
        }
        request(normalized(target, for: behavior), systemDriven: false)
    }

    /// Hides what covers or pushes the secondary (a click on the dimmed secondary does this too).
    private func uncoverSecondary(systemDriven: Bool) {
        let current = displayMode
        guard !isCollapsed, dimsSecondary(current, splitBehavior) else { return }
        let target: DisplayMode = hasThreeColumns && current == .twoDisplaceSecondary ? .oneBesideSecondary : .secondaryOnly
        request(normalized(target, for: splitBehavior), systemDriven: systemDriven)
    }

    /// Hides `column`, going to the nearest display mode that does not show it, animated. Hiding the
    /// secondary is not supported (as in UIKit); while collapsed, pops the column off the stack when it
    /// is on top.
    open func hide(_ column: Column) {
        guard !isCollapsed else { hideCollapsed(column); return }
        let current = displayMode
        guard visibleColumns(current).contains(column) else { return }
        var target: DisplayMode
        switch column {
        case .primary:
            target = hasThreeColumns ? .oneBesideSecondary : .secondaryOnly
        case .supplementary:
            target = .secondaryOnly
        default:
            SceneHostLog.warning("UISplitViewController.hide(.\(column)) ignored: only the primary and supplementary columns hide")
            return
        }
        request(normalized(target, for: splitBehavior), systemDriven: false)
    }

    private func request(_ mode: DisplayMode, systemDriven: Bool) {
        requestedDisplayMode = mode
        updateDisplayMode(animated: viewIfLoaded?.window != nil, systemDriven: systemDriven)
    }

    /// What the display mode button does: shows the primary when it is hidden, else hides the columns
    /// beside the secondary (UIKit's `displayModeButtonItem` action).
    func toggleSidebar() {
        guard !isCollapsed else { return }
        if visibleColumns(displayMode).contains(.primary) {
            let target: DisplayMode = hasThreeColumns && !showsSecondaryOnlyButton && splitBehavior == .tile ? .oneBesideSecondary : .secondaryOnly
            request(normalized(target, for: splitBehavior), systemDriven: true)
        } else {
            request(normalized(hasThreeColumns ? .twoBesideSecondary : .oneBesideSecondary, for: splitBehavior), systemDriven: true)
        }
    }

    // MARK: Widths

    /// The primary column's width as a fraction of the split view's (0…1); `automaticDimension` (the
    /// default) lets the split view choose. `preferredPrimaryColumnWidth` wins when set.
    open var preferredPrimaryColumnWidthFraction: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The primary column's width in points; `automaticDimension` by default.
    open var preferredPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The least width of the primary column (automatic: 0).
    open var minimumPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The greatest width of the primary column (automatic: half the split view's width).
    open var maximumPrimaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The primary column's width in effect (the one it has whenever it shows).
    public private(set) var primaryColumnWidth: CGFloat = 0

    /// The supplementary column's width as a fraction of the split view's; `automaticDimension` by default.
    open var preferredSupplementaryColumnWidthFraction: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The supplementary column's width in points; `automaticDimension` by default.
    open var preferredSupplementaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The least width of the supplementary column (automatic: 0).
    open var minimumSupplementaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The greatest width of the supplementary column (automatic: half the split view's width).
    open var maximumSupplementaryColumnWidth: CGFloat = automaticDimension { didSet { viewIfLoaded?.setNeedsLayout() } }
    /// The supplementary column's width in effect (0 with two columns).
    public private(set) var supplementaryColumnWidth: CGFloat = 0

    private static func width(points: CGFloat, fraction: CGFloat, minimum: CGFloat, maximum: CGFloat,
                              automatic: CGFloat, of total: CGFloat) -> CGFloat {
        let isSet = { (value: CGFloat) in value != automaticDimension && value.isFinite }
        var width = isSet(points) ? points : isSet(fraction) ? min(max(fraction, 0), 1) * total : automatic
        let low = isSet(minimum) ? minimum : 0
        let high = isSet(maximum) ? maximum : total / 2
        width = min(max(width, low), max(high, low))
        return max(0, min(width, total)).rounded()
    }

    /// The primary and supplementary widths for a split view `width` points wide.
    private func columnWidths(width: CGFloat) -> (CGFloat, CGFloat) {
        // The automatic widths grow with the text at the accessibility sizes, as UIKit's columns do.
        let category = traitCollection.preferredContentSizeCategory
        let growth = category.isAccessibilityCategory ? UIFont.ratio(of: .body, for: category) : 1
        let primary = Self.width(points: preferredPrimaryColumnWidth, fraction: preferredPrimaryColumnWidthFraction,
                                 minimum: minimumPrimaryColumnWidth, maximum: maximumPrimaryColumnWidth,
                                 automatic: (hasThreeColumns ? 260 : 320) * growth, of: width)
        guard hasThreeColumns else { return (primary, 0) }
        let supplementary = Self.width(points: preferredSupplementaryColumnWidth, fraction: preferredSupplementaryColumnWidthFraction,
                                       minimum: minimumSupplementaryColumnWidth, maximum: maximumSupplementaryColumnWidth,
                                       automatic: 320 * growth, of: width)
        return (primary, min(supplementary, max(0, width - primary)))
    }

    // MARK: Views

    /// Dims and blocks the secondary column under overlay and displace; a click on it hides what covers it.
    private lazy var dimmingView: UIView = {
        let dimming = UIView()
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.2)
        dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.uncoverSecondary(systemDriven: true) })
        return dimming
    }()

    /// The hairlines between columns beside each other.
    private let separators = [UIView(), UIView()]
    private var edgePan: UIPanGestureRecognizer?
    private var storedDisplayModeButtonItem: UIBarButtonItem?
    private weak var displayModeButtonHost: UINavigationItem?
    private var displayModeButtonGlyph: (Bool, Bool)?

    /// Sets up the background, the hairlines and the swipe; call super when overriding.
    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.clipsToBounds = true
        for separator in separators { separator.backgroundColor = .separator }
        let pan = UIPanGestureRecognizer { [weak self] pan in self?.edgePanned(pan) }
        pan.isEnabled = presentsWithGesture
        edgePan = pan
    }

    private var edgePanStartedAtEdge = false

    private func edgePanned(_ pan: UIPanGestureRecognizer) {
        guard !isCollapsed, let view = viewIfLoaded, let secondary = containers[.secondary]?.viewIfLoaded else { return }
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch pan.state {
        case .began:
            let point = pan.location(in: secondary)
            let fromLeading = rightToLeft ? secondary.bounds.width - point.x : point.x
            edgePanStartedAtEdge = fromLeading <= 20 + abs(pan.translation(in: view).x) && !visibleColumns(displayMode).contains(.primary)
        case .ended:
            let towardTrailing = pan.translation(in: view).x * (rightToLeft ? -1 : 1)
            if edgePanStartedAtEdge, towardTrailing > 40 { toggleSidebar() }
            edgePanStartedAtEdge = false
        case .cancelled, .failed: edgePanStartedAtEdge = false
        default: break
        }
    }

    /// Places the columns for the current width, behavior and display mode; collapses or expands first
    /// when the size class says so.
    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        updateCollapsedState()
        if isCollapsed { layoutCollapsed() } else { updateDisplayMode(animated: false, systemDriven: true) }
    }

    /// Resolves behavior and display mode, tells the delegate of a change, and places the columns
    /// (animated when asked).
    private func updateDisplayMode(animated: Bool, systemDriven: Bool) {
        guard let view = viewIfLoaded, !isCollapsed else { return }
        // A change of behavior (the width crossed what three tiled columns need, say) drops the mode
        // chosen for the old one.
        if hasLaidOut, resolvedBehavior(width: view.bounds.width) != splitBehavior { requestedDisplayMode = nil }
        let (behavior, mode) = targetDisplayMode(width: view.bounds.width)
        splitBehavior = behavior
        let previous = displayMode
        if mode != previous {
            let before = Set(visibleColumns(previous)), after = Set(visibleColumns(mode))
            delegate?.splitViewController(self, willChangeTo: mode)
            if systemDriven, hasLaidOut {
                for column in [Column.primary, .supplementary] where before.contains(column) && !after.contains(column) {
                    delegate?.splitViewController(self, willHide: column)
                }
                for column in [Column.primary, .supplementary] where after.contains(column) && !before.contains(column) {
                    delegate?.splitViewController(self, willShow: column)
                }
            }
            displayMode = mode
        }
        hasLaidOut = true
        placeColumns(animated: animated && mode != previous)
        updateDisplayModeButton()
    }

    private var hasLaidOut = false

    /// The frames of the columns (shown or not: a hidden one sits off the leading edge) for the
    /// current mode, in left-to-right terms, then mirrored for a right-to-left layout.
    private func columnFrames() -> [Column: CGRect] {
        guard let view = viewIfLoaded else { return [:] }
        let bounds = view.bounds, width = bounds.width, height = bounds.height
        let (primary, supplementary) = columnWidths(width: width)
        primaryColumnWidth = primary
        supplementaryColumnWidth = supplementary
        let shown = visibleColumns(displayMode)
        var frames: [Column: CGRect] = [:]
        var x: CGFloat = 0
        if hasThreeColumns {
            frames[.primary] = CGRect(x: shown.contains(.primary) ? 0 : -primary - supplementary, y: 0, width: primary, height: height)
            if shown.contains(.primary) { x += primary }
            frames[.supplementary] = CGRect(x: shown.contains(.supplementary) ? x : -supplementary, y: 0, width: supplementary, height: height)
            if shown.contains(.supplementary) { x += supplementary }
        } else {
            frames[.primary] = CGRect(x: shown.contains(.primary) ? 0 : -primary, y: 0, width: primary, height: height)
            if shown.contains(.primary) { x += primary }
        }
        switch (displayMode, splitBehavior) {
        case (.oneOverSecondary, _), (.twoOverSecondary, _), (.secondaryOnly, _):
            frames[.secondary] = CGRect(x: 0, y: 0, width: width, height: height)
        case (.twoDisplaceSecondary, _):
            // Pushed toward the trailing edge, keeping the width it has beside the supplementary alone.
            frames[.secondary] = CGRect(x: x, y: 0, width: max(0, width - supplementary), height: height)
        case (.oneBesideSecondary, .displace) where !hasThreeColumns:
            frames[.secondary] = CGRect(x: x, y: 0, width: width, height: height)
        default:
            frames[.secondary] = CGRect(x: x, y: 0, width: max(0, width - x), height: height)
        }
        if view.effectiveUserInterfaceLayoutDirection == .rightToLeft {
            for (column, frame) in frames { frames[column] = CGRect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) }
        }
        return frames
    }

    /// Puts the columns' views in place: shown ones in the hierarchy (secondary lowest, then the
    /// dimming view, the supplementary and the primary), hidden ones out of it once off screen.
    private func placeColumns(animated: Bool) {
        guard let view = viewIfLoaded else { return }
        let frames = columnFrames()
        let shown = visibleColumns(displayMode)
        // The swipe starts on the secondary column, so it never delays a click in another.
        if let pan = edgePan, let secondary = containers[.secondary]?.viewIfLoaded, pan.view !== secondary {
            secondary.addGestureRecognizer(pan)
        }
        let dims = dimsSecondary(displayMode, splitBehavior)
        let order: [Column] = [.secondary, .supplementary, .primary]
        var hiding: [UIView] = [], entering: [UIView] = []
        for column in order {
            guard let controller = containers[column], let frame = frames[column] else { continue }
            let columnView = controller.view!
            if shown.contains(column) {
                if columnView.superview !== view {
                    // Enters from where it hides, so an animation slides it in.
                    columnView.frame = column == .secondary ? frame : (frames[column].map { hiddenFrame($0, in: view) } ?? frame)
                    columnView.autoresizingMask = []
                    view.addSubview(columnView)
                    entering.append(columnView)
                }
            } else if columnView.superview === view {
                hiding.append(columnView)
            }
        }
        // Stacking: secondary, dimming, supplementary, primary (the separators go above in `apply`).
        if dims, dimmingView.superview !== view {
            dimmingView.alpha = animated ? 0 : 1
            view.addSubview(dimmingView)
        }
        var stacking = [containers[.secondary]?.viewIfLoaded, dims ? dimmingView : nil,
                        containers[.supplementary]?.viewIfLoaded, containers[.primary]?.viewIfLoaded].compactMap { $0 }
        stacking.removeAll { $0.superview !== view }
        Self.order(stacking, in: view)
        let rightToLeft = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let apply = { [self] in
            for column in order {
                guard let columnView = containers[column]?.viewIfLoaded, let frame = frames[column] else { continue }
                columnView.frame = shown.contains(column) ? frame : hiddenFrame(frame, in: view)
            }
            if dims, let secondary = frames[.secondary] {
                dimmingView.frame = secondary
                dimmingView.alpha = 1
            } else if dimmingView.superview != nil {
                dimmingView.alpha = 0
            }
            // Hairlines at the trailing edges of the columns that show beside another.
            let edges = [Column.primary, .supplementary].filter { shown.contains($0) && containers[$0] != nil }
            for (index, separator) in separators.enumerated() {
                if index < edges.count, let frame = frames[edges[index]] {
                    if separator.superview !== view { view.addSubview(separator) }
                    if let top = stacking.last { Self.order([top, separator], in: view) }
                    separator.frame = CGRect(x: rightToLeft ? frame.minX : frame.maxX - 1, y: 0, width: 1, height: frame.height)
                } else {
                    separator.removeFromSuperview()
                }
            }
        }
        let finish = { [weak self] (_: Bool) in
            guard let self else { return }
            let shownNow = visibleColumns(displayMode)
            for hidden in hiding where !shownNow.contains(where: { containers[$0]?.viewIfLoaded === hidden }) {
                hidden.removeFromSuperview()
            }
            if !dimsSecondary(displayMode, splitBehavior) || isCollapsed { dimmingView.removeFromSuperview() }
        }
        if animated {
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseInOut, animations: apply, completion: finish)
        } else {
            apply()
            finish(true)
        }
        // A column added during this layout is laid out now: its constraints joined the engine after
        // the pass solved it.
        for columnView in entering { columnView.layoutIfNeeded() }
    }

    /// Puts `views` (subviews of `view`) in this order from back to front, moving only those out of it:
    /// a subview moved is drawn again, so a layout that changes nothing moves nothing.
    static func order(_ views: [UIView], in view: UIView) {
        for (below, above) in zip(views, views.dropFirst()) {
            guard let low = view.subviews.firstIndex(of: below), let high = view.subviews.firstIndex(of: above), high < low else { continue }
            view.insertSubview(above, aboveSubview: below)
        }
    }

    /// Where a column's frame goes when hidden: off the leading edge.
    private func hiddenFrame(_ frame: CGRect, in view: UIView) -> CGRect {
        var hidden = frame
        if view.effectiveUserInterfaceLayoutDirection == .rightToLeft { hidden.origin.x = view.bounds.width + (frame.minX >= view.bounds.width ? frame.minX - view.bounds.width : 0) }
        else { hidden.origin.x = min(frame.minX, -frame.width) }
        return hidden
    }

    // MARK: Display mode button

    /// The button that shows and hides the columns beside the secondary: the sidebar glyph under tile,
    /// a back chevron under overlay and displace. The split view puts it at the leading end of the
    /// navigation bar of the leading-most column that shows (the root item of its stack), as iPadOS
    /// does. Its primary action (a `UIAction` closure, where UIKit uses a target and selector) shows the
    /// primary when it is hidden, else hides the columns beside the secondary.
    public var displayModeButtonItem: UIBarButtonItem {
        if let item = storedDisplayModeButtonItem { return item }
        let item = UIBarButtonItem(image: Self.displayModeGlyph(sidebar: true, rightToLeft: false),
                                   primaryAction: UIAction(title: "Toggle Sidebar") { [weak self] _ in self?.toggleSidebar() })
        storedDisplayModeButtonItem = item
        return item
    }

    /// Puts the button in the leading column's bar, or takes it away.
    func updateDisplayModeButton() {
        guard style != .unspecified else { return }
        let host: UINavigationItem? = showsDisplayModeButton
            ? visibleColumns(displayMode).lazy.compactMap { (self.containers[$0] as? UINavigationController)?.viewControllers.first?.navigationItem }.first
            : nil
        if let old = displayModeButtonHost, old !== host, var items = old.leftBarButtonItems {
            items.removeAll { $0 === storedDisplayModeButtonItem }
            old.leftBarButtonItems = items.isEmpty ? nil : items
        }
        displayModeButtonHost = host
        guard let host else { return }
        let button = displayModeButtonItem
        let rightToLeft = viewIfLoaded?.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let glyph = (splitBehavior == .tile, rightToLeft)
        if displayModeButtonGlyph.map({ $0 != glyph }) ?? true {
            displayModeButtonGlyph = glyph
            button.image = Self.displayModeGlyph(sidebar: glyph.0, rightToLeft: rightToLeft)
        }
        var items = host.leftBarButtonItems ?? []
        if !items.contains(where: { $0 === button }) {
            items.insert(button, at: 0)
            host.leftBarButtonItems = items
        }
    }

    // MARK: Collapse and expansion

    /// Whether the split view shows one stack (horizontally compact). Keeps its old value while the
    /// delegate decides the transition (`topColumnForCollapsingToProposedTopColumn`,
    /// `displayModeForExpandingToProposedDisplayMode`, `collapseSecondary:onto:`,
    /// `separateSecondaryFrom:`, the column calls) and changes before `splitViewControllerDidCollapse`
    /// / `DidExpand`.
    public private(set) var isCollapsed = false

    /// Column style: the first controller each of supplementary and secondary gave the primary's stack
    /// (at the collapse or a `show(_:)` while collapsed), and how many controllers the primary had
    /// itself: expansion separates the stack at them, whatever the person pushed or popped meanwhile.
    private var collapsedRoots: [Column: UIViewController] = [:]
    private var collapsedPrimaryCount: Int?

    /// Whether `column`'s controllers are on the collapsed stack now.
    private func isOnCollapsedStack(_ column: Column) -> Bool {
        guard let root = collapsedRoots[column], let primary = containers[.primary] as? UINavigationController else { return false }
        return primary.viewControllers.contains { $0 === root }
    }

    private func registerForCollapse() {
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (split: UISplitViewController, _: UITraitCollection) in
            split.updateCollapsedState()
        }
        // The automatic column widths follow the text size.
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (split: UISplitViewController, _: UITraitCollection) in
            split.viewIfLoaded?.setNeedsLayout()
        }
    }

    /// Collapses when horizontally compact and expands when regular, in the frame whose traits changed
    /// (the trait step runs before layout).
    private func updateCollapsedState() {
        guard isViewLoaded, viewIfLoaded?.window != nil else { return }
        let compact = traitCollection.horizontalSizeClass == .compact
        if compact, !isCollapsed { collapse() } else if !compact, isCollapsed { expand() }
    }

    private func collapse() {
        let view = view!
        if style == .unspecified {
            for column in [Column.primary, .secondary] { containers[column]?.viewIfLoaded?.removeFromSuperview() }
            classicCollapse()
        } else if let compact = assigned[.compact] {
            _ = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .compact)
            for column in [Column.primary, .supplementary, .secondary] { containers[column]?.viewIfLoaded?.removeFromSuperview() }
            attach(compact)
        } else {
            let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
            for column in [Column.primary, .supplementary, .secondary] { containers[column]?.viewIfLoaded?.removeFromSuperview() }
            collapseColumns(top: top)
        }
        dimmingView.removeFromSuperview()
        for separator in separators { separator.removeFromSuperview() }
        isCollapsed = true
        updateDisplayModeButton()
        layoutCollapsed()
        view.setNeedsLayout()
        delegate?.splitViewControllerDidCollapse(self)
    }

    /// Moves the supplementary's and secondary's stacks (as far as `top`) onto the primary's.
    private func collapseColumns(top: Column) {
        collapsedRoots = [:]
        guard let primary = containers[.primary] as? UINavigationController else { return }
        collapsedPrimaryCount = primary.viewControllers.count
        var columns: [Column] = []
        if top == .supplementary || top == .secondary, hasThreeColumns { columns.append(.supplementary) }
        if top == .secondary { columns.append(.secondary) }
        primary.setViewControllers(primary.viewControllers + takeStacks(of: columns), animated: false)
    }

    /// Empties the navigation stacks of `columns` and returns their controllers in order, noting each
    /// column's first.
    private func takeStacks(of columns: [Column]) -> [UIViewController] {
        var moved: [UIViewController] = []
        for column in columns {
            guard let navigation = containers[column] as? UINavigationController else { continue }
            let stack = navigation.viewControllers
            guard let first = stack.first else { continue }
            navigation.setViewControllers([], animated: false)
            collapsedRoots[column] = first
            moved += stack
        }
        return moved
    }

    /// Shows the collapsed split view's one controller over its whole bounds.
    private func layoutCollapsed() {
        guard let view = viewIfLoaded else { return }
        let shown = style != .unspecified ? (assigned[.compact] ?? containers[.primary]) : containers[.primary]
        guard let shown else { return }
        let shownView = shown.view!
        let entering = shownView.superview !== view
        if entering { view.addSubview(shownView) }
        shownView.frame = view.bounds
        if entering { shownView.layoutIfNeeded() }
    }

    private func expand() {
        let view = view!
        let proposed = targetDisplayMode(width: view.bounds.width).1
        let chosen = delegate?.splitViewController(self, displayModeForExpandingToProposedDisplayMode: proposed) ?? proposed
        if chosen != proposed, chosen != .automatic { requestedDisplayMode = chosen }
        if style == .unspecified {
            classicExpand()
        } else if let compact = assigned[.compact] {
            detach(compact)
        } else {
            expandColumns()
        }
        let mode = targetDisplayMode(width: view.bounds.width).1
        for column in visibleColumns(mode) where column != .secondary { delegate?.splitViewController(self, willShow: column) }
        displayMode = mode
        isCollapsed = false
        placeColumns(animated: false)
        updateDisplayModeButton()
        view.setNeedsLayout()
        delegate?.splitViewControllerDidExpand(self)
    }

    /// Gives the supplementary and secondary stacks back their controllers: the primary keeps what is
    /// below the first of theirs (and no more than it had); the supplementary takes from its first up
    /// to the secondary's; the rest (the secondary's, and whatever was pushed while collapsed) goes to
    /// the secondary. A column left empty (popped while collapsed) gets its first controller back.
    private func expandColumns() {
        guard let primary = containers[.primary] as? UINavigationController else { return }
        let stack = primary.viewControllers
        func index(_ column: Column) -> Int? { collapsedRoots[column].flatMap { root in stack.firstIndex { $0 === root } } }
        let supplementaryStart = hasThreeColumns ? index(.supplementary) : nil, secondaryStart = index(.secondary)
        let primaryEnd = min(supplementaryStart ?? stack.count, secondaryStart ?? stack.count, collapsedPrimaryCount ?? stack.count, stack.count)
        var given: [Column: [UIViewController]] = [:]
        if let supplementaryStart {
            let end = secondaryStart.map { max($0, supplementaryStart) } ?? stack.count
            given[.supplementary] = Array(stack[supplementaryStart..<end])
            given[.secondary] = Array(stack[end...])
        } else {
            given[.secondary] = Array(stack[max(primaryEnd, secondaryStart ?? primaryEnd)...])
        }
        primary.setViewControllers(Array(stack.prefix(primaryEnd)), animated: false)
        for column in [Column.supplementary, .secondary] {
            guard let navigation = containers[column] as? UINavigationController else { continue }
            let controllers = given[column] ?? []
            if !controllers.isEmpty {
                navigation.setViewControllers(navigation.viewControllers + controllers, animated: false)
            } else if navigation.viewControllers.isEmpty {
                let root = collapsedRoots[column] ?? (assigned[column] === navigation ? nil : assigned[column])
                if let root { navigation.setViewControllers([root], animated: false) }
            }
        }
        collapsedRoots = [:]
        collapsedPrimaryCount = nil
    }

    /// Classic style: the delegate, else the primary's `collapseSecondaryViewController(_:for:)`.
    private func classicCollapse() {
        guard let primary = containers[.primary], let secondary = containers[.secondary] else { return }
        if delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) == true { return }
        primary.collapseSecondaryViewController(secondary, for: self)
    }

    /// Classic style: the delegate's secondary, else the primary's
    /// `separateSecondaryViewController(for:)`, else the secondary it had.
    private func classicExpand() {
        guard let primary = containers[.primary] else { return }
        let separated = delegate?.splitViewController(self, separateSecondaryFrom: primary)
            ?? primary.separateSecondaryViewController(for: self) ?? containers[.secondary]
        guard let separated else { return }
        if let old = containers[.secondary], old !== separated { detach(old) }
        containers[.secondary] = separated
        if separated.parent !== self { attach(separated) }
    }

    /// While collapsed: `column`'s controllers come to the top of the one stack: pushed, animated, when
    /// they are not on it (the supplementary's first when showing the secondary with three columns);
    /// for the primary, the stack is popped back to the primary's own controllers.
    private func showCollapsed(_ column: Column) {
        guard style != .unspecified, assigned[.compact] == nil, let primary = containers[.primary] as? UINavigationController else { return }
        switch column {
        case .primary:
            let stack = primary.viewControllers
            let firstOther = [Column.supplementary, .secondary].compactMap { column in
                collapsedRoots[column].flatMap { root in stack.firstIndex { $0 === root } }
            }.min()
            if let firstOther, firstOther > 0 { primary.popToViewController(stack[firstOther - 1], animated: true) }
        case .supplementary, .secondary:
            guard column != .supplementary || hasThreeColumns else { return }
            var columns: [Column] = []
            if column == .secondary, hasThreeColumns, !isOnCollapsedStack(.supplementary) { columns.append(.supplementary) }
            if !isOnCollapsedStack(column) { columns.append(column) }
            if columns.isEmpty {
                // On the stack: with three columns, showing the supplementary pops what is above it.
                if column == .supplementary, isOnCollapsedStack(.secondary), let root = collapsedRoots[.secondary],
                   let at = primary.viewControllers.firstIndex(where: { $0 === root }), at > 0 {
                    primary.popToViewController(primary.viewControllers[at - 1], animated: true)
                }
                return
            }
            // Controllers popped off the stack belong to their columns again.
            for added in columns where (containers[added] as? UINavigationController)?.viewControllers.isEmpty == true {
                if let root = collapsedRoots[added] ?? (assigned[added] is UINavigationController ? nil : assigned[added]) {
                    (containers[added] as? UINavigationController)?.setViewControllers([root], animated: false)
                }
            }
            if collapsedPrimaryCount == nil { collapsedPrimaryCount = primary.viewControllers.count }
            let moved = takeStacks(of: columns)
            primary.setViewControllers(primary.viewControllers + moved, animated: true)
        default:
            return
        }
    }

    /// While collapsed: pops `column`'s controllers (and those above them) off the stack.
    private func hideCollapsed(_ column: Column) {
        guard style != .unspecified, assigned[.compact] == nil, column == .supplementary || column == .secondary,
              let primary = containers[.primary] as? UINavigationController, let root = collapsedRoots[column],
              let at = primary.viewControllers.firstIndex(where: { $0 === root }), at > 0 else { return }
        primary.popToViewController(primary.viewControllers[at - 1], animated: true)
    }
}

/// What a split view tells its delegate and asks it, as UIKit's protocol; every method has a default
/// (UIKit's optional methods), which returns the proposal or does nothing.
@MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change (not called for the collapse).
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// Column style: which column tops the navigation stack when collapsing (proposed: `.secondary`,
    /// or `.compact` when that column is set, whose answer is then ignored).
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    /// Column style: the display mode after expanding (proposed: the preferred one for the width).
    func splitViewController(_ svc: UISplitViewController,
                             displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode
    /// The split view collapsed (`isCollapsed` is true).
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The split view expanded (`isCollapsed` is false).
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
    /// Column style: a column is about to show through a change the split view made (a resize, the
    /// expansion, the button or the swipe), not through `show(_:)`.
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// Column style: a column is about to hide through a change the split view made, not `hide(_:)`.
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// Return true when you showed `vc` (in the primary context) yourself; false (the default) lets the
    /// split view do it.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool
    /// Return true when you showed `vc` (in the secondary context) yourself; false (the default) lets
    /// the split view do it.
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool
    /// Classic style: return true when you collapsed the secondary yourself; false (the default) lets
    /// the primary do it (`collapseSecondaryViewController(_:for:)`: a navigation controller pushes it).
    func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
                             onto primaryViewController: UIViewController) -> Bool
    /// Classic style: the secondary to show after expanding; nil (the default) asks the primary
    /// (`separateSecondaryViewController(for:)`: a navigation controller gives back what it stacked).
    func splitViewController(_ splitViewController: UISplitViewController, separateSecondaryFrom primaryViewController: UIViewController) -> UIViewController?
}

extension UISplitViewControllerDelegate {
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {}
    /// Returns the proposed column.
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column { proposedTopColumn }
    /// Returns the proposed mode.
    public func splitViewController(_ svc: UISplitViewController,
                                    displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode) -> UISplitViewController.DisplayMode { proposedDisplayMode }
    /// Does nothing.
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    /// Does nothing.
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    /// Does nothing.
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    /// Returns false: the split view shows it.
    public func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool { false }
    /// Returns false: the split view shows it.
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool { false }
    /// Returns false: the primary navigation controller takes the secondary.
    public func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
                                    onto primaryViewController: UIViewController) -> Bool { false }
    /// Returns nil: the primary navigation controller gives the secondary back.
    public func splitViewController(_ splitViewController: UISplitViewController, separateSecondaryFrom primaryViewController: UIViewController) -> UIViewController? { nil }
}

extension UIViewController {
    /// The nearest split view controller among this controller's ancestors (or itself), as in UIKit.
    public var splitViewController: UISplitViewController? {
        var current: UIViewController? = self
        while let controller = current {
            if let split = controller as? UISplitViewController { return split }
            current = controller.parent
        }
        return nil
    }
}

extension UISplitViewController: ShowActionHandling {
    /// A split view handles both `show(_:sender:)` and `showDetailViewController(_:sender:)`, as UIKit's.
    var handledShowActions: Set<UIViewController.ShowAction> { [.show, .showDetailViewController] }
}
