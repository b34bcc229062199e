// libcurl for Swift: curl.h, plus typed wrappers of the variadic calls Swift cannot make
// (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt). One wrapper per argument type.
#ifndef PLANET_CCURL_SHIM_H
#define PLANET_CCURL_SHIM_H

#include <curl/curl.h>

/// A write or header callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*planet_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// An open-socket callback (CURLOPT_OPENSOCKETFUNCTION).
typedef curl_socket_t (*planet_curl_opensocket_callback)(void *context, curlsocktype purpose,
                                                         struct curl_sockaddr *address);

static inline CURLcode planet_curl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode planet_curl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode planet_curl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode planet_curl_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode planet_curl_easy_setopt_data_callback(CURL *easy, CURLoption option,
                                                             planet_curl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode planet_curl_easy_setopt_opensocket(CURL *easy, planet_curl_opensocket_callback value) {
    return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, value);
}

static inline CURLcode planet_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode planet_curl_easy_getinfo_string(CURL *easy, CURLINFO info, char **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode planet_curl_easy_getinfo_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode planet_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The multi handle's socket callback (CURLMOPT_SOCKETFUNCTION) and timer callback
/// (CURLMOPT_TIMERFUNCTION), with the context pointers they are given (CURLMOPT_SOCKETDATA,
/// CURLMOPT_TIMERDATA).
typedef int (*planet_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *context,
                                           void *socketContext);
typedef int (*planet_curl_timer_callback)(CURLM *multi, long timeoutMilliseconds, void *context);

static inline CURLMcode planet_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode planet_curl_multi_setopt_socket_callback(CURLM *multi, planet_curl_socket_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode planet_curl_multi_setopt_timer_callback(CURLM *multi, planet_curl_timer_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, value);
}

/// CURL_SOCKET_TIMEOUT and the CURL_POLL_* / CURL_CSELECT_* values, as constants Swift imports.
static const curl_socket_t planet_curl_socket_timeout = CURL_SOCKET_TIMEOUT;
static const int planet_curl_poll_in = CURL_POLL_IN;
static const int planet_curl_poll_out = CURL_POLL_OUT;
static const int planet_curl_poll_remove = CURL_POLL_REMOVE;
static const int planet_curl_cselect_in = CURL_CSELECT_IN;
static const int planet_curl_cselect_out = CURL_CSELECT_OUT;
static const int planet_curl_cselect_err = CURL_CSELECT_ERR;

/// The easy handle a CURLMSG_DONE message is about, and its result (the union's `result` member).
static inline CURL *planet_curl_msg_easy(CURLMsg *message) { return message->easy_handle; }
static inline CURLcode planet_curl_msg_result(CURLMsg *message) { return message->data.result; }
static inline int planet_curl_msg_is_done(CURLMsg *message) { return message->msg == CURLMSG_DONE; }

/// CURL_SOCKET_BAD (a macro Swift does not import as a value of curl_socket_t).
static const curl_socket_t planet_curl_socket_bad = CURL_SOCKET_BAD;

#endif
