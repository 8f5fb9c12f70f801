"""Small World of Warcraft in the app: the new-game screen's game and options, a board set of
islands drawn from the seed, faction colours, the legend, the team panel (a partner's coins
seen once shown, an opponent's never; the key that shows one's own), the team result at the end,
rules topics and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.screen import Screen
from textual.widgets import Checkbox, OptionList, Select

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.cli import main
from smallworld_tui.commands.game_choice import map_players, resolve_game
from smallworld_tui.engine import Action, Record
from smallworld_tui.engine.actions import show_coins
from smallworld_tui.engine.tables import entries
from smallworld_tui.engine.view import SPECTATOR
from smallworld_tui.i18n import set_language
from smallworld_tui.session import GameSession
from smallworld_tui.ssh.store import Store
from smallworld_tui.ssh.tables import Tables
from smallworld_tui.ui.app import SmallWorldApp
from smallworld_tui.ui.describe import combo_name, content_name, score_label
from smallworld_tui.ui.palette import faction_colour, race_colour
from smallworld_tui.ui.rule_topics import combo_topics, phase_topics
from smallworld_tui.ui.screens.end import EndScreen, headline
from smallworld_tui.ui.screens.game_keys import help_keys
from smallworld_tui.ui.screens.new_game import game_choices
from smallworld_tui.ui.teams import team_line, team_result_table
from smallworld_tui.ui.widgets.combo_column import ComboPrompt
from smallworld_tui.ui.widgets.key_footer import footer_keys
from smallworld_tui.ui.widgets.legend import legend_entries
from smallworld_tui.ui.widgets.log_panel import LogPanel
from smallworld_tui.ui.widgets.players_panel import player_lines
from smallworld_tui.ui.widgets.rules_browser import RulesBrowser
from smallworld_tui.ui.widgets.status_line import status_text
from smallworld_tui.ui.widgets.team_panel import TeamPanel
from ui.driver import advance, game_screen, settle, text_of

SIZE = (120, 40)
NAMES = ["Amy", "Ben", "Cai", "Dee", "Eli"]
# the legend's first entries
READING = ("14", "14", "1_", "14", "A3", "a3", "3t", "-2t", "14", "3t")


def wc_session(players: int = 4, teams: bool = True, seed: int = 3) -> GameSession:
    return GameSession(Record(players=NAMES[:players], map=f"warcraft-{players}p", seed=seed,
                              options={"teams": teams, "two_player_boards": "LM",
                                       "garrison_forts": "per_region"},
                              game="warcraft"))


async def test_the_new_game_screen_offers_warcraft_with_its_options() -> None:
    app = SmallWorldApp(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert ("Small World of Warcraft", "warcraft") in game_choices()
        screen.query_one("#game").value = "warcraft"
        await settle(pilot)
        assert screen.query_one("#map").value == "warcraft-2p"  # drawn from the seed
        assert screen.query_one("#option-teams").display
        assert screen.query_one("#option-field-garrison_forts").display
        assert screen.query_one("#option-field-two_player_boards").display  # 2 players
        assert not screen.query_one("#option-flying_enters_anywhere").display
        screen.query_one("#player-count").value = 4
        await settle(pilot)
        assert screen.query_one("#map").value == "warcraft-4p"
        assert not screen.query_one("#option-field-two_player_boards").display
        screen.query_one("#option-teams", Checkbox).value = True
        screen.query_one("#option-garrison_forts", Select).value = "one_per_turn"
        await pilot.click("#start")
        await settle(pilot)
        record = game_screen(app).session.record
        assert record.game == "warcraft" and len(record.players) == 4
        assert record.options["teams"] is True
        assert record.options["garrison_forts"] == "one_per_turn"
        assert record.map == "warcraft-4p"  # drawn from the seed: the faces in the title
        assert game_screen(app).view.map.title.count("-") == 5  # "warcraft-4p (L2-A, …)"


async def test_a_drawn_board_set_shows_every_island_and_region_number_at_80x24() -> None:
    s = wc_session(players=5)
    s.apply(Action("pick", 0))
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        map_view = game_screen(app).map_view
        assert map_view.virtual_size.width <= map_view.size.width
        assert map_view.virtual_size.height <= map_view.size.height
        drawing = "\n".join(map_view.render_line(y).text for y in range(map_view.size.height))
        for region in range(len(s.view(0).map.regions)):
            assert str(region) in drawing, region
        assert ">" in drawing  # entry regions


def test_the_legend_has_an_entry_for_every_warcraft_glyph_shown() -> None:
    view = wc_session(players=5).view(0)
    found = legend_entries(view)
    samples = {sample.plain.strip() for sample, _meaning in found}
    for terrain, row in entries("terrain", "warcraft").items():
        if any(r.terrain == terrain for r in view.map.regions):
            assert row["glyph"] in samples, terrain
    for symbol, row in entries("symbol", "warcraft").items():
        if row.get("drawn", True) and any(symbol in r.symbols for r in view.map.regions):
            assert row["glyph"] in samples, symbol
    for piece, row in entries("piece", "warcraft").items():
        if f"warcraft:{piece}" in view.pieces:
            assert row["glyph"] in samples, piece
    assert "?" in samples  # an item face down
    assert "another island: +1 travel included" in [meaning for _s, meaning in found]
    pairs = [(sample.plain.strip(), meaning) for sample, meaning in found]
    assert len(pairs) == len(set(pairs))  # each entry once
    glyphs: dict[str, set[str]] = {}
    for glyph, meaning in pairs[len(READING):]:  # after how to read numbers and marks
        glyphs.setdefault(glyph, set()).add(meaning)
    assert {g: m for g, m in glyphs.items() if len(m) > 1} == {}, "one glyph, two meanings"


def test_races_and_combos_are_drawn_in_their_factions_colour() -> None:
    assert race_colour("warcraft:orcs") == faction_colour("warcraft", "horde")
    assert race_colour("warcraft:humans") == faction_colour("warcraft", "alliance")
    assert race_colour("trolls") == ""  # the base game has no factions
    s = wc_session()
    combo = s.view(0).combos[0]
    line = ComboPrompt(combo, True).line(40)
    name = combo_name(combo.race, combo.power)
    start = line.plain.index(name)
    assert any(span.start <= start < span.end and race_colour(combo.race) in str(span.style)
               for span in line.spans)


def test_a_partners_coins_are_seen_once_shown_an_opponents_never() -> None:
    s = wc_session(players=4)  # Amy: Alliance with Cai
    view = s.view(0)
    alliance, horde = team_line(view, "alliance").plain, team_line(view, "horde").plain
    assert "Amy 5¢" in alliance and "Cai ?¢" in alliance
    assert "Ben ?¢" in horde and "Dee ?¢" in horde
    s.apply(show_coins(2), seat=2)
    assert "Cai 5¢" in team_line(s.view(0), "alliance").plain
    assert "Cai ?¢" in team_line(s.view(1), "alliance").plain


def footer_words(screen: Screen[object]) -> dict[str, str]:
    return {key.description: key.key for key in footer_keys(screen)}


async def test_the_t_key_shows_ones_coins_to_ones_partners_and_hides_them_again() -> None:
    s = wc_session(players=4)
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        panel = screen.query_one(TeamPanel)
        assert panel.border_title == "Teams · your coins hidden"
        assert footer_words(screen).get("Show coins") == "t"
        assert ("t", "Show coins") in help_keys(screen)
        await pilot.press("t")
        await settle(pilot)
        assert s.state.coins_shown == [0] and panel.border_title == "Teams · your coins shown"
        assert footer_words(screen).get("Hide coins") == "t"
        sentences = [t.plain for t in screen.query_one(LogPanel).sentences]
        assert "Amy showed their coins to their partners" in sentences
        await pilot.press("t")
        await settle(pilot)
        assert s.state.coins_shown == [] and panel.border_title == "Teams · your coins hidden"


async def test_the_key_and_the_team_panel_speak_japanese() -> None:
    set_language("ja")
    try:
        s = wc_session(players=4)
        app = SmallWorldApp(s, pass_screens=False)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = game_screen(app)
            assert footer_words(screen).get("コインを見せる") == "t"
            await pilot.press("t")
            await settle(pilot)
            assert screen.query_one(TeamPanel).border_title == "チーム・コイン公開中"
            assert footer_words(screen).get("コインを隠す") == "t"
            sentences = [t.plain for t in screen.query_one(LogPanel).sentences]
            assert "Amyが同盟者に自分のコインを見せました" in sentences
    finally:
        set_language(None)


async def test_at_one_terminal_only_the_partner_at_play_sees_shown_coins() -> None:
    s = wc_session(players=4)
    s.apply(show_coins(0), seat=0)  # Amy shows her coins to Cai
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        for seat, seen in ((1, False), (2, True)):  # Ben's turn, then Cai's
            advance(s, lambda s, seat=seat: s.state.seat == s.actor == seat)
            await settle(pilot)
            screen = game_screen(app)
            assert screen.viewer == seat
            amy = "Amy ?¢" not in text_of(screen.query_one(TeamPanel))
            assert amy is seen, seat


async def test_the_team_panel_shows_in_team_games_only() -> None:
    for teams in (True, False):
        app = SmallWorldApp(wc_session(teams=teams), pass_screens=False)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            panel = game_screen(app).query_one(TeamPanel)
            assert panel.display is teams
            if teams:
                assert "Horde" in text_of(panel) and "Alliance" in text_of(panel)


def finished_team_game(players: int = 4) -> GameSession:
    _state, record = play_random_game(NAMES[:players], None, 3, game="warcraft",
                                      options={"teams": True})
    return GameSession(record)


async def test_the_end_screen_gives_the_team_result() -> None:
    s = finished_team_game()
    view = s.view(SPECTATOR)
    won = [t for t, seats in view.teams.items() if set(seats) & set(view.winners)]
    assert won and all(s.view(SPECTATOR).team_scores)
    members = ", ".join(view.names[seat] for seat in view.teams[won[0]])
    assert headline(view) == f"the {won[0].capitalize()} ({members}) win!"
    app = SmallWorldApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        shown = text_of(app.screen.query_one("#end-teams"))
        for team, score in view.team_scores.items():
            assert str(score) in shown and team.capitalize() in shown
        assert "★" in shown


def test_the_team_result_table_ranks_teams_by_score() -> None:
    view = finished_team_game().view(SPECTATOR)
    table = team_result_table(view)
    scores = [int(str(c)) for c in table.columns[2].cells]
    assert scores == sorted(scores, reverse=True)


def test_rules_topics_of_teams_and_factions() -> None:
    s = wc_session()
    view = s.view(0)
    assert "warcraft:teams" in phase_topics(view)
    topics = combo_topics(view.combos[0], "warcraft", teams=True)
    assert "warcraft:factions" in topics or race_colour(view.combos[0].race) == ""
    assert "warcraft:team_combos" in topics


def test_the_command_line_knows_drawn_board_sets() -> None:
    assert resolve_game(None, "warcraft-3p") == "warcraft"
    assert map_players("warcraft-5p") == 5
    assert resolve_game(None, "base-2p") == "base"


@pytest.mark.parametrize("args", [["--game", "warcraft", "--teams", "--players", "4"],
                                  ["--map", "warcraft-3p"]])
def test_sim_plays_warcraft(args: list[str]) -> None:
    result = CliRunner().invoke(main, ["sim", *args, "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "game 1: seed 0" in result.output


def test_teams_in_a_game_without_them_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["sim", "--game", "base", "--teams", "--games", "1"])
    assert result.exit_code == 2 and "teams" in result.output


def test_the_players_panel_names_the_artifacts_and_places_held() -> None:
    _state, record = play_random_game(NAMES[:3], None, 5, game="warcraft")
    record.actions = record.actions[:150]
    view = GameSession(record).view(SPECTATOR)
    held = {seat: [q for r in view.regions if r.seat == seat for q in r.items]
            for seat in range(3)}
    seat = next(s for s, items in held.items() if items)
    shown = " ".join(line.plain for line in player_lines(view, seat, 60))
    for qid in held[seat]:
        assert content_name("item", qid) in shown


async def test_the_rules_of_a_warcraft_team_game_come_first_and_i_shows_the_team_market(
        ) -> None:
    s = wc_session()
    app = SmallWorldApp(s, pass_screens=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        options = app.screen.query_one(RulesBrowser).query_one(
            "#rules-topics", OptionList).options
        ids = [o.id for o in options if o.id is not None]
        assert ids.index("warcraft:teams") < ids.index("base:setup")
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("i")  # the combo column has the focus while picking
        await settle(pilot)
        shown = app.screen.query_one(RulesBrowser).shown
        combo = s.view(0).combos[0]
        assert shown[:2] == [combo.race, combo.power] and "warcraft:team_combos" in shown


def test_the_faction_bonus_is_named_in_scores() -> None:
    assert score_label("faction:warcraft:horde") == "Horde bonus"


def test_serve_opens_a_warcraft_team_table(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path / "data")}
    result = CliRunner().invoke(main, ["--lang", "en", "serve", "--port", "1", "--password",
                                       "pw", "--host", "256.0.0.1", "--game", "warcraft",
                                       "--teams", "--players", "4"], env=env)
    assert "Table 1: Small World of Warcraft, warcraft-4p, 4 players." in result.output
    store = Store(tmp_path / "data" / "server.sqlite3")
    try:
        tables = Tables(store)
        tables.restore()
        (table,) = tables.listing()
    finally:
        store.close()
    assert table.settings.game == "warcraft" and table.settings.options["teams"] is True


def test_serve_refuses_teams_in_a_game_without_them(tmp_path: Path) -> None:
    env = {"SMALLWORLD_TUI_DATA": str(tmp_path / "data")}
    result = CliRunner().invoke(main, ["--lang", "en", "serve", "--port", "1", "--password",
                                       "pw", "--teams", "--players", "2"], env=env)
    assert result.exit_code == 2 and "the base game has no teams" in result.output


def test_the_prompt_asks_for_a_choice_that_comes_before_any_conquest() -> None:
    s = wc_session(players=5)
    s.apply(Action("pick", 0))  # Garrison Worgen: a form first
    assert {a.kind for a in s.view(0).legal} == {"human_form", "worgen_form"}
    prompt = status_text(s.view(0)).plain
    assert "first o: Take human form" in prompt and "region to conquer" not in prompt
