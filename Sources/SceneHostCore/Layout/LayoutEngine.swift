import Foundation

/// Auto Layout for one view hierarchy: turns the active constraints installed in the subtree of `root`
/// into solver constraints, adds the ones UIKit generates (autoresizing masks, intrinsic sizes, the
/// system layout guides, the root's size), solves, and sets the frames.
///
/// Positions are absolute in the root's coordinates; a view's frame is its solved rectangle minus its
/// superview's. Every item that takes part has its ancestors take part too, so generated constraints can
/// relate it to its superview. Incremental where layouts change often (constants, frames of views that
/// translate their autoresizing mask, intrinsic sizes, margins, a subtree joining the hierarchy); rebuilt
/// from the constraints installed in the tree when a subtree leaves or the layout direction changes.
@MainActor
final class LayoutEngine {
    enum Mode {
        /// Lays out a hierarchy: the root is pinned to its bounds and solved frames are applied.
        case hosting
        /// Measures: the root's size is pulled towards `size` at the given priorities; no frames change.
        case fitting(CGSize, UILayoutPriority, UILayoutPriority)
        /// Answers questions (ambiguity) about a hosted layout without disturbing it: pinned like
        /// `hosting`, but no frames change.
        case probe
    }

    struct Variables { let x, y, width, height: LayoutVariable }

    /// What the engine keeps of one view or guide taking part.
    final class Record {
        /// The view or guide.
        var item: any LayoutItem { view ?? guide! }
        /// Keeps the item alive while it is listed: a subtree removed from the hierarchy stays listed
        /// until the next rebuild. The root's own record does not (the root owns the engine), nor a
        /// parked one (its item owns it).
        fileprivate var kept: (any LayoutItem)?
        let variables: Variables
        /// Constraints the engine made for the item (root pin, autoresizing mask, guide definition).
        var generated: [NSLayoutConstraint] = []
        /// Intrinsic-size constraints and the size and priorities they were made for.
        var contentSize: [NSLayoutConstraint] = []
        /// The intrinsic size and priorities the content-size constraints were made from.
        var contentKey: ContentKey?
        /// The values the generated constraints were made from, to skip remaking them when nothing changed.
        var generatedFrom: [CGFloat] = []
        var hasGenerated = false

        /// The item when it is a view, and when it is a guide: cast once, read at every solve.
        unowned(unsafe) let view: UIView?
        unowned(unsafe) let guide: UILayoutGuide?
        /// The record of the view's superview, set each time the record joins the engine's order (a
        /// view that moves leaves the engine, which is rebuilt).
        unowned(unsafe) var parent: Record?
        /// The solved rectangle (root coordinates) the view's frame was last set from; nil until it is.
        var applied: (x: Double, y: Double, width: Double, height: Double)?
        /// Set while frames are applied: the solved origin moved, so its subviews' frames, relative to
        /// it, are set again.
        var originMoved = false

        init(item: any LayoutItem, variables: Variables, keep: Bool) {
            kept = keep ? item : nil
            self.variables = variables
            view = item as? UIView
            guide = item as? UILayoutGuide
        }

        /// Hands the record to its item, which left the hierarchy, for the engine that meets the item
        /// again (a table's cell back from the reuse queue) to take up rather than make anew.
        @MainActor fileprivate func park() {
            // Handed over before the item is let go: this record may be all that holds it.
            if let view { view.autoLayoutState.parkedLayoutRecord = self } else { guide?.parkedLayoutRecord = self }
            kept = nil
        }

        /// The record `item` was given when it last left a hosting engine's hierarchy, taken back.
        @MainActor fileprivate static func unpark(_ item: any LayoutItem) -> Record? {
            if let view = item as? UIView, let state = view.autoLayout, let record = state.parkedLayoutRecord {
                state.parkedLayoutRecord = nil
                return record
            }
            if let guide = item as? UILayoutGuide, let record = guide.parkedLayoutRecord {
                guide.parkedLayoutRecord = nil
                return record
            }
            return nil
        }
    }

    unowned(unsafe) let root: UIView
    let mode: Mode
    private(set) var solver = Solver()
    private(set) var records: [ObjectIdentifier: Record] = [:]
    /// Records in the order they joined: ancestors before descendants.
    private var order: [Record] = []
    /// Solver constraints by the constraint they stand for.
    private var solved: [ObjectIdentifier: (source: NSLayoutConstraint, made: LayoutConstraint)] = [:]
    /// Required constraints left out because they conflicted: still active, and tried again before
    /// every solve that follows a change, so each holds again once the layout lets it.
    private var broken: [NSLayoutConstraint] = []
    /// Subtrees attached to the hierarchy whose traits are still being brought up to date: what they
    /// hold (constraints a trait handler activates meanwhile too) is added by `subtreeDidJoin(_:)`,
    /// once every view in them resolves leading and trailing in its new layout direction.
    private var joining: [UIView] = []

