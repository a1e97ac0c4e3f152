// The bare twin of the Gallery's Mail scene, for `Benchmarks peers`: what a careful hand-written X11
// client doing the same content costs. Xlib + cairo + Pango + MIT-SHM, nothing else: one process, one
// blocking event loop, each window drawn into a shared-memory image sized to the window and put with
// XShmPutImage, the `_NET_WM_SYNC_REQUEST` counter set after each frame.
//
// The content is the Mail scene's: the inbox's seven messages (avatar with initials, sender, time,
// subject, a two-line preview), and from 678 points wide the reading pane beside the list (subject,
// sender line, wrapped paragraphs, at most 640 points wide), as the Gallery's split view shows them.
// It opens two windows at start (the Gallery opens Mail and Settings), 1024×768 each as the Gallery's
// are, and another at each Ctrl+N. `mail_twin offscreen …` times its step without X (see `offscreen`).
//
// Build: cc -O2 mail_twin.c $(pkg-config --cflags --libs x11 xext pangocairo)
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/sync.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct { const char *sender, *subject, *preview, *time; const char *body[4]; } Message;

static const Message messages[] = {
    {"Ada Lovelace", "Notes on the Analytical Engine", "I have attached the translation with my notes, which turned out longer than the paper itself.", "09:41",
     {"Dear Charles,", "I have attached the translation with my notes, which turned out longer than the paper itself. Note G walks through computing the Bernoulli numbers step by step; I believe it is the clearest account of what the engine can do.", "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed by those of the abstract science of operations.", "Yours, Ada"}},
    {"Grace Hopper", "Re: compiler schedule", "The A-0 system runs. It is easier to ask forgiveness than it is to get permission.", "08:15",
     {"The A-0 system runs on the UNIVAC now.", "It is easier to ask forgiveness than it is to get permission, so I went ahead and wired the subroutine library in.", "Grace", NULL}},
    {"Alan Turing", "Morphogenesis draft", "Spots and stripes fall out of two diffusing chemicals; the maths is below.", "Yesterday",
     {"Spots and stripes fall out of two diffusing chemicals reacting with each other.", "I ran the numbers on the Manchester machine; the patterns look remarkably like a dappled coat.", "Alan", NULL}},
    {"Edsger Dijkstra", "On the cruelty of really teaching computing science", "A short note for the faculty meeting on Thursday.", "Yesterday",
     {"A short note for the faculty meeting on Thursday.", "Program testing can be used to show the presence of bugs, but never to show their absence.", "EWD", NULL}},
    {"Margaret Hamilton", "Priority displays", "The 1202 alarms were the executive shedding low-priority work, as designed.", "Tuesday",
     {"The 1202 alarms were the executive shedding low-priority work, exactly as designed.", "We should keep the restart protection in every build.", "Margaret", NULL}},
    {"Dennis Ritchie", "Portable assembler", "Ken and I have rewritten most of the kernel in the new language.", "Monday",
     {"Ken and I have rewritten most of the kernel in the new language.", "It is only a little slower and far easier to move between machines.", "dmr", NULL}},
    {"Barbara Liskov", "Data abstraction", "Subtypes should be substitutable for their base types; a sketch of the rule.", "Monday",
     {"Subtypes should be substitutable for their base types.", "A sketch of the rule is attached; comments welcome before the conference.", "Barbara", NULL}},
};
enum { MESSAGES = sizeof messages / sizeof messages[0], LIST_WIDTH = 320, ROW_HEIGHT = 84, BAR_HEIGHT = 50, REGULAR_WIDTH = 678 };

typedef struct {
    Window id;
    XSyncCounter counter;
    XSyncValue pendingSync;
    int syncPending, dirty, width, height, busy;
    XShmSegmentInfo shm;
    XImage *image;
    int imageWidth, imageHeight;
    // Text laid out once; a frame only sets widths and draws.
    PangoLayout *title, *sender[MESSAGES], *time[MESSAGES], *subject[MESSAGES], *preview[MESSAGES], *initials[MESSAGES];
    PangoLayout *paneSubject, *paneFrom, *paneBody[4];
} MailWindow;

static Display *display;
static int screen, shmCompletion;
static Atom wmProtocols, wmDelete, netWmSyncRequest, netWmSyncRequestCounter, netWmPid, netWmName, utf8String;
static MailWindow *windows[64];
static int windowCount;
static PangoContext *pango;

