import Foundation

/// A spinning wheel of spokes that shows work in progress, as UIKit's `UIActivityIndicatorView`:
/// `startAnimating()` turns it, `stopAnimating()` stops it (and hides it when `hidesWhenStopped`, the
/// default). It turns by redrawing twelve times a second, driven by a `CADisplayLink` that exists only
/// while it animates in a window, is shown (neither it nor an ancestor hidden) and its scene is not in
/// the background: an indicator nobody can see costs nothing.
///
/// Differs from UIKit: the deprecated styles draw as `.medium` (`.whiteLarge` as `.large`).
@MainActor
open class UIActivityIndicatorView: UIView {
    /// The indicator's size (UIKit's raw values: `.medium` 100, `.large` 101, and the deprecated ones).
    public enum Style: Int, Sendable {
        case whiteLarge = 0, white = 1, gray = 2
        case medium = 100, large = 101
    }

    /// The indicator's size: 20 points (`.medium`) or 37 (`.large`).
    open var style: Style = .medium {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// The spokes' colour; nil (the default): UIKit's grey.
    open var color: UIColor! {
        get { storedColor ?? Self.defaultColor }
        set { storedColor = newValue; setNeedsDisplay() }
    }
    private var storedColor: UIColor?
    /// Whether the indicator hides itself while stopped (true by default); changing it shows or hides
    /// a stopped indicator.
    open var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether it is turning (between `startAnimating()` and `stopAnimating()`).
    public private(set) var isAnimating = false

    /// Which spoke is the brightest (0…11).
    private(set) var phase = 0
    /// Turns the spokes while the indicator can be seen animating.
    private var link: CADisplayLink?
    /// Restarts the turning when the scene comes back to the foreground.
    private var foregroundObserver: (any NSObjectProtocol)?

    static let spokes = 12
    /// Turns a second: UIKit's indicator steps from spoke to spoke at about this rate.
    static let turnsPerSecond = 12
    static let defaultColor = UIColor(light: UIColor(rgb: 0x3C3C43, alpha: 0.6), dark: UIColor(rgb: 0xEBEBF5, alpha: 0.6))

    /// An indicator of `style`, at its size, stopped.
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: Self.size(for: style)))
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        contentMode = .redraw
        isHidden = hidesWhenStopped
    }

    private static func size(for style: Style) -> CGSize {
        style == .large || style == .whiteLarge ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20)
    }

    open override var intrinsicContentSize: CGSize { Self.size(for: style) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Starts turning (and shows the indicator when it hides when stopped).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
        updateTurning()
    }

    /// Stops turning (and hides the indicator when it hides when stopped).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
        updateTurning()
        setNeedsDisplay()
    }

    /// Hiding the indicator stops its turning; showing it again (while animating) resumes it.
    open override var isHidden: Bool {
        didSet { if isHidden != oldValue { updateTurning() } }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        updateTurning()
    }

    /// Whether the indicator could be seen turning now: it animates in a window, neither it nor an
    /// ancestor is hidden, and its scene is not in the background.
    private var canTurn: Bool {
        guard isAnimating, let window else { return false }
        var view: UIView? = self
        while let current = view {
            if current.isHidden { return false }
            view = current.superview
        }
        return window.windowScene?.activationState != .background
    }

    /// Starts the display link when the indicator can turn and stops it when it cannot; watches the
    /// scene's return to the foreground while it animates in a window.
    private func updateTurning() {
        let scene = isAnimating ? window?.windowScene : nil
        if foregroundObserver != nil, scene == nil || scene !== observedScene {
            NotificationCenter.default.removeObserver(foregroundObserver!)
            foregroundObserver = nil
        }
        if let scene, foregroundObserver == nil {
            observedScene = scene
            foregroundObserver = NotificationCenter.default.addObserver(forName: UIScene.willEnterForegroundNotification,
                                                                        object: scene, queue: nil) { [weak self] _ in
                MainActor.assumeIsolated { self?.updateTurning() }
            }
        }
        if canTurn {
            guard link == nil else { return }
            let link = CADisplayLink { [weak self] link in
                // The indicator went away: the link goes too.
                guard let self else { return link.invalidate() }
                self.turn()
            }
            link.preferredFramesPerSecond = Self.turnsPerSecond
            link.add(to: .main, forMode: .common)
            self.link = link
        } else {
            link?.invalidate()
            link = nil
        }
    }
    private weak var observedScene: UIWindowScene?

    /// A tick of the link: one turn, unless the indicator cannot be seen any more (an ancestor was
    /// hidden, the scene went to the background): then the link stops. The mark for display stays set
    /// while hidden, so `draw(_:)` runs once the indicator shows again, and restarts it.
    private func turn() {
        guard canTurn else {
            updateTurning()
            setNeedsDisplay()
            return
        }
        advance()
    }

    /// One turn: the next spoke is the brightest.
    func advance() {
        phase = (phase + 1) % Self.spokes
        setNeedsDisplay()
    }

    /// Whether its display link is running.
    var isTicking: Bool { link != nil }

    isolated deinit {
        link?.invalidate()
        if let foregroundObserver { NotificationCenter.default.removeObserver(foregroundObserver) }
    }

    open override func draw(_ rect: CGRect) {
        // Shown again after an ancestor hid it: turn again.
        if link == nil, canTurn { updateTurning() }
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let side = min(bounds.width, bounds.height)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let large = style == .large || style == .whiteLarge
        let outer = side / 2 - (large ? 1.5 : 1), inner = outer * 0.5
        context.setLineWidth(large ? 3.5 : 2.2)
        context.setLineCap(.round)
        for spoke in 0..<Self.spokes {
            // The brightest spoke is `phase`; those behind it fade, as UIKit's do.
            let age = (phase - spoke + Self.spokes) % Self.spokes
            let alpha = isAnimating ? 1 - CGFloat(age) / CGFloat(Self.spokes) * 0.75 : 1 - CGFloat(spoke) / CGFloat(Self.spokes) * 0.75
            let angle = CGFloat(spoke) / CGFloat(Self.spokes) * 2 * .pi - .pi / 2
            let (dx, dy) = (cos(angle), sin(angle))
            context.setStrokeColor(color.withAlphaComponent(color.resolvedColor(with: traitCollection).alpha * alpha))
            context.beginPath()
            context.move(to: CGPoint(x: center.x + dx * inner, y: center.y + dy * inner))
            context.addLine(to: CGPoint(x: center.x + dx * outer, y: center.y + dy * outer))
            context.strokePath()
        }
    }
}
