"""Translation layer: gettext catalogs read from the ``.po`` sources at run time with Babel.

English is the source language. ``locale/<lang>/LC_MESSAGES/smallworld_tui.po`` is compiled
into memory on first use, so no ``.mo`` file is committed (see docs/translations.md).
"""

from __future__ import annotations

import gettext
import io
import os
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ja")
DOMAIN = "smallworld_tui"

_language: str | None = None


def locale_language() -> str:
    """The language the environment asks for: "ja" for a Japanese locale, else "en"."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def set_language(lang: str | None) -> None:
    """Choose the interface language ("en" or "ja"); None follows the locale."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    global _language
    _language = lang


def current_language() -> str:
    """The language chosen with `set_language`, or the locale's."""
    return _language or locale_language()


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of one language (English: the identity)."""
    if lang == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = resources.files("smallworld_tui").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po")
    with po.open("rb") as source:
        catalog = read_po(source, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str) -> str:
    """`message` in the current language."""
    return translations(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the current language."""
    return translations(current_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it: whoever shows it calls `_()`
    then (class-level key descriptions, the engine's refusal templates)."""
    return message
