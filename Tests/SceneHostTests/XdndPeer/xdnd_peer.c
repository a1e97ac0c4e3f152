/* Another X client speaking XDND (version 5), for SceneHost's drag-and-drop tests: the part of a
 * toolkit's drag code a drop needs, written from the protocol (freedesktop XDND spec) as measured in
 * x11-facts-2.md section 5.
 *
 *   xdnd_peer target OUT        maps a 240x200 XdndAware window, prints "window <id>" to OUT, answers
 *                               XdndPosition with accept/copy, on XdndDrop converts XdndSelection to
 *                               text/plain;charset=utf-8, appends "dropped <text>" to OUT, sends
 *                               XdndFinished; exits after one drop (or 20 s).
 *   xdnd_peer source OUT WINDOW X Y TEXT
 *                               drags TEXT to WINDOW: owns XdndSelection, sends XdndEnter, then
 *                               XdndPosition at root X,Y until a status accepts (at most 50), XdndDrop,
 *                               serves the conversion, appends "finished <success> <action>" to OUT.
 *                               A TEXT starting with file:// is offered as text/uri-list instead.
 * Build: cc -o xdnd_peer xdnd_peer.c -lX11 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>

static Display *dpy;
static FILE *out;

static Atom atom(const char *name) { return XInternAtom(dpy, name, False); }

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Waits up to `seconds` for the next event. */
static int next_event(XEvent *event, double seconds) {
    double deadline = now() + seconds;
    while (!XPending(dpy)) {
        double left = deadline - now();
        if (left <= 0) return 0;
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(ConnectionNumber(dpy), &fds);
        struct timeval tv = {(long)left, (long)((left - (long)left) * 1e6)};
        select(ConnectionNumber(dpy) + 1, &fds, NULL, NULL, &tv);
    }
    XNextEvent(dpy, event);
    return 1;
}

static void send_message(Window to, const char *type, long l0, long l1, long l2, long l3, long l4) {
    XEvent event;
    memset(&event, 0, sizeof event);
    event.xclient.type = ClientMessage;
    event.xclient.window = to;
    event.xclient.message_type = atom(type);
    event.xclient.format = 32;
    event.xclient.data.l[0] = l0;
    event.xclient.data.l[1] = l1;
    event.xclient.data.l[2] = l2;
    event.xclient.data.l[3] = l3;
    event.xclient.data.l[4] = l4;
    XSendEvent(dpy, to, False, NoEventMask, &event);
    XFlush(dpy);
}

static int target(void) {
    Window window = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 240, 200, 0, 0, 0xffffff);
    long version = 5;
    XChangeProperty(dpy, window, atom("XdndAware"), XA_ATOM, 32, PropModeReplace, (unsigned char *)&version, 1);
    XStoreName(dpy, window, "xdnd peer");
    XSelectInput(dpy, window, PropertyChangeMask | StructureNotifyMask);
    XMapWindow(dpy, window);
    XFlush(dpy);
    fprintf(out, "window %lu\n", window);
    fflush(out);
    Window source = 0;
    double deadline = now() + 20;
    XEvent event;
    while (now() < deadline) {
        if (!next_event(&event, deadline - now())) break;
        if (event.type == ClientMessage) {
            Atom type = event.xclient.message_type;
            if (type == atom("XdndEnter")) {
                source = event.xclient.data.l[0];
            } else if (type == atom("XdndPosition")) {
                send_message(event.xclient.data.l[0], "XdndStatus", window, 1 | 2, 0, 0, atom("XdndActionCopy"));
            } else if (type == atom("XdndDrop")) {
                source = event.xclient.data.l[0];
                XConvertSelection(dpy, atom("XdndSelection"), atom("text/plain;charset=utf-8"), atom("XDND_PEER"), window,
                                  event.xclient.data.l[2]);
                XFlush(dpy);
            }
        } else if (event.type == SelectionNotify) {
            int success = 0;
            if (event.xselection.property != None) {
                Atom type;
                int format;
                unsigned long count, after;
                unsigned char *data = NULL;
                XGetWindowProperty(dpy, window, atom("XDND_PEER"), 0, 1 << 20, True, AnyPropertyType, &type, &format, &count,
                                   &after, &data);
                fprintf(out, "dropped %.*s\n", (int)count, data ? (char *)data : "");
                fflush(out);
                if (data) XFree(data);
                success = 1;
            } else {
                fprintf(out, "refused\n");
                fflush(out);
            }
            send_message(source, "XdndFinished", window, success, success ? atom("XdndActionCopy") : None, 0, 0);
            /* Wait for the server to take the message: a client that exits at once may lose it. */
            XSync(dpy, False);
            return 0;
        }
    }
    fprintf(out, "timeout\n");
    return 1;
}

