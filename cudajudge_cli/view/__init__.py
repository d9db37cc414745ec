"""cudajudge_cli.view: what people see: the model of a judgement's report,
decided once (model.py), its rendering on a terminal (report.py), and writing
for a terminal (terminal.py). The web page renders the same model as JSON.
"""
