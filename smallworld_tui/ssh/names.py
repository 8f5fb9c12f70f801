"""Player names as remote users give them (the SSH user name, the web form): what a name may be,
its one canonical form, and which names look alike.

A name is one or more words separated by single spaces, each word a user name under PRECIS
(RFC 8265, with precis-i18n): ``shown_name`` is the form shown and stored (UsernameCasePreserved:
fullwidth letters made ordinary, accents composed with NFC), ``name_key`` the form compared
(UsernameCaseMapped, case folded): "Amy", "amy", "Ａｍｙ" are one player, and so is "Zoé"
whether its accent came as one code point or two.  PRECIS refuses invisible characters
(zero-width ones, fillers), symbols and emoji, compatibility forms and mixed directions in a
word.  A name is also at most ``MAX_NAME_CHARS`` characters and ``MAX_NAME_COLUMNS`` columns
(the hotseat limit), and is shown only as plain text, never as markup.  ``looks_like`` finds a
known name that a new one could be taken for (Unicode TR39 skeletons, ``alike``).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from precis_i18n import get_profile
from precis_i18n.profile import Profile
from rich.cells import cell_len

from smallworld_tui.i18n import N_, _
from smallworld_tui.ssh.alike import likeness

MAX_NAME_COLUMNS = 20
MAX_NAME_CHARS = 20
MAX_TYPED_CHARS = 4 * MAX_NAME_CHARS  # longer input is refused before any other work
MAX_MARKS = 3  # combining marks on one character (a Thai tone over a vowel over a consonant)

# why PRECIS refuses a character (the kind after "DISALLOWED/" in its error)
REFUSED_KINDS = {
    "symbols": N_("symbols and emoji cannot be in a name"),
    "spaces": N_("words are separated by one ordinary space"),
    "punctuation": N_("only the punctuation of ASCII can be in a name"),
    "has_compat": N_("a compatibility form: type the ordinary character"),
    "unassigned": N_("Unicode assigns no character there"),
}
INVISIBLE_KINDS = frozenset({"controls", "precis_ignorable_properties", "old_hangul_jamo",
                             "join_control", "zero_width_joiner", "zero_width_nonjoiner"})


class NameRefused(ValueError):
    """Why a text cannot be a player's name (translated)."""


@functools.cache
def _profile(name: str) -> Profile:
    return get_profile(name)


def shown_name(name: str) -> str:
    """``name`` as it is shown and stored; ``NameRefused`` says why it cannot be a name."""
    if len(name) > MAX_TYPED_CHARS:
        raise NameRefused(_("more than {n} characters").format(n=MAX_NAME_CHARS))
    if not name.strip():
        raise NameRefused(_("an empty name"))
    if name != name.strip():
        raise NameRefused(_("spaces at its start or end"))
    words = name.split(" ")
    if "" in words:
        raise NameRefused(_("two spaces in a row"))
    shown = " ".join(_word(word, name) for word in words)
    if len(shown) > MAX_NAME_CHARS:
        raise NameRefused(_("more than {n} characters").format(n=MAX_NAME_CHARS))
    if cell_len(shown) > MAX_NAME_COLUMNS:
        raise NameRefused(_("more than {n} columns wide").format(n=MAX_NAME_COLUMNS))
    return shown


def _word(word: str, name: str) -> str:
    """One word of ``name`` under PRECIS's UsernameCasePreserved."""
    try:
        shown: str = _profile("UsernameCasePreserved").enforce(word)
    except UnicodeEncodeError as exc:
        raise NameRefused(_refusal(exc, name)) from None
    marks = 0
    for index, char in enumerate(shown):
        marks = marks + 1 if unicodedata.category(char).startswith("M") else 0
        if marks and index == 0:
            raise NameRefused(_("a word starts with a combining mark ({char})").format(
                char=_described(char)))
        if marks > MAX_MARKS:
            raise NameRefused(_("more than {n} marks on one character").format(n=MAX_MARKS))
    return shown


def _refusal(exc: UnicodeEncodeError, name: str) -> str:
    """Why PRECIS refused a word of ``name``, naming the character and where it is."""
    kind = exc.reason.removeprefix("DISALLOWED/")
    if kind == "bidi_rule":
        return _("a word mixes letters written right to left with others")
    char = str(exc.object)[exc.start]
    if kind in INVISIBLE_KINDS:
        why = _("invisible or control characters cannot be in a name")
    else:
        why = _(REFUSED_KINDS.get(kind, N_("this character cannot be in a name")))
    where = name.find(char)
    return _("character {n}, {char}: {why}").format(
        n=(where if where >= 0 else exc.start) + 1, char=_described(char), why=why)


def _described(char: str) -> str:
    """A character as "U+3164 HANGUL FILLER": many of those refused cannot be seen."""
    return f"U+{ord(char):04X} {unicodedata.name(char, '')}".rstrip()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (translated), or None if it can."""
    try:
        shown_name(name)
    except NameRefused as exc:
        return str(exc)
    return None


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form in which names are compared: PRECIS's UsernameCaseMapped of each word (with
    full case folding).  A name these rules refuse, stored before they applied, keeps its
    case-folded NFC form, the comparison of that time."""
    try:
        profile = _profile("UsernameCaseMapped:CaseFold")
        return " ".join(profile.enforce(word) for word in shown_name(name).split(" "))
    except (NameRefused, UnicodeEncodeError):
        return unicodedata.normalize("NFC", name.casefold())


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name the same player."""
    return name_key(a) == name_key(b)


def looks_like(name: str, known: Iterable[str]) -> str | None:
    """A known name that ``name`` could be taken for while naming someone else: a different
    player's name with the same TR39 skeleton (whatever the case)."""
    key, seen = name_key(name), likeness(name)
    for other in known:
        if name_key(other) != key and likeness(other) == seen:
            return other
    return None
