"""Generate the Python client with openapi-python-client and fail on any warning but two.

usage: python generate_python_client.py OPENAPI_YAML OUTPUT_DIR

The same as `openapi-python-client generate --path OPENAPI_YAML --output-path OUTPUT_DIR
--meta none --overwrite`, through the library's own entry points, so that each warning is
a structured error rather than console text. The warnings allowed: the Atom feeds'
(a league's results, a postal game's rounds)
`application/atom+xml` response and the pictures' and the app icon's `image/svg+xml` responses, which
openapi-python-client cannot type (it only knows JSON, text/*, form and binary bodies);
both are for browsers and feed readers, not for typed clients. Everything else -- a schema it refuses, a model
it drops, an operation it skips, ruff missing -- fails the run.
"""

import sys
from pathlib import Path

import typer
from openapi_python_client import MetaType, generate
from openapi_python_client.cli import handle_errors
from openapi_python_client.config import Config, ConfigFile

ALLOWED = "Unsupported content_type application/atom+xml"
# (what the warning says, the path it must be about)
ALLOWED_ALL = [
    (ALLOWED, "results.atom"),
    (ALLOWED, "rounds.atom"),
    ("Unsupported content_type image/svg+xml", ".svg"),
    ("Unsupported content_type image/svg+xml", "/favicon.ico"),
]


def allowed(error):
    """The allowed warning `error` is, or None."""
    return next((what for what, where in ALLOWED_ALL if what in (error.detail or "") and where in (error.header or "")), None)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    document, output = Path(sys.argv[1]), Path(sys.argv[2])
    config = Config.from_sources(
        ConfigFile(),
        MetaType.NONE,
        document,
        "utf-8",
        True,  # overwrite
        output_path=output,
    )
    errors = list(generate(config=config))
    expected = [e for e in errors if allowed(e)]
    unexpected = [e for e in errors if not allowed(e)]
    for e in expected:
        print(f"openapi-python-client: expected warning: {e.header} ({allowed(e)})")
    if unexpected:
        try:
            handle_errors(unexpected)
        except typer.Exit:  # raised after an ERROR-level problem, which is reported below
            pass
        print(
            f"openapi-python-client: {len(unexpected)} unexpected warning(s) or error(s); see above",
            file=sys.stderr,
        )
        return 1
    if not (output / "client.py").is_file():
        print(f"openapi-python-client: no client in {output}", file=sys.stderr)
        return 1
    print(f"openapi-python-client: generated {output} with no unexpected warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())
