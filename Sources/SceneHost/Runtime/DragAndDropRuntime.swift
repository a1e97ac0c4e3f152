import Cairo
import Foundation
@_spi(Runtime) import SceneHostCore
import X11

/// Drags on X11: follows a drag that began in one of the app's scenes across the screen, with its
/// lifted image in a window of its own, and drops it on one of the app's windows (their
/// `UIDropInteraction`s, directly), on another program (the XDND protocol, version 5, as GTK's
/// gdkdrag-x11 and Qt's qxcbdrag speak it), or on the desktop (an item carrying an `NSUserActivity`
/// opens a new scene there). It also takes drags from other programs: every scene window is
/// `XdndAware`, and what they offer (text, files, PNG) reaches the drop interactions as item providers.
/// The data goes through the `XdndSelection` selection (X11/Selection.swift) both ways.
@MainActor
final class DragAndDropRuntime {
    private unowned let runtime: SceneRuntime
    private var display: Display { runtime.display }
    /// The drag selection; its hidden window is the XDND source window named in our messages.
    private let selection: Selection

    init(runtime: SceneRuntime) {
        self.runtime = runtime
        selection = runtime.display.selection("XdndSelection")
    }

    // MARK: A drag from the app

    /// The drag from the app going on, if any.
    private var outgoing: Outgoing?

    private final class Outgoing {
        let session: DragSession
        let image: DragImageWindow?
        /// The app's window the drag is over.
        weak var window: SceneWindow?
        /// Another program's window the drag is over, taking XDND.
        var foreign: DropSite?
        /// The foreign target's last `XdndStatus`: accepted, and with which action.
        var accepted = false
        var action: Atom = 0
        /// XDND sends one position per status: one waits here while a status is outstanding.
        var awaitingStatus = false
        var pendingPosition: (x: Int, y: Int)?
        var dropSent = false
        var lastRoot = (x: 0, y: 0)
        init(session: DragSession, image: DragImageWindow?) {
            self.session = session
            self.image = image
        }
    }

    /// Whether a drag from the app is going on (tests).
    var isDragging: Bool { outgoing != nil }

    func begin(_ session: DragSession) {
        outgoing?.session.finish(.cancel)
        var image: DragImageWindow?
        if let pixels = session.previewImage {
            pixels.flush()
            image = DragImageWindow(display: display, pixels: UnsafeRawPointer(pixels.data), width: pixels.width,
                                    height: pixels.height, stride: pixels.stride)
        }
        outgoing = Outgoing(session: session, image: image)
        let corner = rootPoint(session.previewFrame.origin)
        image?.show(at: corner.x, corner.y)
        if let image { showPreview(of: session, in: image) }
        display.flush()
        runtime.record("dragBegan", scene: session.sourceScene, [("items", .number(Double(session.items.count))),
                                                                  ("image", .number(Double(image?.id ?? 0)))])
    }

    private func rootPoint(_ screen: CGPoint) -> (x: Int, y: Int) {
        let scale = runtime.displayScale
        return (Int((screen.x * scale).rounded()), Int((screen.y * scale).rounded()))
    }

    func move(_ session: DragSession) {
        guard let drag = outgoing, drag.session === session else { return }
        let root = rootPoint(session.screenLocation)
        drag.lastRoot = root
        if let image = drag.image { showPreview(of: session, in: image) }
        let site = display.dropSite(at: root, excluding: drag.image.map { [$0.id] } ?? [])
        if let window = runtime.windows.first(where: { $0.xWindow.id == site.window }) {
            leaveForeign(drag)
            drag.window = window
            let origin = window.scene.effectiveGeometry.systemFrame.origin
            _ = session.dropSession.update(in: window.scene, at: CGPoint(x: session.screenLocation.x - origin.x,
                                                                        y: session.screenLocation.y - origin.y))
            return
        }
        drag.window = nil
        _ = session.dropSession.update(in: nil, at: .zero)
        guard let version = site.xdndVersion, version >= 3, !session.isRestrictedToDraggingApplication else {
            leaveForeign(drag)
            return
        }
        if drag.foreign?.messageWindow != site.messageWindow {
            leaveForeign(drag)
            enter(site, drag: drag)
        }
        sendPosition(root, drag: drag)
    }

