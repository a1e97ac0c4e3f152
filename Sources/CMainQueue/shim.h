/* libdispatch's hooks for driving the main queue from a custom event loop (as CoreFoundation's run loop
   does): a file descriptor that becomes readable when main-queue work is pending, and the call that
   runs that work. Exported by libdispatch, declared in no public header. */
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *msg);
