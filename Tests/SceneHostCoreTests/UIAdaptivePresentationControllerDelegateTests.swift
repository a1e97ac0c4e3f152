import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
struct UIAdaptivePresentationControllerDelegateTests {
    /// A popover anchored in the root view, presented in a scene of `size`.
    func popover(in size: CGSize, delegate: PresentationDelegateLog) -> (UIWindowScene, UIViewController, UIViewController) {
        let root = UIViewController()
        let scene = presentationScene(size, root: root)
        let presented = content(CGSize(width: 320, height: 200))
        presented.modalPresentationStyle = .popover
        presented.popoverPresentationController?.sourceView = root.view
        presented.popoverPresentationController?.sourceRect = CGRect(x: 300, y: 100, width: 40, height: 30)
        presented.presentationController?.delegate = delegate
        root.present(presented, animated: false)
        presentationFrame(scene)
        return (scene, root, presented)
    }

    @Test func aPopoverBecomesASheetBelow678PointsAndAPopoverAgainAboveLive() throws {
        let delegate = PresentationDelegateLog()
        let (scene, root, presented) = popover(in: CGSize(width: 1000, height: 800), delegate: delegate)
        let popover = try #require(presented.popoverPresentationController)
        #expect(delegate.calls == ["willPresent none"])
        #expect(popover.effectiveStyle == .popover && popover.arrowDirection == .up)
        delegate.calls = []
        resize(scene, to: CGSize(width: 677, height: 800))
        #expect(delegate.calls == ["prepare UISheetPresentationController", "replacement formSheet", "willPresent formSheet"], "\(delegate.calls)")
        #expect(popover.effectiveStyle == .formSheet && popover.arrowDirection == .unknown)
        #expect(presented.view.frame == CGRect(x: 0, y: 10, width: 677, height: 790), "a bottom sheet")
        #expect(popover.backdropView is SheetBackdropView && popover.grabberView != nil)
        delegate.calls = []
        resize(scene, to: CGSize(width: 678, height: 800))
        #expect(delegate.calls == ["willPresent none"])
        #expect(popover.effectiveStyle == .popover && popover.arrowDirection == .up)
        #expect(presented.view.frame.size == CGSize(width: 320, height: 200) && popover.backdropView is PopoverBackgroundView)
        // A compact height adapts too (iOS 13+), to a sheet that fills the window there.
        delegate.calls = []
        resize(scene, to: CGSize(width: 1000, height: 400))
        #expect(popover.effectiveStyle == .formSheet && presented.view.frame == CGRect(x: 0, y: 0, width: 1000, height: 400))
        root.dismiss(animated: false)
        #expect(!delegate.calls.contains("willDismiss") && !delegate.calls.contains("didDismiss"))
    }

    @Test func theDelegateChoosesTheStyleAndAControllerToShowWhileAdapted() throws {
        let delegate = PresentationDelegateLog()
        delegate.adaptiveStyle = { $0.horizontalSizeClass == .compact ? .fullScreen : .none }
        let wrapper = content(color: .systemGreen)
        delegate.replacement = wrapper
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = content()
        sheet.modalPresentationStyle = .formSheet
        sheet.presentationController?.delegate = delegate
        root.present(sheet, animated: false)
        presentationFrame(scene)
        let presentation = try #require(sheet.presentationController)
        #expect(presentation.shownViewController === sheet && delegate.calls == ["willPresent none"])
        resize(scene, to: CGSize(width: 500, height: 800))
        #expect(presentation.effectiveStyle == .fullScreen && presentation.shownViewController === wrapper)
        #expect(wrapper.view.window != nil && sheet.viewIfLoaded?.window == nil && wrapper.view.frame == CGRect(x: 0, y: 0, width: 500, height: 800))
        resize(scene, to: CGSize(width: 1000, height: 800))
        #expect(presentation.effectiveStyle == .formSheet && presentation.shownViewController === sheet && wrapper.viewIfLoaded?.window == nil)
        #expect(delegate.calls == ["willPresent none", "replacement fullScreen", "willPresent fullScreen", "willPresent none"], "\(delegate.calls)")
        root.dismiss(animated: false)
    }

    /// A form sheet presented with `delegate` in a regular window.
    func sheet(delegate: PresentationDelegateLog, modal: Bool = false) -> (UIWindowScene, UIViewController, UIViewController) {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = content()
        sheet.isModalInPresentation = modal
        sheet.presentationController?.delegate = delegate
        root.present(sheet, animated: false)
        presentationFrame(scene)
        delegate.calls = []
        return (scene, root, sheet)
    }

