import Foundation
import SceneHost

/// One photo in a window of its own, as in Apple's sample "Supporting multiple windows on iPad": a
/// person drags a tile out of the Photos grid onto the desktop, and this scene opens there showing it.
final class PhotoViewController: UIViewController {
    let photo: PhotosViewController.Photo
    let label = UILabel()

    init(photo: PhotosViewController.Photo) {
        self.photo = photo
        super.init(nibName: nil, bundle: nil)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = PhotoTileCell.color(hue: photo.hue, saturation: 0.45, brightness: 0.85)
        label.text = PhotoSceneDelegate.title(of: photo)
        // The reader's text size, followed as it changes; at the largest sizes the title wraps in a
        // small window rather than running past its edges.
        label.font = .preferredFont(forTextStyle: .largeTitle)
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 0
        label.textAlignment = .center
        label.textColor = .black
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            label.leadingAnchor.constraint(greaterThanOrEqualTo: view.leadingAnchor, constant: 16),
            label.topAnchor.constraint(greaterThanOrEqualTo: view.topAnchor, constant: 16),
        ])
    }

    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }
}

/// The scene of one photo: the photo comes with the activity it connects with (a drag out of the
/// grid), or, after a relaunch, with the session's restoration activity.
final class PhotoSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The activity a dragged photo carries; its `userInfo["photo"]` is the photo's number.
    static let activityType = "org.scenehost.gallery.photo"
    private(set) var photo: PhotosViewController.Photo?

    static func title(of photo: PhotosViewController.Photo) -> String { "Photo \(photo.number + 1)" }

    /// The activity standing for `photo`: dragged out of the grid, and kept with the session.
    static func activity(for photo: PhotosViewController.Photo) -> NSUserActivity {
        let activity = NSUserActivity(activityType: activityType)
        activity.title = title(of: photo)
        activity.userInfo = ["photo": photo.number]
        activity.targetContentIdentifier = "photo-\(photo.number)"
        return activity
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let activity = connectionOptions.userActivities.first { $0.activityType == Self.activityType } ?? session.stateRestorationActivity
        let number = activity?.userInfo?["photo"] as? Int ?? 0
        let photo = PhotosViewController.Photo(number: number)
        self.photo = photo
        windowScene.title = Self.title(of: photo)
        windowScene.sizeRestrictions?.minimumSize = CGSize(width: 240, height: 240)
        // A photo's window is smaller than the Gallery's others: a new one opens at this size.
        windowScene.sizeRestrictions?.maximumSize = Self.maximumSize
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = PhotoViewController(photo: photo)
        window.makeKeyAndVisible()
        self.window = window
    }

    static let maximumSize = CGSize(width: 640, height: 520)

    /// The photo shown, kept with the session: a relaunch shows it again.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { photo.map(Self.activity(for:)) }
}
