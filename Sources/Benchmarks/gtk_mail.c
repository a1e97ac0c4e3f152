/* The GTK 4 twin of the Gallery's Mail scene, for `Benchmarks peers`: the inbox's seven messages
 * (avatar with initials, sender, time, subject, a two-line preview) in a list 320 pixels wide, and from
 * 678 pixels wide the reading pane beside it (subject, sender line, wrapped paragraphs, at most 640 wide),
 * as the Gallery's split view shows them; the list alone below 678. Two windows at start, 1024x768
 * each (as the Gallery's Mail and Settings), another at each Ctrl+N. GTK answers the window manager's
 * _NET_WM_SYNC_REQUEST itself, on its frame clock.
 * Built by the benchmark with `cc gtk_mail.c $(pkg-config --cflags --libs gtk4)`. */
#include <gtk/gtk.h>

typedef struct { const char *sender, *subject, *preview, *time; const char *body[4]; } Message;

static const Message messages[] = {
    {"Ada Lovelace", "Notes on the Analytical Engine", "I have attached the translation with my notes, which turned out longer than the paper itself.", "09:41",
     {"Dear Charles,", "I have attached the translation with my notes, which turned out longer than the paper itself. Note G walks through computing the Bernoulli numbers step by step; I believe it is the clearest account of what the engine can do.", "The engine might act upon other things besides number, were objects found whose mutual relations could be expressed by those of the abstract science of operations.", "Yours, Ada"}},
    {"Grace Hopper", "Re: compiler schedule", "The A-0 system runs. It is easier to ask forgiveness than it is to get permission.", "08:15", {NULL}},
    {"Alan Turing", "Morphogenesis draft", "Spots and stripes fall out of two diffusing chemicals; the maths is below.", "Yesterday", {NULL}},
    {"Edsger Dijkstra", "On the cruelty of really teaching computing science", "A short note for the faculty meeting on Thursday.", "Yesterday", {NULL}},
    {"Margaret Hamilton", "Priority displays", "The 1202 alarms were the executive shedding low-priority work, as designed.", "Tuesday", {NULL}},
    {"Dennis Ritchie", "Portable assembler", "Ken and I have rewritten most of the kernel in the new language.", "Monday", {NULL}},
    {"Barbara Liskov", "Data abstraction", "Subtypes should be substitutable for their base types; a sketch of the rule.", "Monday", {NULL}},
};
#define MESSAGES (sizeof messages / sizeof messages[0])
#define LIST_WIDTH 320
#define REGULAR_WIDTH 678

/* The split: the list and the pane side by side from 678 pixels, the list alone below. */
#define MAIL_TYPE_SPLIT (mail_split_get_type())
G_DECLARE_FINAL_TYPE(MailSplit, mail_split, MAIL, SPLIT, GtkWidget)
struct _MailSplit { GtkWidget parent; GtkWidget *list, *pane; };
G_DEFINE_TYPE(MailSplit, mail_split, GTK_TYPE_WIDGET)

static void mail_split_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                               int *minimum_baseline, int *natural_baseline) {
    *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 420 : 360;
    *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 1024 : 768;
    *minimum_baseline = *natural_baseline = -1;
}

static void mail_split_allocate(GtkWidget *widget, int width, int height, int baseline) {
    MailSplit *split = MAIL_SPLIT(widget);
    int regular = width >= REGULAR_WIDTH;
    gtk_widget_set_child_visible(split->pane, regular);
    int list = regular ? LIST_WIDTH : width, ignored;
    gtk_widget_measure(split->list, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, NULL, NULL, NULL);
    gtk_widget_size_allocate(split->list, &(GtkAllocation){0, 0, list, height}, -1);
    if (regular) {
        gtk_widget_measure(split->pane, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, NULL, NULL, NULL);
        gtk_widget_size_allocate(split->pane, &(GtkAllocation){list, 0, width - list, height}, -1);
    }
}

static void mail_split_dispose(GObject *object) {
    MailSplit *split = MAIL_SPLIT(object);
    g_clear_pointer(&split->list, gtk_widget_unparent);
    g_clear_pointer(&split->pane, gtk_widget_unparent);
    G_OBJECT_CLASS(mail_split_parent_class)->dispose(object);
}

static void mail_split_class_init(MailSplitClass *class) {
    GTK_WIDGET_CLASS(class)->measure = mail_split_measure;
    GTK_WIDGET_CLASS(class)->size_allocate = mail_split_allocate;
    G_OBJECT_CLASS(class)->dispose = mail_split_dispose;
}

static void mail_split_init(MailSplit *split) {}

static GtkWidget *label(const char *text, const char *css_class, int wrap, int lines) {
    GtkWidget *result = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(result), 0);
    if (css_class) gtk_widget_add_css_class(result, css_class);
    if (wrap) {
        gtk_label_set_wrap(GTK_LABEL(result), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(result), PANGO_WRAP_WORD);
    }
    if (lines) {
        gtk_label_set_lines(GTK_LABEL(result), lines);
        gtk_label_set_ellipsize(GTK_LABEL(result), PANGO_ELLIPSIZE_END);
    } else if (!wrap) {
        gtk_label_set_ellipsize(GTK_LABEL(result), PANGO_ELLIPSIZE_END);
    }
    return result;
}

