import Foundation
import SceneHost

/// The Photos scene: a grid of tiles whose column count follows the size class — three when
/// horizontally compact, one per 170 points (at least four) when regular — built as a UIKit app would
/// build it: a compositional layout's section provider reading the environment, cell registrations, and
/// a diffable data source. The tiles are solid colours until the Gallery has photos. A tile dragged
/// out of the window onto the desktop opens that photo in a window of its own (`PhotoSceneDelegate`):
/// the delegate's `sceneActivationConfigurationForItemAt` gives the window, as in Apple's sample
/// "Supporting multiple windows on iPad"; the drag delegate adds what other programs take when it is
/// dropped on them, its name as text and its colour as a PNG image.
final class PhotosViewController: UIViewController, UICollectionViewDelegate, UICollectionViewDragDelegate {
    /// A photo: its number and the hue of its tile.
    struct Photo: Hashable, Sendable {
        let number: Int
        var hue: CGFloat { CGFloat((number * 37) % 360) / 360 }
    }

    /// How many photos the library holds.
    static let photoCount = 2_000

    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Int, Photo>!
    let overlay = OverlayView()

    /// The number of columns for a container `width` points wide in `sizeClass`.
    static func columns(width: CGFloat, sizeClass: UIUserInterfaceSizeClass) -> Int {
        sizeClass == .compact ? 3 : max(4, Int(width / 170))
    }

    static func layout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            let width = environment.container.effectiveContentSize.width
            let columns = columns(width: width, sizeClass: environment.traitCollection.horizontalSizeClass)
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / CGFloat(columns)),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute((width / CGFloat(columns)).rounded())),
                repeatingSubitem: item, count: columns)
            return NSCollectionLayoutSection(group: group)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: Self.layout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        collectionView.dragDelegate = self
        view.addSubview(collectionView)
        self.collectionView = collectionView
        let tiles = UICollectionView.CellRegistration<PhotoTileCell, Photo> { cell, _, photo in
            cell.hue = photo.hue
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, path, photo in
            collectionView.dequeueConfiguredReusableCell(using: tiles, for: path, item: photo)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Photo>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<Self.photoCount).map(Photo.init(number:)))
        dataSource.apply(snapshot, animatingDifferences: false)
        view.addSubview(overlay)
    }

    /// The overlay sizes itself to its text and keeps a frame, as in the other scenes: pinned by two
    /// constraints alone it had no size and never showed.
    override func viewWillLayoutSubviews() { overlay.place(in: view) }

    override var keyCommands: [UIKeyCommand]? { sceneCommands(for: self) }

    /// Selects photo number `number` and scrolls it into view (`Gallery --open scenehost-gallery://photos/N`).
    func select(photo number: Int) {
        guard (0..<Self.photoCount).contains(number) else { return }
        loadViewIfNeeded()
        collectionView.selectItem(at: IndexPath(item: number, section: 0), animated: false, scrollPosition: .centeredVertically)
    }

    /// The window a photo dragged out of the grid opens: its activity, the tile it grows from.
    func collectionView(_ collectionView: UICollectionView, sceneActivationConfigurationForItemAt indexPath: IndexPath,
                        point: CGPoint) -> UIWindowScene.ActivationConfiguration? {
        guard let photo = dataSource.itemIdentifier(for: indexPath) else { return nil }
        let configuration = UIWindowScene.ActivationConfiguration(userActivity: PhotoSceneDelegate.activity(for: photo))
        if let cell = collectionView.cellForItem(at: indexPath) { configuration.preview = UITargetedPreview(view: cell) }
        return configuration
    }

    /// A photo dragged: its name and a small PNG of its colour for other programs (the window it opens
    /// on the desktop comes from `sceneActivationConfigurationForItemAt`).
    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        guard let photo = dataSource.itemIdentifier(for: indexPath) else { return [] }
        let provider = NSItemProvider()
        provider.registerObject(PhotoSceneDelegate.title(of: photo), visibility: .all)
        let swatch = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64)).image { context in
            PhotoTileCell.color(hue: photo.hue, saturation: 0.45, brightness: 0.85).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        }
        provider.registerObject(swatch, visibility: .all)
        provider.suggestedName = PhotoSceneDelegate.title(of: photo)
        let item = UIDragItem(itemProvider: provider)
        item.localObject = photo
        return [item]
    }

    /// The photo a person selected (by click or the arrow keys).
    var selectedPhoto: Photo? {
        collectionView.indexPathsForSelectedItems?.first.flatMap { dataSource.itemIdentifier(for: $0) }
    }
}

/// A photo's tile: a solid colour; selected, it shows a ring in the tint colour.
final class PhotoTileCell: UICollectionViewCell {
    var hue: CGFloat = 0 { didSet { setNeedsUpdateConfiguration() } }

    override func updateConfiguration(using state: UICellConfigurationState) {
        super.updateConfiguration(using: state)
        var background = UIBackgroundConfiguration.clear()
        background.backgroundColor = Self.color(hue: hue, saturation: 0.45, brightness: state.traitCollection.userInterfaceStyle == .dark ? 0.55 : 0.85)
        background.cornerRadius = 4
        if state.isSelected || state.isFocused {
            background.strokeColor = .tintColor
            background.strokeWidth = 3
        }
        backgroundConfiguration = background
    }
}

extension PhotoTileCell {
    /// The colour of `hue` (0…1 around the wheel) at `saturation` and `brightness`.
    static func color(hue: CGFloat, saturation: CGFloat, brightness: CGFloat) -> UIColor {
        let sector = hue * 6, index = Int(sector) % 6, fraction = sector - CGFloat(Int(sector))
        let p = brightness * (1 - saturation), q = brightness * (1 - saturation * fraction), t = brightness * (1 - saturation * (1 - fraction))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(brightness, t, p), (q, brightness, p), (p, brightness, t),
                                                      (p, q, brightness), (t, p, brightness), (brightness, p, q)][index]
        return UIColor(red: r, green: g, blue: b, alpha: 1)
    }
}

/// Shows the Photos grid.
final class PhotosSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    static let activityType = "org.scenehost.gallery.photos"

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        windowScene.title = "Photos"
        windowScene.sizeRestrictions?.minimumSize = CGSize(width: 320, height: 320)
        let window = UIWindow(windowScene: windowScene)
        let photos = PhotosViewController()
        window.rootViewController = photos
        window.makeKeyAndVisible()
        // The grid takes the keyboard: the arrow keys move the selection.
        photos.collectionView.becomeFirstResponder()
        self.window = window
        windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = GalleryURL.preferring("photos")
        if case .photos(let photo?)? = connectionOptions.galleryURL { photos.select(photo: photo) }
    }

    /// A Photos URL handed over by a second launch: the photo it names is selected.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        if case .photos(let photo?)? = URLContexts.galleryURL { (window?.rootViewController as? PhotosViewController)?.select(photo: photo) }
    }

    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {
        (window?.rootViewController as? PhotosViewController)?.overlay.update(for: windowScene)
    }
}
