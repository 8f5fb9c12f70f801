"""Words for the interface: region and combo names, events as log sentences, actions as labels.

Everything here is presentation: names come from the data table (``names.display_name``),
sentences go through the translation layer, and the facts come from engine events and views.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from smallworld_tui.data import entry
from smallworld_tui.engine import Action, Event, IllegalAction
from smallworld_tui.engine.board import Map
from smallworld_tui.engine.content import GAMES
from smallworld_tui.engine.content.warcraft.races import ARTIFACTS
from smallworld_tui.i18n import _, ngettext
from smallworld_tui.names import display_name, entries

NEUTRAL_SEAT = -2


def region_label(board: Map, region: int) -> str:
    """How players call a region: its terrain and number, e.g. "Forest 7"."""
    terrain = display_name("terrain", board.regions[region].terrain)
    return _("{terrain} {number}").format(terrain=terrain, number=region)


def race_name(race: str) -> str:
    return display_name("race", race)


def power_name(power: str) -> str:
    return display_name("power", power)


def piece_name(piece: str) -> str:
    return display_name("piece", piece)


def content_name(kind: str, id_: str) -> str:
    """The name of a race, power, piece or item (a relic, place or artifact)."""
    kinds = ("relic", "place", "artifact") if kind == "item" else (kind,)
    for each in kinds:
        try:
            return display_name(each, id_)  # type: ignore[arg-type]
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


def combo_name(race: str, power: str) -> str:
    """A race with its power, e.g. "Flying Trolls"."""
    return _("{power} {race}").format(power=power_name(power), race=race_name(race))


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
        attacker = self.owned(e.seat, combo_name(e["race"], e["power"]))
        region = self.region(e["region"])
        if e["defender_seat"] == -1:
            text = _("{attacker} took {region}").format(attacker=attacker, region=region)
        else:
            text = _("{attacker} took {region} from {victim}").format(
                attacker=attacker, region=region, victim=self._victim(e))
        how = {
            "dragon": _("with the Dragon"), "sorcery": _("by sorcery"),
            "final": _("with the die"), "berserk": _("after the Berserk roll"),
            "vampire": _("by a Vampire's bite"), "wisps": _("after the Will-o'-Wisps' roll"),
            "orb": _("with the Shiny Orb"), "champion": _("with the Champion"),
            "doomhammer": _("with the Doomhammer"),
        }.get(e["via"])
        if how:
            text = _("{sentence} {how}").format(sentence=text, how=how)
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
            return _("{name} scored").format(name=self.name(e.seat))
        parts = [f"{score_label(label)} {value:+d}" for label, value in e["breakdown"]]
        text = _("{name} scored {coins}").format(name=self.name(e.seat), coins=coins(e["coins"]))
        return with_details(text, parts)

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
    if what in ("race", "power", "relic", "place", "artifact", "piece"):
        return display_name(what, id_)  # type: ignore[arg-type]
    return label


#: the actions of relics and places: what they name ("item" or "piece"), its id, a template
ITEM_ACTIONS: dict[str, tuple[str, str, Callable[[], str]]] = {
    "doormat": ("item", "underground:flying_doormat",
                lambda: _("Ready {name} for the next conquest")),
    "sword": ("item", "underground:sword_of_the_killer_rabbit",
              lambda: _("Ready {name} for the next conquest")),
    "socks": ("item", "underground:stinky_trolls_socks",
              lambda: _("Ready {name} for the next conquest")),
    "orb": ("item", "underground:shiny_orb", lambda: _("Take {region} with {name}")),
    "ring": ("item", "underground:froggys_ring", lambda: _("Put {name} in {region}")),
    "scepter": ("item", "underground:scepter_of_avarice", lambda: _("Put {name} in {region}")),
    "sacrifice": ("item", "underground:altar_of_souls",
                  lambda: _("Sacrifice a declined token from {region} on {name}")),
    "ghost": ("piece", "underground:ghost", lambda: _("Send the {name} to guard {region}")),
    "balrog": ("piece", "underground:balrog", lambda: _("Send the {name} into {region}")),
    "aegis": ("item", "warcraft:aegis_of_aggramar", lambda: _("Put {name} in {region}")),
    "aegis_toll": ("item", "warcraft:aegis_of_aggramar",
                   lambda: _("Pay the toll of {name} to attack {region}")),
    "ashes": ("item", "warcraft:ashes_of_alar", lambda: _("Ready {name} for the next conquest")),
    "doomhammer": ("item", "warcraft:doomhammer", lambda: _("Take {region} with {name}")),
    "frostmourne": ("item", "warcraft:frostmourne",
                    lambda: _("Ready {name} for the next conquest")),
    "heart": ("item", "warcraft:heart_of_azeroth", lambda: _("Put {name} in {region}")),
}


def action_label(action: Action, names: Sequence[str], board: Map,
                 costs: dict[int, int] | None = None, hand: int = 0,
                 combo: str = "") -> str:
    """A legal action as a menu or command-palette entry, e.g. "Conquer Forest 7 (3 tokens)".

    ``costs`` and ``hand`` (from the view) add the cost of conquests; ``combo`` names the
    combo of a ``pick``.
    """
    kind, target = action.kind, action.target
    region = region_label(board, target) if 0 <= target < len(board.regions) else ""
    cost = (costs or {}).get(target)
    if kind == "pick":
        text = _("Pick combo {slot}").format(slot=target)
        return _("{action}: {combo}").format(action=text, combo=combo) if combo else text
    if kind == "conquer":
        text = _("Conquer {region}").format(region=region)
        return with_details(text, [tokens(cost)] if cost is not None else [])
    if kind == "final":
        short = (cost or 0) - hand
        return _("Final conquest of {region} with the die (needs {short} more)").format(
            region=region, short=short)
    if kind == "deploy":
        return _("Place {tokens} in {region}").format(tokens=tokens(action.count), region=region)
    if kind == "ally":
        return _("Name {name} as your ally").format(name=names[target])
    if kind == "mime":
        return _("Swap badges with combo {slot}").format(slot=target)
    if kind == "bag":
        relic = GAMES["underground"].items[target]
        return _("Let the Bag-o'-Many-Things act as {name}").format(
            name=content_name("item", relic))
    if kind in ("intimidate", "portal"):
        count = action.count
        to = region_label(board, count) if 0 <= count < len(board.regions) else ""
        if kind == "portal":
            return _("Open a portal between {region} and {to}").format(region=region, to=to)
        if not to:
            return _("Intimidate {region}").format(region=region)
        return _("Intimidate {region}: move a token to {to}").format(region=region, to=to)
    if kind == "steal":
        return _("Steal {item} into {region}").format(
            item=content_name("item", ARTIFACTS[target]),
            region=region_label(board, action.count))
    if kind == "recruit":
        price = entry("race", "warcraft:forsaken")["price_per_token"]
        return _("Raise {tokens} for {coins}").format(tokens=tokens(target),
                                                     coins=coins(target * price))
    if kind in ("human_form", "worgen_form"):
        row = entry("race", "warcraft:worgen")
        if kind == "human_form":
            return _("Take human form (+{coins})").format(coins=coins(row["human_coins"]))
        return _("Take worgen form (pay {coins}: conquests cost {tokens} fewer)").format(
            coins=coins(row["worgen_price"]), tokens=tokens(row["discount"]))
    if kind == "side_with":  # the Battleground's choice: a faction of the data table
        side = list(entries("faction", "warcraft"))[target]
        return _("Fight for the {faction} this turn").format(
            faction=display_name("faction", side, game="warcraft"))
    if kind in ITEM_ACTIONS:
        what, id_, template = ITEM_ACTIONS[kind]
        return template().format(name=content_name(what, id_), region=region)
    template = {
        "decline": _("Go into decline"),
        "abandon": _("Abandon {region}"),
        "berserk_roll": _("Roll the Berserk die"),
        "dragon": _("Send the Dragon to {region} (1 token)"),
        "sorcery": _("Cast sorcery on {region}"),
        "end_conquest": _("End conquest"),
        "fortify": _("Build a Fortress in {region}"),
        "encamp": _("Place an Encampment in {region}"),
        "hero": _("Place a Hero in {region}"),
        "ancient": _("Put the Great Ancient in {region}"),
        "volcano": _("Put the Volcano on {region}"),
        "wisp": _("Roll the Will-o'-Wisps' die for {region}"),
        "reborn": _("Pass {region} to your active race (Reborn)"),
        "queen": _("Place the Queen in {region}"),
        "armor": _("Place a Mushroom Armor in {region}"),
        "vampire": _("Bite the lone token in {region} (Vampire)"),
        "champion": _("Send the Champion to take {region} (no token)"),
        "place_champion": _("Place the Champion in {region}"),
        "beast": _("Place a Beast in {region}"),
        "fort": _("Build a Fort in {region}"),
        "place_discount": _("Ready the Ethereals' discount on a Legendary Place"),
        "air_raid": _("Fly an air raid on {region} (roll the die)"),
        "bomb": _("Lay a bomb in {region}"),
        "objective": _("Place a Military Objective in {region}"),
        "recall_objective": _("Pick up the Military Objective in {region}"),
        "end_redeploy": _("End redeployment"),
        "end_turn": _("End turn"),
    }.get(kind, kind)
    return template.format(region=region)
