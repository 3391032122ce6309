// Command fanout-sub holds thousands of live subscribers of the auction API (MQTT 3.1.1 over WebSocket, as the web
// client) for the bench's fan-out scenario, at a cost per message small enough that the latency it measures is the
// server's, not its own (k6's JavaScript client spends ~150 µs of CPU per message).
//
// It connects N subscribers evenly over a ramp (each with its own client id, spread over the accounts given, a bounded
// number of connects in flight), subscribes each to the auction's lot topics, stamps every PUBLISH with its receive time
// (Unix ms, the clock of k6's Date.now()), keeps per subscriber and per lot the sequence of offers seen, and at the end
// writes a result file (per offer: deliveries and their receive times; per subscriber: missed, out-of-order, duplicate
// offers) and prints a summary with its own CPU per message.
//
//	fanout-sub -config run.json            # see Config; -config - reads it from standard input
//	fanout-sub -url ws://127.0.0.1:3000/mqtt -auction A1 -subscribers 50 -accounts accounts.json -ramp 2 -hold 30 -out r.json
//
// Standard output carries JSON lines ({"event":"ready",…} once every connection attempt is over, or
// {"event":"interrupted",…} instead when SIGTERM or SIGINT came during the ramp; {"event":"result",…} at the end);
// progress and the summary go to standard error. SIGTERM or SIGINT ends the hold: the result is written and the process
// exits 0. Exit 1 when the result could not be written, 2 for a bad configuration or a result file that cannot be
// created.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"
)

func main() {
	cfg, err := loadConfig(os.Args[1:], os.Stdin)
	if err != nil {
		fmt.Fprintf(os.Stderr, "fanout-sub: %v\n", err)
		os.Exit(2)
	}
	os.Exit(run(cfg))
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "[fanout-sub %s] %s\n", time.Now().UTC().Format("15:04:05.000"), fmt.Sprintf(format, args...))
}

// event writes one JSON line on standard output.
func event(name string, fields map[string]any) {
	fields["event"] = name
	line, _ := json.Marshal(fields)
	fmt.Println(string(line))
}

