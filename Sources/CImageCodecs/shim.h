#ifndef HERALD_CIMAGECODECS_SHIM_H
#define HERALD_CIMAGECODECS_SHIM_H
/* The few types and function shapes Herald needs from libpng16, libturbojpeg, giflib and
   libchafa. None of their headers is included and nothing is linked: HeraldPreview opens the
   libraries with dlopen at run time, looks the functions up with dlsym and casts them to the
   function-pointer types below. Layouts are copied from the Debian 12 headers (png.h 1.6.39,
   turbojpeg.h 2.1.5, gif_lib.h 5.2.1, chafa 1.12). */
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

/* ---- libpng16: the simplified read API (no setjmp/longjmp reaches the caller) ---- */
typedef struct herald_png_image {
    void *opaque;
    uint32_t version;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    uint32_t flags;
    uint32_t colormap_entries;
    uint32_t warning_or_error;
    char message[64];
} herald_png_image;
enum { HERALD_PNG_IMAGE_VERSION = 1, HERALD_PNG_FORMAT_RGBA = 3 };
typedef int (*herald_png_image_begin_read_from_memory_fn)(herald_png_image *, const void *, size_t);
typedef int (*herald_png_image_finish_read_fn)(herald_png_image *, const void *background, void *buffer,
                                                int32_t row_stride, void *colormap);
typedef void (*herald_png_image_free_fn)(herald_png_image *);

/* ---- libturbojpeg: the TurboJPEG 2 API ---- */
enum { HERALD_TJPF_RGBA = 7, HERALD_TJSAMP_444 = 0 };
/* TJFLAG_LIMITSCANS (2.1): fail past 500 scans of a progressive JPEG; TJFLAG_PROGRESSIVE: write one. */
enum { HERALD_TJFLAG_LIMITSCANS = 32768, HERALD_TJFLAG_PROGRESSIVE = 16384 };
typedef void *(*herald_tj_init_fn)(void);
typedef int (*herald_tj_destroy_fn)(void *handle);
typedef int (*herald_tj_decompress_header3_fn)(void *handle, const unsigned char *jpeg, unsigned long size,
                                               int *width, int *height, int *subsampling, int *colorspace);
typedef int (*herald_tj_decompress2_fn)(void *handle, const unsigned char *jpeg, unsigned long size,
                                        unsigned char *pixels, int width, int pitch, int height,
                                        int pixel_format, int flags);
typedef int (*herald_tj_compress2_fn)(void *handle, const unsigned char *pixels, int width, int pitch,
                                      int height, int pixel_format, unsigned char **jpeg,
                                      unsigned long *jpeg_size, int subsampling, int quality, int flags);
typedef char *(*herald_tj_get_error_str2_fn)(void *handle);
typedef void (*herald_tj_free_fn)(unsigned char *buffer);

/* ---- giflib 5: the low-level decoder (one frame, row by row) and the encoder ---- */
typedef struct herald_gif_color { unsigned char red, green, blue; } herald_gif_color;
typedef struct herald_gif_color_map {
    int color_count;
    int bits_per_pixel;
    bool sort_flag;
    herald_gif_color *colors;
} herald_gif_color_map;
typedef struct herald_gif_image_desc {
    int left, top, width, height;
    bool interlace;
    herald_gif_color_map *color_map;
} herald_gif_image_desc;
typedef struct herald_gif_file {
    int screen_width, screen_height;
    int color_resolution;
    int background_color;
    unsigned char aspect_byte;
    herald_gif_color_map *screen_color_map;
    int image_count;
    herald_gif_image_desc image;
    void *saved_images;
    int extension_block_count;
    void *extension_blocks;
    int error;
    void *user_data;
    void *private_data;
} herald_gif_file;
enum {
    HERALD_GIF_ERROR = 0, HERALD_GIF_OK = 1,
    HERALD_GIF_IMAGE_DESC_RECORD = 2, HERALD_GIF_EXTENSION_RECORD = 3, HERALD_GIF_TERMINATE_RECORD = 4,
    HERALD_GIF_GRAPHICS_EXTENSION = 0xf9
};
typedef int (*herald_gif_input_fn)(herald_gif_file *, unsigned char *, int);
typedef herald_gif_file *(*herald_dgif_open_fn)(void *user, herald_gif_input_fn read, int *error);
typedef int (*herald_dgif_close_file_fn)(herald_gif_file *, int *error);
typedef int (*herald_dgif_get_record_type_fn)(herald_gif_file *, int *type);
typedef int (*herald_dgif_get_image_desc_fn)(herald_gif_file *);
typedef int (*herald_dgif_get_line_fn)(herald_gif_file *, unsigned char *line, int length);
typedef int (*herald_dgif_get_extension_fn)(herald_gif_file *, int *code, unsigned char **block);
typedef int (*herald_dgif_get_extension_next_fn)(herald_gif_file *, unsigned char **block);
typedef const char *(*herald_gif_error_string_fn)(int error);
typedef herald_gif_file *(*herald_egif_open_file_name_fn)(const char *name, bool test_existence, int *error);
typedef int (*herald_egif_put_screen_desc_fn)(herald_gif_file *, int width, int height, int color_resolution,
                                              int background_color, const herald_gif_color_map *map);
