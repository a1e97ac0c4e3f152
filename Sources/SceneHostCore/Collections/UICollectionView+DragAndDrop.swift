import Foundation

/// Gives the items to drag from a collection view, as UIKit's `UICollectionViewDragDelegate`. Only
/// `itemsForBeginning` is required.
@MainActor
public protocol UICollectionViewDragDelegate: AnyObject {
    /// The items to drag from the item at `indexPath`; none begins no drag.
    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession, at indexPath: IndexPath) -> [UIDragItem]
    /// How the lifted cell is drawn; nil is the cell as it is.
    func collectionView(_ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters?
    /// The drag is about to move.
    func collectionView(_ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession)
    /// The drag ended.
    func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession)
    /// Whether a drop may move the items; true by default.
    func collectionView(_ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool
    /// Whether the drag stays in this app; false by default.
    func collectionView(_ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool
}

extension UICollectionViewDragDelegate {
    public func collectionView(_ collectionView: UICollectionView, dragPreviewParametersForItemAt indexPath: IndexPath) -> UIDragPreviewParameters? { nil }
    public func collectionView(_ collectionView: UICollectionView, dragSessionWillBegin session: any UIDragSession) {}
    public func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession) {}
    public func collectionView(_ collectionView: UICollectionView, dragSessionAllowsMoveOperation session: any UIDragSession) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, dragSessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool { false }
}

/// What a drop on a collection view would do to its items, with UIKit's raw values.
public enum UICollectionViewDropIntent: Int, Sendable {
    case unspecified = 0
    case insertAtDestinationIndexPath = 1
    case insertIntoDestinationIndexPath = 2
}

/// A collection view drop target's answer, as UIKit's `UICollectionViewDropProposal`.
@MainActor
open class UICollectionViewDropProposal: UIDropProposal {
    /// Where the drop would go among the items.
    public let intent: UICollectionViewDropIntent
    public init(operation: UIDropOperation, intent: UICollectionViewDropIntent) {
        self.intent = intent
        super.init(operation: operation)
    }
    public override init(operation: UIDropOperation) {
        intent = .unspecified
        super.init(operation: operation)
    }
}

/// One dropped item, as UIKit's `UICollectionViewDropItem`.
@MainActor
public protocol UICollectionViewDropItem: AnyObject {
    var dragItem: UIDragItem { get }
    /// Where the item came from when dragged from this collection view; nil otherwise.
    var sourceIndexPath: IndexPath? { get }
    /// The size of the item's preview.
    var previewSize: CGSize { get }
}

/// What a collection view's drop delegate performs a drop with, as UIKit's
/// `UICollectionViewDropCoordinator`. SceneHost does not animate items into place: `drop(_:to…)`
/// calls are not offered.
@MainActor
public protocol UICollectionViewDropCoordinator: AnyObject {
    var items: [any UICollectionViewDropItem] { get }
    /// The item under the drop; nil over empty space.
    var destinationIndexPath: IndexPath? { get }
    var proposal: UICollectionViewDropProposal { get }
    var session: any UIDropSession { get }
}

/// Takes drops on a collection view, as UIKit's `UICollectionViewDropDelegate`. Only
/// `performDropWith` is required.
@MainActor
public protocol UICollectionViewDropDelegate: AnyObject {
    /// The drop happened with a copy or move proposed: insert the items (`coordinator.session.loadObjects`).
    func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator)
    /// Whether the collection view takes this drag at all; true by default.
    func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool
    /// What a drop over `destinationIndexPath` (nil: empty space) would do; `.cancel` by default.
    func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal
    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: any UIDropSession)
    func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: any UIDropSession)
    func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession)
}

extension UICollectionViewDropDelegate {
    public func collectionView(_ collectionView: UICollectionView, canHandle session: any UIDropSession) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                               withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        UICollectionViewDropProposal(operation: .cancel)
    }
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnter session: any UIDropSession) {}
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidExit session: any UIDropSession) {}
    public func collectionView(_ collectionView: UICollectionView, dropSessionDidEnd session: any UIDropSession) {}
}

extension UICollectionView {
    /// Gives the items to drag (held weakly, as in UIKit); setting it adds a `UIDragInteraction` to the
    /// collection view.
    public var dragDelegate: (any UICollectionViewDragDelegate)? {
        get { dragSupport?.delegate }
        set {
            if newValue != nil { installDragSupport() }
            dragSupport?.delegate = newValue
        }
    }

    /// Adds the drag interaction once there is something to drag: items from a drag delegate, or a
    /// window to open from `UICollectionViewDelegate`'s `sceneActivationConfigurationForItemAt`.
    /// (Swift cannot tell whether a delegate implements that method, so any collection view delegate
    /// adds it; the interaction does nothing until one of them answers.)
    func installDragSupportIfNeeded() {
        if delegate is any UICollectionViewDelegate { installDragSupport() }
    }

    private func installDragSupport() {
        guard dragSupport == nil else { return }
        let support = CollectionViewDragSupport(collectionView: self)
        dragSupport = support
        addInteraction(support.interaction)
        addGestureRecognizer(support.pinch)
    }

