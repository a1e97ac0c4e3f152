import GalleryApp

// The Gallery app: `Gallery` opens its scenes on $DISPLAY; `Gallery --tour [DIR]` runs it on a private
// virtual display and writes screenshots. The app itself lives in GalleryApp, so tests and benchmarks
// can run it in their own process.
AppDelegate.main()
