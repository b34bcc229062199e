/* The floor under a warm build: N conditional GETs with libcurl's multi interface and nothing
 * else (no parsing, no cache, no site), JOBS at a time over reused connections, as planet's
 * fetcher issues them. Not a test.
 *
 * Usage: curl-floor URLS-FILE [JOBS [ROUNDS [SAVE-FILE]]]
 *   URLS-FILE  one http(s) URL per line, or URL TAB ETag TAB Last-Modified per line (a SAVE-FILE)
 * First one unconditional GET per URL collects its ETag and Last-Modified (not timed) unless the
 * file gives them; then each round sends every URL again with If-None-Match / If-Modified-Since
 * and prints the wall time of the round, the count of 304s and of other answers. With SAVE-FILE the
 * validators are written there after the first GETs: `curl-floor SAVED 8 1` is then a whole
 * process that sends N conditional GETs over fresh connections and nothing else, the floor of
 * one cron run of a warm build (process start included, as in planet's).
 * Build: cc -O2 -o curl-floor Benchmarks/curl-floor.c $(pkg-config --cflags --libs libcurl)
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

typedef struct {
    char *url;
    char etag[256];
    char modified[128];
    long status;
    struct curl_slist *headers;
} Feed;

static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void)data; (void)context;
    return size * count;
}

static void keep(const char *line, size_t length, const char *name, char *out, size_t capacity) {
    size_t n = strlen(name);
    if (length <= n || strncasecmp(line, name, n) != 0) return;
    const char *value = line + n;
    size_t left = length - n;
    while (left > 0 && (*value == ' ' || *value == '\t')) { value++; left--; }
    while (left > 0 && (value[left - 1] == '\r' || value[left - 1] == '\n')) left--;
    if (left >= capacity) left = capacity - 1;
    memcpy(out, value, left);
    out[left] = 0;
}

static size_t header(char *data, size_t size, size_t count, void *context) {
    Feed *feed = context;
    keep(data, size * count, "ETag:", feed->etag, sizeof feed->etag);
    keep(data, size * count, "Last-Modified:", feed->modified, sizeof feed->modified);
    return size * count;
}

static CURL *easy_for(Feed *feed, int conditional) {
    CURL *easy = curl_easy_init();
    curl_easy_setopt(easy, CURLOPT_URL, feed->url);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "planet/0.1");
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, feed);
    curl_easy_setopt(easy, CURLOPT_PRIVATE, feed);
    curl_slist_free_all(feed->headers);
    feed->headers = NULL;
    if (conditional) {
        char line[512];
        if (feed->etag[0]) {
            snprintf(line, sizeof line, "If-None-Match: %s", feed->etag);
            feed->headers = curl_slist_append(feed->headers, line);
        }
        if (feed->modified[0]) {
            snprintf(line, sizeof line, "If-Modified-Since: %s", feed->modified);
            feed->headers = curl_slist_append(feed->headers, line);
        }
    }
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, feed->headers);
    return easy;
}

/* Fetches every feed, at most `jobs` at once; returns seconds of wall time. */
static double round_of(CURLM *multi, Feed *feeds, int count, int jobs, int conditional) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int next = 0, running = 0, active = 0;
    while (next < count || active > 0) {
        while (active < jobs && next < count) {
            curl_multi_add_handle(multi, easy_for(&feeds[next++], conditional));
            active++;
        }
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int left;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            Feed *feed;
            curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, (char **)&feed);
            curl_easy_getinfo(message->easy_handle, CURLINFO_RESPONSE_CODE, &feed->status);
            curl_multi_remove_handle(multi, message->easy_handle);
            curl_easy_cleanup(message->easy_handle);
            active--;
        }
        if (active > 0) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: curl-floor URLS-FILE [JOBS [ROUNDS]]\n");
        return 2;
    }
    int jobs = argc > 2 ? atoi(argv[2]) : 8, rounds = argc > 3 ? atoi(argv[3]) : 5;
    FILE *file = fopen(argv[1], "r");
    if (!file) { perror(argv[1]); return 1; }
    Feed *feeds = NULL;
    int count = 0, capacity = 0;
    char line[4096];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        if (count == capacity) feeds = realloc(feeds, sizeof *feeds * (capacity = capacity ? 2 * capacity : 256));
        memset(&feeds[count], 0, sizeof *feeds);
        char *etag = strchr(line, '\t');
        if (etag) {
            *etag++ = 0;
            char *modified = strchr(etag, '\t');
            if (modified) *modified++ = 0;
            snprintf(feeds[count].etag, sizeof feeds[count].etag, "%s", etag);
            if (modified) snprintf(feeds[count].modified, sizeof feeds[count].modified, "%s", modified);
        }
        feeds[count++].url = strdup(line);
    }
    int given = count > 0;
    for (int i = 0; i < count; i++) given = given && (feeds[i].etag[0] || feeds[i].modified[0]);
    fclose(file);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURLM *multi = curl_multi_init();
    if (!given) {
        double prime = round_of(multi, feeds, count, jobs, 0);
        printf("prime\t%d GETs\t%.4f s\n", count, prime);
    }
    if (argc > 4) {
        FILE *save = fopen(argv[4], "w");
        if (!save) { perror(argv[4]); return 1; }
        for (int i = 0; i < count; i++) fprintf(save, "%s\t%s\t%s\n", feeds[i].url, feeds[i].etag, feeds[i].modified);
        fclose(save);
    }
    for (int r = 1; r <= rounds; r++) {
        double seconds = round_of(multi, feeds, count, jobs, 1);
        int notModified = 0;
        for (int i = 0; i < count; i++) notModified += feeds[i].status == 304;
        printf("round %d\t%d conditional GETs\t%.4f s\t%d x 304, %d other\n", r, count, seconds, notModified,
               count - notModified);
    }
    curl_multi_cleanup(multi);
    curl_global_cleanup();
    return 0;
}
