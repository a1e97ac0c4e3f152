import Foundation
import SceneHost

// Searching the Mail list: a search controller in the list's navigation item filters the list in place
// as a person types (no results controller: the list is the results), Ctrl+F focuses it, Escape or
// Cancel ends the search and the whole mailbox shows again.

extension MailViewController {
    /// The search field over the message list.
    func installSearch() {
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = list
        // The list filters in place, so it stays visible and clickable; the bar keeps its title row.
        search.obscuresBackgroundDuringPresentation = false
        search.hidesNavigationBarDuringPresentation = false
        search.searchBar.placeholder = "Search"
        list.navigationItem.searchController = search
        list.navigationItem.hidesSearchBarWhenScrolling = false
    }

    /// Ctrl+F: the list comes on screen (when compact) and its search field takes the keyboard.
    func focusSearch() {
        if isCollapsed { show(.supplementary) }
        list.navigationItem.searchController?.searchBar.becomeFirstResponder()
    }
}

extension MessageListViewController: UISearchResultsUpdating {
    /// Filters the list with the search field's text.
    func updateSearchResults(for searchController: UISearchController) {
        filter(searchController.searchBar.text ?? "")
    }
}
