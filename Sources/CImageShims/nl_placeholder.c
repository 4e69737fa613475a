#include "nl_image_shims.h"
#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