    /// The MIME types and data the drag offers other programs, from its items' providers.
    private func offers(of session: DragSession) -> [String: [UInt8]] {
        var texts: [String] = [], uris: [String] = [], png: [UInt8]?
        for item in session.items {
            let provider = item.itemProvider
            let types = provider.externalTypeIdentifiers
            if types.contains(UTType.fileURL.identifier) || types.contains(UTType.url.identifier),
               let data = provider.immediateData(forTypeIdentifier: types.contains(UTType.fileURL.identifier) ? UTType.fileURL.identifier : UTType.url.identifier) {
                uris.append(String(decoding: data, as: UTF8.self))
            }
            if types.contains(UTType.utf8PlainText.identifier), let data = provider.immediateData(forTypeIdentifier: UTType.utf8PlainText.identifier) {
                texts.append(String(decoding: data, as: UTF8.self))
            }
            if png == nil, types.contains(UTType.png.identifier), let data = provider.immediateData(forTypeIdentifier: UTType.png.identifier) {
                png = Array(data)
            }
        }
        var offers: [String: [UInt8]] = [:]
        if !uris.isEmpty { offers["text/uri-list"] = Array((uris.joined(separator: "\r\n") + "\r\n").utf8) }
        if !texts.isEmpty {
            let text = Array(texts.joined(separator: "\n").utf8)
            for name in ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"] { offers[name] = text }
        }
        if let png { offers["image/png"] = png }
        return offers
    }

    private func enter(_ site: DropSite, drag: Outgoing) {
        let offered = offers(of: drag.session)
        // The preferred names first: a target reading three types sees these.
        let order = ["text/uri-list", "image/png", "text/plain;charset=utf-8", "UTF8_STRING", "text/plain"].filter { offered[$0] != nil }
        if !selection.isOwned || selection.offers.count != offered.count { selection.own(offers: offered) }
        let source = selection.ownerWindow
        let types = order.map { UInt(display.atom($0)) }
        if types.count > 3 { display.setCardinalProperty(source, "XdndTypeList", types, type: "ATOM") }
        let version = min(site.xdndVersion ?? Display.xdndVersion, Display.xdndVersion)
        let firstThree = (types + [0, 0, 0]).prefix(3).map { Int(bitPattern: $0) }
        display.sendClientMessage("XdndEnter", about: site.messageWindow,
                                  data: [Int(source), version << 24 | (types.count > 3 ? 1 : 0)] + firstThree)
        drag.foreign = site
        drag.accepted = false
        drag.awaitingStatus = false
        drag.pendingPosition = nil
        runtime.record("xdndEnter", session: nil, [("target", .number(Double(site.messageWindow))), ("types", .string(order.joined(separator: " ")))])
    }

    private func sendPosition(_ root: (x: Int, y: Int), drag: Outgoing) {
        guard let site = drag.foreign else { return }
        // A source keeps sending positions after a refusal (a GTK target refuses the first one).
        guard !drag.awaitingStatus else {
            drag.pendingPosition = root
            return
        }
        drag.awaitingStatus = true
        // Another program copies: a move would have it delete the app's data, which SceneHost leaves to in-app drops.
        display.sendClientMessage("XdndPosition", about: site.messageWindow,
                                  data: [Int(selection.ownerWindow), 0, (root.x & 0xffff) << 16 | (root.y & 0xffff), 0,
                                         display.value(of: "XdndActionCopy")])
        display.flush()
    }

    private func leaveForeign(_ drag: Outgoing) {
        guard let site = drag.foreign else { return }
        if !drag.dropSent { display.sendClientMessage("XdndLeave", about: site.messageWindow, data: [Int(selection.ownerWindow), 0]) }
        drag.foreign = nil
        drag.accepted = false
        drag.awaitingStatus = false
        drag.pendingPosition = nil
        display.flush()
    }

