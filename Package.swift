// swift-tools-version:6.0
import PackageDescription

// SceneHost: UIKit-style multi-window apps as real X11 windows. Layers (arrows point down only):
// Gallery (GalleryApp) / SceneHostTesting → SceneHost (runtime) → SceneHostCore (model) + X11 → Cairo → C libraries.
// The shipped executables (the Gallery, the README's example) carry the Swift runtime and Foundation inside
// them: fewer libraries for the dynamic loader, and only the code they use resident (issue 33). The tests
// and the executables that use swift-testing stay dynamic: it cannot be linked statically.
// `-static-stdlib` at link time only: the modules are compiled as for the dynamic build and shared with it
// (SwiftPM's `--static-swift-stdlib` compiles everything again against lib/swift_static). The objects
// built so name only the libraries of the dynamic modules, so the libraries that the static Foundation
// modules name besides (`strings lib/swift_static/linux/Foundation*.swiftmodule/*`) are listed here.
// FoundationBridging in SceneHostCore keeps the bridging conformances a static link would drop.
// `-no-pie`: a position-independent executable of this size carries 110,000 relocations that the loader
// reads and applies at every start (2.7 MB of table, data pages made private); at a fixed address only
// the 1,200 for the C libraries' symbols remain, and it starts 4 MB smaller. The cost: the executable's
// own image is not placed at a random address (its libraries, heap and stack still are). unsafeFlags
// only in these two executable targets: SwiftPM refuses them in the products a dependent package uses.
// Linked by lld with the functions a launch runs placed together (`scripts/launch-symbol-order.txt`,
// written by `make symbol-order`; a stale list only costs memory), nothing exported to the dynamic symbol
// table (only the executable's own symbols were, and nothing looks them up), the launch's functions that
// the list cannot name (no symbol, or a local name several files define) together by their sections'
// names (`scripts/launch-sections.ld`, written with the list), and libstdc++ from its
// static archive (`scripts/static-libstdc++` makes `-lstdc++` find it): one C++ runtime, in the
// executable, instead of a 1.4 MB resident library. See ARCHITECTURE.md, "How the executables are linked".
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                  "-l_FoundationCollections", "-lswiftSynchronization", "-Xclang-linker", "-no-pie",
                  "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/launch-symbol-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/scripts/launch-sections.ld",
                  "-L\(Context.packageDirectory)/scripts/static-libstdc++"],
                 .when(platforms: [.linux])),
]

// Release builds put each function in its own section (`-function-sections`; Swift otherwise keeps a
// file's private functions, closures, thunks and specializations in one `.text`), so that the static
// executables' launch order moves only the functions a launch runs, not whole files of them
// (ARCHITECTURE.md, "How the executables are linked").
let functionSections: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "SceneHost",
    products: [
        .library(name: "SceneHost", targets: ["SceneHost"]),
        .library(name: "SceneHostTesting", targets: ["SceneHostTesting"]),
        .executable(name: "Gallery", targets: ["Gallery"]),
    ],
    // Targets that subclass SceneHostCore's classes list it directly even where SceneHost re-exports it:
    // the build only recompiles a target when a direct dependency's module changes, and a subclass
    // compiled against an old layout of its superclass corrupts memory.
    targets: [
        // Xlib with XShm, XSync (both in libXext), XTest, RandR, X-Resource, XInput2, Xcursor, and libxkbcommon-x11
        // (keymaps and compose tables; it talks XCB, reached through Xlib's own connection by libX11-xcb). SwiftPM reads
        // one .pc file per system library; the module map links the extension libraries that `x11` does not
        // pull in.
        .systemLibrary(
            name: "CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxrandr-dev", "libxres-dev", "libxi-dev",
                              "libxcursor-dev", "libxkbcommon-x11-dev", "libx11-xcb-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpixman-1-dev", "libpango1.0-dev"])]),
        // Image decoders: libjpeg-turbo's TurboJPEG API and libwebp (headers in /usr/include, no .pc
        // needed; libwebp is loaded with dlopen at the first WebP read, not linked). librsvg for SVG is
        // not linked either: it is loaded at the first SVG drawn (CRsvg declares the few functions
        // called; the librsvg2-2 package provides the library).
        .systemLibrary(name: "CImageCodecs", providers: [.apt(["libturbojpeg0-dev", "libwebp-dev"])]),
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-2"])]),
        // libdispatch's main-queue hooks, so one poll() loop serves X events and DispatchQueue.main.
        .systemLibrary(name: "CMainQueue"),
        .target(name: "X11", dependencies: ["CX11"], swiftSettings: functionSections),
        .target(name: "Cairo", dependencies: ["CCairo", "CImageCodecs", "CRsvg"], swiftSettings: functionSections),
        .target(name: "SceneHostCore", dependencies: ["Cairo"], swiftSettings: functionSections),
        .target(name: "SceneHost", dependencies: ["SceneHostCore", "X11", "Cairo", "CMainQueue"], swiftSettings: functionSections),
        .target(name: "SceneHostTesting", dependencies: ["SceneHost", "SceneHostCore", "X11", "Cairo", "CMainQueue"]),
        // The Gallery app, as a library so tests and benchmarks can run it in their process. Its scene
        // manifest is `Resources/Info.plist`, found by `UIApplicationMain` among the resources beside
        // the executable.
        .target(name: "GalleryApp", dependencies: ["SceneHost", "SceneHostCore"],
                resources: [.copy("Resources")], swiftSettings: functionSections),
        .executableTarget(name: "Gallery", dependencies: ["GalleryApp"], swiftSettings: functionSections, linkerSettings: staticSwiftRuntime),
        // `Gallery --tour DIR` runs this: the Gallery on a private display, screenshots at each size.
        .executableTarget(name: "GalleryTour", dependencies: ["GalleryApp", "SceneHostTesting"]),
        // The README's example app, built with the package so its code always compiles.
        .executableTarget(name: "NotesExample", dependencies: ["SceneHost", "SceneHostCore"], linkerSettings: staticSwiftRuntime),
        .executableTarget(
            name: "Benchmarks", dependencies: ["SceneHost", "SceneHostCore", "SceneHostTesting", "GalleryApp"],
            exclude: ["kiwi_layout.py", "gtk_collection.c", "gtk_mail.c", "mail_twin.c", "peers_harness.c"]),
        // A test helper: saves session lists in a loop, for the crash test that kills it at random moments.
        .executableTarget(name: "SessionStoreStress", dependencies: ["SceneHost"], path: "Tests/SessionStoreStress"),
        // Fixtures: image files of each format (whole, truncated, corrupt) and an asset catalog.
        .testTarget(name: "SceneHostCoreTests", dependencies: ["SceneHostCore", "Cairo"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "SceneHostTests",
            dependencies: ["SceneHost", "SceneHostCore", "SceneHostTesting", "GalleryApp", "SessionStoreStress", "X11"],
            exclude: ["__Snapshots__", "XdndPeer"], resources: [.copy("Fixtures")]),
    ]
)

