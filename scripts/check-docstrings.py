#!/usr/bin/env python3
"""Lists the public API declarations in Sources/ that have no doc comment; exits 1 when there is any.

The project's standard: every public declaration has a doc comment (shapes, units, value ranges, errors thrown, the
source of any rule or constant). This script checks the mechanical part of it (a comment is there, and an
initialiser's names its parameters); whether the comment says the right things is the reviewer's job.

What counts as a public declaration (the ones a client of the library sees):
  - a declaration marked `public` or `open` (any attribute and modifier order, `public private(set)` included) whose
    enclosing types are all public (a `public` member of an internal type is not API: listed with `--leaks`);
  - a member without an access modifier of a `public extension` (it is public by default);
  - a requirement of a public protocol;
  - a `case` of a public enum.
  An extension of a type declared internal in the same module is not public API; one of a type from elsewhere
  (`extension Decimal`) is.

What counts as documented:
  - a `///` comment on the line(s) right above the declaration (its attributes may stand between), or a `/** … */`
    block ending right above it or on its own line before it; no blank line in between (Swift's Quick Help takes a
    comment across a blank line, but a reader of the file does not);
  - `case a, b, c` on one line shares one comment (say each case's meaning in it); a case with no comment of its
    own is covered when the enum's doc comment names it in backticks (`` `fat` `` or `` `.fat` ``), e.g. a list of
    the cases with what each means;
  - `public var a: Double, b: Double` (one declaration, several bindings) shares one comment, as Quick Help shows it
    for each;
  - an initialiser with parameters: the comment must name each parameter (its label or its name, in any form:
    `x`, `` `x` ``, "x"), so that units and ranges have a place: a memberwise init says e.g. "`x`, `y`: pixels from
    the top-left corner". A parameter named by the type's own property doc comments is not enough, because the
    reader of the init sees only the init's. `init(from decoder: Decoder)` (Decodable) need not name `decoder`;
  - a `description` of a `CustomStringConvertible` needs a comment like anything else (one line saying what it
    prints is enough).

Usage:
  scripts/check-docstrings.py [--summary] [--leaks] [PATH …]     (default PATH: Sources beside this script)

Prints `file:line: kind name: what is missing`, one a line, then a count per module; exit 0 when nothing is missing,
1 otherwise, 2 on a usage error. `--summary` prints only the per-module counts (documented / public declarations).
Stdlib only; reads the sources as text (no compiler), so a declaration spelled in a way it does not expect is
possible to miss: run with `--list` to see every declaration it counted.
"""
import argparse
import os
import re
import sys
from collections import Counter, defaultdict

DECL_KEYWORDS = {"func", "var", "let", "init", "subscript", "struct", "class", "enum", "protocol", "extension",
                 "actor", "typealias", "associatedtype", "case", "deinit", "operator", "macro"}
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "extension", "actor"}
MODIFIERS = {"public", "open", "private", "fileprivate", "internal", "package", "static", "class", "final",
             "override", "mutating", "nonmutating", "lazy", "weak", "unowned", "required", "convenience",
             "dynamic", "optional", "indirect", "nonisolated", "isolated", "consuming", "borrowing", "prefix",
             "postfix", "infix", "distributed", "async"}
ACCESS = {"public", "open", "private", "fileprivate", "internal", "package"}
DIRECTIVES = ("#if", "#elseif", "#else", "#endif", "#warning", "#error", "#sourceLocation")


class Token:
    __slots__ = ("text", "line", "after_doc_block", "line_start")

    def __init__(self, text, line, after_doc_block, line_start):
        self.text = text
        self.line = line
        self.after_doc_block = after_doc_block
        self.line_start = line_start


