import Cairo
import Foundation
@testable import SceneHostCore
import Testing

/// Asset catalogs as Xcode writes them (Fixtures/Test.xcassets): scale, appearance and size-class
/// selection, template intent, namespaces, named colours, loose files and `UIImageAsset` itself.
@MainActor
struct AssetCatalogTests {
    func swatch(_ traits: UITraitCollection) -> UIImage? { UIImage(named: "Swatch", in: .module, compatibleWith: traits) }

    /// The colour of an image's first stored pixel.
    func colour(_ image: UIImage?) -> UInt32? { image?.surface?.pixel(x: 0, y: 0) }

    func traits(scale: CGFloat, style: UIUserInterfaceStyle = .unspecified) -> UITraitCollection {
        UITraitCollection { $0.displayScale = scale; $0.userInterfaceStyle = style }
    }

    @Test func theExactScaleIsChosenAndKeepsThePointSize() {
        let one = swatch(traits(scale: 1)), two = swatch(traits(scale: 2))
        #expect(one?.scale == 1 && colour(one) == 0xFFFF_0000)
        #expect(two?.scale == 2 && colour(two) == 0xFF00_FF00)
        #expect(one?.size == CGSize(width: 4, height: 4) && two?.size == CGSize(width: 4, height: 4), "the same size in points")
    }

    @Test func aMissingScaleTakesTheLargestBelowWhenNoneIsAbove() {
        // The 3x slot is empty in the catalog: the 2x image stands in, at its own scale.
        let three = swatch(traits(scale: 3))
        #expect(three?.scale == 2 && colour(three) == 0xFF00_FF00)
        // Between 1x and 2x the one above wins.
        #expect(swatch(traits(scale: 1.5))?.scale == 2)
    }

    @Test func theDarkAppearanceHasItsOwnImages() {
        #expect(colour(swatch(traits(scale: 1, style: .dark))) == 0xFF00_00FF)
        #expect(colour(swatch(traits(scale: 2, style: .dark))) == 0xFFFF_FF00)
        #expect(colour(swatch(traits(scale: 1, style: .light))) == 0xFFFF_0000)
        #expect(colour(swatch(traits(scale: 1, style: .unspecified))) == 0xFFFF_0000, "unspecified shows the light image")
    }

    @Test func sizeClassVariantsWinWhereTheyMatch() {
        let compact = UIImage(named: "Compact", in: .module, compatibleWith: UITraitCollection(horizontalSizeClass: .compact))
        let regular = UIImage(named: "Compact", in: .module, compatibleWith: UITraitCollection(horizontalSizeClass: .regular))
        #expect(colour(compact) == 0xFF00_FF00 && colour(regular) == 0xFFFF_0000)
    }

    @Test func theAssetResolvesAgainForOtherTraits() throws {
        let image = try #require(swatch(traits(scale: 1)))
        let asset = try #require(image.imageAsset)
        #expect(colour(asset.image(with: traits(scale: 2, style: .dark))) == 0xFFFF_FF00)
        #expect(asset.image(with: traits(scale: 2, style: .dark)).imageAsset === asset)
    }

    @Test func templateIntentAndNamespacesAreRead() {
        #expect(UIImage(named: "Glyph", in: .module, compatibleWith: nil)?.renderingMode == .alwaysTemplate)
        #expect(UIImage(named: "Swatch", in: .module, compatibleWith: nil)?.renderingMode == .automatic)
        #expect(UIImage(named: "Icons/Dot", in: .module, compatibleWith: nil) != nil)
        #expect(UIImage(named: "Dot", in: .module, compatibleWith: nil) == nil, "a namespaced name needs its folder")
        #expect(UIImage(named: "NoSuchImage", in: .module, compatibleWith: nil) == nil)
    }

    @Test func looseFilesAmongTheResourcesLoadByName() {
        let image = UIImage(named: "halves", in: .module, compatibleWith: nil)
        #expect(image?.size == CGSize(width: 32, height: 16))
        #expect(image?.imageAsset != nil)
    }

