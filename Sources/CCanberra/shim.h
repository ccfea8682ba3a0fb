// Herald's own declarations of the few libcanberra shapes the sound player uses.
//
// libcanberra's header is not needed to build Herald: this header spells the opaque handle
// types, the function shapes, the error codes and the property names, as in libcanberra 0.30's
// canberra.h. The functions are looked up at run time with dlopen("libcanberra.so.0") / dlsym
// (HeraldSound's CanberraLibrary), so nothing links against libcanberra: without it Herald
// rings the terminal bell instead. Only the calls without variable arguments are used
// (`ca_context_play_full` with a property list, never the variadic `ca_context_play`).
#ifndef HERALD_CCANBERRA_SHIM_H
#define HERALD_CCANBERRA_SHIM_H

#include <stdint.h>

typedef struct HeraldCanberraContext HeraldCanberraContext;
typedef struct HeraldCanberraPropertyList HeraldCanberraPropertyList;

typedef void (*herald_ca_finish_callback)(HeraldCanberraContext *context, uint32_t id, int error, void *userdata);

typedef int (*herald_ca_context_create_fn)(HeraldCanberraContext **context);
typedef int (*herald_ca_context_destroy_fn)(HeraldCanberraContext *context);
typedef int (*herald_ca_context_open_fn)(HeraldCanberraContext *context);
typedef int (*herald_ca_context_change_props_full_fn)(HeraldCanberraContext *context, HeraldCanberraPropertyList *properties);
typedef int (*herald_ca_context_play_full_fn)(HeraldCanberraContext *context, uint32_t id,
                                              HeraldCanberraPropertyList *properties,
                                              herald_ca_finish_callback callback, void *userdata);
typedef int (*herald_ca_context_cancel_fn)(HeraldCanberraContext *context, uint32_t id);
typedef int (*herald_ca_proplist_create_fn)(HeraldCanberraPropertyList **properties);
typedef int (*herald_ca_proplist_destroy_fn)(HeraldCanberraPropertyList *properties);
typedef int (*herald_ca_proplist_sets_fn)(HeraldCanberraPropertyList *properties, const char *key, const char *value);
typedef const char *(*herald_ca_strerror_fn)(int code);

/* canberra.h's error codes (the ones the player tells apart). */
enum {
    HERALD_CA_SUCCESS = 0,
    HERALD_CA_ERROR_NOTSUPPORTED = -1,
    HERALD_CA_ERROR_STATE = -3,
    HERALD_CA_ERROR_NODRIVER = -5,
    HERALD_CA_ERROR_CORRUPT = -7,
    HERALD_CA_ERROR_TOOBIG = -8,
    HERALD_CA_ERROR_NOTFOUND = -9,
    HERALD_CA_ERROR_DESTROYED = -10,
    HERALD_CA_ERROR_NOTAVAILABLE = -12,
    HERALD_CA_ERROR_ACCESS = -13,
    HERALD_CA_ERROR_IO = -14,
    HERALD_CA_ERROR_DISABLED = -16,
    HERALD_CA_ERROR_FORKED = -17,
    HERALD_CA_ERROR_DISCONNECTED = -18,
};

/* canberra.h's property names. */
#define HERALD_CA_PROP_EVENT_ID "event.id"
#define HERALD_CA_PROP_EVENT_DESCRIPTION "event.description"
#define HERALD_CA_PROP_MEDIA_FILENAME "media.filename"
#define HERALD_CA_PROP_MEDIA_NAME "media.name"
#define HERALD_CA_PROP_MEDIA_ROLE "media.role"
#define HERALD_CA_PROP_APPLICATION_NAME "application.name"
#define HERALD_CA_PROP_APPLICATION_ID "application.id"
#define HERALD_CA_PROP_CANBERRA_VOLUME "canberra.volume"
#define HERALD_CA_PROP_CANBERRA_CACHE_CONTROL "canberra.cache-control"

#endif
