import Cairo
import Foundation

/// What a drag and a drop have in common, as UIKit's `UIDragDropSession`.
@MainActor
public protocol UIDragDropSession: AnyObject {
    /// The items dragged.
    var items: [UIDragItem] { get }
    /// Where the drag is now, in `view`'s coordinates (across windows: through the screen).
    func location(in view: UIView) -> CGPoint
    /// Whether the source lets a drop move the items (rather than copy them).
    var allowsMoveOperation: Bool { get }
    /// Whether the drag stays inside the app (no other X11 program sees it).
    var isRestrictedToDraggingApplication: Bool { get }
    /// Whether some item offers a type conforming to one of `typeIdentifiers`.
    func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool
    /// Whether some item can make an object of `aClass`.
    func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool
}

/// A drag as its source sees it, as UIKit's `UIDragSession`.
@MainActor
public protocol UIDragSession: UIDragDropSession {
    /// The source's own value for the drag, given back to it (and to in-app drop targets).
    var localContext: Any? { get set }
}

/// A drag as a drop target sees it, as UIKit's `UIDropSession`.
@MainActor
public protocol UIDropSession: UIDragDropSession {
    /// The drag session when the drag comes from this app; nil for one from another X11 program.
    var localDragSession: (any UIDragSession)? { get }
    /// Whether a progress indicator shows while a drop's data loads (SceneHost shows none).
    var progressIndicatorStyle: UIDropSessionProgressIndicatorStyle { get set }
    /// Loads one `aClass` from each item that can make one and gives them, in item order, to
    /// `completion` on the main queue once all have loaded.
    func loadObjects<T: NSItemProviderReading>(ofClass aClass: T.Type, completion: @escaping @MainActor ([T]) -> Void) -> Progress
}

/// What a drop would do, with UIKit's raw values.
public enum UIDropOperation: UInt, Sendable {
    /// Nothing: the drop is not wanted here.
    case cancel = 0
    /// Not allowed here now (UIKit shows a forbidden badge).
    case forbidden = 1
    /// The data is copied.
    case copy = 2
    /// The data is moved: the source removes its own (allowed only within the app).
    case move = 3
}

/// Whether a drop shows a progress indicator, with UIKit's raw values.
public enum UIDropSessionProgressIndicatorStyle: UInt, Sendable {
    case none = 0
    case `default` = 1
}

/// A drop target's answer to where a drag is, as UIKit's `UIDropProposal`.
@MainActor
open class UIDropProposal {
    /// What a drop there would do.
    public let operation: UIDropOperation
    /// Whether the drop is precise (text insertion); kept, not used by SceneHost.
    open var isPrecise = false
    /// Whether the target view should be highlighted; kept, not used by SceneHost.
    open var prefersFullSizePreview = false
    public init(operation: UIDropOperation) { self.operation = operation }
}

extension UIDragDropSession {
    /// `screenPoint` (points, the screen's coordinates) in `view`'s coordinates.
    func convert(screenPoint: CGPoint, to view: UIView) -> CGPoint {
        guard let window = view.window else { return screenPoint }
        let origin = window.windowScene?.effectiveGeometry.systemFrame.origin ?? .zero
        let inWindow = window.convertFromSuperview(CGPoint(x: screenPoint.x - origin.x, y: screenPoint.y - origin.y))
        return view === window ? inWindow : view.convert(inWindow, from: window)
    }
}

/// Items' shared answers.
@MainActor
private func itemsConform(_ items: [UIDragItem], to typeIdentifiers: [String]) -> Bool {
    items.contains { item in typeIdentifiers.contains { item.itemProvider.hasItemConformingToTypeIdentifier($0) } }
}

