import Foundation
@_spi(Runtime) @testable import SceneHostCore
import Testing

@MainActor
private final class SearchLog: UISearchResultsUpdating, UISearchControllerDelegate {
    var log: [String] = []
    func updateSearchResults(for searchController: UISearchController) {
        log.append("update \(searchController.searchBar.text ?? "") \(searchController.searchBar.selectedScopeButtonIndex)")
    }
    func willPresentSearchController(_ searchController: UISearchController) { log.append("willPresent") }
    func didPresentSearchController(_ searchController: UISearchController) { log.append("didPresent") }
    func willDismissSearchController(_ searchController: UISearchController) { log.append("willDismiss") }
    func didDismissSearchController(_ searchController: UISearchController) { log.append("didDismiss") }
}

/// A list whose content is a scroll view, for `hidesSearchBarWhenScrolling`.
@MainActor
private final class ListController: UIViewController {
    let scrollView = UIScrollView()
    override func loadView() {
        scrollView.contentSize = CGSize(width: 100, height: 3000)
        scrollView.backgroundColor = .systemBackground
        view = scrollView
    }
}

/// UISearchController in a navigation item, offscreen: activation, results, the folded bar, Cancel
/// and Escape, scrolling the search bar away, and that it goes away with its controllers.
@MainActor
struct UISearchControllerTests {
    private func searchScene(results: UIViewController? = UIViewController(), content: UIViewController = ListController())
        -> (UIWindowScene, UINavigationController, UISearchController, SearchLog) {
        content.title = "Mail"
        let search = UISearchController(searchResultsController: results)
        let log = SearchLog()
        search.searchResultsUpdater = log
        search.delegate = log
        content.navigationItem.searchController = search
        let navigation = UINavigationController(rootViewController: content)
        let scene = presentationScene(CGSize(width: 800, height: 600), root: navigation)
        presentationFrame(scene)
        return (scene, navigation, search, log)
    }

    @Test func theSearchBarShowsUnderTheTitleRow() {
        let (_, navigation, search, _) = searchScene()
        let bar = navigation.navigationBar
        #expect(search.searchBar.superview === bar && !search.searchBar.isHidden)
        #expect(abs(bar.frame.height - 102) < 0.01, "the title row and the search row")
        #expect(search.searchBar.frame == CGRect(x: 0, y: 50, width: 800, height: 52))
        #expect(navigation.contentAreaFrame.minY == 102, "the content starts under the search row")
        #expect(!search.isActive && search.searchResultsController?.parent === search)
    }

