import Foundation
@_spi(Testing) import SceneHost

// A test helper: saves a session list to the folder given as the first argument, again and again,
// with sizes and contents that change every time, printing the count after each save. The crash
// test kills it with SIGKILL at random moments and checks the file always reads back whole.
let folder = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
MainActor.assumeIsolated {
    let store = SessionStore(directory: folder)
    var count = 0
    while true {
        count += 1
        let sessions = (0..<(1 + count % 32)).map { index in
            SavedSession(identifier: "session-\(index)", role: "UIWindowSceneSessionRoleApplication",
                         configurationName: "Mail", title: "Window \(index) of save \(count)",
                         userInfo: ["save": count, "padding": String(repeating: "x", count: (count * 37 + index) % 4000)],
                         activity: ["activityType": "org.scenehost.stress", "userInfo": ["index": index]],
                         frame: CGRect(x: index, y: count % 500, width: 400 + index, height: 300))
        }
        store.save(sessions)
        store.flush()
        let line = Array("\(count)\n".utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
