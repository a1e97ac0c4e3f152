import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A controller that logs its containment and appearance calls (with the moving flags), and a
/// navigation delegate that logs into the same list.
@MainActor
final class NavigationLog: UINavigationControllerDelegate {
    var entries: [String] = []
    func take() -> [String] { defer { entries = [] }; return entries }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        entries.append("willShow(\(viewController.title ?? "?"))")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        entries.append("didShow(\(viewController.title ?? "?"))")
    }
}

@MainActor
final class StackedController: UIViewController {
    let log: NavigationLog
    init(_ name: String, _ log: NavigationLog) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }
    private func note(_ call: String) {
        var flags = ""
        if isMovingToParent { flags += " movingTo" }
        if isMovingFromParent { flags += " movingFrom" }
        log.entries.append("\(title!).\(call)\(flags)")
    }
    override func viewDidLoad() { view.backgroundColor = .systemGroupedBackground }
    override func viewWillAppear(_ animated: Bool) { note("willAppear") }
    override func viewIsAppearing(_ animated: Bool) { note("isAppearing") }
    override func viewDidAppear(_ animated: Bool) { note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { note("didDisappear") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        note(parent == nil ? "willMove(nil)" : "willMove")
    }
    override func didMove(toParent parent: UIViewController?) { note(parent == nil ? "didMove(nil)" : "didMove") }
}

/// The navigation stack: operations with their containment, appearance and delegate calls in UIKit's
/// order, the animated slide, what the bar and toolbar show, show/showDetail, keyboard back.
@MainActor
final class UINavigationControllerTests {
    /// The scenes of the test, kept until its end.
    private var scenes: [UIWindowScene] = []

    /// An 800 × 600 offscreen scene showing `root`, its first frame drawn (kept for the test).
    func makeScene(_ root: UIViewController, width: CGFloat = 800) -> UIWindowScene {
        let scene = UIWindowScene.offscreen(size: CGSize(width: width, height: 600), rootViewController: root)
        scenes.append(scene)
        _ = scene.renderImage()
        return scene
    }

    func frame(_ scene: UIWindowScene, at time: CFTimeInterval) { _ = scene.offscreenHost!.prepareFrame(at: time) }

    /// A navigation controller showing A, its first appearance logged and taken.
    func shownStack(_ log: NavigationLog) -> (UINavigationController, StackedController, UIWindowScene) {
        let a = StackedController("A", log)
        let navigation = UINavigationController(rootViewController: a)
        navigation.delegate = log
        let scene = makeScene(navigation)
        return (navigation, a, scene)
    }