    /// Takes drops (held weakly, as in UIKit); setting it adds a `UIDropInteraction` to the collection view.
    public var dropDelegate: (any UICollectionViewDropDelegate)? {
        get { dropSupport?.delegate }
        set {
            if let support = dropSupport { removeInteraction(support.interaction) }
            dropSupport = newValue.map { CollectionViewDropSupport(delegate: $0, collectionView: self) }
            if let support = dropSupport { addInteraction(support.interaction) }
        }
    }

    /// Whether items can be dragged; true by default, as on iPad. (Set it after `dragDelegate` or
    /// `delegate`: a collection view without either has nothing to drag.)
    public var dragInteractionEnabled: Bool {
        get { dragSupport?.interaction.isEnabled ?? true }
        set { dragSupport?.interaction.isEnabled = newValue }
    }

    /// Whether a drag from the collection view is going on.
    public var hasActiveDrag: Bool { dragSupport?.interaction.session != nil }
    /// Whether a drag is over the collection view.
    public var hasActiveDrop: Bool { dropSupport?.isActive ?? false }
}

/// Turns a drag interaction's questions into the collection view drag delegate's, by index path, and
/// makes the drag that opens a window from the collection view delegate's activation configuration.
@MainActor
final class CollectionViewDragSupport: UIDragInteractionDelegate {
    weak var delegate: (any UICollectionViewDragDelegate)?
    unowned let collectionView: UICollectionView
    private(set) lazy var interaction = UIDragInteraction(delegate: self)
    /// The item the drag began on.
    private(set) var sourceIndexPath: IndexPath?

    /// Opens an item's window when a pinch spreads over it (`sceneActivationConfigurationForItemAt`).
    private(set) lazy var pinch: ItemActivationPinchGestureRecognizer = {
        let pinch = ItemActivationPinchGestureRecognizer()
        pinch.support = self
        return pinch
    }()

    init(collectionView: UICollectionView) {
        self.collectionView = collectionView
    }

    /// The window the collection view's delegate gives for the item under `point` (the collection
    /// view's coordinates), if any.
    func activationConfiguration(at point: CGPoint) -> UIWindowSceneActivationConfiguration? {
        guard let indexPath = collectionView.indexPathForItem(at: point) else { return nil }
        return (collectionView.delegate as? any UICollectionViewDelegate)?
            .collectionView(collectionView, sceneActivationConfigurationForItemAt: indexPath, point: point)
    }

    /// The drag delegate's items for the item under the press; then, if the collection view's delegate
    /// gives a window to open for it, the session carries that configuration (the runtime opens it
    /// where the drag is dropped outside the app's windows, as `UIWindowSceneActivationInteraction`
    /// opens one) and, without items of the drag delegate's, one item holding its activity.
    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: any UIDragSession) -> [UIDragItem] {
        let point = session.location(in: collectionView)
        guard let indexPath = collectionView.indexPathForItem(at: point) else { return [] }
        var items = delegate?.collectionView(collectionView, itemsForBeginning: session, at: indexPath) ?? []
        if let activation = (collectionView.delegate as? any UICollectionViewDelegate)?
            .collectionView(collectionView, sceneActivationConfigurationForItemAt: indexPath, point: point) {
            (session as? DragSession)?.sceneActivationConfiguration = activation
            if items.isEmpty { items = [UIDragItem(itemProvider: NSItemProvider(object: activation.userActivity))] }
        }
        if !items.isEmpty { sourceIndexPath = indexPath }
        return items
    }

    func dragInteraction(_ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: any UIDragSession) -> UITargetedDragPreview? {
        guard let indexPath = sourceIndexPath, let cell = collectionView.cellForItem(at: indexPath) else { return nil }
        let parameters = delegate?.collectionView(collectionView, dragPreviewParametersForItemAt: indexPath) ?? UIDragPreviewParameters()
        return UITargetedDragPreview(view: cell, parameters: parameters)
    }

    /// As UIKit's collection views do, a cancelled drag flies back to its item's cell (where it is now);
    /// with the cell scrolled away, it fades.
    func dragInteraction(_ interaction: UIDragInteraction, previewForCancelling item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? {
        guard let indexPath = sourceIndexPath, let cell = collectionView.cellForItem(at: indexPath), cell.window != nil else { return nil }
        return UITargetedDragPreview(view: cell, parameters: defaultPreview.parameters as? UIDragPreviewParameters ?? UIDragPreviewParameters())
    }

    func dragInteraction(_ interaction: UIDragInteraction, sessionWillBegin session: any UIDragSession) {
        delegate?.collectionView(collectionView, dragSessionWillBegin: session)
    }

    func dragInteraction(_ interaction: UIDragInteraction, sessionAllowsMoveOperation session: any UIDragSession) -> Bool {
        delegate?.collectionView(collectionView, dragSessionAllowsMoveOperation: session) ?? true
    }

    func dragInteraction(_ interaction: UIDragInteraction, sessionIsRestrictedToDraggingApplication session: any UIDragSession) -> Bool {
        delegate?.collectionView(collectionView, dragSessionIsRestrictedToDraggingApplication: session) ?? false
    }

    func dragInteraction(_ interaction: UIDragInteraction, session: any UIDragSession, didEndWith operation: UIDropOperation) {
        delegate?.collectionView(collectionView, dragSessionDidEnd: session)
        sourceIndexPath = nil
    }

    /// Where a dragged item came from, when the drag began in this collection view.
    func sourceIndexPath(of item: UIDragItem, in session: any UIDropSession) -> IndexPath? {
        guard let local = session.localDragSession, local === interaction.session, local.items.first === item else { return nil }
        return sourceIndexPath
    }
}