    /// Lets every running animation end (on the media clock the other frames use).
    func settle(_ scene: UIWindowScene) {
        let now = CACurrentMediaTime()
        presentationFrame(scene, at: now)
        presentationFrame(scene, at: now + 1)
    }

    @Test func escapeAndAClickOnTheDimmedAreaAreThePersonsDismissals() {
        for gesture in ["escape", "click"] {
            let delegate = PresentationDelegateLog()
            let (scene, root, sheet) = sheet(delegate: delegate)
            if gesture == "escape" {
                #expect(scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: []))
            } else {
                click(scene, at: CGPoint(x: 100, y: 100))
            }
            #expect(delegate.calls == ["shouldDismiss", "willDismiss"], "\(gesture): will before the animation")
            settle(scene)
            #expect(delegate.calls == ["shouldDismiss", "willDismiss", "didDismiss"], "\(gesture): did after it")
            #expect(root.presentedViewController == nil && sheet.viewIfLoaded?.window == nil)
        }
    }

    @Test func programmaticDismissalsTellTheDelegateNothing() {
        let delegate = PresentationDelegateLog()
        let (scene, root, _) = sheet(delegate: delegate)
        root.dismiss(animated: true)
        settle(scene)
        #expect(delegate.calls.isEmpty && root.presentedViewController == nil)
    }

