package main

import (
	"reflect"
	"testing"
)

func msg(idOffer string, amount float64, position int64) *lotMessage {
	return &lotMessage{IDLot: "L", BestOfferID: idOffer, BestOffer: amount, Position: position, BestOfferAt: "1970-01-01T00:00:01.500Z"}
}

func TestSequenceInOrder(t *testing.T) {
	reg := NewRegistry()
	q := NewSequence()
	steps := []struct {
		m        *lotMessage
		retained bool
		want     Outcome
	}{
		{msg("", 0, 5), true, Retained},         // the state at subscribe time, no offer yet
		{msg("O1", 1000, 10), false, Delivered}, // the first offer
		{msg("O1", 1000, 10), false, Duplicate}, // a QoS 1 redelivery
		{msg("O2", 1010, 12), false, Delivered},
		{msg("O2", 1010, 15), false, Update}, // the lot's end moved: same best offer
		{msg("O3", 1020, 16), false, Delivered},
	}
	for i, s := range steps {
		if got := q.Observe(reg, "L", s.m, s.retained, int64(1000+i)); got != s.want {
			t.Fatalf("step %d: got %v, want %v", i, got, s.want)
		}
	}
	if q.Delivered != 3 || q.Duplicates != 1 || q.Updates != 1 || q.Retained != 1 || q.OutOfOrder != 0 {
		t.Fatalf("counts %+v", q)
	}
	if missed := q.Missed(reg); missed != nil {
		t.Fatalf("missed %v", missed)
	}
	if finals := q.Finals(); finals["L"] != "O3" {
		t.Fatalf("finals %v", finals)
	}
}

func TestSequenceOutOfOrder(t *testing.T) {
	reg := NewRegistry()
	q := NewSequence()
	q.Observe(reg, "L", msg("O2", 1010, 12), false, 1)
	if got := q.Observe(reg, "L", msg("O1", 1000, 10), false, 2); got != OutOfOrder {
		t.Fatalf("an older position: got %v", got)
	}
	if got := q.Observe(reg, "L", msg("O0", 990, 20), false, 3); got != OutOfOrder {
		t.Fatalf("a newer position with a lower best offer: got %v", got)
	}
	// Delivered late is still delivered: both reach the registry (their latency counts), the sequence is not in order.
	if q.OutOfOrder != 2 || q.Delivered != 3 {
		t.Fatalf("counts %+v", q)
	}
	if finals := q.Finals(); finals["L"] != "O0" {
		t.Fatalf("the final offer is the last in position order: %v", finals)
	}
}

func TestMissedAgainstOtherSubscribers(t *testing.T) {
	reg := NewRegistry()
	early, late, gappy := NewSequence(), NewSequence(), NewSequence()
	early.Observe(reg, "L", msg("", 0, 1), true, 1)
	gappy.Observe(reg, "L", msg("", 0, 1), true, 1)
	for i, m := range []*lotMessage{msg("O1", 1000, 10), msg("O2", 1010, 11), msg("O3", 1020, 12)} {
		early.Observe(reg, "L", m, false, int64(100+i))
	}
	// Subscribed after O1: its retained state carries O1, so O1 is not expected of it.
	late.Observe(reg, "L", msg("O1", 1000, 10), true, 150)
	late.Observe(reg, "L", msg("O2", 1010, 11), false, 160)
	late.Observe(reg, "L", msg("O3", 1020, 12), false, 161)
	// Missed O2.
	gappy.Observe(reg, "L", msg("O1", 1000, 10), false, 101)
	gappy.Observe(reg, "L", msg("O3", 1020, 12), false, 103)

	if m := early.Missed(reg); m != nil {
		t.Fatalf("early missed %v", m)
	}
	if m := late.Missed(reg); m != nil {
		t.Fatalf("late missed %v", m)
	}
	if m := gappy.Missed(reg); !reflect.DeepEqual(m, map[string][]string{"L": {"O2"}}) {
		t.Fatalf("gappy missed %v", m)
	}
	// A retained copy of a state older than a live message it already got is stale.
	if got := gappy.Observe(reg, "L", msg("O1", 1000, 10), true, 200); got != Stale {
		t.Fatalf("stale retained: got %v", got)
	}
}

func TestRegistryCountsEachSubscriberOnceWithReceiveTimes(t *testing.T) {
	reg := NewRegistry()
	a, b := NewSequence(), NewSequence()
	a.Observe(reg, "L", msg("O1", 1000, 10), false, 5000)
	a.Observe(reg, "L", msg("O1", 1000, 10), false, 5001) // duplicate: not a second delivery
	b.Observe(reg, "L", msg("O1", 1000, 10), false, 5003)
	b.Observe(reg, "M", msg("P1", 500, 11), false, 5004)
	lots := lotResults(reg, map[string]map[string]int{"L": {"O1": 2}, "M": {"P1": 1}})
	want := []LotResult{
		{IDLot: "L", Offers: []OfferResult{{IDOffer: "O1", Amount: 1000, Position: 10, AcceptedAtMs: 1500, Count: 2, FirstMs: 5000, Recv: [][2]int64{{0, 1}, {3, 1}}}}, Finals: map[string]int{"O1": 2}},
		{IDLot: "M", Offers: []OfferResult{{IDOffer: "P1", Amount: 500, Position: 11, AcceptedAtMs: 1500, Count: 1, FirstMs: 5004, Recv: [][2]int64{{0, 1}}}}, Finals: map[string]int{"P1": 1}},
	}
	if !reflect.DeepEqual(lots, want) {
		t.Fatalf("got %+v\nwant %+v", lots, want)
	}
}

func TestClosedSequenceIgnoresMessages(t *testing.T) {
	reg := NewRegistry()
	q := NewSequence()
	q.Close()
	q.Observe(reg, "L", msg("O1", 1000, 10), false, 1)
	if q.Delivered != 0 || len(reg.lots) != 0 {
		t.Fatalf("a closed sequence booked a message")
	}
}

func TestBitset(t *testing.T) {
	var b bitset
	for _, i := range []int{0, 63, 64, 200} {
		b.set(i)
	}
	for i := 0; i < 260; i++ {
		want := i == 0 || i == 63 || i == 64 || i == 200
		if b.has(i) != want {
			t.Fatalf("%d: has %v", i, b.has(i))
		}
	}
}

func TestBestOfferGoingBackThroughNoOfferIsOutOfOrder(t *testing.T) {
	reg := NewRegistry()
	q := NewSequence()
	q.Observe(reg, "L", msg("O1", 1000, 10), false, 1)
	// The lot's best offer vanishes (a stale state at a newer position), then a lower one appears.
	if got := q.Observe(reg, "L", msg("", 0, 11), false, 2); got != OutOfOrder {
		t.Fatalf("no best offer after O1: got %v", got)
	}
	if got := q.Observe(reg, "L", msg("O0", 990, 12), false, 3); got != OutOfOrder {
		t.Fatalf("a best offer below O1 after a state without one: got %v", got)
	}
	if got := q.Observe(reg, "L", msg("O2", 1010, 13), false, 4); got != Delivered {
		t.Fatalf("O2 above every offer seen: got %v", got)
	}
	if q.OutOfOrder != 2 {
		t.Fatalf("counts %+v", q)
	}
	// A withdrawn lot's message carries no offer, rightly.
	withdrawn := &lotMessage{IDLot: "L", Status: "WITHDRAWN", Position: 14}
	if got := q.Observe(reg, "L", withdrawn, false, 5); got != NoOffer {
		t.Fatalf("withdrawn: got %v", got)
	}
}
