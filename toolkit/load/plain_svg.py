"""The one check of an untrusted SVG drawing, for icons (`toolkit.load.icons`) and art
(`toolkit.load.art`): a plain drawing, or `SVGRefused` saying why and at which line.

A plain drawing is UTF-8 XML whose root is `<svg>`, with no DOCTYPE or entity, no
processing instruction that loads a stylesheet, no script, event attribute or
`foreignObject`, at most `MAX_ELEMENTS` elements, and no reference to anything outside
itself: an `href` may only point at a `#` fragment, and so may CSS.

CSS is read as the renderer reads it, with tinycss2 (WeasyPrint's own CSS parser): every
`<style>` element, `style=` attribute and any other attribute holding a `(` is tokenised,
so escapes (`@\\69mport`, `u\\72l(`, `\\000075 rl(`), upper case (`URL(`) and XML
character references are decoded before anything is looked at. What loads is refused: a
`url(...)` token or `url("...")` function other than `url(#id)`, the functions that load
pictures (`image()`, `image-set()`, `src()`, ...), and the at-rules that load
(`@import`, `@font-face`). A comment splits CSS tokens (`u/**/rl(` is the word `u` and a
function `rl(`, which loads nothing), so it is read as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any
from xml.parsers import expat

import tinycss2

MAX_ELEMENTS = 20_000  # 270,000 once cost 20 s and 1.2 GB a sheet; a detailed emblem has 2,000
SVG_NS = "http://www.w3.org/2000/svg"
BANNED_TAGS = frozenset(
    {
        "script",
        "foreignObject",
        "iframe",
        "object",
        "embed",
        "audio",
        "video",
        "handler",
        "listener",
    }
)
LOADING_AT_RULES = frozenset({"import", "font-face"})
LOADING_FUNCTIONS = frozenset(
    {"url", "src", "image", "image-set", "-webkit-image-set", "cross-fade", "element"}
)
_BLOCKS = ("() block", "[] block", "{} block")
_LOADS = "CSS that may load a file (only url(#id) may be used)"


class SVGRefused(Exception):
    """An SVG drawing that must not be used: the message says why, `line` where (1-based;
    0 for the file as a whole)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def check_svg(data: bytes, max_bytes: int, max_elements: int = MAX_ELEMENTS) -> str:
    """The SVG's text when it is a plain drawing (see the module docstring); SVGRefused
    otherwise. Parsing stops at the first fault, so a huge file costs little."""
    if len(data) > max_bytes:
        raise SVGRefused(f"larger than {_size(max_bytes)}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SVGRefused("not UTF-8 text", data[: exc.start].count(b"\n") + 1) from None
    doctype = re.search(r"<!(DOCTYPE|ENTITY)", text, re.I)
    if doctype:
        line = text.count("\n", 0, doctype.start()) + 1
        raise SVGRefused("a DOCTYPE or entity declaration", line)
    reader = _Reader(text, max_elements)
    try:
        reader.parser.Parse(text, True)
    except expat.ExpatError as exc:
        why = expat.ErrorString(exc.code)
        raise SVGRefused(f"not well-formed XML ({why})", exc.lineno) from None
    drawn = _drawn(reader.root, reader.ids, max_elements)
    if drawn > max_elements:
        raise SVGRefused(
            f"its <use> references draw more than {max_elements:,} elements (a "
            "drawing repeated inside its repeats multiplies: simplify it, or "
            "export it as PNG)"
        )
    return text


class _Node:
    """An element as drawn: its children and the id its `<use>` repeats, if any."""

    __slots__ = ("children", "use")

    def __init__(self, use: str | None) -> None:
        self.children: list[_Node] = []
        self.use = use


def _drawn(root: _Node | None, ids: dict[str, _Node], most: int) -> int:
    """How many elements the drawing draws once every `<use>` is expanded (counting stops
    past `most`; a `<use>` that repeats its own ancestor counts as past it)."""
    sizes: dict[int, int] = {}
    open_: set[int] = set()

    def size(node: _Node, depth: int) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if id(node) in open_ or depth > 200:
            return most + 1
        open_.add(id(node))
        total = 1
        for child in node.children:
            total += size(child, depth + 1)
            if total > most:
                break
        target = ids.get(node.use or "")
        if target is not None and total <= most:
            total += size(target, depth + 1)
        open_.discard(id(node))
        sizes[id(node)] = total = min(total, most + 1)
        return total

    return size(root, 0) if root is not None else 0


class _Reader:
    """Expat's handlers for `check_svg`: each element, attribute and stylesheet as it is read,
    raising SVGRefused at the first fault (expat passes the exception on)."""

    def __init__(self, text: str, max_elements: int) -> None:
        self.text = text
        self.max_elements = max_elements
        self.elements = 0
        self.styles: list[tuple[int, list[str]]] = []  # open <style>s: first line, text
        self.root: _Node | None = None
        self.open: list[_Node] = []  # the elements being read, outermost first
        self.ids: dict[str, _Node] = {}
        p = self.parser = expat.ParserCreate(namespace_separator="}")
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.chars
        p.StartDoctypeDeclHandler = self.doctype
        p.EntityDeclHandler = self.doctype
        p.ProcessingInstructionHandler = self.instruction

    def line(self) -> int:
        return int(self.parser.CurrentLineNumber)

    def doctype(self, *_: Any) -> None:
        raise SVGRefused("a DOCTYPE or entity declaration", self.line())

    def instruction(self, target: str, _data: str) -> None:
        if target.lower() == "xml-stylesheet":
            raise SVGRefused("an xml-stylesheet instruction: it may load a stylesheet", self.line())

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > self.max_elements:
            raise SVGRefused(
                f"more than {self.max_elements:,} elements (a drawing this detailed "
                "takes seconds and gigabytes to print each time: simplify it, or "
                "export it as PNG)",
                self.line(),
            )
        name = tag.rsplit("}", 1)[-1]
        if self.elements == 1 and tag != f"{SVG_NS}}}svg":
            raise SVGRefused("not an SVG drawing (its root is not <svg>)", self.line())
        if name in BANNED_TAGS:
            raise SVGRefused(f"a <{name}> element", self.line())
        for key, value in attrib.items():
            self.attribute(key.rsplit("}", 1)[-1], value)
        self.node(name, attrib)
        if self.styles or name == "style":
            self.styles.append((0, []))

    def attribute(self, name: str, value: str) -> None:
        """Refuse an event, an outside `href`, or CSS in the value that loads something."""
        if name.lower().startswith("on"):
            raise SVGRefused(f"an event attribute ({name})", self._attr_line(name))
        if name == "href" and not value.strip().startswith("#"):
            raise SVGRefused(
                f"an external reference ({name}={value[:80]!r})", self._attr_line(name)
            )
        if "(" in value or "@" in value or name == "style":
            found = _attribute_loads(name == "style", value)
            if found:
                raise SVGRefused(
                    f"{found[0]} in the {name} attribute: {_LOADS}", self._attr_line(name)
                )

    def _attr_line(self, name: str) -> int:
        """The line of attribute `name` in the start tag being read (it may span lines)."""
        at = self.parser.CurrentByteIndex
        head = self.text.encode("utf-8")[at:]
        end = head.find(b">")
        tag = head if end < 0 else head[:end]
        m = re.search(rb"[\s:]" + re.escape(name.encode()) + rb"\s*=", tag)
        return self.line() + (head[: m.start()].count(b"\n") if m else 0)

    def chars(self, data: str) -> None:
        if self.styles:
            first, parts = self.styles[-1]
            self.styles[-1] = (first or self.line(), parts)
            parts.append(data)

    def node(self, name: str, attrib: dict[str, str]) -> None:
        """Note the element in the drawn tree (`_drawn` counts what `<use>` repeats)."""
        href = next((v for k, v in attrib.items() if k.rsplit("}", 1)[-1] == "href"), "")
        node = _Node(href.strip()[1:] if name == "use" and href.strip().startswith("#") else None)
        if self.open:
            self.open[-1].children.append(node)
        else:
            self.root = node
        if "id" in attrib:
            self.ids.setdefault(attrib["id"], node)
        self.open.append(node)

    def end(self, _tag: str) -> None:
        if self.open:
            self.open.pop()
        if not self.styles:
            return
        first, parts = self.styles.pop()
        if self.styles:  # an element inside a <style>: its text is the style's too
            outer_first, outer = self.styles[-1]
            self.styles[-1] = (outer_first or first, [*outer, *parts])
            return

        found = css_loads(tinycss2.parse_stylesheet("".join(parts)))
        if found:
            raise SVGRefused(f"{found[0]} in a stylesheet: {_LOADS}", max(first, 1) + found[1] - 1)


@lru_cache(maxsize=1024)
def _attribute_loads(declarations: bool, value: str) -> tuple[str, int] | None:
    """`css_loads` of an attribute's value (a `style=`'s declarations, else CSS values),
    remembered: a drawing repeats the same few styles thousands of times."""

    if declarations:
        return css_loads(tinycss2.parse_blocks_contents(value))
    return css_loads(tinycss2.parse_component_value_list(value))


def css_loads(nodes: Iterable[Any]) -> tuple[str, int] | None:
    """What in these tinycss2 nodes (rules, declarations or tokens) would load something
    (`@import`, `url(file:///x)`), with its 1-based line in the CSS text; None when nothing
    would. Walked without recursion: blocks may nest as deeply as the text likes."""
    stack = list(reversed(list(nodes)))
    while stack:
        node = stack.pop()
        kind, line = node.type, node.source_line
        children: list[Any] = []
        if kind in ("at-rule", "at-keyword"):
            keyword = node.lower_at_keyword if kind == "at-rule" else node.lower_value
            if keyword in LOADING_AT_RULES:
                return f"@{keyword}", line
            children = [*node.prelude, *(node.content or [])] if kind == "at-rule" else []
        elif kind == "qualified-rule":
            children = [*node.prelude, *node.content]
        elif kind == "declaration":
            children = node.value
        elif kind == "url" and not node.value.startswith("#"):
            return f"url({node.value[:80]})", line
        elif kind == "function":
            if _loads(node):
                return f"{node.lower_name}(...)", line
            children = node.arguments
        elif kind in _BLOCKS:
            children = node.content
        elif kind == "error" and node.kind == "bad-url":
            return "a url() that does not parse", line
        stack.extend(reversed(children))
    return None


def _loads(function: Any) -> bool:
    """Does a CSS function load something? `url("#id")` is a local reference."""
    if function.lower_name not in LOADING_FUNCTIONS:
        return False
    if function.lower_name != "url":
        return True
    args = [a for a in function.arguments if a.type not in ("whitespace", "comment")]
    return not (len(args) == 1 and args[0].type == "string" and args[0].value.startswith("#"))


def _size(n: int) -> str:
    return f"{n // 1_000_000} MB" if n >= 1_000_000 else f"{n // 1000} kB"
