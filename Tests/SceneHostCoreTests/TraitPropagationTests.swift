import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

struct ContainedInSettingsTrait: UITraitDefinition {
    static let defaultValue = false
    static let affectsColorAppearance = true
}

struct AccentTrait: UITraitDefinition {
    static let defaultValue = 0
    static let name = "Accent"
}

/// Records what happens to it: layouts, draws, handler calls.
@MainActor
final class TraitProbeView: UIView {
    var log: [String] = []
    var readInLayout: (UITraitCollection) -> Void = { _ in }
    var readInDraw: (UITraitCollection) -> Void = { _ in }
    override func layoutSubviews() { log.append("layout"); readInLayout(traitCollection) }
    override func draw(_ rect: CGRect) {
        log.append("draw")
        readInDraw(traitCollection)
        UIColor.label.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    override func traitCollectionDidChange(_ previous: UITraitCollection?) { log.append("didChange") }
    func refresh() { log.append("refresh") }
}

@MainActor
struct TraitPropagationTests {
    /// A scene with a controller whose view holds `views`.
    func scene(_ views: [UIView], controller: UIViewController = UIViewController(), size: CGSize = CGSize(width: 800, height: 600)) -> UIWindowScene {
        for view in views { controller.view.addSubview(view) }
        return UIWindowScene.offscreen(size: size, rootViewController: controller)
    }

    func setStyle(_ style: UIUserInterfaceStyle, of scene: UIWindowScene) {
        scene.environmentTraits = scene.environmentTraits.modifyingTraits { $0.userInterfaceStyle = style }
        scene.updateTraitsIfNeeded()
    }

    @Test func collectionsAreBuiltModifiedAndCompared() {
        let base = UITraitCollection { $0.horizontalSizeClass = .regular; $0.userInterfaceStyle = .dark }
        #expect(base.horizontalSizeClass == .regular && base.userInterfaceStyle == .dark)
        #expect(base.verticalSizeClass == .unspecified, "unset traits read as their defaults")
        let modified = base.modifyingTraits { $0.horizontalSizeClass = .compact; $0[AccentTrait.self] = 3 }
        #expect(base.horizontalSizeClass == .regular, "immutable")
        #expect(modified[AccentTrait.self] == 3 && base[AccentTrait.self] == 0)
        let changed = modified.changedTraits(from: base).map { $0.identifier }
        #expect(Set(changed) == ["UITraitHorizontalSizeClass", String(reflecting: AccentTrait.self)])
        #expect(base == UITraitCollection { $0.userInterfaceStyle = .dark; $0.horizontalSizeClass = .regular })
        #expect(UITraitCollection(traitsFrom: [base, UITraitCollection(userInterfaceStyle: .light)]).userInterfaceStyle == .light)
        #expect(AccentTrait.name == "Accent" && ContainedInSettingsTrait.name == "ContainedInSettingsTrait")
        #expect(UITraitUserInterfaceStyle.affectsColorAppearance && !UITraitHorizontalSizeClass.affectsColorAppearance)
        #expect(UITraitCollection.systemTraitsAffectingColorAppearance.contains { $0 == UITraitUserInterfaceStyle.self })
    }

    @Test func rawValuesMatchUIKit() {
        #expect(UIUserInterfaceStyle.dark.rawValue == 2 && UITraitEnvironmentLayoutDirection.rightToLeft.rawValue == 1)
        #expect(UIDisplayGamut.P3.rawValue == 1 && UIAccessibilityContrast.high.rawValue == 1)
        #expect(UILegibilityWeight.bold.rawValue == 1 && UIUserInterfaceLevel.elevated.rawValue == 1)
        #expect(UIUserInterfaceActiveAppearance.inactive.rawValue == 0 && UISceneCaptureState.unspecified.rawValue == -1)
        #expect(UIContentSizeCategory.large.rawValue == "UICTContentSizeCategoryL")
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory && UIContentSizeCategory.small < .large)
    }

