"""The rules reference, its lookups, the `rules` command, the names helpers and the translations."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from click.testing import CliRunner

from smallworld_tui import i18n
from smallworld_tui.cli import main
from smallworld_tui.commands.rules import command
from smallworld_tui.engine import games
from smallworld_tui.i18n import LANGUAGES, _, current_language, ngettext, set_language
from smallworld_tui.names import Kind, display_name, entries, game_name, table
from smallworld_tui.reference import (
    TOPIC_KINDS,
    Topic,
    find_topics,
    get_topic,
    list_topics,
    search,
    suggest,
)
from smallworld_tui.reference.placeholders import ROW_KINDS
from smallworld_tui.reference.render import facts, render_topic, render_topic_list
from smallworld_tui.reference.topics import SECTIONS, texts

# general topics by section: shared by every game (bare ids), then each game's own
GENERAL = {
    "common": {"turn", "combos", "conquest", "die", "redeploy", "decline", "scoring", "end"},
    "base": {"setup", "map"},
    "underground": {"setup", "map", "immunity", "relics", "places", "mixing"},
    "warcraft": {"setup", "islands", "map", "factions", "items", "teams", "team_combos",
                 "team_scoring"},
}
TESTED_GAMES = games()
CONTENT_KINDS: tuple[Kind, ...] = (
    "race", "power", "relic", "place", "artifact", "piece", "faction"
)
ANSI = re.compile(r"\x1b\[")


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in an English locale with no language chosen, and leaves it so."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language(None)
    yield
    set_language(None)


def ids(topics: list[Topic]) -> list[str]:
    return [topic.id for topic in topics]


# ---------------------------------------------------------------- texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", TESTED_GAMES)
def test_every_data_row_has_a_topic(game: str, lang: str) -> None:
    """Each race, power, relic, place, artifact, piece and faction of the table: a topic."""
    topics = {topic.id: topic for topic in list_topics(lang, game)}
    for kind in CONTENT_KINDS:
        missing = sorted(id_ for id_ in entries(kind, game) if f"{game}:{id_}" not in topics)
        assert not missing, f"{lang}: write the {game} {kind} topics {missing}"
        for id_ in entries(kind, game):
            topic = topics[f"{game}:{id_}"]
            names = {name.casefold() for name in (topic.title, *topic.aliases)}
            assert display_name(kind, id_, lang, game).casefold() in names


def test_both_languages_have_the_same_topics() -> None:
    assert ids(list_topics("en")) == ids(list_topics("ja"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_general_topics(lang: str) -> None:
    for section, expected in GENERAL.items():
        assert set(texts(lang, section)["general"]) == expected
    shared = [topic for topic in list_topics(lang) if topic.game is None]
    assert {topic.id for topic in shared} == GENERAL["common"]
    assert all(topic.title for topic in list_topics(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_type_no_number_of_two_or_more(lang: str) -> None:
    """Numbers of 2 and more come from the data tables, through placeholders."""
    for section in SECTIONS:
        for kind, written in texts(lang, section).items():
            for id_, text in written.items():
                raw = " ".join([text.get("title", ""), text["body"], *text.get("aliases", [])])
                raw = re.sub(r"\{[^}]*\}", "", unicodedata.normalize("NFKC", raw))
                typed = re.findall(r"[2-9]|\d{2,}|[二三四五六七八九十百]", raw)
                assert not typed, f"{lang} {section} {kind} {id_}: insert {typed} instead"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_all_filled(lang: str) -> None:
    for topic in list_topics(lang):
        assert "{" not in topic.body and "}" not in topic.body, topic.id


def test_names_with_an_article_get_no_second_one() -> None:
    """"The Keep on the Motherland" is inserted as it is: never after "the"."""
    doubled = [topic.id for topic in list_topics("en") if re.search(r"\b[Tt]he The ", topic.body)]
    assert not doubled


def test_shared_topics_numbers_are_the_same_in_every_game() -> None:
    """The shared topics insert the base table's rule numbers: every game has the same."""
    def shared(game: str) -> tuple[object, ...]:
        data = table(game)
        return (data["rules"]["empty_region_cost"], data["rules"]["max_shortfall"],
                data["setup"], data["die_faces"],
                {players: info["turns"] for players, info in data["maps"].items()})
    assert all(shared(game) == shared("base") for game in games())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", TESTED_GAMES)
def test_race_and_power_numbers_come_from_the_data(game: str, lang: str) -> None:
    kinds: tuple[Kind, ...] = ("race", "power")
    for kind in kinds:
        for id_, row in entries(kind, game).items():
            topic = get_topic(f"{game}:{id_}", lang)
            assert topic.tokens == row["tokens"]
            assert str(row["tokens"]) in facts(topic)
            if kind == "race":
                assert str(row["max_tokens"]) in facts(topic)
    sorcerers = entries("race")["sorcerers"]
    assert str(sorcerers["max_tokens"]) in get_topic("base:sorcerers", lang).body
    assert str(entries("power")["wealthy"]["bonus_coins"]) in get_topic("wealthy", lang).body


