"""Checks that a spielstand results feed is valid Atom (RFC 4287).

feedparser (PyPI) must read it as Atom 1.0 without complaint; the rules it does not
enforce are checked on the XML itself: the elements a feed and each entry must have
exactly once, RFC 3339 dates, absolute IRIs as ids, and an author for every entry.

Usage: python check-atom.py URL
"""

import re
import sys
import urllib.request
import xml.etree.ElementTree as ET

import feedparser

ATOM = "{http://www.w3.org/2005/Atom}"
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")


def fail(message):
    print(f"check-atom: {message}", file=sys.stderr)
    sys.exit(1)


def once(element, name, where):
    found = element.findall(ATOM + name)
    if len(found) != 1:
        fail(f"{where} has {len(found)} <{name}>, RFC 4287 wants exactly one")
    return found[0]


def check_common(element, where):
    ident = once(element, "id", where).text or ""
    if not re.match(r"^(urn:uuid:[0-9a-f-]{36}|tag:.+|https?://.+)$", ident):
        fail(f"{where}: id {ident!r} is not an absolute IRI")
    once(element, "title", where)
    updated = once(element, "updated", where).text or ""
    if not DATE.match(updated):
        fail(f"{where}: updated {updated!r} is not an RFC 3339 date")
    return ident


def main(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        content_type = response.headers.get("Content-Type", "")
        body = response.read()
    if not content_type.startswith("application/atom+xml"):
        fail(f"Content-Type is {content_type!r}")

    parsed = feedparser.parse(body)
    if parsed.bozo:
        fail(f"feedparser: {parsed.bozo_exception}")
    if parsed.version != "atom10":
        fail(f"feedparser reads it as {parsed.version!r}, not Atom 1.0")

    root = ET.fromstring(body)
    if root.tag != ATOM + "feed":
        fail(f"the root element is {root.tag}")
    check_common(root, "the feed")
    feed_author = root.findall(ATOM + "author")
    if not any(link.get("rel") == "self" for link in root.findall(ATOM + "link")):
        fail("the feed has no self link")
    ids = set()
    entries = root.findall(ATOM + "entry")
    for n, entry in enumerate(entries):
        where = f"entry {n + 1}"
        ident = check_common(entry, where)
        if ident in ids:
            fail(f"{where}: id {ident} is not unique")
        ids.add(ident)
        if not feed_author and not entry.findall(ATOM + "author"):
            fail(f"{where} has no author, and neither has the feed")
        alternate = [l for l in entry.findall(ATOM + "link") if l.get("rel", "alternate") == "alternate"]
        if not entry.findall(ATOM + "content") and not alternate:
            fail(f"{where} has neither content nor an alternate link")
        if not all(re.match(r"^https?://", l.get("href", "")) for l in alternate):
            fail(f"{where}: alternate links must be absolute")
    print(f"check-atom: valid Atom 1.0 with {len(entries)} entries ({url})")


if __name__ == "__main__":
    main(sys.argv[1])
