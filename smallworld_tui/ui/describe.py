"""Words for the interface: region and combo names, events as log sentences, actions as labels.

Everything here is presentation: names come from the data table (``names.display_name``),
sentences go through the translation layer, and the facts come from engine events and views.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from smallworld_tui.engine import (
    PARAMS,
    Action,
    ArmyView,
    Content,
    Event,
    IllegalAction,
    Map,
    PlayerView,
    action_owner,
    entries,
    qualify,
    ruleset,
    split_feature,
)
from smallworld_tui.i18n import _, ngettext
from smallworld_tui.names import Kind, display_name
from smallworld_tui.ui.keymap import conquest_way, keys_of

NEUTRAL_SEAT = -2


def region_label(board: Map, region: int) -> str:
    """How players call a region: its terrain and number, e.g. "Forest 7"."""
    terrain = display_name("terrain", board.regions[region].terrain, game=board.game)
    return _("{terrain} {number}").format(terrain=terrain, number=region)


def race_name(race: str) -> str:
    return display_name("race", race)


def power_name(power: str) -> str:
    return display_name("power", power)


def piece_name(piece: str) -> str:
    return display_name("piece", piece)


CONTENT_KINDS: dict[str, tuple[Kind, ...]] = {
    "race": ("race",), "power": ("power",), "piece": ("piece",), "relic": ("relic",),
    "place": ("place",), "artifact": ("artifact",), "item": ("relic", "place", "artifact"),
    "faction": ("faction",), "terrain": ("terrain",), "symbol": ("symbol",),
}


def content_name(kind: str, id_: str) -> str:
    """The name of a race, power, piece, item (a relic, place or artifact; ``kind`` "item"
    for any of them), faction or map feature (``kind`` "feature", ``id_``
    "symbol:base:magic"); the id itself if the data tables do not know it."""
    if kind == "feature":
        kind, id_ = split_feature(id_)
    for each in CONTENT_KINDS.get(kind, ()):
        try:
            return display_name(each, id_)
        except KeyError:
            continue
    return id_


def rule_name(qid: str) -> str:
    """The name of the race, power or item whose rule did something."""
    for kind in ("race", "power", "item"):
        name = content_name(kind, qid)
        if name != qid:
            return name
    return qid


def refusal(exc: IllegalAction, board: Map | None = None) -> str:
    """An engine refusal in the interface language, naming regions and content."""
    label = (lambda r: region_label(board, r)) if board is not None else None
    return exc.render(_, label, content_name)


# Japanese names of the Underground and Warcraft powers are already attributive ("探検家の",
# "臆病な", "漁をする", "神秘的"): they go straight before the race, where the base game's
# nouns ("飛行能力") take the combo template's "の".
ATTRIBUTIVE_ENDINGS = ("の", "な", "い", "る", "う", "た", "む", "す", "く", "ぐ", "つ", "ぬ", "ぶ",
                       "的")


def combo_name(race: str, power: str) -> str:
    """A race with its power, e.g. "Flying Trolls" (the race alone without a power)."""
    if not power:
        return race_name(race)
    adjective = power_name(power)
    if adjective.endswith(ATTRIBUTIVE_ENDINGS):
        return adjective + race_name(race)
    return _("{power} {race}").format(power=adjective, race=race_name(race))


def army_name(army: ArmyView) -> str:
    """An army as its player calls it: the combo while active ("Flying Trolls"), the race
    alone once in decline (its power is gone)."""
    return race_name(army.race) if army.declined else combo_name(army.race, army.power)


def joined(items: Iterable[str]) -> str:
    """A list in words: "a, b, c" ("a、b、c" in Japanese)."""
    return _(", ").join(items)


def with_details(sentence: str, details: Sequence[str]) -> str:
    """ "sentence (detail, detail)", or the sentence alone without details."""
    if not details:
        return sentence
    return _("{sentence} ({details})").format(sentence=sentence, details=joined(details))


def tokens(count: int) -> str:
    return ngettext("{n} token", "{n} tokens", count).format(n=count)


def coins(count: int) -> str:
    return ngettext("{n} coin", "{n} coins", count).format(n=count)


@dataclass(frozen=True)
class Narrator:
    """Turns events into sentences for one viewer (who may not see others' scores)."""

    names: Sequence[str]
    board: Map
    viewer: int = -1
    reveal_all: bool = False

    def region(self, region: int) -> str:
        return region_label(self.board, region)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def owned(self, seat: int, what: str) -> str:
        """ "Amy's Elves" """
        return _("{name}'s {what}").format(name=self.name(seat), what=what)

    def sentence(self, event: Event) -> str:
        """The event in words."""
        method: Callable[[Event], str] = getattr(self, f"_{event.kind}", self._unknown)
        return method(event)

    # --- one method per event kind (see engine/events.py) --------------------------------
    def _unknown(self, e: Event) -> str:
        return _("{name}: {kind}").format(name=self.name(e.seat), kind=e.kind)

    def _turn_started(self, e: Event) -> str:
        return _("Round {round}: {name}'s turn").format(round=e["round"], name=self.name(e.seat))

    def _picked(self, e: Event) -> str:
        text = _("{name} picked {combo} (combo {slot}) with {tokens}").format(
            name=self.name(e.seat), combo=combo_name(e["race"], e["power"]), slot=e["slot"],
            tokens=tokens(e["tokens"]))
        money = []
        if e["paid"]:
            money.append(_("paid {coins}").format(coins=coins(e["paid"])))
        if e["collected"]:
            money.append(_("collected {coins}").format(coins=coins(e["collected"])))
        return with_details(text, money)

    def _declined(self, e: Event) -> str:
        army = self.owned(e.seat, combo_name(e["race"], e["power"]))
        if e["removed"]:
            return _("{army} went into decline ({race} left the map)").format(
                army=army, race=race_name(e["removed"]))
        return _("{army} went into decline").format(army=army)

    def _conquered(self, e: Event) -> str:
        race = (race_name(e["race"]) if e.data.get("declined")
                else combo_name(e["race"], e["power"]))  # a declined race has no power
        attacker = self.owned(e.seat, race)
        region = self.region(e["region"])
        if e["defender_seat"] == -1:
            text = _("{attacker} took {region}").format(attacker=attacker, region=region)
        else:
            text = _("{attacker} took {region} from {victim}").format(
                attacker=attacker, region=region, victim=self._victim(e))
        how = conquest_way(e["via"])
        if how:
            text = _("{sentence} {how}").format(sentence=text, how=_(how))
        return with_details(text, self._losses(e))

    def _victim(self, e: Event) -> str:
        """The defender of a conquest or a strike: neutral defenders or a player's race."""
        defender = e["defender_seat"]
        if defender == NEUTRAL_SEAT:
            return piece_name(e["defender_race"])
        if e["defender_declined"]:
            return self.owned(defender, _("declined {race}").format(
                race=race_name(e["defender_race"])))
        return self.owned(defender, race_name(e["defender_race"]))

    def _losses(self, e: Event) -> list[str]:
        losses = []
        if e["lost"]:
            losses.append(_("−{tokens}").format(tokens=tokens(e["lost"])))
        if e["returned"]:
            losses.append(_("{tokens} back to hand").format(tokens=tokens(e["returned"])))
        return losses

    def _die_rolled(self, e: Event) -> str:
        if e["region"] < 0:
            return _("{name} rolled the Berserk die: {value}").format(
                name=self.name(e.seat), value=e["value"])
        outcome = _("success") if e["success"] else _("failed")
        return _("{name} rolled {value} for {region} (needed {short}): {outcome}").format(
            name=self.name(e.seat), value=e["value"], region=self.region(e["region"]),
            short=e["short"], outcome=outcome)

    def _abandoned(self, e: Event) -> str:
        return _("{army} abandoned {region}").format(
            army=self.owned(e.seat, race_name(e["race"])), region=self.region(e["region"]))

    def _readied(self, e: Event) -> str:
        return _("{army} ready {tokens} in hand").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["hand"]))

    def _redeploy_started(self, e: Event) -> str:
        return _("{army} redeploy {tokens}").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["hand"]))

    def _deployed(self, e: Event) -> str:
        return _("{name} placed {tokens} in {region}").format(
            name=self.name(e.seat), tokens=tokens(e["count"]), region=self.region(e["region"]))

    def _piece_placed(self, e: Event) -> str:
        return _("{name} placed a {piece} in {region}").format(
            name=self.name(e.seat), piece=piece_name(e["piece"]),
            region=self.region(e["region"]))

    def _tokens_gained(self, e: Event) -> str:
        return _("{army} gained {tokens}").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["count"]))

    def _tokens_returned(self, e: Event) -> str:
        return _("{army} returned {tokens} to the tray").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["count"]))

    def _race_removed(self, e: Event) -> str:
        return _("{army} left the map").format(army=self.owned(e.seat, race_name(e["race"])))

    def _scored(self, e: Event) -> str:
        if not (self.reveal_all or e.seat == self.viewer):
            return _("{name} scored (how much stays secret until the end)").format(
                name=self.name(e.seat))
        parts = [f"{score_label(label)} {value:+d}" for label, value in e["breakdown"]]
        text = _("{name} scored {coins}").format(name=self.name(e.seat), coins=coins(e["coins"]))
        return with_details(text, parts)

    def _coins_shown(self, e: Event) -> str:
        if e["shown"]:
            return _("{name} showed their coins to their partners").format(
                name=self.name(e.seat))
        return _("{name} hid their coins from their partners again").format(
            name=self.name(e.seat))

    def _ally_named(self, e: Event) -> str:
        return _("{name} named {ally} as ally").format(
            name=self.name(e.seat), ally=self.name(e["ally"]))

    def _pieces_gained(self, e: Event) -> str:
        return _("{name} received {count} × {piece}").format(
            name=self.name(e.seat), count=e["count"], piece=piece_name(e["piece"]))

    def _badge_swapped(self, e: Event) -> str:
        return _("{army} swapped badges: took {power}, left {given} in combo {slot}").format(
            army=self.owned(e.seat, race_name(e["race"])), power=power_name(e["power"]),
            given=power_name(e["given"]), slot=e["slot"])

    def _region_switched(self, e: Event) -> str:
        return _("{army} took over {region} from the declined {old}").format(
            army=self.owned(e.seat, race_name(e["race"])), region=self.region(e["region"]),
            old=race_name(e["old_race"]))

    def _bag_chosen(self, e: Event) -> str:
        return _("{name}'s Bag-o'-Many-Things acts as {item} this turn").format(
            name=self.name(e.seat), item=content_name("item", e["item"]))

    def _token_moved(self, e: Event) -> str:
        what = piece_name(e["piece"]) if e["piece"] else _("token")
        if e["to"] < 0:
            return _("{name} intimidated {victim}: a {what} left {region} for good").format(
                name=self.name(e.seat), victim=self._victim(e), what=what,
                region=self.region(e["region"]))
        return _("{name} intimidated {victim}: a {what} went from {region} to {to}").format(
            name=self.name(e.seat), victim=self._victim(e), what=what,
            region=self.region(e["region"]), to=self.region(e["to"]))

    def _regions_swapped(self, e: Event) -> str:
        return _("{name} opened a portal: everything on {region} and {to} changed places").format(
            name=self.name(e.seat), region=self.region(e["region"]), to=self.region(e["to"]))

    def _coins_paid(self, e: Event) -> str:
        source = rule_name(e["reason"])
        if e.seat < 0:
            return _("{payer} paid {coins} to the bank ({source})").format(
                payer=self.name(e["payer"]), coins=coins(e["coins"]), source=source)
        if e["payer"] < 0:
            return _("{name} received {coins} from the bank ({source})").format(
                name=self.name(e.seat), coins=coins(e["coins"]), source=source)
        return _("{payer} paid {name} {coins} ({source})").format(
            payer=self.name(e["payer"]), name=self.name(e.seat), coins=coins(e["coins"]),
            source=source)

    def _item_revealed(self, e: Event) -> str:
        item, region = content_name("item", e["item"]), self.region(e["region"])
        if e.seat < 0:
            return _("{item} turned up in {region}").format(item=item, region=region)
        return _("{name} found {item} in {region}").format(
            name=self.name(e.seat), item=item, region=region)

    def _item_readied(self, e: Event) -> str:
        return _("{name} readied {item} for the next conquest").format(
            name=self.name(e.seat), item=content_name("item", e["item"]))

    def _item_moved(self, e: Event) -> str:
        return _("{name} left {item} in {region}").format(
            name=self.name(e.seat), item=content_name("item", e["item"]),
            region=self.region(e["region"]))

    def _item_relocated(self, e: Event) -> str:
        return _("{name} moved {item} to {region}").format(
            name=self.name(e.seat), item=content_name("item", e["item"]),
            region=self.region(e["region"]))

    def _item_boxed(self, e: Event) -> str:
        return _("{name} put {item} from {region} back in the box: it has nowhere to go").format(
            name=self.name(e.seat), item=content_name("item", e["item"]),
            region=self.region(e["region"]))

    def _side_chosen(self, e: Event) -> str:
        return _("{army} fight for the {faction} this turn").format(
            army=self.owned(e.seat, race_name(e["race"])),
            faction=display_name("faction", e["faction"], game=e["race"].partition(":")[0]))

    def _power_drawn(self, e: Event) -> str:
        item, power = content_name("item", e["item"]), power_name(e["power"])
        if e.seat < 0:
            return _("{item} drew the power {power}").format(item=item, power=power)
        return _("{name} drew the power {power} for {item}").format(
            name=self.name(e.seat), power=power, item=item)

    def _token_sacrificed(self, e: Event) -> str:
        return _("{name} sacrificed a declined {race} token from {region} on {item}").format(
            name=self.name(e.seat), race=race_name(e["race"]), region=self.region(e["region"]),
            item=content_name("item", e["item"]))

    def _struck(self, e: Event) -> str:
        text = _("{name}'s {piece} struck {region}, held by {victim}").format(
            name=self.name(e.seat), piece=piece_name(e["piece"]),
            region=self.region(e["region"]), victim=self._victim(e))
        return with_details(text, self._losses(e))

    def _piece_removed(self, e: Event) -> str:
        return _("{name} took the {piece} off {region}").format(
            name=self.name(e.seat), piece=piece_name(e["piece"]),
            region=self.region(e["region"]))

    def _token_saved(self, e: Event) -> str:
        return _("{army} kept {tokens} they would have lost in {region}").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["count"]),
            region=self.region(e["region"]))

    def _artifact_stolen(self, e: Event) -> str:
        return _("{name} stole {item} from {source} into {region}").format(
            name=self.name(e.seat), item=content_name("item", e["item"]),
            source=self.region(e["source"]), region=self.region(e["region"]))

    def _discount_readied(self, e: Event) -> str:
        return _("{army} readied their discount on a Legendary Place for the next "
                 "conquest").format(army=self.owned(e.seat, race_name(e["race"])))

    def _tokens_bought(self, e: Event) -> str:
        return _("{army} raised {tokens} for {coins}").format(
            army=self.owned(e.seat, race_name(e["race"])), tokens=tokens(e["count"]),
            coins=coins(e["coins"]))

    def _air_raid(self, e: Event) -> str:
        return _("{army} flew an air raid on {region}: the die takes {value} off its "
                 "cost").format(army=self.owned(e.seat, race_name(e["race"])),
                                region=self.region(e["region"]), value=e["value"])

    def _bomb_revealed(self, e: Event) -> str:
        region = self.region(e["region"])
        if not e["exploding"]:
            return _("{name}'s bomb in {region} was a dud").format(
                name=self.name(e.seat), region=region)
        text = _("{name}'s bomb blew up {region}, held by {victim}").format(
            name=self.name(e.seat), region=region, victim=self._victim(e))
        return with_details(text, self._losses(e))

    def _bomb_returned(self, e: Event) -> str:
        return _("{name}'s bomb in {region} went back on the pile unseen").format(
            name=self.name(e.seat), region=self.region(e["region"]))

    def _objective_reached(self, e: Event) -> str:
        return _("{by} reached {name}'s Military Objective in {region}").format(
            by=self.name(e["by"]), name=self.name(e.seat), region=self.region(e["region"]))

    def _harmony_given(self, e: Event) -> str:
        return _("{army} gave Harmony to {names}").format(
            army=self.owned(e.seat, race_name(e["race"])),
            names=joined(self.name(s) for s in e["seats"]))

    def _harmony_returned(self, e: Event) -> str:
        return _("{army} took their Harmony back").format(
            army=self.owned(e.seat, race_name(e["race"])))

    def _form_taken(self, e: Event) -> str:
        army = self.owned(e.seat, race_name(e["race"]))
        if e["form"] == "human_form":
            return _("{army} took human form (+{coins})").format(
                army=army, coins=coins(e["coins"]))
        return _("{army} took worgen form (paid {coins}): their conquests cost less this "
                 "turn").format(army=army, coins=coins(e["coins"]))

    def _game_over(self, e: Event) -> str:
        winners = joined(self.name(s) for s in e["winners"])
        return _("Game over: {winners} won").format(winners=winners)

    def _undone(self, e: Event) -> str:
        return _("{name} took back the last action").format(name=self.name(e.seat))


