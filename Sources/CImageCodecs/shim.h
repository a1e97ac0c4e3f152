#include <turbojpeg.h>
#include <webp/decode.h>
