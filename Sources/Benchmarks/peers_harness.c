// The harness of `Benchmarks peers`: runs one client (the bare twin, the GTK 4 twin or the Gallery) on
// $DISPLAY (a private Xvfb with openbox) and measures it from outside, the same way for all three:
//
// - start to first frame: from just before fork() to the first time one of the client's windows
//   (managed top-levels whose _NET_WM_PID is the child's) holds a drawn frame, which is when an
//   XGetImage of it shows at least 8 distinct colours (text drawn: a cleared or unpainted window has one
//   or two). The window is checked when the X server reports damage to it (XDamage), and every 50 ms.
// - CPU: the sum of /proc/PID/task/*/schedstat run times (ns) of the client's threads; the X server's
//   the same way from its PID.
// - RSS: VmRSS, RssAnon, RssFile and RssShmem of /proc/PID/status, 1 s after the windows are drawn.
// - more windows: Ctrl+N typed into the first Mail window through XTest, once per further window, each
//   waiting until the new window is drawn.
// - the drag: the Mail window set to 900×600, then openbox's Alt+right-button drag of its bottom-right
//   quarter, 200 XTest motions of 3 px wide and 2 px tall, out for 100 and back; after each motion the
//   harness waits up to 100 ms for the window's _NET_WM_SYNC_REQUEST counter to move (an XSync alarm).
//   configure → ack is the time from the ConfigureNotify of a new size to the next counter change, both
//   as this harness receives them.
//
// Prints one line of NAME=VALUE pairs. Build: cc -O2 peers_harness.c $(pkg-config --cflags --libs x11 xext xtst xdamage)
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/sync.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct { Window id; Damage damage; int drawn; double drawnAt; } Tracked;

static Display *display;
static Window root;
static pid_t child;
static int damageEvent, syncEvent;
static Atom clientList, wmPid, syncCounterAtom, activeWindow, netWmName, utf8;
static Tracked tracked[64];
static int trackedCount, drawnCount;
static double startTime, firstFrame = -1, cpuFirstFrame = -1;
// The drag: the window, the oldest configure not yet acknowledged, the acknowledgements.
static Window dragWindow;
static int dragWidth, dragHeight, alarms;
static double pendingConfigure = -1, configureToAck[4096];
static int configureToAckCount;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int ignoreErrors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

/// CPU of every thread of `pid` so far, in ms.
static double cpuMilliseconds(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *tasks = opendir(path);
    if (!tasks) return -1;
    double total = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks))) {
        if (entry->d_name[0] == '.') continue;
        char file[320];
        snprintf(file, sizeof file, "/proc/%d/task/%s/schedstat", pid, entry->d_name);
        FILE *f = fopen(file, "r");
        unsigned long long ns;
        if (f && fscanf(f, "%llu", &ns) == 1) total += ns / 1e6;
        if (f) fclose(f);
    }
    closedir(tasks);
    return total;
}

/// A field of /proc/PID/status in MB.
static double statusMegabytes(pid_t pid, const char *field) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    double value = -1;
    size_t length = strlen(field);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, field, length) && line[length] == ':') { value = atof(line + length + 1) / 1024; break; }
    fclose(f);
    return value;
}

/// The X server listening on display `number`'s socket (/tmp/.X11-unix/XN): the process holding the
/// socket's inode open.
static pid_t serverPid(int number) {
    char wanted[64], line[512];
    snprintf(wanted, sizeof wanted, "/tmp/.X11-unix/X%d", number);
    FILE *sockets = fopen("/proc/net/unix", "r");
    unsigned long inode = 0;
    while (sockets && fgets(line, sizeof line, sockets)) {
        char path[256] = "";
        unsigned long node;
        if (sscanf(line, "%*s %*s %*s %*s %*s %*s %lu %255s", &node, path) == 2 && !strcmp(path, wanted)) { inode = node; break; }
    }
    if (sockets) fclose(sockets);
    if (!inode) return -1;
    char socket[64];
    snprintf(socket, sizeof socket, "socket:[%lu]", inode);
    DIR *proc = opendir("/proc");
    struct dirent *entry;
    pid_t found = -1;
    while (proc && (entry = readdir(proc)) && found < 0) {
        pid_t pid = atoi(entry->d_name);
        if (pid <= 0) continue;
        char path[64];
        snprintf(path, sizeof path, "/proc/%d/fd", pid);
        DIR *fds = opendir(path);
        struct dirent *fd;
        while (fds && (fd = readdir(fds)) && found < 0) {
            char link[320], target[64];
            snprintf(link, sizeof link, "/proc/%d/fd/%s", pid, fd->d_name);
            ssize_t length = readlink(link, target, sizeof target - 1);
            if (length > 0) { target[length] = 0; if (!strcmp(target, socket)) found = pid; }
        }
        if (fds) closedir(fds);
    }
    if (proc) closedir(proc);
    return found;
}

