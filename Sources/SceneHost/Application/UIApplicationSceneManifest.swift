import Foundation
@_spi(Runtime) import SceneHostCore

/// The `UIApplicationSceneManifest` of an app's `Info.plist`: whether it supports multiple scenes, and
/// its scene configurations by session role (the first of a role is the role's default):
///
/// ```xml
/// <key>UIApplicationSceneManifest</key>
/// <dict>
///     <key>UIApplicationSupportsMultipleScenes</key><true/>
///     <key>UISceneConfigurations</key>
///     <dict>
///         <key>UIWindowSceneSessionRoleApplication</key>
///         <array>
///             <dict>
///                 <key>UISceneConfigurationName</key><string>Default Configuration</string>
///                 <key>UISceneDelegateClassName</key><string>MyApp.SceneDelegate</string>
///             </dict>
///         </array>
///     </dict>
/// </dict>
/// ```
///
/// `UIApplicationMain` reads it from an `Info.plist` shipped as a SwiftPM resource of the executable
/// (`resources: [.copy("Resources")]` with the file in `Resources/`), or takes one made in code. Class
/// names are `Module.Class`, as `String(reflecting:)` prints them.
public struct UIApplicationSceneManifest: Sendable {
    public struct SceneConfiguration: Sendable, Equatable {
        public var name: String
        public var sceneClassName: String?
        public var delegateClassName: String?
        public init(name: String, sceneClassName: String? = nil, delegateClassName: String? = nil) {
            self.name = name
            self.sceneClassName = sceneClassName
            self.delegateClassName = delegateClassName
        }
    }

    public var supportsMultipleScenes: Bool
    /// Configurations by role raw value (`UIWindowSceneSessionRoleApplication`, …).
    public var configurations: [String: [SceneConfiguration]]
    /// Where the manifest came from, for messages: a file path, or "the manifest given in code".
    public var source: String
    /// `UISupportedInterfaceOrientations` of the file, when it has them.
    public var supportedInterfaceOrientations: UIInterfaceOrientationMask?
    /// The app's name for its state folder: `CFBundleIdentifier`, else `CFBundleName`, when the file has one.
    public var applicationName: String?

