import Foundation
@testable @_spi(Runtime) import SceneHostCore
import Testing

@MainActor
struct UIStackViewTests {
    /// A 300×100 stack at the root's top-left holding views of the given intrinsic sizes.
    func makeStack(_ sizes: [(CGFloat, CGFloat)], rightToLeft: Bool = false,
                   configure: (UIStackView) -> Void) -> (UIWindowScene, UIStackView, [SizedView]) {
        let (scene, root) = makeRoot(rightToLeft: rightToLeft)
        let views = sizes.map { SizedView($0.0, $0.1) }
        let stack = UIStackView(arrangedSubviews: views)
        stack.translatesAutoresizingMaskIntoConstraints = false
        configure(stack)
        root.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leftAnchor.constraint(equalTo: root.leftAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.widthAnchor.constraint(equalToConstant: 300), stack.heightAnchor.constraint(equalToConstant: 100),
        ])
        scene.layoutIfNeeded()
        return (scene, stack, views)
    }

    @Test func raw_values_match_UIKit() {
        #expect(UIStackView.Distribution.equalCentering.rawValue == 4)
        #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom.rawValue == 4)
        #expect(UIStackView.Alignment.lastBaseline.rawValue == 5)
        let view = UIView()
        let stack = UIStackView(arrangedSubviews: [view])
        #expect(!view.translatesAutoresizingMaskIntoConstraints && view.superview === stack)
    }

    /// A stack turned between its axes (a settings row beside in a regular width, stacked in a
    /// compact one) remakes its arrangement each time; the solver drops the old constraints without
    /// rebuilding its tableau.
    @Test func turningTheAxisBackAndForthRebuildsNoTableau() throws {
        let (scene, stack, views) = makeStack([(40, 20), (60, 30), (50, 10)]) { $0.spacing = 8; $0.alignment = .leading }
        let engine = try #require(stack.window?.hostedLayoutEngine)
        let rebuilds = engine.solver.tableau.rebuilds
        for round in 0..<3 {
            stack.axis = .vertical
            stack.spacing = 4
            scene.layoutIfNeeded()
            // The first view fills what the others and the gaps leave: 100 − 30 − 10 − 2 × 4.
            #expect(views[1].frame.origin == CGPoint(x: 0, y: 56), "round \(round)")
            stack.axis = .horizontal
            stack.spacing = 8
            scene.layoutIfNeeded()
            #expect(views[1].frame.origin == CGPoint(x: 300 - 60 - 50 - 8, y: 0), "round \(round)")
        }
        #expect(engine.solver.tableau.rebuilds == rebuilds)
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let (scene, _, views) = makeStack([(50, 20), (60, 20)]) { $0.spacing = 10 }
        views[1].setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        views[1].superview?.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 0, y: 0, width: 50, height: 100), "alignment fill spans the height")
        #expect(views[1].frame == CGRect(x: 60, y: 0, width: 240, height: 100))
        withExtendedLifetime(scene) {}   // the scene holds the stack's window; released, the stack goes with it
    }

    @Test func fillWithEqualHuggingStretchesTheFirst() {
        let (_, _, views) = makeStack([(50, 20), (60, 20)]) { _ in }
        #expect(views[0].frame.width == 240 && views[1].frame.width == 60)
    }

    @Test func fillEquallyAndProportionally() {
        let (_, _, equal) = makeStack([(50, 20), (10, 20), (30, 20)]) { $0.distribution = .fillEqually; $0.spacing = 15 }
        #expect(equal.map(\.frame.width) == [90, 90, 90])
        #expect(equal.map(\.frame.minX) == [0, 105, 210])
        let (_, _, proportional) = makeStack([(100, 20), (50, 20)]) { $0.distribution = .fillProportionally }
        #expect(proportional.map(\.frame.width) == [200, 100])
    }

    @Test func equalSpacingAndEqualCentering() {
        let (_, _, spaced) = makeStack([(40, 20), (60, 20), (20, 20)]) { $0.distribution = .equalSpacing }
        #expect(spaced.map(\.frame.width) == [40, 60, 20])
        #expect(spaced.map(\.frame.minX) == [0, 130, 280], "two gaps of 90")
        let (_, _, centred) = makeStack([(40, 20), (60, 20), (20, 20)]) { $0.distribution = .equalCentering }
        let centres = centred.map(\.frame.midX)
        #expect(centres[0] == 20 && centres[2] == 290)
        #expect(abs((centres[1] - centres[0]) - (centres[2] - centres[1])) < 0.6, "equal distances between centres")
    }

    @Test func alignmentsAcrossTheAxis() {
        let sizes: [(CGFloat, CGFloat)] = [(40, 20), (40, 60)]
        let (_, _, top) = makeStack(sizes) { $0.alignment = .top }
        #expect(top.map(\.frame.minY) == [0, 0] && top.map(\.frame.height) == [20, 60])
        let (_, _, bottom) = makeStack(sizes) { $0.alignment = .bottom }
        #expect(bottom.map(\.frame.maxY) == [100, 100])
        let (_, _, centre) = makeStack(sizes) { $0.alignment = .center }
        #expect(centre.map(\.frame.midY) == [50, 50])
    }

    @Test func firstBaselineAlignmentLinesUpLabels() {
        let (scene, root) = makeRoot()
        let small = UILabel(), big = UILabel()
        small.text = "Small"
        big.text = "Big"
        big.font = .systemFont(ofSize: 34)
        let stack = UIStackView(arrangedSubviews: [small, big])
        stack.alignment = .firstBaseline
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        NSLayoutConstraint.activate([stack.leftAnchor.constraint(equalTo: root.leftAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor)])
        scene.layoutIfNeeded()
        let baseline = { (label: UILabel) -> CGFloat in
            let (fraction, offset) = label.baseline(first: true)
            return label.frame.minY + fraction * label.frame.height + offset
        }
        #expect(abs(baseline(small) - baseline(big)) < 0.6)
        #expect(small.frame.minY > big.frame.minY)
        #expect(stack.frame.height == big.frame.height, "the stack hugs its tallest view")
    }

    @Test func hiddenViewsCollapseAndMarginsCanBeUsed() {
        let (scene, stack, views) = makeStack([(50, 20), (60, 20), (70, 20)]) {
            $0.spacing = 10
            $0.distribution = .fillEqually
        }
        views[1].isHidden = true
        scene.layoutIfNeeded()
        #expect(views[0].frame.width == 145 && views[2].frame.minX == 155, "the others close the gap")
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 20)
        scene.layoutIfNeeded()
        #expect(views[0].frame == CGRect(x: 20, y: 5, width: 125, height: 90))
    }

    @Test func switchingTheAxisRearranges() {
        let (scene, stack, views) = makeStack([(50, 20), (60, 30)]) { $0.alignment = .leading }
        stack.axis = .vertical
        scene.layoutIfNeeded()
        #expect(views[1].frame.minY == views[0].frame.maxY && views[0].frame.minX == 0 && views[1].frame.minX == 0)
    }

    @Test func rightToLeftArrangesFromTheRight() {
        let (_, _, views) = makeStack([(50, 20), (60, 20)], rightToLeft: true) { $0.distribution = .equalSpacing }
        #expect(views[0].frame.maxX == 300 && views[1].frame.minX == 0)
        // Leading alignment in a column: against the right edge, and no wider than the content.
        let (_, _, column) = makeStack([(50, 20), (60, 20)], rightToLeft: true) {
            $0.axis = .vertical
            $0.alignment = .leading
        }
        #expect(column.map(\.frame.maxX) == [300, 300] && column.map(\.frame.width) == [50, 60])
    }
}
