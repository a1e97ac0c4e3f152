import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A view with a fixed intrinsic size.
@MainActor
final class SizedView: UIView {
    var size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: CGSize { size }
}

/// A scene of `size` whose root controller's view is returned, laid out on demand.
@MainActor
func makeRoot(width: CGFloat = 400, height: CGFloat = 300, rightToLeft: Bool = false) -> (UIWindowScene, UIView) {
    let controller = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: height), rootViewController: controller)
    if rightToLeft { scene.traitOverrides.layoutDirection = .rightToLeft }
    scene.layoutIfNeeded()
    return (scene, controller.view)
}

@MainActor
func captureLog(_ body: () -> Void) -> [String] {
    let previous = SceneHostLog.sink
    var lines: [String] = []
    SceneHostLog.sink = { lines.append($0) }
    defer { SceneHostLog.sink = previous }
    body()
    return lines
}

@MainActor
struct AutoLayoutTests {
    @Test func constraintsAreInactiveUntilActivatedAndInstallOnTheCommonAncestor() {
        let (scene, root) = makeRoot()
        let a = UIView(), b = UIView(), container = UIView()
        root.addSubview(container)
        container.addSubview(a)
        root.addSubview(b)
        let c = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        #expect(!c.isActive)
        #expect(c.firstAttribute == .width && c.relation == .equal && c.multiplier == 1)
        c.isActive = true
        #expect(c.isActive)
        #expect(root.constraints.contains { $0 === c }, "installed on the nearest common ancestor")
        NSLayoutConstraint.deactivate([c])
        #expect(!c.isActive && root.constraints.isEmpty)
        _ = scene
    }

    @Test func raw_values_match_UIKit() {
        #expect(NSLayoutConstraint.Attribute.leading.rawValue == 5)
        #expect(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue == 20)
        #expect(NSLayoutConstraint.Relation.lessThanOrEqual.rawValue == -1)
        #expect(UILayoutPriority.defaultHigh.rawValue == 750 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
        #expect(UILayoutPriority.dragThatCanResizeScene.rawValue == 510)
        #expect(UIView.AutoresizingMask.flexibleBottomMargin.rawValue == 32)
        #expect(UIView().translatesAutoresizingMaskIntoConstraints, "true for views made in code")
    }

