"""The headless command line: replay and sim."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from smallworld_tui.bots.random_play import play_random_game
from smallworld_tui.cli import main
from smallworld_tui.engine.record import save_record

EXAMPLE = Path(__file__).parents[1] / "docs" / "examples" / "two-turns.json"
MAPS = Path(__file__).parents[1] / "maps"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_replay_json_gives_the_documented_summary() -> None:
    code, out = run("replay", str(EXAMPLE), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "finished", "round", "players", "combos", "regions", "items",
                         "face_down_items", "winners"}
    amy, ben = data["players"]
    assert amy["name"] == "Amy"
    assert amy["active"] == {"race": "base:ratmen", "power": "base:commando", "hand": 4}
    assert ben["active"] == {"race": "base:trolls", "power": "base:flying", "hand": 0}
    assert [c["coins"] for c in data["combos"]] == [0] * 6
    assert set(amy) == {"name", "coins", "tokens_on_board", "active", "declined"}
    assert amy["coins"] == 5 + 8  # five to start, then eight regions at the end of her turn
    region12 = data["regions"][12]
    assert region12 == {"id": 12, "race": "base:trolls", "owner": "Ben", "tokens": 9,
                        "declined": False, "pieces": {"base:troll_lair": 1}}
    assert data["finished"] is False and data["winners"] == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "smallworld-record/1",\n"map": ', "not valid JSON (line 2"),
        ('{"format": "smallworld-record/9"}', "version 'smallworld-record/9' is not supported"),
        ('{"hello": 1}', "not a Small World record"),
        ('[1, 2]', "not a Small World record"),
    ],
)
def test_replay_rejects_bad_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1
    assert str(path) in out and message in out
    assert path.read_text(encoding="utf-8") == content  # never touched


def test_replay_names_the_illegal_action(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"].insert(3, {"do": "conquer", "region": 20})
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run("replay", str(path), "--json")
    assert code == 1
    assert "action 3" in out and "Swamp 20 is not adjacent to your regions" in out


def test_replay_names_the_illegal_action_before_opening_the_viewer(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"].insert(3, {"do": "conquer", "region": 20})
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1 and len(out.strip().splitlines()) == 1
    assert str(path) in out and "action 3" in out and "Swamp 20 is not adjacent" in out


def test_replay_unknown_action_kind(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"][1] = {"do": "teleport", "region": 3}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 1 and "action 1" in out and "unknown action 'teleport'" in out


def test_sim_writes_replayable_records(tmp_path: Path) -> None:
    code, out = run("sim", "--map", "base-3p", "--games", "3", "--seed", "5",
                    "--record-dir", str(tmp_path), "--json")
    assert code == 0
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games"] == 3 and figures["actions"] > 0
    assert set(figures) == {"games", "actions", "seconds", "games_per_second", "wins"}
    assert sum(figures["wins"]) >= 3  # a shared win counts for each winner
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 3
    code, out = run("replay", str(records[0]), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["finished"] is True and summary["winners"]
    assert len(summary["players"]) == 3


def test_sim_same_seed_same_records(tmp_path: Path) -> None:
    for name in ("a", "b"):
        run("sim", "--map", "base-2p", "--games", "2", "--seed", "9",
            "--record-dir", str(tmp_path / name))
    first = sorted((tmp_path / "a").glob("*.json"))
    second = sorted((tmp_path / "b").glob("*.json"))
    assert [p.read_text() for p in first] == [p.read_text() for p in second]


def test_sim_unknown_map() -> None:
    code, out = run("sim", "--map", "nowhere-9p", "--games", "1")
    assert code == 1 and "nowhere-9p" in out


def test_records_of_a_custom_map_replay_from_any_folder(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    maps, records, elsewhere = (tmp_path / d for d in ("maps", "records", "elsewhere"))
    maps.mkdir()
    elsewhere.mkdir()
    custom = maps / "mine.map"
    custom.write_text((MAPS / "base-2p.map").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(maps)
    code, _out = run("sim", "--map", "mine.map", "--games", "1", "--record-dir",
                     str(records), "--json")
    assert code == 0
    (record,) = records.glob("*.json")
    assert json.loads(record.read_text(encoding="utf-8"))["map"] == "../maps/mine.map"
    monkeypatch.chdir(elsewhere)
    code, out = run("replay", str(record), "--json")
    assert code == 0 and json.loads(out)["finished"]


def test_a_first_format_record_still_replays_to_the_same_game() -> None:
    old = Path(__file__).parent / "records" / "two-turns-v1.json"
    code_old, out_old = run("replay", str(old), "--json")
    code_new, out_new = run("replay", str(EXAMPLE), "--json")
    assert code_old == code_new == 0
    assert json.loads(out_old) == json.loads(out_new)


def test_sim_bots_count_wins_and_decision_times_per_seat(tmp_path: Path) -> None:
    code, out = run("sim", "--bots", "normal,random", "--games", "2", "--seed", "3", "--json",
                    "--record-dir", str(tmp_path))
    assert code == 0
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["bots"] == ["normal", "random"]
    assert figures["wins"] == [2, 0]
    assert len(figures["decision_seconds"]) == 2
    assert all(t > 0 for t in figures["decision_seconds"])
    record = json.loads(sorted(tmp_path.glob("*.json"))[0].read_text(encoding="utf-8"))
    assert record["players"] == ["Amy", "Ben"]  # the map for two, chosen from the levels


def test_sim_jobs_give_the_same_games_as_one_process(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        folder = tmp_path / jobs
        code, out = run("sim", "--bots", "easy,random,easy", "--games", "3", "--seed", "8",
                        "--jobs", jobs, "--record-dir", str(folder))
        assert code == 0
        outs.append(out)
    assert outs[0] == outs[1]
    one, two = (sorted((tmp_path / j).glob("*.json")) for j in ("1", "2"))
    assert [p.read_text() for p in one] == [p.read_text() for p in two]


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "normal,genius"], "unknown bot level 'genius'"),
    (["--bots", "normal,easy", "--map", "base-3p"], "base-3p is for 3 players, not 2"),
    (["--game", "chess"], "'chess' is not one of"),
    (["--option", "teams"], "--option takes NAME=VALUE"),
    (["--option", "teams=yes"], "NAME being one of flying_enters_anywhere"),
])
def test_sim_refuses_bad_bot_options(args: list[str], message: str) -> None:
    code, out = run("sim", *args, "--games", "1")
    assert code == 2 or code == 1
    assert message in out


def test_sim_plays_warcraft_team_games_on_drawn_board_sets(tmp_path: Path) -> None:
    code, out = run("sim", "--game", "warcraft", "--bots", "easy,random,easy,random",
                    "--option", "teams=true", "--games", "2", "--seed", "4", "--json",
                    "--record-dir", str(tmp_path))
    assert code == 0, out
    figures = json.loads(out.strip().splitlines()[-1])
    assert len(figures["wins"]) == 4 and sum(figures["wins"]) >= 2  # a team wins together
    records = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(tmp_path.glob("*"))]
    assert all(r["game"] == "warcraft" and r["options"]["teams"] for r in records)
    assert all("+" in r["map"] for r in records)  # a board set drawn from each game's seed


def test_sim_counts_players_of_a_game_map_name() -> None:
    code, out = run("sim", "--game", "warcraft", "--map", "warcraft-3p", "--games", "1",
                    "--json")
    assert code == 0, out
    assert len(json.loads(out.strip().splitlines()[-1])["wins"]) == 3


# --- misuse and odd files: one line, the documented exit status -----------------------------

def one_line_error(args: list[str], code: int) -> str:
    """Run the command: it fails with ``code`` and one line, "Error: …"."""
    status, out = run(*args)
    lines = [line for line in out.splitlines() if line.strip()]
    assert status == code, out
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    return lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--names", "Amy"], "--players is needed"),
        (["play", "--players", "3", "--names", "Amy,Ben,Cai,Dee"], "4 names for 3 players"),
        (["play", "--players", "9"], "'--players'"),
        (["play", "--players", "2", "--map", "base-3p"], "for 3 players, not 2"),
        (["play", "--players", "2", "--game", "nope"], "'--game'"),
        (["play", "--load", "x.json", "--players", "2"], "takes no --players"),
        (["play", "--seed", "many"], "'--seed'"),
        (["sim", "--games", "0"], "'--games'"),
        (["serve", "--players", "2", "--map", "base-3p"], "for 3 players, not 2"),
        (["serve", "--host", "0.0.0.0"], "needs --password"),
        (["replay"], "Missing argument"),
        (["no-such-command"], "No such command"),
        (["maps"], "maps needs a command: check, export, list"),
        (["tables"], "tables needs a command: close, code, export, list"),
        (["play", "--game", "base", "--teams"],
         "the base game has no teams; teams are played in warcraft"),
        (["play", "--players", "2", "--game", "underground", "--teams"],
         "the underground game has no teams"),
        (["sim", "--game", "base", "--teams"], "the base game has no teams"),
    ],
)
def test_misuse_is_one_line_and_exit_status_2(args: list[str], message: str) -> None:
    assert message in one_line_error(args, 2)


def test_play_names_an_unknown_map_before_asking_for_players() -> None:
    line = one_line_error(["play", "--map", "nonexistent"], 1)
    assert "nonexistent: no such map file" in line and "--players" not in line


def test_play_takes_the_player_count_from_its_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --map base-3p`` needs no ``--players``: the map is for three."""
    started: list[int] = []
    monkeypatch.setattr("smallworld_tui.ui.app.SmallWorldApp.run",
                        lambda app: started.append(app.session.state.players))
    status, out = run("play", "--map", "base-3p", "--seed", "1")
    assert status == 0, out
    assert started == [3]