    @Test func currentFollowsPerformAsCurrent() {
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        dark.performAsCurrent {
            #expect(UITraitCollection.current.userInterfaceStyle == .dark)
            light.performAsCurrent { #expect(UITraitCollection.current.userInterfaceStyle == .light) }
            #expect(UITraitCollection.current.userInterfaceStyle == .dark)
        }
        #expect(UIColor.label.resolvedColor(with: dark) == .white)
        #expect(UIColor.label.resolvedColor(with: light) == .black)
    }

    @Test func overridesApplyBeforeChildrenInherit() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        let controller = UIViewController()
        let scene = scene([parent], controller: controller)
        scene.traitOverrides.horizontalSizeClass = .compact
        scene.updateTraitsIfNeeded()
        #expect(child.traitCollection.horizontalSizeClass == .compact, "scene overrides reach every view")
        controller.traitOverrides[AccentTrait.self] = 7
        parent.traitOverrides.userInterfaceStyle = .dark
        scene.updateTraitsIfNeeded()
        #expect(controller.traitCollection[AccentTrait.self] == 7 && child.traitCollection[AccentTrait.self] == 7)
        #expect(parent.traitCollection.userInterfaceStyle == .dark && child.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.view.traitCollection.userInterfaceStyle == .light, "an override does not flow upwards")
        #expect(parent.traitOverrides.contains(UITraitUserInterfaceStyle.self))
        parent.traitOverrides.remove(UITraitUserInterfaceStyle.self)
        #expect(!parent.traitOverrides.contains(UITraitUserInterfaceStyle.self))
        scene.updateTraitsIfNeeded()
        #expect(child.traitCollection.userInterfaceStyle == .light)
        scene.windows[0].traitOverrides.legibilityWeight = .bold
        scene.updateTraitsIfNeeded()
        #expect(child.traitCollection.legibilityWeight == .bold, "window overrides too")
    }

