/*
 * auction_edge: a Mosquitto 2.0 plugin that lets browsers subscribe on Mosquitto's own listeners with the API's
 * short-lived live tokens (issue 25 item 2). The API decides; the plugin only asks and remembers:
 *
 *  - CONNECT (MOSQ_EVT_BASIC_AUTH): username + live token go to the API's edge check (`POST /edge/connect`), which
 *    answers `ok <idUser> <expiresAtMs>` or refuses. Service users (plugin_opt_service_users) are left to
 *    password_file/acl_file.
 *  - SUBSCRIBE (MOSQ_ACL_SUBSCRIBE): each filter goes to `POST /edge/subscribe`: the API applies the very rule of its
 *    own /mqtt broker (decideLiveSubscription). At most plugin_opt_max_filters filters per client, and a user asks at
 *    most 2 × plugin_opt_max_filters such questions a minute (refused or not, over all its connections): past that its
 *    filters are refused unasked, so one account cannot hold the broker's only thread on the API (a SUBSCRIBE of 5,000
 *    refused filters held every client for 14 s).
 *  - each delivery (MOSQ_ACL_READ): decided in memory. `user/{idUser}/...` only to that user, `server/clock` to all,
 *    `auction/{id}/...` when the API said this client may follow auction {id} (asked once per client and auction,
 *    `POST /edge/follow`, and forgotten when the API says who sees what changed). Anything else: refused.
 *  - PUBLISH by a live client: refused.
 *  - `$CONTROL/auction-edge/v1` (from a service user only): `recheck-user <idUser>` asks the API again for that
 *    user's clients and disconnects those whose token no longer holds (a logout); `forget-follows` drops every
 *    cached follow decision (a template changed), `forget-auction <idAuction>` those of one auction (it was edited).
 *    `api-up` (the API's edge check just started listening) ends a pause of the API's questions (see api_call).
 *  - every second (MOSQ_EVT_TICK): clients whose token expired are disconnected; clients not checked for
 *    plugin_opt_recheck_seconds are asked again (at most plugin_opt_recheck_batch per tick), so a revocation whose
 *    control message was lost (API restarted, publisher offline) still ends the connection.
 *
 * The API is reached over HTTP/1.1 with keep-alive (plugin_opt_api_host, plugin_opt_api_port) and a shared secret
 * (plugin_opt_secret, sent as a bearer token); an answer later than plugin_opt_api_timeout_ms (default 1000) is none. Built by tools/mosquitto-edge/build.sh against Debian's mosquitto-dev.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <mosquitto.h>
#include <mosquitto_broker.h>
#include <mosquitto_plugin.h>

#define CONTROL_TOPIC "$CONTROL/auction-edge/v1"
#define CLOCK_TOPIC "server/clock"
#define BUCKETS 4096
#define MAX_FOLLOWS 256
#define MAX_FIELD 4096

struct follow { char *id_auction; bool allowed; };

struct client_rec {
	struct mosquitto *client;
	char *client_id;
	char *username;
	char *token;
	char *id_user;
	long long expires_ms;
	time_t checked_s;
	bool doomed;
	bool throttled;
	bool gone; /* disconnected during a sweep: freed once the sweep is over */
	int nfilters;
	char **filters;
	int nfollows;
	struct follow follows[MAX_FOLLOWS];
	struct client_rec *next;
};

static mosquitto_plugin_id_t *plugin_id;
static struct client_rec *buckets[BUCKETS];
static char api_host[256] = "127.0.0.1";
static int api_port = 8091;
static char secret[512] = "";
static char service_users[1024] = "";
static int max_filters = 256;
static int recheck_seconds = 60;
static int recheck_batch = 200;
static int api_timeout_ms = 1000;
static int api_fd = -1;
/* Questions at SUBSCRIBE a user may still ask (a token bucket per user; users whose ids hash alike share one, which
 * only makes the limit stricter for them). */
#define BUDGETS 4096
static struct { double left; double at; } budgets[BUDGETS];

/* ---- clients ---------------------------------------------------------------------------------------------------- */

