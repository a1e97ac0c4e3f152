import Foundation

/// Supplies a collection view's sections, items, cells and supplementary views, as UIKit's
/// `UICollectionViewDataSource`. A diffable data source (`UICollectionViewDiffableDataSource`) is one.
@MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for `indexPath`, from `dequeueReusableCell` or `dequeueConfiguredReusableCell`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// A configured supplementary view (header, footer) of `kind` for `indexPath`.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        preconditionFailure("UICollectionView: the layout asks for a supplementary view of kind \(kind) at \(indexPath), but the data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:) (a diffable data source needs a supplementaryViewProvider)")
    }
}

/// What a collection view tells and asks its delegate, as UIKit's `UICollectionViewDelegate` (which
/// is also the scroll view's delegate). Every method is optional.
@MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Whether the arrow keys can move to the item (default: `allowsFocus`).
    func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool
    /// Whether moving to the item with the keys selects it (default: `selectionFollowsFocus`).
    func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool
    /// The window a drag of the item at `indexPath` opens where it is dropped outside the app's windows
    /// (`point` is where the press began, in the collection view's coordinates); nil (the default) opens
    /// none. As in UIKit (iOS 15), no drag delegate is needed; with one, its items are dragged and the
    /// configuration decides the window. SceneHost asks when a drag begins (4 points of pointer motion,
    /// or a finger resting 0.5 s), not at a pinch (UICollectionView+DragAndDrop.swift).
    func collectionView(_ collectionView: UICollectionView, sceneActivationConfigurationForItemAt indexPath: IndexPath,
                        point: CGPoint) -> UIWindowSceneActivationConfiguration?
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, canFocusItemAt indexPath: IndexPath) -> Bool { collectionView.allowsFocus }
    public func collectionView(_ collectionView: UICollectionView, selectionFollowsFocusForItemAt indexPath: IndexPath) -> Bool {
        collectionView.selectionFollowsFocus
    }
    public func collectionView(_ collectionView: UICollectionView, sceneActivationConfigurationForItemAt indexPath: IndexPath,
                               point: CGPoint) -> UIWindowSceneActivationConfiguration? { nil }
}

/// The machinery UICollectionView and UITableView share (SceneHost's; UIKit has no such class): a
/// scroll view showing the elements a layout places, with cells reused, selection by pointer and
/// keys, and diffable updates. Use it through its subclasses.
@MainActor
open class ItemsScrollView: UIScrollView {
    // MARK: State

