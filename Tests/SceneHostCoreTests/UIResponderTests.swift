import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

/// A view that may become first responder, and may refuse to resign.
@MainActor
private final class FocusableView: UIView {
    var refusesToResign = false
    var resignations = 0
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { !refusesToResign }
    override func resignFirstResponder() -> Bool {
        resignations += 1
        return super.resignFirstResponder()
    }
}

@MainActor
private final class FocusableController: UIViewController {
    override var canBecomeFirstResponder: Bool { true }
    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .control) { _ in }] }
}

/// UIKit's first responder: one per window, only for responders that may be one and are in a window,
/// lost when its view leaves the window; key commands are looked for from it up the chain.
@MainActor
struct UIResponderTests {
    @Test func onlyAResponderThatMayBeOneAndIsInAWindowBecomesFirstResponder() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let window = try! #require(scene.keyWindow)
        let plain = UIView(), outside = FocusableView(), inside = FocusableView()
        root.view.addSubview(plain)
        root.view.addSubview(inside)
        #expect(!plain.becomeFirstResponder() && !plain.isFirstResponder, "canBecomeFirstResponder is false by default")
        #expect(!outside.becomeFirstResponder(), "in no window")
        #expect(!UIResponder().becomeFirstResponder(), "a responder with no window")
        #expect(inside.becomeFirstResponder() && inside.isFirstResponder)
        #expect(inside.becomeFirstResponder(), "already first responder")
        #expect(window.firstResponder === inside)
    }

    @Test func oneFirstResponderPerWindowWhichMayRefuseToResign() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let first = FocusableView(), second = FocusableView()
        root.view.addSubview(first)
        root.view.addSubview(second)
        #expect(first.becomeFirstResponder())
        #expect(second.becomeFirstResponder())
        #expect(!first.isFirstResponder && second.isFirstResponder, "the first one resigned")
        #expect(first.resignations == 1)
        second.refusesToResign = true
        #expect(!first.becomeFirstResponder(), "the current one will not resign")
        #expect(second.isFirstResponder)
        second.refusesToResign = false
        #expect(second.resignFirstResponder() && !second.isFirstResponder)
        #expect(scene.keyWindow?.firstResponder == nil)

        // Another window of the scene has a first responder of its own.
        let other = UIWindow(windowScene: scene), third = FocusableView()
        other.addSubview(third)
        #expect(first.becomeFirstResponder() && third.becomeFirstResponder())
        #expect(first.isFirstResponder && third.isFirstResponder)
    }

    @Test func leavingTheWindowEndsFirstResponderStatus() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let container = UIView(), view = FocusableView()
        container.addSubview(view)
        root.view.addSubview(container)
        #expect(view.becomeFirstResponder())
        view.refusesToResign = true
        container.removeFromSuperview()   // an ancestor goes: the view leaves the window with it
        #expect(!view.isFirstResponder && view.resignations == 1, "asked to resign, and out whatever it answers")
        #expect(scene.keyWindow?.firstResponder == nil)
        root.view.addSubview(container)
        #expect(!view.isFirstResponder, "coming back does not make it first responder again")

        // A controller is first responder while its view is in the window.
        let child = FocusableController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(child.becomeFirstResponder() && child.isFirstResponder)
        child.view.removeFromSuperview()
        #expect(!child.isFirstResponder && scene.keyWindow?.firstResponder == nil)
    }

    /// Key commands are looked for from the first responder up `next`; with none, from the root view
    /// controller. A child controller's commands count only when the chain passes through it.
    @Test func keyCommandsAreLookedForFromTheFirstResponder() throws {
        let root = UIViewController(), child = FocusableController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let window = try #require(scene.keyWindow)
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        #expect(window.keyCommandResponders.map(ObjectIdentifier.init) == [root, window, scene].map(ObjectIdentifier.init))
        #expect(UIResponder.keyCommand(forInput: "n", modifierFlags: .control, in: window.keyCommandResponders) == nil)
        #expect(child.becomeFirstResponder())
        let chain = window.keyCommandResponders
        #expect(chain.map(ObjectIdentifier.init) == [child, root.view, root, window, scene].map(ObjectIdentifier.init))
        #expect(UIResponder.keyCommand(forInput: "n", modifierFlags: .control, in: chain) != nil)

        // A presented controller's chain goes through its presenter.
        let presented = UIViewController()
        child.resignFirstResponder()
        root.present(presented, animated: false)
        #expect(window.keyCommandResponders.first === presented)
        #expect(presented.next === root)
    }

    /// A view that becomes first responder below what a scroll view shows is scrolled into sight, as
    /// UIKit scrolls to a text field that takes the keyboard; one already in sight moves nothing.
    @Test func becomingFirstResponderScrollsTheViewIntoSight() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let scroller = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scroller.contentSize = CGSize(width: 400, height: 1200)
        root.view.addSubview(scroller)
        let near = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        let far = UITextField(frame: CGRect(x: 20, y: 1000, width: 200, height: 30))
        for field in [near, far] { scroller.addSubview(field) }
        scene.layoutIfNeeded()
        #expect(near.becomeFirstResponder() && scroller.contentOffset == .zero, "in sight already")
        #expect(far.becomeFirstResponder())
        #expect(abs(scroller.contentOffset.y - (1000 + 30 + 8 - 300)) < 0.01, "8 points clear below: \(scroller.contentOffset)")

        // A responder that takes no text is not scrolled to.
        final class Focusable: UIView { override var canBecomeFirstResponder: Bool { true } }
        let other = Focusable(frame: CGRect(x: 20, y: 20, width: 50, height: 30))
        scroller.addSubview(other)
        let offset = scroller.contentOffset
        #expect(other.becomeFirstResponder() && scroller.contentOffset == offset)
    }
}
