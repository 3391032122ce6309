package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A SIGTERM during the ramp: the harness must not announce `ready` (whoever waits for it would start the load on a
// fleet that is not there), and its result says how many subscribers were never tried.
func TestStoppedDuringTheRampIsNotReady(t *testing.T) {
	out := filepath.Join(t.TempDir(), "result.json")
	cfg := defaults()
	cfg.URL = "ws://127.0.0.1:1/mqtt" // refused at once
	cfg.Subscribers, cfg.RampSeconds, cfg.HoldSeconds, cfg.Out = 4, 30, 30, out
	cfg.Accounts = []Account{{Username: "u", Token: "t"}}

	// Keep the test process alive when SIGTERM comes (run's own handler is registered a moment after it starts).
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, syscall.SIGTERM)
	defer signal.Stop(caught)
	stdout := os.Stdout
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout = w
	done := make(chan int)
	go func() { done <- run(cfg) }()
	time.Sleep(500 * time.Millisecond)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var code int
	select {
	case code = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("run did not end after SIGTERM")
	}
	os.Stdout = stdout
	w.Close()

	var events []string
	for sc := bufio.NewScanner(r); sc.Scan(); {
		var e struct{ Event string }
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			events = append(events, e.Event)
		}
	}
	if code != 0 || strings.Join(events, ",") != "interrupted,result" {
		t.Fatalf("exit %d, events %v: want 0 and interrupted,result", code, events)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.NotAttempted != 3 || res.Failed != 1 || res.Subscribed != 0 {
		t.Fatalf("not attempted %d, failed %d, subscribed %d: want 3, 1, 0", res.NotAttempted, res.Failed, res.Subscribed)
	}
}

// When the connections have taken every descriptor the process may open, the result is still written: its file was
// opened before them.
func TestResultWrittenWithNoDescriptorLeft(t *testing.T) {
	path := filepath.Join(t.TempDir(), "result.json")
	out, err := createResultFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var saved syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &saved); err != nil {
		t.Fatal(err)
	}
	// No descriptor left: the soft limit at the lowest free descriptor number (every lower one is in use).
	probe, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	lowestFree := probe.Fd()
	probe.Close()
	exhausted := syscall.Rlimit{Cur: uint64(lowestFree), Max: saved.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &exhausted); err != nil {
		t.Skip("cannot lower the open-files limit:", err)
	}
	_, openErr := os.Create(path + ".other")
	writeErr := out.write(Result{Version: 1, Subscribed: 7})
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &saved); err != nil {
		t.Fatal(err)
	}
	if openErr == nil {
		t.Fatal("a descriptor was still free: the test proves nothing")
	}
	if writeErr != nil {
		t.Fatalf("write with no descriptor left: %v", writeErr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	if err := json.Unmarshal(data, &res); err != nil || res.Subscribed != 7 {
		t.Fatalf("result %s (%v)", data, err)
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Fatalf("the temporary file is left: %v", err)
	}
}

// A result file that cannot be created ends the run before any connection, not after the whole hold.
func TestUnwritableResultEndsTheRunAtOnce(t *testing.T) {
	cfg := defaults()
	cfg.URL, cfg.Subscribers, cfg.Out = "ws://127.0.0.1:1/mqtt", 1, filepath.Join(t.TempDir(), "missing", "result.json")
	cfg.Accounts = []Account{{Username: "u", Token: "t"}}
	started := time.Now()
	if code := run(cfg); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if time.Since(started) > 5*time.Second {
		t.Fatalf("took %v", time.Since(started))
	}
}
