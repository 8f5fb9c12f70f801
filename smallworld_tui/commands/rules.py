"""`smallworld-tui rules [TOPIC...]`: list the rules topics, or print one."""

from __future__ import annotations

import click
from rich.console import Console

from smallworld_tui.i18n import LANGUAGES, _, current_language, set_language
from smallworld_tui.reference import find_topic, list_topics, suggest
from smallworld_tui.reference.render import render_topic, render_topic_list


@click.command(name="rules")
@click.argument("topic", nargs=-1)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help="Language of the reference (default: the interface language).",
)
def command(topic: tuple[str, ...], lang: str | None) -> None:
    """Show the rules reference: the list of topics, or the TOPIC given (a name, any language)."""
    if lang is not None:
        set_language(lang)
    lang = current_language()
    console = Console(highlight=False, emoji=False)
    if not topic:
        console.print(render_topic_list(list_topics(lang)))
        console.print()
        console.print(_("Show a topic with: smallworld-tui rules TOPIC"), markup=False)
        return
    query = " ".join(topic)
    found = find_topic(query, lang)
    if found is None:
        close = suggest(query)
        if close:
            message = _("No topic '{query}'. Did you mean: {topics}?")
        else:
            message = _("No topic '{query}'. List the topics with: smallworld-tui rules")
        click.echo(message.format(query=query, topics=", ".join(close)), err=True)
        raise SystemExit(1)
    console.print(render_topic(found))