    private(set) var needsRebuild = true
    private(set) var needsSolve = true
    /// How many times the engine has solved and applied frames (a window resize takes one).
    private(set) var solveCount = 0
    /// Set while solved frames are applied, so frame changes are not fed back as new constants.
    private(set) var isApplying = false
    /// The root's layout direction when the constraints were made (leading/trailing depend on it).
    private var builtRightToLeft = false

    /// Watches the root's layout direction, which decides what leading and trailing mean.
    private var directionRegistration: (any UITraitChangeRegistration)?

    init(root: UIView, mode: Mode = .hosting) {
        self.root = root
        self.mode = mode
        if case .hosting = mode {
            directionRegistration = root.registerForTraitChanges([UITraitLayoutDirection.self]) { [unowned self] (_: UIView, _) in
                setNeedsSolve()
            }
        }
    }

    /// Ends the engine while its root lives on (the root joined another hierarchy).
    func detach() {
        discard()
        if let directionRegistration { root.unregisterForTraitChanges(directionRegistration) }
        directionRegistration = nil
    }

    private var isHosting: Bool { if case .hosting = mode { true } else { false } }

    // MARK: Changes

    func setNeedsRebuild() {
        needsRebuild = true
        setNeedsSolve()
    }

    func setNeedsSolve() {
        needsSolve = true
        if isHosting { root.setNeedsLayout() }
    }

    /// Forgets everything; views no longer point at the engine.
    func discard() {
        unlink()
        records = [:]
        order = []
        solved = [:]
        broken = []
        joining = []
        solver = Solver()
        needsRebuild = true
    }

    /// Views and constraints of the last build no longer point at the engine.
    private func unlink() {
        for record in order {
            if let view = record.view, view.layoutEngine === self { view.layoutEngine = nil }
        }
        for entry in solved.values where entry.source.engine === self { entry.source.engine = nil }
    }

    func add(_ constraint: NSLayoutConstraint) {
        guard !needsRebuild, !isJoining(constraint.installedOn) else { return }
        insert(constraint)
        setNeedsSolve()
    }

    /// `view`'s subtree is being attached to the hierarchy; `subtreeDidJoin(_:)` follows once its
    /// traits are up to date.
    func subtreeWillJoin(_ view: UIView) {
        joining.append(view)
    }

    /// `view`'s subtree, attached to the hierarchy, brings its installed constraints: added to the
    /// solver as they stand (the records of its items made with their generated constraints), unless
    /// the engine is to be rebuilt anyway, or the subtree joined inside one still joining (which
    /// brings it). Nothing above the subtree can refer to it yet.
    func subtreeDidJoin(_ view: UIView) {
        if let index = joining.lastIndex(where: { $0 === view }) { joining.remove(at: index) }
        guard !needsRebuild, !isJoining(view) else { return }
        addInstalled(in: view)
        setNeedsSolve()
    }

    /// Whether `view` is in a subtree whose traits are still being brought up to date as it joins.
    private func isJoining(_ view: UIView?) -> Bool {
        guard !joining.isEmpty, let view else { return false }
        return joining.contains { view.isDescendant(of: $0) }
    }

    func remove(_ constraint: NSLayoutConstraint) {
        if let entry = solved.removeValue(forKey: ObjectIdentifier(constraint)) {
            try? solver.removeConstraint(entry.made)
            constraint.wasRemoved = true
        }
        if !broken.isEmpty { broken.removeAll { $0 === constraint } }
        if constraint.engine === self { constraint.engine = nil }
        setNeedsSolve()
    }

    /// Shifts the solver constraint's constant (incremental: no removal and re-adding).
    func constantDidChange(_ constraint: NSLayoutConstraint, from old: CGFloat) {
        guard let entry = solved[ObjectIdentifier(constraint)] else {
            // A broken constraint is tried again with its new constant.
            if broken.contains(where: { $0 === constraint }) { setNeedsSolve() }
            return
        }
        let updated = entry.made.expression.constant - Double(constraint.constant - old)
        do {
            try solver.updateConstant(of: entry.made, to: updated)
        } catch {
            // The new constant conflicts with required constraints: broken and reported, as adding would.
            solved[ObjectIdentifier(constraint)] = nil
            try? solver.removeConstraint(entry.made)
            broken.append(constraint)
            reportUnsatisfiable(constraint, entry.made)
        }
        setNeedsSolve()
    }

    func priorityDidChange(_ constraint: NSLayoutConstraint) { replace(constraint) }

    /// Remakes the solver constraint for `constraint`'s current constant and priority.
    private func replace(_ constraint: NSLayoutConstraint) {
        if let entry = solved.removeValue(forKey: ObjectIdentifier(constraint)) { try? solver.removeConstraint(entry.made) }
        insert(constraint)
        setNeedsSolve()
    }

