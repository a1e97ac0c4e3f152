import Cairo
import Foundation
@_spi(Runtime) import SceneHostCore
import X11

/// Puts one scene window's frames on screen: composites the damage into a back buffer (MIT-SHM where
/// the server shares memory), sends only the damaged pixels, puts back what the X server lost (Expose),
/// and answers the window manager's `_NET_WM_SYNC_REQUEST` once the frame at the new size is sent.
@MainActor
final class WindowPresenter {
    private let display: Display
    private let window: Window
    /// The window's sync counter; nil when the window manager (or `SCENEHOST_NO_XSYNC=1`) does without.
    let syncCounter: SyncCounter?

    private var buffer: ImageBuffer?
    /// The back buffer's capacity in pixels (what its memory holds), nil before the first frame: traced
    /// with each frame.
    var bufferCapacity: (width: Int, height: Int)? { buffer.map { ($0.capacityWidth, $0.capacityHeight) } }
    private var surface: ImageSurface?
    private var context: Context?
    /// Set while back buffers cannot be made: the warning is given once per run of failures.
    private var bufferFailed = false
    /// Pixels lost by the X server (exposed) that the back buffer still holds.
    private var exposed: CGRect = .null
    /// Where the back buffer's pixels are older than the window's: the server moved pixels there
    /// (a scroll's copy) and the buffer did not. Composited anew before they are sent.
    private var staleInBuffer = Damage()
    /// What the last frame put in the window (pixels), and the number of its first request: an Expose
    /// the server made before it handled them (the event's serial is lower) asks for pixels already sent
    /// when they lie within. A drag's new strip is exposed as the window manager resizes the window and
    /// is in the frame drawn for that size.
    private var lastPresent: (rects: [CGRect], firstRequest: UInt)?
    /// The window manager's newest sync request, until a frame acknowledges it.
    private var pendingSync: (serial: Int64, received: Double)?
    /// Whether the configure that follows the pending sync request has arrived: the acknowledgement
    /// belongs to the frame drawn at that configure's size.
    private(set) var syncConfigured = false

    /// Joins the window manager's sync protocol when the server and the window manager have it.
    init(window: TopLevelWindow, display: Display) {
        self.display = display
        self.window = window.id
        if EnvironmentVariables().flag("SCENEHOST_NO_XSYNC") != true, display.hasSyncExtension,
           display.windowManagerSupports("_NET_WM_SYNC_REQUEST") {
            let counter = SyncCounter(display: display)
            window.enableSyncRequests(counter: counter)
            syncCounter = counter
        } else {
            syncCounter = nil
        }
    }

    /// Frees the back buffer and the sync counter (the window is closing).
    func close() {
        syncCounter?.destroy()
        dropBuffer()
    }

    /// Forgets the back buffer: its pixels are at a scale no longer shown.
    func dropBuffer() {
        context = nil
        surface = nil
        buffer = nil
    }

    // MARK: Events

    /// Takes MIT-SHM's completion event for the back buffer; returns whether `event` was one.
    func handle(_ event: Event) -> Bool { buffer?.handle(event) ?? false }

    /// The window manager asks for `serial` once the frame at its next configure's size is shown.
    func syncRequested(_ serial: Int64) {
        guard syncCounter != nil else { return }
        pendingSync = (serial, monotonicSeconds())
        syncConfigured = false
    }

    /// A configure arrived: a pending sync request is acknowledged by the frame drawn at its size.
    func windowConfigured() {
        if pendingSync != nil { syncConfigured = true }
    }

    /// The server lost `rect` (pixels) of the window; returns whether it must be put again (it was not
    /// already on its way in the last frame).
    func expose(_ rect: CGRect, serial: UInt) -> Bool {
        if let lastPresent, serial < lastPresent.firstRequest, lastPresent.rects.contains(where: { $0.contains(rect) }) { return false }
        exposed = exposed.union(rect)
        return true
    }

    // MARK: Presenting

    /// What one frame sent.
    struct Presented {
        /// The pixels composited anew (all of them when the buffer was new; none without a buffer).
        var damage: Damage
        /// The sync request the frame acknowledged, if any.
        var acknowledged: (serial: Int64, received: Double)?
        /// When compositing ended and when the pixels were sent (`monotonicSeconds`).
        var composited: Double
        var sent: Double
        /// Whether any pixels were put in the window (drawn anew, or put back where the server lost them).
        var put = false
    }