typedef int (*herald_egif_put_image_desc_fn)(herald_gif_file *, int left, int top, int width, int height,
                                             bool interlace, const herald_gif_color_map *map);
typedef int (*herald_egif_put_line_fn)(herald_gif_file *, unsigned char *line, int length);
typedef int (*herald_egif_close_file_fn)(herald_gif_file *, int *error);
typedef herald_gif_color_map *(*herald_gif_make_map_object_fn)(int count, const herald_gif_color *colors);
typedef void (*herald_gif_free_map_object_fn)(herald_gif_color_map *);

/* GIF bytes in memory, handed to DGifOpen as its user pointer. */
typedef struct herald_gif_memory { const unsigned char *bytes; size_t size; size_t offset; } herald_gif_memory;
static inline int herald_gif_read_memory(herald_gif_file *gif, unsigned char *out, int count) {
    herald_gif_memory *memory = (herald_gif_memory *)gif->user_data;
    if (count <= 0 || memory->offset >= memory->size) return 0;
    size_t left = memory->size - memory->offset;
    size_t n = (size_t)count < left ? (size_t)count : left;
    memcpy(out, memory->bytes + memory->offset, n);
    memory->offset += n;
    return (int)n;
}
static inline herald_gif_input_fn herald_gif_memory_reader(void) { return herald_gif_read_memory; }

/* ---- libchafa: a canvas that picks a character and two colours per cell ---- */
enum {
    HERALD_CHAFA_TAG_SPACE = 1 << 0, HERALD_CHAFA_TAG_SOLID = 1 << 1, HERALD_CHAFA_TAG_BLOCK = 1 << 3,
    HERALD_CHAFA_TAG_QUAD = 1 << 7, HERALD_CHAFA_TAG_HHALF = 1 << 8, HERALD_CHAFA_TAG_VHALF = 1 << 9,
    HERALD_CHAFA_TAG_SEXTANT = 1 << 22
};
enum {
    HERALD_CHAFA_MODE_TRUECOLOR = 0, HERALD_CHAFA_MODE_INDEXED_256 = 1, HERALD_CHAFA_MODE_INDEXED_16 = 3,
    HERALD_CHAFA_MODE_FGBG = 5, HERALD_CHAFA_MODE_INDEXED_8 = 6
};
enum { HERALD_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4, HERALD_CHAFA_DITHER_NONE = 0 };
typedef void *(*herald_chafa_new_fn)(void);
typedef void (*herald_chafa_unref_fn)(void *);
typedef void (*herald_chafa_symbol_map_add_by_tags_fn)(void *map, int tags);
typedef void (*herald_chafa_config_set_geometry_fn)(void *config, int width, int height);
typedef void (*herald_chafa_config_set_enum_fn)(void *config, int value);
typedef void (*herald_chafa_config_set_symbol_map_fn)(void *config, const void *map);
typedef void (*herald_chafa_config_set_float_fn)(void *config, float value);
typedef void *(*herald_chafa_canvas_new_fn)(const void *config);
typedef void (*herald_chafa_canvas_draw_all_pixels_fn)(void *canvas, int pixel_type, const unsigned char *pixels,
                                                       int width, int height, int rowstride);
typedef uint32_t (*herald_chafa_canvas_get_char_at_fn)(void *canvas, int x, int y);
typedef void (*herald_chafa_canvas_get_colors_at_fn)(void *canvas, int x, int y, int *fg, int *bg);

#endif
