package main

import (
	"sort"
	"sync"
	"time"
)

// The bookkeeping of deliveries, free of any network: the registry of offers seen on each lot (shared by every
// subscriber) and each subscriber's sequence per lot. Offers are named by the lot message's bestOfferId: every accepted
// offer becomes its lot's best offer, and the live publisher sends the lot's state after each command.

// offerStats is one offer as the subscribers saw it.
type offerStats struct {
	ID       string
	Amount   float64
	Position int64
	// AcceptedAtMs is the lot message's bestOfferAt (the instant the server accepted the offer), Unix ms; 0 if unknown.
	AcceptedAtMs int64
	// Count is the subscribers that got it (each once, however many copies reached them).
	Count int
	// recv counts deliveries by receive time (Unix ms): exact latencies at the clock's resolution, in a few hundred
	// entries whatever the number of subscribers.
	recv map[int64]uint32
}

// lotOffers is the offers of one lot in the order they were first seen.
type lotOffers struct {
	offers []*offerStats
	byID   map[string]int
}

// Registry holds every offer delivered to any subscriber, per lot.
type Registry struct {
	mu   sync.Mutex
	lots map[string]*lotOffers
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{lots: make(map[string]*lotOffers)}
}

// deliver counts the delivery of m's offer to a subscriber whose offers seen on the lot are `seen` (updated here);
// false when that subscriber had it already.
func (r *Registry) deliver(idLot string, m *lotMessage, recvMs int64, seen *bitset) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	lot := r.lots[idLot]
	if lot == nil {
		lot = &lotOffers{byID: make(map[string]int)}
		r.lots[idLot] = lot
	}
	i, ok := lot.byID[m.BestOfferID]
	if !ok {
		i = len(lot.offers)
		lot.byID[m.BestOfferID] = i
		lot.offers = append(lot.offers, &offerStats{
			ID: m.BestOfferID, Amount: m.BestOffer, Position: m.Position, AcceptedAtMs: unixMs(m.BestOfferAt), recv: make(map[int64]uint32),
		})
	}
	if seen.has(i) {
		return false
	}
	seen.set(i)
	o := lot.offers[i]
	// An offer's position is that of the first message carrying it (a later one may restate it with a status change).
	if m.Position < o.Position {
		o.Position = m.Position
	}
	o.Count++
	o.recv[recvMs]++
	return true
}

// Outcome is what one message meant to one subscriber.
type Outcome int

const (
	// Retained: the lot's state at subscribe time (not a delivery).
	Retained Outcome = iota
	// Delivered: an offer this subscriber had not seen, after everything it saw on the lot.
	Delivered
	// Update: the same best offer at a later position (the lot's status or end changed).
	Update
	// NoOffer: a lot state without a best offer.
	NoOffer
	// Duplicate: the same position again (a QoS 1 redelivery).
	Duplicate
	// OutOfOrder: a position at or below one already seen on the lot, or a best offer lower than one seen before (no
	// best offer at all after one, too).
	OutOfOrder
	// Stale: a retained state older than what the subscriber already got live (a client drops it).
	Stale
)

// lotSeq is one subscriber's view of one lot.
type lotSeq struct {
	// baseline is the position of the retained state received before any live message: offers at or below it predate
	// the subscription.
	baseline  int64
	last      int64
	lastOffer string
	// top is the highest best offer seen on the lot (hasTop: there was one): a later message may not go below it.
	top    float64
	hasTop bool
	live   bool
	// final is the best offer of the last message in position order.
	final string
	seen  bitset
}

// Sequence is one subscriber's deliveries, lot by lot. Its methods are called by the subscriber's own dispatch
// goroutine; the lock only guards against the final read while a message is still being handled.
type Sequence struct {
	mu   sync.Mutex
	lots map[string]*lotSeq
	// Delivered counts first deliveries of an offer (out of order ones included).
	Delivered  int
	Updates    int
	Retained   int
	NoOffer    int
	Duplicates int
	OutOfOrder int
	Stale      int
	closed     bool
}

// NewSequence returns an empty sequence.
func NewSequence() *Sequence {
	return &Sequence{lots: make(map[string]*lotSeq, 2)}
}

