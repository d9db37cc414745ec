"""cudajudge_cli.core.texts.web: the texts of `judge.py web` in English and Chinese: the
server's terminal lines and its answers to the page ("web_..."), and the page itself
("page_...", which web/src/main.js gets from GET /api/texts).

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
web/ and the page.
"""

TEXTS = {
    # -- the web server (judge.py web): its terminal lines and its answers to the page
    "web_help_port": ("the port to listen on (default 8765; 0: any free port)",
                      "监听的端口（默认 8765；0 表示任选空闲端口）"),
    "web_help_host": ("the address to listen on (default 127.0.0.1: this machine only)",
                      "监听的地址（默认 127.0.0.1：仅本机）"),
    "web_help_open": ("open the page in the browser", "在浏览器中打开页面"),
    "web_listening": ("practice in the browser: {url}\n"
                      "open that address (it carries the key to this session); Ctrl-C stops the server",
                      "在浏览器中练习：{url}\n"
                      "打开这个地址（其中带有本次会话的密钥）；按 Ctrl-C 停止服务器"),
    "web_listening_wide": ("warning: listening on {host}, not only on this machine: anyone who "
                           "learns the address can judge code here",
                           "警告：正在监听 {host}，不只是本机：知道地址的人都能在这里评测代码"),
    "web_stopped": ("stopped the server", "服务器已停止"),
    "web_port_busy": ("port {port} cannot be used ({error}); choose another with --port N, "
                      "or --port 0 for any free one",
                      "端口 {port} 无法使用（{error}）；用 --port N 换一个，或用 --port 0 任选空闲端口"),
    "web_bad_token": ("this address lacks the session key: open the address that "
                      "`python3 judge.py web` printed",
                      "这个地址缺少会话密钥：请打开 `python3 judge.py web` 打印的地址"),
    "web_bad_host": ("refused: the request names host {host!r}, not this server "
                     "(127.0.0.1:{port} or localhost:{port}); open the printed address",
                     "已拒绝：请求指向主机 {host!r}，而不是本服务器（127.0.0.1:{port} 或 "
                     "localhost:{port}）；请打开打印出的地址"),
    "web_bad_origin": ("refused: the request came from another site ({origin})",
                       "已拒绝：请求来自其他网站（{origin}）"),
    "web_not_found": ("nothing at {path}; the page starts at /", "{path} 不存在；页面从 / 开始"),
    "web_bad_body": ("the request must carry a JSON object (Content-Type: application/json)",
                     "请求必须携带一个 JSON 对象（Content-Type: application/json）"),
    "web_bad_source": ("the file's text must be a string", "文件内容必须是字符串"),
    "web_bad_seed": ("the seed must be a whole number from 0 to 4294967295",
                     "随机种子必须是 0 到 4294967295 之间的整数"),
    "web_missing_field": ("the request lacks {name}", "请求缺少 {name}"),
    "web_bad_request": ("the request could not be read: {error}", "无法读取请求：{error}"),
    "web_unknown_id": ("there is no exercise {id!r}; the overview lists them all",
                       "没有题目 {id!r}；总览页列出了全部题目"),
    "web_busy": ("a judgement of {id} is still running: wait for its verdict, then judge again",
                 "{id} 的评测仍在进行：请等它给出结果后再评测"),
    "web_busy_build": ("the judge is still being built (first run only: 2 to 5 minutes on 2 "
                       "CPU cores): judge again when it is ready",
                       "评测程序仍在构建中（仅首次运行：在 2 核 CPU 上需 2 到 5 分钟）："
                       "构建完成后再评测"),
    "web_build_failed": ("building the judge failed:\n{error}\nfix it as said, then reload the page",
                         "构建评测程序失败：\n{error}\n按提示修复后重新加载页面"),
    "web_judge_failed": ("the judge could not judge this file:\n{error}",
                         "评测程序无法评测这个文件：\n{error}"),
    "web_driver_error": ("the judge says: {error}", "评测程序提示：{error}"),
    "web_internal": ("internal error of the web server ({kind}: {error}); please report it, "
                     "and judge in the terminal meanwhile (python3 judge.py ID)",
                     "网页服务器内部错误（{kind}：{error}）；请报告这个问题，"
                     "在此之前可在终端评测（python3 judge.py ID）"),
    "web_cannot_save": ("could not save {file}: {error}; check that the folder is writable",
                        "无法保存 {file}：{error}；请检查该文件夹是否可写"),
    "web_cannot_read": ("could not read {file}: {error}", "无法读取 {file}：{error}"),
    "web_too_large": ("the file is larger than {kb} KiB; an exercise needs far less",
                      "文件超过 {kb} KiB；一道题用不了这么多"),
    "web_not_judged": ("not judged yet", "尚未评测"),
    "web_solution_locked": ("the solution of {id} opens once your code is accepted "
                            "(your best so far: {best}); judge it first",
                            "{id} 的参考解在你的代码通过后开放（目前最好结果：{best}）；请先评测"),
    # -- the page of `judge.py web` (web/src/main.js) ----------------------------
    "page_solved_of": ("{solved} of {total} exercises solved", "{total} 道题已通过 {solved} 道"),
    "page_next": ("next", "下一题"),
    "page_statement": ("Statement", "题目"),
    "page_contract": ("Contract", "接口"),
    "page_launch": ("Launch configuration", "启动配置"),
    "page_checking": ("checking", "检查方式"),
    "page_exact": ("exact", "精确比较"),
    "page_tolerance": ("within rtol {rtol}, atol {atol}", "允许误差 rtol {rtol}，atol {atol}"),
    "page_backends": ("backends", "后端"),
    "page_must_use": ("must use", "必须使用"),
    "page_must_not_use": ("must not use", "不得使用"),
    "page_also_called": ("also called", "别名"),
    "page_hints": ("Hints", "提示"),
    "page_hint_button": ("show a hint ({seen} of {total} seen)",
                         "显示一条提示（已看 {seen}/{total}）"),
    "page_hints_all_seen": ("all {total} hints seen", "{total} 条提示已全部看过"),
    "page_no_hints": ("no hints for this exercise", "本题没有提示"),
    "page_solution": ("Solution", "参考解"),
    "page_solution_button": ("show the solution", "显示参考解"),
    "page_solution_closed": ("opens once your code is accepted", "你的代码通过后开放"),
    "page_history": ("Your attempts", "你的提交"),
    "page_no_attempts": ("not judged yet", "尚未评测"),
    "page_judge": ("Judge", "评测"),
    "page_judge_key": ("Ctrl-Enter", "Ctrl-Enter"),
    "page_judging": ("judging...", "评测中..."),
    "page_save": ("Save", "保存"),
    "page_saved": ("saved", "已保存"),
    "page_modified": ("modified (saved when you judge; Ctrl-S saves now)",
                      "已修改（评测前自动保存；Ctrl-S 立即保存）"),
    "page_reset": ("Reset to the template", "恢复为模板"),
    "page_reset_confirm": ("Replace {file} with the template? Your file is kept as "
                           "{file}.bak-TIME first.",
                           "用模板替换 {file}？你的文件会先保存为 {file}.bak-时间。"),
    "page_reset_done": ("restored the template; your file was kept as {backup}",
                        "已恢复模板；你的文件已保存为 {backup}"),
    "page_reset_same": ("restored the template", "已恢复模板"),
    "page_changed_outside": ("{file} was changed outside the page.", "{file} 在页面之外被修改了。"),
    "page_load_disk": ("load it", "载入它"),
    "page_keep_mine": ("keep mine", "保留我的"),
    "page_reloaded": ("{file} changed on disk: loaded", "{file} 在磁盘上有改动：已载入"),
    "page_seed": ("seed", "随机种子"),
    "page_judge_again_seed": ("judge again with this seed", "用这个种子再评测一次"),
    "page_no_report": ("Judge the file to see its report here.", "评测后在这里查看报告。"),
    "page_built": ("judge built in {s} s", "评测程序构建完成，用时 {s} 秒"),
    "page_case_progress": ("{done} cases judged", "已评测 {done} 个用例"),
    "page_progress_change": ("progress: {before} → {after} · {solved} of {total} solved",
                             "进度：{before} → {after} · 已通过 {solved}/{total}"),
    "page_back": ("← chapters", "← 章节"),
    "page_line_link_title": ("move the cursor to this line", "把光标移到这一行"),
    "page_lang_switch": ("中文", "English"),
}
