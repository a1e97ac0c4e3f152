import Foundation
@_spi(Runtime) import SceneHostCore
import Testing

/// Which scene an event goes to by the scenes' activation conditions.
@MainActor
struct UISceneActivationConditionsTests {
    func makeScene(_ title: String) -> UIWindowScene {
        UIWindowScene.offscreen(size: CGSize(width: 400, height: 300), rootViewController: UIViewController(), title: title)
    }

    @Test func defaultsCanTakeEverythingAndPreferNothing() {
        let conditions = UISceneActivationConditions()
        #expect(conditions.canActivate(for: "anything"))
        #expect(conditions.canActivate(for: nil))
        #expect(!conditions.prefersToActivate(for: "anything"))
        #expect(!conditions.prefersToActivate(for: nil), "an event aimed at nothing is preferred by no scene")
    }

    @Test func withoutConditionsNoSceneIsPreferred() {
        let scenes = [makeScene("A"), makeScene("B")]
        #expect(SceneActivationRouting.preferredScene(for: "mail/1", role: .windowApplication, among: scenes) == nil)
        // Any scene can take it where no new one may open: the first (most recently active).
        #expect(SceneActivationRouting.allowingScene(for: "mail/1", role: .windowApplication, among: scenes) === scenes[0])
    }

    @Test func theSceneThatPrefersTheIdentifierGetsIt() {
        let mail = makeScene("Mail"), photos = makeScene("Photos"), otherPhotos = makeScene("Photos 2")
        mail.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = TargetContentPredicate(format: "self BEGINSWITH 'mail/'")
        for scene in [photos, otherPhotos] {
            scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = TargetContentPredicate(format: "self BEGINSWITH 'photos/'")
            scene.activationConditions.canActivateForTargetContentIdentifierPredicate = TargetContentPredicate(format: "self BEGINSWITH 'photos/'")
        }
        let scenes: [UIScene] = [mail, otherPhotos, photos]
        #expect(SceneActivationRouting.preferredScene(for: "mail/2", role: .windowApplication, among: scenes) === mail)
        #expect(SceneActivationRouting.preferredScene(for: "photos/7", role: .windowApplication, among: scenes) === otherPhotos,
                "of two that prefer it, the most recently active")
        #expect(SceneActivationRouting.preferredScene(for: "settings", role: .windowApplication, among: scenes) == nil)
        #expect(SceneActivationRouting.allowingScene(for: "settings", role: .windowApplication, among: [otherPhotos, photos]) == nil,
                "the photos scenes cannot take it")
        #expect(SceneActivationRouting.allowingScene(for: "settings", role: .windowApplication, among: scenes) === mail)
        #expect(SceneActivationRouting.preferredScene(for: "mail/2", role: .windowExternalDisplayNonInteractive, among: scenes) == nil,
                "only scenes of the request's role")
    }

    @Test func blockPredicatesWorkToo() {
        let scene = makeScene("Blocks")
        scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = NSPredicate { object, _ in
            (object as? String)?.count == 3
        }
        #expect(scene.activationConditions.prefersToActivate(for: "abc"))
        #expect(!scene.activationConditions.prefersToActivate(for: "abcd"))
    }

    @Test func requestsAimAtTheirActivitysIdentifierUnlessGivenOne() {
        let activity = NSUserActivity(activityType: "t")
        activity.targetContentIdentifier = "mail/1"
        let request = UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity)
        #expect(request.targetContentIdentifier == "mail/1")
        request.targetContentIdentifier = "photos/2"
        #expect(request.targetContentIdentifier == "photos/2")
        #expect(UISceneSessionActivationRequest().targetContentIdentifier == nil)
    }

    @Test func theWindowNameJoinsTitleAndSubtitle() {
        let scene = makeScene("Mail")
        #expect(scene.windowName == "Mail")
        scene.subtitle = "Inbox"
        #expect(scene.windowName == "Mail — Inbox")
        scene.title = nil
        #expect(scene.windowName == "Inbox")
    }
}
