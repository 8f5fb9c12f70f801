"""What one seat knows of a game, as data (``observe``), and whole games consistent with that
knowledge (``imagine``): the honest inputs of a computer player.

An observation is the state's JSON with what the seat may not know taken out: other players'
coins (unless the rules show them: a team partner's who shows them), the order of the stacks (their
contents are public: every other banner and badge is in sight), which face-down items lie in
a pile or on a region (only where they lie and how many are known), what content keeps
unseen in its own state (``Content.conceal``: the Goblins' face-down bombs), the random
generator and any pinned die results and pile draws.  ``imagine`` fills those in at random —
the stacks, the face-down pile and content's unseen pieces shuffled from what is unseen, a
fresh generator, unknown coins guessed — so a player can search over states it cannot tell
apart from the real one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smallworld_tui.engine.registry import rule, ruleset
from smallworld_tui.engine.rng import Rng
from smallworld_tui.engine.state import GameState

Observation = dict[str, Any]


def observe(g: GameState, seat: int) -> Observation:
    """The game as ``seat`` knows it (-1: a spectator)."""
    data = g.to_json()
    known = [g.rules.coins_visible(g, seat, s) for s in range(g.players)]
    data["coins"] = [c if known[s] else None for s, c in enumerate(g.coins)]
    data["gains"] = [[x if known[s] else None for s, x in enumerate(row)] for row in g.gains]
    g.market.observe(data)
    data["item_data"] = {k: rule(k).conceal(v) for k, v in g.item_data.items()}
    data["hidden"] = len(g.hidden)
    data["facedown"] = sorted(g.facedown)
    data["rng"] = None
    data["dice"] = []
    data["pins"] = {}
    data["viewer"] = seat
    return data


def same_coins_as_viewer(obs: Observation, seat: int) -> int:
    """The default guess of a hidden coin count: what the viewer has."""
    viewer = obs["viewer"]
    coins = obs["coins"][viewer] if viewer >= 0 else None
    return coins if isinstance(coins, int) else 0


def _balance_ledger(g: GameState, hidden: list[int]) -> None:
    """Make up the hidden seats' gains so that the imagined coins add up: every coin in hand
    or on a combo is a starting coin or came from the bank."""
    if not hidden:
        return
    held = sum(g.coins) + sum(c.coins for c in g.combos)
    issued = g.rules.starting_coins * g.players + sum(map(sum, g.gains)) - g.to_bank
    g.gains[0][hidden[0]] += held - issued


def imagine(obs: Observation, seed: int,
            guess: Callable[[Observation, int], int] = same_coins_as_viewer) -> GameState:
    """A whole game state consistent with ``obs``: the stacks and the face-down items
    shuffled from what is unseen, a generator seeded with ``seed``, hidden coins guessed."""
    rng = Rng(seed)
    data = dict(obs)
    data.pop("viewer")
    data["coins"] = [c if c is not None else guess(obs, s) for s, c in enumerate(obs["coins"])]
    data["gains"] = [[x or 0 for x in row] for row in obs["gains"]]
    data["columns"] = {k: list(v) for k, v in obs["columns"].items()}
    ruleset(obs["game"]).market_for(obs["options"]).imagine(data, rng)
    data["item_data"] = {k: rule(k).imagine(v, rng) for k, v in obs["item_data"].items()}
    data["hidden"] = []
    data["facedown"] = {}
    data["rng"] = 0
    state = GameState.from_json(data)
    _balance_ledger(state, [s for s, c in enumerate(obs["coins"]) if c is None])
    unseen = [i for i in state.rules.items if i not in state.items]
    rng.shuffle(unseen)
    state.facedown = {r: unseen.pop() for r in obs["facedown"]}
    state.hidden = unseen[:obs["hidden"]]
    state.rng = Rng(rng.next64())
    return state