    /// A view moved or resized outside layout. One that translates its autoresizing mask: its generated
    /// constraints follow (for the root: its size). One its constraints place: the next solve puts it
    /// back where they do, though they did not move it.
    func frameDidChange(of view: UIView) {
        guard !isApplying, !needsRebuild, let record = records[ObjectIdentifier(view)] else { return }
        if view === root || view.translatesAutoresizingMaskIntoConstraints { remakeGenerated(record) } else { record.applied = nil }
    }

    func intrinsicContentSizeDidChange(of view: UIView) {
        guard !needsRebuild, let record = records[ObjectIdentifier(view)] else { return }
        remakeContentSize(record)
    }

    // MARK: Layout

    /// Rebuilds and solves if needed, then (hosting) sets the frames of the views taking part that moved.
    func layoutIfNeeded() {
        if isHosting, builtRightToLeft != root.isRightToLeftLayout { needsRebuild = true }
        if needsRebuild { rebuild() }
        guard needsSolve else { return }
        needsSolve = false
        solveCount += 1
        if !broken.isEmpty { retryBroken() }
        refreshGuides()
        solver.updateVariables()
        guard isHosting else { return }
        isApplying = true
        defer { isApplying = false }
        // Only the views whose solved rectangle, or their superview's origin, moved get a frame, as UIKit's
        // engine tells only the views whose variables changed: a step of a window resize moves some of a
        // window's views, and visiting every one (its superview, traits and frame) was most of the
        // engine's part of a drag step (callgrind: 81 → 35 M instructions over the `peers` drag).
        let rootScale = root.traitCollection.displayScale
        let rescaled = rootScale != appliedScale
        appliedScale = rootScale
        for record in order {
            let v = record.variables
            let solved = (x: v.x.value, y: v.y.value, width: v.width.value, height: v.height.value)
            let moved = record.applied.map { $0.x != solved.x || $0.y != solved.y } ?? true
            let resized = record.applied.map { $0.width != solved.width || $0.height != solved.height } ?? true
            record.originMoved = rescaled || moved
            guard let view = record.view, let parent = record.parent, record.originMoved || resized || parent.originMoved else { continue }
            record.applied = solved
            let scale = view.traitCollection.displayScale
            let origin = pixelAligned(parent.variables, scale: scale).origin
            let frame = pixelAligned(v, scale: scale).offsetBy(dx: -origin.x, dy: -origin.y)
            if !view.layoutFrame.isSame(as: frame) { view.layoutFrame = frame }
        }
    }
    /// The root's display scale when frames were last applied: at another, every frame is rounded anew.
    private var appliedScale: CGFloat = 0

