"""Run every fuzz test (``-m fuzz``) for longer than the suite does.

The suite runs each fuzz test with a small, bounded example count. A maintainer who wants
to hunt for more runs this for minutes::

    python benchmarks/fuzz.py --examples 20000
    python benchmarks/fuzz.py --examples 5000 -- -k moves     # extra pytest arguments

It sets ``COMBOWHIST_FUZZ_EXAMPLES`` (read by ``tests/checks.py``) and runs pytest on the
fuzz tests, exiting with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000,
                        help="examples per fuzz test (default 10000)")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest")
    options = parser.parse_args()
    if options.examples < 1:
        parser.error("--examples must be at least 1")
    root = Path(__file__).resolve().parent.parent
    environment = {**os.environ, "COMBOWHIST_FUZZ_EXAMPLES": str(options.examples)}
    command = [sys.executable, "-m", "pytest", "-m", "fuzz",
               "--hypothesis-show-statistics", "tests", *options.pytest_args]
    return subprocess.run(command, cwd=root, env=environment, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
