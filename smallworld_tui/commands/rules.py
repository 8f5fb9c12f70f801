"""`smallworld-tui rules [TOPIC...]`: list the rules topics, or print one."""

from __future__ import annotations

import click
from rich.console import Console

from smallworld_tui.commands.game_choice import GameName
from smallworld_tui.i18n import LANGUAGES, _, current_language, set_language
from smallworld_tui.reference import find_topics, list_topics, suggest
from smallworld_tui.reference.render import render_candidates, render_topic, render_topic_list


@click.command(name="rules")
@click.argument("topic", nargs=-1)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of the reference (default: the interface language).",
)
@click.option(
    "--game",
    type=GameName(),
    default=None,
    help="Only this game's topics (and those every game shares) are listed, and its topic "
    "is shown when several games have one of that name.",
)
def command(topic: tuple[str, ...], lang: str | None, game: str | None) -> None:
    """Show the rules reference: the list of topics, or the TOPIC given (a name in any
    language, or an id such as underground:gnomes)."""
    if lang is not None:
        set_language(lang)
    lang = current_language()
    console = Console(highlight=False, emoji=False)
    if not topic:
        console.print(render_topic_list(list_topics(lang, game)))
        console.print()
        console.print(_("Show a topic with: smallworld-tui rules TOPIC"), markup=False)
        return
    query = " ".join(topic)
    found = find_topics(query, lang, game)
    if len(found) > 1:
        console.print(render_candidates(query, found))
        console.print()
        console.print(_("Show one with its id, or with: smallworld-tui rules --game GAME TOPIC"),
                      markup=False)
        return
    if not found:
        close = suggest(query, game=game)
        if close:
            message = _("No topic '{query}'. Did you mean: {topics}?")
        else:
            message = _("No topic '{query}'. List the topics with: smallworld-tui rules")
        click.echo(message.format(query=query, topics=", ".join(close)), err=True)
        raise SystemExit(1)
    console.print(render_topic(found[0], show_game=True))