def score_label(label: str) -> str:
    """A scoring line's label ("regions:elves", "power:alchemist", "faction:warcraft:horde")
    in words."""
    what, _sep, id_ = label.partition(":")
    if what == "regions":
        return _("{race} regions").format(race=race_name(id_))
    if what == "faction":
        return _("{faction} bonus").format(faction=display_name("faction", id_))
    if what in CONTENT_KINDS and what != "item":
        return content_name(what, id_)
    return label


def action_words(action: Action, names: Sequence[str], board: Map,
                 owner: Content | None) -> dict[str, str]:
    """A word for each parameter of the action (see ``keymap.ActionKeys``): regions by their
    label, a seat by the player's name, a relic, place, artifact or faction by its name, a
    count as tokens; "" for a value that names nothing."""
    words: dict[str, str] = {}
    for param, value in zip(PARAMS.get(action.kind, ()), (action.target, action.count),
                            strict=False):
        if param in ("region", "to"):
            words[param] = (region_label(board, value) if 0 <= value < len(board.regions)
                            else "")
        elif param == "seat":
            words["name"] = names[value] if 0 <= value < len(names) else ""
        elif param in ("item", "artifact") and owner is not None:
            ids = (ruleset(owner.game).items if param == "item"
                   else [qualify(owner.game, i) for i in entries("artifact", owner.game)])
            words["item"] = content_name("item", ids[value]) if 0 <= value < len(ids) else ""
        elif param == "faction" and owner is not None:
            sides = list(entries("faction", owner.game))
            words["faction"] = (display_name("faction", sides[value], game=owner.game)
                                if 0 <= value < len(sides) else "")
        elif param == "count":
            words["tokens"] = tokens(value)
        else:
            words[param] = str(value)
    return words