/// A drag going on in this app: SceneHost's `UIDragSession`. Begun by a `UIDragInteraction`; the host
/// (the X11 runtime) follows it across windows and to other programs; offscreen, drops go to the
/// source's scene.
@_spi(Runtime)
@MainActor
public final class DragSession: UIDragSession {
    public private(set) var items: [UIDragItem]
    public var localContext: Any?
    public let allowsMoveOperation: Bool
    public let isRestrictedToDraggingApplication: Bool
    /// The interaction that began the drag.
    public private(set) weak var interaction: UIDragInteraction?
    /// The scene the drag began in.
    public private(set) weak var sourceScene: UIWindowScene?
    /// Where the drag is, in points in the screen's coordinates.
    public private(set) var screenLocation: CGPoint
    /// What in-app drop targets see of this drag.
    public private(set) lazy var dropSession = DropSession(items: items, allowsMoveOperation: allowsMoveOperation,
                                                           restricted: isRestrictedToDraggingApplication, local: self)
    /// The lifted preview's pixels (at `previewScale` pixels per point) and where the pointer holds it
    /// (points from its top-left corner); nil when there is nothing to show.
    public private(set) var previewImage: ImageSurface?
    public private(set) var previewScale: CGFloat = 1
    public private(set) var previewGrip: CGPoint = .zero
    /// The window a drop outside the app's windows opens, when the drag began on a collection view
    /// item whose delegate gave one (`sceneActivationConfigurationForItemAt`); without it, the first
    /// `NSUserActivity` the items carry opens one.
    public internal(set) var sceneActivationConfiguration: UIWindowSceneActivationConfiguration?
    /// Whether the drag has ended (dropped or cancelled).
    public private(set) var isEnded = false
    /// The operation it ended with.
    public private(set) var endOperation: UIDropOperation?

    init(items: [UIDragItem], interaction: UIDragInteraction, scene: UIWindowScene, screenLocation: CGPoint,
         allowsMove: Bool, restricted: Bool) {
        self.items = items
        self.interaction = interaction
        sourceScene = scene
        self.screenLocation = screenLocation
        allowsMoveOperation = allowsMove
        isRestrictedToDraggingApplication = restricted
    }

    public func location(in view: UIView) -> CGPoint { convert(screenPoint: screenLocation, to: view) }
    public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool { itemsConform(items, to: typeIdentifiers) }
    public func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
    }

    private var host: (any DragDropHost)? { sourceScene?.host as? any DragDropHost }

    /// Renders `preview` (its view's pixels where it shows in its window) for the host to show.
    func lift(_ preview: UITargetedPreview?, pointerInWindow: CGPoint) {
        guard let preview, let window = preview.view.window, let scene = window.windowScene else { return }
        let scale = max(1, scene.traitCollection.displayScale)
        let rect = preview.view.convert(preview.view.bounds, to: window).intersection(window.bounds)
        guard !rect.isNull, rect.width >= 1, rect.height >= 1 else { return }
        let width = Int((rect.width * scale).rounded(.up)), height = Int((rect.height * scale).rounded(.up))
        let image = ImageSurface(format: .argb32, width: width, height: height)
        let context = Context(surface: image)
        if let background = preview.parameters.backgroundColor?.components {
            context.setSource(red: background.red, green: background.green, blue: background.blue, alpha: background.alpha)
            context.paint()
        }
        // The window drawn whole, its part under the view kept: what the person sees there now.
        let whole = ImageSurface(format: .argb32, width: Int((window.bounds.width * scale).rounded(.up)),
                                 height: Int((window.bounds.height * scale).rounded(.up)))
        let wholeContext = Context(surface: whole)
        wholeContext.scale(Double(scale), Double(scale))
        ViewRenderer.render(windows: [window], in: wholeContext, damage: Damage(window.bounds), scale: scale)
        whole.flush()
        context.setSource(whole, x: -Double(rect.minX * scale), y: -Double(rect.minY * scale))
        context.paint()
        image.flush()
        previewImage = image
        previewScale = scale
        previewGrip = CGPoint(x: pointerInWindow.x - rect.minX, y: pointerInWindow.y - rect.minY)
    }

    /// The drag began moving: the host shows it.
    func begin() {
        host?.dragSessionDidBegin(self)
    }

    /// The pointer moved to `point` (the source scene's coordinates).
    func move(to point: CGPoint) {
        guard !isEnded, let scene = sourceScene else { return }
        let origin = scene.effectiveGeometry.systemFrame.origin
        screenLocation = CGPoint(x: origin.x + point.x, y: origin.y + point.y)
        if let interaction { interaction.delegate?.dragInteraction(interaction, sessionDidMove: self) }
        if let host { host.dragSessionDidMove(self) } else { _ = dropSession.update(in: scene, at: point) }
    }

    /// The button was released: the drop happens where the drag is.
    func release() {
        guard !isEnded else { return }
        if let host {
            host.dragSessionDidRelease(self)
        } else {
            finish(dropSession.perform())
        }
    }

    /// Ends the drag with `operation` (`.cancel` when nothing took it): the source's delegate hears
    /// `willEndWith` then `didEndWith`, in-app drop targets `sessionDidEnd`, the host removes the preview.
    public func finish(_ operation: UIDropOperation) {
        guard !isEnded else { return }
        isEnded = true
        endOperation = operation
        if operation == .cancel || operation == .forbidden { dropSession.exit() }
        if let interaction, let delegate = interaction.delegate {
            delegate.dragInteraction(interaction, session: self, willEndWith: operation)
            if operation == .copy || operation == .move { delegate.dragInteraction(interaction, sessionDidTransferItems: self) }
            delegate.dragInteraction(interaction, session: self, didEndWith: operation)
        }
        dropSession.end()
        interaction?.sessionDidEnd(self)
        host?.dragSessionDidEnd(self)
        previewImage = nil
    }
}

