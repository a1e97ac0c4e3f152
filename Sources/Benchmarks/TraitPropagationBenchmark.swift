import Foundation
@_spi(Runtime) import SceneHost

/// Trait propagation through a 1,000-view hierarchy (a root view controller's view holding 10 sections
/// of 10 rows of 9 leaves, plus their containers): the cost per view of one top-down update, beside the
/// control measured in the same run: a plain walk down the same views, setting a stored property on each
/// (what visiting a view costs before any trait work).
enum TraitPropagationBenchmark: Benchmark {
    static let name = "traits"

    @MainActor
    static func run() throws {
        let controller = UIViewController()
        var views: [UIView] = [controller.view]
        for _ in 0..<10 {
            let section = UIView()
            controller.view.addSubview(section)
            views.append(section)
            for _ in 0..<10 {
                let row = UIView()
                section.addSubview(row)
                views.append(row)
                for _ in 0..<9 where views.count < 1000 {
                    let leaf = UIView()
                    row.addSubview(leaf)
                    views.append(leaf)
                }
            }
        }
        var handlerCalls = 0
        for (index, view) in views.enumerated() where index % 10 == 0 {
            view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: UIView, _: UITraitCollection) in handlerCalls += 1 }
        }
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: controller)
        let host = scene.offscreenHost!
        let count = views.count + 1   // and the window

        func measure(_ rounds: Int, _ change: (Int) -> Void) -> Double {
            var samples: [Double] = []
            for round in 0..<rounds {
                change(round)
                // A frame: the trait update, then layout and drawing, which have nothing to do here.
                samples.append(milliseconds { _ = host.prepareFrame() } * 1e6 / Double(count))
            }
            return median(samples)
        }
        _ = measure(50) { round in scene.traitOverrides.userInterfaceLevel = round % 2 == 0 ? .elevated : .base }

        let unobserved = measure(400) { round in scene.traitOverrides.userInterfaceLevel = round % 2 == 0 ? .elevated : .base }
        // A window resized within its size classes: the update every step of a drag does.
        var resizeSamples: [Double] = []
        for round in 0..<400 {
            let frame = CGRect(x: 0, y: 0, width: round % 2 == 0 ? 1010 : 1000, height: 800)
            resizeSamples.append(milliseconds { host.place(frame) } * 1e6 / Double(count))
        }
        let resize = median(resizeSamples)
        handlerCalls = 0
        let flips = 400
        let flip = measure(flips) { round in scene.traitOverrides.horizontalSizeClass = round % 2 == 0 ? .compact : .regular }
        let callsPerFlip = handlerCalls / flips

        // The control: the same views walked top-down, a stored property set on each.
        func walk(_ view: UIView) {
            view.tag &+= 1
            for subview in view.subviews { walk(subview) }
        }
        var walkSamples: [Double] = []
        for _ in 0..<400 {
            walkSamples.append(milliseconds { walk(controller.view) } * 1e6 / Double(views.count))
        }
        let control = median(walkSamples)

        print("| change | views | ns per view (median) | handler calls per update |")
        print("| --- | --- | --- | --- |")
        print(String(format: "| resize within the size classes (no trait changes) | %d | %.1f | 0 |", count, resize))
        print(String(format: "| userInterfaceLevel, observed by nobody (every view gets a new collection) | %d | %.1f | 0 |", count, unobserved))
        print(String(format: "| horizontalSizeClass flip | %d | %.1f | %d |", count, flip, callsPerFlip))
        print(String(format: "| control: a plain walk down the same views, setting `tag` | %d | %.1f | |", views.count, control))
        // "No observed change", read both ways: nothing changed at all, or only traits nobody observes.
        // Each as a multiple of the walk (about 35 ns a view): a resize that changes nothing costs no more
        // than visiting the views; the former goals of 100 ns (a new collection for every view) and 1 µs
        // (a flip that calls handlers) are about 3 and 30 walks.
        report(target: "traits-no-change-vs-walk", value: resize / control, unit: "× a plain walk", goal: 1)
        report(target: "traits-unobserved-change-vs-walk", value: unobserved / control, unit: "× a plain walk", goal: 3)
        report(target: "traits-size-class-flip-vs-walk", value: flip / control, unit: "× a plain walk", goal: 30)
    }
}
