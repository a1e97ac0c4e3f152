// The bare twin of the Gallery's Mail scene, for `Benchmarks peers`: what a careful hand-written X11
// client showing the same window costs. Xlib + cairo + Pango + MIT-SHM + libturbojpeg, nothing else: one
// process, one blocking event loop, each window drawn in full into a shared-memory image sized to the
// window and put with XShmPutImage, the `_NET_WM_SYNC_REQUEST` counter set after each frame.
//
// It draws what the Gallery's Mail window shows, at the same places and sizes: from 980 points wide the
// mailboxes' sidebar (four rows with their icons, the chosen one on a blue rounded rectangle), the list
// (its bar with "Inbox", Filter and compose, the search field, seven rows: unread dot, round avatar with
// a person, sender, clip and time, subject, two-line preview) and the open message (its bar with the
// trash, the subject, the sender line, the 16:9 picture in a rounded clip with a soft shadow, the
// paragraphs, in a column at most 640 points wide); from 678 the list and the message; below 678 the
// list alone with a back button. Over them the Gallery's diagnostic overlay, its nine lines in a dark box.
// The icons are the Adwaita theme's symbolic PNGs (no SVG renderer), each loaded once at the theme size
// nearest the one shown and tinted through its alpha; the picture is the Gallery's JPEG (PICTURE_PATH,
// given by the build), decoded once with libturbojpeg and drawn scaled with cairo's default filter. As
// the Gallery, while a window is being resized it draws the picture without its shadow and with the
// nearest pixel. An Expose puts the last frame again from the image; a new size draws a new frame.
// It opens two windows at start (the Gallery opens Mail and Settings), 1024×768 each as the Gallery's
// are, and another at each Ctrl+N. `mail_twin offscreen …` times its step without X (see `offscreen`);
// `mail_twin png …` writes one frame to a PNG file.
//
// Build: cc -O2 -DPICTURE_PATH='"…/picture-light@1x.jpg"' mail_twin.c $(pkg-config --cflags --libs x11 xext pangocairo libturbojpeg) -lm
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/sync.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <turbojpeg.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <poll.h>
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
// The split view's switches, in points: one column (the list, with a back button to the mailboxes) below
// 678 wide, the list (320) beside the message from 678, and the mailboxes' sidebar (260) too from 980,
// where the message keeps 400 beside both.
enum {
    MESSAGES = sizeof messages / sizeof messages[0], MAILBOXES = 4, SIDEBAR_WIDTH = 260, LIST_WIDTH = 320, REGULAR_WIDTH = 678,
    THREE_COLUMNS_WIDTH = SIDEBAR_WIDTH + LIST_WIDTH + 400, BAR_HEIGHT = 50, SEARCH_HEIGHT = 52, ROW_HEIGHT = 92, SIDEBAR_ROW = 44,
    OVERLAY_LINES = 9,
};
static const char *mailboxNames[MAILBOXES] = {"Inbox", "Flagged", "Archive", "Trash"};
// The unread messages at start (the first is open, so read).
static const int unread[MESSAGES] = {0, 1, 1, 0, 1, 0, 0};

// The Adwaita theme's symbolic icons the window shows, each loaded once at the theme size nearest the
// size shown and drawn scaled, tinted through its alpha (what GTK does with a symbolic PNG).
enum { ICON_ENVELOPE, ICON_FLAG, ICON_ARCHIVE, ICON_TRASH, ICON_SIDEBAR, ICON_COMPOSE, ICON_BACK, ICON_SEARCH, ICON_CLIP, ICON_PERSON, ICONS };
static const struct { const char *name; int size; } iconFiles[ICONS] = {
    {"status/mail-unread", 20}, {"actions/mail-mark-important", 20}, {"mimetypes/package-x-generic", 20}, {"places/user-trash", 20},
    {"actions/sidebar-show", 22}, {"actions/document-edit", 20}, {"ui/pan-start", 18}, {"actions/system-search", 14},
    {"status/mail-attachment", 12}, {"status/avatar-default", 16},
};
static cairo_surface_t *icons[ICONS];
static const int sidebarIcons[MAILBOXES] = {ICON_ENVELOPE, ICON_FLAG, ICON_ARCHIVE, ICON_TRASH};
/// The picture every message carries: the Gallery's asset (640×360), decoded once.
static cairo_surface_t *picture;

