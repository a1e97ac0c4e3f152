// Tests get images (cairo surfaces) and the X11 wrapper (window ids, connections) with this module.
@_exported import Cairo
@_exported import SceneHost
@_exported import X11
