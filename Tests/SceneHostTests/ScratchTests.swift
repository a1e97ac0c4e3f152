import Testing
@testable import Gallery
import SceneHost

@MainActor @Test func scratchPlain() throws {
    let vc = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 200), rootViewController: vc)
    let v = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50)); v.backgroundColor = .red
    vc.view.addSubview(v)
    v.frame = CGRect(x: 20, y: 10, width: 60, height: 50)
    try scene.renderImage().writePNG(to: "/tmp/plain.png")
}
@MainActor @Test func scratchLabel() throws {
    let vc = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: 300, height: 200), rootViewController: vc)
    let v = UILabel(frame: CGRect(x: 10, y: 10, width: 200, height: 50)); v.text = "Hello"
    vc.view.addSubview(v)
    v.frame = CGRect(x: 20, y: 10, width: 200, height: 50)
    try scene.renderImage().writePNG(to: "/tmp/label.png")
}
@MainActor @Test func scratchDetail() throws {
    let vc = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 400), rootViewController: vc)
    let d = MessageDetailView()
    vc.view.addSubview(d)
    d.show(Mailbox.messages[0])
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 300)
    try scene.renderImage().writePNG(to: "/tmp/detail.png")
}
@MainActor @Test func scratchRow() throws {
    let vc = UIViewController()
    let scene = UIWindowScene.offscreen(size: CGSize(width: 600, height: 400), rootViewController: vc)
    let d = MessageRowView(message: Mailbox.messages[0])
    vc.view.addSubview(d)
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
    try scene.renderImage().writePNG(to: "/tmp/row.png")
}
final class Sub1: UIView { var extra = 5 }
final class Sub2: UIView { let extra: UILabel; init(x: Int) { extra = UILabel(); super.init(frame: .zero) } }
@MainActor @Test func scratchSub1() throws {
    let d = Sub1(frame: .zero)
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
}
@MainActor @Test func scratchSub2() throws {
    let d = Sub2(x: 1)
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
}
@MainActor @Test func scratchG1() throws {
    let d = MessageDetailView()
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
}
@MainActor @Test func scratchG2() throws {
    let d = OverlayView()
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
}
@MainActor @Test func scratchG3() throws {
    let d = ValuePill()
    d.frame = CGRect(x: 20, y: 10, width: 400, height: 92)
}