    @Test func aControllerInheritsFromItsViewsSuperviewNotItsParent() {
        let parent = UIViewController(), child = UIViewController()
        let container = UIView()
        container.traitOverrides.userInterfaceLevel = .elevated
        parent.view.addSubview(container)
        parent.addChild(child)
        container.addSubview(child.view)
        child.didMove(toParent: parent)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: parent)
        scene.updateTraitsIfNeeded()
        #expect(parent.traitCollection.userInterfaceLevel == .base)
        #expect(child.traitCollection.userInterfaceLevel == .elevated, "iOS 17: from the view's superview")
        #expect(child.view.traitCollection.userInterfaceLevel == .elevated)
    }

    @Test func propagationIsTopDownAndUpdateTraitsIfNeededCatchesUp() {
        let parent = UIView(), child = UIView()
        parent.addSubview(child)
        let scene = scene([parent])
        var seenInHandler: [UIUserInterfaceStyle] = []
        parent.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (_: UIView, _: UITraitCollection) in
            seenInHandler.append(child.traitCollection.userInterfaceStyle)
            child.updateTraitsIfNeeded()
            seenInHandler.append(child.traitCollection.userInterfaceStyle)
        }
        setStyle(.dark, of: scene)
        #expect(seenInHandler == [.light, .dark], "the child is stale inside the parent's handler until updateTraitsIfNeeded")
    }

    @Test func viewsOutsideAWindowGetNoUpdates() {
        let inside = TraitProbeView(), outside = TraitProbeView()
        let scene = scene([inside])
        inside.log = []
        setStyle(.dark, of: scene)
        #expect(inside.log.contains("didChange") && outside.log.isEmpty)
        #expect(outside.traitCollection.userInterfaceStyle == .unspecified)
        scene.windows[0].rootViewController?.view.addSubview(outside)
        #expect(outside.traitCollection.userInterfaceStyle == .dark, "traits arrive on entering the window")
    }

    @Test func handlersFireOnlyForObservedChangesWithThePreviousCollection() {
        let view = TraitProbeView()
        let scene = scene([view])
        var calls: [(UIUserInterfaceStyle, UIUserInterfaceStyle)] = []
        let registration = view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: TraitProbeView, previous: UITraitCollection) in
            calls.append((previous.userInterfaceStyle, view.traitCollection.userInterfaceStyle))
        }
        view.registerForTraitChanges([UITraitHorizontalSizeClass.self], action: TraitProbeView.refresh)
        view.log = []
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 800, height: 650), displayScale: 1)
        #expect(calls.isEmpty, "a resize that keeps the style does not call a style handler")
        #expect(!view.log.contains("didChange"), "no trait changed at all")
        setStyle(.dark, of: scene)
        #expect(calls.count == 1 && calls[0] == (.light, .dark))
        #expect(view.log == ["didChange"], "traitCollectionDidChange hears of any change; refresh observes size class only")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 650), displayScale: 1)
        #expect(view.log.suffix(2) == ["refresh", "didChange"], "the action form, then the deprecated callback")
        view.unregisterForTraitChanges(registration)
        setStyle(.light, of: scene)
        #expect(calls.count == 1, "unregistered")
    }

    @Test func registrationsDieWithTheirObject() {
        weak var released: TraitProbeView?
        let scene = scene([])
        do {
            let view = TraitProbeView()
            scene.windows[0].rootViewController?.view.addSubview(view)
            view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: TraitProbeView, _: UITraitCollection) in view.refresh() }
            view.registerForTraitChanges([UITraitUserInterfaceStyle.self], action: TraitProbeView.refresh)
            view.registerForTraitChanges([UITraitUserInterfaceStyle.self], target: view, action: TraitProbeView.refresh)
            released = view
            view.removeFromSuperview()
        }
        #expect(released == nil, "no retain cycle through the registrations")
    }

    @Test func automaticTrackingInvalidatesOnlyWhatReadTheChangedTrait() {
        let layoutReader = TraitProbeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        layoutReader.readInLayout = { _ = $0.horizontalSizeClass }
        let drawReader = TraitProbeView(frame: CGRect(x: 0, y: 100, width: 100, height: 100))
        drawReader.readInDraw = { _ = $0.preferredContentSizeCategory }
        let scene = scene([layoutReader, drawReader])
        _ = scene.renderImage()
        layoutReader.log = []
        drawReader.log = []

        scene.environmentTraits = scene.environmentTraits.modifyingTraits { $0.preferredContentSizeCategory = .extraLarge }
        _ = scene.renderImage()
        #expect(!layoutReader.log.contains("layout"), "it read only the size class in layoutSubviews")
        #expect(drawReader.log.filter { $0 == "draw" }.count == 1, "it read the content size while drawing")
        #expect(!drawReader.log.contains("layout"))

        layoutReader.log = []
        drawReader.log = []
        scene.traitOverrides.horizontalSizeClass = .compact
        _ = scene.renderImage()
        #expect(layoutReader.log.contains("layout"))
        #expect(!drawReader.log.contains("draw"), "drawing did not read the size class")

        // Reads are recorded per call: a layout that stops reading a trait stops depending on it.
        layoutReader.readInLayout = { _ in }
        layoutReader.setNeedsLayout()
        _ = scene.renderImage()
        layoutReader.log = []
        scene.traitOverrides.horizontalSizeClass = .regular
        _ = scene.renderImage()
        #expect(!layoutReader.log.contains("layout"))
    }

    @Test func dynamicColorsRedrawWhenTheStyleChanges() {
        let controller = UIViewController()
        controller.view.backgroundColor = .systemBackground
        let scene = UIWindowScene.offscreen(size: CGSize(width: 40, height: 40), rootViewController: controller)
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xffffffff)
        setStyle(.dark, of: scene)
        #expect(scene.takeDamage(drawingAt: 1) == Damage(CGRect(x: 0, y: 0, width: 40, height: 40)), "the dynamic background is recomposited")
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xff000000)
    }

    /// A view's resolved background is kept between frames: a dynamic one that turns translucent in
    /// the dark stops hiding what lies under it, at the next frame and every one after.
    @Test func aDynamicBackgroundThatTurnsTranslucentShowsWhatIsUnderIt() {
        let controller = UIViewController()
        controller.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let pane = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        pane.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? .clear : .white }
        let scene = scene([pane], controller: controller, size: CGSize(width: 40, height: 40))
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xffffffff)
        setStyle(.dark, of: scene)
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xffff0000, "the clear pane shows the red under it")
        pane.setNeedsDisplay()
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xffff0000)
        setStyle(.light, of: scene)
        #expect(scene.renderImage().pixel(x: 20, y: 20) == 0xffffffff)
    }

    @Test func aCustomTraitThatAffectsColorsRedrawsWhatDrewWithIt() {
        final class Swatch: UIView {
            var draws = 0
            override func draw(_ rect: CGRect) {
                draws += 1
                UIColor { $0[ContainedInSettingsTrait.self] ? .systemRed : .systemBlue }.setFill()
                UIRectFill(bounds)
            }
        }
        let swatch = Swatch(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let scene = scene([swatch], size: CGSize(width: 20, height: 20))
        #expect(scene.renderImage().pixel(x: 5, y: 5) == 0xff007aff)
        swatch.traitOverrides[ContainedInSettingsTrait.self] = true
        #expect(scene.renderImage().pixel(x: 5, y: 5) == 0xffff3b30)
        #expect(swatch.draws == 2)
    }

    @Test func updatePropertiesRunsBeforeLayoutAndTracksItsReads() {
        final class Badge: UILabel {
            var updates = 0
            override func updateProperties() {
                updates += 1
                text = traitCollection.horizontalSizeClass == .compact ? "C" : "R"
            }
        }
        let badge = Badge(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        badge.setNeedsUpdateProperties()
        let scene = scene([badge])
        _ = scene.renderImage()
        #expect(badge.text == "R")
        scene.traitOverrides.horizontalSizeClass = .compact
        _ = scene.renderImage()
        #expect(badge.text == "C" && badge.updates == 2)
        scene.traitOverrides.userInterfaceStyle = .dark
        _ = scene.renderImage()
        #expect(badge.updates == 2, "the style was not read")
    }
}

@MainActor
final class TransitionRecorder: UIViewController {
    var log: [String] = []
    override func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        log.append("will \(newCollection.horizontalSizeClass) (now \(traitCollection.horizontalSizeClass))")
        coordinator.animate(alongsideTransition: { _ in self.log.append("alongside 1 (now \(self.traitCollection.horizontalSizeClass))") },
                            completion: { _ in self.log.append("completion") })
        coordinator.animate(alongsideTransition: { _ in self.log.append("alongside 2") }, completion: nil)
    }
    override func traitCollectionDidChange(_ previous: UITraitCollection?) { log.append("didChange") }
}