    @Test func modalInPresentationAndARefusingDelegateBlockTheAttemptAndSaySo() {
        let delegate = PresentationDelegateLog()
        let (scene, root, sheet) = sheet(delegate: delegate, modal: true)
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        click(scene, at: CGPoint(x: 100, y: 100))
        #expect(delegate.calls == ["didAttempt", "didAttempt"], "ShouldDismiss is not asked while modal: \(delegate.calls)")
        #expect(root.presentedViewController === sheet)
        sheet.isModalInPresentation = false
        delegate.shouldDismiss = false
        delegate.calls = []
        scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: [])
        #expect(delegate.calls == ["shouldDismiss", "didAttempt"] && root.presentedViewController === sheet)
        click(scene, at: CGPoint(x: 500, y: 400))
        #expect(delegate.calls == ["shouldDismiss", "didAttempt"], "a click inside the sheet is not an attempt")
        root.dismiss(animated: false)
    }

    @Test func draggingTheSheetDownIsThePersonsDismissal() throws {
        let delegate = PresentationDelegateLog()
        let (scene, root, sheet) = sheet(delegate: delegate)
        let top = sheet.view.frame.minY
        scene.pointerPressed(at: CGPoint(x: 500, y: top + 8), timestamp: 10)
        for (step, y) in [20.0, 60, 120, 180].enumerated() {
            scene.pointerMoved(to: CGPoint(x: 500, y: top + 8 + y), timestamp: 10.05 * Double(step + 1))
        }
        presentationFrame(scene)
        #expect(sheet.view.frame.minY == top + 180, "the sheet follows the drag")
        scene.pointerReleased(at: CGPoint(x: 500, y: top + 188), timestamp: 10.3)
        #expect(delegate.calls == ["shouldDismiss", "willDismiss"])
        settle(scene)
        #expect(delegate.calls == ["shouldDismiss", "willDismiss", "didDismiss"] && root.presentedViewController == nil)
    }

    @Test func escapeGoesToAKeyCommandOfThePresentedContentFirst() {
        let delegate = PresentationDelegateLog()
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let navigation = UINavigationController(rootViewController: content())
        navigation.presentationController?.delegate = delegate
        root.present(navigation, animated: false)
        navigation.pushViewController(content(), animated: false)
        presentationFrame(scene)
        #expect(!scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: []), "left to the navigation controller's Escape")
        #expect(delegate.calls == ["willPresent none"])
        navigation.popViewController(animated: false)
        presentationFrame(scene)
        #expect(scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: []))
        #expect(delegate.calls == ["willPresent none", "shouldDismiss", "willDismiss"])
    }

    // MARK: Review findings (issue 27)

    @Test func thePresentersViewFollowsAnAdaptationToAndFromFullScreen() {
        let delegate = PresentationDelegateLog()
        delegate.adaptiveStyle = { $0.horizontalSizeClass == .compact ? .fullScreen : .none }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 500, height: 800), root: root)
        let sheet = content()
        sheet.modalPresentationStyle = .formSheet
        sheet.presentationController?.delegate = delegate
        root.present(sheet, animated: false)
        presentationFrame(scene)
        #expect(root.view.isHidden, "full screen when compact: the presenter's view leaves")
        resize(scene, to: CGSize(width: 1000, height: 800))
        #expect(!root.view.isHidden, "a form sheet again: the presenter shows under it")
        resize(scene, to: CGSize(width: 500, height: 800))
        #expect(root.view.isHidden)
        resize(scene, to: CGSize(width: 1000, height: 800))
        root.dismiss(animated: false)
        presentationFrame(scene)
        #expect(!root.view.isHidden && root.presentedViewController == nil)
    }

    @Test func theAdaptiveReplacementIsNotKeptAfterTheDismissal() {
        weak var weakPresented: UIViewController?, weakReplacement: UIViewController?
        let delegate = PresentationDelegateLog()
        delegate.adaptiveStyle = { $0.horizontalSizeClass == .compact ? .fullScreen : .none }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 500, height: 800), root: root)
        do {
            let presented = content()
            presented.modalPresentationStyle = .formSheet
            presented.presentationController?.delegate = delegate
            let navigation = UINavigationController(rootViewController: presented)
            delegate.replacement = navigation
            root.present(presented, animated: false)
            presentationFrame(scene)
            #expect(presented.presentationController?.shownViewController === navigation)
            root.dismiss(animated: false)
            presentationFrame(scene)
            delegate.replacement = nil
            resize(scene, to: CGSize(width: 1000, height: 800))
            root.present(presented, animated: false)
            presentationFrame(scene)
            #expect(presented.presentationController?.shownViewController === presented, "regular: no stale replacement")
            root.dismiss(animated: false)
            presentationFrame(scene)
            weakPresented = presented
            weakReplacement = navigation
        }
        #expect(weakPresented == nil && weakReplacement == nil, "no presented → presentation → replacement → presented cycle")
    }

    @Test func anAdaptationDuringThePresentationAnimationWaitsForItsEnd() {
        var log: [String] = []
        let delegate = PresentationDelegateLog()
        delegate.adaptiveStyle = { $0.horizontalSizeClass == .compact ? .fullScreen : .none }
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        let sheet = AppearanceLogController("sheet") { log.append($0) }
        sheet.modalPresentationStyle = .formSheet
        let presentation = sheet.presentationController
        presentation?.delegate = delegate
        root.present(sheet, animated: true)
        presentationFrame(scene, at: 10)
        scene.offscreenHost!.place(CGRect(x: 0, y: 0, width: 500, height: 800))
        presentationFrame(scene, at: 10.1)
        #expect(presentation?.effectiveStyle == .formSheet, "not while the presentation animates")
        presentationFrame(scene, at: 11)
        presentationFrame(scene, at: 11.1)
        #expect(presentation?.effectiveStyle == .fullScreen && root.view.isHidden, "adapted once it ended")
        #expect(log == ["sheet.willAppear", "sheet.didAppear"])
        root.dismiss(animated: false)
    }

    @Test func aFirstResponderBehindASheetDoesNotTakeItsEscape() {
        final class Focusable: UIView {
            override var canBecomeFirstResponder: Bool { true }
        }
        let delegate = PresentationDelegateLog()
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 1000, height: 800), root: root)
        // The navigation controller is a child: the root (the top of its containers) presents.
        let navigation = UINavigationController(rootViewController: content())
        root.addChild(navigation)
        navigation.view.frame = root.view.bounds
        root.view.addSubview(navigation.view)
        navigation.didMove(toParent: root)
        let pushed = content()
        navigation.pushViewController(pushed, animated: false)
        presentationFrame(scene)
        let field = Focusable(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
        pushed.view.addSubview(field)
        #expect(field.becomeFirstResponder())
        let sheet = content()
        sheet.presentationController?.delegate = delegate
        navigation.present(sheet, animated: false)
        presentationFrame(scene)
        #expect(scene.handleKeyPress(UIKeyCommand.inputEscape, modifierFlags: []), "the sheet's Escape")
        #expect(delegate.calls.suffix(2) == ["shouldDismiss", "willDismiss"])
        #expect(navigation.viewControllers.count == 2, "the navigation controller behind did not pop")
        settle(scene)
    }
}
