import Foundation
@_spi(Runtime) import SceneHostCore
import Testing

/// The simulated device's orientation notifications. The test runs without suspending, so no other
/// test sees the device turned or generating; it leaves both as it found them (an app of another test,
/// the Gallery, may be generating notifications meanwhile).
@MainActor
struct UIDeviceTests {
    @Test func orientationNotificationsComeOnlyWhileGenerated() {
        let device = UIDevice.current
        var posted: [UIDeviceOrientation] = []
        let observer = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: device, queue: nil) { _ in
            MainActor.assumeIsolated { posted.append(UIDevice.current.orientation) }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        device.beginGeneratingDeviceOrientationNotifications()
        let original = device.orientation
        var ended = 0
        while device.isGeneratingDeviceOrientationNotifications {
            device.endGeneratingDeviceOrientationNotifications()
            ended += 1
        }
        defer {
            device.simulatedOrientation = original
            for _ in 1..<ended { device.beginGeneratingDeviceOrientationNotifications() }
        }
        let other: UIDeviceOrientation = original == .portrait ? .landscapeLeft : .portrait

        #expect(!device.isGeneratingDeviceOrientationNotifications)
        device.simulatedOrientation = other
        #expect(posted.isEmpty, "not generating: no notification")
        #expect(device.orientation == .unknown, "not generating: the orientation is unknown")

        // Calls nest: generation lasts until the last begin is matched.
        device.beginGeneratingDeviceOrientationNotifications()
        device.beginGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        #expect(device.orientation == other, "the device's orientation, at once")
        device.simulatedOrientation = original
        #expect(posted == [original])
        device.endGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications, "one begin is still unmatched")
        device.simulatedOrientation = other
        #expect(posted == [original, other])
        device.endGeneratingDeviceOrientationNotifications()
        #expect(!device.isGeneratingDeviceOrientationNotifications)
        device.simulatedOrientation = original
        #expect(posted.count == 2)
        // An unmatched end does not make the count negative.
        device.endGeneratingDeviceOrientationNotifications()
        device.beginGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        device.endGeneratingDeviceOrientationNotifications()
    }
}
