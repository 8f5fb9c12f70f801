"""The rules in the app: the help screen's rules tab, "Rule of this", the palette's topics,
and the interface in Japanese."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static, TabbedContent

from smallworld_tui.compat import notifications
from smallworld_tui.engine import Action, Record
from smallworld_tui.i18n import set_language
from smallworld_tui.names import display_name
from smallworld_tui.reference import list_topics
from smallworld_tui.session import GameSession
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.palette import seat_letters
from smallworld_tui.ui.rule_topics import phase_topics, played_game, region_topics
from smallworld_tui.ui.screens.game import GameScreen
from smallworld_tui.ui.screens.help import HelpScreen
from smallworld_tui.ui.screens.rules_commands import RulesTopicsProvider
from smallworld_tui.ui.widgets.rules_browser import RulesBrowser
from smallworld_tui.ui.widgets.status_line import StatusLine
from ui.driver import act, game_screen, session, settle, text_of

SIZE = (100, 35)
STACKS = {"races": ["trolls", "elves"], "powers": ["flying", "hill"]}


@pytest.fixture
def japanese() -> Iterator[None]:
    """The interface in Japanese for one test; back to the locale's (English) afterwards."""
    set_language("ja")
    yield
    set_language(None)


def browser(app: SmallWorldApp) -> RulesBrowser:
    assert isinstance(app.screen, HelpScreen)
    return app.screen.query_one(RulesBrowser)


def listed(app: SmallWorldApp) -> list[str]:
    """The topic ids the rules tab lists (headings left out)."""
    options = browser(app).query_one("#rules-topics", OptionList).options
    return [option.id for option in options if option.id is not None]


def shown_text(app: SmallWorldApp) -> str:
    return text_of(browser(app).query_one("#rules-text", Static))


@asynccontextmanager
async def rules_open() -> AsyncIterator[tuple[SmallWorldApp, Pilot[None]]]:
    """A 3-player game with the rules tab open."""
    app = SmallWorldApp(session(players=3, **STACKS))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        yield app, pilot


async def test_r_opens_the_rules_and_escape_closes_them() -> None:
    async with rules_open() as (app, pilot):
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(TabbedContent).active == "rules"
        assert isinstance(app.focused, Input)  # type to search at once
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_f1_opens_the_keys_with_the_rules_a_tab_away() -> None:
    app = SmallWorldApp(seed=1)  # the new-game screen
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(TabbedContent).active == "keys"
        assert ("^n", "Start") in app.screen.keys
        await pilot.press("r")
        await settle(pilot)
        assert app.screen.query_one(TabbedContent).active == "rules"


@pytest.mark.parametrize(("lang", "words"), [("en", "truce"), ("ja", "攻撃しなかった")])
async def test_search_finds_a_power_by_a_word_of_its_text(lang: str, words: str) -> None:
    set_language(lang)
    try:
        async with rules_open() as (app, pilot):
            if lang == "en":
                await pilot.press(*words)
            else:
                browser(app).query_one(Input).value = words
            await settle(pilot)
            assert listed(app)[0] == "base:diplomat"  # the game being played first
            assert not any(id_.startswith("base:") for id_ in listed(app)[1:])
            assert ("Diplomat" if lang == "en" else "外交官") in shown_text(app)
    finally:
        set_language(None)


def test_the_game_being_played_is_the_sessions() -> None:
    assert played_game(session(players=3, **STACKS)) == "base"
    assert played_game(None) == "base"


def headings(app: SmallWorldApp) -> list[str]:
    options = browser(app).query_one("#rules-topics", OptionList).options
    return [str(option.prompt) for option in options if option.disabled]


async def test_the_rules_list_every_game_the_game_being_played_first() -> None:
    async with rules_open() as (app, _pilot):
        ids = listed(app)
        assert ids[0] == "turn"  # the shared topics head the played game's general rules
        assert ids.index("base:setup") < ids.index("underground:setup") < ids.index(
            "warcraft:team_scoring")
        games = [heading for heading in headings(app) if heading.startswith("Small World")]
        assert games == ["Small World", "Small World Underground", "Small World of Warcraft"]