    /// The solved rectangle in root coordinates, its edges rounded to device pixels as UIKit rounds frames.
    private func pixelAligned(_ v: Variables, scale: CGFloat) -> CGRect {
        let scale = scale > 0 ? scale : 1
        func round(_ value: Double) -> CGFloat { CGFloat((value * scale).rounded() / scale) }
        let minX = round(v.x.value), minY = round(v.y.value)
        let maxX = round(v.x.value + v.width.value), maxY = round(v.y.value + v.height.value)
        return CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// The solved rectangle of `item` in `view`'s coordinates, or nil when the item does not take part.
    func frame(of item: any LayoutItem, in view: UIView) -> CGRect? {
        guard !needsRebuild, let record = records[ObjectIdentifier(item)],
              let reference = records[ObjectIdentifier(view)] else { return nil }
        let v = record.variables, r = reference.variables
        return CGRect(x: v.x.value - r.x.value, y: v.y.value - r.y.value, width: v.width.value, height: v.height.value)
    }

    /// The solved size of the root (for fitting).
    var rootSize: CGSize {
        guard let record = records[ObjectIdentifier(root)] else { return root.bounds.size }
        return CGSize(width: record.variables.width.value, height: record.variables.height.value)
    }

    // MARK: Building

    /// Makes the solver anew from every active constraint installed in the root's subtree. What the
    /// last build made and still stands is kept: the records (variables, generated constraints) of
    /// items still in the tree and the solver constraints whose expressions did not change. A window
    /// whose split view collapses or whose rows come and go rebuilds its engine; made anew each time,
    /// these long-lived objects (a few thousand for a Mail window) landed among short-lived ones and
    /// kept their pages resident once those were freed, and making them cost time too.
    private func rebuild() {
        unlink()
        swap(&records, &previousRecords)
        swap(&solved, &previousSolved)
        records.removeAll(keepingCapacity: true)
        solved.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        broken.removeAll()
        // Emptied first: it forgets the symbols and slots it gave the variables and constraints kept,
        // which it then numbers anew as they are added again.
        solver.removeAll()
        needsRebuild = false
        builtRightToLeft = root.isRightToLeftLayout
        _ = record(for: root)
        addInstalled(in: root)
        // What is not in the tree any more goes now, to the items and constraints that left: views
        // leave and come back all the time (a table's cells, a split view's columns as it collapses
        // and expands), and what was made for them the first time is used again when they do.
        if isHosting {
            for record in previousRecords.values { record.park() }
            for entry in previousSolved.values { entry.source.parkedSolverConstraint = entry.made }
        }
        previousRecords.removeAll(keepingCapacity: true)
        previousSolved.removeAll(keepingCapacity: true)
        needsSolve = true
    }
    /// During a rebuild, the last build's records and solver constraints, to keep what still stands.
    private var previousRecords: [ObjectIdentifier: Record] = [:]
    private var previousSolved: [ObjectIdentifier: (source: NSLayoutConstraint, made: LayoutConstraint)] = [:]

    private func addInstalled(in view: UIView) {
        // A subtree still joining is added when it has joined (a rebuild from a trait handler).
        guard view.usesAutoLayoutInSubtree, joining.isEmpty || !joining.contains(where: { $0 === view }) else { return }
        for constraint in view.installedConstraints { insert(constraint) }
        for subview in view.subviews { addInstalled(in: subview) }
    }

    /// Lists `record` after its ancestors', its frame to be set at the next solve.
    private func join(_ record: Record) {
        record.parent = record.view.flatMap { $0 === root ? nil : $0.superview }.flatMap { records[ObjectIdentifier($0)] }
        record.applied = nil
        order.append(record)
    }

    /// The record of an item, made (with its ancestors' and its generated constraints) on first use.
    @discardableResult
    func record(for item: any LayoutItem) -> Record {
        if let existing = records[ObjectIdentifier(item)] { return existing }
        // Ancestors first, so generated constraints can refer to them.
        if let view = item as? UIView, view !== root, let superview = view.superview { record(for: superview) }
        if let guide = item as? UILayoutGuide, let owner = guide.owningView {
            record(for: owner)
            if guide.kind == .readableContent { record(for: owner.layoutMarginsGuide) }
        }
        // The item's record from the last build (the record keeps the item alive, so the identifier
        // is still the same object's): its variables and generated constraints go into the new solver.
        if let kept = previousRecords.removeValue(forKey: ObjectIdentifier(item)) ?? (isHosting ? Record.unpark(item) : nil) {
            kept.kept = item !== root ? item : nil
            records[ObjectIdentifier(item)] = kept
            join(kept)
            if isHosting, let view = item as? UIView { view.layoutEngine = self }
            if generatedStillApply(kept) {
                for constraint in kept.generated { insert(constraint) }
            } else {
                kept.generated = []
                kept.generatedFrom = []
                kept.hasGenerated = false
            }
            for constraint in kept.contentSize { insert(constraint) }
            // Then brought up to date, as any later change would be.
            remakeGenerated(kept)
            remakeContentSize(kept)
            return kept
        }
        let name = NSLayoutConstraint.itemName(item)
        let made = Record(item: item, variables: Variables(
            x: LayoutVariable(name + ".minX"), y: LayoutVariable(name + ".minY"),
            width: LayoutVariable(name + ".width"), height: LayoutVariable(name + ".height")), keep: item !== root)
        records[ObjectIdentifier(item)] = made
        join(made)
        if isHosting, let view = item as? UIView { view.layoutEngine = self }
        remakeGenerated(made)
        remakeContentSize(made)
        return made
    }

    /// Whether a kept record's generated constraints still relate its item to the items they were
    /// made for (a view moved to another superview, a guide to another owner, need new ones).
    private func generatedStillApply(_ record: Record) -> Bool {
        let item: AnyObject? = record.view ?? record.guide
        let expected: (AnyObject?, AnyObject?)
        if let view = record.view {
            expected = (view.superview, nil)
        } else if let guide = record.guide, let owner = guide.owningView {
            expected = (owner, owner.layoutMarginsGuide)
        } else {
            return record.generated.isEmpty
        }
        return record.generated.allSatisfy { constraint in
            constraint.firstItem === item && (constraint.secondItem == nil || constraint.secondItem === expected.0
                                                     || (expected.1 != nil && constraint.secondItem === expected.1))
        }
    }

    /// (Re)makes an item's generated constraints: the root's pin, a view's autoresizing mask, a guide's
    /// definition. Skipped when the values they are made from did not change.
    private func remakeGenerated(_ record: Record) {
        // The values come first and cheaply: most calls (every frame set during layout) change nothing.
        let values = generatedValues(for: record)
        guard values != record.generatedFrom || !record.hasGenerated else { return }
        // The root's size, which every step of a window resize changes, shifts its width and height
        // constants in place, without making the constraints again to compare them.
        if record.view === root, record.hasGenerated, values.count == 2,
           !record.generated.contains(where: { solved[ObjectIdentifier($0)] == nil }) {
            record.generatedFrom = values
            for constraint in record.generated {
                let value = constraint.firstAttribute == .width ? values[0] : constraint.firstAttribute == .height ? values[1] : constraint.constant
                if constraint.constant != value { constraint.constant = value }
            }
            return
        }
        let made = generatedConstraints(for: record)
        record.hasGenerated = true
        record.generatedFrom = values
        record.generated = update(record.generated, to: made)
    }

    /// What an item's generated constraints are made from (see `generatedConstraints(for:)`).
    private func generatedValues(for record: Record) -> [CGFloat] {
        if let view = record.view {
            if view === root {
                if case .fitting = mode { return [] }
                return [view.bounds.width, view.bounds.height]
            }
            guard view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview else { return [] }
            let frame = view.layoutFrame, container = superview.bounds.size
            return [frame.minX, frame.minY, frame.width, frame.height, container.width, container.height,
                    CGFloat(view.autoresizingMask.rawValue)]
        }
        guard let guide = record.guide, let owner = guide.owningView else { return [] }
        switch guide.kind {
        case .custom: return []
        case .layoutMargins:
            let insets = owner.layoutMargins
            return [insets.top, insets.left, insets.bottom, insets.right]
        case .safeArea:
            let insets = owner.safeAreaInsets
            return [insets.top, insets.left, insets.bottom, insets.right]
        case .readableContent: return [owner.readableContentWidth]
        case .scrollContent: return []
        case .scrollFrame:
            let offset = owner.bounds.origin
            return [offset.x, offset.y]
        }
    }

    /// Brings installed generated constraints to `made`: where only constants differ they shift in
    /// place (a window resize moves the root's size this way); otherwise they are replaced.
    private func update(_ current: [NSLayoutConstraint], to made: [NSLayoutConstraint]) -> [NSLayoutConstraint] {
        let sameShape = current.count == made.count && zip(current, made).allSatisfy { old, new in
            old.firstItem === new.firstItem && old.firstAttribute == new.firstAttribute && old.relation == new.relation
                && old.secondItem === new.secondItem && old.secondAttribute == new.secondAttribute
                && old.multiplier == new.multiplier && old.priority == new.priority
                && solved[ObjectIdentifier(old)] != nil
        }
        if sameShape {
            for (old, new) in zip(current, made) where old.constant != new.constant { old.constant = new.constant }
            return current
        }
        for constraint in current { remove(constraint) }
        for constraint in made { insert(constraint) }
        setNeedsSolve()
        return made
    }

    private func generatedConstraints(for record: Record) -> [NSLayoutConstraint] {
        if let view = record.view {
            if view === root {
                switch mode {
                case .hosting, .probe:
                    let size = view.bounds.size
                    return [
                        generated(.autoresizingMask, view, .left, .equal, nil, .notAnAttribute, 1, 0, "UIView-Encapsulated-Layout-Left"),
                        generated(.autoresizingMask, view, .top, .equal, nil, .notAnAttribute, 1, 0, "UIView-Encapsulated-Layout-Top"),
                        generated(.autoresizingMask, view, .width, .equal, nil, .notAnAttribute, 1, size.width, "UIView-Encapsulated-Layout-Width"),
                        generated(.autoresizingMask, view, .height, .equal, nil, .notAnAttribute, 1, size.height, "UIView-Encapsulated-Layout-Height"),
                    ]
                case .fitting(let size, let horizontal, let vertical):
                    let width = generated(.autoresizingMask, view, .width, .equal, nil, .notAnAttribute, 1, size.width, "UIView-Fitting-Width")
                    width.priority = horizontal
                    let height = generated(.autoresizingMask, view, .height, .equal, nil, .notAnAttribute, 1, size.height, "UIView-Fitting-Height")
                    height.priority = vertical
                    return [
                        generated(.autoresizingMask, view, .left, .equal, nil, .notAnAttribute, 1, 0, "UIView-Fitting-Left"),
                        generated(.autoresizingMask, view, .top, .equal, nil, .notAnAttribute, 1, 0, "UIView-Fitting-Top"),
                        width, height,
                    ]
                }
            }
            guard view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview else { return [] }
            return autoresizingConstraints(view, in: superview)
        }
        guard let guide = record.guide, let owner = guide.owningView else { return [] }
        switch guide.kind {
        case .custom:
            return []
        case .layoutMargins, .safeArea:
            let insets = guide.kind == .safeArea ? owner.safeAreaInsets : owner.layoutMargins
            return [
                generated(.guide, guide, .left, .equal, owner, .left, 1, insets.left),
                generated(.guide, guide, .right, .equal, owner, .right, 1, -insets.right),
                generated(.guide, guide, .top, .equal, owner, .top, 1, insets.top),
                generated(.guide, guide, .bottom, .equal, owner, .bottom, 1, -insets.bottom),
            ]
        case .readableContent:
            // As wide as the margins allow, up to the readable width, centred between them.
            let margins = owner.layoutMarginsGuide, width = owner.readableContentWidth
            let fill = generated(.guide, guide, .width, .equal, margins, .width, 1, 0)
            fill.priority = UILayoutPriority(999)
            return [
                generated(.guide, guide, .left, .greaterThanOrEqual, margins, .left, 1, 0),
                generated(.guide, guide, .right, .lessThanOrEqual, margins, .right, 1, 0),
                generated(.guide, guide, .centerX, .equal, margins, .centerX, 1, 0),
                generated(.guide, guide, .width, .lessThanOrEqual, nil, .notAnAttribute, 1, width),
                generated(.guide, guide, .top, .equal, margins, .top, 1, 0),
                generated(.guide, guide, .bottom, .equal, margins, .bottom, 1, 0),
                fill,
            ]
        case .scrollContent:
            // The content's origin is the scroll view's (subviews are placed in content coordinates);
            // its size is what the constraints to it make (the scroll view takes it as its content size).
            return [
                generated(.guide, guide, .left, .equal, owner, .left, 1, 0),
                generated(.guide, guide, .top, .equal, owner, .top, 1, 0),
            ]
        case .scrollFrame:
            // What is seen: the scroll view's size, at the content offset.
            let offset = owner.bounds.origin
            return [
                generated(.guide, guide, .left, .equal, owner, .left, 1, offset.x),
                generated(.guide, guide, .top, .equal, owner, .top, 1, offset.y),
                generated(.guide, guide, .width, .equal, owner, .width, 1, 0),
                generated(.guide, guide, .height, .equal, owner, .height, 1, 0),
            ]
        }
    }

    /// A view's frame as its autoresizing mask relates it to its superview: fixed parts stay, flexible
    /// parts (left margin, width, right margin; likewise vertically) share any change of the superview's
    /// size in proportion to their current sizes, as UIKit's autoresizing does.
    private func autoresizingConstraints(_ view: UIView, in superview: UIView) -> [NSLayoutConstraint] {
        let frame = view.layoutFrame, container = superview.bounds.size, mask = view.autoresizingMask
        var made: [NSLayoutConstraint] = []
        func axis(_ origin: CGFloat, _ length: CGFloat, _ total: CGFloat, flexibleStart: Bool, flexibleLength: Bool,
                  flexibleEnd: Bool, _ start: NSLayoutConstraint.Attribute, _ dimension: NSLayoutConstraint.Attribute) {
            let parts: [(Bool, CGFloat)] = [(flexibleStart, origin), (flexibleLength, length), (flexibleEnd, total - origin - length)]
            let flexible = parts.filter(\.0)
            let sum = flexible.reduce(0) { $0 + max(0, $1.1) }
            func share(_ index: Int) -> CGFloat {
                guard parts[index].0 else { return 0 }
                return sum > 0 ? max(0, parts[index].1) / sum : 1 / CGFloat(flexible.count)
            }
            let startShare = share(0), lengthShare = share(1)
            let position = generated(.autoresizingMask, view, start, .equal, superview, dimension, startShare,
                                     origin - startShare * total)
            position.measuredFromSuperviewOrigin = true
            made.append(position)
            made.append(lengthShare == 0
                ? generated(.autoresizingMask, view, dimension, .equal, nil, .notAnAttribute, 1, length)
                : generated(.autoresizingMask, view, dimension, .equal, superview, dimension, lengthShare,
                            length - lengthShare * total))
        }
        axis(frame.minX, frame.width, container.width, flexibleStart: mask.contains(.flexibleLeftMargin),
             flexibleLength: mask.contains(.flexibleWidth), flexibleEnd: mask.contains(.flexibleRightMargin), .left, .width)
        axis(frame.minY, frame.height, container.height, flexibleStart: mask.contains(.flexibleTopMargin),
             flexibleLength: mask.contains(.flexibleHeight), flexibleEnd: mask.contains(.flexibleBottomMargin), .top, .height)
        return made
    }

    /// (Re)makes a view's intrinsic-size constraints: hugging keeps it from growing past its content,
    /// compression resistance from shrinking below it. Views that translate their autoresizing mask
    /// (their size is fixed) and the hosting root get none.
    private func remakeContentSize(_ record: Record) {
        guard let view = record.view else { return }
        let wanted = view.translatesAutoresizingMaskIntoConstraints || (view === root && isHosting)
            ? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) : view.intrinsicContentSize
        let key = ContentKey(size: wanted,
                             horizontal: (view.contentHuggingPriority(for: .horizontal), view.contentCompressionResistancePriority(for: .horizontal)),
                             vertical: (view.contentHuggingPriority(for: .vertical), view.contentCompressionResistancePriority(for: .vertical)))
        guard key != record.contentKey else { return }
        record.contentKey = key
        var made: [NSLayoutConstraint] = []
        for (attribute, value, hugging, resistance) in [(NSLayoutConstraint.Attribute.width, wanted.width, key.horizontal.hugging, key.horizontal.resistance),
                                                        (.height, wanted.height, key.vertical.hugging, key.vertical.resistance)]
        where value != UIView.noIntrinsicMetric {
            let hug = generated(.contentSize, view, attribute, .lessThanOrEqual, nil, .notAnAttribute, 1, value)
            hug.priority = hugging
            let resist = generated(.contentSize, view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, 1, value)
            resist.priority = resistance
            made += [hug, resist]
        }
        record.contentSize = update(record.contentSize, to: made)
    }

