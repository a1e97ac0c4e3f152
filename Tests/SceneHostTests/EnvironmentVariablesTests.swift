import Foundation
@_spi(Testing) import SceneHost
import Testing

/// One rule for every SceneHost variable: empty is unset; switches read 1/true/yes and 0/false/no.
@MainActor
struct EnvironmentVariablesTests {
    @Test func anEmptyValueIsTheSameAsUnset() {
        let environment = EnvironmentVariables(["SCENEHOST_TRACE": "", "SCENEHOST_STYLE": "dark"])
        #expect(environment["SCENEHOST_TRACE"] == nil)
        #expect(environment["SCENEHOST_STYLE"] == "dark")
        #expect(environment["SCENEHOST_SCALE"] == nil)
    }

    @Test func switchesReadOneRuleAndWarnAboutAnythingElse() {
        let values = ["1": true, "true": true, "YES": true, "0": false, "False": false, "no": false]
        for (text, expected) in values {
            var problems: [String] = []
            #expect(EnvironmentVariables(["SCENEHOST_NO_SHM": text]).flag("SCENEHOST_NO_SHM") { problems.append($0) } == expected)
            #expect(problems.isEmpty)
        }
        var problems: [String] = []
        #expect(EnvironmentVariables(["SCENEHOST_NO_XSYNC": "2"]).flag("SCENEHOST_NO_XSYNC") { problems.append($0) } == nil)
        #expect(problems.count == 1 && problems[0].contains("SCENEHOST_NO_XSYNC=2") && problems[0].contains("1, true or yes"))
        problems = []
        #expect(EnvironmentVariables(["SCENEHOST_NO_XSYNC": ""]).flag("SCENEHOST_NO_XSYNC") { problems.append($0) } == nil)
        #expect(EnvironmentVariables([:]).flag("SCENEHOST_NO_XSYNC") { problems.append($0) } == nil)
        #expect(problems.isEmpty, "empty and unset are not problems")
    }

    @Test func theProcessEnvironmentIsReadAsItIsWhenAVariableIsRead() {
        let name = "SCENEHOST_TEST_VARIABLE_\(getpid())"
        let environment = EnvironmentVariables()
        #expect(environment[name] == nil)
        setenv(name, "dark", 1)
        defer { unsetenv(name) }
        #expect(environment[name] == "dark")
        setenv(name, "", 1)
        #expect(environment[name] == nil, "empty is unset")
    }
}