async def test_a_search_names_the_game_of_another_games_topic(japanese: None) -> None:
    async with rules_open() as (app, pilot):
        browser(app).query_one(Input).value = "ノーム"
        await settle(pilot)
        found = listed(app)
        assert {"underground:gnomes", "warcraft:gnomes"} <= set(found)
        topics = browser(app).topics
        gnomes = topics.get_option("underground:gnomes")
        assert "スモールワールド・アンダーグラウンド" in str(gnomes.prompt)
        topics.highlighted = topics.get_option_index("underground:gnomes")
        await settle(pilot)
        assert "スモールワールド・アンダーグラウンド" in shown_text(app)  # the pane names it too


async def test_rule_of_this_shows_the_highlighted_combos_race_and_power() -> None:
    app = SmallWorldApp(session(players=3, **STACKS))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down")  # combo 1: Hill Elves
        await pilot.press("i")
        await settle(pilot)
        assert browser(app).shown == ["base:elves", "base:hill"]
        text = shown_text(app)
        assert "Elves" in text and "Hill" in text and "Trolls" not in text
        topics = browser(app).topics
        assert topics.get_option_at_index(topics.highlighted or 0).id == "base:elves"


async def test_rule_of_this_on_the_map_shows_what_is_on_the_region() -> None:
    s = session(players=3, **STACKS)
    s.apply(Action("pick", 0))
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        view = screen.view
        tribe = next(r.id for r in view.regions if r.neutral)
        screen.map_view.cursor = tribe
        await pilot.press("i")
        await settle(pilot)
        assert browser(app).shown[0] == "base:lost_tribe"


def test_region_and_phase_topics() -> None:
    s = session(players=3, **STACKS)
    s.apply(Action("pick", 0))
    conquest = next(a for a in s.view(0).legal if a.kind == "conquer")
    s.apply(conquest)
    view = s.view(0)
    assert region_topics(view, conquest.target, "base")[:2] == ["base:trolls", "base:flying"]
    assert "base:troll_lair" in region_topics(view, conquest.target, "base")
    mountain = next(r.id for r in view.map.regions if r.mountain and view.regions[r.id].seat == -1)
    assert region_topics(view, mountain, "base") == ["base:mountain"]
    plain = next(r.id for r in view.map.regions
                 if not (r.mountain or r.mine or r.magic or r.cavern or r.water)
                 and view.regions[r.id].seat == -1 and not view.regions[r.id].neutral)
    assert region_topics(view, plain, "base") == []
    assert phase_topics(view) == ["conquest"]


async def test_the_palette_finds_rules_topics() -> None:
    app = SmallWorldApp(session(players=3, **STACKS))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        provider = RulesTopicsProvider(app.screen)
        hits = [hit async for hit in provider.search("sorc")]
        assert hits and max(hits, key=lambda hit: hit.score).text == "Sorcerers"
        japanese = [hit async for hit in provider.search("ソーサラー")]
        assert any(hit.text.startswith("Sorcerers") for hit in japanese)
        discovered = [hit async for hit in provider.discover()]
        assert len(discovered) == len(list_topics(game="base"))  # the game being played
        others = [hit async for hit in provider.search("spiderines")]
        assert others and others[0].help.endswith("Small World Underground")
        run: Callable[[], object] = max(hits, key=lambda hit: hit.score).command
        run()
        await settle(pilot)
        assert browser(app).shown == ["base:sorcerers"]


async def test_the_interface_speaks_japanese(japanese: None) -> None:
    s = GameSession(Record(players=["太郎", "花子", "次郎"], map="base-3p", seed=1,
                           options={"flying_enters_anywhere": False}, **STACKS))
    app = SmallWorldApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "太郎" in text_of(screen.query_one(StatusLine))
        assert screen.query_one("#players").border_title == "プレイヤー・ラウンド1/10"
        descriptions = {a.binding.description for a in screen.active_bindings.values()}
        assert {"このルール", "ヘルプ", "終了"} <= descriptions
        assert seat_letters(s.record.players) == ["A", "B", "C"]  # no Latin initial
        assert seat_letters(["太郎", "Ｈａｎａ"]) == ["A", "H"]  # full-width letters count
        await act(pilot, Action("pick", 0))
        screen.sending.send(Action("conquer", 0))  # the sea: refused in Japanese
        await settle(pilot)
        seafaring = display_name("power", "base:seafaring", "ja")
        assert any(f"「{seafaring}」の種族だけ" in n.message for n in notifications(app))