/// A pinch out over a collection view item opens its window, as UIKit's pinch over a cell does: the
/// pinch is taken only where the delegate gives a configuration for the item under it (asked as the
/// pinch begins; nil leaves the pinch to others), and the window opens once it spreads past
/// `UIWindowSceneActivationConfiguration.pinchScale`, through the scene's host (the runtime's one path).
@MainActor
final class ItemActivationPinchGestureRecognizer: UIPinchGestureRecognizer {
    weak var support: CollectionViewDragSupport?
    private var configuration: UIWindowSceneActivationConfiguration?

    override func pinchBegan(at location: CGPoint, in window: UIWindow, time: TimeInterval) -> Bool {
        guard let support else { return false }
        let collectionView = support.collectionView
        let point = collectionView.convert(location, from: window)
        guard let configuration = support.activationConfiguration(at: point),
              super.pinchBegan(at: location, in: window, time: time) else { return false }
        self.configuration = configuration
        return true
    }

    override func pinchChanged(to deviceScale: CGFloat, at location: CGPoint, time: TimeInterval) {
        super.pinchChanged(to: deviceScale, at: location, time: time)
        guard scale >= UIWindowSceneActivationConfiguration.pinchScale, let configuration,
              let scene = support?.collectionView.window?.windowScene else { return }
        // Once per pinch.
        self.configuration = nil
        (scene.host as? any SceneActivationHost)?.activateScene(with: configuration, at: nil, requestedBy: scene, errorHandler: nil)
    }

    override func reset() {
        super.reset()
        configuration = nil
    }
}

/// Turns a drop interaction's questions into the collection view drop delegate's, by index path.
@MainActor
final class CollectionViewDropSupport: UIDropInteractionDelegate {
    weak var delegate: (any UICollectionViewDropDelegate)?
    unowned let collectionView: UICollectionView
    private(set) lazy var interaction = UIDropInteraction(delegate: self)
    private(set) var isActive = false
    private var proposal = UICollectionViewDropProposal(operation: .cancel)
    private var destination: IndexPath?

    init(delegate: any UICollectionViewDropDelegate, collectionView: UICollectionView) {
        self.delegate = delegate
        self.collectionView = collectionView
    }

    func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession) -> Bool {
        delegate?.collectionView(collectionView, canHandle: session) ?? false
    }

    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession) {
        isActive = true
        delegate?.collectionView(collectionView, dropSessionDidEnter: session)
    }

    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
        destination = collectionView.indexPathForItem(at: session.location(in: collectionView))
        proposal = delegate?.collectionView(collectionView, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
            ?? UICollectionViewDropProposal(operation: .cancel)
        return proposal
    }

    func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession) {
        isActive = false
        delegate?.collectionView(collectionView, dropSessionDidExit: session)
    }

    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {
        let source = collectionView.dragSupport
        let items = session.items.map { item in
            DropItem(dragItem: item, sourceIndexPath: source?.sourceIndexPath(of: item, in: session),
                     previewSize: collectionView.cellForItem(at: destination ?? IndexPath(item: 0, section: 0))?.bounds.size ?? .zero)
        }
        delegate?.collectionView(collectionView, performDropWith: DropCoordinator(items: items, destinationIndexPath: destination,
                                                                                  proposal: proposal, session: session))
    }

    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) {
        isActive = false
        delegate?.collectionView(collectionView, dropSessionDidEnd: session)
    }

    final class DropItem: UICollectionViewDropItem {
        let dragItem: UIDragItem
        let sourceIndexPath: IndexPath?
        let previewSize: CGSize
        init(dragItem: UIDragItem, sourceIndexPath: IndexPath?, previewSize: CGSize) {
            self.dragItem = dragItem
            self.sourceIndexPath = sourceIndexPath
            self.previewSize = previewSize
        }
    }

    final class DropCoordinator: UICollectionViewDropCoordinator {
        let items: [any UICollectionViewDropItem]
        let destinationIndexPath: IndexPath?
        let proposal: UICollectionViewDropProposal
        let session: any UIDropSession
        init(items: [any UICollectionViewDropItem], destinationIndexPath: IndexPath?, proposal: UICollectionViewDropProposal, session: any UIDropSession) {
            self.items = items
            self.destinationIndexPath = destinationIndexPath
            self.proposal = proposal
            self.session = session
        }
    }
}
