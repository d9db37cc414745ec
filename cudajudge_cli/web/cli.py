"""cudajudge_cli.web.cli: the `web` command's options and what it does.

Used by cudajudge_cli/commands/web.py (`python3 judge.py web`) and by
`python3 -m cudajudge_cli.web`: add_arguments(parser) and run(options) -> exit status.
"""

import sys
import threading
import webbrowser

from cudajudge_cli import messages
from cudajudge_cli.web.texts import text


def add_arguments(parser):
    lang = messages.current_language()
    parser.add_argument("--port", type=int, default=8765, help=text("help_port", lang))
    parser.add_argument("--host", default="127.0.0.1", help=text("help_host", lang))
    parser.add_argument("--open", action="store_true", help=text("help_open", lang))


def run(options):
    from cudajudge_cli.web import server as web_server
    lang = messages.current_language()
    try:
        server = web_server.make_server(options.host, options.port)
    except OSError as err:
        print(text("port_busy", lang, port=options.port, error=err.strerror or err),
              file=sys.stderr)
        return 2
    url = web_server.url_of(server)
    if options.host not in ("127.0.0.1", "localhost", "::1"):
        print(text("listening_wide", lang, host=options.host), file=sys.stderr)
    print(text("listening", lang, url=url), flush=True)
    if options.open:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping = True
        server.server_close()
    print(text("stopped", lang))
    return 0
