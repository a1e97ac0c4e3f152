import Foundation
@_spi(Runtime) import SceneHostCore

/// Opens a new window for the content under a pinch-out, as UIKit's
/// `UIWindowSceneActivationInteraction`: when two fingers (a touchpad's pinch) spread its view past
/// `activationScale`, the provider gives a configuration for the pinch's location and the app asks
/// for a scene with its activity (`UIApplication.activateSceneSession(for:errorHandler:)`).
/// A nil configuration opens nothing; a refused request goes to `errorHandler`.
///
/// A drag of content carrying the same activity (`NSItemProvider.registerObject(_:visibility:)`)
/// onto the desktop opens the window the other way (see `UIDragInteraction`).
@MainActor
open class UIWindowSceneActivationInteraction: UIInteraction {
    /// The view the interaction was added to.
    public private(set) weak var view: UIView?
    /// How far a pinch spreads before the window opens (SceneHost's threshold: 1.5).
    public static var activationScale: CGFloat { UIWindowSceneActivationConfiguration.pinchScale }

    private let configurationProvider: (UIWindowSceneActivationInteraction, CGPoint) -> UIWindowSceneActivationConfiguration?
    private let errorHandler: ((any Error) -> Void)?
    private lazy var pinch: UIPinchGestureRecognizer = {
        let pinch = UIPinchGestureRecognizer()
        pinch.addTarget(self) { interaction in { recognizer in interaction.pinched(recognizer) } }
        return pinch
    }()
    /// Whether this pinch has opened its window already.
    private var opened = false

    /// An interaction asking `configurationProvider` for the window to open at a location (the view's
    /// coordinates).
    public init(configurationProvider: @escaping (UIWindowSceneActivationInteraction, CGPoint) -> UIWindowSceneActivationConfiguration?,
                errorHandler: ((any Error) -> Void)? = nil) {
        self.configurationProvider = configurationProvider
        self.errorHandler = errorHandler
    }

    public func willMove(to view: UIView?) { self.view?.removeGestureRecognizer(pinch) }
    public func didMove(to view: UIView?) {
        self.view = view
        view?.addGestureRecognizer(pinch)
    }

    private func pinched(_ recognizer: UIPinchGestureRecognizer) {
        switch recognizer.state {
        case .began: opened = false
        case .changed:
            guard !opened, recognizer.scale >= Self.activationScale, let view else { return }
            opened = true
            let location = recognizer.location(in: view)
            guard let configuration = configurationProvider(self, location) else { return }
            UIApplication.shared.runtime.activateScene(with: configuration, at: nil, requestedBy: view.window?.windowScene,
                                                       errorHandler: errorHandler)
        default: break
        }
    }
}

extension UIWindowScene {
    /// UIKit's Swift name for `UIWindowSceneActivationInteraction`.
    public typealias ActivationInteraction = UIWindowSceneActivationInteraction
}

extension SceneWindow: SceneActivationHost {
    func activateScene(with configuration: UIWindowSceneActivationConfiguration, at screenPoint: CGPoint?,
                       requestedBy scene: UIScene?, errorHandler: ((any Error) -> Void)?) {
        runtime.activateScene(with: configuration, at: screenPoint, requestedBy: scene, errorHandler: errorHandler)
    }
}