/// A drag as drop targets see it: SceneHost's `UIDropSession`, for a drag from this app (its
/// `localDragSession`) or from another X11 program (made by the runtime from what XDND offers).
/// It routes the drag to the `UIDropInteraction` under it and remembers which ones it entered.
@_spi(Runtime)
@MainActor
public final class DropSession: UIDropSession {
    public internal(set) var items: [UIDragItem]
    public let allowsMoveOperation: Bool
    public let isRestrictedToDraggingApplication: Bool
    public private(set) weak var local: DragSession?
    public var localDragSession: (any UIDragSession)? { local }
    public var progressIndicatorStyle = UIDropSessionProgressIndicatorStyle.default
    /// Where the drag is, in points in the screen's coordinates.
    public private(set) var screenLocation: CGPoint = .zero
    /// The scene the drag is over, while it is over one of the app's.
    public private(set) weak var targetScene: UIWindowScene?
    /// The interaction that took the drag, and its last proposal.
    public private(set) weak var target: UIDropInteraction?
    public private(set) var operation = UIDropOperation.cancel
    /// Interactions that heard `sessionDidEnter`, told `sessionDidEnd` at the end.
    private var entered: [Weak] = []
    private struct Weak { weak var interaction: UIDropInteraction? }
    /// Each interaction's `canHandle` answer, asked once per session as in UIKit.
    private var canHandle: [ObjectIdentifier: Bool] = [:]
    private var ended = false

    init(items: [UIDragItem], allowsMoveOperation: Bool, restricted: Bool, local: DragSession?) {
        self.items = items
        self.allowsMoveOperation = allowsMoveOperation
        isRestrictedToDraggingApplication = restricted
        self.local = local
    }

    /// A drop session for a drag from another program, of `items`.
    public convenience init(externalItems items: [UIDragItem]) {
        self.init(items: items, allowsMoveOperation: false, restricted: false, local: nil)
    }

    public func location(in view: UIView) -> CGPoint { convert(screenPoint: screenLocation, to: view) }
    public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool { itemsConform(items, to: typeIdentifiers) }
    public func canLoadObjects(ofClass aClass: any NSItemProviderReading.Type) -> Bool {
        items.contains { $0.itemProvider.canLoadObject(ofClass: aClass) }
    }

    public func loadObjects<T: NSItemProviderReading>(ofClass aClass: T.Type, completion: @escaping @MainActor ([T]) -> Void) -> Progress {
        let loading = items.filter { $0.itemProvider.canLoadObject(ofClass: aClass) }
        let progress = Progress(totalUnitCount: Int64(loading.count))
        var results = [T?](repeating: nil, count: loading.count), remaining = loading.count
        guard remaining > 0 else {
            DispatchQueue.main.async { MainActor.assumeIsolated { completion([]) } }
            return progress
        }
        for (index, item) in loading.enumerated() {
            item.itemProvider.loadObject(ofClass: aClass) { object, _ in
                results[index] = object
                remaining -= 1
                progress.completedUnitCount += 1
                if remaining == 0 { completion(results.compactMap { $0 }) }
            }
        }
        return progress
    }