/// Whether the window shows a drawn frame: at least 8 distinct colours in it.
static int isDrawn(Window window) {
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, window, &attributes) || attributes.map_state != IsViewable) return 0;
    XImage *image = XGetImage(display, window, 0, 0, attributes.width, attributes.height, AllPlanes, ZPixmap);
    if (!image) return 0;
    unsigned long seen[8];
    int distinct = 0;
    for (int y = 0; y < image->height && distinct < 8; y++)
        for (int x = 0; x < image->width && distinct < 8; x++) {
            unsigned long pixel = XGetPixel(image, x, y) & 0xffffff;
            int known = 0;
            for (int i = 0; i < distinct; i++) if (seen[i] == pixel) { known = 1; break; }
            if (!known) seen[distinct++] = pixel;
        }
    XDestroyImage(image);
    return distinct >= 8;
}

static void check(Tracked *t) {
    if (t->drawn || !isDrawn(t->id)) return;
    t->drawn = 1;
    t->drawnAt = now();
    if (getenv("PEERS_DEBUG")) fprintf(stderr, "drawn 0x%lx at %.1f ms\n", t->id, (t->drawnAt - startTime) * 1000);
    drawnCount++;
    if (firstFrame < 0) {
        cpuFirstFrame = cpuMilliseconds(child);
        firstFrame = t->drawnAt - startTime;
    }
}

static long cardinal(Window window, Atom property) {
    Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
    long value = -1;
    if (XGetWindowProperty(display, window, property, 0, 1, False, AnyPropertyType, &type, &format, &count, &after, &data) == Success
        && data && count >= 1 && format == 32) value = ((long *)data)[0];
    if (data) XFree(data);
    return value;
}

/// Starts tracking the child's managed windows not tracked yet.
static void scanClients(void) {
    Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
    if (XGetWindowProperty(display, root, clientList, 0, 1024, False, XA_WINDOW, &type, &format, &count, &after, &data) != Success || !data) return;
    for (unsigned long i = 0; i < count; i++) {
        Window window = ((Window *)data)[i];
        int known = 0;
        for (int j = 0; j < trackedCount; j++) if (tracked[j].id == window) known = 1;
        if (known || trackedCount == 64 || cardinal(window, wmPid) != child) continue;
        Tracked *t = &tracked[trackedCount++];
        if (getenv("PEERS_DEBUG")) fprintf(stderr, "tracking 0x%lx at %.1f ms\n", window, (now() - startTime) * 1000);
        t->id = window;
        XSelectInput(display, window, StructureNotifyMask);
        t->damage = XDamageCreate(display, window, XDamageReportNonEmpty);
        check(t);
    }
    XFree(data);
}

static void handle(XEvent *event) {
    if (event->type == PropertyNotify && event->xproperty.window == root && event->xproperty.atom == clientList) {
        scanClients();
    } else if (event->type == damageEvent + XDamageNotify) {
        XDamageNotifyEvent *damage = (XDamageNotifyEvent *)event;
        XDamageSubtract(display, damage->damage, None, None);
        for (int i = 0; i < trackedCount; i++) if (tracked[i].id == damage->drawable) check(&tracked[i]);
    } else if (event->type == ConfigureNotify && event->xconfigure.window == dragWindow) {
        if (event->xconfigure.width != dragWidth || event->xconfigure.height != dragHeight) {
            dragWidth = event->xconfigure.width; dragHeight = event->xconfigure.height;
            if (pendingConfigure < 0) pendingConfigure = now();
        }
    } else if (event->type == syncEvent + XSyncAlarmNotify) {
        alarms++;
        if (pendingConfigure >= 0 && configureToAckCount < 4096) configureToAck[configureToAckCount++] = (now() - pendingConfigure) * 1000;
        pendingConfigure = -1;
    }
}

