"""Tables generated from other projects' data, not written here: do not edit them by hand.

* :mod:`hotseat.third_party.locale_data` — CLDR's number and list patterns, from Babel's locale
  data by ``python tools/i18n.py locale-data``;
* :mod:`hotseat.third_party.lookalikes` — letters that look alike, from Unicode's confusables
  data by ``python tools/make_lookalikes.py``.

A test checks each is what its tool writes now. Being third-party data, they are left out where
tools look at this project's own code (the formatter, the duplicate finder).
"""
