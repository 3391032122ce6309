package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// lotMessage is the part of a live lot message (`auction/{idAuction}/lot/{idLot}`, libs/messaging/src/live/
// live-payloads.ts LotPayload) the harness reads: the lot's public view plus the live stamp.
type lotMessage struct {
	IDLot string
	// BestOfferID is the idOffer of the lot's best offer ("" while there is none: `"bestOfferId":null`).
	BestOfferID string
	// BestOffer is its amount (0 while there is none).
	BestOffer float64
	// BestOfferAt is the ISO instant the server accepted the best offer ("" while there is none).
	BestOfferAt string
	// Position is the global log position of the last event reflected: strictly increasing per topic.
	Position int64
	Status   string
}

var errNotObject = errors.New("not a JSON object")

// parseLotMessage reads the fields of lotMessage from a payload in one pass over its top level, skipping every other
// value without decoding it: a lot message is ~600 bytes with twenty-odd fields, of which six are needed, and
// encoding/json would allocate for all of them on every delivery.
func parseLotMessage(payload []byte) (lotMessage, error) {
	var m lotMessage
	s := scanner{data: payload}
	s.space()
	if !s.take('{') {
		return m, errNotObject
	}
	s.space()
	if s.take('}') {
		return m, nil
	}
	for {
		s.space()
		key, err := s.stringBytes()
		if err != nil {
			return m, err
		}
		s.space()
		if !s.take(':') {
			return m, s.fail("':' expected")
		}
		s.space()
		switch string(key) { // no allocation: the compiler recognises a switch on string(bytes)
		case "idLot":
			m.IDLot, err = s.stringOrNull()
		case "bestOfferId":
			m.BestOfferID, err = s.stringOrNull()
		case "bestOfferAt":
			m.BestOfferAt, err = s.stringOrNull()
		case "status":
			m.Status, err = s.stringOrNull()
		case "bestOffer":
			m.BestOffer, err = s.numberOrNull()
		case "position":
			var p float64
			p, err = s.numberOrNull()
			m.Position = int64(p)
		default:
			err = s.skipValue()
		}
		if err != nil {
			return m, err
		}
		s.space()
		if s.take(',') {
			continue
		}
		if s.take('}') {
			return m, nil
		}
		return m, s.fail("',' or '}' expected")
	}
}

// scanner walks a JSON text without building values.
type scanner struct {
	data []byte
	at   int
}

func (s *scanner) fail(what string) error {
	return errors.New("JSON: " + what + " at byte " + strconv.Itoa(s.at))
}

func (s *scanner) space() {
	for s.at < len(s.data) {
		switch s.data[s.at] {
		case ' ', '\t', '\n', '\r':
			s.at++
		default:
			return
		}
	}
}

func (s *scanner) take(c byte) bool {
	if s.at < len(s.data) && s.data[s.at] == c {
		s.at++
		return true
	}
	return false
}

// stringBytes returns the raw bytes between the quotes of a string (escapes left as they are) and moves past it.
func (s *scanner) stringBytes() ([]byte, error) {
	if !s.take('"') {
		return nil, s.fail("string expected")
	}
	start := s.at
	for s.at < len(s.data) {
		switch s.data[s.at] {
		case '\\':
			s.at += 2
		case '"':
			raw := s.data[start:s.at]
			s.at++
			return raw, nil
		default:
			s.at++
		}
	}
	return nil, s.fail("unterminated string")
}

// stringOrNull decodes a string value ("" for null). Ids and instants carry no escape; one that does is decoded by
// encoding/json.
func (s *scanner) stringOrNull() (string, error) {
	if s.literal("null") {
		return "", nil
	}
	start := s.at
	raw, err := s.stringBytes()
	if err != nil {
		return "", err
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw), nil
	}
	var out string
	err = json.Unmarshal(s.data[start:s.at], &out)
	return out, err
}

// numberOrNull decodes a number value (0 for null).
func (s *scanner) numberOrNull() (float64, error) {
	if s.literal("null") {
		return 0, nil
	}
	start := s.at
	for s.at < len(s.data) {
		c := s.data[s.at]
		if (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			s.at++
			continue
		}
		break
	}
	if start == s.at {
		return 0, s.fail("number expected")
	}
	return strconv.ParseFloat(string(s.data[start:s.at]), 64)
}

func (s *scanner) literal(word string) bool {
	if len(s.data)-s.at >= len(word) && string(s.data[s.at:s.at+len(word)]) == word {
		s.at += len(word)
		return true
	}
	return false
}

// skipValue moves past any value: strings, numbers, literals, and objects and arrays however deep.
func (s *scanner) skipValue() error {
	if s.at >= len(s.data) {
		return s.fail("value expected")
	}
	switch s.data[s.at] {
	case '"':
		_, err := s.stringBytes()
		return err
	case '{', '[':
		depth := 0
		for s.at < len(s.data) {
			switch s.data[s.at] {
			case '"':
				if _, err := s.stringBytes(); err != nil {
					return err
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					s.at++
					return nil
				}
			}
			s.at++
		}
		return s.fail("unterminated object or array")
	default:
		start := s.at
		for s.at < len(s.data) {
			switch s.data[s.at] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if start == s.at {
					return s.fail("value expected")
				}
				return nil
			}
			s.at++
		}
		return nil
	}
}
