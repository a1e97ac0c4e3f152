import SceneHost

/// The Gallery's URL scheme, for `Gallery --open URL` (a second launch hands the URL to the Gallery
/// already running on the display):
/// - `scenehost-gallery://mail/<message>`: a Mail scene shows message number `<message>` (0 is the
///   first of the inbox); `scenehost-gallery://mail` brings a Mail scene forward;
/// - `scenehost-gallery://photos/<photo>`: a Photos scene selects photo number `<photo>` (0 … 1999);
/// - `scenehost-gallery://settings`: the Settings scene.
/// Each scene prefers its own URLs (`UISceneActivationConditions`): the most recently used scene of the
/// kind comes forward and shows the item; with none, a new one opens with the URL.
enum GalleryURL: Equatable {
    case mail(message: Int?)
    case photos(photo: Int?)
    case settings

    static let scheme = "scenehost-gallery"

    /// The scene configuration that shows this URL.
    var configurationName: String {
        switch self {
        case .mail: "Mail"
        case .photos: "Photos"
        case .settings: "Settings"
        }
    }

    init?(_ url: URL) {
        guard url.scheme == Self.scheme, let host = url.host else { return nil }
        let item = url.pathComponents.dropFirst().first.flatMap { Int($0) }
        switch host {
        case "mail": self = .mail(message: item)
        case "photos": self = .photos(photo: item)
        case "settings": self = .settings
        default: return nil
        }
    }

    /// The predicate a scene showing `kind` ("mail", "photos", "settings") prefers its URLs with.
    @MainActor
    static func preferring(_ kind: String) -> NSPredicate {
        TargetContentPredicate(format: "self == %@ OR self BEGINSWITH %@", "\(scheme)://\(kind)", "\(scheme)://\(kind)/")
    }
}

extension UIScene.ConnectionOptions {
    /// The first Gallery URL the scene connects for, if any.
    var galleryURL: GalleryURL? { urlContexts.lazy.compactMap { GalleryURL($0.url) }.first }
}

extension Set where Element == UIOpenURLContext {
    /// The first Gallery URL among the contexts, if any.
    @MainActor var galleryURL: GalleryURL? { lazy.compactMap { GalleryURL($0.url) }.first }
}