    /// The layout placing the elements.
    var itemsLayout: UICollectionViewLayout {
        didSet {
            guard oldValue !== itemsLayout else { return }
            if oldValue.host === self { oldValue.host = nil }
            itemsLayout.host = self
            itemsLayout.invalidateLayout()
        }
    }
    /// A view behind all the cells, sized to the collection view.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0); setNeedsLayout() }
        }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false { didSet { if !allowsMultipleSelection, selected.count > 1 { deselectAll(except: selectedOrder.last) } } }
    /// Whether the arrow keys move between items (default true).
    open var allowsFocus = true
    /// Whether moving with the arrow keys selects (default true here: UIKit chooses per platform).
    open var selectionFollowsFocus = true
    /// Whether cells show their editing accessories.
    open var isEditing = false {
        didSet { if isEditing != oldValue { for cell in visible.values { (cell as? UICollectionViewListCell)?.isEditing = isEditing } } }
    }

    /// Counts of items per section, read from the data source at the last reload or apply.
    private var counts: [Int] = []
    private var countsValid = false
    /// The cells shown, by index path.
    private var visible: [IndexPath: UICollectionViewCell] = [:]
    /// Supplementary and decoration views shown, by kind and index path.
    private var visibleSupplementaries: [SupplementaryKey: UICollectionReusableView] = [:]
    /// Views waiting to be reused, by reuse identifier (hidden subviews).
    private var reusePool: [String: [UICollectionReusableView]] = [:]
    /// Classes registered by reuse identifier.
    private var cellClasses: [String: UICollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    private var selected: Set<IndexPath> = []
    private var selectedOrder: [IndexPath] = []
    private var highlighted: IndexPath?
    /// The item the arrow keys move from.
    private(set) var focusedIndexPath: IndexPath?
    /// The buffer the layout fills each pass (kept to avoid allocating per frame).
    private var elements: [LayoutElement] = []
    private var pass = 0
    private var lastLayoutSize: CGSize = .zero
    /// While the data source reconfigures an item, the cell it gets from dequeueing.
    private var reconfiguringCell: UICollectionViewCell?
    /// How far beyond the visible rectangle cells are kept, as a fraction of the view's size.
    static let marginFraction: CGFloat = 0.25

    struct SupplementaryKey: Hashable {
        var kind: String
        var indexPath: IndexPath
        var isDecoration: Bool
    }

    init(frame: CGRect, layout: UICollectionViewLayout) {
        itemsLayout = layout
        super.init(frame: frame)
        layout.host = self
        alwaysBounceVertical = true
        backgroundColor = .systemBackground
        let across = OrthogonalScrollRecognizer()
        across.allowedScrollTypesMask = .all
        across.owner = self
        across.addAction { [unowned self] recognizer in self.orthogonalScroll(recognizer as! OrthogonalScrollRecognizer) }
        addGestureRecognizer(across)
    }

    /// A sideways wheel or touchpad scroll over a section that scrolls across (`orthogonalScrollingBehavior`)
    /// scrolls that section; over a list row with swipe actions, it swipes the row.
    private func orthogonalScroll(_ recognizer: OrthogonalScrollRecognizer) {
        guard let layout = itemsLayout as? UICollectionViewCompositionalLayout else { return }
        switch recognizer.state {
        case .began:
            let location = recognizer.location(in: self)
            recognizer.section = layout.orthogonalSection(at: location.y)
            recognizer.applied = 0
            recognizer.swiping = recognizer.section == nil ? itemIndexPath(at: location) : nil
            if let path = recognizer.swiping, let open = swipedIndexPath, open != path { closeSwipe() }
            fallthrough
        case .changed:
            if let path = recognizer.swiping { return swipe(path, by: recognizer.translation(in: self).x, ended: false) }
            guard let section = recognizer.section else { return }
            let translation = recognizer.translation(in: self).x
            let delta = recognizer.applied - translation
            recognizer.applied = translation
            if delta != 0, layout.scrollOrthogonalSection(section, by: delta) { setNeedsLayout() }
        default:
            if let path = recognizer.swiping { swipe(path, by: recognizer.translation(in: self).x, ended: true) }
            recognizer.section = nil
            recognizer.swiping = nil
        }
    }

    /// The row whose swipe actions show.
    private(set) var swipedIndexPath: IndexPath?
    private var swipeStart: CGFloat = 0

    /// Moves the row at `path` by a sideways scroll of `translation` (since it began): trailing actions
    /// follow a leftward scroll, leading ones a rightward one (from the list configuration's providers).
    /// At the end the row stays open when more than half the actions show, runs the first action on a
    /// full swipe, and closes otherwise.
    private func swipe(_ path: IndexPath, by translation: CGFloat, ended: Bool) {
        guard let cell = visible[path], let list = (itemsLayout as? UICollectionViewCompositionalLayout)?.sectionLayout(at: path.section)?.listConfiguration
        else { return }
        if swipedIndexPath != path { swipeStart = cell.swipeOffset }
        let offset = swipeStart + translation
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        // Trailing actions sit at the right edge in a left-to-right layout.
        let wantsTrailing = rightToLeft ? offset > 0 : offset < 0
        let provider = wantsTrailing ? list.trailingSwipeActionsConfigurationProvider : list.leadingSwipeActionsConfigurationProvider
        guard offset != 0, let configuration = provider?(path), !configuration.actions.isEmpty else {
            if cell.swipeOffset != 0 { closeSwipe() }
            return
        }
        let leadingEdge = rightToLeft ? wantsTrailing : !wantsTrailing
        if cell.swipeActionsView?.configuration !== configuration {
            let view = SwipeActionsView(configuration: configuration, leading: leadingEdge)
            view.close = { [weak self] in self?.closeSwipe() }
            cell.swipeActionsView = view
        }
        let width = cell.swipeActionsView!.fullWidth
        swipedIndexPath = path
        guard ended else {
            cell.swipeOffset = max(-cell.bounds.width, min(cell.bounds.width, offset))
            return
        }
        if configuration.performsFirstActionWithFullSwipe, abs(offset) > cell.bounds.width * 0.6 {
            cell.swipeActionsView?.performFirst()
        } else if abs(offset) > width / 2 {
            cell.swipeOffset = offset < 0 ? -width : width
        } else {
            closeSwipe()
        }
    }

    /// Closes the swiped row, if any.
    func closeSwipe() {
        guard let path = swipedIndexPath else { return }
        swipedIndexPath = nil
        guard let cell = visible[path] else { return }
        UIView.animate(withDuration: 0.2, animations: {
            cell.swipeOffset = 0
            cell.layoutIfNeeded()
        }, completion: { _ in if cell.swipeOffset == 0 { cell.swipeActionsView = nil } })
    }

    // MARK: Hooks: the subclass's data source and delegate

    func sourceSectionCount() -> Int { 0 }
    func sourceItemCount(inSection section: Int) -> Int { 0 }
    func sourceCell(at indexPath: IndexPath) -> UICollectionViewCell? { nil }
    func sourceSupplementary(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? { nil }
    var outlineSource: OutlineInformation? { nil }
    func tellWillDisplay(_ cell: UICollectionViewCell, at indexPath: IndexPath) {}
    func tellDidEndDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath) {}
    func tellWillDisplaySupplementary(_ view: UICollectionReusableView, kind: String, at indexPath: IndexPath) {}
    func tellDidEndDisplayingSupplementary(_ view: UICollectionReusableView, kind: String, at indexPath: IndexPath) {}
    func askShouldHighlight(_ indexPath: IndexPath) -> Bool { true }
    func tellDidHighlight(_ indexPath: IndexPath) {}
    func tellDidUnhighlight(_ indexPath: IndexPath) {}
    func askShouldSelect(_ indexPath: IndexPath) -> Bool { true }
    func askShouldDeselect(_ indexPath: IndexPath) -> Bool { true }
    func tellDidSelect(_ indexPath: IndexPath) {}
    func tellDidDeselect(_ indexPath: IndexPath) {}
    func askCanFocus(_ indexPath: IndexPath) -> Bool { allowsFocus }
    func askSelectionFollowsFocus(_ indexPath: IndexPath) -> Bool { selectionFollowsFocus }

    // MARK: Registration and dequeueing

    /// Registers `cellClass` for `identifier` (UIKit also takes a nib; SceneHost has none).
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass = cellClass as? UICollectionViewCell.Type else {
            cellClasses[identifier] = nil
            return
        }
        cellClasses[identifier] = cellClass
    }

    /// Registers `viewClass` for supplementary views of `elementKind` with `identifier`.
    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses[elementKind + "\u{1}" + identifier] = viewClass as? UICollectionReusableView.Type
    }

    /// A cell for `indexPath` of the class registered for `identifier`: a reused one (after its
    /// `prepareForReuse()`) or a new one made with `init(frame:)`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let cellClass = cellClasses[identifier] else {
            preconditionFailure("UICollectionView.dequeueReusableCell: no class registered for reuse identifier \"\(identifier)\"; call register(_:forCellWithReuseIdentifier:) first, or use a CellRegistration")
        }
        return dequeueCell(identifier: identifier, cellClass)
    }

    /// A supplementary view of `elementKind` for `indexPath`, registered with `identifier`.
    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> UICollectionReusableView {
        let key = elementKind + "\u{1}" + identifier
        guard let viewClass = supplementaryClasses[key] else {
            preconditionFailure("UICollectionView.dequeueReusableSupplementaryView: no class registered for kind \"\(elementKind)\" and reuse identifier \"\(identifier)\"; call register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
        }
        return dequeueView(identifier: key) { viewClass.init() }
    }

    /// A cell from `registration`, configured by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                          item: Item?) -> Cell {
        let cell: Cell
        if let reconfiguring = reconfiguringCell as? Cell {
            cell = reconfiguring
        } else {
            cell = dequeueCell(identifier: registration.reuseIdentifier, Cell.self) as! Cell
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view from `registration`, configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: UICollectionView.SupplementaryRegistration<Supplementary>,
                                                                      for indexPath: IndexPath) -> Supplementary {
        let view = dequeueView(identifier: registration.reuseIdentifier) { Supplementary() } as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    private func dequeueCell(identifier: String, _ cellClass: UICollectionViewCell.Type) -> UICollectionViewCell {
        let cell = dequeueView(identifier: identifier) { cellClass.init() } as! UICollectionViewCell
        // The list the cell goes into is known before the registration's handler runs, so its
        // `defaultContentConfiguration()` has the list's look (a sidebar row's, say).
        if let pendingListPlacement, cell.listPlacement != pendingListPlacement { cell.listPlacement = pendingListPlacement }
        return cell
    }
    /// The list placement of the cell being made.
    private var pendingListPlacement: ListPlacement?

    private func dequeueView(identifier: String, make: () -> UICollectionReusableView) -> UICollectionReusableView {
        if var pool = reusePool[identifier], let view = pool.popLast() {
            reusePool[identifier] = pool
            view.prepareForReuse()
            return view
        }
        let view = make()
        view.reuseIdentifier = identifier
        return view
    }

    // MARK: Counts

    /// How many sections the data source has.
    public var numberOfSections: Int { validateCounts(); return counts.count }

    /// How many items section `section` has.
    public func numberOfItems(inSection section: Int) -> Int {
        validateCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    private func validateCounts() {
        guard !countsValid else { return }
        countsValid = true
        counts = (0..<sourceSectionCount()).map { sourceItemCount(inSection: $0) }
    }

    /// Reads everything from the data source again: every cell shown is made anew.
    open func reloadData() {
        countsValid = false
        for (path, cell) in visible { recycle(cell, at: path) }
        visible = [:]
        for (key, view) in visibleSupplementaries { recycle(supplementary: view, key) }
        visibleSupplementaries = [:]
        selected = []; selectedOrder = []
        itemsLayout.invalidateLayout()
    }

    /// Called by the layout's `invalidateLayout()`.
    func layoutWasInvalidated() {
        countsValid = countsValid && true
        layoutGeneration += 1
        setNeedsLayout()
    }
    private var layoutGeneration = 0

    // MARK: Layout

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        // The section provider reads the traits: it runs again (and cells are measured again).
        itemsLayout.invalidateLayout()
    }

    /// Lays the visible cells out: the layout's elements in the visible rectangle plus a margin are
    /// shown, made or reused as needed; those that left are put aside for reuse.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateVisibleElements()
    }

    /// The insets the layout sees (pinned headers stop below them).
    var adjustedContentInsetForLayout: UIEdgeInsets { adjustedContentInset }

    func updateVisibleElements() {
        if bounds.size != lastLayoutSize {
            // The layout is prepared again, but what cells measured stays theirs: each is measured again
            // only if the size the layout proposes to it changed (see `place`), as UIKit keeps a cell's
            // preferred size while its width stays.
            if itemsLayout.shouldInvalidateLayout(forBoundsChange: CGRect(origin: bounds.origin, size: lastLayoutSize)) || lastLayoutSize == .zero {
                itemsLayout.needsPrepare = true
            }
            lastLayoutSize = bounds.size
        }
        validateCounts()
        backgroundView?.frame = bounds
        // Self-sizing cells change the layout as they are measured: a few rounds settle it.
        for _ in 0..<4 {
            if itemsLayout.needsPrepare {
                itemsLayout.prepareIfNeeded()
                adoptListBackground()
            }
            let size = itemsLayout.collectionViewContentSize
            if contentSize != size { contentSize = size }
            if !showElements() { break }
        }
    }

    /// A list layout's background (its configuration's, or its appearance's) becomes the view's, as in
    /// UIKit; a colour set on the view after that stays until the list's changes.
    private func adoptListBackground() {
        guard let list = (itemsLayout as? UICollectionViewCompositionalLayout)?.sectionLayout(at: 0)?.listConfiguration else { return }
        let color = list.resolvedBackgroundColor
        guard color != appliedListBackground else { return }
        appliedListBackground = color
        backgroundColor = color
    }
    private var appliedListBackground: UIColor?

    /// The rectangle whose elements exist: the visible one and a quarter screen around it.
    private var liveRect: CGRect {
        let margin = bounds.height * Self.marginFraction
        return bounds.insetBy(dx: -bounds.width * Self.marginFraction, dy: -margin)
    }

    /// Set while the elements are placed: a cell configured then is measured in the same pass.
    private(set) var isShowingElements = false

    /// One round of showing the elements in `liveRect`; returns whether measuring changed the layout.
    private func showElements() -> Bool {
        isShowingElements = true
        defer { isShowingElements = false }
        pass &+= 1
        elements.removeAll(keepingCapacity: true)
        itemsLayout.collectElements(in: liveRect, into: &elements)
        var layoutChanged = false
        for element in elements {
            switch element.category {
            case .cell:
                let path = element.indexPath
                guard path.section < counts.count, path.item < counts[path.section] else { continue }
                var cell: UICollectionViewCell
                var fresh = false
                if let shown = visible[path] {
                    cell = shown
                    if let list = element.list, let old = shown.listPlacement, old.appearance != list.appearance {
                        // The list's look changed (a sidebar became a grouped list): the row is configured
                        // again for it, as a row made now would be (`defaultContentConfiguration()`).
                        shown.listPlacement = list
                        reconfigure(at: path)
                        guard let now = visible[path] else { continue }
                        cell = now
                    }
                } else {
                    pendingListPlacement = element.list
                    defer { pendingListPlacement = nil }
                    guard let made = makeCell(at: path) else { continue }
                    cell = made
                    visible[path] = cell
                    fresh = true
                }
                cell.displayPass = pass
                if place(cell, element, fresh: fresh) { layoutChanged = true }
                if fresh { tellWillDisplay(cell, at: path) }
            case .supplementaryView, .decorationView:
                let key = SupplementaryKey(kind: element.kind ?? "", indexPath: element.indexPath, isDecoration: element.category == .decorationView)
                let view: UICollectionReusableView
                var fresh = false
                if let shown = visibleSupplementaries[key] {
                    view = shown
                } else {
                    guard let made = makeSupplementary(key) else { continue }
                    view = made
                    visibleSupplementaries[key] = view
                    fresh = true
                }
                view.displayPass = pass
                if place(view, element, fresh: fresh) { layoutChanged = true }
                if fresh, !key.isDecoration {
                    tellWillDisplaySupplementary(view, kind: key.kind, at: key.indexPath)
                }
            }
        }
        // What the layout no longer lists goes back to the pools.
        if visible.count > 0 {
            for (path, cell) in visible where cell.displayPass != pass {
                visible[path] = nil
                recycle(cell, at: path)
                tellDidEndDisplaying(cell, at: path)
            }
        }
        for (key, view) in visibleSupplementaries where view.displayPass != pass {
            visibleSupplementaries[key] = nil
            recycle(supplementary: view, key)
            if !key.isDecoration {
                tellDidEndDisplayingSupplementary(view, kind: key.kind, at: key.indexPath)
            }
        }
        return layoutChanged
    }

    /// Puts `view` at its element's frame; measures it when the element sizes itself. Returns whether
    /// the measurement changed the layout.
    ///
    /// A self-sizing view is measured again only when it is new here, its content changed
    /// (`needsMeasure`: reconfigured, a new content configuration, a new list placement), the layout was
    /// invalidated (traits, updates, `invalidateLayout()`), or the layout proposes another size on the
    /// axis it does not size itself on (the width, for rows of estimated height). Otherwise the size it
    /// measured at that proposal is reused: a window drag that leaves a list's width alone measures no row.
    private func place(_ view: UICollectionReusableView, _ element: LayoutElement, fresh: Bool) -> Bool {
        if let cell = view as? UICollectionViewCell {
            if cell.listPlacement != element.list {
                cell.listPlacement = element.list
                cell.needsMeasure = true
            }
            cell.updateConfigurationIfNeeded()
        }
        let frame = element.frame
        if view.frame != frame { view.frame = frame }
        if view.isHidden { view.isHidden = false }
        if let layer = view.backingLayer, layer.zPosition != CGFloat(element.zIndex) { layer.zPosition = CGFloat(element.zIndex) }
        else if view.backingLayer == nil, element.zIndex != 0 { view.layer.zPosition = CGFloat(element.zIndex) }
        view.element = element
        guard element.selfSizingHeight || element.selfSizingWidth else { return false }
        // The proposal the measurement depends on: the fixed axes of the element's frame.
        let proposal = CGSize(width: element.selfSizingWidth ? 0 : frame.width, height: element.selfSizingHeight ? 0 : frame.height)
        if fresh || view.measuredGeneration != layoutGeneration || view.needsMeasure {
            view.measuredGeneration = layoutGeneration
            view.needsMeasure = false
            view.reuseState.measurements.removeAll()
        } else if let known = view.reuseState.measurements.size(for: proposal) {
            // Measured at this proposal already: the layout holds the size unless the item moved (an
            // update), in which case it takes it back without the view being measured.
            return itemsLayout.elementWasMeasured(element, size: known)
        }
        let preferred = preferredSize(of: view, for: element) ?? view.preferredLayoutAttributesFitting(UICollectionViewLayoutAttributes(element)).size
        view.reuseState.measurements.record(preferred, for: proposal)
        return itemsLayout.elementWasMeasured(element, size: preferred)
    }

    private func makeCell(at path: IndexPath) -> UICollectionViewCell? {
        guard let cell = sourceCell(at: path) else { return nil }
        adopt(cell)
        cell.isSelected = selected.contains(path)
        cell.isHighlighted = highlighted == path
        cell.isCellFocused = focusedIndexPath == path && isFirstResponder
        (cell as? UICollectionViewListCell)?.isEditing = isEditing
        decorate(cell, at: path)
        return cell
    }

    /// Outline state a diffable data source knows (expanded, level) goes on the cell.
    private func decorate(_ cell: UICollectionViewCell, at path: IndexPath) {
        guard let outline = outlineSource?.outlineState(at: path) else { return }
        cell.isExpandedItem = outline.isExpanded
        if let list = cell as? UICollectionViewListCell, list.indentationLevel != outline.level { list.indentationLevel = outline.level }
    }

    private func makeSupplementary(_ key: SupplementaryKey) -> UICollectionReusableView? {
        let view: UICollectionReusableView
        if key.isDecoration {
            guard let viewClass = itemsLayout.decorationClasses[key.kind] else { return nil }
            view = dequeueView(identifier: "decoration\u{1}" + key.kind) { viewClass.init() }
        } else {
            guard let made = sourceSupplementary(ofKind: key.kind, at: key.indexPath) else { return nil }
            view = made
        }
        adopt(view)
        return view
    }

    /// Makes `view` a subview (below the scroll indicators' overlay, above the background view).
    private func adopt(_ view: UICollectionReusableView) {
        if view.superview !== self { insertSubview(view, at: backgroundView == nil ? 0 : 1) }
    }

    private func recycle(_ cell: UICollectionViewCell, at path: IndexPath) {
        cell.isHighlighted = false
        cell.isCellFocused = false
        enqueue(cell)
    }

    private func recycle(supplementary view: UICollectionReusableView, _ key: SupplementaryKey) { enqueue(view) }

    /// Hides `view` for reuse; a pool keeps at most a quarter as many views as are shown, the rest go away.
    private func enqueue(_ view: UICollectionReusableView) {
        guard let identifier = view.reuseIdentifier else { view.removeFromSuperview(); return }
        var pool = reusePool[identifier] ?? []
        if pool.count >= max(4, visible.count / 4) {
            view.removeFromSuperview()
            return
        }
        view.isHidden = true
        pool.append(view)
        reusePool[identifier] = pool
    }

    // MARK: Queries

    /// The cells in view.
    var shownCells: [UICollectionViewCell] { visible.values.filter { $0.frame.intersects(bounds) } }
    var shownIndexPaths: [IndexPath] { indexPathsForVisibleItems }
    func shownCell(at indexPath: IndexPath) -> UICollectionViewCell? { visible[indexPath] }
    func shownIndexPath(of cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }
    func itemIndexPath(at point: CGPoint) -> IndexPath? { indexPathForItem(at: point) }
    var selectedIndexPaths: [IndexPath] { selectedOrder }
    var sectionCount: Int { numberOfSections }
    func itemCount(inSection section: Int) -> Int { numberOfItems(inSection: section) }
    /// A reused view of `identifier` (after `prepareForReuse()`) or a new one from `make`.
    func dequeue(identifier: String, make: () -> UICollectionReusableView) -> UICollectionReusableView {
        dequeueView(identifier: identifier, make: make)
    }
    /// A reused view of `identifier`, if one waits.
    func takeReusable(identifier: String) -> UICollectionReusableView? {
        guard var pool = reusePool[identifier], let view = pool.popLast() else { return nil }
        reusePool[identifier] = pool
        view.prepareForReuse()
        return view
    }
    /// The size an element's view should have, when the subclass knows better than the view (a
    /// table's `heightForRowAt`); nil measures the view.
    func preferredSize(of view: UICollectionReusableView, for element: LayoutElement) -> CGSize? { nil }
    /// The index paths of the cells shown in view.
    public var indexPathsForVisibleItems: [IndexPath] { visible.filter { $0.value.frame.intersects(bounds) }.map(\.key).sorted() }
    /// How many cells exist now (in view and in the margin): tests and benchmarks check reuse with it.
    @_spi(Runtime) public var liveCellCount: Int { visible.count }
    /// How many views wait in the reuse pools.
    @_spi(Runtime) public var pooledViewCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

    /// The cell shown for `indexPath`, or nil when it is not shown.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visible[indexPath] }

    /// The index path of `cell`, when it is shown.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// The item at `point` (in the collection view's coordinates), if any.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        if let hit = visible.first(where: { $0.value.frame.contains(point) && !$0.value.isHidden }) { return hit.key }
        var found: [LayoutElement] = []
        itemsLayout.collectElements(in: CGRect(x: point.x, y: point.y, width: 1, height: 1), into: &found)
        return found.last { $0.category == .cell && $0.frame.contains(point) }?.indexPath
    }

    /// The layout's attributes of the item at `indexPath`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        itemsLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The supplementary view shown for `elementKind` at `indexPath`, if any.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleSupplementaries[SupplementaryKey(kind: elementKind, indexPath: indexPath, isDecoration: false)]
    }

    /// The supplementary views of `elementKind` shown.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleSupplementaries.filter { $0.key.kind == elementKind && !$0.key.isDecoration }.map(\.value)
    }

    /// Scrolls so the item at `indexPath` shows at `scrollPosition` (none: just into view).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {
        itemsLayout.prepareIfNeeded()
        (itemsLayout as? UICollectionViewCompositionalLayout)?.revealAcross(indexPath)
        guard let frame = itemsLayout.frameOfItem(at: indexPath) else { return }
        let inset = adjustedContentInset
        var offset = contentOffset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        if scrollPosition.contains(.top) {
            offset.y = frame.minY - inset.top
        } else if scrollPosition.contains(.centeredVertically) {
            offset.y = frame.midY - inset.top - visibleHeight / 2
        } else if scrollPosition.contains(.bottom) {
            offset.y = frame.maxY - bounds.height + inset.bottom
        } else {
            return scrollRectToVisible(frame, animated: animated)
        }
        let maximum = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        offset.y = min(max(offset.y, -inset.top), maximum)
        setContentOffset(offset, animated: animated)
        setNeedsLayout()
    }

    // MARK: Selection

    /// The selected items, in the order they were selected.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedOrder }

    /// Selects the item at `indexPath` (nil deselects all), without telling the delegate, and scrolls
    /// it to `scrollPosition`, as in UIKit.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else { return deselectAll(except: nil) }
        if !allowsMultipleSelection { deselectAll(except: indexPath) }
        if selected.insert(indexPath).inserted { selectedOrder.append(indexPath) }
        visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath` without telling the delegate.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        selectedOrder.removeAll { $0 == indexPath }
        visible[indexPath]?.isSelected = false
    }

    private func deselectAll(except kept: IndexPath?) {
        for path in selectedOrder where path != kept { visible[path]?.isSelected = false }
        selected = kept.map { selected.contains($0) ? [$0] : [] } ?? []
        selectedOrder = selectedOrder.filter { selected.contains($0) }
    }

    /// A person selected `indexPath` (click, key): asks and tells the delegate, as UIKit does. A click
    /// on the item already selected, with single selection, selects it again: the delegate is asked and
    /// told once more (a list that keeps its selection shown opens that item again).
    private func userSelect(_ indexPath: IndexPath) {
        guard allowsSelection else { return }
        if selected.contains(indexPath) {
            guard allowsMultipleSelection else {
                if askShouldSelect(indexPath) { tellDidSelect(indexPath) }
                return
            }
            if askShouldDeselect(indexPath) {
                deselectItem(at: indexPath, animated: true)
                tellDidDeselect(indexPath)
            }
            return
        }
        guard askShouldSelect(indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selectedOrder {
                deselectItem(at: path, animated: true)
                tellDidDeselect(path)
            }
        }
        selectItem(at: indexPath, animated: true, scrollPosition: [])
        tellDidSelect(indexPath)
    }

    // MARK: Pointer

    open override var canBecomeFirstResponder: Bool { true }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // A click anywhere but on the actions closes a swiped row.
        if swipedIndexPath != nil { closeSwipe(); return }
        guard let touch = touches.first, let path = indexPathForItem(at: touch.location(in: self)) else { return }
        guard allowsSelection, askShouldHighlight(path) else { return }
        highlighted = path
        visible[path]?.isHighlighted = true
        tellDidHighlight(path)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let path = indexPathForItem(at: touch.location(in: self))
        let wasHighlighted = highlighted
        endHighlight()
        becomeFirstResponder()
        guard let path, path == wasHighlighted else { return }
        moveFocus(to: path, select: false)
        userSelect(path)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { endHighlight() }

    private func endHighlight() {
        guard let path = highlighted else { return }
        highlighted = nil
        visible[path]?.isHighlighted = false
        tellDidUnhighlight(path)
    }

    // MARK: Keyboard

    open override var keyCommands: [UIKeyCommand]? {
        guard allowsFocus, numberOfSections > 0 else { return super.keyCommands }
        let moves: [(String, CGPoint)] = [(UIKeyCommand.inputUpArrow, CGPoint(x: 0, y: -1)), (UIKeyCommand.inputDownArrow, CGPoint(x: 0, y: 1)),
                                           (UIKeyCommand.inputLeftArrow, CGPoint(x: -1, y: 0)), (UIKeyCommand.inputRightArrow, CGPoint(x: 1, y: 0))]
        var commands = moves.map { input, direction in
            UIKeyCommand(input: input, modifierFlags: []) { [unowned self] _ in self.moveFocus(direction) }
        }
        commands.append(UIKeyCommand(input: UIKeyCommand.inputHome, modifierFlags: []) { [unowned self] _ in
            if let first = self.firstIndexPath { self.moveFocus(to: first, select: true) }
        })
        commands.append(UIKeyCommand(input: UIKeyCommand.inputEnd, modifierFlags: []) { [unowned self] _ in
            if let last = self.lastIndexPath { self.moveFocus(to: last, select: true) }
        })
        for input in ["\r", " "] {
            commands.append(UIKeyCommand(input: input, modifierFlags: []) { [unowned self] _ in
                if let focused = self.focusedIndexPath { self.userSelect(focused) }
            })
        }
        return commands + (super.keyCommands ?? [])
    }

    private var firstIndexPath: IndexPath? {
        for section in 0..<numberOfSections where numberOfItems(inSection: section) > 0 { return IndexPath(item: 0, section: section) }
        return nil
    }
    private var lastIndexPath: IndexPath? {
        for section in (0..<numberOfSections).reversed() where numberOfItems(inSection: section) > 0 {
            return IndexPath(item: numberOfItems(inSection: section) - 1, section: section)
        }
        return nil
    }

    /// Moves the keyboard focus to the nearest item in `direction` (in reading direction for left and
    /// right in a right-to-left layout, the geometry decides).
    func moveFocus(_ direction: CGPoint) {
        guard let from = focusedIndexPath ?? selectedOrder.last else {
            if let first = firstIndexPath { moveFocus(to: first, select: true) }
            return
        }
        guard let next = itemsLayout.indexPath(from: from, moving: direction) else { return }
        moveFocus(to: next, select: true)
    }

    private func moveFocus(to path: IndexPath, select: Bool) {
        guard askCanFocus(path) else { return }
        if let old = focusedIndexPath { visible[old]?.isCellFocused = false }
        focusedIndexPath = path
        visible[path]?.isCellFocused = isFirstResponder
        if select, askSelectionFollowsFocus(path), !selected.contains(path) || allowsMultipleSelection {
            if !selected.contains(path) { userSelect(path) }
        }
        scrollToItem(at: path, at: [], animated: true)
    }

    // MARK: Updates

    /// Reloads the items at `indexPaths` (old index paths): their cells are made anew by the data source,
    /// in one animated batch with the other classic updates around it.
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloadedItems.formUnion(indexPaths) } }
    /// Reconfigures the visible cells of `indexPaths`: the data source configures the same cells again.
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        for path in indexPaths { reconfigure(at: path) }
    }
    /// Inserts items at `indexPaths` (index paths after the update); the data source must already hold them.
    /// Animated as a diffable apply is: the items around move to their places, the new ones fade in.
    open func insertItems(at indexPaths: [IndexPath]) { record { $0.insertedItems.formUnion(indexPaths) } }
    /// Deletes the items at `indexPaths` (index paths before the update): their cells fade out and the
    /// others move up.
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deletedItems.formUnion(indexPaths) } }
    /// Moves an item from `indexPath` (before the update) to `newIndexPath` (after it); its cell slides there.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.movedItems[indexPath] = newIndexPath } }
    /// Inserts whole sections (indexes after the update).
    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    /// Deletes whole sections (indexes before the update).
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    /// Makes every item of `sections` anew.
    open func reloadSections(_ sections: IndexSet) { record { $0.reloadedSections.formUnion(sections) } }
    /// Moves a section from `section` to `newSection`.
    open func moveSection(_ section: Int, toSection newSection: Int) { record { $0.movedSections[section] = newSection } }

    /// Runs `updates` (classic insertions, deletions, moves and reloads) as one batch, then animates the
    /// change as a diffable apply does (one code path): cells that stay move to their new places,
    /// inserted ones fade in, deleted ones fade out. `completion` runs when the animation ends (at once
    /// when the view is not in a window). Counts that do not add up (UIKit raises) reload everything,
    /// with a warning.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginBatch()
        updates?()
        endBatch(completion: completion)
    }

    /// The batch being collected and how deeply batches nest.
    private var batch = ClassicBatchUpdate()
    private var batchDepth = 0
    /// Whether an update of the batch asked for animation (a table's `.none` rows do not).
    private var batchAnimates = false
    /// Counts before the batch, when cells were shown from them (else the batch just reloads).
    private var countsBeforeBatch: [Int]?

    func beginBatch() {
        if batchDepth == 0 {
            batch = ClassicBatchUpdate()
            batchAnimates = false
            countsBeforeBatch = countsValid ? counts : nil
        }
        batchDepth += 1
    }

    func endBatch(completion: ((Bool) -> Void)?) {
        batchDepth -= 1
        guard batchDepth == 0 else { completion?(true); return }
        let update = batch
        batch = ClassicBatchUpdate()
        let newCounts = (0..<sourceSectionCount()).map { sourceItemCount(inSection: $0) }
        guard let old = countsBeforeBatch else {
            reloadData()
            layoutIfNeeded()
            completion?(true)
            return
        }
        guard let mapping = update.mapping(from: old, to: newCounts) else {
            SceneHostLog.warning("\(type(of: self)): the data source's counts after a batch of updates (\(newCounts)) do not match the counts before it (\(old)) with the insertions and deletions made; everything is reloaded (UIKit raises NSInternalInconsistencyException here)")
            let keepSelection = selectedOrder
            reloadData()
            validateCounts()
            for path in keepSelection where path.section < counts.count && path.item < counts[path.section] {
                selected.insert(path); selectedOrder.append(path)
            }
            layoutIfNeeded()
            completion?(true)
            return
        }
        applyUpdate(counts: newCounts, move: mapping.newIndexPath(for:), reloaded: mapping.reloadedPaths, reconfigured: [],
                    animated: batchAnimates || update.isEmpty, completion: { completion?(true) })
    }

    /// Adds one classic update to the open batch, or makes it a batch of its own.
    func record(animated: Bool = true, _ change: (inout ClassicBatchUpdate) -> Void) {
        beginBatch()
        change(&batch)
        batchAnimates = batchAnimates || animated
        endBatch(completion: nil)
    }

    /// Sets a new layout; with `animated`, cells move to their new frames.
    func setItemsLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?) {
        let before = visible.mapValues(\.frame)
        itemsLayout = layout
        layoutIfNeeded()
        guard animated else { completion?(true); return }
        animateMoves(from: before, completion: completion)
    }

    private func reconfigure(at path: IndexPath) {
        guard let cell = visible[path] else { return }
        reconfiguringCell = cell
        defer { reconfiguringCell = nil }
        guard let result = sourceCell(at: path) else { return }
        if result !== cell {
            // The provider made another kind of cell: it replaces the old one.
            recycle(cell, at: path)
            adopt(result)
            visible[path] = result
        }
        visible[path]?.needsMeasure = true
        setNeedsLayout()
    }

    /// A diffable data source applied a snapshot: counts change, shown cells follow their items to
    /// their new index paths (`move` maps old paths to new ones, nil for deleted items), reloaded ones
    /// are made anew, reconfigured ones configured again, and with `animated` the cells that stay
    /// move to their new places while inserted ones fade in and deleted ones fade out.
    func applyUpdate(counts newCounts: [Int], move: (IndexPath) -> IndexPath?, reloaded: [IndexPath], reconfigured: [IndexPath],
                     animated: Bool, completion: (() -> Void)?) {
        let oldFrames = visible.mapValues(\.frame)
        var moved: [IndexPath: UICollectionViewCell] = [:]
        var movedFrames: [IndexPath: CGRect] = [:]
        var leaving: [UICollectionViewCell] = []
        for (path, cell) in visible {
            if let target = move(path) {
                moved[target] = cell
                movedFrames[target] = oldFrames[path]
            } else {
                leaving.append(cell)
            }
        }
        visible = moved
        counts = newCounts
        countsValid = true
        // Selection and focus follow their items.
        let oldSelection = selectedOrder
        selected = []; selectedOrder = []
        for path in oldSelection { if let target = move(path) { selected.insert(target); selectedOrder.append(target) } }
        focusedIndexPath = focusedIndexPath.flatMap(move)
        for (key, view) in visibleSupplementaries { recycle(supplementary: view, key) }
        visibleSupplementaries = [:]
        for path in reloaded { if let cell = visible.removeValue(forKey: path) { recycle(cell, at: path) } }
        for (path, cell) in visible {
            cell.isSelected = selected.contains(path)
            decorate(cell, at: path)
        }
        for path in reconfigured { reconfigure(at: path) }
        itemsLayout.invalidateLayout()
        if animated, window != nil {
            // The leaving cells stay in place while they fade out.
            for cell in leaving { cell.isHidden = false }
            layoutIfNeeded()
            animateMoves(from: movedFrames, leaving: leaving, completion: { _ in completion?() })
        } else {
            for cell in leaving { enqueue(cell) }
            layoutIfNeeded()
            completion?()
        }
    }

    /// Animates the cells shown from `before` (their old frames by their new index paths) to where they
    /// are now; new cells fade in, `leaving` cells fade out and are then reused.
    private func animateMoves(from before: [IndexPath: CGRect], leaving: [UICollectionViewCell] = [], completion: ((Bool) -> Void)?) {
        var targets: [(UICollectionViewCell, CGRect)] = []
        var appearing: [UICollectionViewCell] = []
        for (path, cell) in visible {
            if let old = before[path] {
                if old != cell.frame { targets.append((cell, cell.frame)); cell.frame = old }
            } else {
                appearing.append(cell)
                cell.alpha = 0
            }
        }
        UIView.animate(withDuration: 0.3, animations: {
            for (cell, frame) in targets { cell.frame = frame }
            for cell in appearing { cell.alpha = 1 }
            for cell in leaving { cell.alpha = 0 }
        }, completion: { [weak self] finished in
            for cell in leaving {
                cell.alpha = 1
                if let self { self.enqueue(cell) } else { cell.removeFromSuperview() }
            }
            completion?(finished)
        })
    }

    /// An outline disclosure was clicked in `cell`: its item expands or collapses.
    func toggleExpansion(of cell: UICollectionViewListCell) {
        guard let path = indexPath(for: cell), let outline = outlineSource else { return }
        outline.toggleExpansion(at: path)
    }
}

/// A scrolling view of items placed by a layout, as UIKit's `UICollectionView`: cells come from the
/// data source through registrations, only those in view (and a margin of a quarter screen each way) exist, and
/// cells leaving the view are reused for those entering it (`prepareForReuse()`).
///
/// Selection: a click selects (a click on a selected item in multiple selection deselects it); when
/// the collection view is first responder (a click makes it so) the arrow keys move to the nearest
/// item that way, selecting it when `selectionFollowsFocus` (default true here; system-chosen in UIKit),
/// Home and End go to the first and last items, and Return or Space selects; the item is scrolled into
/// view.
///
/// Classic updates (`insertItems(at:)`, `deleteItems(at:)`, `moveItem(at:to:)`, `reloadItems(at:)`,
/// section updates, `performBatchUpdates`) animate exactly as a diffable data source's `apply` does.
///
/// Differs from UIKit: no drag and drop, no prefetching, no interactive reordering.
@MainActor
open class UICollectionView: ItemsScrollView {
    /// The direction a flow layout scrolls (raw values as UIKit's).
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal = 1 }

    /// Where `scrollToItem(at:at:animated:)` puts the item (raw values as UIKit's).
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of section headers (UIKit's `elementKindSectionHeader`).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// A registration of a cell class with a handler that configures it for an item, as UIKit's
    /// `UICollectionView.CellRegistration`: `dequeueConfiguredReusableCell(using:for:item:)` registers
    /// it on first use. Make registrations outside the cell provider (UIKit raises otherwise; SceneHost
    /// lets each one made there have its own reuse pool, which defeats reuse).
    @MainActor public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let reuseIdentifier: String
        public init(handler: @escaping Handler) {
            self.handler = handler
            reuseIdentifier = "CellRegistration-\(Cell.self)-\(UICollectionView.nextRegistration())"
        }
    }

    /// A registration of a supplementary view class of one kind, as UIKit's
    /// `UICollectionView.SupplementaryRegistration`.
    @MainActor public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        let handler: Handler
        let elementKind: String
        let reuseIdentifier: String
        public init(elementKind: String, handler: @escaping Handler) {
            self.handler = handler
            self.elementKind = elementKind
            reuseIdentifier = "SupplementaryRegistration-\(Supplementary.self)-\(UICollectionView.nextRegistration())"
        }
    }

    private static var registrationCount = 0
    fileprivate static func nextRegistration() -> Int { registrationCount += 1; return registrationCount }

    /// The layout; setting it lays the items out anew (see `setCollectionViewLayout(_:animated:)`).
    open var collectionViewLayout: UICollectionViewLayout {
        get { itemsLayout }
        set { itemsLayout = newValue }
    }
    /// The data source (weak, as in UIKit: keep your diffable data source alive).
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { reloadData() } }
    /// The drag and drop delegates' adapters and their interactions (UICollectionView+DragAndDrop.swift).
    var dragSupport: CollectionViewDragSupport?
    var dropSupport: CollectionViewDropSupport?
    /// The delegate; a `UICollectionViewDelegate` can open windows by drags of items, so setting one
    /// adds the drag interaction (UICollectionView+DragAndDrop.swift).
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { installDragSupportIfNeeded() } }

    /// A collection view with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        super.init(frame: frame, layout: layout)
    }

    /// The cells shown in view.
    public var visibleCells: [UICollectionViewCell] { shownCells }

    /// Sets a new layout; with `animated`, cells move to their new frames.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        setItemsLayout(layout, animated: animated, completion: completion)
    }

    private var itemDelegate: (any UICollectionViewDelegate)? { delegate as? UICollectionViewDelegate }

    override func sourceSectionCount() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
    override func sourceItemCount(inSection section: Int) -> Int { dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0 }
    override func sourceCell(at indexPath: IndexPath) -> UICollectionViewCell? { dataSource?.collectionView(self, cellForItemAt: indexPath) }
    override func sourceSupplementary(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        dataSource?.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    override var outlineSource: OutlineInformation? { dataSource as? OutlineInformation }
    override func tellWillDisplay(_ cell: UICollectionViewCell, at indexPath: IndexPath) { itemDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath) }
    override func tellDidEndDisplaying(_ cell: UICollectionViewCell, at indexPath: IndexPath) { itemDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath) }
    override func tellWillDisplaySupplementary(_ view: UICollectionReusableView, kind: String, at indexPath: IndexPath) {
        itemDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: indexPath)
    }
    override func tellDidEndDisplayingSupplementary(_ view: UICollectionReusableView, kind: String, at indexPath: IndexPath) {
        itemDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: indexPath)
    }
    override func askShouldHighlight(_ indexPath: IndexPath) -> Bool { itemDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true }
    override func tellDidHighlight(_ indexPath: IndexPath) { itemDelegate?.collectionView(self, didHighlightItemAt: indexPath) }
    override func tellDidUnhighlight(_ indexPath: IndexPath) { itemDelegate?.collectionView(self, didUnhighlightItemAt: indexPath) }
    override func askShouldSelect(_ indexPath: IndexPath) -> Bool { itemDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true }
    override func askShouldDeselect(_ indexPath: IndexPath) -> Bool { itemDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true }
    override func tellDidSelect(_ indexPath: IndexPath) { itemDelegate?.collectionView(self, didSelectItemAt: indexPath) }
    override func tellDidDeselect(_ indexPath: IndexPath) { itemDelegate?.collectionView(self, didDeselectItemAt: indexPath) }
    override func askCanFocus(_ indexPath: IndexPath) -> Bool { itemDelegate?.collectionView(self, canFocusItemAt: indexPath) ?? allowsFocus }
    override func askSelectionFollowsFocus(_ indexPath: IndexPath) -> Bool {
        itemDelegate?.collectionView(self, selectionFollowsFocusForItemAt: indexPath) ?? selectionFollowsFocus
    }
}

/// Takes sideways scrolls for a collection view's orthogonal sections (the scroll view's own pan refuses
/// them when its content does not scroll sideways).
@MainActor
final class OrthogonalScrollRecognizer: UIPanGestureRecognizer {
    unowned(unsafe) var owner: ItemsScrollView?
    var section: Int?
    var applied: CGFloat = 0

    var swiping: IndexPath?

    override func acceptsScroll(by delta: CGPoint, type: UIScrollTypeMask) -> Bool {
        guard abs(delta.x) > abs(delta.y), let layout = owner?.itemsLayout as? UICollectionViewCompositionalLayout else { return false }
        return layout.hasOrthogonalSections || layout.hasSwipeActions
    }
}

/// What a diffable data source knows of outlines (section snapshots), for the collection view's cells.
@MainActor
protocol OutlineInformation: AnyObject {
    func outlineState(at indexPath: IndexPath) -> (isExpanded: Bool, level: Int)?
    func toggleExpansion(at indexPath: IndexPath)
}

extension UICollectionReusableView {
    /// Bookkeeping of the collection view: the pass that last showed the view, the layout generation it
    /// was measured for, and whether it must be measured again.
    var displayPass: Int {
        get { reuseState.pass }
        set { reuseState.pass = newValue }
    }
    var measuredGeneration: Int {
        get { reuseState.generation }
        set { reuseState.generation = newValue }
    }
    var needsMeasure: Bool {
        get { reuseState.needsMeasure }
        set { reuseState.needsMeasure = newValue }
    }
}

/// A reusable view's bookkeeping in its collection view.
struct ReuseState {
    var pass = -1
    var generation = -1
    var needsMeasure = false
    /// The sizes the view measured at its last few proposals.
    var measurements = MeasurementCache()
}

/// The sizes a self-sizing view measured at up to four proposals (its fixed axes: the width of a row
/// of estimated height; a new one replaces the oldest), as UIKit keeps a cell's preferred size per width: a drag back
/// and forth, or a split view moving a list between two widths, measures each width once. Emptied
/// when the view's content, traits or layout change. Fixed storage: no allocation per frame.
struct MeasurementCache {
    private var entries: (Entry, Entry, Entry, Entry) = (.none, .none, .none, .none)
    private var next = 0

    private struct Entry {
        var proposal: CGSize
        var size: CGSize
        static let none = Entry(proposal: CGSize(width: -1, height: -1), size: .zero)
    }

    /// The size measured at `proposal`, if it is kept.
    func size(for proposal: CGSize) -> CGSize? {
        if entries.0.proposal == proposal { return entries.0.size }
        if entries.1.proposal == proposal { return entries.1.size }
        if entries.2.proposal == proposal { return entries.2.size }
        if entries.3.proposal == proposal { return entries.3.size }
        return nil
    }

    /// Keeps `size` as measured at `proposal`, in place of the oldest entry.
    mutating func record(_ size: CGSize, for proposal: CGSize) {
        let entry = Entry(proposal: proposal, size: size)
        switch next {
        case 0: entries.0 = entry
        case 1: entries.1 = entry
        case 2: entries.2 = entry
        default: entries.3 = entry
        }
        next = (next + 1) % 4
    }

    mutating func removeAll() { self = MeasurementCache() }
}
