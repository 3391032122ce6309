package main

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eclipse/paho.mqtt.golang/packets"
	"github.com/gorilla/websocket"
)

// stubBroker answers one WebSocket client: CONNACK with `connack`, then (if accepted) SUBACK with `suback`, then
// writes `frames` as they are, and reports every packet the client sent after its SUBSCRIBE on `got`.
func stubBroker(t *testing.T, connack, suback byte, frames [][]byte, got chan<- packets.ControlPacket) *httptest.Server {
	t.Helper()
	up := websocket.Upgrader{Subprotocols: []string{"mqtt"}}
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		if ws.Subprotocol() != "mqtt" {
			t.Errorf("subprotocol %q, want mqtt", ws.Subprotocol())
		}
		c := &session{ws: ws}
		p, err := c.next(5 * time.Second)
		if err != nil {
			return
		}
		if cp, ok := p.(*packets.ConnectPacket); !ok || cp.Username != "dealer" || string(cp.Password) != "token" || cp.ClientIdentifier != "sub-1" || cp.ProtocolVersion != 4 {
			t.Errorf("CONNECT %v", p)
		}
		ack := packets.NewControlPacket(packets.Connack).(*packets.ConnackPacket)
		ack.ReturnCode = connack
		_ = c.send(ack, time.Second)
		if connack != packets.Accepted {
			return
		}
		p, err = c.next(5 * time.Second)
		if err != nil {
			return
		}
		sub, ok := p.(*packets.SubscribePacket)
		if !ok || len(sub.Topics) != 1 || sub.Topics[0] != "auction/a1/lot/+" || sub.Qoss[0] != 1 {
			t.Errorf("SUBSCRIBE %v", p)
			return
		}
		sa := packets.NewControlPacket(packets.Suback).(*packets.SubackPacket)
		sa.MessageID, sa.ReturnCodes = sub.MessageID, []byte{suback}
		_ = c.send(sa, time.Second)
		for _, f := range frames {
			_ = ws.WriteMessage(websocket.BinaryMessage, f)
		}
		for {
			p, err := c.next(5 * time.Second)
			if err != nil {
				return
			}
			got <- p
		}
	}))
}

func publish(t *testing.T, id uint16, topic, payload string, retain bool) []byte {
	t.Helper()
	p := packets.NewControlPacket(packets.Publish).(*packets.PublishPacket)
	p.Qos, p.MessageID, p.TopicName, p.Payload, p.Retain = 1, id, topic, []byte(payload), retain
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func options(url string) sessionOptions {
	return sessionOptions{url: "ws" + strings.TrimPrefix(url, "http") + "/mqtt", clientID: "sub-1", username: "dealer", password: "token",
		filter: "auction/a1/lot/+", qos: 1, keepAlive: 60 * time.Second}
}

// Packets are read whatever the framing (two in one frame, one across two frames), in order, and each QoS 1 PUBLISH is
// acknowledged with its own id.
func TestSessionReadsAcrossFramesAndAcknowledges(t *testing.T) {
	a, b, c := publish(t, 7, "auction/a1/lot/l1", "one", true), publish(t, 8, "auction/a1/lot/l1", "two", false), publish(t, 9, "auction/a1/lot/l2", "three", false)
	frames := [][]byte{append(append([]byte{}, a...), b...), c[:3], c[3:]}
	got := make(chan packets.ControlPacket, 10)
	srv := stubBroker(t, packets.Accepted, 1, frames, got)
	defer srv.Close()

	var mu sync.Mutex
	var seen []string
	book := func(p *packets.PublishPacket) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, p.TopicName+"="+string(p.Payload)+map[bool]string{true: "(r)", false: ""}[p.Retain])
	}
	conn, err := dialSession(context.Background(), options(srv.URL), book)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- conn.readLoop(book) }()
	var acks []uint16
	for len(acks) < 3 {
		select {
		case p := <-got:
			if pa, ok := p.(*packets.PubackPacket); ok {
				acks = append(acks, pa.MessageID)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("PUBACKs %v, want 3", acks)
		}
	}
	mu.Lock()
	received := strings.Join(seen, ",")
	mu.Unlock()
	if received != "auction/a1/lot/l1=one(r),auction/a1/lot/l1=two,auction/a1/lot/l2=three" {
		t.Fatalf("received %v", received)
	}
	if acks[0] != 7 || acks[1] != 8 || acks[2] != 9 {
		t.Fatalf("PUBACK ids %v, want 7 8 9", acks)
	}
	if err := conn.ping(); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-got:
		if _, ok := p.(*packets.PingreqPacket); !ok {
			t.Fatalf("%T after ping, want PINGREQ", p)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no PINGREQ")
	}
	conn.close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the reading loop did not end when the connection was closed")
	}
}

// A CONNACK or SUBACK that refuses is told apart from a connection that failed.
func TestSessionRefusals(t *testing.T) {
	for _, tc := range []struct {
		name            string
		connack, suback byte
		want            string
	}{
		{"bad credentials", packets.ErrRefusedBadUsernameOrPassword, 0, "CONNACK refused"},
		{"filter refused", packets.Accepted, 0x80, "SUBACK refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := stubBroker(t, tc.connack, tc.suback, nil, make(chan packets.ControlPacket, 10))
			defer srv.Close()
			_, err := dialSession(context.Background(), options(srv.URL), func(*packets.PublishPacket) {})
			var refused errRefused
			if !errors.As(err, &refused) || !strings.HasPrefix(refused.reason, tc.want) {
				t.Fatalf("error %v, want a refusal %q", err, tc.want)
			}
		})
	}
	_, err := dialSession(context.Background(), options("http://127.0.0.1:1"), func(*packets.PublishPacket) {})
	var refused errRefused
	if err == nil || errors.As(err, &refused) {
		t.Fatalf("error %v, want a failed connection", err)
	}
}
