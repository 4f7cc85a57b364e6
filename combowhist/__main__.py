"""``python -m combowhist``: the ``combowhist`` command (see :mod:`combowhist.cli`)."""

from combowhist.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
