// libwebp (Debian libwebp-dev): the decoder API only. No longjmp: every call returns a VP8StatusCode or NULL.
#include <webp/decode.h>
