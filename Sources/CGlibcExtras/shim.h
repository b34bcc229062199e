// glibc functions that Swift's Glibc module hides behind _GNU_SOURCE or does not include.
#ifndef PLANET_GLIBC_EXTRAS_H
#define PLANET_GLIBC_EXTRAS_H

/// renameat2(2), glibc >= 2.28: with RENAME_EXCHANGE, swaps two paths atomically.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags);

/// RENAME_EXCHANGE from <linux/fs.h>.
static const unsigned int planet_RENAME_EXCHANGE = (1 << 1);

/// mallopt(3) and its M_* parameters (the executable tunes glibc malloc at start).
#include <malloc.h>

/// epoll(7) for the fetch engine's wait (PlanetFetcher's CurlLoop), with the event struct kept on
/// this side: `struct epoll_event` is packed on x86-64.
#include <sys/epoll.h>
#include <errno.h>

/// Watches `fd` for `events` (EPOLLIN, EPOLLOUT), adding it or changing what is watched. 0 or -1.
static inline int planet_epoll_watch(int epoll, int fd, unsigned int events) {
    struct epoll_event event = {.events = events, .data = {.fd = fd}};
    if (epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    if (errno != ENOENT) return -1;
    return epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event);
}

/// Stops watching `fd` (a socket already closed is gone from the set on its own).
static inline void planet_epoll_forget(int epoll, int fd) {
    struct epoll_event event = {0};
    (void)epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event);
}

/// Waits up to `timeout` ms (-1: no limit) for at most `capacity` events; writes each one's fd and
/// events to `fds` and `events`. Returns the count, 0 on timeout or a signal.
static inline int planet_epoll_wait(int epoll, int *fds, unsigned int *events, int capacity, int timeout) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, ready, capacity, timeout);
    if (count < 0) return 0;
    for (int i = 0; i < count; i++) {
        fds[i] = ready[i].data.fd;
        events[i] = ready[i].events;
    }
    return count;
}

static const unsigned int planet_EPOLLIN = EPOLLIN;
static const unsigned int planet_EPOLLOUT = EPOLLOUT;
static const unsigned int planet_EPOLLERR = EPOLLERR | EPOLLHUP;

#endif
