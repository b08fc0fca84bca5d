"""ARCHITECTURE.md names only what exists: every file or folder path, test or function
name, and type it puts in backticks is found in the repository.

Usage: python3 .ci/architecture.py [ARCHITECTURE.md]
Paths (`api/src/http/access.rs`, `migrations/`) must name a file or folder, in full or by
their end (`http/access.rs`); names of three or more snake_case words (test and function
names) and CamelCase names (`Served::Packed`: each part) must occur in the Rust sources.
Patterns (`handlers/<area>.rs`, `*.rs`) are skipped. Prints what it did not find, exits 1
if anything."""
import pathlib
import re
import sys

doc = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "ARCHITECTURE.md")
root = doc.parent
skip = {"target", ".git", "node_modules"}
tracked = [p for p in root.rglob("*") if not skip & set(p.relative_to(root).parts)]
files = {p.relative_to(root).as_posix() for p in tracked}
sources = "\n".join(p.read_text(encoding="utf-8") for p in tracked if p.suffix == ".rs" and p.is_file())


def path_exists(name: str) -> bool:
    name = name.rstrip("/")
    return any(f == name or f.endswith("/" + name) for f in files)


missing = []
for tick in sorted(set(re.findall(r"`([^`\n]+)`", doc.read_text(encoding="utf-8")))):
    t = tick.strip()
    if re.search(r"[<>*{}]", t):
        continue
    if re.fullmatch(r"[\w.\-/]+\.(rs|md|sh|py|toml|yaml|ftl|mjs|js|css|sql)", t) or re.fullmatch(r"[\w.\-]+(/[\w.\-]+)*/", t):
        if not path_exists(t):
            missing.append(f"path {t}")
    elif re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+){2,}", t):
        if not re.search(rf"\b{re.escape(t)}\b", sources):
            missing.append(f"name {t}")
    elif re.fullmatch(r"(\w+::)*[A-Z][A-Za-z0-9]+(::\w+)*", t):
        for part in t.split("::"):
            if re.fullmatch(r"[A-Z][A-Za-z0-9]+", part) and not re.search(rf"\b{part}\b", sources):
                missing.append(f"type {t} ({part})")
                break
for line in missing:
    print(f"{doc}: names what is not there: {line}", file=sys.stderr)
sys.exit(1 if missing else 0)
