import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIPresentationControllerTests {
    @Test func aPresentedControllerInheritsThroughItsPresentationController() throws {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        scene.windows[0].traitOverrides.userInterfaceLevel = .elevated
        let sheet = UIViewController()
        sheet.modalPresentationStyle = .formSheet
        let label = UILabel()
        sheet.view.addSubview(label)
        root.present(sheet, animated: true)
        let presentation = try #require(sheet.presentationController)
        #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)

        presentation.traitOverrides.horizontalSizeClass = .compact
        scene.layoutIfNeeded()
        #expect(presentation.traitCollection.userInterfaceLevel == .elevated, "from the window")
        #expect(presentation.traitCollection.horizontalSizeClass == .compact)
        #expect(sheet.traitCollection.horizontalSizeClass == .compact && label.traitCollection.horizontalSizeClass == .compact)
        #expect(root.traitCollection.horizontalSizeClass == .regular, "the presenting side keeps its traits")
    }

    /// Sheets and popovers present at the elevated level, so in dark mode their system background is
    /// UIKit's lighter elevated one; a full-screen presentation, or a sheet the delegate adapts to full
    /// screen, stays at the base level.
    @Test func sheetsAreElevatedAndTheirDarkBackgroundIsLighter() throws {
        let root = UIViewController()
        root.view.backgroundColor = .systemBackground
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        scene.windows[0].traitOverrides.userInterfaceStyle = .dark
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBackground
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: false)
        var image = scene.renderImage()
        #expect(sheet.traitCollection.userInterfaceLevel == .elevated && root.traitCollection.userInterfaceLevel == .base)
        #expect(image.pixel(x: 500, y: 400) == 0xff1c1c1e, "the sheet: dark elevated")
        #expect(image.pixel(x: 100, y: 400) != 0xff1c1c1e, "the window under the dimming: dark base")

        let delegate = PresentationDelegateLog()
        delegate.adaptiveStyle = { $0.horizontalSizeClass == .compact ? .fullScreen : .none }
        sheet.presentationController?.delegate = delegate
        scene.windows[0].traitOverrides.horizontalSizeClass = .compact
        image = scene.renderImage()
        #expect(sheet.presentationController?.presentationStyle == .formSheet)
        #expect(sheet.traitCollection.userInterfaceLevel == .base, "adapted to full screen")
        #expect(image.pixel(x: 500, y: 400) == 0xff000000)
        scene.windows[0].traitOverrides.horizontalSizeClass = .regular
        image = scene.renderImage()
        #expect(sheet.traitCollection.userInterfaceLevel == .elevated, "a sheet again")
        #expect(image.pixel(x: 500, y: 400) == 0xff1c1c1e)

        root.dismiss(animated: false)
        let full = UIViewController()
        full.view.backgroundColor = .systemBackground
        full.modalPresentationStyle = .fullScreen
        root.present(full, animated: false)
        image = scene.renderImage()
        #expect(full.traitCollection.userInterfaceLevel == .base)
        #expect(image.pixel(x: 500, y: 400) == 0xff000000)
    }

    @Test func aFormSheetIsCentredWhenRegularAndFillsTheWindowWhenCompact() throws {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 800), rootViewController: root)
        let sheet = UIViewController()
        sheet.view.backgroundColor = .systemBlue
        root.present(sheet, animated: false)
        let image = scene.renderImage()
        #expect(sheet.view.frame == CGRect(x: 230, y: 90, width: 540, height: 620))
        #expect(image.pixel(x: 500, y: 400) == 0xff007aff)
        _ = scene.applySystemFrame(CGRect(x: 0, y: 0, width: 500, height: 800), displayScale: 1)
        scene.layoutIfNeeded()
        #expect(sheet.view.frame == CGRect(x: 0, y: 10, width: 500, height: 790),
                "compact width: a full-width sheet at its large detent, the window visible above it")
        root.dismiss(animated: false)
        #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(sheet.viewIfLoaded?.window == nil)
    }

    @Test func aFullScreenPresentationDecidesTheSupportedOrientations() {
        final class PortraitOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        }
        final class LandscapeOnly: UIViewController {
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
        }
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 1000, height: 700), rootViewController: root)
        #expect(scene.supportedInterfaceOrientations == .all, "the root's: all, as on iPad")
        let presented = PortraitOnly()
        presented.modalPresentationStyle = .fullScreen
        root.present(presented, animated: false)
        scene.layoutIfNeeded()
        #expect(scene.supportedInterfaceOrientations == .portrait, "the topmost full-window controller's")
        let sheet = LandscapeOnly()
        sheet.modalPresentationStyle = .formSheet
        presented.present(sheet, animated: false)
        scene.layoutIfNeeded()
        #expect(scene.supportedInterfaceOrientations == .portrait, "a sheet that does not cover the window does not decide")
    }

    /// Where each style puts the presented view in a regular window, a compact-width one and a
    /// compact-height one.
    @Test(arguments: [CGSize(width: 1000, height: 800), CGSize(width: 500, height: 800), CGSize(width: 1000, height: 400)])
    func everyStylePlacesThePresentedViewForTheSizeClasses(size: CGSize) throws {
        let regular = size.width >= 678 && size.height >= 500, compactHeight = size.height < 500
        let bounds = CGRect(origin: .zero, size: size)
        let sheetInCompactWidth = CGRect(x: 0, y: 10, width: size.width, height: size.height - 10)
        let expected: [(UIModalPresentationStyle, CGRect, UIModalPresentationStyle)] = [
            (.fullScreen, bounds, .fullScreen), (.overFullScreen, bounds, .overFullScreen),
            (.currentContext, bounds, .currentContext), (.overCurrentContext, bounds, .overCurrentContext),
            (.custom, bounds, .custom),
            (.pageSheet, regular ? CGRect(x: 148, y: 20, width: 704, height: 760) : compactHeight ? bounds : sheetInCompactWidth, .pageSheet),
            // A form sheet takes the content's preferred size.
            (.formSheet, regular ? CGRect(x: 350, y: 300, width: 300, height: 200) : compactHeight ? bounds : sheetInCompactWidth, .formSheet),
            (.automatic, regular ? CGRect(x: 350, y: 300, width: 300, height: 200) : compactHeight ? bounds : sheetInCompactWidth, .formSheet),
            (.popover, regular ? CGRect(x: 10, y: 143, width: 320, height: 200) : compactHeight ? bounds : sheetInCompactWidth,
             regular ? .popover : .formSheet),
        ]
        for (style, frame, effective) in expected {
            let root = UIViewController()
            let scene = presentationScene(size, root: root)
            let presented = content(CGSize(width: 300, height: 200))
            presented.modalPresentationStyle = style
            if style == .popover {
                presented.popoverPresentationController?.sourceView = root.view
                presented.popoverPresentationController?.sourceRect = CGRect(x: 100, y: 100, width: 50, height: 30)
            }
            root.present(presented, animated: false)
            presentationFrame(scene)
            let presentation = try #require(presented.presentationController)
            #expect(presented.view.frame == frame, "\(style) at \(size)")
            #expect(presentation.effectiveStyle == effective, "\(style) at \(size)")
            let removes = style == .fullScreen || style == .currentContext
            #expect(root.view.isHidden == removes, "only full screen and current context take the presenter's view away (\(style))")
            root.dismiss(animated: false)
            #expect(!root.view.isHidden && presented.viewIfLoaded?.window == nil)
        }
    }

    @Test func completionsRunAfterTheFrameThatShowsThePresentationIsLaidOutAndDrawn() throws {
        final class Logging: UIViewController {
            var log: [String] = []
            override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
            override func viewDidLayoutSubviews() { log.append("layout \(view.bounds.width)") }
        }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = Logging()
        var presentedDone = false
        root.present(sheet, animated: false) {
            sheet.log.append("completion")
            presentedDone = true
        }
        #expect(!presentedDone, "not before the frame")
        presentationFrame(scene)
        #expect(presentedDone)
        #expect(sheet.log.last == "completion" && sheet.log.contains("layout 540.0") && sheet.log.contains("didAppear"), "\(sheet.log)")
        var dismissed = false
        root.dismiss(animated: false) { dismissed = true }
        #expect(!dismissed && root.presentedViewController == nil, "unlinked at once, completed after the frame")
        presentationFrame(scene)
        #expect(dismissed)
    }

    @Test func anAnimatedPresentationSlidesUpWithItsCoordinatorAndCompletesAfterTheAnimation() throws {
        final class Sheet: UIViewController {
            var log: [String] = []
            var seen: (animated: Bool, duration: TimeInterval)?
            override func viewWillAppear(_ animated: Bool) {
                guard let coordinator = transitionCoordinator else { return }
                seen = (coordinator.isAnimated, coordinator.transitionDuration)
                coordinator.animate(alongsideTransition: { _ in self.log.append("alongside") }, completion: { _ in self.log.append("coordinator completion") })
            }
            override func viewDidAppear(_ animated: Bool) { log.append("didAppear \(animated)") }
        }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = Sheet()
        root.present(sheet, animated: true) { sheet.log.append("completion") }
        #expect(sheet.seen?.animated == true && sheet.seen?.duration == 0.35)
        #expect(sheet.log == ["alongside"], "alongside blocks run in the animation block")
        presentationFrame(scene, at: 100)
        presentationFrame(scene, at: 100.1)
        let shown = try #require(sheet.view.layer.presentation())
        #expect(shown.affineTransform().ty > 50, "sliding up from below: \(shown.affineTransform().ty)")
        #expect(sheet.view.transform == .identity, "the model is at rest")
        #expect(sheet.transitionCoordinator != nil && root.transitionCoordinator != nil)
        presentationFrame(scene, at: 101)
        #expect(sheet.log == ["alongside", "didAppear true", "coordinator completion", "completion"])
        #expect(sheet.transitionCoordinator == nil)
        var done = false
        root.dismiss(animated: true) { done = true }
        #expect(root.presentedViewController === sheet && sheet.isBeingDismissed, "linked until the animation ends")
        presentationFrame(scene, at: 200)
        presentationFrame(scene, at: 201)
        #expect(done && root.presentedViewController == nil && sheet.viewIfLoaded?.window == nil)
    }

    @Test func aCustomPresentationUsesTheDelegatesControllerAndAnimatorInUIKitsOrder() throws {
        final class Log { var entries: [String] = [] }
        final class Custom: UIPresentationController {
            let log: Log
            init(presented: UIViewController, presenting: UIViewController?, log: Log) {
                self.log = log
                super.init(presentedViewController: presented, presenting: presenting)
            }
            override var frameOfPresentedViewInContainerView: CGRect {
                CGRect(x: 0, y: (containerView?.bounds.height ?? 0) - 200, width: containerView?.bounds.width ?? 0, height: 200)
            }
            override var shouldRemovePresentersView: Bool { false }
            override func presentationTransitionWillBegin() {
                log.entries.append("willBegin container \(containerView != nil)")
                presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.log.entries.append("alongside") }, completion: nil)
            }
            override func presentationTransitionDidEnd(_ completed: Bool) { log.entries.append("didEnd \(completed)") }
            override func dismissalTransitionWillBegin() { log.entries.append("dismissal willBegin") }
            override func dismissalTransitionDidEnd(_ completed: Bool) { log.entries.append("dismissal didEnd \(completed)") }
            override func containerViewWillLayoutSubviews() { if !log.entries.contains("layout") { log.entries.append("layout") } }
        }
        final class Animator: UIViewControllerAnimatedTransitioning {
            let log: Log
            init(log: Log) { self.log = log }
            func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }
            func animateTransition(using context: any UIViewControllerContextTransitioning) {
                let view = context.view(forKey: .to) ?? context.view(forKey: .from)
                let presenting = context.view(forKey: .to) != nil
                log.entries.append("animate \(presenting ? "in" : "out") \(context.isAnimated)")
                if presenting, let controller = context.viewController(forKey: .to) {
                    log.entries.append("final \(context.finalFrame(for: controller).height)")
                }
                view?.alpha = presenting ? 0 : 1
                UIView.animate(withDuration: 0.5, animations: { view?.alpha = presenting ? 1 : 0 }, completion: { _ in
                    context.completeTransition(true)
                })
            }
            func animationEnded(_ transitionCompleted: Bool) { log.entries.append("ended") }
        }
        final class Delegate: UIViewControllerTransitioningDelegate {
            let log: Log
            init(log: Log) { self.log = log }
            func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                        source: UIViewController) -> UIPresentationController? {
                Custom(presented: presented, presenting: presenting, log: log)
            }
            func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                     source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { Animator(log: log) }
            func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { Animator(log: log) }
        }
        let log = Log()
        let delegate = Delegate(log: log)
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 800, height: 600), root: root)
        let drawer = content()
        drawer.modalPresentationStyle = .custom
        drawer.transitioningDelegate = delegate
        root.present(drawer, animated: true) { log.entries.append("completion") }
        #expect(drawer.presentationController is Custom)
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        #expect(drawer.view.frame == CGRect(x: 0, y: 400, width: 800, height: 200))
        #expect(log.entries == ["willBegin container true", "layout", "animate in true", "final 200.0", "alongside", "didEnd true", "ended", "completion"],
                "\(log.entries)")
        log.entries = []
        root.dismiss(animated: true) { log.entries.append("completion") }
        presentationFrame(scene, at: 20)
        presentationFrame(scene, at: 21)
        #expect(log.entries == ["dismissal willBegin", "animate out true", "dismissal didEnd true", "ended", "completion"], "\(log.entries)")
        #expect(drawer.viewIfLoaded?.window == nil)
    }

    @Test func theCurrentContextStylesCoverTheControllerThatDefinesTheContext() throws {
        let root = UIViewController(), pane = UIViewController()
        root.addChild(pane)
        root.view.addSubview(pane.view)
        pane.didMove(toParent: root)
        pane.view.frame = CGRect(x: 500, y: 0, width: 500, height: 800)
        pane.definesPresentationContext = true
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        pane.view.frame = CGRect(x: 500, y: 0, width: 500, height: 800)
        let cover = content()
        cover.modalPresentationStyle = .overCurrentContext
        pane.present(cover, animated: false)
        presentationFrame(scene)
        #expect(cover.presentingViewController === pane && pane.presentedViewController === cover)
        #expect(cover.view.convert(cover.view.bounds, to: nil) == CGRect(x: 500, y: 0, width: 500, height: 800))
        #expect(!pane.view.isHidden, "over current context keeps the context's view")
        pane.dismiss(animated: false)
        let sheet = content()
        pane.present(sheet, animated: false)
        #expect(sheet.presentingViewController === root, "other styles are presented by the top of the containers")
        root.dismiss(animated: false)
    }

    @Test func presentedControllersAndTheirPresentationControllersAreFreed() {
        weak var weakPresented: UIViewController?, weakPresentation: UIPresentationController?, weakContainer: UIView?
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        for style in [UIModalPresentationStyle.formSheet, .popover, .fullScreen, .pageSheet] {
            do {
                let presented = content(CGSize(width: 300, height: 200))
                presented.modalPresentationStyle = style
                presented.popoverPresentationController?.sourceView = root.view
                presented.sheetPresentationController?.prefersGrabberVisible = true
                root.present(presented, animated: true)
                presentationFrame(scene, at: 10)
                presentationFrame(scene, at: 11)
                weakPresented = presented
                weakPresentation = presented.presentationController
                weakContainer = presented.presentationController?.containerView
                root.dismiss(animated: true)
                presentationFrame(scene, at: 20)
                presentationFrame(scene, at: 21)
            }
            #expect(weakPresented == nil && weakPresentation == nil && weakContainer == nil, "\(style)")
        }
        let alert = UIAlertController(title: "Title", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        weak var weakAlert = alert
        root.present(alert, animated: false)
        presentationFrame(scene)
        root.dismiss(animated: false)
        presentationFrame(scene)
        _ = consume alert
        #expect(weakAlert == nil)
    }

    @Test func rawValuesAreUIKits() {
        #expect(UIModalPresentationStyle.automatic.rawValue == -2 && UIModalPresentationStyle.popover.rawValue == 7)
        #expect(UIModalPresentationStyle.overCurrentContext.rawValue == 6 && UIModalPresentationStyle.custom.rawValue == 4)
        #expect(UIModalTransitionStyle.crossDissolve.rawValue == 2 && UIModalTransitionStyle.partialCurl.rawValue == 3)
        #expect(UIPopoverArrowDirection.any.rawValue == 15 && UIPopoverArrowDirection.unknown.rawValue == UInt.max)
        #expect(UIAlertController.Style.alert.rawValue == 1 && UIAlertAction.Style.destructive.rawValue == 2)
    }

    // MARK: Review findings (issue 27)

    @Test func replacingTheRootWhileAPresentationAnimatesEndsItAtOnce() {
        weak var weakPresented: UIViewController?, weakPresentation: UIPresentationController?
        let scene = presentationScene(CGSize(width: 1000, height: 800))
        let window = scene.windows[0]
        var completed = false
        do {
            let presented = content()
            window.rootViewController?.present(presented, animated: true) { completed = true }
            presentationFrame(scene, at: 10)
            #expect(presented.transitionCoordinator != nil, "still animating")
            weakPresented = presented
            weakPresentation = presented.presentationController
            window.rootViewController = UIViewController()
            #expect(presented.presentingViewController == nil, "unlinked at once, not after the animation")
        }
        #expect(completed, "the presentation's end ran before its removal")
        #expect(!window.subviews.contains { $0 is PresentationContainerView })
        presentationFrame(scene, at: 10.1)
        presentationFrame(scene, at: 11)
        #expect(weakPresented == nil && weakPresentation == nil)
    }

    @Test func dismissingAPresenterWhileTheOneAboveItAnimatesRemovesBoth() {
        weak var weakTop: UIViewController?, weakMiddle: UIViewController?
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        do {
            let middle = content(), top = content()
            root.present(middle, animated: false)
            presentationFrame(scene, at: 5)
            middle.present(top, animated: true)
            presentationFrame(scene, at: 10)
            weakTop = top
            weakMiddle = middle
            root.dismiss(animated: false)
            #expect(top.presentingViewController == nil && middle.presentingViewController == nil)
        }
        #expect(scene.windows[0].presentationControllers.isEmpty)
        presentationFrame(scene, at: 10.1)
        presentationFrame(scene, at: 11)
        #expect(weakTop == nil && weakMiddle == nil)
    }

    @Test func anUnanimatedDismissalDoesNotEndTheNextPresentationsTransition() {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = content()
        root.present(sheet, animated: false)
        presentationFrame(scene, at: 5)
        root.dismiss(animated: false)
        var completed = false
        root.present(sheet, animated: true) { completed = true }
        presentationFrame(scene, at: 10)
        #expect(sheet.transitionCoordinator != nil && sheet.isBeingPresented, "the dismissal's late end leaves the new transition alone")
        var dismissed = false
        root.dismiss(animated: false) { dismissed = true }
        #expect(root.presentedViewController === sheet, "a dismissal waits for the running presentation")
        presentationFrame(scene, at: 11)
        #expect(completed)
        presentationFrame(scene, at: 12)
        #expect(dismissed && root.presentedViewController == nil)
    }

    @Test func aCustomPresentationKeepsThePresentationControllerAskedForBeforePresenting() {
        final class Delegate: UIViewControllerTransitioningDelegate {
            var made = 0
            func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                        source: UIViewController) -> UIPresentationController? {
                made += 1
                return UIPresentationController(presentedViewController: presented, presenting: presenting)
            }
        }
        let transitioning = Delegate()
        let adaptive = PresentationDelegateLog()
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let drawer = content()
        drawer.modalPresentationStyle = .custom
        drawer.transitioningDelegate = transitioning
        let early = drawer.presentationController
        early?.delegate = adaptive
        root.present(drawer, animated: false)
        presentationFrame(scene)
        #expect(drawer.presentationController === early && early?.delegate === adaptive && transitioning.made == 1)
        root.dismiss(animated: false)
        presentationFrame(scene)
        root.present(drawer, animated: false)
        presentationFrame(scene)
        #expect(drawer.presentationController !== early && transitioning.made == 2, "a new one for the next presentation")
        root.dismiss(animated: false)
    }

    @Test func dismissingAStackAnimatesTheTopmostAndRemovesTheOnesBetween() {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let middle = content(), top = content()
        root.present(middle, animated: false)
        middle.present(top, animated: false)
        presentationFrame(scene, at: 5)
        var completions = 0
        root.dismiss(animated: true) { completions += 1 }
        #expect(top.isBeingDismissed && top.transitionCoordinator?.isAnimated == true, "the topmost animates")
        #expect(middle.presentationController?.containerView?.isHidden == true, "the one between leaves the screen at once")
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        presentationFrame(scene, at: 12)
        #expect(completions == 1 && root.presentedViewController == nil && middle.presentedViewController == nil)
        #expect(scene.windows[0].presentationControllers.isEmpty)
    }

    @Test func presentingWhileAlreadyPresentingIsRefusedUnlessTheCurrentOneIsLeaving() {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let first = content(), second = content()
        root.present(first, animated: false)
        presentationFrame(scene, at: 5)
        var completed = false
        root.present(second, animated: false) { completed = true }
        presentationFrame(scene, at: 6)
        #expect(root.presentedViewController === first && second.presentingViewController == nil && !completed)
        root.dismiss(animated: true)
        root.present(second, animated: false) { completed = true }
        presentationFrame(scene, at: 10)
        presentationFrame(scene, at: 11)
        presentationFrame(scene, at: 12)
        #expect(root.presentedViewController === second && completed, "presented once the first is gone")
        root.dismiss(animated: false)
    }

    @Test func anUnanimatedPresentationCompletesWithoutAFrame() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
        let root = UIViewController()
        window.rootViewController = root
        var completed = false
        root.present(content(), animated: false) { completed = true }
        #expect(root.presentedViewController != nil && completed, "no scene: no frame to wait for")

        let sceneRoot = UIViewController()
        let scene = presentationScene(CGSize(width: 800, height: 600), root: sceneRoot)
        var sceneCompleted = false
        sceneRoot.present(content(), animated: false) { sceneCompleted = true }
        #expect(!sceneCompleted)
        scene.disconnect()
        #expect(sceneCompleted, "a disconnected scene draws no frame: the presentation ends then")
    }
}
