package main

import (
	"encoding/json"
	"os"
	"sort"
	"syscall"
)

// resultFile is where the result goes: `path + ".tmp"`, opened at the start and kept open, renamed to `path` once
// written (a reader never sees half a file).
type resultFile struct {
	path string
	tmp  *os.File
}

// createResultFile opens the result's temporary file now, while descriptors are still to be had.
func createResultFile(path string) (*resultFile, error) {
	tmp, err := os.OpenFile(path+".tmp", os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	return &resultFile{path: path, tmp: tmp}, nil
}

// write writes v as JSON, closes the file and gives it its name; it opens no descriptor.
func (r *resultFile) write(v any) error {
	data, err := json.Marshal(v)
	if err == nil {
		_, err = r.tmp.Write(append(data, '\n'))
	}
	if closeErr := r.tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return err
	}
	return os.Rename(r.tmp.Name(), r.path)
}

// Result is the file the harness writes at the end (version 1). Latencies are not computed here: the harness does not
// know when each offer was acknowledged. It gives, per offer, every delivery's receive time (Unix ms) as a histogram,
// and the bench subtracts the offer's 201 time (k6's acknowledgement) from each.
type Result struct {
	Version int          `json:"version"`
	Config  ResultConfig `json:"config"`
	// StartedAtMs, ReadyAtMs (every connection attempt over), StoppedAtMs: Unix ms.
	StartedAtMs int64 `json:"startedAtMs"`
	ReadyAtMs   int64 `json:"readyAtMs"`
	StoppedAtMs int64 `json:"stoppedAtMs"`
	// Counts of subscribers: connected (CONNACK 0), subscribed (SUBACK granted), refused (CONNACK or SUBACK refused),
	// failed (no connection), lost (subscribed, then the connection dropped before the end).
	Connected  int64 `json:"connected"`
	Subscribed int64 `json:"subscribed"`
	Refused    int64 `json:"refused"`
	Failed     int64 `json:"failed"`
	Lost       int64 `json:"lost"`
	// NotAttempted: subscribers never tried, the run having been stopped (SIGTERM, SIGINT) during its ramp.
	NotAttempted int64          `json:"notAttempted"`
	Errors       map[string]int `json:"errors"`
	Messages     MessageCounts  `json:"messages"`
	// FirstLiveMs and LastLiveMs bound the live (not retained) messages received.
	FirstLiveMs int64 `json:"firstLiveMs"`
	LastLiveMs  int64 `json:"lastLiveMs"`
	// DeliveriesPerSecond: first deliveries of an offer ÷ the time from the first such delivery to the last.
	DeliveriesPerSecond float64   `json:"deliveriesPerSecond"`
	CPU                 CPUFigure `json:"cpu"`
	MaxRssMb            float64   `json:"maxRssMb"`
	// ReadyHeapMb and ReadyStackMb: Go heap and goroutine stacks in use once every connection attempt was over.
	ReadyHeapMb  float64 `json:"readyHeapMb"`
	ReadyStackMb float64 `json:"readyStackMb"`
	// Goroutines when every connection attempt was over (paho runs several per connection).
	Goroutines int         `json:"goroutines"`
	Lots       []LotResult `json:"lots"`
	// SubscribersChecked: subscribed (or subscribed, then lost) subscribers whose sequences were checked.
	SubscribersChecked int `json:"subscribersChecked"`
	// Subscribers lists only those with something to report (a missed offer, out of order, duplicates, lost).
	Subscribers []SubscriberIssues `json:"subscribers"`
}

// ResultConfig is the configuration without the tokens.
type ResultConfig struct {
	URL         string  `json:"url"`
	Auction     string  `json:"auction"`
	Filter      string  `json:"filter"`
	Subscribers int     `json:"subscribers"`
	Accounts    int     `json:"accounts"`
	QoS         int     `json:"qos"`
	RampSeconds float64 `json:"rampSeconds"`
	HoldSeconds float64 `json:"holdSeconds"`
	MaxInFlight int     `json:"maxInFlight"`
}

// MessageCounts sums every subscriber's messages.
type MessageCounts struct {
	// Received: every PUBLISH; Live: without the retain flag.
	Received int64 `json:"received"`
	Live     int64 `json:"live"`
	Retained int   `json:"retained"`
	// Delivered: first deliveries of an offer to a subscriber (the latency samples).
	Delivered  int   `json:"delivered"`
	Updates    int   `json:"updates"`
	NoOffer    int   `json:"noOffer"`
	Duplicates int   `json:"duplicates"`
	OutOfOrder int   `json:"outOfOrder"`
	Stale      int   `json:"stale"`
	Unparsed   int64 `json:"unparsed"`
}

