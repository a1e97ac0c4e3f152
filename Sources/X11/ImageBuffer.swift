import CX11
import Glibc

/// A client-side 32-bit pixel buffer the server can copy from: an MIT-SHM segment when the server
/// shares memory with us (a put is then a copy inside the server), else plain memory sent with
/// `XPutImage`. Pixels are xRGB in native byte order, the layout of cairo's RGB24 format, so cairo draws
/// straight into it.
///
/// The buffer keeps a capacity larger than the drawn size, so a window being resized re-allocates only
/// when it outgrows it.
public final class ImageBuffer {
    public let display: Display
    public private(set) var width: Int
    public private(set) var height: Int
    public let capacityWidth: Int
    public let capacityHeight: Int
    public let usesSharedMemory: Bool
    private var image: UnsafeMutablePointer<XImage>
    /// The segment's description. Xlib keeps a pointer to it in the image (every put reads the segment
    /// from there), so it lives at one address for the buffer's life.
    private let shmInfo: UnsafeMutablePointer<XShmSegmentInfo>
    private let graphicsContext: GC

    /// Bytes from one row to the next.
    public var stride: Int { capacityWidth * 4 }
    public var pixels: UnsafeMutableRawPointer { UnsafeMutableRawPointer(image.pointee.data) }

    /// Shared memory is used when `allowSharedMemory` is set and the server shares memory with us;
    /// where attaching fails (a remote display) it falls back to `XPutImage` with one log line. Throws
    /// when the pixels cannot be allocated (the memory limit, or a size X cannot hold).
    public init(display: Display, window: Window, width: Int, height: Int,
                capacityWidth: Int, capacityHeight: Int, allowSharedMemory: Bool = true) throws(X11Error) {
        let capacityWidth = max(1, capacityWidth), capacityHeight = max(1, capacityHeight)
        guard capacityWidth <= Int(Int16.max), capacityHeight <= Int(Int16.max) else {
            throw X11Error("a \(capacityWidth)×\(capacityHeight) image is larger than X11's 32,767 pixels a side")
        }
        let visual = display.defaultVisual
        let depth = UInt32(display.defaultDepth)
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        if allowSharedMemory,
           let shared = Self.makeShared(display: display, visual: visual, depth: depth,
                                        width: capacityWidth, height: capacityHeight, info: info) {
            image = shared
            usesSharedMemory = true
        } else {
            let bytes = capacityWidth * capacityHeight * 4
            guard let data = malloc(bytes) else {
                info.deallocate()
                throw X11Error("cannot allocate \(bytes / 1_048_576) MB for a \(capacityWidth)×\(capacityHeight) image (out of memory, or above the process's memory limit)")
            }
            guard let made = XCreateImage(display.pointer, visual, depth, ZPixmap, 0, data.assumingMemoryBound(to: CChar.self),
                                          UInt32(capacityWidth), UInt32(capacityHeight), 32, Int32(capacityWidth * 4)) else {
                free(data)
                info.deallocate()
                throw X11Error("Xlib could not make a \(capacityWidth)×\(capacityHeight) image")
            }
            image = made
            usesSharedMemory = false
        }
        shmInfo = info
        self.display = display
        self.width = width
        self.height = height
        self.capacityWidth = capacityWidth
        self.capacityHeight = capacityHeight
        // Made on the root window, not on `window`: were `window` destroyed by another client first, the
        // GC would never exist and freeing it would raise BadGC. Any drawable of the screen's default
        // depth (the window's) can use it.
        graphicsContext = XCreateGC(display.pointer, display.root, 0, nil)
    }

