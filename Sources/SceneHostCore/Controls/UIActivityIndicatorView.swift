import Foundation

/// A spinning wheel of spokes that shows work in progress, as UIKit's `UIActivityIndicatorView`:
/// `startAnimating()` turns it, `stopAnimating()` stops it (and hides it when `hidesWhenStopped`, the
/// default). It turns by redrawing twelve times a second on the main queue, only while it animates and
/// is in a window: a stopped (or detached) indicator costs nothing.
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
    /// Counts starts, so a tick scheduled before a stop does nothing.
    private var generation = 0
    private var ticking = false

    static let spokes = 12
    static let tickInterval: TimeInterval = 1.0 / 12
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
        tickIfNeeded()
    }

    /// Stops turning (and hides the indicator when it hides when stopped).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        generation += 1
        ticking = false
        if hidesWhenStopped { isHidden = true }
        setNeedsDisplay()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil {
            // Out of a window: nothing to show, so no more ticks until it is back.
            generation += 1
            ticking = false
        } else {
            tickIfNeeded()
        }
    }

    /// Schedules the next turn when animating in a window and none is scheduled.
    private func tickIfNeeded() {
        guard isAnimating, window != nil, !ticking else { return }
        ticking = true
        let current = generation
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.tickInterval) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == current else { return }
                self.ticking = false
                self.advance()
                self.tickIfNeeded()
            }
        }
    }

    /// One turn: the next spoke is the brightest.
    func advance() {
        phase = (phase + 1) % Self.spokes
        setNeedsDisplay()
    }

    /// Whether a turn is scheduled (the indicator animates in a window).
    var isTicking: Bool { ticking }

    open override func draw(_ rect: CGRect) {
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
