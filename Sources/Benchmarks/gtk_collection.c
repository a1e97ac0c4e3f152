/* The GTK 4 twin of `Benchmarks collection`: the same 100,000 items in a GtkGridView (and a model
 * filled as a GtkListView's would be), so SceneHost's numbers have a peer measured in the same run.
 *
 *   gtk_collection fill            prints the milliseconds to fill a GtkStringList with 100,000 items
 *   gtk_collection grid STEP N     shows a 1000x800 window with a GtkGridView of 100,000 labels in 8
 *                                  columns, scrolls it N times by STEP pixels (one step per frame,
 *                                  waiting for each to be painted) and prints the process CPU per step
 *                                  in milliseconds, then the children of the grid (widgets alive).
 * Built by the benchmark with `cc gtk_collection.c $(pkg-config --cflags --libs gtk4)`. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ITEMS 100000

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double wall_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static GtkStringList *fill(void) {
    GtkStringList *list = gtk_string_list_new(NULL);
    char text[32];
    for (int i = 0; i < ITEMS; i++) {
        snprintf(text, sizeof text, "%d", i);
        gtk_string_list_append(list, text);
    }
    return list;
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_widget_set_size_request(label, 110, 110);
    gtk_list_item_set_child(item, label);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *label = gtk_list_item_get_child(item);
    GtkStringObject *object = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(object));
}

static GtkAdjustment *adjustment;
static GtkWidget *grid;
static int steps, done, painted;
static double step, start_cpu;
static gint64 last_frame;

static void after_paint(GdkFrameClock *clock, gpointer data) { painted = 1; }

static int count_children(GtkWidget *widget) {
    int n = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) n++;
    return n;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "fill") == 0) {
        gtk_init();
        double best = 1e9;
        for (int round = 0; round < 5; round++) {
            double start = wall_ms();
            GtkStringList *list = fill();
            double elapsed = wall_ms() - start;
            if (elapsed < best) best = elapsed;
            g_object_unref(list);
        }
        printf("%.3f\n", best);
        return 0;
    }
    if (argc < 4 || strcmp(argv[1], "grid") != 0) { fprintf(stderr, "usage: %s fill | grid STEP N\n", argv[0]); return 2; }
    step = atof(argv[2]);
    steps = atoi(argv[3]);
    gtk_init();
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1000, 800);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(fill()));
    grid = gtk_grid_view_new(GTK_SELECTION_MODEL(selection), factory);
    gtk_grid_view_set_min_columns(GTK_GRID_VIEW(grid), 8);
    gtk_grid_view_set_max_columns(GTK_GRID_VIEW(grid), 8);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), grid);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(grid));
    /* Let the window map and settle. */
    double settle = wall_ms();
    while (wall_ms() - settle < 1500) g_main_context_iteration(NULL, FALSE);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), NULL);
    int warm = 20;
    for (int i = 0; i < steps + warm; i++) {
        if (i == warm) start_cpu = cpu_ms();
        painted = 0;
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + step);
        double begin = wall_ms();
        while (!painted && wall_ms() - begin < 1000) g_main_context_iteration(NULL, TRUE);
    }
    double per_step = (cpu_ms() - start_cpu) / steps;
    printf("%.4f %d\n", per_step, count_children(grid));
    return 0;
}
