#!/usr/bin/env python3
"""Fails when source files import each other in a circle.

Reads the imports of the Rust crates (`use` and inline `crate::`/`super::`/`domain::` paths,
each name followed to the file that defines it, through `pub use` re-exports, which pass a
name on and are not uses themselves) and of the
frontend (relative imports and re-exports), and prints every strongly connected group of two
or more files. A group listed in ALLOWED is known and deliberate.

    python3 scripts/check-import-circles.py [--list]
"""
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Known circles, each a set of files (from the repository root), with the reason.
ALLOWED = {
    # A routing editor opens the selectors of what it points at, whose Add opens that editor:
    # an IVR's key to another IVR, a plan's row to an IVR, a destination plan's queue.
    "frontend/src/features/routing": "the routing editors' deliberate recursion (an editor opens selectors that open editors)",
}

CRATES = {"domain": "crates/domain/src", "domain_wasm": "crates/domain-wasm/src", "server": "crates/server/src"}

ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?"
    r"(?:fn|struct|enum|const|static|type|trait|union|mod)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
MACRO = re.compile(r"^\s*macro_rules!\s*([A-Za-z_][A-Za-z0-9_]*)", re.M)
USE = re.compile(r"^\s*(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.M)
INLINE = re.compile(r"(?<![A-Za-z0-9_:])((?:crate|super|domain|server)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
# A path through a module brought in by `use` (`calls::visit` after `use super::calls`).
LOCAL = re.compile(r"(?<![A-Za-z0-9_:])([a-z_][a-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+)")


RUST_NOISE = re.compile(
    r"//[^\n]*|/\*.*?\*/"  # comments
    r'|(?<![A-Za-z0-9_])r(#*)".*?"\1'  # raw strings
    r'|b?"(?:[^"\\]|\\.)*"'  # strings
    r"|'(?:\\.|[^\\'\n])'",  # character literals ('"' among them); lifetimes are left alone
    re.S,
)


def strip_rust(text):
    """The code without comments and literals (so paths in them are not read)."""
    return RUST_NOISE.sub(lambda m: "" if m.group(0).startswith("/") else '""', text)


def without_tests(text):
    """Leaves out `#[cfg(test)] mod tests { ... }`: a test module's imports are not the file's."""
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def expand(tree):
    """`a::{b::C, d as e, self}` -> ['a::b::C', 'a::d', 'a']."""
    tree = re.sub(r"\s+as\s+[A-Za-z_0-9]+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    head, body = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(body):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(body[start:k])
            start = k + 1
    parts.append(body[start:])
    out = []
    for part in filter(None, parts):
        out.extend([head.rstrip(":")] if part == "self" else [head + p for p in expand(part)])
    return out


class RustModule:
    def __init__(self, crate, path, file):
        self.crate, self.path, self.file = crate, path, file
        raw = file.read_text()
        code = strip_rust(without_tests(raw))
        self.code = code
        self.items = set(ITEM.findall(code)) | set(MACRO.findall(code))
        self.uses = []  # (is_pub, full path)
        for m in USE.finditer(code):
            for p in expand(m.group(2)):
                self.uses.append((bool(m.group(1)), p))


def load_rust():
    modules = {}
    for crate, src in CRATES.items():
        base = ROOT / src
        for file in sorted(base.rglob("*.rs")):
            rel = file.relative_to(base).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] in ("mod", "lib", "main"):
                parts = parts[:-1]
            modules[(crate, tuple(parts))] = RustModule(crate, tuple(parts), file)
    return modules


def resolve_rust(modules, here, path, seen=None):
    """The file that defines what `path` names, seen from module `here`, or None."""
    seen = seen or set()
    if (here.crate, here.path, path) in seen:
        return None
    seen.add((here.crate, here.path, path))
    segs = path.split("::")
    crate, mod = here.crate, list(here.path)
    first = segs[0]
    if first == "crate":
        mod, segs = [], segs[1:]
    elif first in ("domain", "server") and first != here.crate:
        crate, mod, segs = first, [], segs[1:]
    elif first == "self":
        segs = segs[1:]
    elif first == "super":
        while segs and segs[0] == "super":
            mod, segs = mod[:-1], segs[1:]
    elif (crate, tuple(mod + [first])) not in modules:
        return None  # an outside crate, std or a local name
    for k, seg in enumerate(segs):
        nxt = (crate, tuple(mod + [seg]))
        if nxt in modules:
            mod.append(seg)
            continue
        current = modules.get((crate, tuple(mod)))
        if current is None:
            return None
        if seg in current.items and seg not in [p.split("::")[-1] for _, p in current.uses]:
            return current.file
        for is_pub, used in current.uses:
            name = used.split("::")[-1]
            if name == seg or (name == "*" and k == len(segs) - 1):
                target = resolve_rust(modules, current, used if name == seg else used[:-1] + seg, seen)
                if target:
                    return target
        return current.file if seg in current.items else None
    found = modules.get((crate, tuple(mod)))
    return found.file if found else None


def rust_edges():
    modules = load_rust()
    edges = {}
    for module in modules.values():
        targets = set()
        # A `pub use` passes a name on (a module's face); it is followed to the defining file
        # but is not itself a use.
        paths = [p for is_pub, p in module.uses if not is_pub] + INLINE.findall(module.code)
        # `name::rest` where `name` is a module this file brought in by a `use`.
        brought = {p.split("::")[-1]: p for is_pub, p in module.uses if not is_pub}
        for path in LOCAL.findall(module.code):
            head, rest = path.split("::", 1)
            if head in brought and head not in ("crate", "super", "self", "domain", "server"):
                paths.append(f"{brought[head]}::{rest}")
        for path in paths:
            target = resolve_rust(modules, module, path)
            if target and target != module.file:
                targets.add(target)
        edges[module.file] = targets
    return edges


TS_IMPORT = re.compile(r"""(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)""")


def ts_edges():
    src = ROOT / "frontend/src"
    edges = {}
    files = [f for f in src.rglob("*.ts*") if not re.search(r"\.test\.tsx?$|\.d\.ts$|/pkg", str(f))]
    for file in files:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", file.read_text(), flags=re.S)
        targets = set()
        for m in TS_IMPORT.finditer(text):
            spec = m.group(1) or m.group(2)
            base = (file.parent / spec).resolve()
            for candidate in (base, base.with_suffix(".ts"), base.with_suffix(".tsx"), base / "index.ts", base / "index.tsx"):
                if candidate.is_file() and candidate in set(files):
                    targets.add(candidate)
                    break
                stem = Path(str(base).removesuffix(".js"))
                for c in (stem.with_suffix(".ts"), stem.with_suffix(".tsx")):
                    if c.is_file() and c in set(files):
                        targets.add(c)
        edges[file] = targets - {file}
    return edges


def circles(edges):
    """Tarjan's strongly connected components of two or more files."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in list(edges):
        if v not in index:
            visit(v)
    return found


def main():
    groups = circles(rust_edges()) + circles(ts_edges())
    rel = lambda f: os.path.relpath(f, ROOT)
    allowed, broken = [], []
    for group in groups:
        names = [rel(f) for f in group]
        reason = next((why for folder, why in ALLOWED.items() if all(n.startswith(folder + "/") for n in names)), None)
        (allowed if reason else broken).append((names, reason))
    if "--list" in sys.argv:
        for names, reason in allowed:
            print(f"allowed ({reason}): {', '.join(names)}")
    for names, _ in broken:
        print(f"circle of {len(names)} files: {', '.join(names)}")
    print(f"{len(broken)} import circles ({len(allowed)} allowed)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
