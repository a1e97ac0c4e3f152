// swift-tools-version:6.0
import PackageDescription

// SceneHost: UIKit-style multi-window apps as real X11 windows. Layers (arrows point down only):
// Gallery / SceneHostTesting → SceneHost (runtime) → SceneHostCore (model) + X11 → Cairo → C libraries.
let package = Package(
    name: "SceneHost",
    products: [
        .library(name: "SceneHost", targets: ["SceneHost"]),
        .library(name: "SceneHostTesting", targets: ["SceneHostTesting"]),
        .executable(name: "Gallery", targets: ["Gallery"]),
    ],
    targets: [
        // Xlib with XShm, XSync (both in libXext), XTest and RandR. SwiftPM reads one .pc file per
        // system library; the module map links the extension libraries that `x11` does not pull in.
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxrandr-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // libdispatch's main-queue hooks, so one poll() loop serves X events and DispatchQueue.main.
        .systemLibrary(name: "CMainQueue"),
        .target(name: "X11", dependencies: ["CX11"]),
        .target(name: "Cairo", dependencies: ["CCairo"]),
        .target(name: "SceneHostCore", dependencies: ["Cairo"]),
        .target(name: "SceneHost", dependencies: ["SceneHostCore", "X11", "Cairo", "CMainQueue"]),
        .target(name: "SceneHostTesting", dependencies: ["SceneHost", "X11", "Cairo"]),
        // The Gallery's screenshot tour (`Gallery --tour`) runs it on a virtual display with SceneHostTesting.
        .executableTarget(name: "Gallery", dependencies: ["SceneHost", "SceneHostTesting"]),
        .executableTarget(name: "Benchmarks", dependencies: ["SceneHost", "SceneHostTesting"]),
        .testTarget(name: "SceneHostCoreTests", dependencies: ["SceneHostCore", "Cairo"]),
        .testTarget(
            name: "SceneHostTests", dependencies: ["SceneHost", "SceneHostTesting", "Gallery", "X11"],
            exclude: ["__Snapshots__"]),
    ]
)
