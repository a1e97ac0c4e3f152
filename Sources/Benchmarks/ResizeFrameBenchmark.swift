import Foundation
import GalleryApp
@_spi(Runtime) import SceneHost
import SceneHostTesting

/// The content the peers in x11-facts.md were measured with: a 50-row list beside 8 wrapped paragraphs.
@MainActor
final class ListAndParagraphsController: UIViewController {
    private var rows: [UILabel] = []
    private var paragraphs: [UILabel] = []

    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        rows = (1...50).map { index in
            let label = UILabel()
            label.text = "Row \(index): a message subject that is fairly long"
            label.font = .systemFont(ofSize: 14)
            view.addSubview(label)
            return label
        }
        paragraphs = (1...8).map { index in
            let label = UILabel()
            label.numberOfLines = 0
            label.font = .systemFont(ofSize: 15)
            label.text = "Paragraph \(index). " + String(repeating: "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed by those of the abstract science of operations. ", count: 2)
            view.addSubview(label)
            return label
        }
    }

    override func viewWillLayoutSubviews() {
        let bounds = view.bounds
        let listWidth = min(320, bounds.width * 0.4)
        for (index, row) in rows.enumerated() { row.frame = CGRect(x: 12, y: 8 + CGFloat(index) * 22, width: listWidth - 24, height: 20) }
        var y: CGFloat = 12
        let width = bounds.width - listWidth - 24
        for paragraph in paragraphs {
            let height = paragraph.sizeThatFits(CGSize(width: width, height: 0)).height
            paragraph.frame = CGRect(x: listWidth + 12, y: y, width: width, height: height)
            y += height + 10
        }
    }
}

/// The same content laid out by Auto Layout: two stack views, the list at most 320 points and 40% wide.
@MainActor
final class ConstraintListAndParagraphsController: UIViewController {
    override func viewDidLoad() {
        view.backgroundColor = .systemBackground
        let list = UIStackView(arrangedSubviews: (1...50).map { index in
            let label = UILabel()
            label.text = "Row \(index): a message subject that is fairly long"
            label.font = .systemFont(ofSize: 14)
            label.heightAnchor.constraint(equalToConstant: 20).isActive = true
            return label
        })
        list.axis = .vertical
        list.spacing = 2
        let column = UIStackView(arrangedSubviews: (1...8).map { index in
            let label = UILabel()
            label.numberOfLines = 0
            label.font = .systemFont(ofSize: 15)
            label.text = "Paragraph \(index). " + String(repeating: "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed by those of the abstract science of operations. ", count: 2)
            return label
        })
        column.axis = .vertical
        column.spacing = 10
        for stack in [list, column] {
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
        }
        let preferred = list.widthAnchor.constraint(equalToConstant: 296)
        preferred.priority = .defaultHigh
        NSLayoutConstraint.activate([
            list.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 12),
            list.topAnchor.constraint(equalTo: view.topAnchor, constant: 8),
            list.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, multiplier: 0.4, constant: -24), preferred,
            column.leadingAnchor.constraint(equalTo: list.trailingAnchor, constant: 24),
            column.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -12),
            column.topAnchor.constraint(equalTo: view.topAnchor, constant: 12),
        ])
    }
}

/// The cost of one resize step, offscreen: new geometry → traits → layout → draw of the damaged
/// views → composite into the back buffer. This is the client CPU a window drag costs per step,
/// without the X server.
enum ResizeFrameBenchmark: Benchmark {
    static let name = "frame"

