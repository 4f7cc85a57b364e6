"""Adapters to game-AI frameworks, as optional extras.

- :mod:`combowhist.adapters.pettingzoo` (``pip install combowhist[pettingzoo]``): a
  PettingZoo AEC environment, :func:`combowhist.adapters.pettingzoo.env`.
- :mod:`combowhist.adapters.openspiel` (``pip install combowhist[openspiel]``): registers
  the OpenSpiel python game ``python_combowhist``.

Both are built on :class:`~combowhist.adapters.position.Position`, a deal and the move its
seat to move is building with the factored actions of :mod:`combowhist.encoding`. Importing
:mod:`combowhist` (or this package) imports no framework: only the two framework modules do.
"""
