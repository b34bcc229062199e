/* LD_PRELOAD shim for profile.sh: valgrind 3.19 (Debian bookworm) writes to the signal mask that
 * rt_sigsuspend is given, and libdispatch's dispatch_main() passes one in read-only memory, so
 * valgrind dies of SIGSEGV as soon as an async Swift main parks its main thread. This sigsuspend
 * hands the kernel a writable copy of the mask instead; behaviour is otherwise the same. */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