    private static func makeShared(display: Display, visual: UnsafeMutablePointer<Visual>, depth: UInt32,
                                   width: Int, height: Int, info: UnsafeMutablePointer<XShmSegmentInfo>) -> UnsafeMutablePointer<XImage>? {
        guard XShmQueryExtension(display.pointer) != 0,
              let image = XShmCreateImage(display.pointer, visual, depth, ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)) else { return nil }
        guard image.pointee.bytes_per_line == Int32(width * 4) else { scenehost_destroy_image(image); return nil }
        let id = shmget(IPC_PRIVATE, width * height * 4, IPC_CREAT | 0o600)
        guard id >= 0 else { scenehost_destroy_image(image); return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil); scenehost_destroy_image(image); return nil
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 1
        image.pointee.data = info.pointee.shmaddr
        let attached = (try? display.checked { XShmAttach(display.pointer, info) }) != nil
        // Marked for removal now: the kernel frees it once both sides have detached, even after a crash.
        shmctl(id, IPC_RMID, nil)
        guard attached else {
            writeStandardError("SceneHost: the X server refused to attach a shared-memory segment of \(width)×\(height) pixels (a remote display?); presenting with XPutImage")
            shmdt(address)
            image.pointee.data = nil
            scenehost_destroy_image(image)
            return nil
        }
        return image
    }

    deinit {
        if usesSharedMemory {
            XShmDetach(display.pointer, shmInfo)
            display.sync()
            shmdt(shmInfo.pointee.shmaddr)
            image.pointee.data = nil
        }
        scenehost_destroy_image(image)   // frees malloc'd pixels in the plain case
        shmInfo.deallocate()
        XFreeGC(display.pointer, graphicsContext)
    }

    /// Whether `width`×`height` fits the allocated capacity.
    public func canHold(width: Int, height: Int) -> Bool { width <= capacityWidth && height <= capacityHeight }

    /// The request number of the last shared-memory put, and the newest one the server said it has done.
    private var lastPut: UInt = 0, lastRead: UInt = 0

    /// Takes a ShmCompletion event for this buffer; returns whether `event` was one (of any buffer).
    public func handle(_ event: Event) -> Bool {
        guard usesSharedMemory, case .sharedMemoryRead(_, let segment, let serial) = event else { return false }
        if segment == UInt(shmInfo.pointee.shmseg) { lastRead = max(lastRead, serial) }
        return true
    }

    /// Returns once the server has read every put so far, so the buffer may be drawn into: at once
    /// when it said so already (a completion event, or any event or reply it sent after handling the
    /// last put, as cairo's Xlib backend reckons), else after a round trip.
    public func waitUntilRead() {
        guard usesSharedMemory, lastRead < lastPut else { return }
        if scenehost_last_known_request_processed(display.pointer) < lastPut { display.sync() }
        lastRead = lastPut
    }

    /// Changes the drawn size within the capacity.
    public func setSize(width: Int, height: Int) {
        precondition(canHold(width: width, height: height))
        self.width = width
        self.height = height
    }

    /// Copies the pixels `other` holds at its size into the top-left corner (as far as they fit).
    public func copyPixels(from other: ImageBuffer) {
        let rowBytes = min(width, other.width) * 4
        for row in 0..<min(height, other.height) {
            memcpy(pixels + row * stride, other.pixels + row * other.stride, rowBytes)
        }
    }

    /// Copies a rectangle of `window`'s pixels to another place in it (a scroll), in the server. Where
    /// the source was obscured the server sends a GraphicsExpose for the part of the destination it
    /// could not fill (decoded as an `.expose`), and a NoExpose when all was copied.
    public func copyArea(in window: Window, x: Int, y: Int, width: Int, height: Int, toX: Int, toY: Int) {
        XCopyArea(display.pointer, window, window, graphicsContext, Int32(x), Int32(y), UInt32(width), UInt32(height),
                  Int32(toX), Int32(toY))
    }

    /// Copies a rectangle of the buffer to the same place in `window`. The server reads shared memory
    /// asynchronously: call `waitUntilRead()` before drawing into the buffer again. `notify`: whether
    /// the server says when it is done. Ask with a frame's last put only (the server handles puts in
    /// order), and not at all when something the server sends anyway will say so (the window manager's
    /// next sync request during a drag, which follows the put): the event would only wake the loop.
    public func put(to window: Window, x: Int, y: Int, width: Int, height: Int, notify: Bool = true) {
        if usesSharedMemory {
            // Asked to (`notify`), the server says when it is done (a ShmCompletion event, see `handle`),
            // so the next frame need not ask with a round trip.
            lastPut = XNextRequest(display.pointer)
            XShmPutImage(display.pointer, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y),
                         UInt32(width), UInt32(height), notify ? 1 : 0)
        } else {
            XPutImage(display.pointer, window, graphicsContext, image, Int32(x), Int32(y), Int32(x), Int32(y),
                      UInt32(width), UInt32(height))
        }
    }
}