    /// Replaces the items (a drop from another program whose file list is known only at the drop).
    public func replaceItems(_ newItems: [UIDragItem]) { items = newItems }

    /// The drag is over `scene` at `point` (its coordinates), or over none of the app's scenes (nil):
    /// the drop interaction under it hears enter, update or exit; returns the operation a drop there
    /// would do.
    public func update(in scene: UIWindowScene?, at point: CGPoint) -> UIDropOperation {
        if scene !== targetScene { exit() }
        guard let scene else { return .cancel }
        targetScene = scene
        let origin = scene.effectiveGeometry.systemFrame.origin
        screenLocation = CGPoint(x: origin.x + point.x, y: origin.y + point.y)
        let found = interaction(at: point, in: scene)
        if found !== target {
            if let target { target.delegate?.dropInteraction(target, sessionDidExit: self) }
            target = found
            if let found {
                if !entered.contains(where: { $0.interaction === found }) { entered.append(Weak(interaction: found)) }
                found.delegate?.dropInteraction(found, sessionDidEnter: self)
            }
        }
        guard let target else {
            operation = .cancel
            return .cancel
        }
        var proposed = target.delegate?.dropInteraction(target, sessionDidUpdate: self).operation ?? .cancel
        // A move is offered only where the source allows it; it is a copy elsewhere.
        if proposed == .move, !allowsMoveOperation { proposed = .copy }
        operation = proposed
        return proposed
    }

    /// The innermost enabled drop interaction under `point` whose delegate can handle the session.
    private func interaction(at point: CGPoint, in scene: UIWindowScene) -> UIDropInteraction? {
        for window in scene.windows.reversed() where !window.isHidden {
            guard let hit = window.hitTest(window.convertFromSuperview(point), with: nil) else { continue }
            for (_, candidate) in hit.interactionsUpward(UIDropInteraction.self) {
                let key = ObjectIdentifier(candidate)
                let answer = canHandle[key] ?? (candidate.delegate?.dropInteraction(candidate, canHandle: self) ?? false)
                canHandle[key] = answer
                if answer { return candidate }
            }
            return nil
        }
        return nil
    }

    /// The drag left the app's scenes (or the one it was over): the target hears `sessionDidExit`.
    public func exit() {
        if let target { target.delegate?.dropInteraction(target, sessionDidExit: self) }
        target = nil
        targetScene = nil
        operation = .cancel
    }

    /// Drops here: the target performs the drop if it proposed a copy or move (then, at the next turn,
    /// concludes it); returns the operation done (`.cancel` when none).
    public func perform() -> UIDropOperation {
        guard let target, operation == .copy || operation == .move else {
            exit()
            return .cancel
        }
        let done = operation
        target.delegate?.dropInteraction(target, performDrop: self)
        DispatchQueue.main.async { [weak target] in
            MainActor.assumeIsolated {
                guard let target else { return }
                target.delegate?.dropInteraction(target, concludeDrop: self)
            }
        }
        return done
    }

    /// The drag is over: each interaction it entered hears `sessionDidEnd` (once).
    public func end() {
        guard !ended else { return }
        ended = true
        let told = entered
        entered = []
        for entry in told {
            guard let interaction = entry.interaction else { continue }
            interaction.delegate?.dropInteraction(interaction, sessionDidEnd: self)
        }
    }
}

/// The host of a scene in which a drag begins (the X11 runtime): it shows the lifted preview, follows
/// the drag across the app's windows and to other programs, and drops it.
@_spi(Runtime)
@MainActor
public protocol DragDropHost: AnyObject {
    /// A drag began in the host's scene.
    func dragSessionDidBegin(_ session: DragSession)
    /// The drag moved (`session.screenLocation`).
    func dragSessionDidMove(_ session: DragSession)
    /// The button was released: the host drops the drag and calls `session.finish(_:)`, now or later.
    func dragSessionDidRelease(_ session: DragSession)
    /// The drag ended (dropped or cancelled): the host hides its preview and forgets it.
    func dragSessionDidEnd(_ session: DragSession)
}
