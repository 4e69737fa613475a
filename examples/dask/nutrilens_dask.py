#!/usr/bin/env python3
"""Scan a list of photos on a Dask cluster with one long-lived `nutrilens scan` per partition.

NutriLens is the map step; Dask schedules, retries and spreads the partitions over machines. Each partition of the
input list runs `nutrilens scan --jsonl --jobs 1 --files-from -` once (so the OCR engines and models load once per
partition, not per photo) and appends its JSON lines to `OUT/part-NNNNN.jsonl`. Partitions are cut from the list by
position, so the same list gives the same partitions on every run: rerunning the same command after a failure scans
only the inputs that have no result line yet (a partial last line, left by a killed run, is cut off first).

Inputs are local paths (seen from the workers: a shared file system or the same layout on every machine) or URLs that
fsspec can open on the worker (http(s)://, s3://, gs://, ... with the matching fsspec extra installed); a URL is
downloaded into `OUT/.staging/` on the worker, scanned, and reported under its URL.

Usage (see README.md beside this file):
    python3 nutrilens_dask.py --files-from photos.txt --out results/ --workers 2 --nutrilens /path/to/nutrilens
    python3 nutrilens_dask.py --files-from photos.txt --out results/ --scheduler tcp://10.0.0.5:8786 ...

Needs `pip install "dask[distributed]"` (and fsspec, which Dask installs); nothing else. Prints one JSON summary line
on stdout (inputs, scanned, skipped, failed partitions, seconds, photos per second); progress goes to stderr.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


def read_list(path: str) -> list[str]:
    """The inputs of a --files-from file (`-` = stdin): one per line, blank lines and `#` comments skipped."""
    handle = sys.stdin if path == "-" else open(path, encoding="utf-8")
    with handle:
        items = [line.strip() for line in handle]
    return [item for item in items if item and not item.startswith("#")]


def partitions(items: list[str], size: int) -> list[list[str]]:
    """Consecutive chunks of `size` inputs: the same list always gives the same partitions."""
    return [items[i:i + size] for i in range(0, len(items), size)]


def is_url(item: str) -> bool:
    """`scheme://…` (http, https, s3, gs, file, …); everything else is a local path."""
    return re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", item) is not None


def done_paths(part: Path) -> set[str]:
    """The `path` of every complete result line in `part`; cuts off a partial last line (a killed run's) first."""
    if not part.exists():
        return set()
    data = part.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(part, "r+b") as handle:
            handle.truncate(end)
        data = data[:end]
    done = set()
    for line in data.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and isinstance(record.get("path"), str):
            done.add(record["path"])
    return done


@dataclass
class PartitionResult:
    index: int
    inputs: int
    skipped: int
    scanned: int
    seconds: float


def stage(url: str, folder: Path) -> Path:
    """Downloads `url` with fsspec into `folder` under a name unique to the URL; returns the local path."""
    import fsspec  # imported on the worker: only URL inputs need it

    name = hashlib.sha1(url.encode()).hexdigest()[:16] + "-" + os.path.basename(url.split("?", 1)[0])[-80:]
    target = folder / name
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(target.suffix + ".part")
        with fsspec.open(url, "rb") as source, open(partial, "wb") as sink:
            shutil.copyfileobj(source, sink, 1 << 20)
        partial.rename(target)
    return target


def run_partition(index: int, items: list[str], out: str, nutrilens: str, scan_args: list[str]) -> PartitionResult:
    """Scans the inputs of partition `index` that have no result in `OUT/part-<index>.jsonl` yet, appending one JSON
    line per input. Raises when `nutrilens` dies before every input has a line, so Dask retries the partition; on
    the retry the inputs already written are skipped."""
    started = time.monotonic()
    out_dir = Path(out)
    part = out_dir / f"part-{index:05d}.jsonl"
    done = done_paths(part)
    todo = [item for item in items if item not in done]
    if not todo:
        return PartitionResult(index, len(items), len(items), 0, time.monotonic() - started)

    staging = out_dir / ".staging" / f"part-{index:05d}"
    local_of: dict[str, str] = {}
    with open(part, "ab") as sink:
        for item in todo:
            if not is_url(item):
                local_of[item] = item
                continue
            try:
                local_of[item] = str(stage(item, staging))
            except Exception as error:  # an unreachable URL is that input's result, not the partition's failure
                line = {"path": item, "error": {"type": "download_failed", "message": f"{type(error).__name__}: {error}"}}
                sink.write((json.dumps(line) + "\n").encode())
        sink.flush()
        inputs = [item for item in todo if item in local_of]
        original = {local_of[item]: item for item in inputs}
        env = dict(os.environ, OMP_THREAD_LIMIT="1")
        command = [nutrilens, "scan", "--jsonl", "--quiet", "--jobs", "1", "--files-from", "-", *scan_args]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=env)
        assert process.stdin and process.stdout and process.stderr
        process.stdin.write(("\n".join(local_of[item] for item in inputs) + "\n").encode())
        process.stdin.close()
        written = 0
        for raw in process.stdout:
            record = json.loads(raw)
            record["path"] = original.get(record.get("path"), record.get("path"))
            sink.write((json.dumps(record, separators=(",", ":")) + "\n").encode())
            sink.flush()
            written += 1
        stderr = process.stderr.read().decode(errors="replace")
        status = process.wait()
    shutil.rmtree(staging, ignore_errors=True)
    # 0: all scanned; 1: some inputs failed, each with its error line. Anything else (usage or set-up error, a
    # signal) before every input has its line is the partition's failure.
    if written < len(inputs) or status not in (0, 1):
        raise RuntimeError(f"partition {index}: nutrilens exited {status} after {written}/{len(inputs)} results: "
                           f"{stderr.strip()[-2000:]}")
    return PartitionResult(index, len(items), len(items) - len(todo), written, time.monotonic() - started)