typedef struct {
    Window id;
    XSyncCounter counter;
    XSyncValue pendingSync;
    int syncPending, dirty, width, height, busy;
    // Being resized by a drag (a second size change within 200 ms, until 200 ms pass without one): the
    // picture is drawn cheaply then, as the Gallery draws it.
    int resizing;
    double lastResize;
    // The part of the window exposed since its last frame, which the image still holds: put again, not
    // drawn again (a window uncovered during another's drag would be repainted at every step).
    int exposed, exposedLeft, exposedTop, exposedRight, exposedBottom;
    XShmSegmentInfo shm;
    XImage *image;
    int imageWidth, imageHeight;
    // Text laid out once; a frame only sets widths and draws.
    PangoLayout *sidebarTitle, *flagButton, *mailboxes[MAILBOXES], *listTitle, *backTitle, *filter, *search;
    PangoLayout *sender[MESSAGES], *time[MESSAGES], *subject[MESSAGES], *preview[MESSAGES];
    PangoLayout *paneSubject, *paneFrom, *paneBody[4];
    // The diagnostic overlay's lines, as the Gallery's shows them; the size line and the frame time change.
    PangoLayout *overlay[OVERLAY_LINES];
    int shownWidth, shownHeight;
    double frameMilliseconds, frameShownAt;
} MailWindow;

static Display *display;
static int screen, shmCompletion;
static Atom wmProtocols, wmDelete, netWmSyncRequest, netWmSyncRequestCounter, netWmPid, netWmName, utf8String;
static MailWindow *windows[64];
static int windowCount;
static PangoContext *pango;
static int overlayLineHeight;

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