static int source(Window to, int x, int y, const char *text) {
    Window window = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), -10, -10, 1, 1, 0, 0, 0);
    XSetSelectionOwner(dpy, atom("XdndSelection"), window, CurrentTime);
    Atom types[2] = {atom("text/plain;charset=utf-8"), atom("UTF8_STRING")};
    if (strncmp(text, "file://", 7) == 0) types[0] = types[1] = atom("text/uri-list");
    send_message(to, "XdndEnter", window, 5L << 24, types[0], types[1], 0);
    int accepted = 0, positions = 0, dropped = 0;
    XEvent event;
    send_message(to, "XdndPosition", window, 0, (x << 16) | y, CurrentTime, atom("XdndActionCopy"));
    positions++;
    double deadline = now() + 15;
    while (now() < deadline) {
        if (!next_event(&event, deadline - now())) break;
        if (event.type == ClientMessage && event.xclient.message_type == atom("XdndStatus")) {
            accepted = event.xclient.data.l[1] & 1;
            if (accepted && !dropped) {
                send_message(to, "XdndDrop", window, 0, CurrentTime, 0, 0);
                dropped = 1;
            } else if (!dropped && positions < 50) {
                /* A target may refuse the first positions (GTK does): keep sending. */
                send_message(to, "XdndPosition", window, 0, (x << 16) | y, CurrentTime, atom("XdndActionCopy"));
                positions++;
            } else if (!dropped) {
                send_message(to, "XdndLeave", window, 0, 0, 0, 0);
                fprintf(out, "finished 0 refused\n");
                return 1;
            }
        } else if (event.type == SelectionRequest) {
            XSelectionRequestEvent *request = &event.xselectionrequest;
            XEvent reply;
            memset(&reply, 0, sizeof reply);
            reply.xselection.type = SelectionNotify;
            reply.xselection.requestor = request->requestor;
            reply.xselection.selection = request->selection;
            reply.xselection.target = request->target;
            reply.xselection.time = request->time;
            reply.xselection.property = None;
            if (request->target == types[0] || request->target == types[1]) {
                XChangeProperty(dpy, request->requestor, request->property, request->target, 8, PropModeReplace,
                                (const unsigned char *)text, strlen(text));
                reply.xselection.property = request->property;
            }
            XSendEvent(dpy, request->requestor, False, NoEventMask, &reply);
            XFlush(dpy);
        } else if (event.type == ClientMessage && event.xclient.message_type == atom("XdndFinished")) {
            char *action = event.xclient.data.l[2] ? XGetAtomName(dpy, event.xclient.data.l[2]) : NULL;
            fprintf(out, "finished %ld %s\n", event.xclient.data.l[1] & 1, action ? action : "None");
            if (action) XFree(action);
            XSync(dpy, False);
            return 0;
        }
    }
    fprintf(out, "timeout\n");
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3 || !(dpy = XOpenDisplay(NULL)) || !(out = fopen(argv[2], "a"))) return 2;
    setvbuf(out, NULL, _IOLBF, 0);
    if (strcmp(argv[1], "target") == 0) return target();
    if (strcmp(argv[1], "source") == 0 && argc == 7)
        return source(strtoul(argv[3], NULL, 0), atoi(argv[4]), atoi(argv[5]), argv[6]);
    return 2;
}
