package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Account is a dealer's live credentials: the MQTT username and a token the API accepts as password (the session
// token of `POST /api/v1/mobile/token`, or a live token).
type Account struct {
	Username string `json:"username"`
	Token    string `json:"token"`
}

// Config is what one run holds. It comes from a JSON file (`-config file`, or `-config -` for standard input, which
// keeps tokens off the command line), and flags given beside it override its fields.
type Config struct {
	// URL is the live channel's MQTT-over-WebSocket endpoint, e.g. ws://127.0.0.1:3000/mqtt.
	URL string `json:"url"`
	// Auction is the auction whose lots every subscriber follows.
	Auction string `json:"auction"`
	// Topic is the filter subscribed, `{auction}` replaced by Auction; the web client's is `auction/{auction}/lot/+`.
	Topic       string    `json:"topic"`
	Subscribers int       `json:"subscribers"`
	Accounts    []Account `json:"accounts"`
	QoS         int       `json:"qos"`
	// RampSeconds spreads the connections evenly over this time.
	RampSeconds float64 `json:"rampSeconds"`
	// HoldSeconds is how long the subscribers stay once the ramp is over; SIGTERM or SIGINT ends the hold earlier.
	HoldSeconds float64 `json:"holdSeconds"`
	// MaxInFlight bounds the connections being opened at once (WebSocket upgrade, CONNECT, SUBSCRIBE).
	MaxInFlight      int    `json:"maxInFlight"`
	KeepAliveSeconds int    `json:"keepAliveSeconds"`
	ClientIDPrefix   string `json:"clientIdPrefix"`
	// Out is the result file (JSON); the summary goes to standard output either way.
	Out string `json:"out"`
	// CPUProfile, when set, is where a Go CPU profile of the whole run is written (go tool pprof).
	CPUProfile string `json:"cpuProfile"`
}

func defaults() Config {
	return Config{
		Topic: "auction/{auction}/lot/+", QoS: 1, RampSeconds: 10, HoldSeconds: 60, MaxInFlight: 64, KeepAliveSeconds: 60,
		ClientIDPrefix: fmt.Sprintf("fanout-sub-%d", time.Now().UnixMilli()%1e8),
	}
}

// loadConfig reads the configuration from the arguments (and the file or standard input they name).
func loadConfig(args []string, stdin io.Reader) (Config, error) {
	fs := flag.NewFlagSet("fanout-sub", flag.ContinueOnError)
	file := fs.String("config", "", "JSON configuration file, or - for standard input")
	url := fs.String("url", "", "MQTT over WebSocket URL (ws://host:port/mqtt)")
	auction := fs.String("auction", "", "auction id")
	topic := fs.String("topic", "", "topic filter; {auction} is replaced by the auction id")
	subscribers := fs.Int("subscribers", 0, "subscribers to hold")
	accounts := fs.String("accounts", "", "file of accounts: a JSON array of {username, token}")
	qos := fs.Int("qos", -1, "QoS of the subscription (0 or 1)")
	ramp := fs.Float64("ramp", -1, "seconds over which the connections are opened")
	hold := fs.Float64("hold", -1, "seconds the subscribers stay after the ramp (SIGTERM ends it earlier)")
	inFlight := fs.Int("max-in-flight", 0, "connections being opened at once, at most")
	out := fs.String("out", "", "result file (JSON)")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of the run to this file")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	cfg := defaults()
	if *file != "" {
		var r io.Reader = stdin
		if *file != "-" {
			f, err := os.Open(*file)
			if err != nil {
				return cfg, err
			}
			defer f.Close()
			r = f
		}
		// A misspelt field would otherwise leave its default in force unseen (a `holdSecond` typo: the 60 s hold).
		dec := json.NewDecoder(r)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return cfg, fmt.Errorf("configuration %s: %w", *file, err)
		}
	}
	if *accounts != "" {
		data, err := os.ReadFile(*accounts)
		if err != nil {
			return cfg, err
		}
		if err := json.Unmarshal(data, &cfg.Accounts); err != nil {
			return cfg, fmt.Errorf("accounts %s: %w", *accounts, err)
		}
	}
	set := func(ok bool, apply func()) {
		if ok {
			apply()
		}
	}
	set(*url != "", func() { cfg.URL = *url })
	set(*auction != "", func() { cfg.Auction = *auction })
	set(*topic != "", func() { cfg.Topic = *topic })
	set(*subscribers > 0, func() { cfg.Subscribers = *subscribers })
	set(*qos >= 0, func() { cfg.QoS = *qos })
	set(*ramp >= 0, func() { cfg.RampSeconds = *ramp })
	set(*hold >= 0, func() { cfg.HoldSeconds = *hold })
	set(*inFlight > 0, func() { cfg.MaxInFlight = *inFlight })
	set(*out != "", func() { cfg.Out = *out })
	set(*cpuProfile != "", func() { cfg.CPUProfile = *cpuProfile })
	return cfg, cfg.validate()
}

func (c *Config) validate() error {
	var problems []string
	if !strings.HasPrefix(c.URL, "ws://") && !strings.HasPrefix(c.URL, "wss://") {
		problems = append(problems, "url must be a ws:// or wss:// URL")
	}
	if c.Auction == "" && strings.Contains(c.Topic, "{auction}") {
		problems = append(problems, "auction is required")
	}
	if c.Subscribers <= 0 {
		problems = append(problems, "subscribers must be positive")
	}
	if len(c.Accounts) == 0 {
		problems = append(problems, "at least one account {username, token} is required")
	}
	for i, a := range c.Accounts {
		if a.Username == "" || a.Token == "" {
			problems = append(problems, fmt.Sprintf("account %d lacks a username or a token", i))
			break
		}
	}
	if c.RampSeconds < 0 {
		problems = append(problems, "rampSeconds must not be negative")
	}
	if c.HoldSeconds <= 0 {
		problems = append(problems, "holdSeconds must be positive (the subscribers would leave as soon as they are in)")
	}
	if c.KeepAliveSeconds < 0 {
		problems = append(problems, "keepAliveSeconds must not be negative")
	}
	if c.QoS != 0 && c.QoS != 1 {
		problems = append(problems, "qos must be 0 or 1 (QoS 2 is never used by the live channel)")
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = 64
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// filter is the topic filter subscribed.
func (c *Config) filter() string {
	return strings.ReplaceAll(c.Topic, "{auction}", c.Auction)
}
