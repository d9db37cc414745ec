"""`judge.py web [--port N] [--host H] [--open]`: practise in the browser.

Starts the local server of cudajudge_cli/web/ (127.0.0.1 only unless --host says
otherwise), prints the address with its session key, and opens the browser with
--open. The page judges with the same engine, through the same actions, and keeps
the same progress as the terminal. Registered in commands/__init__.py; see
docs/web.md.
"""

import sys
import threading
import webbrowser

from cudajudge_cli.core.texts import tr


def add_arguments(parser):
    parser.add_argument("--port", type=int, default=8765, help=tr("web_help_port"))
    parser.add_argument("--host", default="127.0.0.1", help=tr("web_help_host"))
    parser.add_argument("--open", action="store_true", help=tr("web_help_open"))


def run(options):
    from cudajudge_cli.web import server as web_server  # only this command needs HTTP
    try:
        server = web_server.make_server(options.host, options.port)
    except OSError as err:
        print(tr("web_port_busy", port=options.port, error=err.strerror or err),
              file=sys.stderr)
        return 2
    url = web_server.url_of(server)
    if options.host not in ("127.0.0.1", "localhost", "::1"):
        print(tr("web_listening_wide", host=options.host), file=sys.stderr)
    print(tr("web_listening", url=url), flush=True)
    if options.open:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping = True
        server.server_close()
    print(tr("web_stopped"))
    return 0