def test_topic_kinds_follow_the_data_kinds() -> None:
    assert ("general", *ROW_KINDS) == TOPIC_KINDS


def test_a_topic_explains_every_row_of_its_id() -> None:
    """Warcraft's Champion power and piece share a topic, named by both."""
    topic = get_topic("warcraft:champion", "ja")
    assert topic.kind == "power" and topic.title == display_name("power", "champion", "ja",
                                                                    "warcraft")
    assert display_name("piece", "champion", "ja", "warcraft") in topic.aliases
    assert get_topic("underground:black_mountain", "en").kind == "piece"
    assert "Black Mountain" in get_topic("underground:black_mountain", "en").aliases  # terrain


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_faction_lists_its_races_from_the_data(lang: str) -> None:
    for faction in entries("faction", "warcraft"):
        body = get_topic(f"warcraft:{faction}", lang).body
        for race, row in entries("race", "warcraft").items():
            named = display_name("race", race, lang, "warcraft") in body.splitlines()[0]
            assert named == (row["faction"] == faction), (faction, race)


def test_the_team_scoring_example_follows_the_team_rule() -> None:
    """The rulebook's example in the data table: the lower partner, the neutral's coins."""
    example = table("warcraft")["teams"]["example"]
    coins = example["coins"]
    scores = {"alliance": min(coins["alliance_1"], coins["alliance_2"]),
              "horde": min(coins["horde_1"], coins["horde_2"]), "neutral": coins["neutral"]}
    assert scores == example["scores"]
    assert max(scores, key=lambda faction: scores[faction]) == example["winner"] == "horde"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_team_scoring_topic_tells_the_example(lang: str) -> None:
    body = get_topic("warcraft:team_scoring", lang).body
    example = body.splitlines()[-1]
    for number in (51, 88, 79, 72, 67):
        assert str(number) in example
    assert display_name("faction", "horde", lang, "warcraft") in example
    assert example.rstrip("。.").endswith("72" if lang == "en" else "72で勝ちます")


def test_names_in_texts_come_from_the_data() -> None:
    assert display_name("piece", "hole", "ja") in get_topic("base:halflings", "ja").body
    assert get_topic("base:hole", "ja").title == "穴ぐら"
    assert get_topic("sorcerers", "ja").title == "ソーサラー"  # a bare id is the base game's
    assert game_name("underground", "en") in get_topic("conquest", "en").body


# ---------------------------------------------------------------- lookups


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sorcerers", "base:sorcerers"),
        ("Sorcerers", "base:sorcerers"),
        ("sorcerer", "base:sorcerers"),
        ("SORCERER", "base:sorcerers"),
        ("sorcerrer", "base:sorcerers"),  # typo
        ("elf", "base:elves"),
        ("Dragon Master", "base:dragon_master"),
        ("dragon_master", "base:dragon_master"),
        ("base:dragon_master", "base:dragon_master"),
        ("dragonmaster", "base:dragon_master"),
        ("dragon", "base:dragon"),  # the piece's exact name beats the power's partial one
        ("Troll's Lair", "base:troll_lair"),
        ("holes", "base:hole"),
        ("ソーサラー", "base:sorcerers"),
        ("ドラゴンマスター", "base:dragon_master"),
        ("ホビット", "base:halflings"),
        ("ハーフリング", "base:halflings"),  # alias in the data table
        ("ジャイアント", "base:giants"),
        ("狂乱した", "base:berserk"),
        ("穴ぐら", "base:hole"),
        ("要塞", "base:fortified"),  # a power and a piece: the power
        ("ｓｏｒｃｅｒｅｒｓ", "base:sorcerers"),  # full-width letters
        ("dice", "die"),
        ("tie-break", "end"),
        ("衰退", "decline"),
    ],
)
def test_find_topics(query: str, expected: str) -> None:
    assert ids(find_topics(query, "en")) == [expected]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("underground:gnomes", "underground:gnomes"),  # qualified ids
        ("warcraft:dwarves", "warcraft:dwarves"),
        ("underground gnomes", "underground:gnomes"),
        ("spiderenes", "underground:spiderines"),  # typo
        ("will o wisps", "underground:will_o_wisps"),
        ("Froggys Ring", "underground:froggys_ring"),
        ("Keep on the Motherland", "underground:keep_on_the_motherland"),
        ("river", "underground:river"),
        ("Volcano site", "underground:volcano"),  # the symbol's name: the piece's topic
        ("暗闇山地", "underground:black_mountain"),  # the terrain's name
        ("カルト教団員", "underground:cultists"),
        ("大なる古のもの", "underground:great_ancient"),  # the seed's spelling, in the table
        ("Battle for Azeroth", "warcraft:teams"),
        ("アゼロスの戦い", "warcraft:teams"),
        ("team scoring", "warcraft:team_scoring"),
        ("travel cost", "warcraft:entry"),
        ("Light's Hope Chapel", "warcraft:lights_hope_chapel"),
        ("Alliance", "warcraft:alliance"),
        ("監視塔", "warcraft:watch_tower"),  # the seed's name, in the table
        ("フォーセイク", "warcraft:forsaken"),
        ("勇者", "warcraft:champion"),  # the piece's name: the power's topic
    ],
)
def test_find_topics_of_every_game(query: str, expected: str) -> None:
    assert ids(find_topics(query, "en")) == [expected]


