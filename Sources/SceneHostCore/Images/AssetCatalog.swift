import Foundation

/// Reads asset catalogs as Xcode writes them: `.xcassets` folders (among a bundle's resources, or one
/// folder deep in them, as SwiftPM's `.copy("Resources")` leaves them) holding `name.imageset` and
/// `name.colorset` folders, each with a `Contents.json` listing its variants (scale `1x`/`2x`/`3x`,
/// `appearances` luminosity light/dark and contrast high, `width-class`/`height-class`
/// compact/regular, idiom universal/iphone/ipad/mac), `properties.template-rendering-intent` and
/// slicing (`resizing` cap insets); folders with `provides-namespace` prefix their names (`Icons/star`).
/// Catalogs are read once per bundle and images from their files when first chosen. Thread-safe.
enum AssetCatalog {
    struct Catalog {
        var images: [String: UIImageAsset] = [:]
        var colors: [String: [(variant: UIImageAsset.Variant, color: UIColor)]] = [:]
        /// Loose image files among the resources, by name without scale suffix and extension.
        var looseFiles: [String: [(scale: CGFloat, path: String)]] = [:]
    }

    nonisolated(unsafe) private static var catalogs: [String: Catalog] = [:]
    private static let lock = NSLock()

    static func imageAsset(named name: String, in bundle: Bundle) -> UIImageAsset? {
        let catalog = catalog(for: bundle)
        if let asset = catalog.images[name] { return asset }
        // Loose files: `name.png`, `name@2x.png`, … registered once as an asset of their own.
        let key = ((name as NSString).deletingPathExtension as NSString).lastPathComponent
        guard let files = catalog.looseFiles[key] ?? catalog.looseFiles[name] else { return nil }
        return lock.withLock {
            if let made = catalogs[bundle.bundlePath]?.images["\u{0}file:" + name] { return made }
            let asset = UIImageAsset(name: name)
            for file in files {
                asset.register(variant: UIImageAsset.Variant(scale: file.scale)) {
                    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
                    return UIImage(data: data, scale: file.scale, origin: file.path)
                }
            }
            catalogs[bundle.bundlePath]?.images["\u{0}file:" + name] = asset
            return asset
        }
    }

    static func colorVariants(named name: String, in bundle: Bundle) -> [(variant: UIImageAsset.Variant, color: UIColor)]? {
        catalog(for: bundle).colors[name]
    }

    /// The traits an image is chosen for when none are given: those of the drawing under way (main
    /// thread), else scale 1 and the light appearance.
    static func currentTraits() -> UITraitCollection {
        guard Thread.isMainThread else { return UITraitCollection() }
        return MainActor.assumeIsolated { UITraitCollection.current }
    }

    private static func catalog(for bundle: Bundle) -> Catalog {
        lock.withLock {
            if let catalog = catalogs[bundle.bundlePath] { return catalog }
            let catalog = read(bundle)
            catalogs[bundle.bundlePath] = catalog
            return catalog
        }
    }

    private static func read(_ bundle: Bundle) -> Catalog {
        var catalog = Catalog()
        let fileManager = FileManager.default
        let root = bundle.resourceURL ?? URL(fileURLWithPath: bundle.bundlePath, isDirectory: true)
        // The resources folder and the folders directly in it.
        var folders = [root]
        for url in (try? fileManager.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? [] {
            if url.pathExtension == "xcassets" { readCatalog(url, prefix: "", into: &catalog) }
            else if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true { folders.append(url) }
        }
        for folder in folders {
            for url in (try? fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
                if folder != root, url.pathExtension == "xcassets" { readCatalog(url, prefix: "", into: &catalog); continue }
                guard ["png", "jpg", "jpeg", "webp", "svg"].contains(url.pathExtension.lowercased()) else { continue }
                var stem = url.deletingPathExtension().lastPathComponent
                let scale = ImageContent.scale(inFileName: url.path)
                if scale > 1 { stem.removeLast(3) }
                catalog.looseFiles[stem, default: []].append((scale, url.path))
            }
        }
        return catalog
    }

    private static func contents(of folder: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Contents.json")) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func readCatalog(_ folder: URL, prefix: String, into catalog: inout Catalog) {
        for url in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
            let name = prefix + url.deletingPathExtension().lastPathComponent
            switch url.pathExtension {
            case "imageset": if let asset = readImageSet(url, name: name) { catalog.images[name] = asset }
            case "colorset": if let colors = readColorSet(url) { catalog.colors[name] = colors }
            case "":
                guard (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true else { continue }
                let namespace = (contents(of: url)?["properties"] as? [String: Any])?["provides-namespace"] as? Bool ?? false
                readCatalog(url, prefix: namespace ? name + "/" : prefix, into: &catalog)
            default: continue
            }
        }
    }

    /// The traits an entry's keys name; nil for an entry for another kind of device.
    private static func variant(of entry: [String: Any]) -> UIImageAsset.Variant? {
        var variant = UIImageAsset.Variant()
        switch entry["idiom"] as? String ?? "universal" {
        case "universal": break
        case "iphone": variant.idiom = .phone
        case "ipad": variant.idiom = .pad
        case "mac": variant.idiom = .mac
        default: return nil
        }
        if let scale = entry["scale"] as? String, let value = Double(scale.dropLast()) { variant.scale = CGFloat(value) }
        for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
            switch (appearance["appearance"] as? String, appearance["value"] as? String) {
            case ("luminosity", "light"): variant.style = .light
            case ("luminosity", "dark"): variant.style = .dark
            case ("contrast", "high"): variant.contrast = .high
            default: break
            }
        }
        func sizeClass(_ key: String) -> UIUserInterfaceSizeClass? {
            switch entry[key] as? String { case "compact": .compact; case "regular": .regular; default: nil }
        }
        variant.horizontalSizeClass = sizeClass("width-class")
        variant.verticalSizeClass = sizeClass("height-class")
        return variant
    }

