#!/usr/bin/env python3
"""The writer and a watching reader of bench/readers.sh, as a club's clients load the server:
a process of its own, a new connection for every request, writes that do not wait for each
other, every other result backdated to a day of the season (a ratings replay from there on).

usage: writer.py URL TOKEN LEAGUE RATE SECONDS PLAYERS
prints one line: "sent ok failed behind_p99_ms behind_max_ms reads", where "behind" is how
far behind the newest revision (ms, as the server says in X-Spielstand-Behind-Ms) the tables
were that a reader without a write of its own was served, sampled every 10 ms meanwhile.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

url, token, league = sys.argv[1], sys.argv[2], sys.argv[3]
rate, seconds, players = float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
target = urllib.parse.urlparse(url)
counts = {"ok": 0, "failed": 0}
lock = threading.Lock()


def request(method, path, body=None, headers=None):
    conn = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
    try:
        conn.request(method, path, body, headers or {})
        res = conn.getresponse()
        res.read()
        return res
    finally:
        conn.close()


def post(i):
    day = time.strftime("%Y-%m-%d") if i % 2 == 0 else "2026-%02d-%02d" % (i % 9 + 1, i % 27 + 1)
    a = "Spieler %03d" % (i % players)
    b = "Spieler %03d" % ((i + 1 + i // players) % players)
    if a == b:
        b = "Spieler %03d" % ((i + 2) % players)
    body = json.dumps({"played_on": day, "game": "mensch-aergere-dich-nicht",
                       "players": [{"player": a, "seat": 1}, {"player": b, "seat": 2}],
                       "detail": {"order": [[a], [b]]}})
    try:
        res = request("POST", f"/api/v1/leagues/{league}/results", body,
                      {"authorization": f"Bearer {token}", "content-type": "application/json"})
        good = 200 <= res.status < 300
    except OSError:
        good = False
    with lock:
        counts["ok" if good else "failed"] += 1


behind = []
stop = threading.Event()


def watch():
    while not stop.is_set():
        try:
            res = request("GET", f"/api/v1/leagues/{league}/standings")
            behind.append(int(res.getheader("X-Spielstand-Behind-Ms") or 0))
        except OSError:
            pass
        time.sleep(0.01)


watcher = threading.Thread(target=watch)
watcher.start()
start = time.monotonic()
sent = 0
writers = []
while time.monotonic() - start < seconds:
    t = threading.Thread(target=post, args=(sent,))
    t.start()
    writers.append(t)
    sent += 1
    time.sleep(max(0.0, start + sent / rate - time.monotonic()))
for t in writers:
    t.join()
stop.set()
watcher.join()
behind.sort()
p99 = behind[min(len(behind) - 1, int(len(behind) * 0.99))] if behind else 0
print(sent, counts["ok"], counts["failed"], p99, behind[-1] if behind else 0, len(behind))