    @Test func pinnedSubviewFollowsItsSuperviewAndConstantChangesResolve() {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let top = child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20), top,
            child.heightAnchor.constraint(equalToConstant: 50),
        ])
        scene.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 10, width: 360, height: 50))
        top.constant = 30
        root.layoutIfNeeded()
        #expect(child.frame.minY == 30, "a constant change applies at the next layout")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 600, height: 300), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 20, y: 30, width: 560, height: 50), "the window's size flows through")
    }

    /// A solve sets the frames of the views whose solved rectangle moved, as UIKit's engine tells only
    /// the views whose variables changed; a view that stays put in the window while its superview moves
    /// gets a frame too (it is relative to the superview), so does one whose frame was set by hand, and a
    /// new display scale rounds every frame again.
    @Test func aSolveSetsTheFramesOfWhatMovedAndOfWhatItsSuperviewMoved() {
        let (scene, root) = makeRoot()
        let container = UIView(), fixed = UIView(), pinned = UIView()
        for view in [container, fixed, pinned] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(container)
        // `fixed` is placed against the root, not against its superview; `pinned` against its superview.
        container.addSubview(fixed)
        container.addSubview(pinned)
        let leading = container.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let pinnedWidth = pinned.widthAnchor.constraint(equalToConstant: 20.25)
        NSLayoutConstraint.activate([
            leading, container.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            container.widthAnchor.constraint(equalToConstant: 200), container.heightAnchor.constraint(equalToConstant: 100),
            fixed.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
            fixed.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            fixed.widthAnchor.constraint(equalToConstant: 20), fixed.heightAnchor.constraint(equalToConstant: 20),
            pinned.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 5),
            pinned.topAnchor.constraint(equalTo: container.topAnchor, constant: 5),
            pinnedWidth, pinned.heightAnchor.constraint(equalToConstant: 20),
        ])
        scene.layoutIfNeeded()
        #expect(fixed.frame == CGRect(x: 40, y: 40, width: 20, height: 20))
        #expect(pinned.frame == CGRect(x: 5, y: 5, width: 20, height: 20), "20.25 points are 20 whole pixels at scale 1")
        leading.constant = 30
        root.layoutIfNeeded()
        #expect(container.frame == CGRect(x: 30, y: 10, width: 200, height: 100))
        #expect(fixed.frame == CGRect(x: 20, y: 40, width: 20, height: 20), "it stays put in the window as its superview moves")
        #expect(pinned.frame == CGRect(x: 5, y: 5, width: 20, height: 20), "it moves with its superview")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 420, height: 300), displayScale: 2)
        scene.layoutIfNeeded()
        #expect(pinned.frame == CGRect(x: 5, y: 5, width: 20.5, height: 20), "rounded to half points at scale 2, though it did not move")
        // A frame set by hand on a view its constraints place lasts until the next solve, which puts it back.
        fixed.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        pinnedWidth.constant = 30
        root.layoutIfNeeded()
        #expect(pinned.frame.width == 30)
        #expect(fixed.frame == CGRect(x: 20, y: 40, width: 20, height: 20), "put back, though the solve did not move it")
    }

    /// As UIKit's window does (`autoresize = W+H`), the window keeps its root view at its own size
    /// through the window's layout: a resize is solved once, not a second time when the window then
    /// sets the root view's frame.
    @Test func theRootViewFollowsTheWindowAndAResizeIsSolvedOnce() throws {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            child.topAnchor.constraint(equalTo: root.topAnchor), child.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        scene.layoutIfNeeded()
        #expect(root.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        let engine = try #require(root.window?.hostedLayoutEngine)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 600, height: 350), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(root.frame == CGRect(x: 0, y: 0, width: 600, height: 350))
        #expect(child.frame == CGRect(x: 20, y: 0, width: 560, height: 350))
    }

    /// Constraints swapped at a size-class change (a pane beside the list, or the list alone): after the
    /// first round the solver keeps its tableau, rebuilding nothing when the same constraints come and go.
    @Test func constraintsSwitchedOffAndOnAgainRebuildNothingAfterTheFirstTime() throws {
        let (scene, root) = makeRoot(width: 700)
        let pane = UIView()
        pane.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(pane)
        NSLayoutConstraint.activate([
            pane.leadingAnchor.constraint(equalTo: root.leadingAnchor), pane.topAnchor.constraint(equalTo: root.topAnchor),
            pane.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        let alone = [pane.trailingAnchor.constraint(equalTo: root.trailingAnchor)]
        let beside = [pane.widthAnchor.constraint(equalToConstant: 280)]
        NSLayoutConstraint.activate(alone)
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        var rebuilds = engine.solver.tableau.rebuilds
        for round in 0..<3 {
            NSLayoutConstraint.deactivate(alone)
            NSLayoutConstraint.activate(beside)
            scene.layoutIfNeeded()
            #expect(pane.frame.width == 280)
            NSLayoutConstraint.deactivate(beside)
            NSLayoutConstraint.activate(alone)
            scene.layoutIfNeeded()
            #expect(pane.frame.width == 700)
            // Each required equality going for the first time has the tableau rebuilt without it.
            #expect(engine.solver.tableau.rebuilds == rebuilds + (round == 0 ? 2 : 0), "round \(round)")
            rebuilds = engine.solver.tableau.rebuilds
        }
    }

    /// A container placing its children by frame in `layoutSubviews` (as navigation and split view
    /// controllers place their children's views), the children laid out inside by constraints: placing
    /// them and resizing the window shift the constants of the generated constraints (autoresizing
    /// masks, the root's size), which rebuilds the tableau not even the first time (the first shift of
    /// each used to rebuild it once: eleven times here, and again after every rebuild of the engine).
    @Test func childrenPlacedByFrameMoveWithoutRebuildingTheTableau() throws {
        final class Columns: UIView {
            override func layoutSubviews() {
                super.layoutSubviews()
                let width = bounds.width / CGFloat(max(1, subviews.count))
                for (index, column) in subviews.enumerated() {
                    column.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: bounds.height)
                }
            }
        }
        let (scene, root) = makeRoot(width: 700)
        let columns = Columns(frame: root.bounds)
        columns.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(columns)
        var labels: [UIView] = []
        for _ in 0..<4 {
            let column = UIView()
            columns.addSubview(column)
            let label = SizedView(40, 20)
            column.addSubview(label)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: column.leadingAnchor, constant: 8),
                label.trailingAnchor.constraint(equalTo: column.trailingAnchor, constant: -8),
                label.topAnchor.constraint(equalTo: column.topAnchor, constant: 8),
            ])
            labels.append(label)
        }
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        for (step, width) in [640.0, 500, 820, 360].enumerated() {
            _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: width, height: 300), displayScale: 1)
            scene.layoutIfNeeded()
            #expect(labels[3].frame.width == CGFloat(width / 4 - 16), "step \(step)")
            #expect(labels[3].superview!.frame.minX == CGFloat(width * 3 / 4))
        }
        #expect(engine.solver.tableau.rebuilds == 0)
    }

    @Test func leadingAndTrailingFlipUnderRightToLeft() {
        let (scene, root) = makeRoot(rightToLeft: true)
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            child.widthAnchor.constraint(equalToConstant: 100),
            child.topAnchor.constraint(equalTo: root.topAnchor), child.heightAnchor.constraint(equalToConstant: 10),
        ])
        scene.layoutIfNeeded()
        #expect(child.frame.minX == 280, "leading is the right edge, 20 pt in, in a right-to-left layout")
        scene.traitOverrides.layoutDirection = .leftToRight
        scene.layoutIfNeeded()
        #expect(child.frame.minX == 20)
        child.semanticContentAttribute = .forceRightToLeft
        scene.layoutIfNeeded()
        #expect(child.frame.minX == 280, "semanticContentAttribute forces the direction")
    }

    @Test func optionalConstraintsGiveWayAndPrioritiesDecide() {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let wide = child.widthAnchor.constraint(equalToConstant: 500)
        wide.priority = .defaultHigh
        let narrow = child.widthAnchor.constraint(equalToConstant: 100)
        narrow.priority = .defaultLow
        NSLayoutConstraint.activate([wide, narrow, child.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor),
                                     child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor),
                                     child.heightAnchor.constraint(equalToConstant: 10)])
        scene.layoutIfNeeded()
        #expect(child.frame.width == 400, "the required bound holds; the higher optional comes as close as it can")
        wide.priority = UILayoutPriority(200)
        scene.layoutIfNeeded()
        #expect(child.frame.width == 100, "a lower priority now loses")
    }

    @Test func switchingAnInstalledConstraintBetweenRequiredAndOptionalIsRefused() {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let width = child.widthAnchor.constraint(equalToConstant: 10)
        width.priority = .required
        width.isActive = true
        let lines = captureLog { width.priority = .defaultHigh }
        #expect(width.priority == .required)
        #expect(lines.count == 1 && lines[0].contains("Mutating a priority from required to not on an installed constraint"))
        // Before activation it may change freely.
        let other = child.heightAnchor.constraint(equalToConstant: 10)
        other.priority = .defaultLow
        #expect(other.priority == .defaultLow)
        _ = scene
    }

    @Test func unsatisfiableConstraintsAreLoggedInUIKitsShapeAndOneIsBroken() {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let first = child.widthAnchor.constraint(equalToConstant: 100)
        first.identifier = "first"
        let second = child.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "second"
        NSLayoutConstraint.activate([first, child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                     child.topAnchor.constraint(equalTo: root.topAnchor),
                                     child.heightAnchor.constraint(equalToConstant: 5)])
        scene.layoutIfNeeded()
        let lines = captureLog {
            second.isActive = true
            scene.layoutIfNeeded()
        }
        #expect(lines.count == 1)
        let log = lines.first ?? ""
        #expect(log.contains("Unable to simultaneously satisfy constraints"))
        #expect(log.contains("'first'"), "the conflicting constraint is listed")
        #expect(log.contains("Will attempt to recover by breaking constraint"))
        #expect(child.frame.width == 100, "the constraint added last is broken")
        #expect(second.isActive)
    }

    /// A required constraint broken to recover from a conflict stays active and is tried again as the
    /// layout changes: once the conflict is gone it holds, without being reported again while it waits.
    @Test func aBrokenConstraintHoldsAgainOnceTheLayoutAllowsIt() {
        let (scene, root) = makeRoot(width: 400)
        let box = UIView(), child = UIView()
        for view in [box, child] { view.translatesAutoresizingMaskIntoConstraints = false }
        root.addSubview(box)
        box.addSubview(child)
        let boxWidth = box.widthAnchor.constraint(equalToConstant: 50)
        let loose = child.widthAnchor.constraint(equalToConstant: 10)
        loose.priority = .defaultLow
        NSLayoutConstraint.activate([box.leftAnchor.constraint(equalTo: root.leftAnchor), boxWidth,
                                     box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 20),
                                     child.leadingAnchor.constraint(equalTo: box.leadingAnchor),
                                     child.trailingAnchor.constraint(lessThanOrEqualTo: box.trailingAnchor),
                                     child.topAnchor.constraint(equalTo: box.topAnchor), child.heightAnchor.constraint(equalToConstant: 5),
                                     loose])
        scene.layoutIfNeeded()
        let wide = child.widthAnchor.constraint(equalToConstant: 100)
        let lines = captureLog {
            wide.isActive = true
            scene.layoutIfNeeded()
            #expect(child.frame.width == 10, "too wide for its box: broken")
            boxWidth.constant = 60
            scene.layoutIfNeeded()
        }
        #expect(lines.count == 1, "reported once, when it broke")
        #expect(child.frame.width == 10, "still too wide")
        boxWidth.constant = 150
        scene.layoutIfNeeded()
        #expect(child.frame.width == 100, "the box is wide enough now: it holds")
        _ = captureLog {
            boxWidth.constant = 50
            scene.layoutIfNeeded()
        }
        #expect(child.frame.width == 100 && box.frame.width >= 100, "the constraint changed last breaks: the child keeps its width")
        wide.isActive = false
        scene.layoutIfNeeded()
        #expect(box.frame.width == 50 && child.frame.width == 10, "the wide child gone, the box's width holds again")
    }

    /// A view added to a right-to-left window that activates constraints as its traits change (a cell
    /// arranging itself for the text size) has them resolved in its subtree's new direction: its
    /// subviews' traits are brought up to date after its own, so they are added once all are.
    @Test func constraintsActivatedAsASubtreeJoinsFollowItsNewDirection() throws {
        final class Arranging: UIView {
            let child = UIView()
            var arranged: [NSLayoutConstraint] = []
            init() {
                super.init(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
                child.translatesAutoresizingMaskIntoConstraints = false
                addSubview(child)
                NSLayoutConstraint.activate([child.topAnchor.constraint(equalTo: topAnchor), child.heightAnchor.constraint(equalToConstant: 10)])
            }
            override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
                super.traitCollectionDidChange(previousTraitCollection)
                guard arranged.isEmpty, superview != nil else { return }
                arranged = [child.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10),
                            child.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -240)]
                NSLayoutConstraint.activate(arranged)
            }
        }
        let (scene, root) = makeRoot(rightToLeft: true)
        let header = SizedView(100, 20)
        root.addSubview(header)
        NSLayoutConstraint.activate([header.leadingAnchor.constraint(equalTo: root.leadingAnchor), header.topAnchor.constraint(equalTo: root.topAnchor)])
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        let view = Arranging()
        let lines = captureLog {
            root.addSubview(view)
            scene.layoutIfNeeded()
        }
        #expect(!view.arranged.isEmpty && !engine.needsRebuild)
        #expect(lines.isEmpty, "\(lines.first ?? "")")
        #expect(view.child.frame == CGRect(x: 240, y: 0, width: 50, height: 10), "leading is the right edge")
    }

    /// A required constraint whose constant stops fitting breaks; it holds again once its constant fits.
    @Test func aConstantThatCannotHoldIsReportedAndTheRestStays() {
        let (scene, root) = makeRoot()
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let gap = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([gap, child.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                     child.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
                                     child.topAnchor.constraint(equalTo: root.topAnchor), child.heightAnchor.constraint(equalToConstant: 5)])
        scene.layoutIfNeeded()
        #expect(child.frame.width == 390)
        let lines = captureLog {
            gap.constant = 350
            scene.layoutIfNeeded()
        }
        #expect(lines.count == 1 && lines.first?.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(child.frame.width >= 100, "the required minimum width still holds")
        gap.constant = 40
        scene.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 40, y: 0, width: 360, height: 5), "the broken constraint holds again once its constant fits")
    }

    @Test func autoresizingMaskTranslatesIntoConstraintsAndClassicResizing() {
        let (scene, root) = makeRoot()
        // Classic autoresizing, no constraints involved.
        let band = UIView(frame: CGRect(x: 10, y: 10, width: 380, height: 20))
        band.autoresizingMask = [.flexibleWidth]
        root.addSubview(band)
        // A view that translates its mask, referred to by a constraint.
        let corner = UIView(frame: CGRect(x: 300, y: 250, width: 90, height: 40))
        corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        root.addSubview(corner)
        let follower = UIView()
        follower.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(follower)
        NSLayoutConstraint.activate([
            follower.trailingAnchor.constraint(equalTo: corner.leadingAnchor, constant: -10),
            follower.topAnchor.constraint(equalTo: corner.topAnchor),
            follower.widthAnchor.constraint(equalToConstant: 50), follower.heightAnchor.constraint(equalTo: corner.heightAnchor),
        ])
        scene.layoutIfNeeded()
        #expect(follower.frame == CGRect(x: 240, y: 250, width: 50, height: 40))
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 400), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(band.frame == CGRect(x: 10, y: 10, width: 480, height: 20))
        #expect(corner.frame == CGRect(x: 400, y: 350, width: 90, height: 40), "flexible margins keep the corner")
        #expect(follower.frame == CGRect(x: 340, y: 350, width: 50, height: 40))
        corner.frame.origin.x = 100
        scene.layoutIfNeeded()
        #expect(follower.frame.minX == 40, "moving a translating view moves what is constrained to it")
    }

    @Test func intrinsicSizeHuggingAndCompressionResistance() {
        let (scene, root) = makeRoot()
        let a = SizedView(100, 20), b = SizedView(100, 20)
        root.addSubview(a)
        root.addSubview(b)
        b.setContentHuggingPriority(UILayoutPriority(251), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        scene.layoutIfNeeded()
        #expect(b.frame.width == 100 && a.frame.width == 300, "the view that hugs harder keeps its size")
        #expect(a.frame.height == 20)
        b.size.width = 150
        b.invalidateIntrinsicContentSize()
        scene.layoutIfNeeded()
        #expect(b.frame.width == 150)
        // Too little room: the lower compression resistance gives way.
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 200, height: 300), displayScale: 1)
        a.setContentCompressionResistancePriority(UILayoutPriority(700), for: .horizontal)
        scene.layoutIfNeeded()
        #expect(b.frame.width == 150 && a.frame.width == 50)
    }

    @Test func labelsMeasureThroughPangoAndWrapToTheirWidth() {
        let (scene, root) = makeRoot(width: 300)
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = String(repeating: "Wrapped words in a label ", count: 8)
        label.numberOfLines = 0
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        scene.layoutIfNeeded()
        let oneLine = label.sizeThatFits(.zero).height
        #expect(label.frame.minX == 16 && label.frame.width == 268, "root view margins: 16 pt in a compact width")
        #expect(label.frame.height > oneLine * 3, "a multi-line label takes the height its width needs")
        #expect(label.frame.height == label.sizeThatFits(CGSize(width: 268, height: 0)).height)
        // Width by width, narrower and wider: the height always follows (whether a word moved or not).
        for width in Array(stride(from: 300.0, through: 150, by: -3)) + Array(stride(from: 150.0, through: 420, by: 2)) {
            _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: width, height: 600), displayScale: 1)
            scene.layoutIfNeeded()
            #expect(label.frame.height == label.sizeThatFits(CGSize(width: label.frame.width, height: 0)).height, "at \(width) pt")
        }
        label.text = "Short now"
        scene.layoutIfNeeded()
        #expect(label.frame.height == oneLine, "new text: measured again")
    }

    @Test func marginsSafeAreaAndReadableContentGuides() {
        let (scene, root) = makeRoot(width: 1200, height: 400)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(box)
        box.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 30, bottom: 4, trailing: 10)
        let inner = UIView(), readable = UIView()
        for view in [inner, readable] { view.translatesAutoresizingMaskIntoConstraints = false; box.addSubview(view) }
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 100),
            inner.leadingAnchor.constraint(equalTo: box.layoutMarginsGuide.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: box.layoutMarginsGuide.trailingAnchor),
            inner.topAnchor.constraint(equalTo: box.layoutMarginsGuide.topAnchor), inner.heightAnchor.constraint(equalToConstant: 10),
            readable.leadingAnchor.constraint(equalTo: root.readableContentGuide.leadingAnchor),
            readable.trailingAnchor.constraint(equalTo: root.readableContentGuide.trailingAnchor),
            readable.topAnchor.constraint(equalTo: inner.bottomAnchor), readable.heightAnchor.constraint(equalToConstant: 10),
        ])
        scene.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 0, y: 0, width: 1200, height: 100))
        #expect(inner.frame == CGRect(x: 30, y: 4, width: 1160, height: 10))
        #expect(readable.frame.width == 672, "readable width at the default text size")
        #expect(abs(readable.convert(readable.bounds, to: root).midX - 600) < 1, "centred")
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 20, y: 8, width: 1160, height: 384), "regular width: 20 pt")
        box.directionalLayoutMargins.leading = 50
        scene.layoutIfNeeded()
        #expect(inner.frame.minX == 50, "margin changes relayout")
    }

    @Test func customLayoutGuidesSpaceViews() {
        let (scene, root) = makeRoot()
        let a = SizedView(50, 10), b = SizedView(50, 10), gap = UILayoutGuide()
        root.addSubview(a)
        root.addSubview(b)
        root.addLayoutGuide(gap)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
            b.leadingAnchor.constraint(equalTo: gap.trailingAnchor), gap.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 2),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        scene.layoutIfNeeded()
        #expect(b.frame.minX == 150)
        #expect(gap.layoutFrame.minX == 50 && gap.layoutFrame.width == 100)
        #expect(root.layoutGuides.contains { $0 === gap } && gap.owningView === root)
    }

    /// A guide outliving its view, or taken off it, has no owning view (as a weak reference would).
    @Test func aGuideForgetsAViewThatWentAway() {
        let gap = UILayoutGuide(), removed = UILayoutGuide()
        var margins: UILayoutGuide?
        do {
            let view = UIView()
            view.addLayoutGuide(gap)
            view.addLayoutGuide(removed)
            margins = view.layoutMarginsGuide
            view.removeLayoutGuide(removed)
            #expect(gap.owningView === view && margins?.owningView === view && removed.owningView == nil)
        }
        #expect(gap.owningView == nil && margins?.owningView == nil)
        #expect(gap.layoutFrame == .zero)
    }

    @Test func systemLayoutSizeFittingMeasuresTheSubtree() {
        let card = UIView()
        let title = SizedView(120, 20), body = SizedView(200, 40)
        card.addSubview(title)
        card.addSubview(body)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            body.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -10),
            body.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        #expect(card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 220, height: 88))
        let wide = card.systemLayoutSizeFitting(CGSize(width: 500, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(wide == CGSize(width: 500, height: 88))
        #expect(card.frame == .zero, "measuring changes nothing")
        // A detached hierarchy lays itself out too.
        card.frame = CGRect(x: 0, y: 0, width: 300, height: 88)
        card.layoutIfNeeded()
        #expect(body.frame == CGRect(x: 10, y: 38, width: 200, height: 40))
    }

    @Test func ambiguityAndTheConstraintsAffectingAView() {
        let (scene, root) = makeRoot()
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        let width = view.widthAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([width, view.heightAnchor.constraint(equalToConstant: 40),
                                     view.topAnchor.constraint(equalTo: root.topAnchor)])
        scene.layoutIfNeeded()
        #expect(view.hasAmbiguousLayout, "no horizontal position")
        view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5).isActive = true
        scene.layoutIfNeeded()
        #expect(!view.hasAmbiguousLayout)
        #expect(view.frame == CGRect(x: 5, y: 0, width: 40, height: 40), "asking changed nothing")
        let horizontal = view.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === width })
        #expect(!view.constraintsAffectingLayout(for: .vertical).contains { $0 === width })
    }

    @Test func removingAViewDeactivatesConstraintsThatReferToIt() {
        let (scene, root) = makeRoot()
        let a = UIView(), b = UIView()
        root.addSubview(a)
        a.addSubview(b)
        let outside = b.widthAnchor.constraint(equalTo: root.widthAnchor)
        let inside = b.widthAnchor.constraint(equalTo: a.widthAnchor)
        NSLayoutConstraint.activate([outside, inside])
        a.removeFromSuperview()
        #expect(!outside.isActive, "referred to a view that left the hierarchy")
        #expect(inside.isActive, "constraints inside the removed subtree stay")
        _ = scene
    }

    /// A subtree leaving a window rebuilds its engine (a split view collapsing, rows going): what stands
    /// is kept, the records and variables of the views that stay and the solver constraints whose
    /// expressions did not change; what left is freed. One joining is added without a rebuild.
    @Test func aRebuildKeepsWhatStaysAndFreesWhatLeft() throws {
        let (scene, root) = makeRoot(width: 400)
        let a = SizedView(100, 20)
        root.addSubview(a)
        let pin = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([pin, a.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)])
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        let made = try #require(engine.solverConstraint(for: pin))
        let variable = try #require(engine.records[ObjectIdentifier(a)]?.variables.x)
        let generated = try #require(engine.records[ObjectIdentifier(a)]?.contentSize)

        weak var weakRow: UIView?
        do {
            let row = UIView(frame: CGRect(x: 0, y: 100, width: 400, height: 44)), label = SizedView(60, 20)
            row.addSubview(label)
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
                                         label.centerYAnchor.constraint(equalTo: row.centerYAnchor)])
            root.addSubview(row)
            #expect(!engine.needsRebuild, "a subtree joining is added to the built engine")
            scene.layoutIfNeeded()
            #expect(label.frame == CGRect(x: 16, y: 12, width: 60, height: 20))
            pin.constant = 30
            row.removeFromSuperview()
            #expect(engine.needsRebuild)
            weakRow = row
        }
        scene.layoutIfNeeded()
        #expect(weakRow == nil, "the row that left is freed with the rebuild")
        #expect(engine.solverConstraint(for: pin) === made, "rebuilt, the solver constraint is the same")
        #expect(engine.records[ObjectIdentifier(a)]?.variables.x === variable)
        #expect(engine.records[ObjectIdentifier(a)]?.contentSize.elementsEqual(generated, by: ===) == true)
        #expect(a.frame == CGRect(x: 30, y: 5, width: 100, height: 20), "the constant changed on the way is followed")
    }

    /// A view that leaves the hierarchy and comes back (a table's cell through the reuse queue, a split
    /// view's column) takes up what the engine made for it the first time: its variables and the solver
    /// constraints of its own constraints, rather than new ones among short-lived blocks. Laid out as
    /// before.
    @Test func aViewThatLeavesAndComesBackKeepsItsLayoutObjects() throws {
        let (scene, root) = makeRoot(width: 400)
        let row = UIView(frame: CGRect(x: 0, y: 100, width: 400, height: 44)), label = SizedView(60, 20)
        row.addSubview(label)
        let leading = label.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16)
        NSLayoutConstraint.activate([leading, label.centerYAnchor.constraint(equalTo: row.centerYAnchor)])
        root.addSubview(row)
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        let variable = try #require(engine.records[ObjectIdentifier(label)]?.variables.x)
        let rowVariable = try #require(engine.records[ObjectIdentifier(row)]?.variables.y)
        let made = try #require(engine.solverConstraint(for: leading))

        row.removeFromSuperview()
        scene.layoutIfNeeded()
        #expect(engine.records[ObjectIdentifier(label)] == nil && engine.solverConstraint(for: leading) == nil)
        root.addSubview(row)
        row.frame.origin.y = 200
        scene.layoutIfNeeded()
        #expect(engine.records[ObjectIdentifier(label)]?.variables.x === variable)
        #expect(engine.records[ObjectIdentifier(row)]?.variables.y === rowVariable)
        #expect(engine.solverConstraint(for: leading) === made)
        #expect(label.frame == CGRect(x: 16, y: 12, width: 60, height: 20))
        #expect(row.frame.origin.y == 200)
    }

    /// A subtree that joins a window whose engine is built, during a layout pass as a list's cells do,
    /// brings its constraints (and those referring to its guides) into that engine without a rebuild;
    /// its frames are solved with the rest, and a constraint activated later in it is followed.
    @Test func aSubtreeJoiningABuiltEngineIsAddedWithoutARebuild() throws {
        let (scene, root) = makeRoot(width: 400)
        let header = SizedView(100, 20)
        root.addSubview(header)
        NSLayoutConstraint.activate([header.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                     header.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)])
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        let solves = engine.solveCount

        let card = UIView(frame: CGRect(x: 0, y: 40, width: 300, height: 100))
        card.layoutMargins = UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        let title = SizedView(80, 20), badge = SizedView(20, 20)
        card.addSubview(title)
        card.addSubview(badge)
        NSLayoutConstraint.activate([title.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
                                     title.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
                                     badge.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
                                     badge.centerYAnchor.constraint(equalTo: title.centerYAnchor)])
        root.addSubview(card)
        #expect(!engine.needsRebuild)
        #expect(engine.records[ObjectIdentifier(title)] != nil, "the subtree's items joined the engine")
        scene.layoutIfNeeded()
        #expect(engine.solveCount == solves + 1)
        #expect(card.frame == CGRect(x: 0, y: 40, width: 300, height: 100))
        #expect(title.frame == CGRect(x: 12, y: 4, width: 80, height: 20))
        #expect(badge.frame == CGRect(x: 268, y: 4, width: 20, height: 20))
        #expect(header.frame == CGRect(x: 10, y: 5, width: 100, height: 20))

        let gap = title.trailingAnchor.constraint(lessThanOrEqualTo: badge.leadingAnchor, constant: -8)
        gap.isActive = true
        badge.removeFromSuperview()
        scene.layoutIfNeeded()
        #expect(!gap.isActive, "a constraint referring to a view that left goes with it")
        #expect(title.frame == CGRect(x: 12, y: 4, width: 80, height: 20))
    }

    /// A view kept through a rebuild that moved to another superview gets generated constraints
    /// relating it to the new one: its frame stays what it was set to, in the new superview.
    @Test func aViewMovedToAnotherSuperviewIsPlacedInTheNewOne() throws {
        let (scene, root) = makeRoot(width: 400)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let right = UIView(frame: CGRect(x: 200, y: 0, width: 200, height: 300))
        root.addSubview(left)
        root.addSubview(right)
        let card = UIView(frame: CGRect(x: 10, y: 20, width: 120, height: 80)), label = SizedView(60, 20)
        card.addSubview(label)
        NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                                     label.topAnchor.constraint(equalTo: card.topAnchor, constant: 8)])
        left.addSubview(card)
        scene.layoutIfNeeded()
        let engine = try #require(root.window?.hostedLayoutEngine)
        let variable = try #require(engine.records[ObjectIdentifier(label)]?.variables.x)
        right.addSubview(card)
        scene.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 10, y: 20, width: 120, height: 80))
        #expect(label.frame == CGRect(x: 8, y: 8, width: 60, height: 20))
        #expect(card.convert(label.frame, to: root).minX == 218)
        #expect(engine.records[ObjectIdentifier(label)]?.variables.x === variable)
    }

    /// As in UIKit, a constraint does not keep its items alive: a view that holds a constraint on
    /// itself, or whose superview holds one referring to it, goes away when released, and the
    /// constraint's item becomes nil. Activating it then is refused with a message.
    @Test func constraintsHoldTheirItemsWeakly() {
        weak var weakView: UIView?
        weak var weakParent: UIView?
        var kept: [NSLayoutConstraint] = []
        do {
            let parent = UIView(), view = UIView()
            parent.addSubview(view)
            view.translatesAutoresizingMaskIntoConstraints = false
            kept = [view.widthAnchor.constraint(equalToConstant: 10), view.leadingAnchor.constraint(equalTo: parent.leadingAnchor)]
            NSLayoutConstraint.activate(kept)
            parent.layoutIfNeeded()
            weakView = view
            weakParent = parent
        }
        #expect(weakView == nil && weakParent == nil, "the views and their engine went away with the last strong reference")
        #expect(kept.allSatisfy { $0.firstItem == nil && !$0.isActive })
        let lines = captureLog { NSLayoutConstraint.activate(kept) }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("its first item no longer exists") }, "\(lines)")
    }

    @Test func constraintsWithoutCommonAncestorAreRefusedWithAMessage() {
        let a = UIView(), b = UIView()
        let constraint = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        let lines = captureLog { constraint.isActive = true }
        #expect(!constraint.isActive)
        #expect(lines.count == 1 && lines[0].contains("no common ancestor"))
    }

    @Test func updateConstraintsRunsBeforeLayout() {
        final class Adaptive: UIView {
            var calls = 0
            lazy var width = widthAnchor.constraint(equalToConstant: 10)
            override func updateConstraints() {
                calls += 1
                width.constant = traitCollection.horizontalSizeClass == .compact ? 100 : 200
                width.isActive = true
                super.updateConstraints()
            }
        }
        let (scene, root) = makeRoot(width: 400)
        let view = Adaptive()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([view.leftAnchor.constraint(equalTo: root.leftAnchor),
                                     view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 5)])
        view.setNeedsUpdateConstraints()
        scene.layoutIfNeeded()
        #expect(view.frame.width == 100 && view.calls == 1)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 1000, height: 300), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(view.frame.width == 200, "the size class read in updateConstraints is tracked")
    }
}