    @Test func theRootAppearsWithTheNavigationControllerAndTheDelegateHearsOfIt() {
        let log = NavigationLog()
        let (navigation, a, _) = shownStack(log)
        #expect(log.take() == ["A.willMove movingTo", "A.didMove movingTo", "A.willAppear movingTo", "willShow(A)", "A.isAppearing movingTo",
                               "A.didAppear movingTo", "didShow(A)"])
        #expect(navigation.viewControllers == [a] && a.parent === navigation && a.navigationController === navigation)
        #expect(!a.isMovingToParent, "false outside the callbacks")
    }

    @Test func anAnimatedPushCallsEverythingInUIKitsOrder() {
        let log = NavigationLog()
        let (navigation, _, scene) = shownStack(log)
        _ = log.take()
        let b = StackedController("B", log)
        navigation.pushViewController(b, animated: true)
        #expect(navigation.viewControllers.last === b && navigation.topViewController === b, "the stack changes at once")
        #expect(log.take() == ["B.willMove movingTo", "A.willDisappear", "B.willAppear movingTo", "willShow(B)", "B.isAppearing movingTo"],
                "viewIsAppearing at the new view's first layout, in the same turn")
        frame(scene, at: 100)
        #expect(log.take().isEmpty)
        frame(scene, at: 100.5)
        #expect(log.take() == ["A.didDisappear", "B.didAppear movingTo", "B.didMove", "didShow(B)"], "after the animation")
        #expect(navigation.children == navigation.viewControllers)
    }

    @Test func aPopCallsEverythingInUIKitsOrder() {
        let log = NavigationLog()
        let (navigation, a, scene) = shownStack(log)
        let b = StackedController("B", log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        #expect(navigation.popViewController(animated: true) === b)
        #expect(log.take() == ["B.willMove(nil) movingFrom", "B.willDisappear movingFrom", "A.willAppear", "willShow(A)", "A.isAppearing"])
        frame(scene, at: 100)
        frame(scene, at: 100.5)
        #expect(log.take() == ["B.didDisappear movingFrom", "A.didAppear", "B.didMove(nil)", "didShow(A)"])
        #expect(navigation.viewControllers == [a] && b.parent == nil && !b.isMovingFromParent)
        #expect(navigation.popViewController(animated: false) == nil, "nothing to pop at the root")
    }

    /// Drags from `x` by `dx` over `steps` moves (10 ms apart from `time`), then lets go.
    func drag(_ scene: UIWindowScene, from x: CGFloat, by dx: CGFloat, steps: Int = 6, at time: TimeInterval, pause: TimeInterval = 0.2) {
        scene.pointerPressed(at: CGPoint(x: x, y: 300), timestamp: time)
        for step in 1...steps {
            scene.pointerMoved(to: CGPoint(x: x + dx * CGFloat(step) / CGFloat(steps), y: 301), timestamp: time + 0.01 * Double(step))
        }
        // A pause before letting go: no flick.
        scene.pointerMoved(to: CGPoint(x: x + dx, y: 301), timestamp: time + 0.01 * Double(steps) + pause)
        scene.pointerReleased(at: CGPoint(x: x + dx, y: 301), timestamp: time + 0.01 * Double(steps) + pause)
    }

    @Test func aBackSwipeFromTheLeadingEdgeFollowsThePointerAndPops() throws {
        let log = NavigationLog()
        let (navigation, a, scene) = shownStack(log)
        let b = StackedController("B", log)
        navigation.pushViewController(b, animated: false)
        _ = log.take()
        #expect(navigation.interactivePopGestureRecognizer?.isEnabled == true)
        drag(scene, from: 300, by: 500, at: 10)
        #expect(navigation.viewControllers == [a, b] && log.take().isEmpty, "a drag away from the edge does nothing")

        scene.pointerPressed(at: CGPoint(x: 5, y: 300), timestamp: 20)
        scene.pointerMoved(to: CGPoint(x: 25, y: 300), timestamp: 20.01)
        scene.pointerMoved(to: CGPoint(x: 205, y: 300), timestamp: 20.02)
        #expect(log.take() == ["B.willMove(nil) movingFrom", "B.willDisappear movingFrom", "A.willAppear", "willShow(A)", "A.isAppearing"],
                "the pop begins as the drag does")
        #expect(abs(b.view.frame.minX - 200) < 1, "B follows the pointer: \(b.view.frame.minX)")
        #expect(a.view.frame.minX < 0 && a.view.superview != nil, "A waits under it, a little to the leading side")
        scene.pointerMoved(to: CGPoint(x: 605, y: 300), timestamp: 20.03)
        scene.pointerMoved(to: CGPoint(x: 605, y: 300), timestamp: 20.3)
        scene.pointerReleased(at: CGPoint(x: 605, y: 300), timestamp: 20.3)
        frame(scene, at: 100)
        frame(scene, at: 101)
        #expect(log.take() == ["B.didDisappear movingFrom", "A.didAppear", "B.didMove(nil)", "didShow(A)"], "let go past the middle, it completes")
        #expect(navigation.viewControllers == [a] && b.parent == nil && b.viewIfLoaded?.superview == nil)
    }

    @Test func aBackSwipeLetGoEarlyIsCancelledAsInUIKit() throws {
        let log = NavigationLog()
        let (navigation, a, scene) = shownStack(log)
        let b = StackedController("B", log)
        navigation.pushViewController(b, animated: false)
        b.navigationItem.title = "Bee"
        _ = log.take()
        drag(scene, from: 5, by: 200, at: 10)
        #expect(navigation.viewControllers == [a], "during the swipe the stack is the popped one, as UIKit's")
        frame(scene, at: 100)
        frame(scene, at: 101)
        #expect(log.take() == ["B.willMove(nil) movingFrom", "B.willDisappear movingFrom", "A.willAppear", "willShow(A)", "A.isAppearing",
                               "B.willAppear", "A.willDisappear", "A.didDisappear", "B.isAppearing", "B.didAppear", "B.didMove"],
                "cancelled: B appears again, A disappears, B stays a child")
        #expect(navigation.viewControllers == [a, b] && b.parent === navigation && a.viewIfLoaded?.superview == nil)
        #expect(b.view.frame.minX == 0 && navigation.navigationBar.items?.last === b.navigationItem)

        navigation.interactivePopGestureRecognizer?.isEnabled = false
        drag(scene, from: 5, by: 600, at: 200)
        #expect(navigation.viewControllers == [a, b] && log.take().isEmpty, "no swipe when disabled")
    }

    @Test func anImmediatePushAndPopFinishAtOnce() {
        let log = NavigationLog()
        let (navigation, a, _) = shownStack(log)
        _ = log.take()
        let b = StackedController("B", log)
        navigation.pushViewController(b, animated: false)
        #expect(log.take() == ["B.willMove movingTo", "A.willDisappear", "B.willAppear movingTo", "willShow(B)", "B.isAppearing movingTo",
                               "A.didDisappear", "B.didAppear movingTo", "B.didMove", "didShow(B)"])
        #expect(b.view.superview === navigation.contentView && a.viewIfLoaded?.superview == nil)
        #expect(b.view.frame == navigation.contentView.bounds)
    }

    @Test func popToRootPopsEveryControllerAboveTheRootAndOnlyTheTopDisappears() {
        let log = NavigationLog()
        let (navigation, a, _) = shownStack(log)
        let b = StackedController("B", log), c = StackedController("C", log)
        navigation.pushViewController(b, animated: false)
        navigation.pushViewController(c, animated: false)
        _ = log.take()
        let popped = navigation.popToRootViewController(animated: false)
        #expect(popped == [b, c])
        #expect(log.take() == ["B.willMove(nil) movingFrom", "C.willMove(nil) movingFrom", "C.willDisappear movingFrom", "A.willAppear",
                               "willShow(A)", "A.isAppearing", "C.didDisappear movingFrom", "A.didAppear", "B.didMove(nil)", "C.didMove(nil)",
                               "didShow(A)"])
        #expect(navigation.viewControllers == [a] && navigation.children == [a])
        #expect(navigation.popToRootViewController(animated: false) == nil)
    }

    @Test func popToAControllerReturnsThoseAboveIt() {
        let log = NavigationLog()
        let (navigation, _, _) = shownStack(log)
        let b = StackedController("B", log), c = StackedController("C", log), d = StackedController("D", log)
        navigation.viewControllers += [b, c, d]
        #expect(navigation.popToViewController(b, animated: false) == [c, d])
        #expect(navigation.topViewController === b)
        #expect(navigation.popToViewController(c, animated: false) == nil, "not on the stack")
        #expect(navigation.popToViewController(b, animated: false) == [])
    }

    @Test func setViewControllersChoosesPushPopOrNothingByTheNewTop() {
        let log = NavigationLog()
        let (navigation, a, _) = shownStack(log)
        let b = StackedController("B", log), c = StackedController("C", log), d = StackedController("D", log)
        navigation.setViewControllers([a, b, c], animated: false)
        _ = log.take()
        // A, B, C → D, A, B: B is on the stack below the top, so this is a pop of C.
        navigation.setViewControllers([d, a, b], animated: false)
        #expect(log.take() == ["D.willMove movingTo", "C.willMove(nil) movingFrom", "C.willDisappear movingFrom", "B.willAppear", "willShow(B)",
                               "B.isAppearing", "C.didDisappear movingFrom", "B.didAppear", "C.didMove(nil)", "D.didMove movingTo", "didShow(B)"])
        #expect(navigation.viewControllers == [d, a, b] && navigation.children.count == 3 && !d.isMovingToParent)
        // Same top: no transition, only containment.
        navigation.setViewControllers([a, b], animated: true)
        #expect(log.take() == ["D.willMove(nil) movingFrom", "D.didMove(nil)"])
        // A new top: a push.
        navigation.setViewControllers([c], animated: false)
        #expect(log.take().prefix(5) == ["C.willMove movingTo", "A.willMove(nil) movingFrom", "B.willMove(nil) movingFrom", "B.willDisappear movingFrom", "C.willAppear movingTo"])
        #expect(navigation.viewControllers == [c] && navigation.children == [c])
    }

    @Test func pushingAControllerAlreadyOnTheStackIsRefusedWithAWarning() {
        let log = NavigationLog()
        let (navigation, a, _) = shownStack(log)
        var warnings: [String] = []
        let sink = SceneHostLog.sink
        SceneHostLog.sink = { warnings.append($0) }
        defer { SceneHostLog.sink = sink }
        navigation.pushViewController(a, animated: true)
        navigation.setViewControllers([a, a], animated: false)
        navigation.pushViewController(navigation, animated: false)
        navigation.pushViewController(UINavigationController(), animated: false)
        // A tab bar controller, or a subclass of one, cannot be pushed.
        final class Tabs: UITabBarController {}
        navigation.pushViewController(Tabs(), animated: false)
        navigation.setViewControllers([a, UITabBarController()], animated: false)
        #expect(navigation.viewControllers == [a])
        #expect(warnings.count == 6 && warnings[0].contains("already on the stack"))
        #expect(warnings[3].contains("navigation controller") && warnings[4].contains("UITabBarController") && warnings[5].contains("UITabBarController"))
    }

    @Test func anAnimatedPushSlidesInFromTheTrailingEdge() throws {
        let (navigation, a, scene) = shownStack(NavigationLog())
        let b = StackedController("B", NavigationLog())
        navigation.pushViewController(b, animated: true)
        frame(scene, at: 200)
        let width = navigation.contentView.bounds.width
        func shownX(_ view: UIView) -> CGFloat { (view.layer.presentation()?.position.x ?? .nan) - view.bounds.width / 2 }
        #expect(abs(shownX(b.view) - width) < 1, "starts beyond the trailing edge")
        #expect(abs(shownX(a.view)) < 1)
        frame(scene, at: 200 + UINavigationController.transitionDuration / 2)
        #expect(abs(shownX(b.view) - width / 2) < 2, "ease in-out: halfway at half the time")
        #expect(abs(shownX(a.view) + width * 0.15) < 2, "the old view moves a third as far")
        #expect(b.view.frame.minX == 0, "the model is at its end at once")
        let titleOpacity = navigation.navigationBar.titleLabel.layer.presentation()?.opacity ?? -1
        #expect(titleOpacity > 0.2 && titleOpacity < 0.8, "the bar's new title fades in: \(titleOpacity)")
        frame(scene, at: 200 + UINavigationController.transitionDuration + 0.01)
        #expect(abs(shownX(b.view)) < 0.5 && a.viewIfLoaded?.superview == nil)
    }

    @Test func rightToLeftPushesSlideFromTheLeft() throws {
        let navigation = UINavigationController(rootViewController: UIViewController())
        let scene = UIWindowScene.offscreen(size: CGSize(width: 800, height: 600), rootViewController: navigation)
        scene.traitOverrides.layoutDirection = .rightToLeft
        _ = scene.renderImage()
        let b = UIViewController()
        navigation.pushViewController(b, animated: true)
        frame(scene, at: 300)
        #expect(abs((b.view.layer.presentation()?.position.x ?? 0) - (-400)) < 1, "centred one width to the left")
        #expect(navigation.keyCommands?.first?.input == UIKeyCommand.inputRightArrow, "Alt+→ goes back right-to-left")
    }

    @Test func aPoppedControllerIsFreed() {
        let (navigation, _, scene) = shownStack(NavigationLog())
        weak var popped: UIViewController?
        weak var poppedItem: UINavigationItem?
        do {
            let b = UIViewController()
            b.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in })
            b.toolbarItems = [UIBarButtonItem(title: "Edit")]
            popped = b
            poppedItem = b.navigationItem
            navigation.pushViewController(b, animated: true)
            frame(scene, at: 400)
            frame(scene, at: 401)
            navigation.popViewController(animated: true)
            frame(scene, at: 402)
            frame(scene, at: 403)
        }
        _ = scene.renderImage()
        #expect(popped == nil && poppedItem == nil)
    }

    @Test func aTransitionDuringAnotherFinishesTheFirstAtOnce() {
        let log = NavigationLog()
        let (navigation, _, _) = shownStack(log)
        let b = StackedController("B", log), c = StackedController("C", log)
        navigation.pushViewController(b, animated: true)
        _ = log.take()
        navigation.pushViewController(c, animated: true)
        #expect(log.take().prefix(4) == ["A.didDisappear", "B.didAppear movingTo", "B.didMove", "didShow(B)"])
        #expect(navigation.viewControllers.map(\.title) == ["A", "B", "C"])
    }

    // MARK: Bar contents

    @Test func theBackButtonComesFromThePreviousItem() {
        let a = UIViewController(), b = UIViewController()
        a.title = "Mailboxes"
        b.title = "Inbox"
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        let bar = navigation.navigationBar
        #expect(bar.backButton.isHidden && bar.titleLabel.text == "Mailboxes", "no back button at the root")
        navigation.pushViewController(b, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(!bar.backButton.isHidden && bar.backButton.configuration?.title == "Mailboxes", "the previous title")
        #expect(bar.titleLabel.text == "Inbox" && bar.topItem === b.navigationItem && bar.backItem === a.navigationItem)
        a.navigationItem.backButtonTitle = "Boxes"
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.configuration?.title == "Boxes", "backButtonTitle wins over the title")
        a.navigationItem.backButtonDisplayMode = .generic
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.configuration?.title == "Back")
        a.navigationItem.backButtonDisplayMode = .minimal
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.configuration?.title == nil, "the chevron only")
        a.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Up")
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.configuration?.title == "Up", "backBarButtonItem wins over everything")
        a.navigationItem.backBarButtonItem = nil
        a.navigationItem.backButtonDisplayMode = .default
        a.navigationItem.backButtonTitle = nil
        a.title = "A title far too long to fit in a third of the bar as a back button"
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.configuration?.title == "Back", "a title that does not fit becomes Back")
        b.navigationItem.hidesBackButton = true
        #expect(bar.backButton.isHidden)
    }

    @Test func leftItemsReplaceTheBackButtonUnlessTheySupplementIt() {
        let a = UIViewController(), b = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        let bar = navigation.navigationBar
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel)
        b.navigationItem.rightBarButtonItems = [UIBarButtonItem(systemItem: .done), UIBarButtonItem(systemItem: .add)]
        navigation.view.layoutIfNeeded()
        #expect(bar.backButton.isHidden && bar.leftButtons.count == 1)
        let cancel = bar.leftButtons[0] as? BarItemButton
        #expect(cancel?.configuration?.title == "Cancel" && cancel!.frame.minX == 8)
        let right = bar.rightButtons.compactMap { $0 as? BarItemButton }
        #expect(right.count == 2 && right[0].frame.maxX == 792 && right[1].frame.maxX == right[0].frame.minX, "the first outermost")
        #expect(right[1].glyph == .add && right[1].configuration?.title == nil)
        b.navigationItem.leftItemsSupplementBackButton = true
        navigation.view.layoutIfNeeded()
        #expect(!bar.backButton.isHidden && bar.leftButtons[0].frame.minX == bar.backButton.frame.maxX, "after the back button")
    }

    @Test func theTitleComesFromTheTitleViewTheItemOrTheController() {
        let a = UIViewController()
        a.title = "Controller"
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        let bar = navigation.navigationBar
        #expect(bar.titleLabel.text == "Controller")
        a.title = "Renamed"
        #expect(bar.titleLabel.text == "Renamed", "the bar follows the controller's title")
        a.navigationItem.title = "Item"
        #expect(bar.titleLabel.text == "Item")
        let titleView = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        a.navigationItem.titleView = titleView
        navigation.view.layoutIfNeeded()
        #expect(titleView.superview === bar && bar.titleLabel.isHidden && titleView.frame == CGRect(x: 340, y: 10, width: 120, height: 30))
    }

    @Test func aBarButtonRunsItsPrimaryActionAndTheBackButtonPops() {
        var clicks = 0
        let a = UIViewController(), b = UIViewController()
        let item = UIBarButtonItem(title: "Edit", primaryAction: UIAction { _ in clicks += 1 })
        b.navigationItem.rightBarButtonItem = item
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        let button = navigation.navigationBar.rightButtons[0] as! BarItemButton
        button.sendActions(for: .primaryActionTriggered)
        #expect(clicks == 1)
        item.isEnabled = false
        #expect(!button.isEnabled, "the button follows its item")
        navigation.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
        #expect(navigation.viewControllers == [a])
    }

    @Test func largeTitlesNeedTheBarToPreferThemAndFollowTheDisplayMode() {
        let a = UIViewController(), b = UIViewController()
        a.title = "Settings"
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        let bar = navigation.navigationBar
        #expect(bar.frame.height == 50 && !bar.showsLargeTitle, "inert unless the bar prefers large titles")
        bar.prefersLargeTitles = true
        navigation.view.layoutIfNeeded()
        #expect(bar.showsLargeTitle && bar.frame.height == 102 && navigation.contentView.frame.minY == 102)
        #expect(bar.titleLabel.isHidden && !bar.largeTitleLabel.isHidden)
        b.navigationItem.largeTitleDisplayMode = .never
        navigation.pushViewController(b, animated: false)
        #expect(!bar.showsLargeTitle)
        b.navigationItem.largeTitleDisplayMode = .automatic
        #expect(bar.showsLargeTitle, "automatic copies the previous item")
        a.navigationItem.largeTitleDisplayMode = .inline
        #expect(!bar.showsLargeTitle)
        #expect(UINavigationItem.LargeTitleDisplayMode.inline.rawValue == 3 && UINavigationItem.BackButtonDisplayMode.minimal.rawValue == 2)
    }

    @Test func theBarsHideAndTheToolbarShowsTheTopControllersItems() {
        let a = UIViewController(), b = UIViewController()
        a.toolbarItems = [UIBarButtonItem(systemItem: .trash), .flexibleSpace(), UIBarButtonItem(systemItem: .compose)]
        b.hidesBottomBarWhenPushed = true
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        #expect(navigation.isToolbarHidden && navigation.contentView.frame == CGRect(x: 0, y: 50, width: 800, height: 550))
        navigation.isToolbarHidden = false
        navigation.view.layoutIfNeeded()
        #expect(navigation.toolbar.frame == CGRect(x: 0, y: 550, width: 800, height: 50) && navigation.contentView.frame.height == 500)
        let views = navigation.toolbar.itemViews
        #expect(views.count == 3 && views[0].frame.minX == 8 && views[2].frame.maxX == 792, "the flexible space takes the rest")
        navigation.pushViewController(b, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(navigation.toolbar.frame.minY == 600 && navigation.contentView.frame.height == 550, "hidden by the top controller")
        navigation.setNavigationBarHidden(true, animated: false)
        navigation.view.layoutIfNeeded()
        #expect(navigation.isNavigationBarHidden && navigation.contentView.frame == CGRect(x: 0, y: 0, width: 800, height: 600))
    }

    @Test func systemItemsKeepUIKitsRawValues() {
        #expect(UIBarButtonItem.SystemItem.done.rawValue == 0 && UIBarButtonItem.SystemItem.flexibleSpace.rawValue == 5)
        #expect(UIBarButtonItem.SystemItem.close.rawValue == 24 && UIBarButtonItem.SystemItem.undo.rawValue == 21)
        #expect(UIBarButtonItem.Style.done.rawValue == 2 && UIBarButtonItem.Style.prominent == .done)
        #expect(UINavigationController.Operation.pop.rawValue == 2)
        let fixed = UIBarButtonItem.fixedSpace(20)
        #expect(fixed.systemItem == .fixedSpace && fixed.width == 20)
        #expect(UIBarButtonItem(systemItem: .done).style == .done)
    }

    // MARK: show, showDetail, keyboard

    @Test func showPushesOnTheNearestNavigationControllerAndShowDetailPresents() {
        let a = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        #expect(a.targetViewController(forAction: .show, sender: nil) === navigation)
        #expect(a.targetViewController(forAction: .showDetailViewController, sender: nil) == nil, "a navigation controller does not handle it")
        let b = UIViewController()
        a.show(b, sender: nil)
        #expect(navigation.topViewController === b)
        let detail = UIViewController()
        b.showDetailViewController(detail, sender: nil)
        #expect(navigation.presentedViewController === detail, "the window's root presents")
        #expect(navigation.visibleViewController === detail)
    }

    @Test func showWithoutANavigationControllerPresentsFromTheRoot() {
        let root = UIViewController(), child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        _ = makeScene(root)
        let shown = UIViewController()
        child.show(shown, sender: nil)
        #expect(root.presentedViewController === shown)
    }

    @Test func altLeftAndEscapePopFromTheKeyboard() throws {
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        let scene = makeScene(navigation)
        let window = scene.windows[0]
        func press(_ input: String, _ flags: UIKeyModifierFlags) -> Bool {
            guard let command = UIResponder.keyCommand(forInput: input, modifierFlags: flags, in: window.keyCommandResponders) else { return false }
            command.perform()
            return true
        }
        #expect(!press(UIKeyCommand.inputEscape, []), "nothing to pop: Escape is left to others")
        navigation.viewControllers = [a, b, c]
        #expect(press(UIKeyCommand.inputLeftArrow, .alternate) && navigation.topViewController === b)
        frame(scene, at: 500)
        frame(scene, at: 501)
        #expect(press(UIKeyCommand.inputEscape, []) && navigation.topViewController === a)
        frame(scene, at: 502)
        frame(scene, at: 503)
        navigation.pushViewController(b, animated: false)
        b.present(UIViewController(), animated: false)
        #expect(!press(UIKeyCommand.inputEscape, []), "not under a presented controller")
    }

    // MARK: Look

    @Test func theBarIsDrawnInLightDarkAndRightToLeft() throws {
        let a = UIViewController(), b = UIViewController()
        a.title = "Settings"
        b.title = "Show Previews"
        for controller in [a, b] { controller.view.backgroundColor = .systemGroupedBackground }
        b.navigationItem.rightBarButtonItems = [UIBarButtonItem(systemItem: .done), UIBarButtonItem(systemItem: .search)]
        let square = UIGraphicsImageRenderer(size: CGSize(width: 18, height: 18)).image { context in
            context.cgContext.setFillColor(.systemRed)
            context.fill(CGRect(x: 0, y: 0, width: 18, height: 18))
        }
        let tinted = UIBarButtonItem(title: "Flag", primaryAction: UIAction { _ in })
        tinted.tintColor = .systemOrange
        b.navigationItem.leftBarButtonItems = [UIBarButtonItem(image: square, primaryAction: UIAction { _ in }), tinted]
        b.navigationItem.leftItemsSupplementBackButton = true
        b.toolbarItems = [UIBarButtonItem(systemItem: .trash), .flexibleSpace(), UIBarButtonItem(systemItem: .refresh),
                          .fixedSpace(8), UIBarButtonItem(systemItem: .compose)]
        let navigation = UINavigationController(rootViewController: a)
        navigation.isToolbarHidden = false
        let scene = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        let light = scene.renderImage()
        #expect(light.pixel(x: 400, y: 20) == 0xFFF9_F9F9, "the bar's colour")
        #expect(light.pixel(x: 400, y: 300) == 0xFFF2_F2F7, "the content below it")
        #expect((10...30).contains { light.pixel(x: $0, y: 25) & 0xFFFF_FF == 0x007A_FF }, "the blue chevron of the back button")
        let imageButton = navigation.navigationBar.leftButtons[0]
        #expect(light.pixel(x: Int(imageButton.frame.midX), y: Int(imageButton.frame.midY)) == 0xFFFF_3B30, "the item's image")
        scene.traitOverrides.userInterfaceStyle = .dark
        scene.traitOverrides.layoutDirection = .rightToLeft
        let dark = scene.renderImage()
        #expect(dark.pixel(x: 400, y: 20) == 0xFF1C_1C1E)
        #expect((770...790).contains { dark.pixel(x: $0, y: 25) & 0xFFFF_FF == 0x0A84_FF }, "the chevron on the right, in dark blue")
        #expect(navigation.toolbar.itemViews[0].frame.maxX == 792, "the first item on the right")
        scene.traitOverrides.userInterfaceStyle = .light
        scene.traitOverrides.layoutDirection = .leftToRight
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityLarge
        navigation.navigationBar.prefersLargeTitles = true
        b.navigationItem.largeTitleDisplayMode = .always
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 500, height: 600))
        _ = scene.renderImage()
        let large = navigation.navigationBar.largeTitleLabel
        #expect(!large.isHidden && large.frame.minX >= 16 && large.frame.maxX <= 500 - 16, "the large title inside a compact bar: \(large.frame)")
    }
}