@MainActor
struct TraitTransitionTests {
    @Test func willTransitionComesFirstAndTheCoordinatorsBlocksRunInOrder() {
        let root = TransitionRecorder(), child = TransitionRecorder()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: root)
        root.log = []
        child.log = []
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 600), displayScale: 1)
        // The alongside blocks run with the new size and traits applied, before layout; the completions
        // once the scene is laid out at them.
        #expect(root.log == ["will compact (now regular)", "didChange", "alongside 1 (now compact)", "alongside 2"])
        scene.layoutIfNeeded()
        #expect(root.log == ["will compact (now regular)", "didChange", "alongside 1 (now compact)", "alongside 2", "completion"])
        #expect(child.log.first == "will compact (now regular)", "forwarded to children by the default implementation")
        root.log = []
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 520, height: 600), displayScale: 1)
        #expect(root.log.isEmpty, "no trait change, no transition")
    }
}

@MainActor
struct ConstraintPassTrackingTests {
    @Test func traitsReadWhileUpdatingConstraintsAskForAnotherUpdate() {
        final class Adaptive: UIView {
            var passes: [String] = []
            override func updateConstraints() {
                passes.append("view \(traitCollection.horizontalSizeClass)")
                super.updateConstraints()
            }
        }
        final class Controller: UIViewController {
            var passes: [String] = []
            override func updateViewConstraints() {
                passes.append("controller \(traitCollection.verticalSizeClass)")
                super.updateViewConstraints()
            }
        }
        let controller = Controller()
        let child = Adaptive()
        controller.view.addSubview(child)
        child.setNeedsUpdateConstraints()
        controller.view.setNeedsUpdateConstraints()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        scene.layoutIfNeeded()
        #expect(child.passes == ["view regular"] && controller.passes == ["controller regular"])
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 600), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(child.passes == ["view regular", "view compact"], "it read the horizontal size class")
        #expect(controller.passes.count == 1, "the controller read only the vertical size class")
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 400), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(controller.passes == ["controller regular", "controller compact"])
        #expect(child.passes.count == 2)
    }
}

