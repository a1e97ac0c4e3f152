// librsvg's few entry points SceneHost calls, declared here instead of including <librsvg/rsvg.h>:
// librsvg (6 MB resident, with libxml2, gio, gdk-pixbuf…) is loaded with dlopen at the first SVG that
// must be drawn (`SVGLibrary` in the Cairo target), not linked, so a launch that draws only cached
// symbols never maps it. The types match librsvg 2.48+'s ABI (rsvg.h): plain C structs of doubles.
#ifndef SCENEHOST_CRSVG_SHIM_H
#define SCENEHOST_CRSVG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/// RsvgRectangle.
typedef struct { double x, y, width, height; } SceneHostRsvgRectangle;
/// RsvgLength: a length and its unit (an enum, an int in C).
typedef struct { double length; int unit; } SceneHostRsvgLength;

/// rsvg_handle_new_from_data(data, length, GError **error): a handle (a GObject), or NULL.
typedef void *(*SceneHostRsvgNewFromData)(const uint8_t *data, size_t length, void **error);
/// rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height): whether the size is known.
typedef int (*SceneHostRsvgIntrinsicSize)(void *handle, double *width, double *height);
/// rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox).
typedef void (*SceneHostRsvgIntrinsicDimensions)(void *handle, int *hasWidth, SceneHostRsvgLength *width, int *hasHeight,
                                                  SceneHostRsvgLength *height, int *hasViewBox, SceneHostRsvgRectangle *viewBox);
/// rsvg_handle_render_document(handle, cairo_t *, &viewport, GError **error).
typedef int (*SceneHostRsvgRenderDocument)(void *handle, void *cairo, const SceneHostRsvgRectangle *viewport, void **error);

#endif