def lex(source):
    """Tokens of the code (identifiers, numbers, punctuation; string literals as one `"` token) and, per line, what
    comment it holds: `doc` (a line of only `///`), `docend` (a `/** */` block ends here with no code after it),
    `comment` (only an ordinary comment)."""
    tokens = []
    line_kind = {}
    i, n, line = 0, len(source), 1
    after_doc = False
    line_has_code = False
    # Stack of string/interpolation states: each entry is ("interp", paren_depth) while inside `\( … )`.
    interp = []

    def emit(text):
        nonlocal after_doc, line_has_code
        tokens.append(Token(text, line, after_doc, not line_has_code))
        after_doc = False
        line_has_code = True

    def skip_string(start, hashes, multiline):
        """Skips a string literal body from `start` (after its opening quote(s)); returns the index after its closing
        delimiter. Interpolations are lexed recursively for their own strings (their code does not matter here)."""
        nonlocal line
        j = start
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while j < n:
            if source.startswith(close, j):
                return j + len(close)
            if source.startswith(escape, j):
                k = j + len(escape)
                if k < n and source[k] == "(":
                    depth, k = 1, k + 1
                    while k < n and depth:
                        c = source[k]
                        if c == "\n":
                            line += 1
                        if c == '"':
                            h = 0
                            m = k
                            while m > 0 and source[m - 1] == "#":
                                h += 1
                                m -= 1
                            if source.startswith('"""', k):
                                k = skip_string(k + 3, h, True)
                            else:
                                k = skip_string(k + 1, h, False)
                            continue
                        if c == "(":
                            depth += 1
                        elif c == ")":
                            depth -= 1
                        k += 1
                    j = k
                    continue
                j = k + 1
                continue
            if source[j] == "\n":
                line += 1
                if not multiline:
                    return j
            j += 1
        return j

    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            line_has_code = False
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            text = source[i:end]
            if not line_has_code:
                is_doc = text.startswith("///") and not text.startswith("////")
                line_kind[line] = "doc" if is_doc else "comment"
                if not is_doc:
                    after_doc = False
            i = end
            continue
        if source.startswith("/*", i):
            is_doc = source.startswith("/**", i) and not source.startswith("/**/", i)
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth += 1
                    j += 2
                elif source.startswith("*/", j):
                    depth -= 1
                    j += 2
                else:
                    if source[j] == "\n":
                        line += 1
                    j += 1
            rest_end = source.find("\n", j)
            rest = source[j:n if rest_end < 0 else rest_end].strip()
            if is_doc:
                if rest:
                    after_doc = True
                else:
                    line_kind[line] = "docend"
            elif not line_has_code and not rest:
                line_kind[line] = "comment"
            i = j
            continue
        if c == "#" and not line_has_code:
            m = re.match(r"#\w+", source[i:])
            if m and m.group(0) in DIRECTIVES:
                end = source.find("\n", i)
                i = n if end < 0 else end
                line_kind[line] = "directive"
                continue
        if c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            hashes = 0
            while source[i] == "#":
                hashes += 1
                i += 1
            if source.startswith('"""', i):
                emit('"')
                i = skip_string(i + 3, hashes, True)
            else:
                emit('"')
                i = skip_string(i + 1, hashes, False)
            continue
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*|`[^`\n]+`|\$\w+|[0-9][0-9_.eExXa-fA-Fp+-]*", source[i:i + 200])
        if m:
            emit(m.group(0).strip("`"))
            i += len(m.group(0))
            continue
        if c == "@":
            m = re.match(r"@[A-Za-z_][A-Za-z0-9_.]*", source[i:i + 200])
            if m:
                emit(m.group(0))
                i += len(m.group(0))
                continue
        emit(c)
        i += 1
    return tokens, line_kind


class Decl:
    def __init__(self, path, module, line, first_line, keyword, modifiers, name, detail, after_doc_block):
        self.path, self.module, self.line, self.first_line = path, module, line, first_line
        self.keyword, self.modifiers, self.name, self.detail = keyword, modifiers, name, detail
        self.after_doc_block = after_doc_block
        self.api = False
        self.leak = False
        self.doc = None   # the doc comment's text, or None


def parse_decl(tokens, k):
    """If a declaration starts at token `k` (attributes, modifiers, keyword), returns (end index after the keyword,
    keyword, modifiers list); else None."""
    j = k
    n = len(tokens)
    while j < n and tokens[j].text.startswith("@"):
        j += 1
        if j < n and tokens[j].text == "(" and tokens[j].line == tokens[j - 1].line:
            depth = 0
            while j < n:
                if tokens[j].text == "(":
                    depth += 1
                elif tokens[j].text == ")":
                    depth -= 1
                    if depth == 0:
                        j += 1
                        break
                j += 1
    mods = []
    while j < n:
        t = tokens[j].text
        if t == "class" and j + 1 < n and (tokens[j + 1].text in DECL_KEYWORDS - {"class"} or
                                           tokens[j + 1].text in MODIFIERS):
            mods.append(t)
            j += 1
            continue
        if t in MODIFIERS and t != "class":
            if t in ("async",):
                break
            mods.append(t)
            j += 1
            if j + 2 < n and tokens[j].text == "(" and tokens[j + 2].text == ")":
                mods[-1] = t + "(" + tokens[j + 1].text + ")"
                j += 3
            continue
        break
    if j < n and tokens[j].text in DECL_KEYWORDS:
        return j + 1, tokens[j].text, mods
    return None


def binding_names(tokens, j):
    """Names bound by `var`/`let` starting at token j: top-level comma-separated patterns up to `{`, `=`-expression
    end or the next line that does not continue the statement."""
    names = []
    depth = 0
    expect_name = True
    start_line = tokens[j].line if j < len(tokens) else 0
    last_line = start_line
    while j < len(tokens):
        t = tokens[j]
        if depth == 0 and t.line != last_line and tokens[j - 1].text != ",":
            break
        last_line = t.line
        if t.text in "([<":
            depth += 1
        elif t.text in ")]>":
            depth -= 1
        elif depth == 0 and t.text == "{":
            break
        elif depth == 0 and t.text == ",":
            expect_name = True
        elif expect_name and re.match(r"[A-Za-z_]", t.text):
            names.append(t.text)
            expect_name = False
        j += 1
    return names