static GtkWidget *row(const Message *m, int index) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 14);
    gtk_widget_add_css_class(box, "row");
    if (index == 0) gtk_widget_add_css_class(box, "selected");
    char initials[3] = {m->sender[0], strchr(m->sender, ' ') ? strchr(m->sender, ' ')[1] : 0, 0};
    GtkWidget *avatar = gtk_label_new(initials);
    gtk_widget_add_css_class(avatar, "avatar");
    gtk_widget_set_size_request(avatar, 40, 40);
    gtk_widget_set_valign(avatar, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(box), avatar);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 1);
    gtk_widget_set_hexpand(column, TRUE);
    GtkWidget *top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *sender = label(m->sender, "sender", 0, 0);
    gtk_widget_set_hexpand(sender, TRUE);
    gtk_box_append(GTK_BOX(top), sender);
    gtk_box_append(GTK_BOX(top), label(m->time, "dim", 0, 0));
    gtk_box_append(GTK_BOX(column), top);
    gtk_box_append(GTK_BOX(column), label(m->subject, "subject", 0, 0));
    GtkWidget *preview = label(m->preview, "dim", 1, 2);
    gtk_label_set_width_chars(GTK_LABEL(preview), 1);
    gtk_box_append(GTK_BOX(column), preview);
    gtk_box_append(GTK_BOX(box), column);
    return box;
}

static void open_window(void);

static gboolean key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
    if ((keyval == GDK_KEY_n || keyval == GDK_KEY_N) && (state & GDK_CONTROL_MASK)) {
        open_window();
        return TRUE;
    }
    return FALSE;
}

static int open_windows;

static void window_destroyed(GtkWidget *window, gpointer data) {
    if (--open_windows == 0) exit(0);
}

static void open_window(void) {
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Mail");
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    MailSplit *split = g_object_new(MAIL_TYPE_SPLIT, NULL);

    GtkWidget *list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *bar = gtk_label_new("Inbox");
    gtk_widget_add_css_class(bar, "bar");
    gtk_box_append(GTK_BOX(list), bar);
    for (unsigned i = 0; i < MESSAGES; i++) gtk_box_append(GTK_BOX(list), row(&messages[i], i));
    gtk_widget_set_overflow(list, GTK_OVERFLOW_HIDDEN);

    GtkWidget *pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(pane, "pane");
    GtkWidget *paneBar = gtk_label_new("");
    gtk_widget_add_css_class(paneBar, "bar");
    gtk_box_append(GTK_BOX(pane), paneBar);
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_set_size_request(column, -1, -1);
    gtk_widget_set_halign(column, GTK_ALIGN_FILL);
    gtk_widget_set_margin_start(column, 20);
    gtk_widget_set_margin_end(column, 20);
    gtk_widget_set_margin_top(column, 20);
    gtk_box_append(GTK_BOX(column), label(messages[0].subject, "title", 1, 0));
    char from[128];
    g_snprintf(from, sizeof from, "From %s · %s", messages[0].sender, messages[0].time);
    gtk_box_append(GTK_BOX(column), label(from, "dim", 0, 0));
    for (int i = 0; i < 4 && messages[0].body[i]; i++) {
        GtkWidget *paragraph = label(messages[0].body[i], "body", 1, 0);
        gtk_label_set_max_width_chars(GTK_LABEL(paragraph), 70);
        gtk_box_append(GTK_BOX(column), paragraph);
    }
    gtk_box_append(GTK_BOX(pane), column);
    gtk_widget_set_overflow(pane, GTK_OVERFLOW_HIDDEN);

    split->list = list; split->pane = pane;
    gtk_widget_set_parent(list, GTK_WIDGET(split));
    gtk_widget_set_parent(pane, GTK_WIDGET(split));
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(split));

    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), NULL);
    gtk_widget_add_controller(window, keys);
    g_signal_connect(window, "destroy", G_CALLBACK(window_destroyed), NULL);
    open_windows++;
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    gtk_init();
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
        "window { background: white; font-family: 'DejaVu Sans'; }"
        ".bar { min-height: 50px; background: #f7f7f7; font-weight: bold; font-size: 17px; }"
        ".row { padding: 10px 16px; border-bottom: 1px solid #dcdcde; min-height: 64px; }"
        ".row.selected { background: #d9e8ff; }"
        ".avatar { border-radius: 20px; background: #5a80d9; color: white; font-weight: bold; font-size: 15px; }"
        ".sender { font-weight: 600; font-size: 15px; } .subject { font-size: 14px; } .dim { color: #737378; font-size: 13px; }"
        ".pane { border-left: 1px solid #dcdcde; } .title { font-weight: bold; font-size: 24px; } .body { font-size: 16px; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    open_window();
    open_window();
    for (;;) g_main_context_iteration(NULL, TRUE);
}
