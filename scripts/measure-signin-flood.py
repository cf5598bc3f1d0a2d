#!/usr/bin/env python3
"""Sign-in flood: starts a suite on a throwaway database, sends N parallel sign-ins with unknown login
names from N different client addresses (X-Forwarded-For, the suite trusting loopback as its proxy, as
behind an ingress), has the real administrator sign in from another address in the middle of the flood,
and prints the answers, the administrator's wait and the suite's peak memory (VmHWM).

    scripts/measure-signin-flood.py [target/release/suite] [300]
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

SUITE = sys.argv[1] if len(sys.argv) > 1 else "target/release/suite"
FLOOD = int(sys.argv[2]) if len(sys.argv) > 2 else 300
SERVER = os.environ.get("DATABASE_SERVER", "postgres://postgres@127.0.0.1:5432")
DATABASE = f"sesame_flood_{os.getpid()}"
PORT = 18000 + os.getpid() % 1000
BASE = f"http://127.0.0.1:{PORT}"


def sign_in(login, password, address):
    body = json.dumps({"login": login, "password": password}).encode()
    request = urllib.request.Request(
        f"{BASE}/api/auth/login", body,
        {"Content-Type": "application/json", "X-Forwarded-For": address})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            status = answer.status
    except urllib.error.HTTPError as e:
        status = e.code
    return status, time.monotonic() - started


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    env = dict(os.environ, DATABASE_URL=f"{SERVER}/{DATABASE}", HTTP_ADDR=f"127.0.0.1:{PORT}",
               BOOTSTRAP_ADMIN_LOGIN="admin", BOOTSTRAP_ADMIN_PASSWORD="Admin-pass-1",
               TRUSTED_PROXIES="127.0.0.1", WEB_DIR=tempfile.mkdtemp(), RUST_LOG="warn",
               NATS_PREFIX=DATABASE)
    suite = subprocess.Popen([SUITE], env=env)
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(f"{BASE}/readyz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        before = peak_rss_mb(suite.pid)
        with concurrent.futures.ThreadPoolExecutor(max_workers=FLOOD + 1) as pool:
            flood = [pool.submit(sign_in, f"inconnu{i}", "mauvais", f"10.9.{i // 250}.{i % 250}")
                     for i in range(FLOOD)]
            time.sleep(0.5)
            real = pool.submit(sign_in, "admin", "Admin-pass-1", "10.8.0.1").result()
            answers = [f.result() for f in flood]
        statuses = {}
        for status, _ in answers:
            statuses[status] = statuses.get(status, 0) + 1
        slowest = max(seconds for _, seconds in answers)
        print(f"flood: {FLOOD} parallel sign-ins from {FLOOD} addresses: answers {dict(sorted(statuses.items()))}, "
              f"slowest {slowest:.1f} s")
        print(f"the administrator during the flood: {real[0]} in {real[1]:.2f} s")
        print(f"suite peak memory: {before:.0f} MB before, {peak_rss_mb(suite.pid):.0f} MB after the flood")
    finally:
        suite.terminate()
        suite.wait()
        subprocess.run(["psql", f"{SERVER}/postgres", "-qc", f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"],
                       check=False)


if __name__ == "__main__":
    main()