static void loadResources(void) {
    static const int themeSizes[] = {16, 24, 32, 48, 64, 96};
    for (int i = 0; i < ICONS; i++) {
        int best = themeSizes[0];
        for (int k = 1; k < 6; k++) if (abs(themeSizes[k] - iconFiles[i].size) < abs(best - iconFiles[i].size)) best = themeSizes[k];
        char path[256];
        snprintf(path, sizeof path, "/usr/share/icons/Adwaita/%dx%d/%s-symbolic.symbolic.png", best, best, iconFiles[i].name);
        icons[i] = cairo_image_surface_create_from_png(path);
        // Without its icons or its picture the twin would draw less than the Gallery: no comparison.
        if (cairo_surface_status(icons[i])) { fprintf(stderr, "mail_twin: cannot read %s: install adwaita-icon-theme\n", path); exit(1); }
    }
    // The JPEG decoded straight into a cairo image surface (BGRX is cairo's RGB24 on a little-endian machine).
    FILE *file = fopen(PICTURE_PATH, "rb");
    if (!file) { fprintf(stderr, "mail_twin: cannot read %s: build it with -DPICTURE_PATH naming the Gallery's picture\n", PICTURE_PATH); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *jpeg = malloc(size);
    if (fread(jpeg, 1, size, file) == (size_t)size) {
        tjhandle decoder = tjInitDecompress();
        int width, height, subsampling, colorspace;
        if (!tjDecompressHeader3(decoder, jpeg, size, &width, &height, &subsampling, &colorspace)) {
            picture = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
            cairo_surface_flush(picture);
            tjDecompress2(decoder, jpeg, size, cairo_image_surface_get_data(picture), width, cairo_image_surface_get_stride(picture),
                          height, TJPF_BGRX, 0);
            cairo_surface_mark_dirty(picture);
        }
        else { fprintf(stderr, "mail_twin: %s is not a JPEG libturbojpeg reads\n", PICTURE_PATH); exit(1); }
        tjDestroy(decoder);
    }
    free(jpeg);
    fclose(file);
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
    w->sidebarTitle = layout("Mailboxes", "DejaVu Sans Semi-Bold 17px", 0);
    w->flagButton = layout("Flag…", "DejaVu Sans 17px", 0);
    for (int i = 0; i < MAILBOXES; i++) w->mailboxes[i] = layout(mailboxNames[i], "DejaVu Sans 17px", 0);
    w->listTitle = layout("Inbox", "DejaVu Sans Semi-Bold 17px", 0);
    w->backTitle = layout("Mailboxes", "DejaVu Sans 17px", 0);
    w->filter = layout("Filter", "DejaVu Sans 17px", 0);
    w->search = layout("Search", "DejaVu Sans 17px", 0);
    for (int i = 0; i < MESSAGES; i++) {
        const Message *m = &messages[i];
        w->sender[i] = layout(m->sender, "DejaVu Sans Semi-Bold 15px", 0);
        w->time[i] = layout(m->time, "DejaVu Sans 12px", 0);
        w->subject[i] = layout(m->subject, "DejaVu Sans 14px", 0);
        w->preview[i] = layout(m->preview, "DejaVu Sans 13px", 2);
    }
    w->paneSubject = layout(messages[0].subject, "DejaVu Sans Bold 24px", -1);
    char from[128];
    snprintf(from, sizeof from, "From %s · %s", messages[0].sender, messages[0].time);
    w->paneFrom = layout(from, "DejaVu Sans 14px", -1);
    for (int i = 0; i < 4; i++) w->paneBody[i] = layout(messages[0].body[i] ? messages[0].body[i] : "", "DejaVu Sans 16px", -1);
    for (int i = 0; i < OVERLAY_LINES; i++) w->overlay[i] = layout("", "DejaVu Sans Medium 11px", 0);
    w->frameShownAt = -1e9;
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

static void rgb(cairo_t *cr, unsigned hex) { cairo_set_source_rgb(cr, (hex >> 16) / 255.0, (hex >> 8 & 0xFF) / 255.0, (hex & 0xFF) / 255.0); }

enum { BLACK = 0x000000, WHITE = 0xFFFFFF, BLUE = 0x007AFF, SECONDARY = 0x8A8A8E, BAR = 0xF9F9F9, SIDEBAR = 0xF2F2F7,
       SELECTED_ROW = 0xDCEBFF, SEARCH_FIELD = 0xEAEAEB, PLACEHOLDER = 0x8E8E93, HAIRLINE = 0xC2C2C4, OVERLAY = 0x1E1E1E };

/// Draws `l` with its top left at (x, y), `width` wide (0: its own width), in `color`.
static void text(cairo_t *cr, PangoLayout *l, double x, double y, double width, unsigned color) {
    pango_layout_set_width(l, width > 0 ? (int)(width * PANGO_SCALE) : -1);
    rgb(cr, color);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, l);
}

static int textWidth(PangoLayout *l) { int w, h; pango_layout_get_pixel_size(l, &w, &h); return w; }
static int textHeight(PangoLayout *l) { int w, h; pango_layout_get_pixel_size(l, &w, &h); return h; }
static double baseline(PangoLayout *l) { return pango_layout_get_baseline(l) / (double)PANGO_SCALE; }

/// Icon `i` in a `size`-point square centred on (x, y), in `color`.
static void icon(cairo_t *cr, int i, double x, double y, double size, unsigned color) {
    if (cairo_surface_status(icons[i]) != CAIRO_STATUS_SUCCESS) return;
    double scale = size / cairo_image_surface_get_width(icons[i]);
    cairo_save(cr);
    cairo_translate(cr, x - size / 2, y - size / 2);
    cairo_scale(cr, scale, scale);
    rgb(cr, color);
    cairo_mask_surface(cr, icons[i], 0, 0);
    cairo_restore(cr);
}

static void roundedRectangle(cairo_t *cr, double x, double y, double width, double height, double radius) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
    cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
    cairo_arc(cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
    cairo_arc(cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
}

static void fillRectangle(cairo_t *cr, double x, double y, double width, double height, unsigned color) {
    rgb(cr, color);
    cairo_rectangle(cr, x, y, width, height);
    cairo_fill(cr);
}

/// The separator colour (a translucent grey) between columns and under the rows' text.
static void separator(cairo_t *cr, double x, double y, double width, double height) {
    cairo_set_source_rgba(cr, 60 / 255.0, 60 / 255.0, 67 / 255.0, 0.29);
    cairo_rectangle(cr, x, y, width, height);
    cairo_fill(cr);
}

/// A bar's title, centred in the column that starts at `x` and is `width` wide.
static void barTitle(cairo_t *cr, PangoLayout *l, double x, double width) {
    text(cr, l, x + (width - textWidth(l)) / 2, (BAR_HEIGHT - textHeight(l)) / 2.0, 0, BLACK);
}

static void drawSidebar(cairo_t *cr, MailWindow *w, double width) {
    fillRectangle(cr, 0, 0, width, w->height, SIDEBAR);
    fillRectangle(cr, 0, 0, width, BAR_HEIGHT, BAR);
    fillRectangle(cr, 0, BAR_HEIGHT - 1, width, 1, HAIRLINE);
    icon(cr, ICON_SIDEBAR, 31, 25, 22, BLUE);
    // The title centred, unless that would crowd the button after it: then it ends 22 points before it.
    double flagX = width - 20 - textWidth(w->flagButton), titleX = (width - textWidth(w->sidebarTitle)) / 2;
    if (titleX + textWidth(w->sidebarTitle) > flagX - 22) titleX = flagX - 22 - textWidth(w->sidebarTitle);
    text(cr, w->sidebarTitle, titleX, (BAR_HEIGHT - textHeight(w->sidebarTitle)) / 2.0, 0, BLACK);
    text(cr, w->flagButton, flagX, (BAR_HEIGHT - textHeight(w->flagButton)) / 2.0, 0, BLUE);
    for (int i = 0; i < MAILBOXES; i++) {
        double y = BAR_HEIGHT + 8 + i * SIDEBAR_ROW;
        int chosen = i == 0;
        if (chosen) {
            rgb(cr, BLUE);
            roundedRectangle(cr, 10, y, width - 20, SIDEBAR_ROW, 10);
            cairo_fill(cr);
        }
        icon(cr, sidebarIcons[i], 31, y + SIDEBAR_ROW / 2.0, 20, chosen ? WHITE : BLUE);
        text(cr, w->mailboxes[i], 54, y + (SIDEBAR_ROW - textHeight(w->mailboxes[i])) / 2.0, width - 64, chosen ? WHITE : BLACK);
    }
    separator(cr, width - 1, 0, 1, w->height);
}

/// The avatar: a coloured circle (its colour from the name) with a soft shadow and a white person.
static void avatar(cairo_t *cr, const char *name, double x, double y) {
    static const unsigned palette[] = {0x5E5CE6, 0xFF9F0A, 0x30B0C7, 0xFF375F, 0x34C759, 0xAF52DE, 0x0A84FF};
    unsigned sum = 0;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) sum += *c;
    // The shadow: 30% black, 2 points soft, 1.5 down, as three widening circles.
    for (int ring = 0; ring < 3; ring++) {
        cairo_set_source_rgba(cr, 0, 0, 0, 0.1);
        cairo_arc(cr, x + 16, y + 17.5, 15 + ring, 0, 2 * G_PI);
        cairo_fill(cr);
    }
    rgb(cr, palette[sum % 7]);
    cairo_arc(cr, x + 16, y + 16, 16, 0, 2 * G_PI);
    cairo_fill(cr);
    icon(cr, ICON_PERSON, x + 16, y + 16, 16, WHITE);
}

static void drawList(cairo_t *cr, MailWindow *w, double x0, double width, int compact, int backButton) {
    fillRectangle(cr, x0, 0, width, w->height, WHITE);
    fillRectangle(cr, x0, 0, width, BAR_HEIGHT + SEARCH_HEIGHT, BAR);
    if (backButton) {
        icon(cr, ICON_BACK, x0 + 28, 25, 18, BLUE);
        if (compact) text(cr, w->backTitle, x0 + 34, (BAR_HEIGHT - textHeight(w->backTitle)) / 2.0, 0, BLUE);
    }
    barTitle(cr, w->listTitle, x0, width);
    icon(cr, ICON_COMPOSE, x0 + width - 30, 24, 20, BLUE);
    text(cr, w->filter, x0 + width - 67 - textWidth(w->filter), (BAR_HEIGHT - textHeight(w->filter)) / 2.0, 0, BLUE);
    // The search field: a rounded grey field with a magnifying glass and its placeholder.
    double inset = compact ? 16 : 20;
    rgb(cr, SEARCH_FIELD);
    roundedRectangle(cr, x0 + inset, BAR_HEIGHT + 8, width - 2 * inset, 36, 10);
    cairo_fill(cr);
    icon(cr, ICON_SEARCH, x0 + inset + 15, BAR_HEIGHT + 26, 14, PLACEHOLDER);
    text(cr, w->search, x0 + inset + 29, BAR_HEIGHT + 26 - textHeight(w->search) / 2.0, 0, PLACEHOLDER);

    double left = x0 + 62, right = x0 + width - 14;
    for (int i = 0; i < MESSAGES; i++) {
        double y = BAR_HEIGHT + SEARCH_HEIGHT + i * ROW_HEIGHT;
        if (y > w->height) break;
        if (i == 0) fillRectangle(cr, x0, y, width, ROW_HEIGHT, SELECTED_ROW);
        if (unread[i]) {
            rgb(cr, BLUE);
            cairo_arc(cr, x0 + 8, y + 32, 5, 0, 2 * G_PI);
            cairo_fill(cr);
        }
        avatar(cr, messages[i].sender, x0 + 16, y + 16);
        // The time on the sender's baseline at the trailing edge, the clip before it; the sender gives way.
        double timeWidth = textWidth(w->time[i]), senderBaseline = y + 10 + baseline(w->sender[i]);
        double timeTop = senderBaseline - baseline(w->time[i]);
        text(cr, w->time[i], right - timeWidth, timeTop, 0, SECONDARY);
        icon(cr, ICON_CLIP, right - timeWidth - 4 - 6, timeTop + textHeight(w->time[i]) / 2.0, 12, SECONDARY);
        text(cr, w->sender[i], left, y + 10, right - timeWidth - 16 - 8 - left, BLACK);
        double subjectTop = y + 10 + textHeight(w->sender[i]) + 1;
        text(cr, w->subject[i], left, subjectTop, right - left, BLACK);
        text(cr, w->preview[i], left, subjectTop + textHeight(w->subject[i]) + 2, right - left, SECONDARY);
        separator(cr, left, y + ROW_HEIGHT - 1, x0 + width - left, 1);
    }
}

/// The open message: its bar, and below it a column at most 640 points wide, 28 in from the edges:
/// the subject, the sender line, the picture, the paragraphs.
static void drawMessage(cairo_t *cr, MailWindow *w, double x0, double width) {
    fillRectangle(cr, x0, 0, width, w->height, WHITE);
    fillRectangle(cr, x0, 0, width, BAR_HEIGHT, BAR);
    fillRectangle(cr, x0, BAR_HEIGHT - 1, width, 1, HAIRLINE);
    icon(cr, ICON_TRASH, x0 + width - 31, 25, 20, BLUE);
    cairo_save(cr);
    cairo_rectangle(cr, x0, BAR_HEIGHT, width, w->height - BAR_HEIGHT);
    cairo_clip(cr);
    double column = width - 56 < 640 ? width - 56 : 640, x = x0 + 28, y = BAR_HEIGHT + 28;
    if (column < 0) column = 0;
    text(cr, w->paneSubject, x, y, column, BLACK);
    y += textHeight(w->paneSubject) + 6;
    text(cr, w->paneFrom, x, y, column, SECONDARY);
    y += textHeight(w->paneFrom) + 16;
    // The picture, 16:9, inset 6 in its place: a soft shadow of five widening rounded rectangles,
    // then the JPEG scaled into a rounded clip.
    double pictureHeight = column * 9 / 16;
    double px = x + 6, py = y + 6, pw = column - 12, ph = pictureHeight - 12;
    // While the window is being resized, as the Gallery: no shadow, the nearest pixel, the picture drawn
    // as a plain rectangle (cairo's fast path) and its corners painted over after.
    if (pw > 0 && ph > 0 && y < w->height) {
        if (!w->resizing) {
            cairo_set_source_rgba(cr, 0, 0, 0, 0.04);
            for (int ring = 0; ring < 5; ring++) {
                roundedRectangle(cr, px - ring, py - ring + 3, pw + 2 * ring, ph + 2 * ring, 8 + ring);
                cairo_fill(cr);
            }
        }
        if (picture) {
            cairo_save(cr);
            if (w->resizing) {
                cairo_rectangle(cr, px, py, pw, ph);
            } else {
                roundedRectangle(cr, px, py, pw, ph, 8);
            }
            cairo_clip(cr);
            cairo_translate(cr, px, py);
            cairo_scale(cr, pw / cairo_image_surface_get_width(picture), ph / cairo_image_surface_get_height(picture));
            cairo_set_source_surface(cr, picture, 0, 0);
            if (w->resizing) cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
            cairo_paint(cr);
            cairo_restore(cr);
            if (w->resizing) {
                cairo_rectangle(cr, px, py, pw, ph);
                roundedRectangle(cr, px, py, pw, ph, 8);
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
                rgb(cr, WHITE);
                cairo_fill(cr);
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
            }
        }
    }
    y += pictureHeight + 14;
    for (int i = 0; i < 4 && messages[0].body[i] && y < w->height; i++) {
        text(cr, w->paneBody[i], x, y, column, BLACK);
        y += textHeight(w->paneBody[i]) + 14;
    }
    cairo_restore(cr);
}

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double threadMilliseconds(void) { return seconds(CLOCK_THREAD_CPUTIME_ID) * 1e3; }
static double now(void) { return seconds(CLOCK_MONOTONIC); }

/// The Gallery's diagnostic overlay: its lines in a dark box 10 points in from the bottom right corner.
/// The size line changes with the size, the frame time at most four times a second.
static void drawOverlay(cairo_t *cr, MailWindow *w) {
    char line[96];
    int compactWidth = w->width < REGULAR_WIDTH, compactHeight = w->height < 500;
    if (w->shownWidth != w->width || w->shownHeight != w->height || !*pango_layout_get_text(w->overlay[0])) {
        snprintf(line, sizeof line, "%d × %d pt  @1x", w->width, w->height);
        pango_layout_set_text(w->overlay[0], line, -1);
        snprintf(line, sizeof line, "w: %s  h: %s", compactWidth ? "compact" : "regular", compactHeight ? "compact" : "regular");
        if (strcmp(line, pango_layout_get_text(w->overlay[1]))) pango_layout_set_text(w->overlay[1], line, -1);
        w->shownWidth = w->width; w->shownHeight = w->height;
    }
    if (!*pango_layout_get_text(w->overlay[2])) {
        static const char *fixed[] = {"light  leftToRight  active", "", "device: landscapeLeft  ui: landscapeRight",
                                      "text: large", "free-form"};
        for (int i = 0; i < 5; i++) pango_layout_set_text(w->overlay[2 + i], fixed[i], -1);
        pango_layout_set_text(w->overlay[8], "Ctrl+I hides this", -1);
    }
    const char *state = w->resizing ? "state: foregroundActive  resizing" : "state: foregroundActive";
    if (strcmp(state, pango_layout_get_text(w->overlay[3]))) pango_layout_set_text(w->overlay[3], state, -1);
    double t = now();
    if (t - w->frameShownAt >= 0.25) {
        snprintf(line, sizeof line, "last frame %.1f ms", w->frameMilliseconds);
        pango_layout_set_text(w->overlay[7], line, -1);
        w->frameShownAt = t;
    }
    // Lines a font height apart (ascent and descent, without Pango's line gap), as the Gallery's labels.
    if (!overlayLineHeight) {
        PangoFontMetrics *metrics = pango_context_get_metrics(pango, pango_layout_get_font_description(w->overlay[0]), NULL);
        overlayLineHeight = round((pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics)) / (double)PANGO_SCALE);
        pango_font_metrics_unref(metrics);
    }
    int widest = 0, lineHeight = overlayLineHeight;
    for (int i = 0; i < OVERLAY_LINES; i++) if (textWidth(w->overlay[i]) > widest) widest = textWidth(w->overlay[i]);
    double boxWidth = widest + 16, boxHeight = lineHeight * OVERLAY_LINES + 10;
    double x = w->width - boxWidth - 10, y = w->height - boxHeight - 10;
    fillRectangle(cr, x, y, boxWidth, boxHeight, OVERLAY);
    for (int i = 0; i < OVERLAY_LINES; i++) text(cr, w->overlay[i], x + 8, y + 5 + lineHeight * i, 0, WHITE);
}

