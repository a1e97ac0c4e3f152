import Cairo
import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
private final class SearchBarLog: UISearchBarDelegate {
    var log: [String] = []
    var allowsChange = true
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { log.append("shouldBegin"); return true }
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("didBegin") }
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { log.append("shouldEnd"); return true }
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { log.append("didEnd") }
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("text \(searchText)") }
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("change \(range.location) \(text)")
        return allowsChange
    }
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("search") }
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { log.append("scope \(selectedScope)") }
}

/// UISearchBar on its own, offscreen: the delegate's calls in UIKit's order, Cancel, Escape, the scope bar.
@MainActor
struct UISearchBarTests {
    private func barScene() -> (UIWindowScene, UISearchBar, SearchBarLog) {
        let root = UIViewController()
        let scene = presentationScene(CGSize(width: 500, height: 300), root: root)
        let bar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 500, height: 52))
        let log = SearchBarLog()
        bar.delegate = log
        root.view.addSubview(bar)
        presentationFrame(scene)
        return (scene, bar, log)
    }

    @Test func typingReturnAndEndingCallTheDelegateInUIKitsOrder() {
        let (scene, bar, log) = barScene()
        #expect(bar.placeholder == "Search" && bar.text == "")
        click(scene, at: CGPoint(x: 200, y: 26))
        #expect(bar.searchTextField.isEditing && bar.isFirstResponder)
        type(scene, "ab")
        press(scene, "\r", .keyboardReturnOrEnter)
        #expect(bar.searchTextField.isEditing, "Return searches; the field keeps editing")
        log.allowsChange = false
        type(scene, "c")
        #expect(bar.text == "ab")
        bar.text = "set in code"
        #expect(bar.resignFirstResponder())
        #expect(log.log == ["shouldBegin", "didBegin", "change 0 a", "text a", "change 1 b", "text ab", "search", "change 2 c",
                            "shouldEnd", "didEnd"])
    }

    @Test func theCancelButtonAndEscape() {
        let (scene, bar, log) = barScene()
        #expect(bar.cancelButton.isHidden)
        bar.showsCancelButton = true
        presentationFrame(scene)
        #expect(!bar.cancelButton.isHidden && bar.cancelButton.frame.maxX <= 500 - 16)
        #expect(bar.searchTextField.frame.maxX < bar.cancelButton.frame.minX, "the field makes room for Cancel")
        bar.becomeFirstResponder()
        type(scene, "x")
        press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
        #expect(log.log.last == "cancel")
        let center = CGPoint(x: bar.cancelButton.frame.midX, y: bar.cancelButton.frame.midY)
        click(scene, at: center)
        #expect(log.log.filter { $0 == "cancel" }.count == 2)
        // Without Cancel, Escape ends editing.
        bar.showsCancelButton = false
        bar.becomeFirstResponder()
        press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
        #expect(!bar.searchTextField.isEditing && log.log.last == "didEnd")
    }

    @Test func theScopeBarTellsTheDelegateAndGrowsTheBar() {
        let (scene, bar, log) = barScene()
        bar.scopeButtonTitles = ["All", "Unread", "Flagged"]
        #expect(bar.sizeThatFits(CGSize(width: 500, height: 0)).height == 52, "hidden until showsScopeBar")
        bar.showsScopeBar = true
        #expect(bar.sizeThatFits(CGSize(width: 500, height: 0)).height == 92)
        bar.frame.size.height = 92
        presentationFrame(scene)
        #expect(!bar.scopeBar.isHidden && bar.scopeBar.numberOfSegments == 3 && bar.scopeBar.selectedSegmentIndex == 0)
        let frame = bar.scopeBar.frame
        click(scene, at: CGPoint(x: frame.minX + frame.width * 5 / 6, y: frame.midY))
        #expect(bar.selectedScopeButtonIndex == 2 && log.log == ["scope 2"])
        bar.selectedScopeButtonIndex = 1
        #expect(bar.scopeBar.selectedSegmentIndex == 1 && log.log == ["scope 2"], "setting it in code tells nothing")
    }

    @Test func theFieldDrawsTheMagnifierAndPlaceholder() {
        let (scene, bar, _) = barScene()
        let image = scene.renderImage()
        // The field's grey background and something darker (the magnifier) at its leading end.
        let field = bar.searchTextField.frame
        #expect(field.height == 36 && field.minX == 16)
        let glass = (Int(field.minX) + 8)...(Int(field.minX) + 22)
        var darkest = 255
        for x in glass { for y in Int(field.midY) - 7...Int(field.midY) + 7 { darkest = min(darkest, Int((image.pixel(x: x, y: y) >> 16) & 0xFF)) } }
        #expect(darkest < 200, "the magnifier is drawn")
        #expect(bar.searchTextField.textRect(forBounds: bar.searchTextField.bounds).minX >= 28, "the text starts after it")
    }
}

extension UISearchBarTests {
    /// The field's text follows the reader's text size, as UIKit's search field: body text, adjusting;
    /// the field and the bar's row grow with it, and come back.
    @Test func theFieldsTextAndTheRowGrowWithTheTextSize() {
        let (scene, bar, _) = barScene()
        let field = bar.searchTextField
        #expect(field.adjustsFontForContentSizeCategory && field.font?.textStyle == .body && field.font?.pointSize == 17)
        #expect(bar.intrinsicContentSize.height == 52 && field.frame.height == 36)
        scene.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        bar.frame.size.height = bar.intrinsicContentSize.height
        presentationFrame(scene)
        #expect(field.font?.pointSize == 53)
        let row = bar.intrinsicContentSize.height
        #expect(row > 52 * 1.5 && field.frame.height == row - 16, "row \(row), field \(field.frame)")
        #expect(field.frame.height >= field.intrinsicContentSize.height, "the text fits the field")
        scene.traitOverrides.preferredContentSizeCategory = .large
        bar.frame.size.height = bar.intrinsicContentSize.height
        presentationFrame(scene)
        #expect(bar.intrinsicContentSize.height == 52 && field.frame.height == 36 && field.font?.pointSize == 17)
    }
}
