import Foundation

/// A bar that fills as a task progresses, as UIKit's `UIProgressView`: `progress` from 0 to 1 fills it
/// from the leading edge (the right in a right-to-left layout) in `progressTintColor` (the tint by
/// default) over `trackTintColor`.
///
/// Differs from UIKit: no progress or track images, and
/// no `observedProgress`.
@MainActor
open class UIProgressView: UIView {
    /// The bar's look (UIKit's raw values): `.bar` is the thinner one used in toolbars.
    public enum Style: Int, Sendable {
        case `default` = 0, bar = 1
    }

    /// The bar's style: 4 points tall and rounded (`.default`), or 2.5 and square (`.bar`).
    open var progressViewStyle: Style = .default {
        didSet {
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    /// How far along the task is: 0…1 (values outside are clamped, as UIKit does).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// How much is drawn filled: the progress, or on its way there after `setProgress(_:animated: true)`.
    private(set) lazy var shownProgress = ShownValue(CGFloat(storedProgress), in: self)
    /// The filled part's colour; nil: the tint.
    open var progressTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The unfilled part's colour; nil: UIKit's grey.
    open var trackTintColor: UIColor? { didSet { setNeedsDisplay() } }

    /// A progress view of `style`, at 0.
    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: .zero)
        contentMode = .redraw
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    /// Sets the progress (clamped to 0…1); with `animated`, the fill grows or shrinks there.
    open func setProgress(_ progress: Float, animated: Bool) {
        let clamped = min(max(progress, 0), 1)
        guard clamped != storedProgress else { return }
        storedProgress = clamped
        shownProgress.set(CGFloat(clamped), animated: animated)
    }

    private var barHeight: CGFloat { progressViewStyle == .bar ? 2.5 : 4 }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: barHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    static let track = UIColor(light: UIColor(rgb: 0x787880, alpha: 0.2), dark: UIColor(rgb: 0x787880, alpha: 0.36))

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let bar = bounds
        // The default style has rounded ends; the bar style is square, as in UIKit.
        let radius = progressViewStyle == .default ? min(bar.height / 2, 2) : 0
        context.setFillColor(trackTintColor ?? (progressViewStyle == .bar ? .clear : Self.track))
        context.addRoundedRect(bar, cornerRadius: radius)
        context.fillPath()
        let width = bar.width * shownProgress.current
        guard width > 0 else { return }
        let filled = CGRect(x: isRightToLeftLayout ? bar.maxX - width : bar.minX, y: bar.minY, width: width, height: bar.height)
        context.setFillColor(progressTintColor ?? tintColor)
        context.addRoundedRect(filled, cornerRadius: min(radius, width / 2))
        context.fillPath()
    }
}
