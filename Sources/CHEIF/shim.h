// libheif (Debian libheif-dev): HEIF/HEIC container parsing and HEVC decoding through libde265. No longjmp: every
// call returns a struct heif_error, so Swift calls it directly.
#include <libheif/heif.h>