    func release(_ session: DragSession) {
        guard let drag = outgoing, drag.session === session else { return }
        if let window = drag.window, session.dropSession.targetScene === window.scene {
            session.finish(session.dropSession.perform())
            return
        }
        if let site = drag.foreign {
            guard drag.accepted else {
                leaveForeign(drag)
                session.finish(.cancel)
                return
            }
            drag.dropSent = true
            display.sendClientMessage("XdndDrop", about: site.messageWindow, data: [Int(selection.ownerWindow), 0, 0])
            display.flush()
            runtime.record("xdndDrop", session: nil, [("target", .number(Double(site.messageWindow)))])
            // A target that never finishes does not hold the drag forever.
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.finishTimeout) { [weak self, weak session] in
                MainActor.assumeIsolated {
                    guard let self, let session, self.outgoing?.session === session else { return }
                    SceneHostLog.warning("the drop target \(site.messageWindow) did not send XdndFinished within \(Self.finishTimeout) s; the drag is cancelled")
                    session.finish(.cancel)
                }
            }
            return
        }
        // Over the desktop or a program that takes no drops: the collection view's activation
        // configuration, else an item carrying an activity, opens a scene there.
        if let configuration = session.sceneActivationConfiguration
            ?? session.items.lazy.compactMap({ $0.itemProvider.registeredObject(ofClass: NSUserActivity.self) }).first
            .map(UIWindowSceneActivationConfiguration.init(userActivity:)) {
            runtime.activateScene(with: configuration, at: session.screenLocation, requestedBy: session.sourceScene, errorHandler: nil)
            session.finish(.copy)
            return
        }
        session.finish(.cancel)
    }

    /// How long a drop waits for the target's `XdndFinished`.
    static let finishTimeout: Double = 5

    func end(_ session: DragSession) {
        guard let drag = outgoing, drag.session === session else { return }
        leaveForeign(drag)
        // A preview flying back or into its drop target stays until its animation has ended.
        if session.isPreviewLanding, let image = drag.image {
            landing.append((session, image))
            // A scene that stops drawing frames (its window closing) does not leave the preview behind.
            let limit = max(UIDragInteraction.cancelDuration, UIDragInteraction.dropDuration) + 1
            DispatchQueue.main.asyncAfter(deadline: .now() + limit) { [weak self, weak session] in
                MainActor.assumeIsolated {
                    guard let self, let session else { return }
                    self.previewDidLand(session)
                }
            }
        } else {
            drag.image?.destroy()
        }
        outgoing = nil
        if selection.isOwned { selection.own(offers: [:]) }
        display.flush()
        runtime.record("dragEnded", scene: session.sourceScene, [("operation", .number(Double(session.endOperation?.rawValue ?? 0)))])
    }

    // MARK: The preview's animations

    /// Previews still animating after their drag ended (a cancel or a drop), with their windows.
    private var landing: [(session: DragSession, image: DragImageWindow)] = []

    /// The preview windows showing, those of ended drags included (tests: none may be left behind).
    var previewWindows: [Window] { (outgoing?.image.map { [$0.id] } ?? []) + landing.map(\.image.id) }

    /// Shows `session`'s preview in `image` as the model has it now: its frame (the pixels scaled to
    /// its size when the lift or a landing has changed it; the move alone otherwise) and its opacity.
    private func showPreview(of session: DragSession, in image: DragImageWindow) {
        let scale = runtime.displayScale
        let frame = session.previewFrame
        let x = Int((frame.minX * scale).rounded()), y = Int((frame.minY * scale).rounded())
        let width = max(1, Int((frame.width * scale).rounded())), height = max(1, Int((frame.height * scale).rounded()))
        if width != image.width || height != image.height, let pixels = session.previewImage {
            // Scaled from the lifted pixels each time (never from a scaled copy), so nothing blurs more.
            let scaled = pixels.width == width && pixels.height == height ? pixels : pixels.scaled(toWidth: width, height: height)
            scaled.flush()
            image.update(pixels: UnsafeRawPointer(scaled.data), width: scaled.width, height: scaled.height, stride: scaled.stride, x: x, y: y)
        } else {
            image.move(to: x, y)
        }
        image.setOpacity(Double(session.previewAlpha))
    }

    func previewDidChange(_ session: DragSession) {
        if let drag = outgoing, drag.session === session, let image = drag.image {
            showPreview(of: session, in: image)
        } else if let entry = landing.first(where: { $0.session === session }) {
            showPreview(of: session, in: entry.image)
        } else {
            return
        }
        display.flush()
    }

    func previewDidLand(_ session: DragSession) {
        guard let index = landing.firstIndex(where: { $0.session === session }) else { return }
        landing.remove(at: index).image.destroy()
        display.flush()
        runtime.record("dragPreviewLanded", scene: session.sourceScene, [("operation", .number(Double(session.endOperation?.rawValue ?? 0)))])
    }

    /// XDND replies to our source window: `XdndStatus` and `XdndFinished`. Returns whether `event` was one.
    func handleSourceEvent(_ event: Event) -> Bool {
        guard case let .clientMessage(window, type, data) = event, window == selection.ownerWindow else { return false }
        guard let drag = outgoing, let site = drag.foreign, data.first.map({ Window(UInt(bitPattern: $0)) }) == site.messageWindow
                || data.first.map({ Window(UInt(bitPattern: $0)) }) == site.window else { return true }
        if type == display.atom("XdndStatus") {
            drag.accepted = data[1] & 1 != 0
            drag.action = Atom(UInt(bitPattern: data[4]))
            drag.awaitingStatus = false
            if let pending = drag.pendingPosition, !drag.dropSent {
                drag.pendingPosition = nil
                sendPosition(pending, drag: drag)
            }
        } else if type == display.atom("XdndFinished") {
            // Version 5 says whether the drop succeeded, and how; earlier versions only that it is over.
            let version = site.xdndVersion ?? Display.xdndVersion
            let success = version < 5 || data[1] & 1 != 0
            let move = version >= 5 && Atom(UInt(bitPattern: data[2])) == display.atom("XdndActionMove")
            runtime.record("xdndFinished", session: nil, [("success", .bool(success))])
            drag.session.finish(success ? (move ? .move : .copy) : .cancel)
        }
        return true
    }

    // MARK: A drag from another program

    private var incoming: Incoming?

    private final class Incoming {
        let source: Window
        let version: Int
        let types: [String]
        let session: DropSession
        weak var window: SceneWindow?
        /// The timestamp conversions use: the drop's (0, CurrentTime, before it).
        var time: UInt = 0
        init(source: Window, version: Int, types: [String], session: DropSession) {
            self.source = source
            self.version = version
            self.types = types
            self.session = session
        }
    }

    /// An XDND message to one of the app's windows (the target side); returns whether it was one.
    func handleTargetMessage(_ window: SceneWindow, type: Atom, data: [Int]) -> Bool {
        // Atoms are compared (interned once), never named: a round trip per message would slow the
        // window manager's sync requests, which come the same way.
        let names = ["XdndEnter", "XdndPosition", "XdndLeave", "XdndDrop"]
        guard let name = names.first(where: { display.atom($0) == type }) else { return false }
        let source = Window(UInt(bitPattern: data[0]))
        // Our own drags reach our windows directly, not through XDND.
        guard source != selection.ownerWindow else { return true }
        switch name {
        case "XdndEnter":
            incoming?.session.exit()
            incoming?.session.end()
            let version = (data[1] >> 24) & 0xff
            let atoms: [UInt] = data[1] & 1 != 0 ? (display.cardinalProperty(source, "XdndTypeList") ?? []) : data[2...4].map { UInt(bitPattern: $0) }
            let types = display.atomNames(atoms)
            let item = UIDragItem(itemProvider: NSItemProvider())
            let drag = Incoming(source: source, version: version, types: types, session: DropSession(externalItems: [item]))
            register(types, on: item.itemProvider, drag: drag)
            incoming = drag
            runtime.record("xdndTargetEnter", scene: window.scene, [("types", .string(types.joined(separator: " ")))])
        case "XdndPosition":
            guard let drag = incoming, drag.source == source else { return true }
            drag.window = window
            drag.time = UInt(bitPattern: data[3])
            let screen = CGPoint(x: CGFloat((data[2] >> 16) & 0xffff) / runtime.displayScale, y: CGFloat(data[2] & 0xffff) / runtime.displayScale)
            let origin = window.scene.effectiveGeometry.systemFrame.origin
            let operation = drag.session.update(in: window.scene, at: CGPoint(x: screen.x - origin.x, y: screen.y - origin.y))
            let accept = operation == .copy || operation == .move
            // Bit 1: send a position at every move (the drop target may change within the window).
            display.sendClientMessage("XdndStatus", about: source, data: [
                Int(window.xWindow.id), (accept ? 1 : 0) | 2, 0, 0,
                accept ? display.value(of: operation == .move ? "XdndActionMove" : "XdndActionCopy") : 0,
            ])
            display.flush()
        case "XdndLeave":
            guard let drag = incoming, drag.source == source else { return true }
            drag.session.exit()
            drag.session.end()
            incoming = nil
        case "XdndDrop":
            guard let drag = incoming, drag.source == source else { return true }
            if drag.version >= 1 { drag.time = UInt(bitPattern: data[2]) }
            // A file list is known only now: one item per file, as UIKit gives one per file.
            if drag.types.contains("text/uri-list"), let bytes = selection.readData(target: "text/uri-list", time: drag.time) {
                let uris = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
                let items = uris.compactMap(URL.init(string:)).map { url -> UIDragItem in
                    let provider = NSItemProvider(object: url)
                    provider.suggestedName = url.lastPathComponent
                    return UIDragItem(itemProvider: provider)
                }
                if !items.isEmpty { drag.session.replaceItems(items) }
            }
            // The last position's proposal decides, as in UIKit.
            let done = drag.session.perform()
            let success = done == .copy || done == .move
            display.sendClientMessage("XdndFinished", about: source, data: [
                Int(window.xWindow.id), success ? 1 : 0,
                success ? display.value(of: done == .move ? "XdndActionMove" : "XdndActionCopy") : 0,
            ])
            display.flush()
            drag.session.end()
            incoming = nil
            runtime.record("xdndTargetDrop", scene: window.scene, [("success", .bool(success)), ("items", .number(Double(drag.session.items.count)))])
        default:
            break
        }
        return true
    }

    /// Offers, on `provider`, each type of `types` SceneHost reads, loaded from the source when asked.
    private func register(_ types: [String], on provider: NSItemProvider, drag: Incoming) {
        var registered = Set<String>()
        for mime in types {
            guard let type = UTType(mimeType: mime), registered.insert(type.identifier).inserted else { continue }
            provider.registerDataRepresentation(forTypeIdentifier: type.identifier, visibility: .all) { [weak self, weak drag] completion in
                guard let self, let drag else {
                    completion(nil, NSItemProviderError("the drag from another program is over"))
                    return nil
                }
                if let bytes = self.selection.readData(target: mime, time: drag.time) {
                    completion(Data(bytes), nil)
                } else {
                    completion(nil, NSItemProviderError("the program that dragged \(mime) did not hand it over"))
                }
                return nil
            }
        }
    }

    /// `window` is closing: a drag from another program over it ends there; previews of its drags go.
    func windowWillClose(_ window: SceneWindow) {
        // After the drag is cancelled below: its preview has no scene left to animate it.
        defer { for entry in landing where entry.session.sourceScene === window.scene { previewDidLand(entry.session) } }
        if let drag = incoming, drag.window === window {
            drag.session.exit()
            drag.session.end()
            incoming = nil
        }
        guard let drag = outgoing else { return }
        if drag.session.sourceScene === window.scene {
            // The drag's own window goes: the drag ends there (its image with it).
            drag.session.finish(.cancel)
        } else if drag.window === window {
            drag.window = nil
            _ = drag.session.dropSession.update(in: nil, at: .zero)
        }
    }
}

extension SceneWindow: DragDropHost {
    func dragSessionDidBegin(_ session: DragSession) { runtime.dragAndDrop.begin(session) }
    func dragSessionDidMove(_ session: DragSession) { runtime.dragAndDrop.move(session) }
    func dragSessionDidRelease(_ session: DragSession) { runtime.dragAndDrop.release(session) }
    func dragSessionDidEnd(_ session: DragSession) { runtime.dragAndDrop.end(session) }
    func dragSessionPreviewDidChange(_ session: DragSession) { runtime.dragAndDrop.previewDidChange(session) }
    func dragSessionPreviewDidLand(_ session: DragSession) { runtime.dragAndDrop.previewDidLand(session) }
}