static Bool isCompletion(Display *d, XEvent *event, XPointer window) {
    (void)d;
    return event->type == shmCompletion && ((XShmCompletionEvent *)event)->drawable == ((MailWindow *)window)->id;
}

static void paint(cairo_surface_t *surface, MailWindow *w);

// The server may still be reading the last frame from the segment: waits for its completion event,
// leaving every other event queued.
static void waitForCompletion(MailWindow *w) {
    if (w->busy) {
        XEvent event;
        XIfEvent(display, &event, isCompletion, (XPointer)w);
        w->busy = 0;
    }
}

/// Puts the exposed part of the last frame again.
static void putExposed(MailWindow *w) {
    waitForCompletion(w);
    if (w->exposedRight > w->width) w->exposedRight = w->width;
    if (w->exposedBottom > w->height) w->exposedBottom = w->height;
    XShmPutImage(display, w->id, DefaultGC(display, screen), w->image, w->exposedLeft, w->exposedTop, w->exposedLeft, w->exposedTop,
                 w->exposedRight - w->exposedLeft, w->exposedBottom - w->exposedTop, True);
    w->busy = 1;
    w->exposed = 0;
}

static void draw(MailWindow *w) {
    waitForCompletion(w);
    double start = threadMilliseconds();
    sizeImage(w);
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)w->image->data, CAIRO_FORMAT_RGB24,
                                                                   w->width, w->height, w->image->bytes_per_line);
    paint(surface, w);
    cairo_surface_destroy(surface);
    GC gc = DefaultGC(display, screen);
    XShmPutImage(display, w->id, gc, w->image, 0, 0, 0, 0, w->width, w->height, True);
    w->busy = 1;
    w->dirty = 0;
    w->exposed = 0;
    w->frameMilliseconds = threadMilliseconds() - start;
    if (w->syncPending) {
        XSyncSetCounter(display, w->counter, w->pendingSync);
        w->syncPending = 0;
    }
}