    /// What an item's content-size constraints are made from, compared whenever its intrinsic size may
    /// have changed (kept inline: a label re-measured at every step of a drag makes no array).
    struct ContentKey: Equatable {
        var size: CGSize
        var horizontal: (hugging: UILayoutPriority, resistance: UILayoutPriority)
        var vertical: (hugging: UILayoutPriority, resistance: UILayoutPriority)

        static func == (a: ContentKey, b: ContentKey) -> Bool {
            a.size == b.size && a.horizontal == b.horizontal && a.vertical == b.vertical
        }
    }

    /// Margins depend on traits and size (a controller's root view); guides are brought up to date
    /// before each solve.
    private func refreshGuides() {
        for record in order where record.guide != nil { remakeGenerated(record) }
    }

    private func generated(_ kind: NSLayoutConstraint.Kind, _ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute,
                           _ relation: NSLayoutConstraint.Relation, _ other: AnyObject?, _ otherAttribute: NSLayoutConstraint.Attribute,
                           _ multiplier: CGFloat, _ constant: CGFloat, _ identifier: String? = nil) -> NSLayoutConstraint {
        let constraint = NSLayoutConstraint(item, attribute, relation, other, otherAttribute, multiplier, constant)
        constraint.kind = kind
        constraint.identifier = identifier
        return constraint
    }

