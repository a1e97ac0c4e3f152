import Foundation
@testable import GalleryApp
@_spi(Runtime) @_spi(Testing) import SceneHost
import Testing

/// Not a scene delegate, for the manifest's error.
final class NotASceneDelegate {}

/// `UIApplicationSceneManifest` from Info.plist files, and the messages for broken ones.
@MainActor
struct SceneManifestTests {
    private let scratch = ScratchFolder("manifest")

    func write(_ manifest: String, extra: String = "") throws -> URL {
        let url = scratch.appending("Info-\(UUID().uuidString).plist")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(extra)\(manifest)</dict></plist>
            """.utf8).write(to: url)
        return url
    }

    func configurations(_ entries: String, multiple: Bool = true) -> String {
        """
        <key>UIApplicationSceneManifest</key><dict>
        <key>UIApplicationSupportsMultipleScenes</key><\(multiple)/>
        <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array>\(entries)</array></dict>
        </dict>
        """
    }

    func entry(_ name: String, delegate: String?) -> String {
        "<dict><key>UISceneConfigurationName</key><string>\(name)</string>"
            + (delegate.map { "<key>UISceneDelegateClassName</key><string>\($0)</string>" } ?? "") + "</dict>"
    }

    @Test func theGalleryManifestResolvesItsDelegates() throws {
        let manifest = AppDelegate.sceneManifest
        #expect(manifest.supportsMultipleScenes)
        #expect(manifest.applicationName == "org.scenehost.Gallery")
        #expect(manifest.problems().isEmpty)
        let first = try manifest.defaultConfiguration(for: .windowApplication)
        #expect(first.name == "Mail" && first.delegateClass == MailSceneDelegate.self, "the first entry is the role's default")
        #expect(try manifest.configuration(named: "Settings", role: .windowApplication)?.delegateClass == SettingsSceneDelegate.self)
        #expect(try manifest.configuration(named: "Nope", role: .windowApplication) == nil)
    }

    @Test func anUnknownDelegateClassIsNamedWithItsKeyAndFile() throws {
        let url = try write(configurations(entry("Main", delegate: "Gallery.NoSuchDelegate")))
        let manifest = try UIApplicationSceneManifest.load(from: url)
        let problems = manifest.problems().map(\.description)
        #expect(problems.count == 1)
        #expect(problems[0].contains(url.path) && problems[0].contains("UISceneDelegateClassName")
                && problems[0].contains("Gallery.NoSuchDelegate") && problems[0].contains("Module.ClassName"))
        #expect(throws: UIApplicationSceneManifest.Error.self) { try manifest.defaultConfiguration(for: .windowApplication) }
    }

    @Test func aDelegateThatIsNotASceneDelegateIsRefused() throws {
        let name = String(reflecting: NotASceneDelegate.self)
        let manifest = try UIApplicationSceneManifest.load(from: try write(configurations(entry("Main", delegate: name))))
        #expect(manifest.problems().first?.description.contains("does not adopt UIWindowSceneDelegate") == true)
    }

    @Test func aMissingRoleIsNamed() throws {
        let url = try write("""
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict/></dict>
            """)
        let manifest = try UIApplicationSceneManifest.load(from: url)
        #expect(!manifest.supportsMultipleScenes, "absent means false, as in UIKit")
        do {
            _ = try manifest.defaultConfiguration(for: .windowApplication)
            Issue.record("a missing role must throw")
        } catch {
            #expect(String(describing: error).contains("UIWindowSceneSessionRoleApplication") && String(describing: error).contains(url.path))
        }
    }

    @Test(arguments: [
        ("", "has no UIApplicationSceneManifest"),
        ("<key>UIApplicationSceneManifest</key><dict/>", "UISceneConfigurations is missing"),
        ("<key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array><dict/></array></dict></dict>", "has no UISceneConfigurationName"),
    ])
    func brokenManifestsNameTheKey(contents: String, message: String) throws {
        let url = try write(contents)
        do {
            _ = try UIApplicationSceneManifest.load(from: url)
            Issue.record("loading must fail")
        } catch {
            #expect(String(describing: error).contains(message) && String(describing: error).contains(url.path), "\(error)")
        }
    }

    @Test func supportedInterfaceOrientationsAreRead() throws {
        let url = try write(configurations(entry("Main", delegate: nil)), extra: """
            <key>UISupportedInterfaceOrientations</key><array>
            <string>UIInterfaceOrientationLandscapeLeft</string><string>UIInterfaceOrientationLandscapeRight</string></array>
            """)
        #expect(try UIApplicationSceneManifest.load(from: url).supportedInterfaceOrientations == .landscape)
        let bad = try write(configurations(entry("Main", delegate: nil)), extra: """
            <key>UISupportedInterfaceOrientations</key><array><string>Sideways</string></array>
            """)
        #expect(throws: UIApplicationSceneManifest.Error.self) { try UIApplicationSceneManifest.load(from: bad) }
    }

    @Test func aFileThatIsNotAPropertyListIsNamed() throws {
        let url = scratch.appending("Info.plist")
        try Data("{ not a plist".utf8).write(to: url)
        #expect(throws: UIApplicationSceneManifest.Error.self) { try UIApplicationSceneManifest.load(from: url) }
    }
}
