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
    /// The lifted preview's size in points (its view's part in its window, at the lift).
    public private(set) var previewSize: CGSize = .zero
    /// How much the lift has grown the preview: 1 as the lift begins, `UIDragInteraction.liftScale`
    /// once it has ended.
    public private(set) var liftFactor: CGFloat = 1
    /// Where the preview shows, in points in the screen's coordinates: under the pointer where it held
    /// the view, grown by the lift; once the drag has ended, where its cancel or drop animation has it.
    public var previewFrame: CGRect {
        if let landingFrame { return landingFrame }
        return CGRect(x: screenLocation.x - previewGrip.x * liftFactor, y: screenLocation.y - previewGrip.y * liftFactor,
                      width: previewSize.width * liftFactor, height: previewSize.height * liftFactor)
    }
    /// The preview's opacity (a fading cancel or drop takes it to 0).
    public private(set) var previewAlpha: CGFloat = 1
    /// Whether the preview still animates after the drag has ended (a cancel or drop animation): the
    /// host keeps showing it until `dragSessionPreviewDidLand`.
    public private(set) var isPreviewLanding = false
    private var landingFrame: CGRect?
    /// What was lifted: the default cancel and drop previews show its view.
    private var liftedPreview: UITargetedPreview?
    /// The drop target that performed the drop: told `concludeDrop` once the drop animation has ended.
    private var droppedOn: UIDropInteraction?
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
        previewSize = rect.size
        liftedPreview = preview
    }

    /// Shows `kind` at `progress` (0…1, eased) and has the host show the preview so.
    func showPreviewAnimation(_ kind: DragPreviewAnimator.Kind, progress: CGFloat) {
        switch kind {
        case .lift:
            liftFactor = 1 + (UIDragInteraction.liftScale - 1) * progress
        case let .landing(from, to, alpha):
            func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * progress }
            landingFrame = CGRect(x: mix(from.minX, to.minX), y: mix(from.minY, to.minY),
                                  width: mix(from.width, to.width), height: mix(from.height, to.height))
            previewAlpha = mix(1, alpha)
        }
        host?.dragSessionPreviewDidChange(self)
    }

    /// `kind` has ended: a landing preview goes (the host removes it) and the drop target concludes.
    func previewAnimationDidEnd(_ kind: DragPreviewAnimator.Kind) {
        guard case .landing = kind, isPreviewLanding else { return }
        isPreviewLanding = false
        if let droppedOn {
            self.droppedOn = nil
            droppedOn.delegate?.dropInteraction(droppedOn, concludeDrop: dropSession)
        }
        host?.dragSessionPreviewDidLand(self)
        previewImage = nil
    }

    /// Whether the drag's end can animate: a preview shows, in a scene still there.
    private var canAnimateLanding: Bool {
        previewImage != nil && previewSize.width >= 1 && liftedPreview != nil && sourceScene?.windows.isEmpty == false
    }

    /// The lifted preview at the lifted view's place now (the default cancel preview); at its place at
    /// the lift when it has left its window.
    private func previewAtSource() -> UITargetedDragPreview? {
        guard let lifted = liftedPreview else { return nil }
        let parameters = lifted.parameters as? UIDragPreviewParameters ?? UIDragPreviewParameters()
        if lifted.view.window != nil, lifted.view.superview != nil { return UITargetedDragPreview(view: lifted.view, parameters: parameters) }
        return UITargetedDragPreview(view: lifted.view, parameters: parameters, target: lifted.target)
    }

    /// The frame a landing ends at: `preview`'s place, or (nil) the preview where it is, scaled by
    /// `scale` about its centre.
    private func landingTarget(_ preview: UITargetedDragPreview?, fadingBy scale: CGFloat) -> (frame: CGRect, alpha: CGFloat) {
        if let frame = preview?.screenFrame() { return (frame, 1) }
        let now = previewFrame
        let size = CGSize(width: now.width * scale, height: now.height * scale)
        return (CGRect(x: now.midX - size.width / 2, y: now.midY - size.height / 2, width: size.width, height: size.height), 0)
    }

    /// Runs a landing animation to `target` over `duration`, `willAnimate` letting a delegate add to it.
    private func land(to target: (frame: CGRect, alpha: CGFloat), duration: TimeInterval, willAnimate: (DragPreviewAnimator) -> Void) {
        let animator = DragPreviewAnimator(.landing(from: previewFrame, to: target.frame, alpha: target.alpha), duration: duration, session: self)
        isPreviewLanding = true
        willAnimate(animator)
        animator.run(in: sourceScene)
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
    ///
    /// A cancelled drag's preview then flies to the source delegate's `previewForCancelling` (nil: it
    /// fades, growing a little, where it is); one dropped in the app goes to the target's
    /// `previewForDropping` (nil: it shrinks and fades), and the target concludes once it is there.
    /// The delegates' `willAnimate…` calls come before `didEndWith`; the animation runs on after it.
    public func finish(_ operation: UIDropOperation) {
        guard !isEnded else { return }
        isEnded = true
        endOperation = operation
        let cancelled = operation == .cancel || operation == .forbidden
        if cancelled { dropSession.exit() }
        let animates = canAnimateLanding
        if let interaction, let delegate = interaction.delegate {
            delegate.dragInteraction(interaction, session: self, willEndWith: operation)
            if cancelled, animates, let item = items.first, let source = previewAtSource() {
                let preview = delegate.dragInteraction(interaction, previewForCancelling: item, withDefault: source)
                land(to: landingTarget(preview, fadingBy: 1.1), duration: UIDragInteraction.cancelDuration) { animator in
                    delegate.dragInteraction(interaction, item: item, willAnimateCancelWith: animator)
                }
            }
            if operation == .copy || operation == .move { delegate.dragInteraction(interaction, sessionDidTransferItems: self) }
        }
        if !cancelled, let target = dropSession.performedTarget {
            if animates, let item = items.first, let lifted = previewAtSource(), let view = target.view {
                let here = UIPreviewTarget(container: view, center: dropSession.location(in: view))
                let preview = target.delegate?.dropInteraction(target, previewForDropping: item, withDefault: lifted.retargetedPreview(with: here))
                droppedOn = target
                land(to: landingTarget(preview, fadingBy: 0.5), duration: UIDragInteraction.dropDuration) { animator in
                    target.delegate?.dropInteraction(target, item: item, willAnimateDropWith: animator)
                }
            } else {
                dropSession.concludeLater()
            }
        }
        if let interaction, let delegate = interaction.delegate {
            delegate.dragInteraction(interaction, session: self, didEndWith: operation)
        }
        dropSession.end()
        interaction?.sessionDidEnd(self)
        host?.dragSessionDidEnd(self)
        if !isPreviewLanding { previewImage = nil }
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
        performedTarget = target
        target.delegate?.dropInteraction(target, performDrop: self)
        // A drag from this app concludes after its drop animation (DragSession.finish); one from
        // another program at the next turn.
        if local == nil { concludeLater() }
        return done
    }

    /// The interaction that performed the drop, if one did.
    public private(set) weak var performedTarget: UIDropInteraction?

    /// Has the target that performed the drop conclude it at the next turn.
    func concludeLater() {
        DispatchQueue.main.async { [weak target = performedTarget] in
            MainActor.assumeIsolated {
                guard let target else { return }
                target.delegate?.dropInteraction(target, concludeDrop: self)
            }
        }
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
    /// The drag ended (dropped or cancelled): the host forgets it, and hides its preview unless it
    /// still animates (`session.isPreviewLanding`).
    func dragSessionDidEnd(_ session: DragSession)
    /// The preview's frame or opacity changed (`previewFrame`, `previewAlpha`): an animation's frame.
    func dragSessionPreviewDidChange(_ session: DragSession)
    /// The cancel or drop animation has ended: the host removes the preview.
    func dragSessionPreviewDidLand(_ session: DragSession)
}
