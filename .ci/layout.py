"""The layout's invariants (ARCHITECTURE.md, "Invariants"), checked on the source text.

Usage: python3 .ci/layout.py --crates CRATE/src... --siblings DIR...
--crates: no import circle between the top-level modules of each crate. A module is a file
  or folder directly under src/; a folder and its files count as one, so a parent
  re-exporting its children is not a circle.
--siblings: no file of DIR imports another file of DIR (handlers never import handlers,
  commands never import commands); what two of them share lives below them.
Code after `#[cfg(test)]` is skipped: tests may reach across. Prints every breach, exits 1
if any."""
import pathlib
import re
import sys


def module_of(src: pathlib.Path, path: pathlib.Path) -> tuple:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def edges_of(src: pathlib.Path) -> dict:
    files = {module_of(src, p): p for p in src.rglob("*.rs")}
    tops = {m[0] for m in files if m}
    edges = {t: set() for t in tops}
    for module, path in files.items():
        if not module:
            continue
        text = path.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
        here = module[0]
        # The directory a `super::` starts from: a mod.rs is its folder, a file its parent.
        base = list(module) if path.name == "mod.rs" else list(module[:-1])
        for m in re.finditer(r"\b(crate|super)((?:::\w+)+)", text):
            names = m.group(2).strip(":").split("::")
            target = names if m.group(1) == "crate" else base[:-1] + names
            if target and target[0] in tops and target[0] != here:
                edges[here].add(target[0])
    return edges


def circles(edges: dict) -> list:
    # Tarjan's strongly connected components, iterative enough for a crate's few modules.
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def sibling_imports(folder: pathlib.Path) -> list:
    files = {p.stem: p for p in folder.glob("*.rs") if p.name != "mod.rs"}
    found = []
    for name, path in sorted(files.items()):
        text = path.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
        for m in re.finditer(r"\bsuper::(\{[^}]*\}|\w+)", text):
            named = set(re.findall(r"\w+", m.group(1)))
            for other in sorted(named & (files.keys() - {name})):
                found.append(f"{path} imports {other}.rs")
        crate_path = "::".join(folder.parts[folder.parts.index("src") + 1 :])
        for other in sorted(files.keys() - {name}):
            if re.search(rf"\bcrate::{crate_path}::(\{{[^}}]*\b{other}\b|{other}\b)", text):
                found.append(f"{path} imports {other}.rs")
    if len(files) < 5:
        found.append(f"{folder}: expected the files of a module, found {len(files)}")
    return found


status = 0
mode = None
for arg in sys.argv[1:]:
    if arg in ("--crates", "--siblings"):
        mode = arg
        continue
    if mode == "--crates":
        src = pathlib.Path(arg)
        edges = edges_of(src)
        if not edges:
            print(f"{src}: no modules found", file=sys.stderr)
            status = 1
        for circle in circles(edges):
            print(f"{src}: import circle: {' <-> '.join(circle)}", file=sys.stderr)
            status = 1
    elif mode == "--siblings":
        for breach in sibling_imports(pathlib.Path(arg)):
            print(breach, file=sys.stderr)
            status = 1
    else:
        sys.exit(__doc__)
sys.exit(status)