extension UINavigationControllerTests {
    @Test func barsLetGoOfTheButtonsTheyNoLongerShow() {
        let a = UIViewController()
        let item = UIBarButtonItem(systemItem: .add)
        a.navigationItem.rightBarButtonItem = item
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        for index in 0..<20 { a.title = "Title \(index)" }
        #expect(item.observers.count == 1, "one button follows the item, however often the bar is rebuilt")
        item.title = "Plus"
        a.navigationItem.rightBarButtonItem = nil
        #expect(item.observers.isEmpty)
    }
}

extension UINavigationControllerTests {
    /// UIKit's bar buttons keep their size at every text size (it shows a long-pressed one enlarged in
    /// the Large Content Viewer instead): the buttons, the back button and the whole bar are drawn the
    /// same at the largest size as at the default one.
    @Test func barItemsKeepTheirSizeAtEveryTextSizeAndMenusOpenFromItemsWithoutAnAction() throws {
        let a = UIViewController(), b = UIViewController()
        (a.title, b.title) = ("Mailboxes", "Inbox")
        let menu = UIMenu(children: [UIAction(title: "Archive") { _ in }])
        b.navigationItem.rightBarButtonItems = [UIBarButtonItem(systemItem: .add), UIBarButtonItem(title: "Sort", menu: menu)]
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Edit", primaryAction: UIAction { _ in })
        b.navigationItem.leftItemsSupplementBackButton = true
        let navigation = UINavigationController(rootViewController: a)
        let scene = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        let bar = navigation.navigationBar
        func sizes() -> [CGSize] { ([bar.backButton] + bar.leftButtons + bar.rightButtons).map(\.frame.size) }
        let before = scene.renderImage(), beforeSizes = sizes()
        let buttons = bar.rightButtons.compactMap { $0 as? BarItemButton }
        #expect(buttons.count == 2 && buttons[1].showsMenuAsPrimaryAction && buttons[1].menu === menu)
        #expect(!bar.backButton.isHidden && beforeSizes.allSatisfy { $0.width > 20 && $0.height >= 34 })
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        let after = scene.renderImage()
        #expect(sizes() == beforeSizes, "\(beforeSizes) → \(sizes())")
        #expect(bar.frame.height == 50 && navigation.contentView.frame.minY == 50)
        #expect(bar.titleLabel.font.pointSize == 17 && bar.titleLabel.font.weight == .semibold)
        // Every pixel of the bar is the same as at the default size.
        var differing = 0
        for y in 0..<50 { for x in 0..<800 where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels of the bar changed")
    }

    /// The inline title stays 17-point semibold and the prompt 13 points at the largest text size; the
    /// large title grows to the large title style's 60 points, on one line, ending in "…" when it does
    /// not fit.
    @Test func theInlineTitleKeepsItsSizeAndTheLargeTitleGrowsOnOneLine() throws {
        let a = UIViewController()
        a.title = "Settings"
        a.navigationItem.prompt = "Choose a setting"
        let navigation = UINavigationController(rootViewController: a)
        let scene = makeScene(navigation, width: 500)
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        let bar = navigation.navigationBar
        #expect(bar.frame.height == 78, "the row and the prompt keep their heights")
        #expect(bar.titleLabel.font.pointSize == 17 && bar.promptLabel.font.pointSize == 13)
        #expect(bar.titleLabel.frame.width == ceil(bar.titleLabel.intrinsicContentSize.width), "the whole title shows")
        a.navigationItem.prompt = nil
        bar.prefersLargeTitles = true
        _ = scene.renderImage()
        let large = bar.largeTitleLabel
        #expect(!large.isHidden && bar.titleLabel.isHidden)
        #expect(large.font.pointSize == 60 && large.font.weight == .bold && large.numberOfLines == 1)
        #expect(bar.frame.height > 102, "the large title's row grows: \(bar.frame.height)")
        #expect(large.frame.minY >= 50 && large.frame.maxY <= bar.frame.height, "inside its row: \(large.frame)")
        a.title = "Notifications and Focus"
        _ = scene.renderImage()
        #expect(large.intrinsicContentSize.width > large.frame.width && large.frame.maxX <= 500 - 16,
                "too long for the bar: cut with an ellipsis at the margin, \(large.frame)")
        scene.traitOverrides.preferredContentSizeCategory = .large
        _ = scene.renderImage()
        #expect(large.font.pointSize == 34 && bar.frame.height == 102)
    }

