"""The `smallworld-tui` command line: one click group, one module per sub-command."""

from __future__ import annotations

import importlib

import click

# sub-command name -> module under smallworld_tui.commands that defines `command`
COMMANDS = {
    "maps": "maps",
    "replay": "replay",
    "sim": "sim",
    "rules": "rules",
    "play": "play",
    "serve": "serve",
    "tables": "tables",
    "tutorial": "tutorial",
}


class LazyGroup(click.Group):
    """Imports a sub-command's module only when that sub-command runs (fast start-up).
    A sub-command's misuse is reported in one line (``Error: …``, exit status 2), without
    the usage text (``--help`` shows it)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError as exc:  # a group given no sub-command
            raise click.UsageError(missing_command(exc.ctx)) from None
        except click.UsageError as exc:
            exc.ctx = None
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is None:
            return None
        try:
            mod = importlib.import_module(f"smallworld_tui.commands.{module}")
        except ModuleNotFoundError as exc:
            if exc.name == f"smallworld_tui.commands.{module}":
                return None
            raise
        command: click.Command = mod.command
        return command


def missing_command(ctx: click.Context) -> str:
    """What a group given no sub-command says: its sub-commands, and where to read more."""
    from smallworld_tui.i18n import _

    group = ctx.command
    names = group.list_commands(ctx) if isinstance(group, click.Group) else []
    return _("{command} needs a command: {commands} ({path} --help)").format(
        command=ctx.info_name, commands=", ".join(names), path=ctx.command_path)


@click.group(cls=LazyGroup, invoke_without_command=True)
@click.option("--lang", type=click.Choice(["en", "ja"]), default=None,
              help="Language of the interface (default: from the locale).")
@click.version_option(package_name="smallworld-tui")
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """Small World in your terminal. With no command, opens the game."""
    from smallworld_tui.i18n import _, set_language

    set_language(lang)
    ctx.ensure_object(dict)
    ctx.obj["lang"] = lang
    if ctx.invoked_subcommand is None:
        play = main.get_command(ctx, "play")
        if play is None:
            raise click.ClickException(_("the game screen is not installed"))
        ctx.invoke(play)
