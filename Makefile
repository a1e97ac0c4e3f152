# SceneHost build glue. `make run` and `make test` install whatever Debian/Ubuntu packages are
# missing (apt-get as root, sudo otherwise), build, and run.
PACKAGES := pkg-config libx11-dev libxext-dev libxtst-dev libxrandr-dev libxres-dev libxi-dev libxcursor-dev libxkbcommon-x11-dev libx11-xcb-dev libcairo2-dev libpixman-1-dev \
            libpango1.0-dev xvfb openbox xdotool x11-utils xauth fonts-dejavu-core xfwm4 i3-wm dbus \
            weston xwayland libturbojpeg0-dev libwebp-dev librsvg2-dev adwaita-icon-theme xclip \
            xdg-utils fcitx5
# fcitx5 is for the input-method test only (SceneHost talks XIM to whatever server XMODIFIERS names).
# Only `make bench` needs these: djpeg is the JPEG decoder the image benchmark compares against, and the
# GTK 4 twins of `Benchmarks collection` and `Benchmarks peers` are built against libgtk-4-dev; the harness of
# `Benchmarks peers` watches windows with XDamage (libxdamage-dev); `Benchmarks storm` with SCENEHOST_STORM_DUMP
# takes a core file with gdb's gcore.
BENCH_PACKAGES := libjpeg-turbo-progs libgtk-4-dev libxdamage-dev gdb
# Only `make symbol-order` needs these: it runs the release Gallery under valgrind's callgrind.
ORDER_PACKAGES := valgrind python3
SWIFT ?= swift

.PHONY: run test deps build bench symbol-order clean

# On a desktop the Gallery opens on $$DISPLAY; without one it tours a private virtual display and
# writes screenshots to out/gallery/, and its contact sheets (every iPad size) to out/gallery/sheets/.
# The Gallery as it ships: a release build, the Swift runtime and Foundation linked into it (Package.swift),
# the executable `Benchmarks peers` measures. Its tour (GalleryTour, beside it) links the test kit.
run: deps
	$(SWIFT) build -c release --product Gallery
	$(SWIFT) build -c release --product GalleryTour
	@if [ -n "$$DISPLAY" ]; then $(SWIFT) run -c release --skip-build Gallery; \
	else echo "no DISPLAY: running the Gallery on a private virtual display"; $(SWIFT) run -c release --skip-build Gallery --tour out/gallery && \
	  echo "and at every iPad size:" && $(SWIFT) run -c release --skip-build Gallery --contact-sheet out/gallery/sheets; fi

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build -c release --product Gallery
	$(SWIFT) run -c release Benchmarks

# Rewrites scripts/launch-symbol-order.txt, the functions a launch of the Gallery runs, which the static
# executables are linked in the order of (Package.swift), and scripts/launch-sections.ld, those of them
# the list cannot name; then links the Gallery again with them. Run it when what a launch runs has
# changed much: a stale list only costs memory.
symbol-order: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(ORDER_PACKAGES)"
	$(SWIFT) build -c release --product Gallery
	python3 scripts/launch-symbol-order.py .build/release/Gallery
	rm -f .build/release/Gallery && $(SWIFT) build -c release --product Gallery

build: deps
	$(SWIFT) build

# Installs only the packages dpkg does not already report as installed. After an install the manifest is
# touched: SwiftPM keeps the pkg-config flags of an earlier build made without the headers until it changes.
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; \
	  else echo "missing packages:$$missing; run as root or install sudo" >&2; exit 1; fi; \
	  echo "installing:$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing && \
	  touch Package.swift; \
	fi

clean:
	rm -rf .build out
