import Foundation
@testable import SceneHostCore
import Testing

/// With only a hardware keyboard, the guide is a zero-height strip at the view's bottom.
@MainActor
struct UIKeyboardLayoutGuideTests {
    @Test func theGuideSitsAtTheBottomWithZeroHeight() {
        let root = UIViewController()
        let scene = UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: root)
        let field = UITextField()
        field.translatesAutoresizingMaskIntoConstraints = false
        root.view.addSubview(field)
        let guide = root.view.keyboardLayoutGuide
        #expect(root.view.keyboardLayoutGuide === guide, "one per view")
        NSLayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: root.view.leadingAnchor, constant: 10),
            field.bottomAnchor.constraint(equalTo: guide.topAnchor, constant: -10),
            field.widthAnchor.constraint(equalToConstant: 200),
        ])
        root.view.layoutIfNeeded()
        #expect(guide.layoutFrame == CGRect(x: 0, y: 300, width: 400, height: 0))
        #expect(field.frame.maxY == 290)
        _ = scene
    }
}
