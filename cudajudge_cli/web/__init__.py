"""cudajudge_cli.web: practice in the browser (`python3 judge.py web`).

A local HTTP server (standard library only) in front of the same judge the
terminal uses: it serves the page built from web/ (web/static/, committed, so
no Node is needed to run it), reads and writes exercises/<id>.cu itself, and
judges through the driver's own functions, so verdicts, messages, progress and
history are the terminal's. See docs/web.md.

    server.py   the HTTP server: token and Host checks, the routes, events
    app.py      what the API does: catalog, progress, the file, hints, judging
    driver.py   the one place that names the driver's modules
    texts.py    the server's own messages, in English and Chinese
"""
