import Foundation
import SceneHostTesting
import Testing

/// `assertSnapshot`'s record modes, the artifacts a failure leaves in a folder per test file, and
/// messages that say what to open and what to run. The references live in a temporary folder standing
/// for a package (`<package>/Tests/App/MyTests.swift`).
@MainActor
struct SnapshotRecordModeTests {
    let package = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
    var testFile: String { package.appendingPathComponent("Tests/App/MyTests.swift").path }
    var reference: String { package.appendingPathComponent("Tests/App/__Snapshots__/MyTests/card.png").path }
    var artifacts: URL { package.appendingPathComponent(".build/snapshot-failures/MyTests") }

    func image(_ red: Double) -> ImageSurface {
        let image = ImageSurface(format: .rgb24, width: 40, height: 30)
        let context = Context(surface: image)
        context.setSource(red: red, green: 0.5, blue: 0.5)
        context.paint()
        image.flush()
        return image
    }

    /// Runs `assertSnapshot` expecting it to fail with a message containing `words`.
    func expectFailure(_ words: String, _ body: () -> Void) {
        withKnownIssue { body() } matching: { issue in issue.comments.contains { $0.rawValue.contains(words) } }
    }

    @Test func missingRecordsOnceThenCompares() throws {
        defer { try? FileManager.default.removeItem(at: package) }
        expectFailure("recorded \(reference)") { assertSnapshot(image(0.2), named: "card", record: .missing, filePath: testFile) }
        #expect(FileManager.default.fileExists(atPath: reference))
        assertSnapshot(image(0.2), named: "card", record: .missing, filePath: testFile)
        expectFailure("SCENEHOST_RECORD=failed swift test --filter MyTests") {
            assertSnapshot(image(0.9), named: "card", record: .missing, filePath: testFile)
        }
        for artifact in ["card.actual.png", "card.reference.png", "card.diff.png"] {
            #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(artifact).path), "\(artifact)")
        }
        let diff = try ImageSurface(pngAt: artifacts.appendingPathComponent("card.diff.png").path)
        #expect(diff.pixel(x: 5, y: 5) & 0xFFFFFF == 0xFF0000, "differing pixels are red")
        #expect(try ImageSurface(pngAt: reference).pixel(x: 1, y: 1) == image(0.2).pixel(x: 1, y: 1), "missing never overwrites")
    }

    @Test func neverFailsWithoutAReferenceAndWritesNothing() {
        defer { try? FileManager.default.removeItem(at: package) }
        expectFailure("SCENEHOST_RECORD=missing swift test --filter MyTests") {
            assertSnapshot(image(0.2), named: "card", record: .never, filePath: testFile)
        }
        #expect(!FileManager.default.fileExists(atPath: reference))
    }

    @Test func failedReplacesOnlyAReferenceThatDoesNotMatch() throws {
        defer { try? FileManager.default.removeItem(at: package) }
        expectFailure("recorded") { assertSnapshot(image(0.2), named: "card", record: .missing, filePath: testFile) }
        assertSnapshot(image(0.2), named: "card", record: .failed, filePath: testFile)
        expectFailure("did not match") { assertSnapshot(image(0.9), named: "card", record: .failed, filePath: testFile) }
        #expect(try ImageSurface(pngAt: reference).pixel(x: 1, y: 1) == image(0.9).pixel(x: 1, y: 1), "replaced")
        assertSnapshot(image(0.9), named: "card", record: .never, filePath: testFile)
    }

    @Test func allRecordsEveryReferenceAgain() throws {
        defer { try? FileManager.default.removeItem(at: package) }
        expectFailure("recorded") { assertSnapshot(image(0.2), named: "card", record: .missing, filePath: testFile) }
        expectFailure("SCENEHOST_RECORD=all") { assertSnapshot(image(0.2), named: "card", record: .all, filePath: testFile) }
        let names = try FileManager.default.contentsOfDirectory(atPath: (reference as NSString).deletingLastPathComponent)
        #expect(names == ["card.png"], "no partial file left")
    }

    @Test func theToleranceAllowsSmallDifferences() {
        defer { try? FileManager.default.removeItem(at: package) }
        expectFailure("recorded") { assertSnapshot(image(0.2), named: "card", record: .missing, filePath: testFile) }
        assertSnapshot(image(0.2 + 1.0 / 255), named: "card", record: .never, filePath: testFile)
        expectFailure("differ by more than 2") { assertSnapshot(image(0.3), named: "card", record: .never, filePath: testFile) }
        assertSnapshot(image(0.3), named: "card", tolerance: SnapshotTolerance(perPixel: 30), record: .never, filePath: testFile)
    }
}
