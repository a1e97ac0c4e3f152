import Foundation

/// Whether a person may close or minimize a scene's window, as UIKit's `UISceneWindowingBehaviors`
/// (`UIWindowScene.windowingBehaviors`, documented by UIKit for Mac Catalyst).
///
/// SceneHost writes them, with whether the window may be resized, to the window's `_MOTIF_WM_HINTS`
/// functions, which window managers read to build `_NET_WM_ALLOWED_ACTIONS` and their title-bar buttons;
/// what each manager honours differs (docs/ARCHITECTURE.md, "Window behaviours"): openbox 3.6 honours the
/// resize and move bits only. So SceneHost enforces both itself: a close request (the title bar's
/// button, `WM_DELETE_WINDOW`) of a scene that is not closable is refused, and a window that is not
/// miniaturizable and was iconified comes straight back.
@MainActor
open class UISceneWindowingBehaviors {
    /// Whether the window may be closed by the person (default true). The app may still close it with
    /// `requestSceneSessionDestruction`.
    open var isClosable = true { didSet { if isClosable != oldValue { onChange?() } } }
    /// Whether the window may be minimized (iconified) (default true).
    open var isMiniaturizable = true { didSet { if isMiniaturizable != oldValue { onChange?() } } }

    /// Called after a change; the runtime rewrites the window's hints.
    var onChange: (() -> Void)?

    init() {}
}
