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

/// Checks `image` against the reference `__Snapshots__/<test file>/<name>.png` beside the calling test
/// file.
///
/// - No reference yet, or `SCENEHOST_RECORD=1`: the image is written as the reference and the test fails
///   with a note to look at it and run again (so a reference never appears unnoticed).
/// - A mismatch: the actual image and a diff (differing pixels in red) are written to
///   `.build/snapshot-failures/` (or `$SCENEHOST_ARTIFACTS`) and the failure names both paths.
public func assertSnapshot(_ image: ImageSurface, named name: String, tolerance: SnapshotTolerance = SnapshotTolerance(),
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let testFile = URL(fileURLWithPath: filePath)
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let referencePath = directory.appendingPathComponent(name + ".png").path
    var recording = false
    if let text = EnvironmentVariables()["SCENEHOST_RECORD"] {
        if let value = EnvironmentVariables.flagValue(text) { recording = value } else {
            Issue.record("SCENEHOST_RECORD=\(text) is not a switch value; use 1, true or yes to record references, 0, false or no not to",
                         sourceLocation: sourceLocation)
            return
        }
    }

    if recording || !FileManager.default.fileExists(atPath: referencePath) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try image.writePNG(to: referencePath)
            Issue.record("Recorded the reference \(referencePath). Look at it, then run the test again without SCENEHOST_RECORD.",
                         sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not record the reference \(referencePath): \(error)", sourceLocation: sourceLocation)
        }
        return
    }

    let reference: ImageSurface
    do {
        reference = try ImageSurface(pngAt: referencePath)
    } catch {
        Issue.record("The reference \(referencePath) cannot be read (\(error)); record it again with SCENEHOST_RECORD=1.",
                     sourceLocation: sourceLocation)
        return
    }
    let comparison = Snapshot.compare(image, reference, tolerance: tolerance)
    let withinTolerance = !comparison.sizeMismatch && comparison.differingFraction <= tolerance.differingFraction
    if withinTolerance { return }

    let artifacts = EnvironmentVariables()["SCENEHOST_ARTIFACTS"]
        ?? testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/snapshot-failures").path
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let actualPath = artifacts + "/\(name).actual.png"
    let diffPath = artifacts + "/\(name).diff.png"
    try? image.writePNG(to: actualPath)
    try? comparison.diff?.writePNG(to: diffPath)
    let what = comparison.sizeMismatch
        ? "size \(image.width)×\(image.height) differs from the reference's \(reference.width)×\(reference.height)"
        : String(format: "%d of %d pixels (%.3f%%) differ by more than %d, above the %.3f%% allowed",
                 comparison.differingPixels, comparison.totalPixels, comparison.differingFraction * 100,
                 tolerance.perPixel, tolerance.differingFraction * 100)
    let diffNote = comparison.sizeMismatch ? "" : ", diff: \(diffPath)"
    Issue.record("Snapshot \"\(name)\" does not match \(referencePath): \(what). Actual: \(actualPath)\(diffNote). If the change is intended, record again with SCENEHOST_RECORD=1.",
                 sourceLocation: sourceLocation)
}