@pytest.mark.parametrize(
    ("query", "game", "expected"),
    [
        ("setup", None, ["base:setup", "underground:setup", "warcraft:setup"]),
        ("gnomes", None, ["underground:gnomes", "warcraft:gnomes"]),
        ("ノーム", None, ["underground:gnomes", "warcraft:gnomes"]),
        ("gnomse", None, ["underground:gnomes", "warcraft:gnomes"]),  # typo
        ("dwarves", None, ["base:dwarves", "underground:iron_dwarves", "warcraft:dwarves"]),
        ("gnomes", "warcraft", ["warcraft:gnomes"]),  # a game prefers its own
        ("setup", "underground", ["underground:setup"]),
        ("dwarves", "underground", ["underground:iron_dwarves"]),
        ("amazons", "warcraft", ["base:amazons"]),  # another game's when the game has none
        ("conquest", "warcraft", ["conquest"]),  # shared by every game
    ],
)
def test_a_name_of_several_games_finds_each_games_topic(
        query: str, game: str | None, expected: list[str]) -> None:
    assert ids(find_topics(query, "en", game)) == expected


def test_find_topics_answers_in_the_language_asked() -> None:
    assert [(t.lang, t.title) for t in find_topics("Halflings", "ja")] == [("ja", "ホビット")]
    set_language("ja")
    assert find_topics("sorcerers") == [get_topic("base:sorcerers", "ja")]


def test_unknown_topic_is_none_with_close_suggestions() -> None:
    assert find_topics("xyzzy") == []
    assert suggest("xyzzy") == []
    assert find_topics("ghoulish") == []
    assert "base:ghouls" in suggest("ghoulish")
    assert suggest("dragon")[:2] == ["base:dragon", "base:dragon_master"]
    assert len(suggest("s", n=3)) <= 3


def test_search_finds_a_power_by_a_word_of_its_text() -> None:
    assert ids(search("truce", "en")) == ["base:diplomat"]
    assert search("sorc", "en")[0].id == "base:sorcerers"  # as you type
    assert search("入れ替え", "ja")[0].id == "base:sorcerers"
    assert search("dragon conquest", "en")[0].id == "base:dragon_master"
    assert search("no such words here", "en") == []
    assert len(search("", "en")) == len(list_topics("en"))


def test_search_puts_the_games_topics_first() -> None:
    assert search("gnomes", "en", "warcraft")[0].id == "warcraft:gnomes"
    assert search("gnomes", "en", "underground")[0].id == "underground:gnomes"
    assert {topic.game for topic in list_topics("en", "underground")} == {None, "underground"}


# ---------------------------------------------------------------- rendering and the command


def test_topic_list_is_grouped_by_game_then_kind() -> None:
    topics = list_topics("en")
    order = [topic.game for topic in topics]
    assert order == sorted(order, key=[None, *games()].index)
    for game in (None, *games()):
        kinds = [topic.kind for topic in topics if topic.game == game]
        assert kinds == sorted(kinds, key=TOPIC_KINDS.index)
    assert render_topic_list(topics) is not None
    assert render_topic(get_topic("turn", "en")) is not None


def test_rules_lists_topics_grouped_by_game() -> None:
    result = CliRunner().invoke(command, [])
    assert result.exit_code == 0, result.output
    assert "Races" in result.output and "base:dragon_master" in result.output
    assert "Dragon Master" in result.output and "End of game" in result.output
    assert "Every game" in result.output and "Small World\n" in result.output