static unsigned bucket_of(const struct mosquitto *client) { return (unsigned)(((uintptr_t)client >> 4) % BUCKETS); }

/* Set while a loop walks the buckets: a kick disconnects the client at once (its MOSQ_EVT_DISCONNECT runs inside
 * mosquitto_kick_client_by_clientid), so its record is only marked gone then, never freed under the loop. */
static bool sweeping;

static struct client_rec *find(const struct mosquitto *client)
{
	for(struct client_rec *r = buckets[bucket_of(client)]; r; r = r->next) if(r->client == client && !r->gone) return r;
	return NULL;
}

static void free_rec(struct client_rec *r)
{
	free(r->client_id); free(r->username); free(r->token); free(r->id_user);
	for(int i = 0; i < r->nfilters; i++) free(r->filters[i]);
	free(r->filters);
	for(int i = 0; i < r->nfollows; i++) free(r->follows[i].id_auction);
	free(r);
}

static void forget(const struct mosquitto *client)
{
	struct client_rec **p = &buckets[bucket_of(client)];
	while(*p){
		if((*p)->client == client && !(*p)->gone){
			if(sweeping){ (*p)->gone = true; return; }
			struct client_rec *gone = *p; *p = gone->next; free_rec(gone); return;
		}
		p = &(*p)->next;
	}
}

static void sweep_begin(void) { sweeping = true; }

/* Frees the records of the clients disconnected during the sweep. */
static void sweep_end(void)
{
	sweeping = false;
	for(int b = 0; b < BUCKETS; b++){
		for(struct client_rec **p = &buckets[b]; *p;){
			if((*p)->gone){ struct client_rec *gone = *p; *p = gone->next; free_rec(gone); }
			else p = &(*p)->next;
		}
	}
}

static void forget_follows(struct client_rec *r)
{
	for(int i = 0; i < r->nfollows; i++) free(r->follows[i].id_auction);
	r->nfollows = 0;
}

static bool is_service_user(const char *username)
{
	if(!username || !service_users[0]) return false;
	size_t n = strlen(username);
	const char *p = service_users;
	while(*p){
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if(len == n && !strncmp(p, username, n)) return true;
		if(!end) break;
		p = end + 1;
	}
	return false;
}

/* ---- HTTP to the API -------------------------------------------------------------------------------------------- */

static void api_close(void) { if(api_fd >= 0) close(api_fd); api_fd = -1; }

/* Why the last exchange got no answer: a timeout (the API is slow or hung) is never retried at once. */
static bool api_timed_out;

static bool io_timed_out(void) { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINPROGRESS || errno == ETIMEDOUT; }

static bool api_open(void)
{
	if(api_fd >= 0) return true;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if(fd < 0) return false;
	struct timeval tv = { .tv_sec = api_timeout_ms / 1000, .tv_usec = (api_timeout_ms % 1000) * 1000 };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	int one = 1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)api_port) };
	if(inet_pton(AF_INET, api_host, &addr.sin_addr) != 1 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0){
		api_timed_out = io_timed_out();
		close(fd);
		return false;
	}
	api_fd = fd;
	return true;
}

static bool write_all(int fd, const char *buf, size_t len)
{
	while(len > 0){
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
		if(n <= 0){ if(n < 0 && errno == EINTR) continue; api_timed_out = n < 0 && io_timed_out(); return false; }
		buf += n; len -= (size_t)n;
	}
	return true;
}