def init_params(tokens, j):
    """Parameter (label, name) pairs of `init(…)` starting at token j (just after `init`, maybe `?`/`!`/generics)."""
    while j < len(tokens) and tokens[j].text != "(":
        j += 1
    params = []
    depth = 0
    current = []
    while j < len(tokens):
        t = tokens[j].text
        if t in "([<":
            depth += 1
            if depth == 1 and t == "(":
                j += 1
                continue
        elif t in ")]>":
            depth -= 1
            if depth == 0:
                if current:
                    params.append(current)
                break
        if depth == 1 and t == ",":
            params.append(current)
            current = []
        else:
            current.append(t)
        j += 1
    out = []
    for p in params:
        if ":" not in p:
            continue
        head = p[:p.index(":")]
        head = [h for h in head if not h.startswith("@") and h not in ("inout", "borrowing", "consuming")]
        if not head:
            continue
        label, name = (head[0], head[-1])
        type_ = " ".join(p[p.index(":") + 1:p.index(":") + 3]).replace(" =", "").strip()
        type_ = type_ if type_.startswith("any ") else type_.split(" ")[0]
        out.append((label, name, type_))
    return out


def doc_text(lines, line_kind, first_line, after_doc_block):
    """The doc comment right above a declaration whose first token is on `first_line`, or None."""
    if after_doc_block:
        return lines[first_line - 1]
    k = first_line - 1
    kind = line_kind.get(k)
    if kind == "doc":
        chunk = []
        while line_kind.get(k) == "doc":
            chunk.append(lines[k - 1])
            k -= 1
        return "\n".join(reversed(chunk))
    if kind == "docend":
        chunk = []
        while k > 0:
            chunk.append(lines[k - 1])
            if "/**" in lines[k - 1]:
                break
            k -= 1
        return "\n".join(reversed(chunk))
    return None


def mentions(doc, name):
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", doc) is not None


def scan_file(path, module):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    lines = source.split("\n")
    tokens, line_kind = lex(source)
    decls = []
    # Scope stack entries: dict(kind, public, decl) — kind one of TYPE_KEYWORDS, "body" (function, accessor, closure,
    # any other brace).
    stack = []
    pending = None
    k = 0
    n = len(tokens)
    while k < n:
        t = tokens[k]
        starts = t.line_start or (k > 0 and tokens[k - 1].text in "{};")
        if starts and (t.text.startswith("@") or t.text in MODIFIERS or t.text in DECL_KEYWORDS):
            parsed = parse_decl(tokens, k)
            if parsed:
                end, keyword, mods = parsed
                name = tokens[end].text if end < n else ""
                if keyword == "init" and end < n and tokens[end].text in "?!":
                    name = "init" + tokens[end].text
                elif keyword in ("init", "deinit", "subscript"):
                    name = keyword
                detail = None
                if keyword in ("var", "let"):
                    detail = binding_names(tokens, end)
                    name = ", ".join(detail)
                elif keyword == "case":
                    names = binding_names(tokens, end)
                    name = ", ".join(names)
                elif keyword == "init":
                    detail = init_params(tokens, end)
                elif keyword == "extension":
                    parts = []
                    m = end
                    while m < n and (re.match(r"[A-Za-z_]", tokens[m].text) or tokens[m].text == "."):
                        parts.append(tokens[m].text)
                        m += 1
                    name = "".join(parts)
                d = Decl(path, module, tokens[end - 1].line, tokens[k].line, keyword, mods, name, detail,
                         tokens[k].after_doc_block)
                d.scope = [dict(s) for s in stack]
                decls.append(d)
                pending = d
                k = end
                continue
        if t.text == "{":
            if pending is not None and pending.keyword in TYPE_KEYWORDS:
                stack.append({"kind": pending.keyword, "decl": pending})
            else:
                stack.append({"kind": "body", "decl": pending})
            pending = None
        elif t.text == "}":
            if stack:
                stack.pop()
            pending = None
        k += 1
    for d in decls:
        d.doc = doc_text(lines, line_kind, d.first_line, d.after_doc_block)
    return decls