def test_rules_shows_a_topic_in_english_and_japanese() -> None:
    result = CliRunner().invoke(command, ["dragon", "master"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Dragon Master\nSmall World · Special power")

    result = CliRunner().invoke(command, ["--lang", "ja", "sorcerers"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ソーサラー\n")
    assert "種族" in result.output


def test_global_lang_option_and_locale_default(monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(main, ["--lang", "ja", "rules", "halflings"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ホビット\n")

    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    set_language(None)
    result = CliRunner().invoke(command, ["halflings"])
    assert result.output.startswith("ホビット\n")


def test_rules_lists_the_candidates_of_a_name_several_games_have() -> None:
    result = CliRunner().invoke(command, ["gnomes"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("'gnomes' names a topic in several games:\n")
    assert "underground:gnomes" in result.output and "warcraft:gnomes" in result.output
    assert "--game" in result.output

    result = CliRunner().invoke(command, ["--game", "warcraft", "gnomes"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Gnomes\nSmall World of Warcraft · Race")

    result = CliRunner().invoke(command, ["--lang", "ja", "underground:gnomes"])
    assert result.output.startswith("ノーム\nスモールワールド・アンダーグラウンド · 種族")


def test_rules_game_lists_that_games_topics() -> None:
    result = CliRunner().invoke(command, ["--game", "underground"])
    assert result.exit_code == 0, result.output
    assert "Every game" in result.output and "underground:spiderines" in result.output
    assert "base:" not in result.output and "warcraft:" not in result.output

    result = CliRunner().invoke(command, ["--game", "chess"])
    assert result.exit_code == 2


def test_rules_unknown_topic_exits_1_with_suggestions() -> None:
    result = CliRunner().invoke(command, ["ghoulish"])
    assert result.exit_code == 1
    assert re.match(r"No topic 'ghoulish'\. Did you mean: base:ghouls(, [\w:]+)*\?", result.stderr)

    result = CliRunner().invoke(command, ["xyzzy"])
    assert result.exit_code == 1
    assert result.stderr.startswith("No topic 'xyzzy'.")


@pytest.mark.parametrize("args", [[], ["--lang", "ja"], ["sorcerers"], ["--lang", "ja", "turn"],
                                  ["setup"], ["--lang", "ja", "warcraft:team_scoring"]])
def test_piped_output_is_plain(args: list[str]) -> None:
    env = {"TERM": "xterm-256color", "COLORTERM": "truecolor", "FORCE_COLOR": None, "NO_COLOR": "1"}
    result = CliRunner().invoke(command, args, env=env)
    assert result.exit_code == 0
    assert not ANSI.search(result.output)
    assert not any(line.endswith(" ") for line in result.output.splitlines())


# ---------------------------------------------------------------- names and translations


def test_display_names() -> None:
    assert display_name("race", "halflings", "en") == "Halflings"
    assert display_name("piece", "hole", "ja") == "穴ぐら"
    assert display_name("terrain", "farmland", "ja") == "畑"
    set_language("ja")
    assert display_name("power", "dragon_master") == "ドラゴンマスター"
    with pytest.raises(KeyError):
        display_name("race", "hobbits")


def test_language_switches() -> None:
    assert current_language() == "en"
    assert _("Races") == "Races"
    set_language("ja")
    assert current_language() == "ja"
    assert _("Races") == "種族"
    set_language("en")
    assert _("Races") == "Races"
    assert (ngettext("Race", "Races", 1), ngettext("Race", "Races", 2)) == ("Race", "Races")
    with pytest.raises(ValueError):
        set_language("fr")


# what marks a string for the catalog: `_`, `ngettext`, `N_` (translated where it is shown)
# and the engine's refusals, `IllegalAction("template", ...)`, rendered with `exc.render(_)`
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "IllegalAction": None}
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}")


def extracted() -> set[str]:
    """Every message `pybabel extract` finds in the package (a plural by its singular)."""
    package = Path(i18n.__file__).parent
    return {
        message if isinstance(message, str) else message[0]
        for _file, _line, message, _comments, _context in extract_from_dir(
            package, method_map=[("**.py", "python")], keywords=KEYWORDS
        )
    }


def ja_catalog() -> Catalog:
    with (Path(i18n.__file__).parent / "locale/ja/LC_MESSAGES/smallworld_tui.po").open("rb") as po:
        return read_po(po)


def test_every_extracted_message_is_translated() -> None:
    """What `pybabel extract` finds anywhere in the package has a Japanese translation."""
    found = extracted()
    assert {"{count} in the box", "End conquest", "place both your Heroes first"} <= found
    assert "it is not your turn to act" in found  # an IllegalAction template
    catalog = ja_catalog()
    missing = sorted(
        msgid
        for msgid in found
        if msgid not in catalog or not all(_strings(catalog[msgid])) or catalog[msgid].fuzzy
    )
    assert not missing, f"translate these in the ja catalog: {missing}"


def _strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_translations_keep_the_placeholders() -> None:
    """Every msgstr has the same `{placeholders}` (with their format specs) as its msgid."""
    wrong = []
    for message in ja_catalog():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for string in _strings(message):
            if sorted(set(PLACEHOLDER.findall(string))) != expected:
                wrong.append((ids[0], string))
    assert not wrong, f"placeholders differ: {wrong}"