    /// The toolbar and its items, whether a navigation controller's or one of your own, keep their
    /// size at every text size; a custom view follows the text size itself.
    @Test func theToolbarKeepsItsSizeAtEveryTextSize() throws {
        let a = UIViewController()
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.text = "Updated now"
        a.toolbarItems = [UIBarButtonItem(systemItem: .trash), .flexibleSpace(), UIBarButtonItem(customView: label), .flexibleSpace(),
                          UIBarButtonItem(title: "Reply", primaryAction: UIAction { _ in })]
        let navigation = UINavigationController(rootViewController: a)
        navigation.isToolbarHidden = false
        let scene = makeScene(navigation)
        let own = UIToolbar(frame: CGRect(x: 0, y: 100, width: 400, height: 50))
        own.items = [UIBarButtonItem(systemItem: .compose), UIBarButtonItem(title: "Done", primaryAction: UIAction { _ in })]
        a.view.addSubview(own)
        _ = scene.renderImage()
        let buttons = navigation.toolbar.itemViews.filter { $0 is BarItemButton } + own.itemViews
        let before = buttons.map(\.frame.size)
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        _ = scene.renderImage()
        #expect(navigation.toolbar.frame == CGRect(x: 0, y: 550, width: 800, height: 50))
        #expect(own.sizeThatFits(CGSize(width: 400, height: 0)).height == 50)
        #expect(buttons.map(\.frame.size) == before, "\(before) → \(buttons.map(\.frame.size))")
        #expect(label.font.pointSize == 53, "a custom view sees the text size")
    }
}

