// Linux calls that Glibc's Swift module leaves out: epoll (the daemon's event loop) and
// malloc_trim (returning freed heap to the system after a large queue is dropped).
#include <sys/epoll.h>
#include <malloc.h>