    @Test func clickingTheFieldActivatesTypingShowsResultsAndCancelEnds() {
        let (scene, navigation, search, log) = searchScene()
        let results = try! #require(search.searchResultsController)
        click(scene, at: CGPoint(x: 300, y: 76))
        presentationFrame(scene)
        #expect(search.isActive && search.searchBar.searchTextField.isEditing)
        #expect(log.log == ["willPresent", "update  0", "didPresent"])
        // The title row folds away, Cancel shows, the content is dimmed but no results yet.
        #expect(navigation.navigationBar.frame.height == 52 && search.searchBar.frame.minY == 0)
        #expect(navigation.navigationBar.titleLabel.isHidden && !search.searchBar.cancelButton.isHidden)
        #expect(search.view.superview === navigation.view && search.view.frame == navigation.contentAreaFrame)
        #expect(results.viewIfLoaded?.superview == nil)
        type(scene, "ok")
        presentationFrame(scene)
        #expect(results.view.superview === search.view && results.view.frame.size == search.view.bounds.size)
        #expect(log.log.suffix(2) == ["update o 0", "update ok 0"])
        // Cancel: the field empties, the search ends, the bar comes back.
        let cancel = search.searchBar.cancelButton
        click(scene, at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        presentationFrame(scene)
        #expect(!search.isActive && search.searchBar.text == "" && !search.searchBar.searchTextField.isEditing)
        #expect(Array(log.log.suffix(3)) == ["willDismiss", "update  0", "didDismiss"])
        #expect(search.viewIfLoaded?.superview == nil && navigation.navigationBar.frame.height == 102)
        #expect(!navigation.navigationBar.titleLabel.isHidden && search.searchBar.cancelButton.isHidden)
    }

    @Test func escapeAndAClickOnTheDimmedContentCancel() {
        let (scene, _, search, _) = searchScene(results: nil)
        #expect(search.searchBar.becomeFirstResponder() && search.isActive)
        type(scene, "x")
        press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
        #expect(!search.isActive && search.searchBar.text == "")
        search.isActive = true
        presentationFrame(scene)
        #expect(!search.searchBar.searchTextField.isEditing, "isActive does not focus the field, as in UIKit")
        click(scene, at: CGPoint(x: 400, y: 400))
        #expect(!search.isActive, "a click on the dimmed content cancels")
        search.obscuresBackgroundDuringPresentation = false
        search.hidesNavigationBarDuringPresentation = false
        search.isActive = true
        presentationFrame(scene)
        #expect(search.view.subviews.allSatisfy { $0.isHidden }, "nothing dims the content")
        let navigation = try! #require(search.hostNavigationController)
        #expect(navigation.navigationBar.frame.height == 102, "the title row stays")
    }

    @Test func theScopeBarShowsWhileActiveAndUpdatesTheResults() {
        let (scene, navigation, search, log) = searchScene()
        search.searchBar.scopeButtonTitles = ["All", "Unread"]
        search.isActive = true
        presentationFrame(scene)
        #expect(search.searchBar.showsScopeBar && navigation.navigationBar.frame.height == 92)
        let scope = search.searchBar.scopeBar
        click(scene, at: scope.convert(CGPoint(x: scope.bounds.width * 3 / 4, y: scope.bounds.midY), to: nil))
        #expect(log.log.last == "update  1")
        search.isActive = false
        presentationFrame(scene)
        #expect(!search.searchBar.showsScopeBar && navigation.navigationBar.frame.height == 102)
    }

    @Test func theSearchBarFoldsAwayAsTheContentScrolls() {
        let list = ListController()
        let (scene, navigation, search, _) = searchScene(content: list)
        list.scrollView.contentOffset = CGPoint(x: 0, y: 200)
        presentationFrame(scene)
        #expect(search.searchBar.isHidden && navigation.navigationBar.frame.height == 50)
        list.scrollView.contentOffset = CGPoint(x: 0, y: -list.scrollView.adjustedContentInset.top)
        presentationFrame(scene)
        #expect(!search.searchBar.isHidden && navigation.navigationBar.frame.height == 102)
        list.navigationItem.hidesSearchBarWhenScrolling = false
        list.scrollView.contentOffset = CGPoint(x: 0, y: 200)
        presentationFrame(scene)
        #expect(!search.searchBar.isHidden, "it stays when hidesSearchBarWhenScrolling is false")
    }

    @Test func aPushEndsTheSearchOfTheItemBelow() {
        let (scene, navigation, search, _) = searchScene()
        search.isActive = true
        navigation.pushViewController(UIViewController(), animated: false)
        presentationFrame(scene)
        #expect(!search.isActive && search.viewIfLoaded?.superview == nil && search.searchBar.superview == nil)
    }

    @Test func theSearchControllerAndItsResultsAreFreed() {
        weak var weakSearch: UISearchController?
        weak var weakResults: UIViewController?
        weak var weakBar: UISearchBar?
        weak var weakNavigation: UINavigationController?
        do {
            let (scene, navigation, search, _) = searchScene()
            weakSearch = search
            weakResults = search.searchResultsController
            weakBar = search.searchBar
            weakNavigation = navigation
            search.searchBar.becomeFirstResponder()
            type(scene, "abc")
            press(scene, UIKeyCommand.inputEscape, .keyboardEscape)
            search.isActive = true
            type(scene, "d")
            presentationFrame(scene)
            scene.windows.first?.rootViewController = UIViewController()
            presentationFrame(scene)
        }
        #expect(weakSearch == nil && weakResults == nil && weakBar == nil && weakNavigation == nil)
    }
}