extension UINavigationControllerTests {
    @Test func hidingTheBarAnimatedSlidesItOut() {
        let navigation = UINavigationController(rootViewController: UIViewController())
        let scene = makeScene(navigation)
        navigation.setNavigationBarHidden(true, animated: true)
        #expect(navigation.navigationBar.frame.minY == -50 && navigation.contentView.frame.minY == 0, "the model at once")
        frame(scene, at: 600)
        frame(scene, at: 600 + UINavigationController.barDuration / 2)
        let shownY = (navigation.navigationBar.layer.presentation()?.position.y ?? .nan) - 25
        #expect(shownY < -5 && shownY > -45, "on its way out: \(shownY)")
    }
}

extension UINavigationControllerTests {
    @Test func theBackButtonsMenuListsThePagesBelowAndGoesBackToOne() throws {
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        (a.title, b.title, c.title) = ("A", "B", "C")
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        navigation.viewControllers = [a, b, c]
        let menu = try #require(navigation.navigationBar.backButton.longPressMenu)
        #expect(menu.children.map(\.title) == ["B", "A"], "nearest first")
        (menu.children[1] as? UIAction)?.perform(sender: nil)
        #expect(navigation.viewControllers == [a])
        let custom = UIMenu(children: [UIAction(title: "Custom") { _ in }])
        let item = UIBarButtonItem(title: "Up", menu: custom)
        a.navigationItem.backBarButtonItem = item
        navigation.pushViewController(b, animated: false)
        #expect(navigation.navigationBar.backButton.longPressMenu === custom, "the back item's own menu")
    }
}

