"""cudajudge_cli.web.texts: what the web server itself says, in English and Chinese.

The server answers with both texts ({"en": ..., "zh": ...}) and the page shows
the one of its language, so one server serves a page in either language. The
terminal lines (the printed URL) use the language judge.py chose.
Placeholders are str.format fields, the same in both languages
(tests/web/test_server.py checks it).
"""

TEXTS = {
    "web_command": ("practise in the browser: a local page with an editor and the same judge",
                     "在浏览器中练习：带编辑器的本地页面，评测与终端相同"),
    "help_port": ("the port to listen on (default 8765; 0: any free port)",
                  "监听的端口（默认 8765；0 表示任选空闲端口）"),
    "help_host": ("the address to listen on (default 127.0.0.1: this machine only)",
                  "监听的地址（默认 127.0.0.1：仅本机）"),
    "help_open": ("open the page in the browser", "在浏览器中打开页面"),
    "listening": ("practice in the browser: {url}\n"
                  "open that address (it carries the key to this session); Ctrl-C stops the server",
                  "在浏览器中练习：{url}\n"
                  "打开这个地址（其中带有本次会话的密钥）；按 Ctrl-C 停止服务器"),
    "listening_wide": ("warning: listening on {host}, not only on this machine: anyone who "
                       "learns the address can judge code here",
                       "警告：正在监听 {host}，不只是本机：知道地址的人都能在这里评测代码"),
    "stopped": ("stopped the server", "服务器已停止"),
    "port_busy": ("port {port} cannot be used ({error}); choose another with --port N, "
                  "or --port 0 for any free one",
                  "端口 {port} 无法使用（{error}）；用 --port N 换一个，或用 --port 0 任选空闲端口"),
    "bad_token": ("this address lacks the session key: open the address that "
                  "`python3 judge.py web` printed",
                  "这个地址缺少会话密钥：请打开 `python3 judge.py web` 打印的地址"),
    "bad_host": ("refused: the request names host {host!r}, not this server "
                 "(127.0.0.1:{port} or localhost:{port}); open the printed address",
                 "已拒绝：请求指向主机 {host!r}，而不是本服务器（127.0.0.1:{port} 或 "
                 "localhost:{port}）；请打开打印出的地址"),
    "bad_origin": ("refused: the request came from another site ({origin})",
                   "已拒绝：请求来自其他网站（{origin}）"),
    "not_found": ("nothing at {path}; the page starts at /", "{path} 不存在；页面从 / 开始"),
    "bad_body": ("the request must carry a JSON object (Content-Type: application/json)",
                 "请求必须携带一个 JSON 对象（Content-Type: application/json）"),
    "bad_source": ("the file's text must be a string", "文件内容必须是字符串"),
    "bad_seed": ("the seed must be a whole number from 0 to 4294967295",
                 "随机种子必须是 0 到 4294967295 之间的整数"),
    "missing_field": ("the request lacks {name}", "请求缺少 {name}"),
    "bad_request": ("the request could not be read: {error}", "无法读取请求：{error}"),
    "unknown_id": ("there is no exercise {id!r}; the overview lists them all",
                   "没有题目 {id!r}；总览页列出了全部题目"),
    "busy": ("a judgement of {id} is still running: wait for its verdict, then judge again",
             "{id} 的评测仍在进行：请等它给出结果后再评测"),
    "busy_build": ("the judge is still being built (first run only, about a minute): "
                   "judge again when it is ready",
                   "评测程序仍在构建中（仅第一次，约一分钟）：构建完成后再评测"),
    "building": ("building the judge (first run only, about a minute)...",
                 "正在构建评测程序（仅第一次，约一分钟）..."),
    "build_failed": ("building the judge failed:\n{error}\nfix it as said, then reload the page",
                     "构建评测程序失败：\n{error}\n按提示修复后重新加载页面"),
    "judge_failed": ("the judge could not judge this file:\n{error}",
                     "评测程序无法评测这个文件：\n{error}"),
    "driver_error": ("the judge says: {error}", "评测程序提示：{error}"),
    "internal": ("internal error of the web server ({kind}: {error}); please report it, "
                 "and judge in the terminal meanwhile (python3 judge.py ID)",
                 "网页服务器内部错误（{kind}：{error}）；请报告这个问题，"
                 "在此之前可在终端评测（python3 judge.py ID）"),
    "cannot_save": ("could not save {file}: {error}; check that the folder is writable",
                    "无法保存 {file}：{error}；请检查该文件夹是否可写"),
    "cannot_read": ("could not read {file}: {error}", "无法读取 {file}：{error}"),
    "too_large": ("the file is larger than {kb} KiB; an exercise needs far less",
                  "文件超过 {kb} KiB；一道题用不了这么多"),
    "solution_locked": ("the solution of {id} opens once your code is accepted "
                        "(your best so far: {best}); judge it first",
                        "{id} 的参考解在你的代码通过后开放（目前最好结果：{best}）；请先评测"),
    "not_judged": ("not judged yet", "尚未评测"),
    "reference_missing": ("the solution file {file} is missing; restore it with git checkout",
                          "参考解文件 {file} 不存在；请用 git checkout 恢复"),
    "template_missing": ("the template {file} is missing; restore it with git checkout",
                         "模板 {file} 不存在；请用 git checkout 恢复"),
    "no_hints": ("{id} has no hints", "{id} 没有提示"),
}


def both(key, **values):
    """{"en": ..., "zh": ...} for key."""
    en, zh = TEXTS[key]
    return {"en": en.format(**values), "zh": zh.format(**values)}


def text(key, lang, **values):
    en, zh = TEXTS[key]
    return (zh if lang == "zh" else en).format(**values)