/// One frame of the Mail scene at the window's size into `surface`: the columns the width shows, then
/// the overlay over them.
static void paint(cairo_surface_t *surface, MailWindow *w) {
    cairo_t *cr = cairo_create(surface);
    if (w->width < REGULAR_WIDTH) {
        drawList(cr, w, 0, w->width, 1, 1);
    } else if (w->width < THREE_COLUMNS_WIDTH) {
        drawList(cr, w, 0, LIST_WIDTH, 0, 1);
        separator(cr, LIST_WIDTH - 1, 0, 1, w->height);
        drawMessage(cr, w, LIST_WIDTH, w->width - LIST_WIDTH);
    } else {
        drawSidebar(cr, w, SIDEBAR_WIDTH);
        drawList(cr, w, SIDEBAR_WIDTH, LIST_WIDTH, 0, 0);
        separator(cr, SIDEBAR_WIDTH + LIST_WIDTH - 1, 0, 1, w->height);
        drawMessage(cr, w, SIDEBAR_WIDTH + LIST_WIDTH, w->width - SIDEBAR_WIDTH - LIST_WIDTH);
    }
    drawOverlay(cr, w);
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

static int compare(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

/// `mail_twin offscreen FROM TO HEIGHT STEPS`: the twin's step without X: the Mail scene drawn into an
/// image surface of the window's size (its memory kept by the same rule as the window's back buffer), at
/// STEPS widths from FROM to TO (HEIGHT to HEIGHT+2 tall), after 20 warm-up steps, drawn as a drag's
/// steps (the picture without its shadow). Prints the median CPU per step in milliseconds.
static int offscreen(int from, int to, int height, int steps) {
    makeContext();
    loadResources();
    MailWindow w = {.resizing = 1};  // a drag's steps
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

/// `mail_twin png WIDTH HEIGHT FILE`: one frame at WIDTH×HEIGHT written to FILE, to set beside the
/// Gallery's Mail scene drawn at the same size.
static int png(int width, int height, const char *path) {
    makeContext();
    loadResources();
    MailWindow w = {.width = width, .height = height};
    makeLayouts(&w);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    paint(surface, &w);
    cairo_status_t status = cairo_surface_write_to_png(surface, path);
    cairo_surface_destroy(surface);
    return status == CAIRO_STATUS_SUCCESS ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 6 && !strcmp(argv[1], "offscreen")) return offscreen(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]));
    if (argc == 5 && !strcmp(argv[1], "png")) return png(atoi(argv[2]), atoi(argv[3]), argv[4]);
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
    loadResources();
    openWindow();
    openWindow();
    for (;;) {
        // Waiting for the next event, or while a window is being resized until 200 ms have passed
        // without a size change: the drag is over and the window is drawn in full again.
        double wait = -1, t = now();
        for (int i = 0; i < windowCount; i++) if (windows[i]->resizing) {
            double left = windows[i]->lastResize + 0.2 - t;
            if (wait < 0 || left < wait) wait = left > 0 ? left : 0;
        }
        if (wait >= 0 && !XPending(display)) {
            struct pollfd connection = {.fd = ConnectionNumber(display), .events = POLLIN};
            if (poll(&connection, 1, (int)(wait * 1000) + 1) == 0) {
                t = now();
                for (int i = 0; i < windowCount; i++) {
                    if (windows[i]->resizing && t - windows[i]->lastResize >= 0.2) { windows[i]->resizing = 0; windows[i]->dirty = 1; draw(windows[i]); }
                }
                XFlush(display);
                continue;
            }
        }
        XEvent event;
        XNextEvent(display, &event);
        MailWindow *w = find(event.xany.window);
        if (event.type == shmCompletion) {
            if ((w = find(((XShmCompletionEvent *)&event)->drawable))) w->busy = 0;
        } else if (!w) {
        } else if (event.type == ConfigureNotify) {
            if (event.xconfigure.width != w->width || event.xconfigure.height != w->height) {
                w->width = event.xconfigure.width; w->height = event.xconfigure.height; w->dirty = 1;
                double t = now();
                if (t - w->lastResize < 0.2) w->resizing = 1;
                w->lastResize = t;
            }
        } else if (event.type == Expose) {
            if (!w->image) {
                w->dirty = 1;
            } else {
                XExposeEvent *e = &event.xexpose;
                if (!w->exposed || e->x < w->exposedLeft) w->exposedLeft = e->x;
                if (!w->exposed || e->y < w->exposedTop) w->exposedTop = e->y;
                if (!w->exposed || e->x + e->width > w->exposedRight) w->exposedRight = e->x + e->width;
                if (!w->exposed || e->y + e->height > w->exposedBottom) w->exposedBottom = e->y + e->height;
                w->exposed = 1;
            }
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
            for (int i = 0; i < windowCount; i++) {
                if (windows[i]->dirty) draw(windows[i]);
                else if (windows[i]->exposed) putExposed(windows[i]);
            }
            XFlush(display);
        }
    }
}