    // MARK: Translation

    /// Adds the solver form of `constraint`; a required constraint that conflicts is left out (broken),
    /// and reported unless it was broken already.
    private func insert(_ constraint: NSLayoutConstraint, reporting: Bool = true) {
        guard let first = constraint.item1 else { return }
        if isHosting { constraint.engine = self }
        // Under right-to-left layout, leading and trailing measure along a mirrored axis: their
        // positions (and any X position related to them) are negated, so `a.trailing <= b.trailing`
        // keeps `a` inside `b` and constants point leading-to-trailing, as in UIKit.
        let rightToLeft = (first.owningLayoutView ?? root).isRightToLeftLayout
        let mirrored = rightToLeft && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
        func position(_ attribute: NSLayoutConstraint.Attribute, of item: any LayoutItem) -> LinearExpression {
            let physical = expression(attribute, of: item, rightToLeft: rightToLeft)
            return mirrored && attribute.axisKind == .xPosition ? physical * -1 : physical
        }
        var lhs = position(constraint.firstAttribute, of: first)
        if constraint.measuredFromSuperviewOrigin, let view = first as? UIView, let superview = view.superview {
            let origin = record(for: superview).variables
            lhs = lhs - (constraint.firstAttribute.axis == .horizontal ? origin.x : origin.y)
        }
        var rhs = LinearExpression(constant: Double(constraint.constant))
        if let second = constraint.item2 {
            rhs = rhs + position(constraint.secondAttribute, of: second) * Double(constraint.multiplier)
        }
        let relation: LayoutConstraint.Relation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        var made = LayoutConstraint(lhs, relation, rhs, strength: Strength.fromPriority(constraint.priority.rawValue))
        // The last build's solver constraint, when it says the same, is kept (see `rebuild()`).
        let parked = constraint.parkedSolverConstraint
        constraint.parkedSolverConstraint = nil
        if let previous = previousSolved.removeValue(forKey: ObjectIdentifier(constraint))?.made ?? (isHosting ? parked : nil),
           previous.isSame(as: made) {
            made = previous
        }
        do {
            // Generated constraints follow frames, margins and the root's size: their constants shift at
            // every layout that moves something. Marked from the start, the first shift of each does not
            // rebuild the tableau (a container placing its children by frame, after every engine rebuild,
            // used to rebuild it once per constraint). A stack's arrangement is remade whenever its axis,
            // alignment or spacing changes (a row turning at a size-class change): marked, its removal
            // rebuilds nothing either.
            let marked = constraint.kind == .autoresizingMask || constraint.kind == .guide || constraint.kind == .stack
            try solver.addConstraint(made, removable: constraint.wasRemoved || marked)
            solved[ObjectIdentifier(constraint)] = (constraint, made)
        } catch {
            broken.append(constraint)
            if reporting { reportUnsatisfiable(constraint, made) }
        }
    }

