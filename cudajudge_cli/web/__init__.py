"""cudajudge_cli.web: practice in the browser (`python3 judge.py web`).

A local HTTP server (standard library only) in front of the same judge the
terminal uses: it serves the page of web/src/ as it is (with the code editor
bundled in web/static/editor.js, committed, so no Node is needed to run it),
reads and writes exercises/<id>.cu, and does the learner's actions through
learn/actions.py and shows reports through view/model.py, so verdicts, reports,
progress and history are the terminal's. See docs/web.md.

    server.py   the HTTP server: token and Host checks, the routes, events
    app.py      what the API does: catalog, progress, the file, hints, judging
"""
