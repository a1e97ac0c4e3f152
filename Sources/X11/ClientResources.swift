import CX11

extension Display {
    /// What the X server holds for this connection, by resource type ("WINDOW", "GC", "PIXMAP",
    /// "ShmSeg", "SyncCounter", …), from the X-Resource extension; nil when the server lacks it. A
    /// client that frees what it no longer shows comes back to the same counts.
    public func clientResources() -> [String: Int]? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XResQueryExtension(pointer, &eventBase, &errorBase) != 0 else { return nil }
        var count: Int32 = 0
        var types: UnsafeMutablePointer<XResType>?
        guard XResQueryClientResources(pointer, clientID, &count, &types) != 0 else { return nil }
        defer { if let types { XFree(types) } }
        var counts: [String: Int] = [:]
        for index in 0..<Int(count) {
            guard let type = types?[index] else { continue }
            counts[atomName(type.resource_type) ?? "atom \(type.resource_type)", default: 0] += Int(type.count)
        }
        return counts
    }

    /// The bytes of the pixmaps the X server holds for this connection (X-Resource); nil without it.
    public func clientPixmapBytes() -> Int? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XResQueryExtension(pointer, &eventBase, &errorBase) != 0 else { return nil }
        var bytes: UInt = 0
        guard XResQueryClientPixmapBytes(pointer, clientID, &bytes) != 0 else { return nil }
        return Int(bytes)
    }
}