// CPUFigure is the harness's own CPU (getrusage, user + system).
type CPUFigure struct {
	UserSeconds float64 `json:"userSeconds"`
	SysSeconds  float64 `json:"sysSeconds"`
	// RampSeconds: CPU spent until every connection attempt was over; HoldSeconds: after, until the stop.
	RampSeconds float64 `json:"rampSeconds"`
	HoldSeconds float64 `json:"holdSeconds"`
	// UsPerMessage: all CPU ÷ every PUBLISH received; UsPerMessageHold: the hold's CPU ÷ the PUBLISHes received meanwhile
	// (what a delivery costs, without the connections' opening).
	UsPerMessage     float64 `json:"usPerMessage"`
	UsPerMessageHold float64 `json:"usPerMessageHold"`
}

// LotResult is one lot's offers in position order, and the best offer the subscribers ended at.
type LotResult struct {
	IDLot  string        `json:"idLot"`
	Offers []OfferResult `json:"offers"`
	// Finals counts the subscribers by the best offer of the last message they got on the lot.
	Finals map[string]int `json:"finals"`
}

// OfferResult is one offer: the subscribers that got it, and when.
type OfferResult struct {
	IDOffer  string  `json:"idOffer"`
	Amount   float64 `json:"amount"`
	Position int64   `json:"position"`
	// AcceptedAtMs: the server's acceptance instant the lot message carried (bestOfferAt), Unix ms.
	AcceptedAtMs int64 `json:"acceptedAtMs"`
	Count        int   `json:"count"`
	// Recv is the histogram of receive times: [ms after FirstMs, deliveries] pairs, in time order.
	FirstMs int64      `json:"firstMs"`
	Recv    [][2]int64 `json:"recv"`
}

// SubscriberIssues is what went wrong for one subscriber.
type SubscriberIssues struct {
	N        int    `json:"n"`
	ClientID string `json:"clientId"`
	Username string `json:"username"`
	Lost     bool   `json:"lost,omitempty"`
	// Missed: per lot, offers another subscriber got after this one's subscription and this one never got.
	Missed     map[string][]string `json:"missed,omitempty"`
	OutOfOrder int                 `json:"outOfOrder,omitempty"`
	Duplicates int                 `json:"duplicates,omitempty"`
	Stale      int                 `json:"stale,omitempty"`
}

// offerResult turns an offer's receive-time histogram into its compact form.
func offerResult(o *offerStats) OfferResult {
	times := make([]int64, 0, len(o.recv))
	for t := range o.recv {
		times = append(times, t)
	}
	sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
	r := OfferResult{IDOffer: o.ID, Amount: o.Amount, Position: o.Position, AcceptedAtMs: o.AcceptedAtMs, Count: o.Count, Recv: make([][2]int64, 0, len(times))}
	if len(times) > 0 {
		r.FirstMs = times[0]
	}
	for _, t := range times {
		r.Recv = append(r.Recv, [2]int64{t - r.FirstMs, int64(o.recv[t])})
	}
	return r
}

// lotResults gathers the registry's lots (sorted by id) with the subscribers' final offers.
func lotResults(reg *Registry, finals map[string]map[string]int) []LotResult {
	lots := reg.sortedLots()
	ids := make([]string, 0, len(lots))
	for id := range lots {
		ids = append(ids, id)
	}
	for id := range finals {
		if _, ok := lots[id]; !ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	out := make([]LotResult, 0, len(ids))
	for _, id := range ids {
		lr := LotResult{IDLot: id, Offers: []OfferResult{}, Finals: finals[id]}
		for _, o := range lots[id] {
			lr.Offers = append(lr.Offers, offerResult(o))
		}
		out = append(out, lr)
	}
	return out
}

// cpuSeconds is this process's user and system CPU so far, and its peak RSS in MB.
func cpuSeconds() (user, sys, maxRssMb float64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0, 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime), tv(ru.Stime), float64(ru.Maxrss) / 1024 // Linux: kilobytes
}

// raiseOpenFiles makes room for `want` descriptors: the soft limit up to the hard one, and the hard one too when the
// process may (root). Returns the soft limit in force.
func raiseOpenFiles(want uint64) (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur >= want {
		return lim.Cur, nil
	}
	if lim.Max < want {
		raised := syscall.Rlimit{Cur: want, Max: want}
		if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised) == nil {
			return want, nil
		}
	}
	lim.Cur = min(want, lim.Max)
	err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	return lim.Cur, err
}