def action_label(action: Action, view: PlayerView, combo: str = "") -> str:
    """A legal action of ``view``'s viewer as a menu or command-palette entry, e.g. "Conquer
    Forest 7 (3 tokens)".

    The view gives the cost of a conquest, the tokens a last conquest lacks and the coins a
    choice costs; ``combo`` names the combo of a ``pick``.  The words come from ``keymap``; a
    kind without words of its own is named after the race, power or item offering it, with
    its target: "Stonehedge: Forest 7".
    """
    kind, target = action.kind, action.target
    keys = keys_of(kind)
    owner = action_owner(kind)
    words = action_words(action, view.names, view.map, owner)
    owner_name = "" if owner is None else content_name(
        owner.kind if owner.kind in ("race", "power") else "item", owner.qid)
    if not keys.text:
        detail = next((w for w in words.values() if w), "")
        label = owner_name or kind
        return _("{owner}: {target}").format(owner=label, target=detail) if detail else label
    if keys.details is not None:
        row = owner.row if owner is not None else {}
        words |= {word: tokens(value) for word, value in keys.details(row).items()}
    if action in view.prices:
        words["coins"] = coins(abs(view.prices[action]))
    template = keys.short if keys.short and not words.get("to") else keys.text
    text = _(template).format_map(_Blank({
        **words, "owner": owner_name, "short": str(view.shortfalls.get(target, "")),
        "piece": piece_name(keys.piece) if keys.piece else ""}))
    if kind == "pick" and combo:
        return _("{action}: {combo}").format(action=text, combo=combo)
    if kind == "conquer" and target in view.costs:
        return with_details(text, [tokens(view.costs[target])])
    return text


class _Blank(dict[str, str]):
    """Placeholders of a template that the action does not fill stay empty."""

    def __missing__(self, key: str) -> str:
        return ""
