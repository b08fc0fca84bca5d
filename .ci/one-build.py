#!/usr/bin/env python3
"""One build for a newcomer: after the workspace is built, building a package a README
command runs on its own (`cargo run --release -p spielstand-api`, `cargo install --path
cli`) must compile nothing again. Two checks: every dependency resolves with the features
the workspace gives it (`cargo tree`, naming any that differs), and, after `cargo build`,
building each package alone finds every unit fresh (profiles included)."""
import json
import subprocess
import sys

PACKAGES = ["spielstand-api", "spielstand-cli"]


def features(*selection):
    out = subprocess.run(
        ["cargo", "tree", "--locked", "-e", "normal,build", "--prefix", "none", "-f", "{p} [{f}]", *selection],
        check=True, capture_output=True, text=True,
    ).stdout
    found = {}
    for line in out.splitlines():
        if "[" in line:
            name = line.split(" [")[0].replace(" (*)", "")
            found.setdefault(name, set()).add(line[line.index("[") + 1 : line.rindex("]")])
    return found


def rebuilt(*selection):
    """The units `cargo build` compiles for `selection`."""
    out = subprocess.run(
        ["cargo", "build", "--locked", "--message-format=json", *selection],
        check=True, capture_output=True, text=True,
    ).stdout
    units = []
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and not message["fresh"]:
            units.append(f"{message['target']['name']} ({','.join(message['target']['kind'])})")
    return units


failed = False
workspace = features("--workspace")
for package in PACKAGES:
    for name, sets in sorted(features("-p", package).items()):
        if sets != workspace.get(name):
            failed = True
            print(f"{package}: {name} has features {sorted(sets)} alone, {sorted(workspace.get(name, []))} in the workspace")
if failed:
    sys.exit("features differ: run `cargo hakari generate` (see .config/hakari.toml)")
rebuilt()
for package in PACKAGES:
    units = rebuilt("-p", package)
    if units:
        failed = True
        print(f"`cargo build -p {package}` after the workspace's build compiles again: {', '.join(units)}")
if failed:
    sys.exit("a package alone builds otherwise than the workspace")
print(f"one build: {', '.join(PACKAGES)} alone compile nothing after the workspace's build")