/// Handles events until `done()` or `deadline`; also checks undrawn windows every 50 ms.
static int pump(double deadline, int (*done)(void)) {
    double nextPoll = now();
    for (;;) {
        while (XPending(display)) { XEvent event; XNextEvent(display, &event); handle(&event); }
        if (done && done()) return 1;
        double t = now();
        if (t >= deadline) return 0;
        if (t >= nextPoll) {
            scanClients();
            for (int i = 0; i < trackedCount; i++) check(&tracked[i]);
            nextPoll = t + 0.05;
            continue;
        }
        double wait = (deadline < nextPoll ? deadline : nextPoll) - t;
        fd_set fds; FD_ZERO(&fds); FD_SET(ConnectionNumber(display), &fds);
        struct timeval tv = {(long)wait, (long)((wait - (long)wait) * 1e6)};
        select(ConnectionNumber(display) + 1, &fds, NULL, NULL, &tv);
    }
}

static int wantedDrawn;
static int enoughDrawn(void) { return drawnCount >= wantedDrawn; }
static int alarmsBefore;
static int acknowledged(void) { return alarms > alarmsBefore; }
static int wantedWidth, wantedHeight;
static int atWantedSize(void) { return dragWidth == wantedWidth && dragHeight == wantedHeight; }

static void activate(Window window) {
    XEvent event = {0};
    event.xclient.type = ClientMessage;
    event.xclient.window = window;
    event.xclient.message_type = activeWindow;
    event.xclient.format = 32;
    event.xclient.data.l[0] = 2;  // from a pager: the window manager obeys at once
    event.xclient.data.l[1] = CurrentTime;
    XSendEvent(display, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &event);
    XFlush(display);
}

static int isMail(Window window) {
    char *name = NULL;
    int mail = XFetchName(display, window, &name) && name && strstr(name, "Mail");
    if (name) XFree(name);
    Atom type; int format; unsigned long count, after; unsigned char *data = NULL;
    if (!mail && XGetWindowProperty(display, window, netWmName, 0, 64, False, utf8, &type, &format, &count, &after, &data) == Success && data)
        mail = strstr((char *)data, "Mail") != NULL;
    if (data) XFree(data);
    return mail;
}

/// The resident memory of each mapped file of `pid` (from /proc/PID/smaps), the largest `count` as
/// "name:MB,…" into `out`: where a process's file-backed RSS goes.
static void mappedFiles(pid_t pid, int count, char *out, size_t size) {
    char path[64], line[1024], names[256][96];
    double rss[256] = {0};
    int files = 0, current = -1;
    snprintf(path, sizeof path, "/proc/%d/smaps", pid);
    FILE *f = fopen(path, "r");
    out[0] = 0;
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        char *slash;
        unsigned long kb;
        if (strchr(line, '-') && strchr(line, '-') < strchr(line, ' ') && (slash = strchr(line, '/'))) {
            slash[strcspn(slash, "\n")] = 0;
            const char *name = strrchr(slash, '/') + 1;
            current = -1;
            for (int i = 0; i < files; i++) if (!strcmp(names[i], name)) current = i;
            if (current < 0 && files < 256) {
                current = files++;
                snprintf(names[current], sizeof names[current], "%s", name);
                for (char *c = names[current]; *c; c++) if (*c == ' ' || *c == ',' || *c == ':' || *c == '=') *c = '_';
            }
        } else if (strchr(line, '-') && strchr(line, '-') < strchr(line, ' ')) {
            current = -1;
        } else if (current >= 0 && sscanf(line, "Rss: %lu kB", &kb) == 1) {
            rss[current] += kb / 1024.0;
        }
    }
    fclose(f);
    size_t used = 0;
    for (int n = 0; n < count; n++) {
        int best = -1;
        for (int i = 0; i < files; i++) if (rss[i] > 0 && (best < 0 || rss[i] > rss[best])) best = i;
        if (best < 0) break;
        used += snprintf(out + used, size - used, "%s%s:%.2f", n ? "," : "", names[best], rss[best]);
        rss[best] = 0;
        if (used >= size) break;
    }
}