/* One request/answer on the kept connection. Returns the HTTP status (0: no answer) and the body in `out`. */
static int api_exchange(const char *path, const char *body, char *out, size_t outlen)
{
	api_timed_out = false;
	if(!api_open()) return 0;
	char head[1024];
	size_t blen = strlen(body);
	int hlen = snprintf(head, sizeof(head),
		"POST %s HTTP/1.1\r\nHost: auction-api\r\nAuthorization: Bearer %s\r\n"
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %zu\r\n\r\n", path, secret, blen);
	if(hlen <= 0 || (size_t)hlen >= sizeof(head)) return 0;
	if(!write_all(api_fd, head, (size_t)hlen) || !write_all(api_fd, body, blen)){ api_close(); return 0; }
	char buf[8192];
	size_t got = 0;
	char *end = NULL;
	while(!end){
		if(got >= sizeof(buf) - 1){ api_close(); return 0; }
		ssize_t n = recv(api_fd, buf + got, sizeof(buf) - 1 - got, 0);
		if(n <= 0){ if(n < 0 && errno == EINTR) continue; api_timed_out = n < 0 && io_timed_out(); api_close(); return 0; }
		got += (size_t)n; buf[got] = '\0';
		end = strstr(buf, "\r\n\r\n");
	}
	int status = 0;
	if(sscanf(buf, "HTTP/1.%*d %d", &status) != 1){ api_close(); return 0; }
	long clen = 0;
	for(char *h = strstr(buf, "\r\n"); h && h < end; h = strstr(h + 2, "\r\n")){
		if(!strncasecmp(h + 2, "content-length:", 15)) clen = strtol(h + 17, NULL, 10);
	}
	size_t have = got - (size_t)(end + 4 - buf);
	if(clen < 0 || (size_t)clen >= outlen || (size_t)clen > sizeof(buf) - 1 - (size_t)(end + 4 - buf)){ api_close(); return 0; }
	while(have < (size_t)clen){
		ssize_t n = recv(api_fd, buf + got, (size_t)clen - have, 0);
		if(n <= 0){ if(n < 0 && errno == EINTR) continue; api_timed_out = n < 0 && io_timed_out(); api_close(); return 0; }
		got += (size_t)n; have += (size_t)n;
	}
	memcpy(out, end + 4, (size_t)clen);
	out[clen] = '\0';
	if(strstr(buf, "onnection: close")) api_close();
	return status;
}

/* The broker has one thread: an API that does not answer is not asked again for a while, 1 s after the first miss,
 * doubling to 16 s while it keeps missing (CONNECT and SUBSCRIBE are refused meanwhile, admitted clients are kept),
 * so a hung API holds every client up for one timeout per pause, not for two timeouts every second. */
static time_t down_until = 0;
static int pause_s = 0;
/* Whether the miss that started the pause was a timeout (a hung API) rather than a refusal (an API that is down). */
static bool pause_timed_out;

/* Ends the pause when the API shows it is up again: its next question is asked at once, and a miss doubles the pause
 * as before. `api-up` (the API announces itself once its edge check listens) ends any pause; any other control
 * message only a pause of refusals: a control message may come from another instance while this one hangs, and a
 * question to a hung API holds the broker for a whole timeout, a refused one for a connect() on loopback. */
static void api_resume(bool after_timeout, const char *why)
{
	if(time(NULL) >= down_until || (pause_timed_out && !after_timeout)) return;
	down_until = 0;
	mosquitto_log_printf(MOSQ_LOG_NOTICE, "auction_edge: %s: the API is asked again", why);
}

/* A kept connection the API closed while idle fails the first try: every request is a read, so it is sent once more
 * (never after a timeout: that would hold the broker twice as long). */
static int api_call(const char *path, const char *body, char *out, size_t outlen)
{
	if(time(NULL) < down_until) return 0;
	bool kept = api_fd >= 0;
	int status = api_exchange(path, body, out, outlen);
	if(status == 0 && kept && !api_timed_out) status = api_exchange(path, body, out, outlen);
	if(status == 0){
		pause_s = pause_s ? (pause_s >= 8 ? 16 : pause_s * 2) : 1;
		down_until = time(NULL) + pause_s;
		pause_timed_out = api_timed_out;
		mosquitto_log_printf(MOSQ_LOG_WARNING, "auction_edge: the API at %s:%d did not answer %s%s (not asked for %d s)",
			api_host, api_port, path, api_timed_out ? " in time" : "", pause_s);
	}else{
		pause_s = 0;
	}
	return status;
}

/* Takes one SUBSCRIBE question from the user's budget: 2 × max_filters, refilled at that many a minute. */
static bool budget_take(const char *id_user)
{
	unsigned h = 2166136261u;
	for(const unsigned char *c = (const unsigned char *)id_user; *c; c++) h = (h ^ *c) * 16777619u;
	struct timeval tv;
	gettimeofday(&tv, NULL);
	double now = (double)tv.tv_sec + tv.tv_usec / 1e6, cap = 2.0 * max_filters;
	double left = budgets[h % BUDGETS].at == 0 ? cap : budgets[h % BUDGETS].left + (now - budgets[h % BUDGETS].at) * cap / 60.0;
	budgets[h % BUDGETS].left = left > cap ? cap : left;
	budgets[h % BUDGETS].at = now;
	if(budgets[h % BUDGETS].left < 1.0) return false;
	budgets[h % BUDGETS].left -= 1.0;
	return true;
}

/* Appends key=value (percent-encoded) to dst. False when it does not fit: the caller refuses rather than ask the API
 * about a truncated value (a prefix of a filter is another filter). */
static bool form_add(char *dst, size_t dstlen, const char *key, const char *value)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(dst);
	if(n && n + 1 < dstlen) dst[n++] = '&';
	for(const char *k = key; *k; k++){ if(n + 1 >= dstlen) return false; dst[n++] = *k; }
	if(n + 1 >= dstlen) return false;
	dst[n++] = '=';
	for(const unsigned char *v = (const unsigned char *)(value ? value : ""); *v; v++){
		if(n + 3 >= dstlen){ dst[n] = '\0'; return false; }
		if((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') || (*v >= '0' && *v <= '9') || *v == '-' || *v == '_' || *v == '.'){
			dst[n++] = (char)*v;
		}else{
			dst[n++] = '%'; dst[n++] = hex[*v >> 4]; dst[n++] = hex[*v & 15];
		}
	}
	dst[n] = '\0';
	return true;
}

/* 1: the token still holds for its user; 0: it does not; -1: the API did not answer. */
static int still_valid(struct client_rec *r)
{
	char body[2 * MAX_FIELD], out[256];
	body[0] = '\0';
	if(!form_add(body, sizeof(body), "u", r->id_user) || !form_add(body, sizeof(body), "t", r->token)) return 0;
	int status = api_call("/edge/check", body, out, sizeof(out));
	if(status == 0) return -1;
	r->checked_s = time(NULL);
	return status == 200 && !strncmp(out, "ok", 2) ? 1 : 0;
}

/* ---- events ----------------------------------------------------------------------------------------------------- */

static int on_basic_auth(int event, void *event_data, void *userdata)
{
	(void)event; (void)userdata;
	struct mosquitto_evt_basic_auth *ed = event_data;
	if(!ed->username || is_service_user(ed->username)) return MOSQ_ERR_PLUGIN_DEFER;
	forget(ed->client);
	if(!ed->password || strlen(ed->password) > MAX_FIELD || strlen(ed->username) > 256) return MOSQ_ERR_AUTH;
	char body[2 * MAX_FIELD + 600], out[512];
	body[0] = '\0';
	if(!form_add(body, sizeof(body), "n", ed->username) || !form_add(body, sizeof(body), "t", ed->password)) return MOSQ_ERR_AUTH;
	if(api_call("/edge/connect", body, out, sizeof(out)) != 200) return MOSQ_ERR_AUTH;
	char id_user[256];
	long long expires_ms = 0;
	if(sscanf(out, "ok %255s %lld", id_user, &expires_ms) != 2) return MOSQ_ERR_AUTH;
	struct client_rec *r = calloc(1, sizeof(*r));
	if(!r) return MOSQ_ERR_NOMEM;
	r->client = ed->client;
	const char *cid = mosquitto_client_id(ed->client);
	r->client_id = strdup(cid ? cid : "");
	r->username = strdup(ed->username);
	r->token = strdup(ed->password);
	r->id_user = strdup(id_user);
	r->expires_ms = expires_ms;
	r->checked_s = time(NULL);
	unsigned b = bucket_of(ed->client);
	r->next = buckets[b];
	buckets[b] = r;
	return MOSQ_ERR_SUCCESS;
}

static int filter_index(struct client_rec *r, const char *filter)
{
	for(int i = 0; i < r->nfilters; i++) if(!strcmp(r->filters[i], filter)) return i;
	return -1;
}

static struct follow *follow_of(struct client_rec *r, const char *id_auction, size_t len)
{
	for(int i = 0; i < r->nfollows; i++){
		if(strlen(r->follows[i].id_auction) == len && !strncmp(r->follows[i].id_auction, id_auction, len)) return &r->follows[i];
	}
	return NULL;
}

static void remember_follow(struct client_rec *r, const char *id_auction, size_t len, bool allowed)
{
	if(r->nfollows == MAX_FOLLOWS) forget_follows(r);
	char *copy = strndup(id_auction, len);
	if(!copy) return;
	r->follows[r->nfollows].id_auction = copy;
	r->follows[r->nfollows].allowed = allowed;
	r->nfollows++;
}

static int acl_subscribe(struct client_rec *r, const char *filter)
{
	if(r->doomed || strlen(filter) > MAX_FIELD) return MOSQ_ERR_ACL_DENIED;
	bool held = filter_index(r, filter) >= 0;
	if(!held && r->nfilters >= max_filters) return MOSQ_ERR_ACL_DENIED;
	if(!budget_take(r->id_user)){
		if(!r->throttled) mosquitto_log_printf(MOSQ_LOG_NOTICE, "auction_edge: user %s asks too many filters: refused unasked", r->username);
		r->throttled = true;
		return MOSQ_ERR_ACL_DENIED;
	}
	char body[3 * MAX_FIELD + 600], out[256];
	body[0] = '\0';
	if(!form_add(body, sizeof(body), "u", r->id_user) || !form_add(body, sizeof(body), "t", r->token) || !form_add(body, sizeof(body), "f", filter)){
		return MOSQ_ERR_ACL_DENIED;
	}
	int status = api_call("/edge/subscribe", body, out, sizeof(out));
	if(status == 200 && !strncmp(out, "gone", 4)){ r->doomed = true; return MOSQ_ERR_ACL_DENIED; }
	if(status != 200 || strncmp(out, "ok", 2)) return MOSQ_ERR_ACL_DENIED;
	r->checked_s = time(NULL);
	if(!held){
		char **grown = realloc(r->filters, sizeof(char *) * (size_t)(r->nfilters + 1));
		if(!grown) return MOSQ_ERR_ACL_DENIED;
		r->filters = grown;
		r->filters[r->nfilters++] = strdup(filter);
	}
	/* A subscription to one auction: the API just said it may be followed. */
	if(!strncmp(filter, "auction/", 8)){
		const char *id = filter + 8, *slash = strchr(id, '/');
		size_t len = slash ? (size_t)(slash - id) : strlen(id);
		if(len && strncmp(id, "+", len) && strncmp(id, "#", len) && !follow_of(r, id, len)) remember_follow(r, id, len, true);
	}
	return MOSQ_ERR_SUCCESS;
}

static int acl_read(struct client_rec *r, const char *topic)
{
	if(r->doomed) return MOSQ_ERR_ACL_DENIED;
	if(!strcmp(topic, CLOCK_TOPIC)) return MOSQ_ERR_SUCCESS;
	if(!strncmp(topic, "user/", 5)){
		size_t n = strlen(r->id_user);
		return !strncmp(topic + 5, r->id_user, n) && topic[5 + n] == '/' ? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
	}
	if(strncmp(topic, "auction/", 8)) return MOSQ_ERR_ACL_DENIED;
	const char *id = topic + 8, *slash = strchr(id, '/');
	size_t len = slash ? (size_t)(slash - id) : strlen(id);
	if(!len || len > 256) return MOSQ_ERR_ACL_DENIED;
	struct follow *known = follow_of(r, id, len);
	if(known) return known->allowed ? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
	char id_auction[257], body[600], out[64];
	memcpy(id_auction, id, len);
	id_auction[len] = '\0';
	body[0] = '\0';
	if(!form_add(body, sizeof(body), "u", r->id_user) || !form_add(body, sizeof(body), "a", id_auction)) return MOSQ_ERR_ACL_DENIED;
	int status = api_call("/edge/follow", body, out, sizeof(out));
	if(status == 0) return MOSQ_ERR_ACL_DENIED; /* not remembered: asked again at the next message */
	bool allowed = status == 200 && !strncmp(out, "ok", 2);
	remember_follow(r, id, len, allowed);
	return allowed ? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
}

static int on_acl_check(int event, void *event_data, void *userdata)
{
	(void)event; (void)userdata;
	struct mosquitto_evt_acl_check *ed = event_data;
	struct client_rec *r = find(ed->client);
	if(!r) return MOSQ_ERR_PLUGIN_DEFER; /* a service user: password_file and acl_file decide */
	if(!r->client_id[0]){
		const char *cid = mosquitto_client_id(ed->client);
		if(cid && cid[0]){ free(r->client_id); r->client_id = strdup(cid); }
	}
	switch(ed->access){
		case MOSQ_ACL_SUBSCRIBE: return acl_subscribe(r, ed->topic);
		case MOSQ_ACL_UNSUBSCRIBE: {
			int i = filter_index(r, ed->topic);
			if(i >= 0){ free(r->filters[i]); r->filters[i] = r->filters[--r->nfilters]; }
			return MOSQ_ERR_SUCCESS;
		}
		case MOSQ_ACL_READ: return acl_read(r, ed->topic);
		default: return MOSQ_ERR_ACL_DENIED; /* live clients never publish */
	}
}

static void kick(struct client_rec *r, const char *why)
{
	mosquitto_log_printf(MOSQ_LOG_NOTICE, "auction_edge: disconnecting %s (user %s): %s", r->client_id, r->username, why);
	r->doomed = true;
	mosquitto_kick_client_by_clientid(r->client_id, false);
}

static int on_control(int event, void *event_data, void *userdata)
{
	(void)event; (void)userdata;
	struct mosquitto_evt_control *ed = event_data;
	/* Only a service user may command (acl_file gives it write on the topic); a live client never gets here. */
	if(find(ed->client) || !is_service_user(mosquitto_client_username(ed->client))) return MOSQ_ERR_ACL_DENIED;
	char cmd[512];
	size_t n = ed->payloadlen < sizeof(cmd) - 1 ? ed->payloadlen : sizeof(cmd) - 1;
	memcpy(cmd, ed->payload, n);
	cmd[n] = '\0';
	/* A message from the API's service user: its publisher is up, and with it (most likely) its edge check. */
	api_resume(!strcmp(cmd, "api-up"), !strcmp(cmd, "api-up") ? "the API announced itself" : "a control message came from the API");
	if(!strncmp(cmd, "recheck-user ", 13)){
		const char *id_user = cmd + 13;
		sweep_begin();
		for(int b = 0; b < BUCKETS; b++){
			for(struct client_rec *r = buckets[b]; r; r = r->next){
				if(r->gone || r->doomed || strcmp(r->id_user, id_user)) continue;
				int valid = still_valid(r);
				if(valid == 0) kick(r, "its token no longer holds");
				/* No answer (the API is paused): asked again at the first tick the API is asked, not recheck_seconds later. */
				else if(valid < 0) r->checked_s = 0;
			}
		}
		sweep_end();
	}else if(!strncmp(cmd, "forget-auction ", 15)){
		const char *id = cmd + 15;
		size_t len = strlen(id);
		for(int b = 0; b < BUCKETS; b++){
			for(struct client_rec *r = buckets[b]; r; r = r->next){
				struct follow *f = follow_of(r, id, len);
				if(!f) continue;
				free(f->id_auction);
				*f = r->follows[--r->nfollows];
			}
		}
	}else if(!strcmp(cmd, "forget-follows")){
		for(int b = 0; b < BUCKETS; b++) for(struct client_rec *r = buckets[b]; r; r = r->next) forget_follows(r);
	}
	return MOSQ_ERR_SUCCESS;
}

static int on_tick(int event, void *event_data, void *userdata)
{
	(void)event; (void)event_data; (void)userdata;
	static time_t last = 0;
	time_t now = time(NULL);
	if(now == last) return MOSQ_ERR_SUCCESS;
	last = now;
	struct timeval tv;
	gettimeofday(&tv, NULL);
	long long now_ms = (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000;
	int asked = 0;
	sweep_begin();
	for(int b = 0; b < BUCKETS; b++){
		for(struct client_rec *r = buckets[b]; r; r = r->next){
			if(r->gone) continue;
			if(r->doomed){ mosquitto_kick_client_by_clientid(r->client_id, false); continue; }
			if(r->expires_ms && r->expires_ms <= now_ms){ kick(r, "its token expired"); continue; }
			if(asked < recheck_batch && now - r->checked_s >= recheck_seconds){
				asked++;
				if(still_valid(r) == 0) kick(r, "its token no longer holds (periodic check)");
			}
		}
	}
	sweep_end();
	return MOSQ_ERR_SUCCESS;
}

static int on_disconnect(int event, void *event_data, void *userdata)
{
	(void)event; (void)userdata;
	struct mosquitto_evt_disconnect *ed = event_data;
	forget(ed->client);
	return MOSQ_ERR_SUCCESS;
}

/* ---- plugin entry points ---------------------------------------------------------------------------------------- */

int mosquitto_plugin_version(int supported_version_count, const int *supported_versions)
{
	for(int i = 0; i < supported_version_count; i++) if(supported_versions[i] == 5) return 5;
	return -1;
}

int mosquitto_plugin_init(mosquitto_plugin_id_t *identifier, void **userdata, struct mosquitto_opt *opts, int opt_count)
{
	(void)userdata;
	plugin_id = identifier;
	for(int i = 0; i < opt_count; i++){
		const char *k = opts[i].key, *v = opts[i].value;
		if(!strcmp(k, "api_host")) snprintf(api_host, sizeof(api_host), "%s", v);
		else if(!strcmp(k, "api_port")) api_port = atoi(v);
		else if(!strcmp(k, "secret")) snprintf(secret, sizeof(secret), "%s", v);
		else if(!strcmp(k, "service_users")) snprintf(service_users, sizeof(service_users), "%s", v);
		else if(!strcmp(k, "max_filters")) max_filters = atoi(v);
		else if(!strcmp(k, "recheck_seconds")) recheck_seconds = atoi(v);
		else if(!strcmp(k, "recheck_batch")) recheck_batch = atoi(v);
		else if(!strcmp(k, "api_timeout_ms")) api_timeout_ms = atoi(v);
	}
	if(!secret[0] || api_port <= 0 || max_filters <= 0 || recheck_seconds <= 0 || recheck_batch <= 0 || api_timeout_ms <= 0){
		mosquitto_log_printf(MOSQ_LOG_ERR, "auction_edge: plugin_opt_secret, api_port, max_filters, recheck_seconds, recheck_batch and api_timeout_ms must be set and positive");
		return MOSQ_ERR_INVAL;
	}
	int rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL, NULL);
	if(!rc) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL, NULL);
	if(!rc) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC, NULL);
	if(!rc) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_TICK, on_tick, NULL, NULL);
	if(!rc) rc = mosquitto_callback_register(plugin_id, MOSQ_EVT_DISCONNECT, on_disconnect, NULL, NULL);
	mosquitto_log_printf(MOSQ_LOG_INFO, "auction_edge: live tokens checked by the API at %s:%d (recheck every %d s, at most %d filters a client)",
		api_host, api_port, recheck_seconds, max_filters);
	return rc;
}

int mosquitto_plugin_cleanup(void *userdata, struct mosquitto_opt *opts, int opt_count)
{
	(void)userdata; (void)opts; (void)opt_count;
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_TICK, on_tick, NULL);
	mosquitto_callback_unregister(plugin_id, MOSQ_EVT_DISCONNECT, on_disconnect, NULL);
	for(int b = 0; b < BUCKETS; b++){
		while(buckets[b]){ struct client_rec *r = buckets[b]; buckets[b] = r->next; free_rec(r); }
	}
	api_close();
	return MOSQ_ERR_SUCCESS;
}
