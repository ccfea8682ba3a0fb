// Herald's own declarations of the few libmosquitto types and constants the broker front door uses.
//
// libmosquitto's header is not needed to build Herald: this header spells the opaque client
// handle, the one public struct the library hands to callbacks (struct mosquitto_message, as in
// mosquitto 1.x/2.x's mosquitto.h), the result codes and the callback types. The functions are
// looked up at run time with dlopen("libmosquitto.so.1") / dlsym (HeraldBroker's
// MosquittoLibrary), so nothing links against libmosquitto.
#ifndef HERALD_CMOSQUITTO_SHIM_H
#define HERALD_CMOSQUITTO_SHIM_H

#include <stdbool.h>

struct mosquitto;

/// mosquitto.h: struct mosquitto_message.
typedef struct HeraldMosquittoMessage {
    int mid;
    char *topic;
    void *payload;
    int payloadlen;
    int qos;
    bool retain;
} HeraldMosquittoMessage;

enum {
    HERALD_MOSQ_ERR_SUCCESS = 0,
    HERALD_MOSQ_ERR_NOMEM = 1,
    HERALD_MOSQ_ERR_PROTOCOL = 2,
    HERALD_MOSQ_ERR_INVAL = 3,
    HERALD_MOSQ_ERR_NO_CONN = 4,
    HERALD_MOSQ_ERR_CONN_REFUSED = 5,
    HERALD_MOSQ_ERR_NOT_FOUND = 6,
    HERALD_MOSQ_ERR_CONN_LOST = 7,
    HERALD_MOSQ_ERR_TLS = 8,
    HERALD_MOSQ_ERR_PAYLOAD_SIZE = 9,
    HERALD_MOSQ_ERR_NOT_SUPPORTED = 10,
    HERALD_MOSQ_ERR_AUTH = 11,
    HERALD_MOSQ_ERR_ACL_DENIED = 12,
    HERALD_MOSQ_ERR_UNKNOWN = 13,
    HERALD_MOSQ_ERR_ERRNO = 14,
    HERALD_MOSQ_ERR_EAI = 15,

    /// enum mosq_opt_t.
    HERALD_MOSQ_OPT_PROTOCOL_VERSION = 1,
    HERALD_MOSQ_OPT_TCP_NODELAY = 11,
    HERALD_MOSQ_OPT_TLS_USE_OS_CERTS = 13,
    HERALD_MQTT_PROTOCOL_V311 = 4,

    /// enum mosq_log_level (mosquitto_log_callback_set).
    HERALD_MOSQ_LOG_ERR = 0x08,
    HERALD_MOSQ_LOG_DEBUG = 0x10,
};

/// Callback types, as mosquitto.h declares them.
typedef void (*HeraldMosquittoConnectCallback)(struct mosquitto *mosq, void *obj, int rc);
typedef void (*HeraldMosquittoDisconnectCallback)(struct mosquitto *mosq, void *obj, int rc);
typedef void (*HeraldMosquittoPublishCallback)(struct mosquitto *mosq, void *obj, int mid);
typedef void (*HeraldMosquittoMessageCallback)(struct mosquitto *mosq, void *obj, const HeraldMosquittoMessage *message);
typedef void (*HeraldMosquittoSubscribeCallback)(struct mosquitto *mosq, void *obj, int mid, int qos_count,
                                                 const int *granted_qos);
typedef void (*HeraldMosquittoLogCallback)(struct mosquitto *mosq, void *obj, int level, const char *text);
typedef int (*HeraldMosquittoPasswordCallback)(char *buf, int size, int rwflag, void *userdata);

#endif