    /// The broken constraints, tried again in the order they broke: each that fits now holds; the
    /// rest stay broken, not reported again.
    private func retryBroken() {
        let waiting = broken
        broken.removeAll()
        for constraint in waiting where !isHosting || constraint.engine === self { insert(constraint, reporting: false) }
    }

    /// The solver constraint standing for `constraint`, while it is in the engine.
    func solverConstraint(for constraint: NSLayoutConstraint) -> LayoutConstraint? { solved[ObjectIdentifier(constraint)]?.made }

    /// The linear expression of an attribute of an item, in root coordinates.
    private func expression(_ attribute: NSLayoutConstraint.Attribute, of item: any LayoutItem, rightToLeft: Bool) -> LinearExpression {
        if let plain = attribute.withoutMargin, let view = item as? UIView {
            return expression(plain, of: view.layoutMarginsGuide, rightToLeft: rightToLeft)
        }
        let v = record(for: item).variables
        switch attribute {
        case .left: return LinearExpression(v.x)
        case .right: return v.x + v.width
        case .top: return LinearExpression(v.y)
        case .bottom: return v.y + v.height
        case .leading: return rightToLeft ? v.x + v.width : LinearExpression(v.x)
        case .trailing: return rightToLeft ? LinearExpression(v.x) : v.x + v.width
        case .width: return LinearExpression(v.width)
        case .height: return LinearExpression(v.height)
        case .centerX: return LinearExpression([(v.x, 1), (v.width, 0.5)])
        case .centerY: return LinearExpression([(v.y, 1), (v.height, 0.5)])
        case .firstBaseline, .lastBaseline:
            let (fraction, offset) = (item as? UIView)?.baseline(first: attribute == .firstBaseline) ?? (1, 0)
            return LinearExpression([(v.y, 1), (v.height, Double(fraction))], constant: Double(offset))
        default: return LinearExpression()
        }
    }

