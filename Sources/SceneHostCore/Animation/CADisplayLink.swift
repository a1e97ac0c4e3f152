import Foundation

/// A range of frame rates a display link prefers, as Core Animation's `CAFrameRateRange`.
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float, maximum: Float, preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        (self.minimum, self.maximum, self.preferred) = (minimum, maximum, preferred)
    }
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0)
}

/// Calls its handler once per frame of the display, as Core Animation's `CADisplayLink`: at the
/// display's refresh rate (RandR's, 60 Hz when the server does not say), or a whole fraction of it when
/// `preferredFramesPerSecond` asks for less. The loop wakes for it only while one is added and not
/// paused: idle, nothing runs.
///
/// Differences from UIKit: it takes a closure instead of a target and selector; the run loop and mode
/// given to `add(to:forMode:)` are ignored (SceneHost has one loop). As in UIKit, the loop holds an
/// added link (and so its handler) until `invalidate()`.
@MainActor
public final class CADisplayLink {
    private let handler: (CADisplayLink) -> Void

    public init(handler: @escaping (CADisplayLink) -> Void) { self.handler = handler }

    /// When the frame being prepared was due, and when the next one is (`CACurrentMediaTime()` seconds).
    public private(set) var timestamp: CFTimeInterval = 0
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames of the display.
    public private(set) var duration: CFTimeInterval = 0
    public var isPaused = false
    /// 0: the display's rate.
    public var preferredFramesPerSecond = 0
    public var preferredFrameRateRange = CAFrameRateRange.default

    /// Starts calling the handler at every frame.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !Self.links.contains(where: { $0 === self }) else { return }
        Self.links.append(self)
    }

    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops it for good and lets it (and its handler) go.
    public func invalidate() { Self.links.removeAll { $0 === self } }

    private var lastFired: CFTimeInterval = -1

    // MARK: The loop's side

    private static var links: [CADisplayLink] = []

    /// Whether a link wants frames.
    @_spi(Runtime) public static var isRunning: Bool { links.contains { !$0.isPaused } }

    /// Runs the handlers of the links due at a frame of the display at `time`, `period` seconds apart.
    @_spi(Runtime) public static func fire(at time: CFTimeInterval, period: CFTimeInterval) {
        for link in links where !link.isPaused {
            let wanted = Double(link.preferredFramesPerSecond > 0 ? link.preferredFramesPerSecond : Int(link.preferredFrameRateRange.preferred ?? 0))
            // A lower rate takes every n-th frame of the display.
            let every = wanted > 0 ? max(1, (1 / period / wanted).rounded()) : 1
            guard link.lastFired < 0 || time - link.lastFired >= every * period - period / 2 else { continue }
            link.lastFired = time
            link.timestamp = time
            link.duration = period
            link.targetTimestamp = time + every * period
            link.handler(link)
        }
    }
}