extension UINavigationControllerTests {
    @Test func theTopControllerDecidesTheOrientationLock() {
        final class Locking: UIViewController {
            override var prefersInterfaceOrientationLocked: Bool { true }
        }
        let root = UIViewController(), locking = Locking()
        let navigation = UINavigationController(rootViewController: root)
        _ = makeScene(navigation)
        #expect(navigation.childForInterfaceOrientationLock === root)
        navigation.pushViewController(locking, animated: false)
        #expect(navigation.childForInterfaceOrientationLock === locking)
    }
}

extension UINavigationControllerTests {
    @Test func aPromptGrowsTheBarAboveTheButtons() {
        let a = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        a.navigationItem.prompt = "Choose a mailbox"
        navigation.view.layoutIfNeeded()
        let bar = navigation.navigationBar
        #expect(bar.frame.height == 78 && !bar.promptLabel.isHidden && bar.promptLabel.text == "Choose a mailbox")
        #expect(bar.titleLabel.frame.minY > bar.promptLabel.frame.maxY - 1)
        a.navigationItem.prompt = nil
        navigation.view.layoutIfNeeded()
        #expect(bar.frame.height == 50 && bar.promptLabel.isHidden)
    }
}

extension UINavigationControllerTests {
    @Test func aBackActionReplacesThePop() {
        let a = UIViewController(), b = UIViewController()
        let navigation = UINavigationController(rootViewController: a)
        _ = makeScene(navigation)
        navigation.pushViewController(b, animated: false)
        var ran = 0
        b.navigationItem.backAction = UIAction(title: "Done") { _ in ran += 1 }
        navigation.view.layoutIfNeeded()
        #expect(navigation.navigationBar.backButton.configuration?.title == "Done")
        navigation.navigationBar.backButton.sendActions(for: .primaryActionTriggered)
        #expect(ran == 1 && navigation.topViewController === b, "the action runs instead of the pop")
        let time = CACurrentMediaTime()
        navigation.view.window!.windowScene!.pointerPressed(at: CGPoint(x: 5, y: 300), timestamp: time)
        navigation.view.window!.windowScene!.pointerMoved(to: CGPoint(x: 400, y: 300), timestamp: time + 0.05)
        navigation.view.window!.windowScene!.pointerReleased(at: CGPoint(x: 400, y: 300), timestamp: time + 0.1)
        #expect(navigation.topViewController === b && ran == 1, "nor does a back swipe pop")
        let window = navigation.view.window!
        UIResponder.keyCommand(forInput: UIKeyCommand.inputEscape, modifierFlags: [], in: window.keyCommandResponders)?.perform()
        #expect(navigation.topViewController === b && ran == 2, "Escape is the back button's click")
    }
}
