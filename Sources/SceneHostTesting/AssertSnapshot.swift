import Cairo
import Foundation
@_spi(Testing) import SceneHost
import Testing

/// How closely an image must match its reference.
public struct SnapshotTolerance: Sendable {
    /// Largest difference of any colour channel (0…255) for two pixels to count as equal.
    public var perPixel: Int
    /// Fraction of pixels (0…1) allowed to differ by more than `perPixel`.
    public var differingFraction: Double

    public init(perPixel: Int = 2, differingFraction: Double = 0.001) {
        self.perPixel = perPixel
        self.differingFraction = differingFraction
    }

    /// For renders from the X server: tolerant of anti-aliasing differences at glyph edges.
    public static let window = SnapshotTolerance(perPixel: 8, differingFraction: 0.005)
}

/// What a comparison found.
public struct SnapshotComparison {
    public var differingPixels: Int
    public var totalPixels: Int
    public var sizeMismatch: Bool
    /// Red where pixels differ, a faded copy of the reference elsewhere.
    public var diff: ImageSurface?

    public var differingFraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
}

public enum Snapshot {
    /// Compares two images pixel by pixel.
    public static func compare(_ actual: ImageSurface, _ reference: ImageSurface, tolerance: SnapshotTolerance) -> SnapshotComparison {
        guard actual.width == reference.width, actual.height == reference.height else {
            return SnapshotComparison(differingPixels: actual.width * actual.height, totalPixels: actual.width * actual.height,
                                      sizeMismatch: true, diff: nil)
        }
        actual.flush()
        reference.flush()
        let diff = ImageSurface(format: .rgb24, width: actual.width, height: actual.height)
        diff.flush()
        var differing = 0
        for y in 0..<actual.height {
            let a = (actual.data + y * actual.stride).assumingMemoryBound(to: UInt32.self)
            let r = (reference.data + y * reference.stride).assumingMemoryBound(to: UInt32.self)
            let d = (diff.data + y * diff.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<actual.width {
                let pa = actual.format == .rgb24 ? a[x] | 0xff00_0000 : a[x]
                let pr = reference.format == .rgb24 ? r[x] | 0xff00_0000 : r[x]
                var largest = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    largest = max(largest, abs(Int((pa >> UInt32(shift)) & 0xff) - Int((pr >> UInt32(shift)) & 0xff)))
                }
                if largest > tolerance.perPixel {
                    differing += 1
                    d[x] = 0x00ff_0000
                } else {
                    // A faded reference: grey at a quarter of the contrast.
                    let grey = ((pr >> 16 & 0xff) + (pr >> 8 & 0xff) + (pr & 0xff)) / 3
                    let faded = 192 + grey / 4
                    d[x] = faded << 16 | faded << 8 | faded
                }
            }
        }
        diff.markDirty()
        return SnapshotComparison(differingPixels: differing, totalPixels: actual.width * actual.height, sizeMismatch: false, diff: diff)
    }
}

/// When `assertSnapshot` writes references, as swift-snapshot-testing's record modes: `SCENEHOST_RECORD`
/// chooses (`missing`, `all`, `failed` or `never`; `1`/`true`/`yes` mean `all`). Unset, it is `never` when
/// the `CI` variable is set to anything but `0`/`false`/`no` (CI must not pass by recording), else `missing`.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// References that do not exist yet are written (and the test fails once, so someone looks).
    case missing
    /// Every reference is written again (each test fails once).
    case all
    /// A reference that does not match is replaced by the actual image (the test still fails).
    case failed
    /// Nothing is written: a missing reference fails the test.
    case never

    /// The mode the environment asks for; a value that is none of the modes is refused with the reason.
    public static func fromEnvironment() -> Result<SnapshotRecordMode, RecordModeRefusal> {
        let variables = EnvironmentVariables()
        if let text = variables["SCENEHOST_RECORD"] {
            if let mode = SnapshotRecordMode(rawValue: text.lowercased()) { return .success(mode) }
            if let flag = EnvironmentVariables.flagValue(text) { return .success(flag ? .all : .missing) }
            return .failure(RecordModeRefusal(description:
                "SCENEHOST_RECORD=\(text) is not a record mode; use missing, all, failed or never"))
        }
        if let ci = variables["CI"], EnvironmentVariables.flagValue(ci) != false { return .success(.never) }
        return .success(.missing)
    }

    public struct RecordModeRefusal: Error, CustomStringConvertible {
        public let description: String
    }
}

