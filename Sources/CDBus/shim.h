// Herald's own declarations of the few libdbus types and constants the D-Bus front door uses.
//
// libdbus's headers are not needed to build Herald: this header spells the opaque handle types,
// the two public structs whose layout callers allocate (DBusError, DBusMessageIter, as in
// libdbus 1.x's dbus-errors.h and dbus-message.h) and the constants. The functions themselves
// are looked up at run time with dlopen("libdbus-1.so.3") / dlsym (HeraldDBus's DBusLibrary),
// so nothing links against libdbus.
#ifndef HERALD_CDBUS_SHIM_H
#define HERALD_CDBUS_SHIM_H

#include <stdint.h>

typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef struct DBusWatch DBusWatch;
typedef struct DBusTimeout DBusTimeout;
typedef uint32_t dbus_bool_t;

/// dbus-errors.h: struct DBusError.
typedef struct HeraldDBusError {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1;
    unsigned int dummy2 : 1;
    unsigned int dummy3 : 1;
    unsigned int dummy4 : 1;
    unsigned int dummy5 : 1;
    void *padding1;
} HeraldDBusError;

/// dbus-message.h: struct DBusMessageIter (callers allocate it on the stack).
typedef struct HeraldDBusMessageIter {
    void *dummy1;
    void *dummy2;
    uint32_t dummy3;
    int dummy4;
    int dummy5;
    int dummy6;
    int dummy7;
    int dummy8;
    int dummy9;
    int dummy10;
    int dummy11;
    int pad1;
    void *pad2;
    void *pad3;
} HeraldDBusMessageIter;

enum {
    HERALD_DBUS_BUS_SESSION = 0,

    HERALD_DBUS_NAME_FLAG_ALLOW_REPLACEMENT = 0x1,
    HERALD_DBUS_NAME_FLAG_REPLACE_EXISTING = 0x2,
    HERALD_DBUS_NAME_FLAG_DO_NOT_QUEUE = 0x4,

    HERALD_DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER = 1,
    HERALD_DBUS_REQUEST_NAME_REPLY_IN_QUEUE = 2,
    HERALD_DBUS_REQUEST_NAME_REPLY_EXISTS = 3,
    HERALD_DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER = 4,

    HERALD_DBUS_WATCH_READABLE = 1 << 0,
    HERALD_DBUS_WATCH_WRITABLE = 1 << 1,
    HERALD_DBUS_WATCH_ERROR = 1 << 2,
    HERALD_DBUS_WATCH_HANGUP = 1 << 3,

    HERALD_DBUS_HANDLER_RESULT_HANDLED = 0,
    HERALD_DBUS_HANDLER_RESULT_NOT_YET_HANDLED = 1,

    HERALD_DBUS_DISPATCH_DATA_REMAINS = 0,

    HERALD_DBUS_MESSAGE_TYPE_METHOD_CALL = 1,
    HERALD_DBUS_MESSAGE_TYPE_METHOD_RETURN = 2,
    HERALD_DBUS_MESSAGE_TYPE_ERROR = 3,
    HERALD_DBUS_MESSAGE_TYPE_SIGNAL = 4,
};

/// Callback types, as dbus-connection.h declares them.
typedef dbus_bool_t (*HeraldDBusAddWatchFunction)(DBusWatch *watch, void *data);
typedef void (*HeraldDBusWatchToggledFunction)(DBusWatch *watch, void *data);
typedef void (*HeraldDBusRemoveWatchFunction)(DBusWatch *watch, void *data);
typedef dbus_bool_t (*HeraldDBusAddTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef void (*HeraldDBusTimeoutToggledFunction)(DBusTimeout *timeout, void *data);
typedef void (*HeraldDBusRemoveTimeoutFunction)(DBusTimeout *timeout, void *data);
typedef int (*HeraldDBusHandleMessageFunction)(DBusConnection *connection, DBusMessage *message, void *data);
typedef void (*HeraldDBusFreeFunction)(void *memory);
typedef void (*HeraldDBusDispatchStatusFunction)(DBusConnection *connection, int status, void *data);
typedef void (*HeraldDBusWakeupMainFunction)(void *data);

#endif