static int compare(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }

int main(int argc, char **argv) {
    int startWindows = 2, moreWindows = 6, steps = 200, command = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--windows") && i + 1 < argc) startWindows = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--more") && i + 1 < argc) moreWindows = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--")) { command = i + 1; break; }
    }
    if (!command || command >= argc) { fprintf(stderr, "usage: peers_harness [--windows N] [--more M] [--steps S] -- COMMAND…\n"); return 2; }
    display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "peers_harness: no display\n"); return 1; }
    XSetErrorHandler(ignoreErrors);
    root = DefaultRootWindow(display);
    int error, major, minor;
    if (!XDamageQueryExtension(display, &damageEvent, &error) || !XSyncQueryExtension(display, &syncEvent, &error)
        || !XSyncInitialize(display, &major, &minor) || !XTestQueryExtension(display, &error, &error, &major, &minor)) {
        fprintf(stderr, "peers_harness: the X server lacks DAMAGE, SYNC or XTEST\n");
        return 1;
    }
    clientList = XInternAtom(display, "_NET_CLIENT_LIST", False);
    wmPid = XInternAtom(display, "_NET_WM_PID", False);
    syncCounterAtom = XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", False);
    activeWindow = XInternAtom(display, "_NET_ACTIVE_WINDOW", False);
    netWmName = XInternAtom(display, "_NET_WM_NAME", False);
    utf8 = XInternAtom(display, "UTF8_STRING", False);
    XSelectInput(display, root, PropertyChangeMask);
    const char *colon = strrchr(DisplayString(display), ':');
    pid_t server = serverPid(colon ? atoi(colon + 1) : 0);

    XSync(display, False);

    startTime = now();
    child = fork();
    if (child == 0) {
        execvp(argv[command], argv + command);
        _exit(127);
    }
    // Start: the first frame, then every window of the start drawn, then a second to settle.
    wantedDrawn = startWindows;
    int started = pump(now() + 20, enoughDrawn);
    double startAll = -1;
    for (int i = 0; started && i < trackedCount; i++)
        if (tracked[i].drawn && tracked[i].drawnAt - startTime > startAll) startAll = tracked[i].drawnAt - startTime;
    pump(now() + 1, NULL);
    double rss = statusMegabytes(child, "VmRSS"), anon = statusMegabytes(child, "RssAnon"), file = statusMegabytes(child, "RssFile"),
           shmem = statusMegabytes(child, "RssShmem"), cpuAtRest = cpuMilliseconds(child);
    char files[2048];
    mappedFiles(child, 12, files, sizeof files);

    Window mail = None;
    for (int i = 0; i < trackedCount && !mail; i++) if (isMail(tracked[i].id)) mail = tracked[i].id;
    if (!mail && trackedCount) mail = tracked[0].id;

    // Further windows: Ctrl+N into the Mail window, each drawn before the next.
    KeyCode control = XKeysymToKeycode(display, XK_Control_L), n = XKeysymToKeycode(display, XK_n), alt = XKeysymToKeycode(display, XK_Alt_L);
    int opened = 0;
    for (int i = 0; i < moreWindows && mail; i++) {
        activate(mail);
        pump(now() + 0.1, NULL);
        XTestFakeKeyEvent(display, control, True, 0);
        XTestFakeKeyEvent(display, n, True, 0);
        XTestFakeKeyEvent(display, n, False, 0);
        XTestFakeKeyEvent(display, control, False, 0);
        XFlush(display);
        wantedDrawn = drawnCount + 1;
        if (pump(now() + 5, enoughDrawn)) opened++;
    }
    pump(now() + 1, NULL);
    double rssMore = statusMegabytes(child, "VmRSS"), shmemMore = statusMegabytes(child, "RssShmem");

    // The drag.
    int acked = 0;
    double clientStep = -1, serverStep = -1, p50 = -1, p90 = -1, seconds = -1;
    long counter = mail ? cardinal(mail, syncCounterAtom) : -1;
    if (mail && counter > 0) {
        dragWindow = mail;
        XWindowAttributes attributes;
        XGetWindowAttributes(display, mail, &attributes);
        dragWidth = attributes.width; dragHeight = attributes.height;
        activate(mail);
        wantedWidth = 900; wantedHeight = 600;
        XMoveResizeWindow(display, mail, 60, 60, 900, 600);
        XFlush(display);
        pump(now() + 3, atWantedSize);
        pump(now() + 0.5, NULL);
        int x, y; Window ignored;
        XTranslateCoordinates(display, mail, root, 0, 0, &x, &y, &ignored);
        int px = x + 900 - 40, py = y + 600 - 40;

        XSyncValue value;
        XSyncQueryCounter(display, (XSyncCounter)counter, &value);
        XSyncAlarmAttributes alarm;
        alarm.trigger.counter = (XSyncCounter)counter;
        alarm.trigger.value_type = XSyncAbsolute;
        XSyncValue one, next; Bool overflow;
        XSyncIntToValue(&one, 1);
        XSyncValueAdd(&next, value, one, &overflow);
        alarm.trigger.wait_value = next;
        alarm.trigger.test_type = XSyncPositiveComparison;
        alarm.delta = one;
        alarm.events = True;
        XSyncCreateAlarm(display, XSyncCACounter | XSyncCAValueType | XSyncCAValue | XSyncCATestType | XSyncCADelta | XSyncCAEvents, &alarm);
        XTestFakeMotionEvent(display, -1, px, py, 0);
        XTestFakeKeyEvent(display, alt, True, 0);
        XTestFakeButtonEvent(display, 3, True, 0);
        XFlush(display);
        pump(now() + 0.1, NULL);
        alarms = 0; configureToAckCount = 0; pendingConfigure = -1;
        double client0 = cpuMilliseconds(child), server0 = cpuMilliseconds(server), t0 = now();
        for (int step = 1; step <= steps; step++) {
            int reach = step <= steps / 2 ? step : steps - step;
            alarmsBefore = alarms;
            XTestFakeMotionEvent(display, -1, px + 3 * reach, py + 2 * reach, 0);
            XFlush(display);
            if (pump(now() + 0.1, acknowledged)) acked++;
        }
        clientStep = (cpuMilliseconds(child) - client0) / steps;
        serverStep = (cpuMilliseconds(server) - server0) / steps;
        seconds = now() - t0;
        XTestFakeButtonEvent(display, 3, False, 0);
        XTestFakeKeyEvent(display, alt, False, 0);
        XFlush(display);
        pump(now() + 0.3, NULL);
        qsort(configureToAck, configureToAckCount, sizeof(double), compare);
        if (configureToAckCount) {
            p50 = configureToAck[configureToAckCount / 2];
            p90 = configureToAck[configureToAckCount * 9 / 10];
        }
    }

    printf("first_frame_ms=%.2f all_start_windows_ms=%.2f cpu_first_frame_ms=%.2f cpu_at_rest_ms=%.2f rss_start_mb=%.2f anon_mb=%.2f "
           "file_mb=%.2f shmem_mb=%.2f windows=%d opened=%d rss_more_mb=%.2f shmem_more_mb=%.2f per_window_mb=%.3f "
           "steps=%d acked=%d configure_ack_p50_ms=%.3f configure_ack_p90_ms=%.3f client_cpu_step_ms=%.3f server_cpu_step_ms=%.3f drag_s=%.2f server_pid=%d mapped=%s\n",
           firstFrame * 1000, startAll * 1000, cpuFirstFrame, cpuAtRest, rss, anon, file, shmem, startWindows, opened, rssMore, shmemMore,
           opened ? (rssMore - rss) / opened : -1, steps, acked, p50, p90, clientStep, serverStep, seconds, server, files);
    fflush(stdout);
    kill(child, SIGTERM);
    for (int i = 0; i < 30; i++) {
        if (waitpid(child, NULL, WNOHANG) == child) return 0;
        usleep(100000);
    }
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    return 0;
}