@MainActor
struct TraitObservationOrderTests {
    @Test func customTraitsAreObservableAndHandlersRunBeforeLayout() {
        let view = TraitProbeView()
        view.readInLayout = { _ = $0.horizontalSizeClass }
        let controller = UIViewController()
        controller.view.addSubview(view)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        scene.layoutIfNeeded()
        var seen: [Int] = []
        view.registerForTraitChanges([AccentTrait.self]) { (view: TraitProbeView, _: UITraitCollection) in
            seen.append(view.traitCollection[AccentTrait.self])
            view.log.append("handler")
        }
        view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (view: TraitProbeView, _: UITraitCollection) in
            view.log.append("handler")
        }
        controller.traitOverrides[AccentTrait.self] = 4
        scene.layoutIfNeeded()
        #expect(seen == [4])
        controller.traitOverrides[AccentTrait.self] = 4
        scene.layoutIfNeeded()
        #expect(seen == [4], "setting the same value again is no change")
        view.log = []
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 600), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(view.log == ["handler", "didChange", "layout"], "handlers run in the trait update, before layout")
    }
}

@MainActor
struct TraitRegressionTests {
    @Test func aViewAddedToADetachedSubtreeGetsTraitsWhenItReturns() {
        let container = UIView(), added = UIView()
        let controller = UIViewController()
        controller.view.addSubview(container)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        container.removeFromSuperview()
        container.addSubview(added)
        controller.view.addSubview(container)
        _ = scene.renderImage()
        #expect(added.traitCollection.userInterfaceStyle == .light && added.traitCollection.horizontalSizeClass == .regular)
    }

    @Test func overridesSetDuringLayoutApplyInTheSameFrame() {
        final class SelfAdapting: UIViewController {
            override func viewWillLayoutSubviews() {
                traitOverrides.userInterfaceLevel = view.bounds.width > 600 ? .elevated : .base
            }
        }
        let controller = SelfAdapting()
        let child = UIView()
        controller.view.addSubview(child)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        scene.layoutIfNeeded()
        #expect(child.traitCollection.userInterfaceLevel == .elevated)
    }

    @Test func dismissingRemovesEveryLevelOfPresentation() {
        let a = UIViewController(), b = UIViewController(), c = UIViewController(), d = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: a)
        a.present(b, animated: false)
        b.present(c, animated: false)
        c.present(d, animated: false)
        a.dismiss(animated: false)
        #expect(scene.windows[0].subviews.count == 1, "only the root view is left")
        #expect(a.presentedViewController == nil && c.presentedViewController == nil)
    }

    @Test func replacingTheRootDismissesWhatItPresented() {
        let a = UIViewController(), sheet = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: a)
        a.present(sheet, animated: false)
        let other = UIViewController()
        scene.windows[0].rootViewController = other
        #expect(scene.windows[0].subviews.count == 1 && scene.windows[0].subviews[0] === other.view)
        #expect(sheet.presentingViewController == nil)
    }

    @Test func labelsTreatNilFontAndColourAsTheDefaults() {
        let label = UILabel()
        label.text = "Hello"
        label.font = nil
        label.textColor = nil
        #expect(label.font == .systemFont(ofSize: 17) && label.textColor === UIColor.label)
        #expect(label.intrinsicContentSize.width > 0)
    }

    @Test func aTintChangeRedrawsTheViewsThatInheritIt() {
        final class Tinted: UIView {
            var changes = 0
            override func tintColorDidChange() { changes += 1 }
        }
        let parent = UIView(), inherits = Tinted(), ownTint = Tinted()
        ownTint.tintColor = .systemRed
        ownTint.changes = 0
        parent.addSubview(inherits)
        parent.addSubview(ownTint)
        parent.tintColor = .systemGreen
        #expect(inherits.changes == 1 && inherits.tintColor === UIColor.systemGreen)
        #expect(ownTint.changes == 0)
    }
}

struct NicknameTrait: UITraitDefinition {
    static let defaultValue = ""
}

/// What the propagation shortcuts (shared collections, changes handed down, `current` set without
/// retaining) must not change.
@MainActor
struct TraitPropagationShortcutTests {
    @Test func currentCanBeSetAndPerformAsCurrentRestoresIt() {
        defer { UITraitCollection.current = UITraitCollection() }
        UITraitCollection.current = UITraitCollection(userInterfaceStyle: .dark)
        #expect(UITraitCollection.current.userInterfaceStyle == .dark, "a collection set as current is kept alive")
        UITraitCollection(userInterfaceStyle: .light).performAsCurrent {
            #expect(UITraitCollection.current.userInterfaceStyle == .light)
            UITraitCollection.current = UITraitCollection(horizontalSizeClass: .compact)
            #expect(UITraitCollection.current.horizontalSizeClass == .compact, "settable inside a block")
        }
        #expect(UITraitCollection.current.userInterfaceStyle == .dark, "the block restores what was current before it")
        #expect(UITraitCollection.current.horizontalSizeClass == .unspecified)
    }