    // MARK: Conflicts

    private func reportUnsatisfiable(_ constraint: NSLayoutConstraint, _ made: LayoutConstraint) {
        let conflicting = conflicts(with: made).map(\.description)
        SceneHostLog.warning("""
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this: (1) look at each constraint and try to figure out which you don't expect; (2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(conflicting.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(constraint)

            All conflicting constraints are required, so the one added last is broken; it stays active and is \
            tried again whenever the layout changes, holding again once the others let it.
            """)
    }

    /// The constraints that, with `made`, cannot all hold, as the solver finds them.
    private func conflicts(with made: LayoutConstraint) -> [NSLayoutConstraint] {
        let involved = Set(solver.conflictingConstraints(for: made).map(ObjectIdentifier.init))
        return solved.values.filter { involved.contains(ObjectIdentifier($0.made)) }.map(\.source)
            .sorted { $0.kind == .user && $1.kind != .user }
    }

    // MARK: Ambiguity

    /// Whether some variable of `item` can move without any constraint minding: each is pulled, very
    /// weakly, both ways; one that moves is not determined by the constraints.
    func isAmbiguous(_ item: any LayoutItem) -> Bool {
        if needsRebuild { rebuild() }
        solver.updateVariables()
        let v = record(for: item).variables
        let pull = 1e-6
        for variable in [v.x, v.y, v.width, v.height] {
            let start = variable.value
            do {
                try solver.addEditVariable(variable, strength: pull)
                defer { try? solver.removeEditVariable(variable) }
                for target in [start + 1000, start - 1000] {
                    try solver.suggestValue(variable, target)
                    solver.updateVariables()
                    if abs(variable.value - start) > 0.5 { return true }
                }
            } catch {
                continue
            }
        }
        return false
    }

    /// The constraints in the engine that involve `item` along `axis`.
    func constraintsAffecting(_ item: any LayoutItem, axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        if needsRebuild { rebuild() }
        guard let record = records[ObjectIdentifier(item)] else { return [] }
        let v = record.variables
        let mine = Set((axis == .horizontal ? [v.x, v.width] : [v.y, v.height]).map(ObjectIdentifier.init))
        return solved.values.filter { entry in
            entry.made.expression.terms.contains { mine.contains(ObjectIdentifier($0.variable)) }
        }.map(\.source).sorted { $0.kind == .user && $1.kind != .user }
    }
}