// Observe books one message of lot idLot received at recvMs; `retained` is the MQTT retain flag.
func (q *Sequence) Observe(reg *Registry, idLot string, m *lotMessage, retained bool, recvMs int64) Outcome {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return Stale
	}
	l := q.lots[idLot]
	if l == nil {
		l = &lotSeq{}
		q.lots[idLot] = l
	}
	if retained && !l.live {
		q.Retained++
		if m.Position > l.baseline {
			l.baseline = m.Position
			l.advance(m)
		}
		return Retained
	}
	if retained && m.Position <= l.last {
		q.Stale++
		return Stale
	}
	l.live = true
	outcome := q.classify(l, m)
	switch outcome {
	case Duplicate:
		q.Duplicates++
		return outcome
	case NoOffer:
		q.NoOffer++
	case Update:
		q.Updates++
	case OutOfOrder:
		q.OutOfOrder++
	}
	// An offer reaches the registry once per subscriber, even out of order (it was delivered, late or not). An update
	// restates the offer of the message before it, so it is never a first sight (the retained state's offer predates
	// the subscription).
	if (outcome == Delivered || outcome == OutOfOrder) && m.BestOfferID != "" && reg.deliver(idLot, m, recvMs, &l.seen) {
		q.Delivered++
	}
	if m.Position > l.last {
		l.advance(m)
	}
	return outcome
}

// advance makes m the newest message seen of the lot.
func (l *lotSeq) advance(m *lotMessage) {
	l.last = m.Position
	l.lastOffer = m.BestOfferID
	if m.BestOfferID != "" && (!l.hasTop || m.BestOffer > l.top) {
		l.top, l.hasTop = m.BestOffer, true
	}
	l.final = m.BestOfferID
}

func (q *Sequence) classify(l *lotSeq, m *lotMessage) Outcome {
	switch {
	case m.Position == l.last && m.BestOfferID == l.lastOffer:
		return Duplicate
	case m.Position <= l.last:
		return OutOfOrder
	case m.BestOfferID == "" && l.hasTop && m.Status != "WITHDRAWN":
		// The lot had a best offer and a later message says it has none: its state went back (a withdrawn lot's message
		// carries no offer, rightly).
		return OutOfOrder
	case m.BestOfferID == "":
		return NoOffer
	case m.BestOfferID == l.lastOffer:
		return Update
	case l.hasTop && m.BestOffer <= l.top:
		return OutOfOrder
	default:
		return Delivered
	}
}

// Close stops the sequence: messages handled from now on are ignored (the result is being written).
func (q *Sequence) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}

// Missed returns, per lot, the ids of the offers some subscriber got after this one's subscription (above its
// baseline) that this one never got. `lots` names the lots to check (every lot of the registry).
func (q *Sequence) Missed(reg *Registry) map[string][]string {
	q.mu.Lock()
	defer q.mu.Unlock()
	reg.mu.Lock()
	defer reg.mu.Unlock()
	var out map[string][]string
	for idLot, lot := range reg.lots {
		l := q.lots[idLot]
		for i, o := range lot.offers {
			if l != nil && (l.seen.has(i) || o.Position <= l.baseline) {
				continue
			}
			if out == nil {
				out = make(map[string][]string)
			}
			out[idLot] = append(out[idLot], o.ID)
		}
	}
	return out
}

// Finals returns the best offer each lot ended at for this subscriber (the last message in position order).
func (q *Sequence) Finals() map[string]string {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make(map[string]string, len(q.lots))
	for idLot, l := range q.lots {
		out[idLot] = l.final
	}
	return out
}

// sortedLots returns the registry's lots, each with its offers in position order.
func (r *Registry) sortedLots() map[string][]*offerStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string][]*offerStats, len(r.lots))
	for idLot, lot := range r.lots {
		offers := append([]*offerStats(nil), lot.offers...)
		sort.Slice(offers, func(a, b int) bool { return offers[a].Position < offers[b].Position })
		out[idLot] = offers
	}
	return out
}

// bitset is a set of small non-negative integers (offer indices of one lot).
type bitset []uint64

func (b bitset) has(i int) bool {
	w := i / 64
	return w < len(b) && b[w]&(1<<(uint(i)%64)) != 0
}

func (b *bitset) set(i int) {
	w := i / 64
	for len(*b) <= w {
		*b = append(*b, 0)
	}
	(*b)[w] |= 1 << (uint(i) % 64)
}

// unixMs reads an ISO instant as Unix ms (0 when it is not one).
func unixMs(iso string) int64 {
	t, err := time.Parse(time.RFC3339Nano, iso)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}
