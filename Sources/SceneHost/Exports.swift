// Apps write `import SceneHost` only, as they would `import UIKit`.
@_exported import Foundation
@_exported import SceneHostCore
