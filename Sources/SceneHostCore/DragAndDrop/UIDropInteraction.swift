import Foundation

/// Answers a drop interaction: which drags it takes and what a drop does, as UIKit's
/// `UIDropInteractionDelegate`. All methods are optional; without `sessionDidUpdate` the proposal is
/// `.cancel` (no drop), as in UIKit.
@MainActor
public protocol UIDropInteractionDelegate: AnyObject {
    /// Whether the interaction wants this drag at all (asked once per session); true by default.
    func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession) -> Bool
    /// The drag came over the interaction's view.
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession)
    /// The drag moved over the view: what a drop here would do.
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal
    /// The drag left the view (or the drop was cancelled).
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession)
    /// The person dropped here with a copy or move proposed: load the items (`session.loadObjects`).
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession)
    /// The preview a drop from this app animates to (`defaultPreview`, the default: the lifted
    /// preview at its natural size where it was dropped), asked once, for the first item; nil shrinks
    /// and fades it where it is.
    func dropInteraction(_ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview?
    /// The drop animation is about to run (`UIDragInteraction.dropDuration`): `animator` takes changes
    /// to animate alongside and completions.
    func dropInteraction(_ interaction: UIDropInteraction, item: UIDragItem, willAnimateDropWith animator: any UIDragAnimating)
    /// After the drop (once its animation has ended; for a drag from another program, at the next
    /// turn): update the view for its new content.
    func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession)
    /// The drag is over, wherever it ended (for every interaction it entered).
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession)
}

extension UIDropInteractionDelegate {
    public func dropInteraction(_ interaction: UIDropInteraction, canHandle session: any UIDropSession) -> Bool { true }
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: any UIDropSession) {}
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: any UIDropSession) -> UIDropProposal {
        UIDropProposal(operation: .cancel)
    }
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: any UIDropSession) {}
    public func dropInteraction(_ interaction: UIDropInteraction, performDrop session: any UIDropSession) {}
    public func dropInteraction(_ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
                                withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? { defaultPreview }
    public func dropInteraction(_ interaction: UIDropInteraction, item: UIDragItem, willAnimateDropWith animator: any UIDragAnimating) {}
    public func dropInteraction(_ interaction: UIDropInteraction, concludeDrop session: any UIDropSession) {}
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: any UIDropSession) {}
}

/// Makes its view a drop target, as UIKit's `UIDropInteraction`: drags from any of the app's windows,
/// and from other X11 programs (text, files and PNG images by XDND), reach its delegate. The innermost
/// view under the drag with an interaction whose delegate can handle the session takes it.
@MainActor
open class UIDropInteraction: UIInteraction {
    /// The delegate, held weakly as in UIKit.
    public private(set) weak var delegate: (any UIDropInteractionDelegate)?
    /// The view the interaction was added to.
    public private(set) weak var view: UIView?
    /// Whether the drop may target this interaction while another app is in front; kept (X11 has no such limit).
    open var allowsSimultaneousDropSessions = false

    /// An interaction asking `delegate` (held weakly) about drops.
    public init(delegate: any UIDropInteractionDelegate) { self.delegate = delegate }

    public func willMove(to view: UIView?) {}
    public func didMove(to view: UIView?) { self.view = view }
}
