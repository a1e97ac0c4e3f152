import SceneHost

/// A small badge in the corner of every Gallery scene: window size, traits, activation, orientation and
/// last frame time. It follows what it shows through UIKit's own signals: trait changes
/// (`registerForTraitChanges`), the scene's activation notifications, the device's orientation
/// notification and the scene delegate's geometry callback (`update(for:)`), and sizes itself to its
/// text.
final class OverlayView: UIView {
    /// A label per line: during a drag only the size and the frame time change, and a label whose text
    /// stays keeps its shaped text and its drawing.
    private var lines: [UILabel] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        // Opaque, at whole points: moved with the window's corner at every step of a drag, it hides
        // what is under it, which then is not composited at all.
        backgroundColor = UIColor(white: 0.12, alpha: 1)
        isHidden = !Self.isShown
        observe(Self.visibilityDidChange) { overlay in
            overlay.isHidden = !Self.isShown
            overlay.refresh()
        }
        observe(UIDevice.orientationDidChangeNotification) { $0.refresh() }
        // Every trait a line shows: the focus (`activeAppearance`) and the text size change no geometry.
        registerForTraitChanges([UITraitActiveAppearance.self, UITraitPreferredContentSizeCategory.self,
                                 UITraitUserInterfaceStyle.self, UITraitLayoutDirection.self, UITraitDisplayScale.self,
                                 UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self]) { (overlay: OverlayView, _) in
            overlay.refresh()
        }
    }

    isolated deinit {
        for observer in observers + sceneObservers { NotificationCenter.default.removeObserver(observer) }
    }

    private var observers: [any NSObjectProtocol] = []
    /// The activation notifications of the scene the overlay is in, observed while it is in it.
    private var sceneObservers: [any NSObjectProtocol] = []

    private func observe(_ name: Notification.Name, object: AnyObject? = nil, into list: ReferenceWritableKeyPath<OverlayView, [any NSObjectProtocol]> = \.observers,
                         _ action: @escaping @MainActor (OverlayView) -> Void) {
        let observer = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { if let self { action(self) } }
        }
        self[keyPath: list].append(observer)
    }

    /// In a new window: its scene's activation changes (focus, iconify) are what the state line shows.
    override func didMoveToWindow() {
        for observer in sceneObservers { NotificationCenter.default.removeObserver(observer) }
        sceneObservers = []
        guard let scene = window?.windowScene else { return }
        for name in [UIScene.didActivateNotification, UIScene.willDeactivateNotification,
                     UIScene.willEnterForegroundNotification, UIScene.didEnterBackgroundNotification] {
            observe(name, object: scene, into: \.sceneObservers) { $0.refresh() }
        }
        refresh()
    }

    /// Shows what the scene is now, and the newest frame time a moment later.
    func refresh() {
        guard !isHidden, let scene = window?.windowScene else { return }
        update(for: scene)
    }

    /// Whether the overlays show, in every scene: Ctrl+I hides and shows them; the tour hides them
    /// unless asked.
    static var isShown = true {
        didSet { if isShown != oldValue { NotificationCenter.default.post(name: visibilityDidChange, object: nil) } }
    }
    private static let visibilityDidChange = Notification.Name("GalleryOverlayVisibilityDidChange")

    private weak var scene: UIWindowScene?
    private var refreshPending = false

    /// Refreshes the text from the scene; call when the geometry changed. The frame being laid out is
    /// not timed yet, so the text is refreshed once more a moment later, after the last frame of a resize.
    func update(for scene: UIWindowScene?) {
        guard let scene else { return }
        self.scene = scene
        showText(for: scene)
        guard !refreshPending else { return }
        refreshPending = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { [weak self] in
            guard let self else { return }
            refreshPending = false
            if let scene = self.scene { showText(for: scene, refreshing: true) }
        }
    }

    /// The frame time, changed at most four times a second (as a frame counter): read at every frame of
    /// a drag it could not be read, and setting it would lay its line out anew each time.
    private var frameText = "–"
    private var frameTextChanged = 0.0

    /// During a drag the size changes at every step, hundreds of times a second: its line follows at
    /// most 60 times a second, as a display refreshes, in the frames of the steps. When the steps stop
    /// (the pointer rests mid-drag) it catches up once a refresh has passed without one: a catch-up
    /// while they come would cost a frame of its own. Measured and drawn anew at every step, that one
    /// line was about a tenth of a step's work.
    private static let sizeInterval = 1.0 / 60
    private var sizeShownAt = -Double.infinity
    private var stepHeldAt = -Double.infinity
    private var catchUpPending = false

    private static var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func showText(for scene: UIWindowScene, refreshing: Bool = false) {
        let size = scene.effectiveGeometry.coordinateSpace.bounds.size
        let traits = scene.traitCollection
        let now = Self.now
        if refreshing || now - frameTextChanged >= 0.25 {
            // Plain interpolation: Foundation's number formatting would cost more than the rest of a frame.
            frameText = scene.lastFrameMilliseconds.map { "\(Int($0)).\(Int($0 * 10) % 10) ms" } ?? "–"
            frameTextChanged = now
        }
        let scale = traits.displayScale == traits.displayScale.rounded() ? "\(Int(traits.displayScale))" : "\(traits.displayScale)"
        // The status lines are written again only when what they show changes: during a drag only the
        // size does.
        let geometry = scene.effectiveGeometry
        let status = Status(state: scene.activationState, resizing: geometry.isInteractivelyResizing,
                            device: UIDevice.current.orientation, interface: geometry.interfaceOrientation,
                            locked: geometry.isInterfaceOrientationLocked, arrangement: scene.simulatedArrangement)
        // Called at every layout as well as at every new geometry: nothing to write when nothing it
        // shows changed.
        let shown = Shown(size: size, frameText: frameText, status: status), previous = lastShown
        if shown == previous, traits === shownTraits { return }
        if let previous, status.resizing, status == previous.status, frameText == previous.frameText, traits === shownTraits,
           now - sizeShownAt < Self.sizeInterval {
            stepHeldAt = now
            catchUp()
            return
        }
        if size != previous?.size { sizeShownAt = now }
        lastShown = shown
        if status != previous?.status || traits !== shownTraits {
            shownTraits = traits
            statusLines = [
                "w: \(traits.horizontalSizeClass)  h: \(traits.verticalSizeClass)",
                "\(traits.userInterfaceStyle)  \(traits.layoutDirection)  \(traits.activeAppearance)",
                "state: \(status.state)\(status.resizing ? "  resizing" : "")",
                "device: \(status.device)  ui: \(status.interface)\(status.locked ? " locked" : "")",
                "text: \(traits.preferredContentSizeCategory)",
                // The multitasking simulator's arrangement (Ctrl+Alt+1 … 6), when the window is snapped.
                status.arrangement.map { "iPad \(UIApplication.shared.iPadModel.name): \($0.label)" } ?? "free-form",
            ]
        }
        show(["\(Int(size.width)) × \(Int(size.height)) pt  @\(scale)x"] + statusLines + [
            "last frame \(frameText)",
            "Ctrl+I hides this",
        ])
    }

    /// Shows the newest size once a refresh has passed without a step.
    private func catchUp() {
        guard !catchUpPending else { return }
        catchUpPending = true
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.sizeInterval) { [weak self] in
            guard let self else { return }
            catchUpPending = false
            let now = Self.now
            if now - stepHeldAt < Self.sizeInterval {
                catchUp()
            } else if let scene {
                showText(for: scene, refreshing: true)
            }
        }
    }

    private struct Shown: Equatable {
        var size: CGSize
        var frameText: String
        var status: Status
    }
    private var lastShown: Shown?

    private struct Status: Equatable {
        var state: UIScene.ActivationState
        var resizing: Bool
        var device: UIDeviceOrientation
        var interface: UIInterfaceOrientation
        var locked: Bool
        var arrangement: IPadModel.Arrangement?
    }
    private var shownTraits: UITraitCollection?
    private var statusLines: [String] = []

    private func show(_ texts: [String]) {
        while lines.count < texts.count {
            let label = UILabel()
            label.font = .systemFont(ofSize: 11, weight: .medium)
            label.textColor = .white
            lines.append(label)
            addSubview(label)
        }
        lineWidths += Array(repeating: 0, count: max(0, texts.count - lineWidths.count))
        let before = badgeSize ?? frame.size
        for (index, (label, text)) in zip(lines, texts).enumerated() where label.text != text {
            label.text = text
            // Measured once per new text: during a drag only the size line is.
            lineWidths[index] = label.intrinsicContentSize.width
            badgeSize = nil
            setNeedsLayout()
        }
        // A line grew or shrank outside a layout of the scene (a new orientation, the focus): the badge
        // takes its new size at once, in its corner, so no line is cut off.
        if !isPlacing, let superview, sizeThatFits(.zero) != before { position(in: superview) }
    }

    /// Set while `place(in:)` runs, which positions the badge itself.
    private var isPlacing = false

    /// The width each line's text needs.
    private var lineWidths: [CGFloat] = []
    /// The size the lines need, kept until one of them changes.
    private var badgeSize: CGSize?

    /// The height of a line of the badge's font, measured once there is text.
    private var lineHeight: CGFloat {
        if measuredLineHeight == 0 { measuredLineHeight = lines.first?.sizeThatFits(.zero).height ?? 0 }
        return measuredLineHeight
    }
    private var measuredLineHeight: CGFloat = 0

    /// Refreshes the text and puts the badge in `view`'s bottom trailing corner. The badge keeps a frame
    /// (it translates its autoresizing mask) while the scene around it uses constraints. A hidden badge
    /// keeps its place but not its text: shaping lines no one sees cost a third of a Settings layout
    /// (`Benchmarks sheet`); showing it again refreshes them.
    func place(in view: UIView) {
        isPlacing = true
        if !isHidden { update(for: view.window?.windowScene) }
        isPlacing = false
        position(in: view)
    }

    /// Sizes the badge to its lines and puts it 10 points in from `view`'s bottom trailing corner.
    private func position(in view: UIView) {
        let bounds = view.bounds, badge = sizeThatFits(bounds.size)
        let x = view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? 10 : bounds.width - badge.width - 10
        frame = CGRect(x: x, y: bounds.height - badge.height - 10, width: badge.width, height: badge.height)
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let badgeSize { return badgeSize }
        let width = lineWidths.max() ?? 0
        let size = CGSize(width: (width + 16).rounded(.up), height: (lineHeight * CGFloat(lines.count) + 10).rounded(.up))
        badgeSize = size
        return size
    }

    override func layoutSubviews() {
        let height = lineHeight
        for (index, label) in lines.enumerated() {
            label.frame = CGRect(x: 8, y: 5 + height * CGFloat(index), width: bounds.width - 16, height: height)
        }
    }
}