    private static func readImageSet(_ folder: URL, name: String) -> UIImageAsset? {
        guard let json = contents(of: folder), let entries = json["images"] as? [[String: Any]] else { return nil }
        let properties = json["properties"] as? [String: Any]
        let mode: UIImage.RenderingMode = switch properties?["template-rendering-intent"] as? String {
        case "template": .alwaysTemplate
        case "original": .alwaysOriginal
        default: .automatic
        }
        let asset = UIImageAsset(name: name)
        var any = false
        for entry in entries {
            guard let file = entry["filename"] as? String, let variant = variant(of: entry) else { continue }
            let path = folder.appendingPathComponent(file).path
            let slicing = slicing(entry["resizing"] as? [String: Any], scale: variant.scale ?? 1)
            any = true
            asset.register(variant: variant) {
                guard let data = FileManager.default.contents(atPath: path) else {
                    ImageContent.warn("cannot read \(path) (image \"\(name)\")")
                    return nil
                }
                guard var image = UIImage(data: data, scale: variant.scale ?? 1, origin: path) else { return nil }
                if mode != .automatic { image = image.withRenderingMode(mode) }
                if let slicing { image = image.resizableImage(withCapInsets: slicing.insets, resizingMode: slicing.mode) }
                return image
            }
        }
        return any ? asset : nil
    }

    /// Xcode's slicing (`resizing` with `cap-insets` in pixels of each variant's own file and a
    /// `center` mode), with the insets in points (divided by the variant's `scale`).
    private static func slicing(_ resizing: [String: Any]?, scale: CGFloat) -> (insets: UIEdgeInsets, mode: UIImage.ResizingMode)? {
        guard let resizing, let caps = resizing["cap-insets"] as? [String: Any] else { return nil }
        func value(_ key: String) -> CGFloat { CGFloat((caps[key] as? NSNumber)?.doubleValue ?? 0) / max(scale, 1) }
        let center = (resizing["center"] as? [String: Any])?["mode"] as? String
        return (UIEdgeInsets(top: value("top"), left: value("left"), bottom: value("bottom"), right: value("right")),
                center == "stretch" ? .stretch : .tile)
    }

    private static func readColorSet(_ folder: URL) -> [(variant: UIImageAsset.Variant, color: UIColor)]? {
        guard let json = contents(of: folder), let entries = json["colors"] as? [[String: Any]] else { return nil }
        var colors: [(UIImageAsset.Variant, UIColor)] = []
        for entry in entries {
            guard let variant = variant(of: entry), let color = entry["color"] as? [String: Any],
                  let components = color["components"] as? [String: Any] else { continue }
            // Components are written as "0.500" (a fraction), "128" (8-bit) or "0x80" (8-bit hex).
            func value(_ key: String, isAlpha: Bool = false) -> CGFloat {
                let text = (components[key] as? String) ?? (components[key] as? NSNumber)?.stringValue ?? "1"
                if text.hasPrefix("0x") || text.hasPrefix("0X") { return CGFloat(Int(text.dropFirst(2), radix: 16) ?? 255) / 255 }
                if !text.contains("."), !isAlpha, let integer = Int(text) { return CGFloat(integer) / 255 }
                return CGFloat(Double(text) ?? 1)
            }
            let alpha = value("alpha", isAlpha: true)
            if components["white"] != nil {
                colors.append((variant, UIColor(white: value("white"), alpha: alpha)))
            } else {
                // sRGB, extended sRGB and Display P3 are all drawn as sRGB (SceneHost draws in sRGB only).
                colors.append((variant, UIColor(red: value("red"), green: value("green"), blue: value("blue"), alpha: alpha)))
            }
        }
        return colors.isEmpty ? nil : colors
    }
}

extension UIColor {
    /// A colour from `bundle`'s asset catalogs (a `name.colorset`; `bundle` nil is `Bundle.main`), as
    /// UIKit's: with variants for appearance, contrast or size class it is a dynamic colour resolved
    /// against the traits it is drawn with; with `traitCollection`, resolved for those traits now. Nil
    /// when no such colour exists. Display P3 colours are drawn as if sRGB.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let variants = AssetCatalog.colorVariants(named: name, in: bundle ?? .main) else { return nil }
        @Sendable func pick(_ traits: UITraitCollection) -> UIColor {
            let lookup = UIImageAsset.variant(for: traits, fillingScale: nil)
            let scored = variants.compactMap { entry in entry.variant.matches(lookup).map { (entry.color, $0) } }
            return scored.max { $0.1 < $1.1 }?.0 ?? variants[0].color
        }
        if let traitCollection {
            let color = pick(traitCollection)
            self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        } else if variants.count == 1 {
            let color = variants[0].color
            self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        } else {
            self.init(dynamicProvider: pick)
        }
    }

    /// `init(named:in:compatibleWith:)` from the main bundle, unresolved.
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }
}