    @Test func currentDuringCallbacksIsEachViewsOwnCollection() {
        final class Recorder: UIView {
            var seen: [UIUserInterfaceStyle] = []
            override func traitCollectionDidChange(_ previous: UITraitCollection?) {
                seen.append(UITraitCollection.current.userInterfaceStyle)
                #expect(UITraitCollection.current === traitCollection)
            }
        }
        let outer = Recorder(), inner = Recorder(), leaf = Recorder()
        outer.addSubview(inner)
        inner.addSubview(leaf)
        inner.traitOverrides.userInterfaceStyle = .light
        let controller = UIViewController()
        controller.view.addSubview(outer)
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: controller)
        var handlerSaw: [UIUserInterfaceStyle] = []
        leaf.registerForTraitChanges([UITraitUserInterfaceLevel.self]) { (_: Recorder, _: UITraitCollection) in
            handlerSaw.append(UITraitCollection.current.userInterfaceStyle)
        }
        scene.traitOverrides.userInterfaceStyle = .dark
        scene.updateTraitsIfNeeded()
        scene.traitOverrides.userInterfaceLevel = .elevated
        scene.updateTraitsIfNeeded()
        #expect(outer.seen.suffix(2) == [.dark, .dark] && inner.seen.suffix(1) == [.light] && leaf.seen.suffix(1) == [.light])
        #expect(handlerSaw == [.light])
        #expect(UITraitCollection.current.userInterfaceStyle == .unspecified, "restored after the update")
    }

    @Test func changesBelowAnOverrideAreThatViewsOwn() {
        let pinned = UIView(), belowPinned = UIView(), free = UIView()
        pinned.traitOverrides.horizontalSizeClass = .regular
        pinned.addSubview(belowPinned)
        let scene = TraitPropagationTests().scene([pinned, free], size: CGSize(width: 800, height: 600))
        var calls: [String] = []
        for (name, view) in [("pinned", pinned), ("belowPinned", belowPinned), ("free", free)] {
            view.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (_: UIView, previous: UITraitCollection) in
                calls.append("\(name) \(previous.horizontalSizeClass)")
            }
            view.registerForTraitChanges([UITraitUserInterfaceLevel.self]) { (view: UIView, previous: UITraitCollection) in
                calls.append("\(name) level \(previous.userInterfaceLevel) → \(view.traitCollection.userInterfaceLevel)")
            }
        }
        scene.traitOverrides.horizontalSizeClass = .compact
        scene.updateTraitsIfNeeded()
        #expect(calls == ["free regular"], "the override keeps the size class of the pinned subtree")
        #expect(belowPinned.traitCollection === pinned.traitCollection, "a view without overrides shares its superview's collection")
        #expect(free.traitCollection === free.superview?.traitCollection)
        calls = []
        scene.traitOverrides.userInterfaceLevel = .elevated
        scene.updateTraitsIfNeeded()
        #expect(Set(calls) == ["pinned level base → elevated", "belowPinned level base → elevated",
                               "free level base → elevated"])
        #expect(calls.count == 3)
    }

    @Test func customTraitSetsCompareByContent() {
        let accent = TraitSet([AccentTrait.self]), other = TraitSet([NicknameTrait.self])
        let both = TraitSet([AccentTrait.self, NicknameTrait.self, UITraitUserInterfaceStyle.self])
        #expect(accent == TraitSet([AccentTrait.self]) && accent != other && !accent.isEmpty)
        #expect(accent.intersects(both) && other.intersects(both) && !accent.intersects(other))
        #expect(!accent.intersects(TraitSet([UITraitUserInterfaceStyle.self])))
        var union = accent
        union.formUnion(other)
        union.insert(UITraitUserInterfaceStyle.self)
        #expect(union == both && union.custom.count == 2)
        let changed = UITraitCollection { $0[AccentTrait.self] = 1 }.changedTraitSet(from: UITraitCollection())
        #expect(changed == accent)
    }
}
