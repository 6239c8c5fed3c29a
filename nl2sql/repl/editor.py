"""``$VISUAL`` / ``$EDITOR`` for ``/edit``: the REPL owns the terminal, so only it opens an editor.

A script (``ask``, ``chat < file``) has no terminal to hand over: there the workflow has no editor and
``/edit`` needs its SQL given (``/edit SELECT ...``) instead of opening vi on a pipe.
"""

from __future__ import annotations

from nl2sql.errors import Nl2SqlError


def edit_in_editor(sql: str) -> str | None:
    """The text after the user's editor (vi by default) closed; None when it was not saved."""
    import click  # click.edit finds the editor, writes the temporary file and waits

    try:
        return click.edit(sql, extension=".sql")
    except click.ClickException as err:  # it cannot be started, or exited with an error
        raise Nl2SqlError(err.format_message()) from None