    @MainActor
    static func run() throws {
        let frames = measure(ListAndParagraphsController(), title: "frames set in viewWillLayoutSubviews")
        let constraints = measure(ConstraintListAndParagraphsController(), title: "Auto Layout (stack views, anchors)")
        // The same run's reference: the bare twin of the Mail scene (`mail_twin.c`: cairo + Pango, the text
        // laid out once) drawing its whole window into a new image of each size over the same widths.
        // A step here should cost no more than that hand-written repaint.
        print(String(format: "Auto Layout / frames: %.2f×", constraints / frames))
        if let bare = PeersBenchmark.bareOffscreenStep(from: 900, to: 1300, height: 700) {
            print(String(format: "The bare twin's full repaint at the same widths (mail_twin offscreen 900 1300 700 200): %.3f ms per step", bare))
            report(target: "resize-step-client-cpu-vs-bare", value: frames / bare, unit: "× bare twin's repaint", goal: 1)
            report(target: "resize-step-client-cpu-autolayout-vs-bare", value: constraints / bare, unit: "× bare twin's repaint", goal: 1)
        } else {
            print("The bare twin (mail_twin.c) could not be built: cc, libpango1.0-dev and libturbojpeg0-dev are needed; no target.")
        }
        // The Gallery's Mail scene itself (stack views, anchors, wrapping labels, a picture), offscreen:
        // the client's share of one step of the `resize` benchmark's drag, without the X server. In a
        // drag two steps are about 3 ms apart, and a step after such a gap starts with cold caches:
        // measured so too, the same work costs two to three times more (with the thread busy-waiting
        // through the gap as much as sleeping: it is the time, not what the X server does in it).
        _ = measure(AppDelegate.makeMailViewController(), title: "the Gallery's Mail scene")
        _ = measure(AppDelegate.makeMailViewController(), title: "the Gallery's Mail scene, steps 3 ms apart", pause: 0.003)
    }

    /// How fast this shared machine runs right now, to read another benchmark's numbers by: the median
    /// cost of a step of the Mail scene's 420→660 pt drag, offscreen (no X server involved), with the
    /// steps 3 ms apart as a drag spaces them.
    @MainActor
    static func controlStep() -> Double {
        let drag = OffscreenDrag(AppDelegate.makeMailViewController(), size: CGSize(width: 420, height: 700))
        var totals: [Double] = []
        for i in 0..<120 {
            usleep(3000)
            let (layout, draw) = drag.step(width: (420 + 240 * CGFloat(i % 100) / 99).rounded(), height: 700 + CGFloat(i % 3))
            totals.append(layout + draw)
        }
        // The first steps warm fonts and caches up.
        return median(Array(totals.dropFirst(20)))
    }

    /// Prints the table for one controller; returns the median total of the first drag.
    @MainActor
    static func measure(_ controller: UIViewController, title: String, pause: Double = 0) -> Double {
        print(title + ":")
        let drag = OffscreenDrag(controller, size: CGSize(width: 1000, height: 700))
        // Warm up fonts and caches.
        for i in 0..<20 { _ = drag.step(width: 1000 + CGFloat(i), height: 700) }

        print("| drag | steps | layout ms (median) | draw ms (median) | total ms (median) |")
        print("| --- | --- | --- | --- | --- |")
        var regularTotals: [Double] = []
        for (label, from, to) in [("900→1300 pt wide", 900.0, 1300.0), ("420→660 pt wide", 420.0, 660.0), ("1300→900 pt wide", 1300.0, 900.0)] {
            var layouts: [Double] = [], draws: [Double] = []
            for i in 0..<200 {
                let width = from + (to - from) * Double(i) / 199
                if pause > 0 { usleep(UInt32(pause * 1e6)) }
                let result = drag.step(width: CGFloat(width.rounded()), height: 700 + CGFloat(i % 3))
                layouts.append(result.layout)
                draws.append(result.draw)
            }
            let totals = zip(layouts, draws).map(+)
            if regularTotals.isEmpty { regularTotals = totals }
            print(String(format: "| %@ | %d | %.3f | %.3f | %.3f |", label, layouts.count, median(layouts), median(draws), median(totals)))
        }
        return median(regularTotals)
    }
}

/// A view controller in an offscreen scene, resized step by step as a person's drag resizes a window
/// (the Gallery draws its cheap way), each step drawn into one back buffer.
@MainActor
struct OffscreenDrag {
    let scene: UIWindowScene
    let image = ImageSurface(format: .rgb24, width: 1400, height: 900)
    let context: Context

    init(_ controller: UIViewController, size: CGSize) {
        scene = UIWindowScene.offscreen(size: size, rootViewController: controller)
        context = Context(surface: image)
    }

    /// One step: the window manager's new size, then the frame (layout, drawing) and compositing its
    /// damage (milliseconds: layout, and drawing with compositing).
    func step(width: CGFloat, height: CGFloat) -> (layout: Double, draw: Double) {
        let host = scene.offscreenHost!
        host.place(CGRect(x: 0, y: 0, width: width, height: height), interactive: true)
        let frame = host.prepareFrame()
        let composite = milliseconds {
            scene.render(into: context, damage: frame.damage, scale: 1)
            image.flush()
        }
        return (frame.layoutSeconds * 1000, frame.drawSeconds * 1000 + composite)
    }
}