    @Test func namedColoursFollowAppearanceAndContrast() throws {
        let accent = try #require(UIColor(named: "Accent", in: .module, compatibleWith: nil))
        #expect(accent.isDynamic)
        let light = accent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).components
        #expect(light.red == 0 && abs(light.green - 0.478) < 0.001 && light.blue == 1)
        let dark = accent.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).components
        #expect(abs(dark.red - 10.0 / 255) < 0.001 && abs(dark.green - 132.0 / 255) < 0.001, "hex components")
        let high = accent.resolvedColor(with: UITraitCollection { $0.accessibilityContrast = .high }).components
        #expect(abs(high.green - 51.0 / 255) < 0.001 && abs(high.blue - 153.0 / 255) < 0.001, "8-bit components")
        let resolved = try #require(UIColor(named: "Accent", in: .module, compatibleWith: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(!resolved.isDynamic && abs(resolved.components.red - 10.0 / 255) < 0.001)
        let gray = try #require(UIColor(named: "Gray", in: .module, compatibleWith: nil))
        #expect(gray.components.red == 0.25 && gray.components.alpha == 0.5)
        #expect(UIColor(named: "NoSuchColour", in: .module, compatibleWith: nil) == nil)
    }

    @Test func resolvingWhileOtherThreadsRegisterIsSafe() async {
        // An asset of its own (the catalog's is shared with other tests), its variants read lazily.
        let asset = UIImageAsset()
        for (scale, style) in [(1, UIUserInterfaceStyle.light), (2, .light), (1, .dark), (2, .dark)] {
            asset.register(variant: .init(scale: CGFloat(scale), style: style)) {
                UIImage(surface: ImageSurface(width: scale, height: scale), scale: CGFloat(scale))
            }
        }
        let extra = UIImage(surface: ImageSurface(width: 1, height: 1), scale: 1)
        // Read here: trait collections record their reads for the main thread's tracking.
        let lookups = [traits(scale: 1), traits(scale: 2), traits(scale: 1, style: .dark), traits(scale: 3, style: .dark)]
            .map { UIImageAsset.variant(for: $0, fillingScale: nil) }
        let registered = (0..<5).map { UIImageAsset.Variant(scale: CGFloat($0 + 4)) }
        // Registering and unregistering shift the list while lookups choose and load from it.
        nonisolated(unsafe) let shared = (asset, extra, lookups, registered)
        let found = await Task.detached {
            let (asset, extra, lookups, registered) = shared
            nonisolated(unsafe) var resolved = [Int](repeating: 0, count: 4)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for round in 0..<300 {
                    if worker == 0 {
                        let variant = registered[round % 5]
                        asset.register(variant: variant) { extra }
                        if round % 2 == 0 { asset.unregister(variant: variant) }
                    } else if asset.resolvedImage(for: lookups[(worker + round) % 4]) != nil {
                        resolved[worker] += 1
                    }
                }
            }
            return resolved
        }.value
        #expect(found[1...].allSatisfy { $0 == 300 }, "every lookup found an image: \(found)")
        // A lazily read variant is read once: every lookup returns the same image.
        let dark = traits(scale: 2, style: .dark)
        #expect(asset.resolvedImage(with: dark) === asset.resolvedImage(with: dark))
    }

    @Test func unspecifiedTraitsTakeTheScreensScaleAndThePadIdiom() {
        let asset = UIImageAsset()
        func image(_ side: Int, _ scale: CGFloat) -> UIImage { UIImage(surface: ImageSurface(width: side, height: side), scale: scale) }
        let phone = image(1, 1), pad = image(2, 1), padDouble = image(4, 2)
        asset.register(phone, with: UITraitCollection { $0.userInterfaceIdiom = .phone; $0.displayScale = 1 })
        asset.register(pad, with: UITraitCollection { $0.userInterfaceIdiom = .pad; $0.displayScale = 1 })
        asset.register(padDouble, with: UITraitCollection { $0.userInterfaceIdiom = .pad; $0.displayScale = 2 })
        // No traits at all: the device (an iPad) at the main screen's scale.
        let chosen = asset.image(with: UITraitCollection())
        #expect(chosen === (UIScreen.main.scale >= 2 ? padDouble : pad))
        #expect(asset.image(with: UITraitCollection { $0.userInterfaceIdiom = .phone; $0.displayScale = 1 }) === phone)
        #expect(asset.image(with: UITraitCollection(displayScale: 2)) === padDouble)
    }

    @Test func capInsetsInEachFilesPixelsBecomePoints() throws {
        // Xcode writes 3 px for frame.png and 6 px for frame@2x.png: both are 3 points.
        let insets = UIEdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        for scale in [1.0, 2.0] {
            let frame = try #require(UIImage(named: "Frame", in: .module, compatibleWith: traits(scale: scale)))
            #expect(frame.scale == scale && frame.capInsets == insets && frame.resizingMode == .stretch)
            #expect(frame.size == CGSize(width: 9, height: 9))
        }
    }

    @Test func registeringFillsAMissingScaleWithOneAndReplaces() {
        let asset = UIImageAsset()
        let red = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: UIGraphicsImageRendererFormat()).image { _ in }
        let other = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: UIGraphicsImageRendererFormat()).image { _ in }
        asset.register(red, with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(red.imageAsset === asset)
        #expect(asset.image(with: traits(scale: 1, style: .dark)) === red)
        asset.register(other, with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: traits(scale: 1, style: .dark)) === other, "the same traits again replace")
        asset.unregisterImage(with: UITraitCollection(userInterfaceStyle: .dark))
        #expect(asset.image(with: traits(scale: 1, style: .dark)).size == .zero, "nothing left: an empty image")
    }
}
