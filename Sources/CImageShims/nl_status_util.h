// Private helper shared by nl_jpeg.c and nl_png.c.
#ifndef NL_STATUS_UTIL_H
#define NL_STATUS_UTIL_H
#include <stdio.h>
#include "nl_image_shims.h"

/// Records a call made out of order or with bad arguments (a bug on the Swift side, never the file's fault).
static inline int32_t nl_usage(nl_status *status, const char *what) {
    status->result = NL_ERR_USAGE;
    snprintf(status->message, sizeof status->message, "%s", what);
    return status->result;
}
#endif
