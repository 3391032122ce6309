package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eclipse/paho.mqtt.golang/packets"
)

// Subscriber states.
const (
	statePending int32 = iota
	stateConnecting
	stateSubscribed
	stateRefused // CONNACK or SUBACK refused
	stateFailed  // no connection (dial, WebSocket upgrade, timeout)
	stateLost    // subscribed, then the connection was lost
)

// subscriber is one MQTT connection with its own client id.
type subscriber struct {
	n        int
	clientID string
	account  *Account
	conn     *session // set once subscribed (under fleet.connMu)
	seq      *Sequence
	state    atomic.Int32
}

// fleet holds the subscribers and what they received.
type fleet struct {
	cfg  Config
	reg  *Registry
	subs []*subscriber

	connected  atomic.Int64
	subscribed atomic.Int64
	refused    atomic.Int64
	failed     atomic.Int64
	lost       atomic.Int64
	inFlight   atomic.Int64

	received  atomic.Int64 // every PUBLISH
	live      atomic.Int64 // PUBLISH without the retain flag
	unparsed  atomic.Int64 // not a lot message
	firstLive atomic.Int64 // Unix ms
	lastLive  atomic.Int64
	// firstDelivery and lastDelivery bound the first deliveries of offers (the deliveries per second's window: a live
	// message without a new offer, a lot's status change, may come long before).
	firstDelivery atomic.Int64
	lastDelivery  atomic.Int64

	errMu  sync.Mutex
	errors map[string]int

	connMu  sync.Mutex
	closing atomic.Bool   // closeAll has begun: connections ending now are not lost
	stop    chan struct{} // closed by closeAll: ends the pinger
}

func newFleet(cfg Config) *fleet {
	f := &fleet{cfg: cfg, reg: NewRegistry(), errors: make(map[string]int), stop: make(chan struct{})}
	f.subs = make([]*subscriber, cfg.Subscribers)
	for i := range f.subs {
		f.subs[i] = &subscriber{
			n: i, clientID: fmt.Sprintf("%s-%d", cfg.ClientIDPrefix, i), account: &cfg.Accounts[i%len(cfg.Accounts)], seq: NewSequence(),
		}
	}
	go f.pinger()
	return f
}

// noProxy: the live channel is reached directly, whatever HTTP_PROXY says.
func noProxy(*http.Request) (*url.URL, error) { return nil, nil }

// ramp opens the connections evenly over RampSeconds, at most MaxInFlight at once, and returns when every attempt has
// ended (subscribed or failed) or ctx is done. `progress` is called about once a second. False when ctx ended it before
// every subscriber was tried.
func (f *fleet) ramp(ctx context.Context, progress func()) bool {
	n := len(f.subs)
	interval := time.Duration(0)
	if n > 1 {
		interval = time.Duration(f.cfg.RampSeconds * float64(time.Second) / float64(n-1))
	}
	slots := make(chan struct{}, f.cfg.MaxInFlight)
	var wg sync.WaitGroup
	start := time.Now()
	lastProgress := start
	for i, s := range f.subs {
		// Evenly spread: connection i is due at start + i × interval, or as soon as a slot frees up after that.
		if wait := time.Until(start.Add(time.Duration(i) * interval)); wait > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(wait):
			}
		}
		select {
		case <-ctx.Done():
		case slots <- struct{}{}:
		}
		if ctx.Err() != nil {
			wg.Wait()
			return false
		}
		if time.Since(lastProgress) >= time.Second {
			lastProgress = time.Now()
			progress()
		}
		wg.Add(1)
		go func() {
			defer func() { <-slots; wg.Done() }()
			f.open(s)
		}()
	}
	wg.Wait()
	return true
}

// notAttempted is the number of subscribers never tried (the ramp was stopped before their turn).
func (f *fleet) notAttempted() int64 {
	n := int64(0)
	for _, s := range f.subs {
		if s.state.Load() == statePending {
			n++
		}
	}
	return n
}

