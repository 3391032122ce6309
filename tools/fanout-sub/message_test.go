package main

import (
	"encoding/json"
	"testing"
)

// A lot message as the live publisher builds it (libs/messaging/src/live/live-payloads.ts: the lot view, then
// bestOfferAt, serverTime, position).
const sampleLot = `{"idLot":"L-1","idAuction":"A-1","lotNumber":1,"licensePlate":"FO1X0001","frame":null,"brand":"Fiat",` +
	`"model":"Panda 1.2","basePrice":1000,"minIncrement":10,"buyNowPrice":null,"status":"RUN","awardStatus":null,` +
	`"bestOffer":1030.5,"bestOfferId":"O-3","offersCount":3,"endDate":"2026-11-26T14:00:00.000Z","nextMinimumOffer":1040.5,` +
	`"idOfferAwarded":null,"idVehicle":null,"idCoverPhoto":null,"bestOfferAt":"2026-11-26T13:00:00.123Z",` +
	`"serverTime":"2026-11-26T13:00:00.125Z","position":4711}`

func TestParseLotMessage(t *testing.T) {
	m, err := parseLotMessage([]byte(sampleLot))
	if err != nil {
		t.Fatal(err)
	}
	want := lotMessage{IDLot: "L-1", BestOfferID: "O-3", BestOffer: 1030.5, BestOfferAt: "2026-11-26T13:00:00.123Z", Position: 4711, Status: "RUN"}
	if m != want {
		t.Fatalf("got %+v, want %+v", m, want)
	}
}

func TestParseLotMessageWithoutOffer(t *testing.T) {
	m, err := parseLotMessage([]byte(`{"idLot":"L-2","bestOffer":null,"bestOfferId":null,"bestOfferAt":null,"position":12}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.BestOfferID != "" || m.BestOffer != 0 || m.Position != 12 {
		t.Fatalf("got %+v", m)
	}
}

func TestParseLotMessageSkipsNestedValuesAndLookalikeKeys(t *testing.T) {
	// A value that looks like a field, nested objects and arrays, escapes, whitespace: only top-level keys count.
	payload := ` { "model" : "say \"bestOfferId\":\"X\"", "extra": {"position": 1, "list": [1, {"bestOffer": 9}, "]}"]},` +
		` "bestOffer": 1e3, "bestOfferId": "O-\u0031", "position": 7 } `
	m, err := parseLotMessage([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	if m.BestOfferID != "O-1" || m.BestOffer != 1000 || m.Position != 7 {
		t.Fatalf("got %+v", m)
	}
}

func TestParseLotMessageRefusesBrokenPayloads(t *testing.T) {
	for _, payload := range []string{``, `[]`, `{"position":`, `{"idLot":"L-1"`, `{"idLot" 1}`, `{"a":"unterminated}`, `{"position":x}`} {
		if _, err := parseLotMessage([]byte(payload)); err == nil {
			t.Errorf("%q: no error", payload)
		}
	}
}

func TestParseLotMessageAgreesWithEncodingJSON(t *testing.T) {
	var full struct {
		IDLot       string  `json:"idLot"`
		BestOfferID string  `json:"bestOfferId"`
		BestOffer   float64 `json:"bestOffer"`
		Position    int64   `json:"position"`
	}
	if err := json.Unmarshal([]byte(sampleLot), &full); err != nil {
		t.Fatal(err)
	}
	m, _ := parseLotMessage([]byte(sampleLot))
	if m.IDLot != full.IDLot || m.BestOfferID != full.BestOfferID || m.BestOffer != full.BestOffer || m.Position != full.Position {
		t.Fatalf("scanner %+v, encoding/json %+v", m, full)
	}
}

func TestLotOfTopic(t *testing.T) {
	cases := map[string]string{
		"auction/A-1/lot/L-9": "L-9", "auction/A-1": "", "user/U/outbid": "", "auction/A-1/lot/L-9/x": "", "x/A/lot/L": "",
	}
	for topic, want := range cases {
		if got := lotOfTopic(topic); got != want {
			t.Errorf("%s: got %q, want %q", topic, got, want)
		}
	}
}

func BenchmarkParseLotMessage(b *testing.B) {
	payload := []byte(sampleLot)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseLotMessage(payload); err != nil {
			b.Fatal(err)
		}
	}
}
