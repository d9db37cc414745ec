"""cudajudge_cli.core.texts.build: what building the judge and asking its engine say, in
English and Chinese: the build's progress and failures (core/build.py), the engine
that misbehaves (core/engine.py), a grading policy that cannot be read or is not valid.

One of the tables that core/texts/__init__.py joins into TEXTS; said through tr() by
core/, every command and grading/.
"""

TEXTS = {
    # -- building the judge -------------------------------------------------
    "cuda_fix": ("install the CUDA toolkit (https://developer.nvidia.com/cuda-downloads), "
                 "then put its bin/ on PATH or set CUDA_PATH to it",
                 "安装 CUDA 工具包（https://developer.nvidia.com/cuda-downloads），"
                 "然后把它的 bin/ 加入 PATH，或把 CUDA_PATH 设为它的目录"),
    "missing_tool": ("missing {tool}; fix: {fix}", "缺少 {tool}；解决办法：{fix}"),
    "missing_nvcc": ("missing nvcc, the CUDA compiler; fix: {fix}",
                     "缺少 CUDA 编译器 nvcc；解决办法：{fix}"),
    "missing_pkg_config": ("missing pkg-config (needed to find libyaml); fix: {fix}",
                           "缺少 pkg-config（查找 libyaml 需要它）；解决办法：{fix}"),
    "missing_libyaml": ("missing libyaml (pkg-config cannot find yaml-0.1); fix: {fix}",
                        "缺少 libyaml（pkg-config 找不到 yaml-0.1）；解决办法：{fix}"),
    "cannot_build": ("cannot build the judge:", "无法构建评测程序："),
    "cannot_run": ("could not run {tool}: {error}", "无法运行 {tool}：{error}"),
    "cannot_run_fix": ("could not run {tool}: {error}; fix: {fix}",
                       "无法运行 {tool}：{error}；解决办法：{fix}"),
    "build_failed": ("building the judge failed: `{command}` exited with status {status}. "
                     "Its last lines:\n{tail}\nretry by hand with:\n    {retry}",
                     "构建评测程序失败：`{command}` 以状态 {status} 退出。最后几行：\n{tail}\n"
                     "可以手动重试：\n    {retry}"),
    "building_first": ("building the judge (first run only: 2 to 5 minutes on 2 CPU cores, "
                       "longer on a busy machine)...",
                       "正在构建评测程序（仅首次运行：在 2 核 CPU 上需 2 到 5 分钟，"
                       "机器繁忙时更久）..."),
    "read_only_checkout": ("this checkout is read-only: building in {build} and keeping "
                           "progress in {state} (CUDAJUDGE_BUILD and CUDAJUDGE_STATE choose "
                           "other folders)",
                           "这个检出目录是只读的：改为在 {build} 构建，进度保存在 {state}"
                           "（可用 CUDAJUDGE_BUILD 和 CUDAJUDGE_STATE 指定其他目录）"),
    "build_busy": ("another judge is building {build}; waiting for it to finish...",
                   "另一个评测进程正在构建 {build}，等待它完成..."),
    "building_progress": ("building the judge: {done}/{total} after {s} s",
                          "正在构建评测程序：{done}/{total}，已用 {s} 秒"),
    "building_update": ("updating the judge build...", "正在更新评测程序的构建..."),
    "engine_not_built": ("the build finished but {engine} is missing; retry with: {retry}",
                         "构建完成，但找不到 {engine}；重试：{retry}"),
    # -- the engine misbehaving ---------------------------------------------
    "engine_override_missing": ("CUDAJUDGE_ENGINE={path} does not exist; unset it to use "
                                "the built engine",
                                "CUDAJUDGE_ENGINE={path} 不存在；取消这个变量即可使用构建好的评测引擎"),
    "engine_failed": ("the judge engine {what}; this is not your code's fault.",
                      "评测引擎{what}；这不是你的代码的问题。"),
    "engine_last_messages": ("its last messages:", "它最后的输出："),
    "engine_cannot_start": ("could not start the judge engine {engine}: {error}",
                            "无法启动评测引擎 {engine}：{error}"),
    "engine_not_json_for": ("printed something that is not JSON for `{what}`",
                            "对 `{what}` 输出了非 JSON 内容"),
    "engine_unexpected_for": ("printed an unexpected answer for `{what}`",
                              "对 `{what}` 给出了意外的回答"),
    "engine_while_catalog": ("{how} while reading problems.yaml", "在读取 problems.yaml 时{how}"),
    "engine_while_policy": ("{how} while reading the grading policy",
                            "在读取评分策略时{how}"),
    "policy_invalid": ("the policy is not valid:\n{error}\nfix that line and grade again",
                       "策略无效：\n{error}\n修改那一行后重新评分"),
    "policy_empty": ("{path}:1:1: the policy is empty (blank lines or comments only): write "
                     "at least its exercises, or start from `python3 judge.py grade "
                     "--init-policy FILE`",
                     "{path}:1:1：策略是空的（只有空行或注释）：至少写出要评测的练习，或从 "
                     "`python3 judge.py grade --init-policy FILE` 生成的初始策略开始"),
    "policy_unreadable": ("{path}: the policy cannot be read ({error}): give an existing file, "
                          "or write one with `python3 judge.py grade --init-policy FILE`",
                          "{path}：无法读取策略（{error}）：请给出存在的文件，或用 "
                          "`python3 judge.py grade --init-policy FILE` 生成一个"),
    "engine_while_device": ("{how} while looking for a GPU", "在查找 GPU 时{how}"),
    "engine_no_problem_list": ("gave a catalog without a problem list",
                               "给出的题目目录里没有题目列表"),
    "engine_no_result": ("gave no result", "没有给出结果"),
    "engine_printed_not_json": ("printed a line that is not JSON: {line}",
                                "输出了一行非 JSON 内容：{line}"),
    "engine_no_summary": ("stopped without a summary", "没有给出总结就停止了"),
    "exit_crashed": ("crashed ({signal})", "崩溃了（{signal}）"),
    "exit_status": ("exited with status {status}", "以状态 {status} 退出"),
}
