#include <cairo.h>
#include <pango/pangocairo.h>
#include <pixman.h>

/// Asks for the cache lines of `bytes` bytes from `start` ahead of their use (a hint: no fault, no
/// effect on what is read). Swift has no prefetch of its own.
static inline void scenehost_prefetch(const void *start, unsigned long bytes) {
    const char *first = (const char *)start;
    for (unsigned long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(first + offset);
    if (bytes > 0) __builtin_prefetch(first + bytes - 1);
}