    public init(supportsMultipleScenes: Bool, configurations: [UISceneSession.Role: [SceneConfiguration]]) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.configurations = Dictionary(uniqueKeysWithValues: configurations.map { ($0.key.rawValue, $0.value) })
        source = "the manifest given in code"
    }

    /// A manifest that cannot be used, naming the file, the key and the fix.
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads the `UIApplicationSceneManifest` of the property list at `url`.
    public static func load(from url: URL) throws(Error) -> UIApplicationSceneManifest {
        let root: [String: Any]
        do {
            let data = try Data(contentsOf: url)
            guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                throw Error("\(url.path) is not a property-list dictionary")
            }
            root = dictionary
        } catch let error as Error {
            throw error
        } catch {
            throw Error("\(url.path) cannot be read as a property list: \(FileProblem.describe(error))")
        }
        guard let manifest = root["UIApplicationSceneManifest"] as? [String: Any] else {
            throw Error("\(url.path) has no UIApplicationSceneManifest dictionary; add one with UISceneConfigurations")
        }
        var result = UIApplicationSceneManifest(supportsMultipleScenes: manifest["UIApplicationSupportsMultipleScenes"] as? Bool ?? false,
                                                configurations: [:])
        result.source = url.path
        result.applicationName = root["CFBundleIdentifier"] as? String ?? root["CFBundleName"] as? String
        if let names = root["UISupportedInterfaceOrientations"] as? [String] {
            let known: [String: UIInterfaceOrientationMask] = [
                "UIInterfaceOrientationPortrait": .portrait, "UIInterfaceOrientationPortraitUpsideDown": .portraitUpsideDown,
                "UIInterfaceOrientationLandscapeLeft": .landscapeLeft, "UIInterfaceOrientationLandscapeRight": .landscapeRight,
            ]
            var mask: UIInterfaceOrientationMask = []
            for name in names {
                guard let orientation = known[name] else {
                    throw Error("\(url.path): UISupportedInterfaceOrientations holds \"\(name)\"; use UIInterfaceOrientationPortrait, …PortraitUpsideDown, …LandscapeLeft or …LandscapeRight")
                }
                mask.insert(orientation)
            }
            result.supportedInterfaceOrientations = mask
        }
        guard let byRole = manifest["UISceneConfigurations"] as? [String: Any] else {
            throw Error("\(url.path): UIApplicationSceneManifest → UISceneConfigurations is missing or not a dictionary of roles")
        }
        for (role, value) in byRole {
            guard let entries = value as? [[String: Any]] else {
                throw Error("\(url.path): UISceneConfigurations → \(role) must be an array of dictionaries")
            }
            result.configurations[role] = try entries.enumerated().map { (index, entry) throws(Error) in
                guard let name = entry["UISceneConfigurationName"] as? String else {
                    throw Error("\(url.path): UISceneConfigurations → \(role) → item \(index) has no UISceneConfigurationName")
                }
                return SceneConfiguration(name: name, sceneClassName: entry["UISceneClassName"] as? String,
                                          delegateClassName: entry["UISceneDelegateClassName"] as? String)
            }
        }
        return result
    }

    /// The app's `Info.plist`, in a SwiftPM resource bundle beside the executable (at the bundle's top or
    /// one folder down): the bundle of the app delegate's module (`<Package>_<Module>.resources`), else the
    /// executable's own. Nil when there is none. Other bundles there belong to other executables of the
    /// package (they share a build folder) and are not looked in.
    static func discover(appDelegate delegateClass: any UIApplicationDelegate.Type) -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent()
        // The qualified name as `String(reflecting:)` prints it, without its conformance lookups.
        let module = _typeName(delegateClass, qualified: true).split(separator: ".").first.map(String.init)
        let owners = [module, executable.lastPathComponent].compactMap { $0 }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for owner in owners {
            for bundle in names.filter({ $0.hasSuffix("_\(owner).resources") }).sorted() {
                let base = folder.appendingPathComponent(bundle)
                var candidates = [base.appendingPathComponent("Info.plist")]
                for sub in ((try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []).sorted() {
                    candidates.append(base.appendingPathComponent(sub).appendingPathComponent("Info.plist"))
                }
                if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) { return found }
            }
        }
        return nil
    }

    // MARK: Resolving

    /// The role's default configuration (its first), resolved.
    @MainActor
    public func defaultConfiguration(for role: UISceneSession.Role) throws(Error) -> UISceneConfiguration {
        guard let first = configurations[role.rawValue]?.first else {
            throw Error("\(source) has no scene configuration for the role \(role.rawValue): add one under UIApplicationSceneManifest → UISceneConfigurations → \(role.rawValue)")
        }
        return try resolve(first, role: role)
    }

    /// The configuration named `name` for `role`, resolved; nil when the manifest has none of that name.
    @MainActor
    public func configuration(named name: String, role: UISceneSession.Role) throws(Error) -> UISceneConfiguration? {
        guard let entry = configurations[role.rawValue]?.first(where: { $0.name == name }) else { return nil }
        return try resolve(entry, role: role)
    }

    /// Every entry resolved, for checking the whole manifest at launch.
    @MainActor
    public func problems() -> [Error] {
        var found: [Error] = []
        for (role, entries) in configurations.sorted(by: { $0.key < $1.key }) {
            for entry in entries {
                do { _ = try resolve(entry, role: UISceneSession.Role(rawValue: role)) } catch { found.append(error) }
            }
        }
        return found
    }

    @MainActor
    private func resolve(_ entry: SceneConfiguration, role: UISceneSession.Role) throws(Error) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: entry.name, sessionRole: role)
        let place = "\(source): UISceneConfigurations → \(role.rawValue) → \"\(entry.name)\""
        if let name = entry.delegateClassName {
            guard let type = _typeByName(name) else {
                throw Error("\(place) → UISceneDelegateClassName \"\(name)\" names no class; write it as Module.ClassName (String(reflecting: MyDelegate.self))")
            }
            guard type is any UIWindowSceneDelegate.Type, let delegateClass = type as? AnyClass else {
                throw Error("\(place) → UISceneDelegateClassName \"\(name)\" does not adopt UIWindowSceneDelegate; declare it `final class \(name.split(separator: ".").last ?? ""): UIResponder, UIWindowSceneDelegate`")
            }
            configuration.delegateClass = delegateClass
        }
        if let name = entry.sceneClassName {
            guard let type = _typeByName(name) as? UIScene.Type else {
                throw Error("\(place) → UISceneClassName \"\(name)\" names no UIScene subclass; use UIWindowScene or a subclass, as Module.ClassName")
            }
            configuration.sceneClass = type
        }
        return configuration
    }
}

extension UISceneConfiguration {
    /// `Module.Class` of the delegate class, for saving a session made in code.
    var delegateClassName: String? { delegateClass.map { String(reflecting: $0) } }
    var sceneClassName: String? { sceneClass.map { String(reflecting: $0) } }
}
