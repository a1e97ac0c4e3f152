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