def test_unreadable_inputs_are_one_line_and_exit_status_1(tmp_path: Path) -> None:
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert "Is a directory" in one_line_error(["replay", str(folder)], 1)
    assert "Is a directory" in one_line_error(["play", "--load", str(folder)], 1)
    assert "No such file" in one_line_error(["replay", str(tmp_path / "none.json")], 1)
    assert "no such map" in one_line_error(["sim", "--map", "nowhere"], 1)
    assert "no such map" in one_line_error(["play", "--players", "2", "--map", "nowhere"], 1)
    status, out = run("maps", "check", str(folder))
    assert status == 1 and len(out.strip().splitlines()) == 1


def record_text(**changes: object) -> str:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (record_text(seed=True), '"seed" must be an integer'),
        (record_text(dice=[True]), '"dice" must be a list of integers'),
        (record_text(players="Amy"), '"players" must be a list of names'),
    ],
)
def test_odd_json_gets_a_clear_error(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    assert message in one_line_error(["replay", str(path)], 1)
    assert path.read_bytes() == before


def test_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    status, out = run("replay", str(path), "--json")
    assert status == 0 and json.loads(out)["round"] == 2


def test_sim_takes_the_game_of_its_map(tmp_path: Path) -> None:
    status, out = run("sim", "--map", "base-2p", "--games", "1", "--record-dir", str(tmp_path))
    assert status == 0
    record = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    assert record["game"] == "base" and record["map"] == "base-2p"
    assert "winner" in out and "winner(s)" not in out


def test_sim_cannot_write_its_records(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    line = one_line_error(["sim", "--map", "base-2p", "--games", "1", "--record-dir",
                           str(blocker / "runs")], 1)
    assert "cannot write the record" in line


def test_replay_json_shows_underground_items_neutrals_pieces_and_hands(tmp_path: Path) -> None:
    g, record = play_random_game(["Amy", "Ben", "Cai"], "underground-3p", 5, game="underground")
    path = tmp_path / "underground.json"
    save_record(record, path)
    code, out = run("replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "underground" and data["items"]
    for item, region in g.items.items():
        holder = g.holder(region)
        assert data["items"][item] == {"region": region,
                                       "holder": g.names[holder.seat] if holder else None}
    assert data["face_down_items"] == len(g.hidden)
    neutrals = [r for r in data["regions"] if r["race"] == "underground:monster"]
    assert neutrals and all(r["owner"] is None and r["tokens"] == 2 for r in neutrals)
    for region in data["regions"]:
        assert region.get("pieces", {}) == dict(g.pieces.on(region["id"]))
    for seat, player in enumerate(data["players"]):
        armies = g.armies_of(seat)
        assert [a["hand"] for a in [player["active"], *player["declined"]] if a] == [
            a.hand for a in sorted(armies, key=lambda a: a.declined)]
    assert [c["coins"] for c in data["combos"]] == [c.coins for c in g.combos]