    /// Composites `damage` (pixels, with its moves) of a `size`-pixel window through `render` (which
    /// draws damage in points into the context), sends what changed and what the server lost, then
    /// sets the sync counter when the frame acknowledges a request. `interactive`: a person is dragging
    /// the window's edge. `name` names the scene in a warning.
    func present(_ damage: Damage, size: (width: Int, height: Int), scale: CGFloat, interactive: Bool, name: String,
                 render: (Context, Damage) -> Void) -> Presented {
        let whole = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        let fresh = prepareBuffer(size: size, scale: scale, interactive: interactive, name: name)
        // Moves (scrolls, opaque views that moved) are made in the window by the server (XCopyArea),
        // not in the back buffer: the buffer keeps its old pixels there (stale) until they are
        // composited again, which they are before they are ever sent. A move whose pixels the server
        // lost (exposed, not yet put back) is composited where it lands instead.
        var composite = Damage(), copies: [Damage.Move] = [], bufferMoves: [Damage.Move] = []
        switch fresh {
        case true?:
            composite = Damage(whole)
            staleInBuffer = Damage()
        case false?:
            for rect in damage.rects { composite.add(rect) }
            for move in damage.moves {
                if !exposed.intersects(move.from) && !exposed.intersects(move.to) {
                    copies.append(move)
                } else if !staleInBuffer.intersects(move.from) {
                    // Made in the buffer, whose pixels there are current, and sent.
                    bufferMoves.append(move)
                } else {
                    composite.add(move.to)
                }
            }
            // What the server lost and the buffer holds only stale is composited anew before it is put back.
            let lost = exposed.intersection(whole)
            if !lost.isNull, !lost.isEmpty {
                for rect in staleInBuffer.rects { composite.add(rect.intersection(lost)) }
            }
        case nil:
            break   // no buffer: nothing is drawn, the sync request is still answered
        }
        if let context, !composite.isEmpty || !bufferMoves.isEmpty {
            // The server reads shared memory asynchronously; it has usually said it is done by now.
            buffer?.waitUntilRead()
            var drawn = composite
            for move in bufferMoves { drawn.add(move) }
            render(context, drawn.scaled(by: 1 / scale))
            surface?.flush()
            if let error = context.error, let buffer {
                // A context in error draws nothing more: a new one draws the whole window again.
                SceneHostLog.warning("drawing the scene \"\(name)\" failed (cairo: \(error)); the window is drawn again in full")
                makeSurface(over: buffer, scale: scale)
                composite = Damage(whole)
                if let fresh = self.context {
                    render(fresh, composite.scaled(by: 1 / scale))
                    surface?.flush()
                }
            }
        }
        // What was composited is fresh again; where the server moved pixels, the buffer's are stale.
        if !staleInBuffer.isEmpty {
            var kept = Damage()
            let current = composite.rects + bufferMoves.map(\.to)
            for rect in staleInBuffer.rects where !current.contains(where: { $0.contains(rect) }) { kept.add(rect) }
            staleInBuffer = kept
        }
        for move in copies { staleInBuffer.add(move.to) }
        let damage = composite
        let composited = monotonicSeconds()

        var sent = damage
        for move in bufferMoves { sent.add(move.to) }
        sent.add(exposed.intersection(whole))
        exposed = .null
        let acknowledged = syncConfigured ? pendingSync : nil
        if let buffer {
            for move in copies {
                buffer.copyArea(in: window, x: Int(move.from.minX), y: Int(move.from.minY), width: Int(move.from.width),
                                height: Int(move.from.height), toX: Int(move.to.minX), toY: Int(move.to.minY))
            }
        }
        if let buffer, !sent.isEmpty {
            let rects = sent.rects
            lastPresent = (rects, display.nextRequestSerial)
            // A frame that acknowledges a sync request needs no completion event: the window manager's
            // next request comes after the counter, so after the put. Nor does one that only repairs
            // what the window manager's frame uncovered between two steps of a drag (openbox resizes
            // the frame after the counter): the next step's request, or the release, comes after it.
            let notify = syncCounter == nil || (acknowledged == nil && !interactive)
            for (index, rect) in rects.enumerated() {
                buffer.put(to: window, x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height),
                           notify: notify && index == rects.count - 1)
            }
        }
        let presented = monotonicSeconds()
        // The server handles requests in order: it has put the frame at the new size on screen before
        // it sets the counter, so the window manager, which waits for the counter, never runs ahead of
        // the content.
        if let acknowledged, let syncCounter {
            // Sent with the turn's flush, right after the frames.
            syncCounter.set(acknowledged.serial)
            pendingSync = nil
            syncConfigured = false
        }
        return Presented(damage: damage, acknowledged: acknowledged, composited: composited, sent: presented,
                         put: buffer != nil && !sent.isEmpty)
    }

    /// Makes the back buffer match the window size; returns true when its pixels are new (all must be
    /// drawn), nil when no buffer can be made. A window's first buffer is its size exactly (most windows
    /// are never resized, and every row of headroom is memory the frame touches); once the window changes
    /// size, a new buffer keeps 25% headroom so a growing window is not re-allocated at every step, and
    /// while a person drags its edge (`interactive`) twice the size, up to the screen's: a drag that
    /// grows the window grows the buffer once, not twice, and each growth faults in a new segment
    /// while the old pixels are copied (fitted back to the window once the drag settles). One that
    /// outgrows its buffer hands its pixels on to the next, so the frame still draws only what changed.
    private func prepareBuffer(size: (width: Int, height: Int), scale: CGFloat, interactive: Bool, name: String) -> Bool? {
        let (width, height) = (max(1, size.width), max(1, size.height))
        if let buffer, buffer.canHold(width: width, height: height),
           buffer.capacityWidth * buffer.capacityHeight <= 4 * width * height {
            if buffer.width != width || buffer.height != height {
                buffer.setSize(width: width, height: height)
                makeSurface(over: buffer, scale: scale)
            }
            return false
        }
        context = nil
        surface = nil
        let limit = SceneWindow.pixelLimit
        let resized = buffer != nil
        func capacity(_ side: Int, screen: Int) -> Int {
            guard resized else { return min(side, limit) }
            return min(max(side, screen), interactive ? side * 2 : side * 5 / 4 + 64, limit)
        }
        let capacityWidth = capacity(width, screen: display.screenWidth), capacityHeight = capacity(height, screen: display.screenHeight)
        let newBuffer: ImageBuffer
        do {
            newBuffer = try makeBuffer(width: width, height: height, capacityWidth: capacityWidth, capacityHeight: capacityHeight)
        } catch {
            // The app keeps running: this frame is skipped, and the next one that gets a buffer draws
            // everything (a new buffer's pixels are all new).
            buffer = nil
            if !bufferFailed {
                SceneHostLog.warning("cannot make the \(width)×\(height) px back buffer of the scene \"\(name)\": \(error.message); its frames are skipped until it can be made (a smaller window needs less)")
            }
            bufferFailed = true
            return nil
        }
        bufferFailed = false
        let old = buffer
        buffer = newBuffer
        makeSurface(over: newBuffer, scale: scale)
        // The last frame is what this one draws over: copied, it need not be drawn again (the strips the
        // window gained are in the damage already). It is at this scale: a new scale drops the buffer.
        guard let old else { return true }
        newBuffer.copyPixels(from: old)
        return false
    }

    /// Once the window's size has settled, a buffer left with a drag's headroom is made again at the
    /// window's size, its pixels copied (nothing is drawn again): the headroom, and the rows a larger
    /// window used, are memory a window at rest never draws into (2 MB of `RssShmem` after
    /// `Benchmarks storm`). If the new buffer cannot be made, the old one stays.
    func fitBufferToWindow() {
        guard let old = buffer, let scale, old.capacityWidth > old.width || old.capacityHeight > old.height,
              let fitted = try? makeBuffer(width: old.width, height: old.height, capacityWidth: old.width, capacityHeight: old.height)
        else { return }
        fitted.copyPixels(from: old)
        buffer = fitted
        makeSurface(over: fitted, scale: scale)
    }

    /// A back buffer for the window, in shared memory unless `SCENEHOST_NO_SHM` says not to.
    private func makeBuffer(width: Int, height: Int, capacityWidth: Int, capacityHeight: Int) throws(X11Error) -> ImageBuffer {
        try ImageBuffer(display: display, window: window, width: width, height: height, capacityWidth: capacityWidth,
                        capacityHeight: capacityHeight, allowSharedMemory: EnvironmentVariables().flag("SCENEHOST_NO_SHM") != true)
    }

    /// The scale the back buffer's surface draws at.
    private var scale: CGFloat?

    private func makeSurface(over buffer: ImageBuffer, scale: CGFloat) {
        self.scale = scale
        let surface = ImageSurface(format: .rgb24, data: buffer.pixels, width: buffer.width, height: buffer.height,
                                   stride: buffer.stride, owner: buffer)
        let context = Context(surface: surface)
        context.scale(Double(scale), Double(scale))
        self.surface = surface
        self.context = context
    }
}