def classify(all_decls):
    """Marks each declaration's `api` (public API) and `leak` (`public` but hidden inside a non-public type)."""
    internal_types = defaultdict(set)
    public_types = defaultdict(set)
    for d in all_decls:
        if d.keyword in TYPE_KEYWORDS - {"extension"} and not any(s["kind"] == "body" for s in d.scope):
            access = {m for m in d.modifiers if m in ACCESS}
            (public_types if access & {"public", "open"} else internal_types)[d.module].add(d.name)
    # Resolve each type declaration's effective publicness in source order (parents come before children).
    effective = {}

    def scope_public(d):
        for s in d.scope:
            if s["kind"] == "body":
                return False
            sd = s["decl"]
            if sd.keyword == "extension":
                base = sd.name.split(".")[0]
                if base in internal_types[d.module] and base not in public_types[d.module]:
                    return False
                if {"private", "fileprivate", "internal", "package"} & set(sd.modifiers):
                    return False
                continue
            if not effective.get(id(sd), False):
                return False
        return True

    for d in all_decls:
        access = {m.split("(")[0] for m in d.modifiers if m.split("(")[0] in ACCESS}
        explicit_public = bool({m for m in d.modifiers if m in ("public", "open")})
        parent = d.scope[-1] if d.scope else None
        parent_decl = parent["decl"] if parent and parent["kind"] != "body" else None
        implicit = False
        if parent_decl is not None and not access:
            pk = parent_decl.keyword
            parent_public = effective.get(id(parent_decl), False)
            if pk == "enum" and d.keyword == "case" and parent_public:
                implicit = True
            elif pk == "protocol" and parent_public:
                implicit = True
            elif pk == "extension" and "public" in parent_decl.modifiers and d.keyword != "extension":
                implicit = True
        visible = scope_public(d)
        if d.keyword == "extension":
            d.api = False   # an extension itself is no declaration to document; its members are
            effective[id(d)] = visible
            continue
        is_public = (explicit_public or implicit)
        d.api = is_public and visible
        d.leak = explicit_public and not visible and not any(s["kind"] == "body" for s in d.scope)
        effective[id(d)] = d.api or (d.keyword in TYPE_KEYWORDS and is_public and visible)


def problems(d):
    """What is missing from a public declaration's doc comment ([] when nothing)."""
    if d.doc is None:
        enum = d.scope[-1]["decl"] if d.keyword == "case" and d.scope else None
        names = [x.strip() for x in d.name.split(",")]
        if enum is not None and enum.doc and all(re.search(r"`\.?" + re.escape(x) + r"`", enum.doc) for x in names):
            return []
        return ["no doc comment"]
    out = []
    if d.keyword == "init" and d.detail:
        missing = [name for label, name, type_ in d.detail
                   if type_ not in ("Decoder", "any Decoder") and not (mentions(d.doc, name) or mentions(d.doc, label))]
        if missing:
            out.append("comment does not name parameter(s) " + ", ".join(missing))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring (head of this file) for what counts as public and as documented.")
    parser.add_argument("paths", nargs="*", help="files or folders (default: Sources beside this script)")
    parser.add_argument("--summary", action="store_true", help="print only the per-module counts")
    parser.add_argument("--leaks", action="store_true",
                        help="also list `public` declarations inside non-public types (not API; not a failure)")
    parser.add_argument("--list", action="store_true", help="list every public declaration counted, documented or not")
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(here), "Sources")
    paths = args.paths or [root]
    files = []   # (path, module): a file's module is its first folder under the folder given (its own folder when
    # it lies directly in it, or was given alone)
    for p in paths:
        if os.path.isdir(p):
            for dirpath, _, names in os.walk(p):
                rel = os.path.relpath(dirpath, p)
                module = os.path.basename(os.path.abspath(p)) if rel == "." else rel.split(os.sep)[0]
                files.extend((os.path.join(dirpath, x), module) for x in names if x.endswith(".swift"))
        elif p.endswith(".swift") and os.path.isfile(p):
            files.append((p, os.path.basename(os.path.dirname(os.path.abspath(p)))))
        else:
            parser.error(f"{p}: not a Swift file or folder")
    files.sort()
    decls = []
    for f, module in files:
        decls.extend(scan_file(f, module))
    classify(decls)
    total, bad = Counter(), Counter()
    report = []
    for d in decls:
        if not d.api:
            continue
        total[d.module] += 1
        missing = problems(d)
        if missing:
            bad[d.module] += 1
        if (missing and not args.summary) or args.list:
            rel = os.path.relpath(d.path)
            what = "; ".join(missing) if missing else "ok"
            report.append(f"{rel}:{d.line}: {d.keyword} {d.name}: {what}")
    for line in report:
        print(line)
    if args.leaks:
        for d in decls:
            if d.leak:
                print(f"{os.path.relpath(d.path)}:{d.line}: {d.keyword} {d.name}: public inside a non-public type")
    width = max([len(m) for m in total] + [6])
    print(f"{'module':<{width}}  undocumented / public")
    for m in sorted(total):
        print(f"{m:<{width}}  {bad[m]:>5} / {total[m]}")
    print(f"{'total':<{width}}  {sum(bad.values()):>5} / {sum(total.values())}")
    return 1 if sum(bad.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