static PangoLayout *layout(const char *text, const char *font, int wrapLines) {
    PangoLayout *result = pango_layout_new(pango);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_layout_set_font_description(result, description);
    pango_font_description_free(description);
    pango_layout_set_text(result, text, -1);
    if (wrapLines) {
        pango_layout_set_wrap(result, PANGO_WRAP_WORD);
        if (wrapLines > 0) pango_layout_set_height(result, -wrapLines);
    }
    pango_layout_set_ellipsize(result, wrapLines == -1 ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
    return result;
}

static void makeLayouts(MailWindow *w);

static void openWindow(void) {
    if (windowCount == 64) return;
    MailWindow *w = calloc(1, sizeof *w);
    w->width = 1024; w->height = 768; w->dirty = 1;
    XSetWindowAttributes attributes = {.background_pixmap = None, .bit_gravity = NorthWestGravity,
        .event_mask = ExposureMask | StructureNotifyMask | KeyPressMask};
    w->id = XCreateWindow(display, RootWindow(display, screen), 0, 0, w->width, w->height, 0, CopyFromParent, InputOutput,
                          CopyFromParent, CWBackPixmap | CWBitGravity | CWEventMask, &attributes);
    XStoreName(display, w->id, "Mail");
    XChangeProperty(display, w->id, netWmName, utf8String, 8, PropModeReplace, (unsigned char *)"Mail", 4);
    XClassHint hint = {"mail_twin", "MailTwin"};
    XSetClassHint(display, w->id, &hint);
    Atom protocols[] = {wmDelete, netWmSyncRequest};
    XSetWMProtocols(display, w->id, protocols, 2);
    XSyncValue zero; XSyncIntToValue(&zero, 0);
    w->counter = XSyncCreateCounter(display, zero);
    XChangeProperty(display, w->id, netWmSyncRequestCounter, XA_CARDINAL, 32, PropModeReplace, (unsigned char *)&w->counter, 1);
    long pid = getpid();
    XChangeProperty(display, w->id, netWmPid, XA_CARDINAL, 32, PropModeReplace, (unsigned char *)&pid, 1);
    XSizeHints size = {.flags = PMinSize, .min_width = 420, .min_height = 360};
    XSetWMNormalHints(display, w->id, &size);

    makeLayouts(w);
    windows[windowCount++] = w;
    XMapWindow(display, w->id);
}

static void makeLayouts(MailWindow *w) {
    w->title = layout("Inbox", "DejaVu Sans Bold 17px", 0);
    for (int i = 0; i < MESSAGES; i++) {
        const Message *m = &messages[i];
        char initials[8] = {m->sender[0], 0};
        const char *space = strchr(m->sender, ' ');
        if (space) { initials[1] = space[1]; initials[2] = 0; }
        w->sender[i] = layout(m->sender, "DejaVu Sans Semi-Bold 15px", 0);
        w->time[i] = layout(m->time, "DejaVu Sans 13px", 0);
        w->subject[i] = layout(m->subject, "DejaVu Sans 14px", 0);
        w->preview[i] = layout(m->preview, "DejaVu Sans 13px", 2);
        w->initials[i] = layout(initials, "DejaVu Sans Bold 15px", 0);
    }
    w->paneSubject = layout(messages[0].subject, "DejaVu Sans Bold 24px", -1);
    char from[128];
    snprintf(from, sizeof from, "From %s · %s", messages[0].sender, messages[0].time);
    w->paneFrom = layout(from, "DejaVu Sans 14px", 0);
    for (int i = 0; i < 4; i++) w->paneBody[i] = layout(messages[0].body[i], "DejaVu Sans 16px", -1);
}

// The back buffer: a shared-memory image at least the window's size, its sides rounded up to 128 pixels,
// made anew only when the window outgrows it or shrinks to under half its area: a drag makes a new
// segment every 40 steps or so, not at each step (a new segment costs its page faults), and the memory
// stays close to what is shown.
static void sizeImage(MailWindow *w) {
    if (w->image && w->imageWidth >= w->width && w->imageHeight >= w->height
        && 2 * (long)w->width * w->height >= (long)w->imageWidth * w->imageHeight) return;
    if (w->image) {
        XShmDetach(display, &w->shm);
        XDestroyImage(w->image);
        shmdt(w->shm.shmaddr);
    }
    w->imageWidth = (w->width + 127) / 128 * 128;
    w->imageHeight = (w->height + 127) / 128 * 128;
    w->image = XShmCreateImage(display, DefaultVisual(display, screen), 24, ZPixmap, NULL, &w->shm, w->imageWidth, w->imageHeight);
    w->shm.shmid = shmget(IPC_PRIVATE, (size_t)w->image->bytes_per_line * w->imageHeight, IPC_CREAT | 0600);
    w->shm.shmaddr = w->image->data = shmat(w->shm.shmid, NULL, 0);
    w->shm.readOnly = False;
    XShmAttach(display, &w->shm);
    shmctl(w->shm.shmid, IPC_RMID, NULL);  // freed once both sides detach
}

static void text(cairo_t *cr, PangoLayout *l, double x, double y, double width, double r, double g, double b) {
    pango_layout_set_width(l, width > 0 ? (int)(width * PANGO_SCALE) : -1);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, l);
}

