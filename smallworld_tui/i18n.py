"""Translation layer (placeholder until the gettext catalogs land): `_` returns English."""

from __future__ import annotations

_language = "en"


def set_language(lang: str | None) -> None:
    """Choose the interface language ("en" or "ja"); None means the locale's."""
    global _language
    _language = lang or "en"


def current_language() -> str:
    return _language


def _(message: str) -> str:
    return message