/// Checks `image` against the reference `__Snapshots__/<test file>/<name>.png` beside the calling test
/// file, within `tolerance`, recording references as `record` (default: `SnapshotRecordMode.fromEnvironment()`)
/// says.
///
/// A failure writes, in a folder per test file (`.build/snapshot-failures/<test file>/`, or under
/// `$SCENEHOST_ARTIFACTS`), `<name>.reference.png`, `<name>.actual.png` and `<name>.diff.png`
/// (differing pixels in red on a faded reference), and its message names them and what to run to
/// record the image as the new reference.
public func assertSnapshot(_ image: ImageSurface, named name: String, tolerance: SnapshotTolerance = SnapshotTolerance(),
                           record: SnapshotRecordMode? = nil,
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let testFile = URL(fileURLWithPath: filePath)
    let testName = testFile.deletingPathExtension().lastPathComponent
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(testName)
    let referencePath = directory.appendingPathComponent(name + ".png").path
    let mode: SnapshotRecordMode
    if let record {
        mode = record
    } else {
        switch SnapshotRecordMode.fromEnvironment() {
        case .success(let chosen): mode = chosen
        case .failure(let refusal):
            Issue.record(Comment(rawValue: refusal.description), sourceLocation: sourceLocation)
            return
        }
    }
    func writeReference(_ why: String) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let partial = directory.appendingPathComponent(".\(name).png.partial").path
            try image.writePNG(to: partial)
            guard rename(partial, referencePath) == 0 else { throw CairoError(String(cString: strerror(errno))) }
            Issue.record("\(why): recorded \(referencePath). Look at it, then run the test again.", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not record the reference \(referencePath): \(error)", sourceLocation: sourceLocation)
        }
    }

    let exists = FileManager.default.fileExists(atPath: referencePath)
    if mode == .all { return writeReference("Recording every reference (SCENEHOST_RECORD=all)") }
    if !exists {
        if mode == .never {
            Issue.record("No reference \(referencePath) for snapshot \"\(name)\", and references are not recorded here (SCENEHOST_RECORD=never, the default under CI). Record it with `SCENEHOST_RECORD=missing swift test --filter \(testName)` and commit it.",
                         sourceLocation: sourceLocation)
            return
        }
        return writeReference("No reference for snapshot \"\(name)\" yet")
    }

    let reference: ImageSurface
    do {
        reference = try ImageSurface(pngAt: referencePath)
    } catch {
        Issue.record("The reference \(referencePath) cannot be read (\(error)); record it again with `SCENEHOST_RECORD=failed swift test --filter \(testName)`.",
                     sourceLocation: sourceLocation)
        return
    }
    let comparison = Snapshot.compare(image, reference, tolerance: tolerance)
    let withinTolerance = !comparison.sizeMismatch && comparison.differingFraction <= tolerance.differingFraction
    if withinTolerance { return }

    let root = EnvironmentVariables()["SCENEHOST_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/snapshot-failures")
    let artifacts = root.appendingPathComponent(testName)
    try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    let actualPath = artifacts.appendingPathComponent("\(name).actual.png").path
    let diffPath = artifacts.appendingPathComponent("\(name).diff.png").path
    let referenceCopy = artifacts.appendingPathComponent("\(name).reference.png").path
    try? image.writePNG(to: actualPath)
    try? reference.writePNG(to: referenceCopy)
    if let diff = comparison.diff { try? diff.writePNG(to: diffPath) } else { unlink(diffPath) }
    let what = comparison.sizeMismatch
        ? "size \(image.width)×\(image.height) differs from the reference's \(reference.width)×\(reference.height)"
        : String(format: "%d of %d pixels (%.3f%%) differ by more than %d, above the %.3f%% allowed",
                 comparison.differingPixels, comparison.totalPixels, comparison.differingFraction * 100,
                 tolerance.perPixel, tolerance.differingFraction * 100)
    let diffNote = comparison.sizeMismatch ? "" : ", diff \(diffPath)"
    if mode == .failed {
        writeReference("Snapshot \"\(name)\" did not match (\(what); the old reference is at \(referenceCopy))")
        return
    }
    Issue.record("Snapshot \"\(name)\" does not match \(referencePath): \(what). Open the actual image \(actualPath)\(diffNote) and reference \(referenceCopy). If the change is intended, run `SCENEHOST_RECORD=failed swift test --filter \(testName)` and commit the new reference.",
                 sourceLocation: sourceLocation)
}
