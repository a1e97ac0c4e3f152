#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/sync.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XRes.h>
#include <X11/extensions/XInput2.h>
#include <X11/Xcursor/Xcursor.h>
#include <X11/cursorfont.h>
#include <X11/XKBlib.h>
#include <X11/Xlib-xcb.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-x11.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/* XDestroyImage and XGetPixel are function-like macros, which Swift cannot import. */
static inline int scenehost_destroy_image(XImage *image) { return XDestroyImage(image); }
static inline unsigned long scenehost_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
/* The newest request the server is known to have handled (from the serial of the last event or reply
   read): LastKnownRequestProcessed is a macro too. */
static inline unsigned long scenehost_last_known_request_processed(Display *display) { return LastKnownRequestProcessed(display); }
/* A fresh resource id of this connection's range (what XAllocID, a macro, gives): the X-Resource extension
   names a client by any id of its range. */
static inline XID scenehost_allocate_id(Display *display) { return ((_XPrivDisplay)display)->resource_alloc(display); }

/* Input methods (XIM). XGetIMValues, XSetIMValues, XCreateIC, XSetICValues and XVaCreateNestedList are
   variadic, which Swift cannot call: these wrappers make the few calls SceneHost needs. */

/* The input styles the input method supports (XFree the result); NULL when it does not say. */
static inline XIMStyles *scenehost_im_styles(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL) return NULL;
    return styles;
}

/* Called when the input method's server goes away: the XIM and its XICs are dead then. */
static inline void scenehost_im_set_destroy_callback(XIM im, XIMCallback *callback) {
    XSetIMValues(im, XNDestroyCallback, callback, NULL);
}

/* Preedit start: no limit on the preedit's length (-1), as GTK answers. */
static inline int scenehost_preedit_start(XIC ic, XPointer client_data, XPointer call_data) { return -1; }

/* An input context on `window` in `style`. With XIMPreeditCallbacks (on-the-spot), the preedit is
   reported to `draw`, `done` and `caret` with `client_data`; the start callback is the one above. */
static inline XIC scenehost_create_ic(XIM im, Window window, XIMStyle style, XPointer client_data,
                                      XIMProc draw, XIMProc done, XIMProc caret) {
    if (style & XIMPreeditCallbacks) {
        XIMCallback start_callback = { client_data, (XIMProc)scenehost_preedit_start };
        XIMCallback draw_callback = { client_data, draw };
        XIMCallback done_callback = { client_data, done };
        XIMCallback caret_callback = { client_data, caret };
        XVaNestedList preedit = XVaCreateNestedList(0, XNPreeditStartCallback, &start_callback,
                                                    XNPreeditDoneCallback, &done_callback,
                                                    XNPreeditDrawCallback, &draw_callback,
                                                    XNPreeditCaretCallback, &caret_callback, NULL);
        XIC ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                           XNPreeditAttributes, preedit, NULL);
        XFree(preedit);
        return ic;
    }
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* Where the caret is (window pixels, the baseline's left end): the input method places its candidate
   window or preedit there. */
static inline void scenehost_ic_set_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
}

/* The event mask the input context needs on its window (XNFilterEvents). */
static inline long scenehost_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, NULL) != NULL) return 0;
    return mask;
}