# Dask's timers for a cluster whose tasks are long subprocess runs: an idle 2-worker LocalCluster takes 8-9 % of a core
# with the defaults (the event-loop tick every 20 ms, the statistical profiler sampling worker threads every 10 ms, the
# system and memory monitors) and 1.0 % with these (measured in session 12, examples/dask/README.md). That CPU is
# taken from the scans when every core runs one. Nothing here changes scheduling or retries.
QUIET_LOCAL_CLUSTER = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "1s",
    "distributed.admin.system-monitor.gil.enabled": False,
    "distributed.worker.memory.monitor-interval": "1s",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files-from", required=True, help="list of photo paths or URLs, one per line ('-' = stdin)")
    parser.add_argument("--out", required=True, help="folder for part-NNNNN.jsonl result files")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="local workers (threads of this process, one nutrilens at a time each) when no --scheduler "
                             "is given")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    parser.add_argument("--nutrilens", default=shutil.which("nutrilens") or "nutrilens",
                        help="path of the nutrilens binary on the workers")
    parser.add_argument("--partition-size", type=int, default=64, help="inputs per partition (default 64)")
    parser.add_argument("--retries", type=int, default=2, help="retries of a failed partition (default 2)")
    parser.add_argument("--scan-arg", action="append", default=[], metavar="ARG",
                        help="extra argument for nutrilens scan (repeat: --scan-arg=--fast --scan-arg=--no-classifier)")
    args = parser.parse_args(argv)
    if args.partition_size < 1 or args.workers < 1 or args.retries < 0:
        parser.error("--partition-size and --workers must be >= 1, --retries >= 0")

    import dask
    from dask.distributed import Client, LocalCluster, as_completed

    items = read_list(args.files_from)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    chunks = partitions(items, args.partition_size)
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        # Worker threads, not processes: a worker only drives a `nutrilens` subprocess, and separate worker processes
        # take CPU the scans need (2 cores: 1.66x one worker with processes, 1.78x with threads, 1.83-1.86x with threads
        # and the quiet timers; examples/dask/README.md).
        with dask.config.set(QUIET_LOCAL_CLUSTER):
            cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=False,
                                   dashboard_address=None)
        client = Client(cluster)
    started = time.monotonic()
    futures = [client.submit(run_partition, i, chunk, os.path.abspath(args.out), args.nutrilens, args.scan_arg,
                             retries=args.retries, pure=False)
               for i, chunk in enumerate(chunks)]
    scanned = skipped = 0
    failed: list[str] = []
    for future in as_completed(futures):
        try:
            result: PartitionResult = future.result()
        except Exception as error:
            failed.append(str(error))
            print(f"failed: {error}", file=sys.stderr)
            continue
        scanned += result.scanned
        skipped += result.skipped
        print(f"part {result.index:05d}: {result.scanned} scanned, {result.skipped} already done, "
              f"{result.seconds:.1f} s", file=sys.stderr)
    seconds = time.monotonic() - started
    client.close()
    if cluster is not None:
        cluster.close()
    summary = {"inputs": len(items), "partitions": len(chunks), "scanned": scanned, "skipped": skipped,
               "failed_partitions": len(failed), "seconds": round(seconds, 3),
               "photos_per_second": round(scanned / seconds, 3) if seconds > 0 else None}
    print(json.dumps(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