// open connects one subscriber and subscribes it; the outcome is in its state and the fleet's counters. Its messages
// are then read by a goroutine of its own until the connection ends.
func (f *fleet) open(s *subscriber) {
	f.inFlight.Add(1)
	defer f.inFlight.Add(-1)
	s.state.Store(stateConnecting)
	onPublish := f.handler(s)
	conn, err := dialSession(context.Background(), sessionOptions{
		url: f.cfg.URL, clientID: s.clientID, username: s.account.Username, password: s.account.Token,
		filter: f.cfg.filter(), qos: byte(f.cfg.QoS), keepAlive: time.Duration(f.cfg.KeepAliveSeconds) * time.Second,
	}, onPublish)
	if err != nil {
		var refused errRefused
		if errors.As(err, &refused) {
			if strings.HasPrefix(refused.reason, "SUBACK") {
				f.connected.Add(1)
			}
			f.fail(s, stateRefused, refused.reason)
		} else {
			if strings.HasPrefix(err.Error(), "subscribe") {
				f.connected.Add(1)
			}
			f.fail(s, stateFailed, shortError(err))
		}
		return
	}
	f.connected.Add(1)
	f.connMu.Lock()
	s.conn = conn
	f.connMu.Unlock()
	s.state.Store(stateSubscribed)
	f.subscribed.Add(1)
	go func() {
		_ = conn.readLoop(onPublish)
		if !f.closing.Load() && s.state.CompareAndSwap(stateSubscribed, stateLost) {
			f.lost.Add(1)
		}
	}()
}

func (f *fleet) fail(s *subscriber, state int32, reason string) {
	s.state.Store(state)
	if state == stateRefused {
		f.refused.Add(1)
	} else {
		f.failed.Add(1)
	}
	f.errMu.Lock()
	f.errors[reason]++
	f.errMu.Unlock()
}

// pinger keeps every open connection alive: a PINGREQ to each every three quarters of the keep-alive, from one goroutine
// for the fleet (QoS 0 subscribers send nothing else).
func (f *fleet) pinger() {
	every := time.Duration(f.cfg.KeepAliveSeconds) * time.Second * 3 / 4
	if every <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-f.stop:
			return
		case <-t.C:
			for _, s := range f.subs {
				if c := f.connOf(s); c != nil && s.state.Load() == stateSubscribed {
					_ = c.ping()
				}
			}
		}
	}
}

func (f *fleet) connOf(s *subscriber) *session {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	return s.conn
}

// handler books every PUBLISH a subscriber receives, stamped with the receive time on the machine's clock (the clock of
// k6's Date.now()).
func (f *fleet) handler(s *subscriber) func(*packets.PublishPacket) {
	return func(msg *packets.PublishPacket) {
		now := time.Now().UnixMilli()
		f.received.Add(1)
		retained := msg.Retain
		idLot := lotOfTopic(msg.TopicName)
		if len(msg.Payload) == 0 {
			// A cleared retained topic: the API clears a final lot's state a while after its end. Nothing to measure.
			return
		}
		m, err := parseLotMessage(msg.Payload)
		if idLot == "" || err != nil {
			f.unparsed.Add(1)
			return
		}
		if !retained {
			f.live.Add(1)
			f.firstLive.CompareAndSwap(0, now)
			f.lastLive.Store(now)
		}
		if s.seq.Observe(f.reg, idLot, &m, retained, now) == Delivered {
			f.firstDelivery.CompareAndSwap(0, now)
			f.lastDelivery.Store(now)
		}
	}
}

// lotOfTopic is the lot id of `auction/{idAuction}/lot/{idLot}`, or "" for another topic.
func lotOfTopic(topic string) string {
	i := strings.LastIndex(topic, "/lot/")
	if i < 0 || !strings.HasPrefix(topic, "auction/") || strings.Count(topic, "/") != 3 {
		return ""
	}
	return topic[i+len("/lot/"):]
}

// closeAll stops the bookkeeping of every subscriber, then disconnects them, `parallel` at a time, within `limit`.
func (f *fleet) closeAll(parallel int, limit time.Duration) {
	if !f.closing.CompareAndSwap(false, true) {
		return
	}
	close(f.stop)
	for _, s := range f.subs {
		s.seq.Close()
	}
	done := make(chan struct{})
	go func() {
		slots := make(chan struct{}, parallel)
		var wg sync.WaitGroup
		for _, s := range f.subs {
			c := f.connOf(s)
			if c == nil {
				continue
			}
			slots <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-slots; wg.Done() }()
				c.close()
			}()
		}
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(limit):
	}
}

func (f *fleet) errorCounts() map[string]int {
	f.errMu.Lock()
	defer f.errMu.Unlock()
	out := make(map[string]int, len(f.errors))
	for k, v := range f.errors {
		out[k] = v
	}
	return out
}

// shortError keeps an error's text short and free of per-connection details (ports), so that counts group.
func shortError(err error) string {
	text := err.Error()
	if i := strings.LastIndex(text, ": "); i >= 0 && strings.Contains(text, "127.0.0.1:") {
		text = text[i+2:]
	}
	if len(text) > 120 {
		text = text[:120]
	}
	return text
}
