"""The layout's invariants (ARCHITECTURE.md, "Invariants"), checked on the source text.

Usage: python3 .ci/layout.py --crates CRATE/src... --siblings DIR... --apart DIR...
--crates: no import circle in any crate, between its top-level modules (a file or folder
  directly under src/; a folder and its files count as one) nor between its files. Each
  use is counted for the file that defines what it names: a name a module re-exports
  (`pub use child::Name`) is its child's, and a parent re-exporting its children is no
  import.
--siblings: no file of DIR imports another file of DIR (handlers never import handlers,
  commands never import commands); what two of them share lives below them.
--apart: no file of DIR imports a module of its crate outside DIR (render touches no store,
  database or read side: it turns wire values into text and pictures).
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


def expand(tree):
    """`a::{b, c::{d, e}}` -> [[a,b],[a,c,d],[a,c,e]] (names only; `as` and `*` dropped)."""
    tree = re.sub(r"\s+", "", tree)
    out = []
    def walk(prefix, s):
        # split s at top-level commas
        depth, start, items = 0, 0, []
        for i, ch in enumerate(s):
            if ch == "{": depth += 1
            elif ch == "}": depth -= 1
            elif ch == "," and depth == 0:
                items.append(s[start:i]); start = i + 1
        items.append(s[start:])
        for item in items:
            if not item: continue
            if "{" in item:
                head, rest = item.split("{", 1)
                walk(prefix + [x for x in head.split("::") if x], rest[:-1])
            else:
                item = item.split("as")[0] if re.search(r"\w as\w", item) else item
                out.append(prefix + [x for x in item.split("::") if x and x != "*"])
    walk([], tree)
    return out

def resolve(files, module, p):
    """The module a path used in `module` names, as a list of segments (the item last)."""
    if p[0] == "crate":
        return p[1:]
    if p[0] == "self":
        return list(module) + p[1:]
    if p[0] == "super":
        b = list(module)
        while p and p[0] == "super":
            b, p = b[:-1], p[1:]
        return b + p
    # Relative to this module: a child it declares (else an outside crate's path).
    target = list(module) + p
    return target if tuple(target[: len(module) + 1]) in files else None


def file_edges(src):
    """Imports between the files of a crate, each to the file that defines what it names:
    a name a module re-exports (`pub use child::Name`) counts as its child's."""
    files = {module_of(src, p): p for p in src.rglob("*.rs")}
    texts, uses = {}, {}
    for module, path in files.items():
        text = path.read_text(encoding="utf-8").split("#[cfg(test)]")[0]
        texts[module] = re.sub(r"//[^\n]*", "", text)
        uses[module] = [
            (p, bool(m.group(1)))
            for m in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", texts[module])
            for p in expand(m.group(2))
            if p
        ]
    # What each module re-exports: name -> the segments it stands for.
    exported = {m: {} for m in files}
    for module, items in uses.items():
        for p, reexport in items:
            target = resolve(files, module, p) if reexport else None
            if target:
                exported[module][target[-1]] = target

    def owner(target, depth=0):
        best = None
        for k in range(len(target), 0, -1):
            if tuple(target[:k]) in files:
                best = tuple(target[:k])
                break
        if best is None:
            return None
        rest = target[len(best):]
        if rest and rest[0] in exported[best] and depth < 10:
            again = exported[best][rest[0]] + rest[1:]
            if again != target:
                return owner(again, depth + 1) or best
        return best

    edges = {m: set() for m in files}
    for module in files:
        body = re.sub(r"\buse\s+[^;]+;", "", texts[module])
        paths = list(uses[module])
        paths += [(m.group(1).split("::"), False) for m in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", body)]
        for p, reexport in paths:
            target = resolve(files, module, p)
            if not target:
                continue
            best = owner(target)
            if best is None or best == module or not best:
                continue
            # A parent re-exporting its children is no import.
            if reexport and best[: len(module)] == module:
                continue
            edges[module].add(best)
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


def outside_imports(folder: pathlib.Path) -> list:
    src = next(p for p in folder.parents if p.name == "src")
    room = module_of(src, folder / "mod.rs")
    edges = file_edges(src)
    return [
        f"{src}/{'/'.join(module)}: imports {'::'.join(target)}, outside {'::'.join(room)}"
        for module, targets in sorted(edges.items())
        if module[: len(room)] == room
        for target in sorted(targets)
        if target[: len(room)] != room
    ]


status = 0
mode = None
for arg in sys.argv[1:]:
    if arg in ("--crates", "--siblings", "--apart"):
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
        for circle in circles(file_edges(src)):
            named = " <-> ".join("::".join(m) or "(crate root)" for m in circle)
            print(f"{src}: import circle between files: {named}", file=sys.stderr)
            status = 1
    elif mode == "--siblings":
        for breach in sibling_imports(pathlib.Path(arg)):
            print(breach, file=sys.stderr)
            status = 1
    elif mode == "--apart":
        for breach in outside_imports(pathlib.Path(arg)):
            print(breach, file=sys.stderr)
            status = 1
    else:
        sys.exit(__doc__)
sys.exit(status)