func run(cfg Config) int {
	startedAt := time.Now()
	if cfg.CPUProfile != "" {
		if stopProfile, err := startCPUProfile(cfg.CPUProfile); err != nil {
			logf("no CPU profile: %v", err)
		} else {
			defer stopProfile()
		}
	}
	// The result file is created before the first connection: connections that take every descriptor the process may
	// open cannot keep it from being written, and a path that cannot be written ends the run before it starts.
	var out *resultFile
	if cfg.Out != "" {
		var err error
		if out, err = createResultFile(cfg.Out); err != nil {
			logf("cannot create the result file: %v", err)
			return 2
		}
	}
	// One descriptor per connection, plus the runtime's and some slack.
	if limit, err := raiseOpenFiles(uint64(cfg.Subscribers) + 512); err != nil || limit < uint64(cfg.Subscribers)+64 {
		logf("open files limited to %d (%v): expect failed connections beyond that", limit, err)
	}
	logf("%d subscribers on %s, filter %s, QoS %d, %d accounts, ramp %.0f s, hold %.0f s, at most %d connects in flight",
		cfg.Subscribers, cfg.URL, cfg.filter(), cfg.QoS, len(cfg.Accounts), cfg.RampSeconds, cfg.HoldSeconds, cfg.MaxInFlight)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	f := newFleet(cfg)
	progress := func() {
		logf("connecting: %d subscribed, %d refused, %d failed, %d in flight, %d messages",
			f.subscribed.Load(), f.refused.Load(), f.failed.Load(), f.inFlight.Load(), f.received.Load())
	}
	complete := f.ramp(ctx, progress)
	readyAt := time.Now()
	u0, s0, _ := cpuSeconds()
	receivedAtReady := f.received.Load()
	goroutines := runtime.NumGoroutine()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	logf("ready after %.1f s: %d connected, %d subscribed, %d refused, %d failed; %d goroutines, heap %.0f MB, goroutine stacks %.0f MB",
		readyAt.Sub(startedAt).Seconds(), f.connected.Load(), f.subscribed.Load(), f.refused.Load(), f.failed.Load(), goroutines,
		float64(mem.HeapInuse)/(1<<20), float64(mem.StackInuse)/(1<<20))
	counts := map[string]any{
		"connected": f.connected.Load(), "subscribed": f.subscribed.Load(), "refused": f.refused.Load(), "failed": f.failed.Load(),
		"rampSeconds": readyAt.Sub(startedAt).Seconds(), "errors": f.errorCounts(),
	}
	if complete {
		event("ready", counts)
	} else {
		// Stopped before every connection was tried: whoever waits for `ready` must not take this for it.
		counts["notAttempted"] = f.notAttempted()
		logf("stopped during the ramp: %d subscribers never tried", f.notAttempted())
		event("interrupted", counts)
	}

	// The hold: until its end or a signal, with a progress line every 5 s.
	holdEnd := time.NewTimer(time.Duration(cfg.HoldSeconds * float64(time.Second)))
	ticker := time.NewTicker(5 * time.Second)
	for held := true; held; {
		select {
		case <-ctx.Done():
			held = false
		case <-holdEnd.C:
			held = false
		case <-ticker.C:
			logf("holding: %d subscribed, %d lost, %d messages (%d live)", f.subscribed.Load()-f.lost.Load(), f.lost.Load(), f.received.Load(), f.live.Load())
		}
	}
	ticker.Stop()

	// Stop the bookkeeping first, then read everything, then disconnect (which costs CPU of its own).
	for _, s := range f.subs {
		s.seq.Close()
	}
	stoppedAt := time.Now()
	u1, s1, maxRss := cpuSeconds()
	result := f.result(cfg, startedAt, readyAt, stoppedAt, goroutines)
	result.MaxRssMb = maxRss
	result.ReadyHeapMb, result.ReadyStackMb = float64(mem.HeapInuse)/(1<<20), float64(mem.StackInuse)/(1<<20)
	cpuAll := u1 + s1
	result.CPU = CPUFigure{UserSeconds: u1, SysSeconds: s1, RampSeconds: u0 + s0, HoldSeconds: cpuAll - (u0 + s0)}
	if result.Messages.Received > 0 {
		result.CPU.UsPerMessage = cpuAll * 1e6 / float64(result.Messages.Received)
	}
	if n := result.Messages.Received - receivedAtReady; n > 0 {
		result.CPU.UsPerMessageHold = result.CPU.HoldSeconds * 1e6 / float64(n)
	}
	code := 0
	written := ""
	if out != nil {
		if err := out.write(result); err != nil {
			logf("could not write %s: %v", cfg.Out, err)
			code = 1
		} else {
			written = cfg.Out
		}
	}
	printSummary(result)
	event("result", map[string]any{
		"out": written, "connected": result.Connected, "subscribed": result.Subscribed, "refused": result.Refused, "failed": result.Failed,
		"lost": result.Lost, "received": result.Messages.Received, "delivered": result.Messages.Delivered,
		"usPerMessage": result.CPU.UsPerMessage, "usPerMessageHold": result.CPU.UsPerMessageHold, "deliveriesPerSecond": result.DeliveriesPerSecond,
	})
	f.closeAll(256, 15*time.Second)
	return code
}

