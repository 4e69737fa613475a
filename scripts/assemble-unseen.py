#!/usr/bin/env python3
"""Rebuild a held-out photo set ("unseen", "unseen2") from git mirrors, each photo beside its sidecar (dev time only).

The photos are not committed (unknown or copyleft licences); docs/eval/SET/manifest.json names each one by
repository, commit, path, git blob and the sha256 of its bytes. For every entry this reads the blob from the bare git
mirror MIRRORS/OWNER+NAME/repo (what the session tool `fetch github:OWNER/NAME` creates), checks the sha256, and writes
OUTDIR/OWNER__NAME/ID.EXT with docs/eval/SET/ID.json copied beside it as ID.json, so that
`nutrilens eval OUTDIR` scores the set and scripts/eval-by-folder.py / review-by-folder.py report one folder per
source repository.

Exit status 0 when every photo was written; 1 when a mirror is missing (the repositories to fetch first are listed)
or a blob is missing or its bytes do not match the manifest (nothing is written for that photo).

Usage: scripts/assemble-unseen.py OUTDIR [--set NAME] [--mirrors DIR] [--tier N]
  OUTDIR       folder to (re)fill; existing files of the same name are overwritten
  --set        which set under docs/eval/: unseen (session 22, the default) or unseen2 (session 23)
  --mirrors    folder holding OWNER+NAME/repo mirrors (default /work/.mirror)
  --tier N     only photos of tier N (1 = repositories that are not corpus sources; 2 = corpus repositories,
               photos not in the corpus); default all
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EVAL_DIR = os.path.join(HERE, "..", "docs", "eval")


def read_blob(git_dir, entry):
    """The photo's bytes from the mirror (by blob id, falling back to COMMIT:PATH), or None when absent."""
    for ref in (entry["blob"], f'{entry["commit"]}:{entry["path"]}'):
        done = subprocess.run(["git", "-C", git_dir, "cat-file", "-p", ref], capture_output=True)
        if done.returncode == 0:
            return done.stdout
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--set", default="unseen", dest="set_name")
    parser.add_argument("--mirrors", default="/work/.mirror")
    parser.add_argument("--tier", type=int)
    args = parser.parse_args()

    set_dir = os.path.join(EVAL_DIR, args.set_name)
    if not os.path.isfile(os.path.join(set_dir, "manifest.json")):
        parser.error(f"no manifest.json under {set_dir}")
    with open(os.path.join(set_dir, "manifest.json")) as f:
        photos = json.load(f)["photos"]
    if args.tier is not None:
        photos = [p for p in photos if p["tier"] == args.tier]

    missing_repos, failures, written = set(), [], 0
    for entry in photos:
        git_dir = os.path.join(args.mirrors, entry["repository"].replace("/", "+"), "repo")
        if not os.path.isdir(git_dir):
            missing_repos.add(entry["repository"])
            continue
        data = read_blob(git_dir, entry)
        if data is None:
            failures.append(f'{entry["id"]}: blob {entry["blob"]} not in {git_dir} (large files may be absent)')
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest != entry["sha256"]:
            failures.append(f'{entry["id"]}: sha256 {digest} != manifest {entry["sha256"]}')
            continue
        folder = os.path.join(args.outdir, entry["folder"])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, entry["id"] + entry["ext"]), "wb") as f:
            f.write(data)
        shutil.copyfile(os.path.join(set_dir, entry["id"] + ".json"), os.path.join(folder, entry["id"] + ".json"))
        written += 1

    print(f"{written} of {len(photos)} photos written to {args.outdir}")
    for line in failures:
        print("failed:", line, file=sys.stderr)
    if missing_repos:
        print("fetch these repositories first (mirror missing under %s):" % args.mirrors, file=sys.stderr)
        for repo in sorted(missing_repos):
            print(f"  github:{repo}", file=sys.stderr)
    return 0 if written == len(photos) else 1


if __name__ == "__main__":
    sys.exit(main())
