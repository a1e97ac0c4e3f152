import Foundation
@testable import GalleryApp
import SceneHostTesting
import Testing
import X11

/// Activation routing on a real display: requests without a session go to the scene whose activation
/// conditions prefer them, and a second launch of the Gallery (`Gallery --open URL`, a child process on
/// the private display) hands its URL to the running one through the instance selection and exits.
extension SceneWindowTests {
    private func photosCount(_ app: AppHarness) -> Int { app.scenes.filter { $0.title == "Photos" }.count }

    @Test func requestsWithoutConditionsOpenNewScenes() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        // Aimed at nothing any scene prefers: a new scene, as before.
        let activity = NSUserActivity(activityType: PhotosSceneDelegate.activityType)
        activity.targetContentIdentifier = "something-no-scene-prefers"
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity))
        #expect(await app.waitForScenes(3))
        #expect(photosCount(app) == 1)
        #expect(app.events(of: "sceneActivationRouted").isEmpty)
        #expect(app.application.connectedScenes.count == 3 && app.application.openSessions.count == 3)
    }

    @Test func requestsGoToTheScenePreferringTheirTarget() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let mail = try #require(app.scene(titled: "Mail"))
        let mailController = try #require(mail.windows.first?.rootViewController as? MailViewController)
        let activity = NSUserActivity(activityType: MailSceneDelegate.activityType)
        activity.targetContentIdentifier = "scenehost-gallery://mail/2"
        app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity))
        #expect(await app.run(until: { !app.events(of: "sceneActivationRouted", scene: mail).isEmpty }))
        await app.run(for: 0.1)
        #expect(app.scenes.count == 2, "no new scene: Mail prefers it")
        #expect(app.events(of: "sceneActivationRouted", scene: mail).first?["targetContentIdentifier"] as? String == "scenehost-gallery://mail/2")
        // The request's own identifier wins over its activity's.
        let request = UISceneSessionActivationRequest(role: .windowApplication, userActivity: NSUserActivity(activityType: "x"))
        request.targetContentIdentifier = "scenehost-gallery://settings"
        app.clearEvents()
        app.application.activateSceneSession(for: request)
        let settings = try #require(app.scene(titled: "Settings"))
        #expect(await app.run(until: { !app.events(of: "sceneActivationRouted", scene: settings).isEmpty }))
        #expect(app.scenes.count == 2)
        #expect(mailController.selectedIndex == 0, "an activity is continued by the delegate; Mail's ignores this one")
    }

    @Test func aSecondLaunchHandsItsURLToTheRunningGallery() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let folder = scratch.appending("second")
        let environment = UIApplicationMainTests.galleryEnvironment(state: folder, display: app.virtualDisplay)

        /// Runs `Gallery --open url` on the app's display while the app's loop runs; its exit status.
        func open(_ url: String) async throws -> Int32? {
            let child = try ChildProcess(UIApplicationMainTests.galleryPath, ["--open", url], environment: environment)
            let ended = await app.run(until: { !child.isRunning }, timeout: 30)
            if !ended { child.signal(SIGKILL) }
            return ended ? child.wait() : nil
        }

        // No Photos scene yet: one opens, with the photo selected.
        #expect(try await open("scenehost-gallery://photos/5") == 0)
        #expect(await app.run(until: { self.photosCount(app) == 1 }))
        #expect(app.events(of: "handover").first?["urls"] as? String == "scenehost-gallery://photos/5")
        #expect(app.events(of: "handover").first?["source"] as? String == "Gallery")
        let photos = try #require(app.scene(titled: "Photos"))
        let grid = try #require(photos.windows.first?.rootViewController as? PhotosViewController)
        #expect(await app.run(until: { grid.selectedPhoto?.number == 5 }))

        // Photos prefers its URLs: the same scene shows the next one, and no scene opens.
        #expect(try await open("scenehost-gallery://photos/7") == 0)
        #expect(await app.run(until: { grid.selectedPhoto?.number == 7 }))
        #expect(photosCount(app) == 1)
        #expect(!app.events(of: "sceneActivationRouted", scene: photos).isEmpty)

        // Mail prefers mail URLs: the message is shown in the Mail scene.
        let mail = try #require(app.scene(titled: "Mail"))
        let mailController = try #require(mail.windows.first?.rootViewController as? MailViewController)
        #expect(try await open("scenehost-gallery://mail/3") == 0)
        #expect(await app.run(until: { mailController.selectedIndex == 3 }))
        #expect(app.scenes.count == 3)

        // A plain second launch brings a window forward and exits too.
        let child = try ChildProcess(UIApplicationMainTests.galleryPath, [], environment: environment)
        #expect(await app.run(until: { !child.isRunning }, timeout: 30))
        #expect(child.wait() == 0)
        #expect(app.scenes.count == 3)
    }

    @Test func theRunningInstanceOwnsItsSelection() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let other = try app.virtualDisplay.connect()
        let channel = InstanceChannel(display: other, appName: "GalleryApp.AppDelegate")
        let owner = try #require(channel.runningInstance)
        #expect(owner != channel.window)
        #expect(InstanceChannel(display: other, appName: "SomeOtherApp.AppDelegate").runningInstance == nil, "one selection per app")
    }

    @Test func aClosedSceneFreesItsConditionsAndURLContexts() async throws {
        let app = try AppHarness(AppDelegate.self, manifest: AppDelegate.sceneManifest)
        #expect(await app.waitForScenes(2))
        let tracker = LeakTracker()
        do {
            // A Photos scene connected for a URL (the launch's route), with its activation conditions.
            let activity = NSUserActivity(activityType: PhotosSceneDelegate.activityType)
            app.application.activateSceneSession(for: UISceneSessionActivationRequest(role: .windowApplication, userActivity: activity))
            #expect(await app.waitForScenes(3))
            let photos = try #require(app.scene(titled: "Photos"))
            tracker.track(photos)
            tracker.track(photos.activationConditions, as: "UISceneActivationConditions")
            tracker.track(photos.activationConditions.prefersToActivateForTargetContentIdentifierPredicate, as: "TargetContentPredicate")
            tracker.track(try #require(photos.windowingBehaviors), as: "UISceneWindowingBehaviors")
            tracker.track(activity, as: "NSUserActivity")
            app.application.requestSceneSessionDestruction(photos.session, options: UIWindowSceneDestructionRequestOptions())
        }
        #expect(await app.run(until: { app.scene(titled: "Photos") == nil }))
        await app.run(for: 0.2)
        #expect(tracker.survivors.isEmpty, "\(tracker)")
    }
}