// result gathers the fleet's figures once every sequence is closed.
func (f *fleet) result(cfg Config, startedAt, readyAt, stoppedAt time.Time, goroutines int) Result {
	r := Result{
		Version: 1,
		Config: ResultConfig{
			URL: cfg.URL, Auction: cfg.Auction, Filter: cfg.filter(), Subscribers: cfg.Subscribers, Accounts: len(cfg.Accounts), QoS: cfg.QoS,
			RampSeconds: cfg.RampSeconds, HoldSeconds: cfg.HoldSeconds, MaxInFlight: cfg.MaxInFlight,
		},
		StartedAtMs: startedAt.UnixMilli(), ReadyAtMs: readyAt.UnixMilli(), StoppedAtMs: stoppedAt.UnixMilli(),
		Connected: f.connected.Load(), Subscribed: f.subscribed.Load(), Refused: f.refused.Load(), Failed: f.failed.Load(), Lost: f.lost.Load(),
		NotAttempted: f.notAttempted(),
		Errors:       f.errorCounts(), FirstLiveMs: f.firstLive.Load(), LastLiveMs: f.lastLive.Load(), Goroutines: goroutines,
		Subscribers: []SubscriberIssues{},
	}
	r.Messages.Received = f.received.Load()
	r.Messages.Live = f.live.Load()
	r.Messages.Unparsed = f.unparsed.Load()
	finals := make(map[string]map[string]int)
	for _, s := range f.subs {
		state := s.state.Load()
		if state != stateSubscribed && state != stateLost {
			continue
		}
		r.SubscribersChecked++
		q := s.seq
		m := &r.Messages
		m.Retained += q.Retained
		m.Delivered += q.Delivered
		m.Updates += q.Updates
		m.NoOffer += q.NoOffer
		m.Duplicates += q.Duplicates
		m.OutOfOrder += q.OutOfOrder
		m.Stale += q.Stale
		for idLot, idOffer := range q.Finals() {
			if finals[idLot] == nil {
				finals[idLot] = make(map[string]int)
			}
			finals[idLot][idOffer]++
		}
		issues := SubscriberIssues{
			N: s.n, ClientID: s.clientID, Username: s.account.Username, Lost: state == stateLost, Missed: q.Missed(f.reg),
			OutOfOrder: q.OutOfOrder, Duplicates: q.Duplicates, Stale: q.Stale,
		}
		if issues.Lost || len(issues.Missed) > 0 || issues.OutOfOrder > 0 || issues.Duplicates > 0 || issues.Stale > 0 {
			r.Subscribers = append(r.Subscribers, issues)
		}
	}
	r.Lots = lotResults(f.reg, finals)
	if span := float64(f.lastDelivery.Load()-f.firstDelivery.Load()) / 1000; span > 0 {
		r.DeliveriesPerSecond = float64(r.Messages.Delivered) / span
	}
	return r
}

// startCPUProfile profiles the process into `path` until the returned function is called.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func printSummary(r Result) {
	missed := 0
	for _, s := range r.Subscribers {
		for _, ids := range s.Missed {
			missed += len(ids)
		}
	}
	offers := 0
	for _, l := range r.Lots {
		offers += len(l.Offers)
	}
	fmt.Fprintf(os.Stderr, "\n== fanout-sub: %d subscribers asked on %s\n", r.Config.Subscribers, r.Config.Filter)
	fmt.Fprintf(os.Stderr, "connections: %d connected, %d subscribed, %d refused, %d failed, %d lost during the hold\n",
		r.Connected, r.Subscribed, r.Refused, r.Failed, r.Lost)
	for reason, n := range r.Errors {
		fmt.Fprintf(os.Stderr, "  %d × %s\n", n, reason)
	}
	m := r.Messages
	fmt.Fprintf(os.Stderr, "messages: %d received (%d live, %d retained), %d first deliveries of %d offers, %d updates, %d duplicates, %d out of order, %d unparsed\n",
		m.Received, m.Live, m.Retained, m.Delivered, offers, m.Updates, m.Duplicates, m.OutOfOrder, m.Unparsed)
	fmt.Fprintf(os.Stderr, "missed: %d (subscriber, offer) pairs that another subscriber got; %d subscribers with an issue\n", missed, len(r.Subscribers))
	fmt.Fprintf(os.Stderr, "deliveries: %.0f/s from the first delivery of an offer to the last\n", r.DeliveriesPerSecond)
	fmt.Fprintf(os.Stderr, "own CPU: %.2f s user + %.2f s system = %.1f µs per message received (%.1f µs during the hold; ramp %.2f s of CPU); peak RSS %.0f MB (%.1f KB per connection), %d goroutines\n",
		r.CPU.UserSeconds, r.CPU.SysSeconds, r.CPU.UsPerMessage, r.CPU.UsPerMessageHold, r.CPU.RampSeconds, r.MaxRssMb,
		r.MaxRssMb*1024/float64(max(r.Connected, 1)), r.Goroutines)
}
