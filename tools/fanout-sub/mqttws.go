package main

// A subscriber's MQTT 3.1.1 session over one WebSocket, read by one goroutine: paho.mqtt.golang's packet codec
// (`packets`) on gorilla/websocket, without paho's client. The client ran ~10 goroutines per connection and handed each
// message through ~5 channels; its profile put those hand-offs at about a quarter of the harness's 41-47 µs of CPU per
// message, and its stacks at 67 KB per connection (BENCHMARKS.md, "Fan-out with a subscriber harness"). Here the
// reading goroutine decodes a PUBLISH, books it and writes its PUBACK itself; keep-alive pings come from one goroutine
// for the whole fleet (`fleet.pinger`).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/eclipse/paho.mqtt.golang/packets"
	"github.com/gorilla/websocket"
)

// session is one open MQTT connection.
type session struct {
	ws  *websocket.Conn
	cur io.Reader // the WebSocket frame being read (an MQTT packet may span frames, or a frame hold several packets)
	wmu sync.Mutex
}

// errRefused is a CONNACK or SUBACK that refused: the broker answered, and said no.
type errRefused struct{ reason string }

func (e errRefused) Error() string { return e.reason }

// Read gives the WebSocket's binary frames as one byte stream, as MQTT over WebSocket is defined (MQTT 3.1.1, 6.0).
func (c *session) Read(p []byte) (int, error) {
	for {
		if c.cur == nil {
			_, r, err := c.ws.NextReader()
			if err != nil {
				return 0, err
			}
			c.cur = r
		}
		n, err := c.cur.Read(p)
		if errors.Is(err, io.EOF) {
			c.cur = nil
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

// send writes one packet as one binary frame; the reading goroutine (PUBACK) and the pinger share the connection.
func (c *session) send(p packets.ControlPacket, timeout time.Duration) error {
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := c.ws.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	return c.ws.WriteMessage(websocket.BinaryMessage, buf.Bytes())
}

// next reads one packet, waiting at most `timeout` (0: no limit).
func (c *session) next(timeout time.Duration) (packets.ControlPacket, error) {
	deadline := time.Time{}
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	if err := c.ws.SetReadDeadline(deadline); err != nil {
		return nil, err
	}
	return packets.ReadPacket(c)
}

// close sends DISCONNECT (best effort) and closes the socket, which ends the reading goroutine.
func (c *session) close() {
	_ = c.send(packets.NewControlPacket(packets.Disconnect), 2*time.Second)
	_ = c.ws.Close()
}

// sessionOptions is what a subscriber connects with.
type sessionOptions struct {
	url, clientID, username, password, filter string
	qos                                       byte
	keepAlive                                 time.Duration
}

// dialSession opens the WebSocket, sends CONNECT and SUBSCRIBE, and returns once the SUBACK granted the filter. A
// PUBLISH that comes before the SUBACK (a retained message) goes to `onPublish` like any other.
func dialSession(ctx context.Context, o sessionOptions, onPublish func(*packets.PublishPacket)) (*session, error) {
	dialer := websocket.Dialer{
		Proxy: noProxy, HandshakeTimeout: 60 * time.Second, Subprotocols: []string{"mqtt"},
		// Small buffers: a lot message is ~600 bytes, and 20,000 connections × gorilla's default 4 KiB + 4 KiB add up.
		ReadBufferSize: 1024, WriteBufferSize: 1024,
	}
	ws, resp, err := dialer.DialContext(ctx, o.url, nil)
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	if err != nil {
		return nil, err
	}
	c := &session{ws: ws}
	fail := func(err error) (*session, error) {
		_ = ws.Close()
		return nil, err
	}

	connect := packets.NewControlPacket(packets.Connect).(*packets.ConnectPacket)
	connect.ProtocolName, connect.ProtocolVersion = "MQTT", 4 // the API's broker speaks MQTT 3.1.1
	connect.CleanSession = true
	connect.ClientIdentifier = o.clientID
	connect.UsernameFlag, connect.Username = true, o.username
	connect.PasswordFlag, connect.Password = true, []byte(o.password)
	connect.Keepalive = uint16(o.keepAlive / time.Second)
	if err := c.send(connect, 20*time.Second); err != nil {
		return fail(fmt.Errorf("connect: %w", err))
	}
	p, err := c.next(90 * time.Second)
	if err != nil {
		return fail(fmt.Errorf("connect: %w", err))
	}
	ack, ok := p.(*packets.ConnackPacket)
	if !ok {
		return fail(fmt.Errorf("connect: %T instead of CONNACK", p))
	}
	if ack.ReturnCode != packets.Accepted {
		return fail(errRefused{"CONNACK refused: " + packets.ConnackReturnCodes[ack.ReturnCode]})
	}

	sub := packets.NewControlPacket(packets.Subscribe).(*packets.SubscribePacket)
	sub.MessageID, sub.Topics, sub.Qoss = 1, []string{o.filter}, []byte{o.qos}
	if err := c.send(sub, 20*time.Second); err != nil {
		return fail(fmt.Errorf("subscribe: %w", err))
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		p, err := c.next(time.Until(deadline))
		if err != nil {
			return fail(fmt.Errorf("subscribe: %w", err))
		}
		switch pk := p.(type) {
		case *packets.PublishPacket:
			c.received(pk, onPublish)
		case *packets.SubackPacket:
			if len(pk.ReturnCodes) != 1 || pk.ReturnCodes[0] == 0x80 {
				return fail(errRefused{"SUBACK refused (0x80)"})
			}
			return c, nil
		}
	}
}

// received books a PUBLISH and acknowledges it when its QoS asks for it.
func (c *session) received(p *packets.PublishPacket, onPublish func(*packets.PublishPacket)) {
	onPublish(p)
	if p.Qos == 1 {
		ack := packets.NewControlPacket(packets.Puback).(*packets.PubackPacket)
		ack.MessageID = p.MessageID
		_ = c.send(ack, 20*time.Second) // a failed write ends the connection, which the reading loop reports
	}
}

// readLoop reads until the connection ends, and returns why.
func (c *session) readLoop(onPublish func(*packets.PublishPacket)) error {
	for {
		p, err := c.next(0)
		if err != nil {
			return err
		}
		if pk, ok := p.(*packets.PublishPacket); ok {
			c.received(pk, onPublish)
		}
	}
}

// ping sends PINGREQ (its PINGRESP is read and ignored by the reading loop).
func (c *session) ping() error {
	return c.send(packets.NewControlPacket(packets.Pingreq), 20*time.Second)
}