static int fits(PangoLayout *l) { int w, h; pango_layout_get_pixel_size(l, &w, &h); return h; }

static Bool isCompletion(Display *d, XEvent *event, XPointer window) {
    (void)d;
    return event->type == shmCompletion && ((XShmCompletionEvent *)event)->drawable == ((MailWindow *)window)->id;
}

static void paint(cairo_surface_t *surface, MailWindow *w);

static void draw(MailWindow *w) {
    // The server may still be reading the last frame from the segment: wait for its completion event,
    // leaving every other event queued.
    if (w->busy) {
        XEvent event;
        XIfEvent(display, &event, isCompletion, (XPointer)w);
        w->busy = 0;
    }
    sizeImage(w);
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)w->image->data, CAIRO_FORMAT_RGB24,
                                                                   w->width, w->height, w->image->bytes_per_line);
    paint(surface, w);
    cairo_surface_destroy(surface);
    GC gc = DefaultGC(display, screen);
    XShmPutImage(display, w->id, gc, w->image, 0, 0, 0, 0, w->width, w->height, True);
    w->busy = 1;
    w->dirty = 0;
    if (w->syncPending) {
        XSyncSetCounter(display, w->counter, w->pendingSync);
        w->syncPending = 0;
    }
}

/// One frame of the Mail scene at the window's size into `surface`.
static void paint(cairo_surface_t *surface, MailWindow *w) {
    cairo_t *cr = cairo_create(surface);
    int regular = w->width >= REGULAR_WIDTH;
    double list = regular ? LIST_WIDTH : w->width;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    // The list's bar and rows.
    cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
    cairo_rectangle(cr, 0, 0, list, BAR_HEIGHT);
    cairo_fill(cr);
    int titleWidth, titleHeight;
    pango_layout_get_pixel_size(w->title, &titleWidth, &titleHeight);
    text(cr, w->title, (list - titleWidth) / 2, (BAR_HEIGHT - titleHeight) / 2.0, 0, 0, 0, 0);
    for (int i = 0; i < MESSAGES; i++) {
        double y = BAR_HEIGHT + i * ROW_HEIGHT;
        if (y > w->height) break;
        if (regular && i == 0) {
            cairo_set_source_rgb(cr, 0.85, 0.91, 1.0);
            cairo_rectangle(cr, 0, y, list, ROW_HEIGHT);
            cairo_fill(cr);
        }
        cairo_set_source_rgb(cr, 0.35 + 0.08 * i, 0.5, 0.85 - 0.08 * i);
        cairo_arc(cr, 16 + 20, y + 12 + 20, 20, 0, 2 * G_PI);
        cairo_fill(cr);
        int iw, ih;
        pango_layout_get_pixel_size(w->initials[i], &iw, &ih);
        text(cr, w->initials[i], 36 - iw / 2.0, y + 32 - ih / 2.0, 0, 1, 1, 1);
        int tw, th;
        pango_layout_get_pixel_size(w->time[i], &tw, &th);
        double left = 16 + 40 + 14, right = list - 16;
        text(cr, w->time[i], right - tw, y + 12, 0, 0.45, 0.45, 0.47);
        text(cr, w->sender[i], left, y + 10, right - tw - 8 - left, 0, 0, 0);
        text(cr, w->subject[i], left, y + 30, right - left, 0, 0, 0);
        text(cr, w->preview[i], left, y + 49, right - left, 0.45, 0.45, 0.47);
        cairo_set_source_rgb(cr, 0.86, 0.86, 0.87);
        cairo_rectangle(cr, left, y + ROW_HEIGHT - 1, list - left, 1);
        cairo_fill(cr);
    }
    if (regular) {
        // The reading pane: a separator, then the message in a column at most 640 points wide.
        cairo_set_source_rgb(cr, 0.86, 0.86, 0.87);
        cairo_rectangle(cr, list, 0, 1, w->height);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
        cairo_rectangle(cr, list + 1, 0, w->width - list - 1, BAR_HEIGHT);
        cairo_fill(cr);
        double column = w->width - list - 1 - 40;
        if (column > 640) column = 640;
        double x = list + 1 + (w->width - list - 1 - column) / 2, y = BAR_HEIGHT + 20;
        text(cr, w->paneSubject, x, y, column, 0, 0, 0);
        y += fits(w->paneSubject) + 6;
        text(cr, w->paneFrom, x, y, column, 0.45, 0.45, 0.47);
        y += fits(w->paneFrom) + 16;
        for (int i = 0; i < 4 && messages[0].body[i] && y < w->height; i++) {
            text(cr, w->paneBody[i], x, y, column, 0, 0, 0);
            y += fits(w->paneBody[i]) + 12;
        }
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
}

static MailWindow *find(Window id) {
    for (int i = 0; i < windowCount; i++) if (windows[i]->id == id) return windows[i];
    return NULL;
}

static void makeContext(void) {
    PangoFontMap *fontMap = pango_cairo_font_map_get_default();
    pango = pango_font_map_create_context(fontMap);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(pango, options);
    cairo_font_options_destroy(options);
}

static double threadMilliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

/// `mail_twin offscreen FROM TO HEIGHT STEPS`: the twin's step without X: the Mail scene drawn into an
/// image surface of the window's size (its memory kept by the same rule as the window's back buffer), at
/// STEPS widths from FROM to TO (HEIGHT to HEIGHT+2 tall), after 20 warm-up steps. Prints the median
/// CPU per step in milliseconds.
static int offscreen(int from, int to, int height, int steps) {
    makeContext();
    MailWindow w = {0};
    makeLayouts(&w);
    double *samples = calloc(steps, sizeof(double));
    unsigned char *buffer = NULL;
    int capacityWidth = 0, capacityHeight = 0;
    for (int i = -20; i < steps; i++) {
        int k = i < 0 ? 0 : i;
        double start = threadMilliseconds();
        w.width = from + (to - from) * k / (steps > 1 ? steps - 1 : 1);
        w.height = height + k % 3;
        if (!buffer || capacityWidth < w.width || capacityHeight < w.height || 2L * w.width * w.height < (long)capacityWidth * capacityHeight) {
            free(buffer);
            capacityWidth = (w.width + 127) / 128 * 128;
            capacityHeight = (w.height + 127) / 128 * 128;
            buffer = malloc((size_t)capacityWidth * 4 * capacityHeight);
        }
        cairo_surface_t *surface = cairo_image_surface_create_for_data(buffer, CAIRO_FORMAT_RGB24, w.width, w.height, capacityWidth * 4);
        paint(surface, &w);
        cairo_surface_destroy(surface);
        if (i >= 0) samples[i] = threadMilliseconds() - start;
    }
    qsort(samples, steps, sizeof(double), compare);
    printf("%.4f\n", samples[steps / 2]);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 6 && !strcmp(argv[1], "offscreen")) return offscreen(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
    display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "mail_twin: no display\n"); return 1; }
    screen = DefaultScreen(display);
    int major, minor; Bool pixmaps;
    int syncEvent, syncError;
    if (!XShmQueryVersion(display, &major, &minor, &pixmaps) || !XSyncQueryExtension(display, &syncEvent, &syncError)
        || !XSyncInitialize(display, &major, &minor)) { fprintf(stderr, "mail_twin: no MIT-SHM or SYNC\n"); return 1; }
    shmCompletion = XShmGetEventBase(display) + ShmCompletion;
    wmProtocols = XInternAtom(display, "WM_PROTOCOLS", False);
    wmDelete = XInternAtom(display, "WM_DELETE_WINDOW", False);
    netWmSyncRequest = XInternAtom(display, "_NET_WM_SYNC_REQUEST", False);
    netWmSyncRequestCounter = XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", False);
    netWmPid = XInternAtom(display, "_NET_WM_PID", False);
    netWmName = XInternAtom(display, "_NET_WM_NAME", False);
    utf8String = XInternAtom(display, "UTF8_STRING", False);
    makeContext();
    openWindow();
    openWindow();
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        MailWindow *w = find(event.xany.window);
        if (event.type == shmCompletion) {
            if ((w = find(((XShmCompletionEvent *)&event)->drawable))) w->busy = 0;
        } else if (!w) {
        } else if (event.type == ConfigureNotify) {
            if (event.xconfigure.width != w->width || event.xconfigure.height != w->height) {
                w->width = event.xconfigure.width; w->height = event.xconfigure.height; w->dirty = 1;
            }
        } else if (event.type == Expose) {
            w->dirty = 1;
        } else if (event.type == ClientMessage && event.xclient.message_type == wmProtocols) {
            Atom protocol = event.xclient.data.l[0];
            if (protocol == netWmSyncRequest) {
                XSyncIntsToValue(&w->pendingSync, event.xclient.data.l[2], event.xclient.data.l[3]);
                w->syncPending = 1;
            } else if (protocol == wmDelete) {
                return 0;
            }
        } else if (event.type == KeyPress) {
            KeySym key = XLookupKeysym(&event.xkey, 0);
            if (key == XK_n && (event.xkey.state & ControlMask)) openWindow();
        }
        // Draw once the queue is empty: a burst of configures makes one frame at the last size.
        if (XPending(display) == 0) {
            // A sync request is acknowledged by the frame of the configure that follows it.
            for (int i = 0; i < windowCount; i++) if (windows[i]->dirty) draw(windows[i]);
            XFlush(display);
        }
    }
}
