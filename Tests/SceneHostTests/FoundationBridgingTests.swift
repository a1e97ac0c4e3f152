import Foundation
import SceneHostTesting
import Testing

/// The Gallery is linked with the Swift runtime and Foundation inside it, where a static link once left
/// out the bridging of arrays that `PropertyListSerialization` needs (`FoundationBridging`). Saving and
/// restoring with that executable is `UIApplicationMainTests.terminatingKeepsTheSessionsForTheNextLaunch`;
/// here, a state file as the dynamically linked Gallery wrote it comes back in the static one.
extension SceneWindowTests {
    /// Written by the Gallery linked dynamically (before issue 33), the third message chosen in Mail.
    static let sessionsFromADynamicBuild = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>sessions</key>
        	<array>
        		<dict>
        			<key>activity</key>
        			<dict>
        				<key>activityType</key>
        				<string>org.scenehost.gallery.mail</string>
        				<key>title</key>
        				<string>Mail</string>
        				<key>userInfo</key>
        				<dict>
        					<key>selectedMessage</key>
        					<integer>2</integer>
        				</dict>
        			</dict>
        			<key>configuration</key>
        			<string>Mail</string>
        			<key>delegateClass</key>
        			<string>GalleryApp.MailSceneDelegate</string>
        			<key>frame</key>
        			<array>
        				<real>448</real>
        				<real>163</real>
        				<real>1024</real>
        				<real>768</real>
        			</array>
        			<key>identifier</key>
        			<string>05FB0AB0-13CF-4613-A6CA-50FF0580BC30</string>
        			<key>role</key>
        			<string>UIWindowSceneSessionRoleApplication</string>
        			<key>title</key>
        			<string>Mail</string>
        		</dict>
        		<dict>
        			<key>activity</key>
        			<dict>
        				<key>activityType</key>
        				<string>org.scenehost.gallery.settings-path</string>
        				<key>title</key>
        				<string>Settings</string>
        				<key>userInfo</key>
        				<dict>
        					<key>navigationPath</key>
        					<array/>
        				</dict>
        			</dict>
        			<key>configuration</key>
        			<string>Settings</string>
        			<key>delegateClass</key>
        			<string>GalleryApp.SettingsSceneDelegate</string>
        			<key>frame</key>
        			<array>
        				<real>1</real>
        				<real>307</real>
        				<real>900</real>
        				<real>768</real>
        			</array>
        			<key>identifier</key>
        			<string>410151D1-0E1B-4CFB-9D5A-360A1AA5D862</string>
        			<key>role</key>
        			<string>UIWindowSceneSessionRoleApplication</string>
        			<key>title</key>
        			<string>Settings</string>
        		</dict>
        	</array>
        	<key>version</key>
        	<integer>1</integer>
        </dict>
        </plist>
        """

    @Test func aStateFileOfTheDynamicGalleryComesBackInTheStaticOne() async throws {
        let display = try VirtualDisplay()
        let folder = ScratchFolder("bridging")
        let state = folder.appending("state/org.scenehost.Gallery")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let saved = state.appendingPathComponent("sessions.plist")
        try Data(Self.sessionsFromADynamicBuild.utf8).write(to: saved)
        // Dated a day back, to tell whether quitting wrote it again.
        let written = Date().addingTimeInterval(-86_400)
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: saved.path)
        let trace = folder.appending("trace.jsonl").path
        let gallery = try ChildProcess(UIApplicationMainTests.galleryPath, [], environment: UIApplicationMainTests.galleryEnvironment(
            state: folder.appending("state"), display: display, trace: trace))
        defer { if gallery.isRunning { gallery.signal(SIGKILL); _ = gallery.wait() } }
        func events(_ name: String) -> [[String: Any]] { UIApplicationMainTests.traceEvents(at: trace).filter { $0["event"] as? String == name } }
        let deadline = Date().addingTimeInterval(20)
        // Both windows drawn (they connect one after another).
        while UIApplicationMainTests.framesByScene(at: trace).count < 2, Date() < deadline { usleep(20_000) }
        #expect(Set(events("sessionRestored").compactMap { $0["scene"] as? String })
                == ["05FB0AB0-13CF-4613-A6CA-50FF0580BC30", "410151D1-0E1B-4CFB-9D5A-360A1AA5D862"])
        #expect(events("sceneWillConnect").count == 2, "no new scenes besides them")
        gallery.signal(SIGTERM)
        #expect(await gallery.wait(timeout: 10) == 0)

        // Quitting wrote the file again, from the static executable (which failed with error 3851 when
        // a static link left out the bridging of arrays): the same sessions, the chosen message and the
        // arrays (frames, the navigation path) in it.
        let modified = try FileManager.default.attributesOfItem(atPath: saved.path)[.modificationDate] as? Date
        #expect(modified.map { $0 > written.addingTimeInterval(3_600) } == true, "the sessions were saved at quit")
        let root = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: saved), format: nil) as? [String: Any])
        let sessions = try #require(root["sessions"] as? [[String: Any]])
        #expect(Set(sessions.compactMap { $0["identifier"] as? String })
                == ["05FB0AB0-13CF-4613-A6CA-50FF0580BC30", "410151D1-0E1B-4CFB-9D5A-360A1AA5D862"])
        let mail = try #require(sessions.first { $0["title"] as? String == "Mail" })
        #expect(((mail["activity"] as? [String: Any])?["userInfo"] as? [String: Any])?["selectedMessage"] as? Int == 2)
        #expect((mail["frame"] as? [Double])?.count == 4)
        let settings = try #require(sessions.first { $0["title"] as? String == "Settings" })
        #expect(((settings["activity"] as? [String: Any])?["userInfo"] as? [String: Any])?["navigationPath"] is [Any])
        withExtendedLifetime(folder) {}
    }
}
