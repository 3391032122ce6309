package main

import (
	"strings"
	"testing"
)

const goodConfig = `{"url":"ws://127.0.0.1:1/mqtt","auction":"A","subscribers":2,"accounts":[{"username":"u","token":"t"}]`

func TestConfigRefusesWhatWouldSilentlyChangeTheRun(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{goodConfig + `,"holdSecond":300}`, `unknown field "holdSecond"`},
		{goodConfig + `,"holdSeconds":-5}`, "holdSeconds must be positive"},
		{goodConfig + `,"holdSeconds":0}`, "holdSeconds must be positive"},
		{goodConfig + `,"rampSeconds":-1}`, "rampSeconds must not be negative"},
		{goodConfig + `,"keepAliveSeconds":-1}`, "keepAliveSeconds must not be negative"},
		{goodConfig + `,"subscribers":0}`, "subscribers must be positive"},
		{`{"url":"ws://127.0.0.1:1/mqtt","auction":"A","subscribers":2,"accounts":[{"username":"u"}]}`, "lacks a username or a token"},
	} {
		_, err := loadConfig([]string{"-config", "-"}, strings.NewReader(c.json))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.json, err, c.want)
		}
	}
	cfg, err := loadConfig([]string{"-config", "-"}, strings.NewReader(goodConfig+`,"rampSeconds":0}`))
	if err != nil || cfg.RampSeconds != 0 || cfg.HoldSeconds != 60 {
		t.Fatalf("a ramp of 0 (all at once) and the default hold: %+v, %v", cfg, err)
	}
}
