// web/src/main.js: the page of `python3 judge.py web` (bundled into web/static/app.js
// by web/build.mjs). Two views: the chapters with progress (#/) and one exercise
// (#/ex/ID): statement, contract, launch configuration, the editor on
// exercises/ID.cu, the Judge button and the report. Everything comes from the
// local server (cudajudge_cli/web/server.py); reports are worded with the driver's
// own texts (GET /api/messages), so they read as the terminal's do.

import { createEditor } from "./editor.js";

const TOKEN = document.querySelector('meta[name="cudajudge-token"]').content;

// Texts of the page itself (the report's come from the driver).
const UI = {
  overview: ["Chapters", "章节"],
  solved_of: ["{solved} of {total} exercises solved", "{total} 道题已通过 {solved} 道"],
  next: ["next", "下一题"],
  open: ["open", "打开"],
  statement: ["Statement", "题目"],
  contract: ["Contract", "接口"],
  launch: ["Launch configuration", "启动配置"],
  checking: ["checking", "检查方式"],
  exact: ["exact", "精确比较"],
  tolerance: ["within rtol {rtol}, atol {atol}", "允许误差 rtol {rtol}，atol {atol}"],
  backends: ["backends", "后端"],
  must_use: ["must use", "必须使用"],
  must_not_use: ["must not use", "不得使用"],
  also_called: ["also called", "别名"],
  hints: ["Hints", "提示"],
  hint_button: ["show a hint ({seen} of {total} seen)", "显示一条提示（已看 {seen}/{total}）"],
  hints_all_seen: ["all {total} hints seen", "{total} 条提示已全部看过"],
  no_hints: ["no hints for this exercise", "本题没有提示"],
  solution: ["Solution", "参考解"],
  solution_button: ["show the solution", "显示参考解"],
  solution_closed: ["opens once your code is accepted", "你的代码通过后开放"],
  history: ["Your attempts", "你的提交"],
  no_attempts: ["not judged yet", "尚未评测"],
  judge: ["Judge", "评测"],
  judge_key: ["Ctrl-Enter", "Ctrl-Enter"],
  judging: ["judging...", "评测中..."],
  save: ["Save", "保存"],
  saved: ["saved", "已保存"],
  modified: ["modified (saved when you judge; Ctrl-S saves now)",
             "已修改（评测前自动保存；Ctrl-S 立即保存）"],
  reset: ["Reset to the template", "恢复为模板"],
  reset_confirm: ["Replace {file} with the template? Your file is kept as {file}.bak-TIME first.",
                  "用模板替换 {file}？你的文件会先保存为 {file}.bak-时间。"],
  reset_done: ["restored the template; your file was kept as {backup}",
               "已恢复模板；你的文件已保存为 {backup}"],
  reset_same: ["restored the template", "已恢复模板"],
  changed_outside: ["{file} was changed outside the page.", "{file} 在页面之外被修改了。"],
  load_disk: ["load it", "载入它"],
  keep_mine: ["keep mine", "保留我的"],
  reloaded: ["{file} changed on disk: loaded", "{file} 在磁盘上有改动：已载入"],
  seed: ["seed", "随机种子"],
  judge_again_seed: ["judge again with this seed", "用这个种子再评测一次"],
  no_report: ["Judge the file to see its report here.", "评测后在这里查看报告。"],
  building: ["building the judge (first run only, about a minute)...",
             "正在构建评测程序（仅第一次，约一分钟）..."],
  built: ["judge built in {s} s", "评测程序构建完成，用时 {s} 秒"],
  case_progress: ["{done} cases judged", "已评测 {done} 个用例"],
  progress_change: ["progress: {before} → {after} · {solved} of {total} solved",
                    "进度：{before} → {after} · 已通过 {solved}/{total}"],
  none: ["none", "无"],
  back: ["← chapters", "← 章节"],
  show_all_cases: ["details", "详情"],
  line_link_title: ["move the cursor to this line", "把光标移到这一行"],
  lang_switch: ["中文", "English"],
  tries: ["tries", "次数"],
  editing: ["editing {file}", "正在编辑 {file}"],
  error: ["error", "错误"],
};

const state = {
  lang: localStorage.getItem("cudajudge.lang") ||
    ((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en"),
  messages: null, overview: null, exercise: null, editor: null, hash: null,
  modified: false, events: null, job: null, running: false, report: null,
  liveCases: [], phases: [], before: null, lastSeed: null, pendingDisk: false,
};

// ---- texts -----------------------------------------------------------------------
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in (values || {}) ? String(values[k]) : m));
}
function ui(key, values) { return fill(UI[key][state.lang === "zh" ? 1 : 0], values); }
function tr(key, values) {
  const pair = state.messages.messages[key];
  return pair ? fill(pair[state.lang === "zh" ? 1 : 0], values) : key;
}
// The catalog's texts are folded at about 70 columns for the terminal
// (`judge.py show`); on the page a sentence folded that way breaks again at
// the panel's width. Joins a line that goes on with the sentence before it:
// a list item's indented continuation, or a paragraph's next line. A line
// after one ending in a colon (code, an example) and the items themselves
// keep their own lines. Between two CJK characters no space is put.
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;
function unfold(text) {
  const out = [];
  let kind = "blank"; // of the last line kept: blank, item, para, other
  for (const line of String(text || "").split("\n")) {
    const prev = out.length ? out[out.length - 1] : "";
    const afterColon = /[:：]\s*$/.test(prev);
    const indented = /^ {2,}\S/.test(line);
    const plain = /^[^\s-]/.test(line) || /^-\S/.test(line);
    const goesOn = !afterColon && line.trim() !== "" &&
      ((kind === "item" && indented) || (kind === "para" && plain));
    if (goesOn) {
      const next = line.trim();
      const glue = CJK.test(prev.slice(-1)) && CJK.test(next[0]) ? "" : " ";
      out[out.length - 1] = prev.replace(/\s+$/, "") + glue + next;
      continue;
    }
    out.push(line);
    kind = line.trim() === "" ? "blank" : /^- /.test(line) ? "item" : plain ? "para" : "other";
  }
  return out.join("\n");
}

function pick(pair) {
  if (pair == null) return "";
  if (typeof pair === "string") return pair;
  return pair[state.lang] || pair.en || "";
}
function tableName(table, key) {
  const pair = state.messages[table][key];
  return pair ? pair[state.lang === "zh" ? 1 : 0] : String(key);
}

// ---- DOM helpers (text is always set as text, never parsed as HTML) -------------------
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
const $ = (id) => document.getElementById(id);
// replaceChildren with nested lists flattened and empty parts left out.
function fillIn(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c != null && c !== false));
}

// ---- the server ------------------------------------------------------------------
async function api(path, body) {
  const options = { headers: { "X-Cudajudge-Token": TOKEN, Accept: "application/json" } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const answer = await fetch(path, options);
  const value = await answer.json().catch(() => ({ error: { en: answer.statusText, zh: answer.statusText } }));
  if (!answer.ok) {
    const err = new Error(pick(value.error));
    err.status = answer.status;
    err.text = value.error;
    throw err;
  }
  return value;
}

function showError(err) {
  const box = $("notice");
  box.className = "notice bad";
  box.replaceChildren(el("span", {}, err.text ? pick(err.text) : String(err.message || err)));
  box.hidden = false;
}
function notice(text, cls) {
  const box = $("notice");
  box.className = "notice " + (cls || "");
  box.replaceChildren(typeof text === "string" ? el("span", {}, text) : text);
  box.hidden = false;
}
function clearNotice() { $("notice").hidden = true; }

// ---- line links --------------------------------------------------------------------
// "exercises/warp_scan.cu:12" (and ":12:5") in any message: a link to that line
// when it names the file in the editor.
const LINE_REF = /((?:[\w.\-/]*\/)?[\w.\-]+\.cuh?):(\d+)(?::(\d+))?/g;
function linkify(text) {
  const out = [];
  const file = state.exercise ? state.exercise.file : null;
  const base = file ? file.split("/").pop() : null;
  let last = 0;
  text = String(text);
  for (const m of text.matchAll(LINE_REF)) {
    const named = m[1];
    const ours = file && (named === file || named.endsWith("/" + file) || named === base);
    if (!ours) continue;
    out.push(text.slice(last, m.index));
    const line = Number(m[2]);
    const column = m[3] ? Number(m[3]) : 1;
    out.push(el("a", {
      href: "#", class: "line-link", "data-line": line, title: ui("line_link_title"),
      onclick: (e) => { e.preventDefault(); goToLine(line, column); },
    }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}
function goToLine(line, column) {
  if (!state.editor) return;
  const got = state.editor.goToLine(line, column);
  $("cursor-note").textContent = `${state.exercise.file}:${got}`;
}

// ---- routing -------------------------------------------------------------------------
async function route() {
  const m = location.hash.match(/^#\/ex\/([\w-]+)/);
  closeEvents();
  clearNotice();
  window.scrollTo(0, 0);
  try {
    if (m) await showExercise(m[1]);
    else await showOverview();
  } catch (err) {
    if (err.status === 503) { await waitForBuild(); return route(); }
    showError(err);
  }
}

async function waitForBuild() {
  notice(ui("building"), "busy");
  for (;;) {
    const status = await api("/api/status");
    if (status.build_error) { throw Object.assign(new Error(""), { text: status.build_error }); }
    if (status.ready) { clearNotice(); return; }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function setLang(lang) {
  state.lang = lang;
  localStorage.setItem("cudajudge.lang", lang);
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  renderChrome();
  if (state.exercise && location.hash.startsWith("#/ex/")) {
    renderExerciseInfo();
    renderToolbar();
    renderReport();
  } else if (state.overview) renderOverview();
}

function renderChrome() {
  $("lang").textContent = ui("lang_switch");
  $("home").textContent = "cudajudge";
}

// ---- overview --------------------------------------------------------------------------
async function showOverview() {
  state.exercise = null;
  state.editor = null;
  state.overview = await api("/api/overview");
  renderOverview();
}

function bar(done, total) {
  const pct = total ? Math.round((100 * done) / total) : 0;
  return el("span", { class: "bar", title: `${pct}%` }, el("span", { class: "fill", style: `width:${pct}%` }));
}
function mark(status) {
  return el("span", { class: "mark " + status }, status === "solved" ? "✓" : status === "attempted" ? "✗" : "·");
}
function bestTime(row) {
  if (typeof row.best_ms !== "number") return "";
  let text = tr("ms", { ms: row.best_ms.toFixed(3) });
  if (row.best_tier) text += tr("tier_suffix", { tier: tableName("tiers", row.best_tier) });
  return text;
}

function renderOverview() {
  const o = state.overview;
  const main = $("main");
  main.className = "overview";
  const head = el("tr", {}, ["col_chapter", "col_progress", "col_solved", "col_attempted", "col_untouched"]
    .map((k) => el("th", {}, tr(k))));
  const rows = o.chapters.map((c) => el("tr", {},
    el("td", {}, el("a", { href: "#/", onclick: (e) => { e.preventDefault(); $(`chapter-${c.name}`).scrollIntoView(); } }, c.name)),
    el("td", {}, bar(c.solved, c.total)),
    el("td", { class: "num" }, `${c.solved}/${c.total}`), el("td", { class: "num" }, c.attempted),
    el("td", { class: "num" }, c.untouched)));
  const next = o.next ? o.chapters.flatMap((c) => c.exercises).find((e) => e.id === o.next) : null;
  const lists = o.chapters.map((c) => el("section", { class: "chapter", id: `chapter-${c.name}` },
    el("h2", {}, c.name, " ", el("span", { class: "dim" }, `${c.solved}/${c.total}`)),
    el("table", { class: "exercises" },
      el("tr", {}, el("th", {}), ["col_id", "col_title", "col_best", "col_best_time", "col_tries"]
        .map((k) => el("th", {}, tr(k)))),
      c.exercises.map((e) => el("tr", { class: e.id === o.next ? "next-row" : "" },
        el("td", {}, mark(e.status)),
        el("td", {}, el("a", { href: `#/ex/${e.id}`, class: "ex-link" }, e.id)),
        el("td", {}, pick(e.title)),
        el("td", {}, e.best ? el("span", { class: "verdict v-" + e.best }, e.best) : ""),
        el("td", {}, bestTime(e)),
        el("td", { class: "num" }, e.attempts || ""))))));
  fillIn(main,
    el("h1", { id: "solved-count" }, ui("solved_of", { solved: o.solved, total: o.total })),
    el("table", { class: "chapters" }, head, rows),
    next ? el("p", { class: "next" }, ui("next"), ": ",
      el("a", { href: `#/ex/${next.id}`, id: "next-link" }, `${next.id} · ${pick(next.title)}`)) : null,
    lists);
}

// ---- one exercise -----------------------------------------------------------------------------
async function showExercise(id) {
  const info = await api(`/api/exercise?id=${encodeURIComponent(id)}`);
  state.exercise = info;
  state.hash = info.hash;
  state.modified = false;
  state.report = null;
  state.liveCases = [];
  state.phases = [];
  const main = $("main");
  main.className = "exercise";
  main.replaceChildren(
    el("div", { class: "left" }, el("div", { id: "info" })),
    el("div", { class: "right" },
      el("div", { id: "toolbar", class: "toolbar" }),
      el("div", { id: "editor" }),
      el("div", { class: "under-editor" }, el("span", { id: "cursor-note", class: "dim" })),
      el("div", { id: "report", class: "report" })));
  state.editor = createEditor($("editor"), {
    onChange: () => {
      $("cursor-note").textContent = "";  // the marked line went with the old text
      if (!state.loading) { state.modified = true; renderSaveState(); }
    },
    onJudge: () => judge(),
  });
  state.loading = true;
  state.editor.text = info.source;
  state.loading = false;
  renderExerciseInfo();
  renderToolbar();
  renderReport();
  openEvents(id);
}

function renderExerciseInfo() {
  const x = state.exercise;
  const check = x.check && x.check.exact === false
    ? ui("tolerance", { rtol: x.check.rtol, atol: x.check.atol }) : ui("exact");
  const rules = (list) => list.map((r) => `${r.name} (${pick(r.meaning)})`).join("; ");
  const hintsBox = el("div", { class: "hints" },
    x.hints.map((h, i) => el("div", { class: "hint" }, el("b", {}, `${i + 1}/${x.hints_total}`), " ", pick(h))),
    x.hints_total === 0 ? el("p", { class: "dim" }, ui("no_hints"))
      : x.hints.length < x.hints_total
        ? el("button", { id: "hint-button", onclick: nextHint },
          ui("hint_button", { seen: x.hints.length, total: x.hints_total }))
        : el("p", { class: "dim" }, ui("hints_all_seen", { total: x.hints_total })));
  const history = (x.history || []).slice().reverse().map((a) =>
    el("li", {}, el("span", { class: "verdict v-" + a.verdict }, a.verdict), " ",
      el("span", { class: "dim" }, `${(a.at || "").replace("T", " ").slice(0, 19)} · ${a.backend || ""} · ${ui("seed")} ${a.seed ?? "-"}`)));
  fillIn($("info"),
    el("p", {}, el("a", { href: "#/", class: "back" }, ui("back"))),
    el("h1", {}, `${x.id} · ${pick(x.title)}`),
    el("p", { class: "dim" }, `${x.chapter}`, x.aliases.length ? ` · ${ui("also_called")}: ${x.aliases.join(", ")}` : ""),
    el("h3", {}, ui("contract")), el("pre", { class: "signature" }, x.signature || ""),
    el("h3", {}, ui("statement")), el("div", { class: "prose", id: "statement" }, unfold(pick(x.statement))),
    x.launch ? [el("h3", {}, ui("launch")), el("div", { class: "prose" }, unfold(pick(x.launch)))] : null,
    el("ul", { class: "facts" },
      el("li", {}, `${ui("checking")}: ${check}`),
      el("li", {}, `${ui("backends")}: ${(x.backends || []).join(", ")}`),
      x.rules.require.length ? el("li", {}, `${ui("must_use")}: ${rules(x.rules.require)}`) : null,
      el("li", {}, `${ui("must_not_use")}: ${rules(x.rules.forbid)}`)),
    el("h3", {}, ui("hints")), hintsBox,
    el("h3", {}, ui("solution")),
    x.solution_open ? el("button", { id: "solution-button", onclick: showSolution }, ui("solution_button"))
      : el("p", { class: "dim" }, ui("solution_closed")),
    el("div", { id: "solution" }),
    el("h3", {}, ui("history")),
    history.length ? el("ul", { class: "history" }, history) : el("p", { class: "dim" }, ui("no_attempts")));
}

function renderToolbar() {
  const x = state.exercise;
  $("toolbar").replaceChildren(
    el("span", { class: "file" }, x.file),
    el("span", { id: "save-state", class: "dim" }),
    el("span", { class: "spacer" }),
    el("button", { id: "reset-button", onclick: resetFile }, ui("reset")),
    el("button", { id: "save-button", onclick: () => save().catch(showError) }, ui("save")),
    el("button", { id: "judge-button", class: "primary", onclick: () => judge(), disabled: state.running,
      title: ui("judge_key") }, state.running ? ui("judging") : `${ui("judge")} (${ui("judge_key")})`));
  renderSaveState();
}
function renderSaveState() {
  const s = $("save-state");
  if (s) s.textContent = state.modified ? ui("modified") : ui("saved");
}

async function save() {
  const x = state.exercise;
  const saved = await api("/api/save", { id: x.id, source: state.editor.text });
  state.hash = saved.hash;
  state.modified = false;
  renderSaveState();
}

async function nextHint() {
  try {
    const answer = await api("/api/hint", { id: state.exercise.id });
    state.exercise.hints = answer.hints;
    state.exercise.hints_shown = answer.hints.length;
    renderExerciseInfo();
  } catch (err) { showError(err); }
}

async function showSolution() {
  try {
    const answer = await api(`/api/solution?id=${encodeURIComponent(state.exercise.id)}`);
    $("solution").replaceChildren(el("p", { class: "dim" }, answer.file), el("pre", { class: "code" }, answer.source));
  } catch (err) { showError(err); }
}

async function resetFile() {
  const x = state.exercise;
  if (!window.confirm(ui("reset_confirm", { file: x.file }))) return;
  try {
    const answer = await api("/api/reset", { id: x.id });
    state.loading = true;
    state.editor.text = answer.source;
    state.loading = false;
    state.hash = answer.hash;
    state.modified = false;
    renderSaveState();
    notice(answer.backup ? ui("reset_done", { backup: answer.backup }) : ui("reset_same"), "good");
  } catch (err) { showError(err); }
}

// ---- outside saves -----------------------------------------------------------------------------
async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
async function onFileEvent(event) {
  if (!state.exercise || event.id !== state.exercise.id || event.hash === state.hash) return;
  // The page's own save (before judging) can be announced before its answer comes.
  if (event.hash && crypto.subtle && event.hash === await sha256(state.editor.text)) {
    state.hash = event.hash;
    return;
  }
  if (!state.modified) return loadFromDisk(true);
  const x = state.exercise;
  notice(el("span", {}, ui("changed_outside", { file: x.file }), " ",
    el("button", { id: "load-disk", onclick: () => loadFromDisk(false) }, ui("load_disk")), " ",
    el("button", { onclick: () => { state.hash = event.hash; clearNotice(); } }, ui("keep_mine"))), "busy");
}
async function loadFromDisk(quietly) {
  const x = state.exercise;
  const file = await api(`/api/file?id=${encodeURIComponent(x.id)}`);
  state.loading = true;
  state.editor.replaceKeepingPlace(file.source);
  state.loading = false;
  state.hash = file.hash;
  state.modified = false;
  renderSaveState();
  if (quietly) notice(ui("reloaded", { file: x.file }), "good");
  else clearNotice();
}

// ---- events ---------------------------------------------------------------------------------------
function openEvents(id) {
  closeEvents();
  const source = new EventSource(`/api/events?id=${encodeURIComponent(id)}&token=${encodeURIComponent(TOKEN)}`);
  source.addEventListener("judge", (e) => onJudgeEvent(JSON.parse(e.data)));
  source.addEventListener("file", (e) => onFileEvent(JSON.parse(e.data)).catch(showError));
  state.events = source;
}
function closeEvents() {
  if (state.events) { state.events.close(); state.events = null; }
}

// ---- judging ----------------------------------------------------------------------------------------
async function judge(seed) {
  if (!state.exercise) return;
  const x = state.exercise;
  clearNotice();
  try {
    state.before = { best: x.best, solved: state.overviewSolved ?? null };
    const answer = await api("/api/judge", {
      id: x.id, source: state.editor.text, seed: seed ?? null, lang: state.lang,
    });
    state.hash = answer.saved ? answer.saved.hash : state.hash;
    state.modified = false;
    state.running = true;
    state.report = null;
    state.liveCases = [];
    state.phases = [];
    state.done = null;
    state.progressNote = null;
    renderToolbar();
    renderReport();
  } catch (err) { showError(err); }
}

function onJudgeEvent(e) {
  if (!state.exercise) return;
  if (e.type === "start") {
    if (e.id !== state.exercise.id) return;
    state.job = e.job;
    state.running = true;
    state.report = null;
    state.liveCases = [];
    state.phases = [];
    state.done = null;
    state.progressNote = null;
    renderToolbar();
  } else if (state.job !== e.job) {
    return;  // the build at start-up, or another exercise's judgement
  } else if (e.type === "build") {
    if (e.state === "start" && e.first) state.phases.push({ name: "build", state: "start" });
    if (e.state === "end") {
      const p = state.phases.find((q) => q.name === "build");
      if (p) { p.state = "end"; p.seconds = e.seconds; }
    }
  } else if (e.type === "phase") {
    if (e.state === "start") state.phases.push({ name: e.phase, state: "start" });
    else {
      const p = [...state.phases].reverse().find((q) => q.name === e.phase);
      if (p) { p.state = "end"; p.seconds = e.seconds; } else state.phases.push({ name: e.phase, state: "end", seconds: e.seconds });
    }
  } else if (e.type === "case") {
    state.liveCases.push(e);
  } else if (e.type === "summary") {
    state.report = e;
  } else if (e.type === "done") {
    state.running = false;
    state.done = e;
    renderToolbar();
    afterJudgement(e).catch(showError);
  }
  renderReport();
}

async function afterJudgement(done) {
  const x = state.exercise;
  const before = x.best || "-";
  const [info, overview] = await Promise.all([
    api(`/api/exercise?id=${encodeURIComponent(x.id)}`), api("/api/overview")]);
  if (!state.exercise || state.exercise.id !== x.id) return;
  Object.assign(state.exercise, {
    best: info.best, attempts: info.attempts, history: info.history, solution_open: info.solution_open,
    best_ms: info.best_ms, best_tier: info.best_tier,
  });
  if (info.hints.length > state.exercise.hints.length) {  // a hint taken meanwhile stays
    Object.assign(state.exercise, { hints: info.hints, hints_shown: info.hints_shown });
  }
  state.overview = overview;
  state.progressNote = done.error ? null : ui("progress_change", {
    before, after: info.best || "-", solved: overview.solved, total: overview.total });
  renderExerciseInfo();
  renderReport();
}

// ---- the report (as judge.py's render_summary words it) -----------------------------------------------------------
function cell(m, key) {
  const v = m[key];
  if (["block", "warp", "lane"].includes(key) && typeof v === "number" && v < 0) return "-";
  if (typeof v === "number" && !Number.isInteger(v)) return String(Number(v.toPrecision(9)));
  return v == null ? "" : String(v);
}
function mismatchTable(mismatches, last) {
  const shown = (mismatches || []).filter((m) => m && typeof m === "object").slice(0, 5);
  const tail = last && typeof last === "object" && !shown.some((m) => m.index === last.index && m.buffer === last.buffer)
    ? [null, last] : [];
  const withBuffer = new Set([...shown, ...tail.filter(Boolean)].map((m) => m.buffer)).size > 1;
  const keys = (withBuffer ? ["buffer"] : []).concat(["index", "block", "warp", "lane", "expected", "got"]);
  return el("table", { class: "mismatches" },
    el("tr", {}, keys.map((k) => el("th", {}, tr("col_" + k)))),
    [...shown, ...tail].map((m) => m == null
      ? el("tr", {}, el("td", { colspan: keys.length }, "..."))
      : el("tr", { class: m.unwritten ? "unwritten" : "" }, keys.map((k) => el("td", { class: k === "buffer" ? "" : "num" }, cell(m, k))))));
}
function repeatsCounts(detail, bad, total) {
  if (!bad || detail.trim().includes("\n")) return false;
  const numbers = (detail.match(/\d+/g) || []).slice(0, 2).map(Number);
  return numbers.length === 2 && [...numbers].sort().join() === [bad, total ?? -1].sort().join();
}
function caseDetails(c) {
  const parts = [];
  if (c.mismatches && c.mismatches.length) parts.push(mismatchTable(c.mismatches, c.last));
  if (c.bad) {
    let counts = tr("differ", { bad: c.bad, total: c.total ?? "?" });
    if (c.unwritten) counts += tr("unwritten", { n: c.unwritten });
    parts.push(el("div", { class: "counts" }, counts));
  }
  if (c.diagnosis) parts.push(el("div", { class: "diagnosis" }, linkify(tr("diagnosis", { text: c.diagnosis }))));
  const detail = String(c.detail || "");
  if (detail && !repeatsCounts(detail, c.bad, c.total)) parts.push(el("pre", { class: "detail" }, linkify(detail)));
  if (c.speed && typeof c.speed === "object") {
    parts.push(el("div", { class: "dim" }, `${c.speed.learner_ms} ms / ${c.speed.baseline_ms} ms = ${c.speed.speedup}x (${c.speed.needs}x)`));
  }
  return parts;
}
function caseRow(c, open) {
  const v = c.verdict || "JE";
  const markText = v === "AC" ? "✓" : v === "SKIP" ? "-" : "✗";
  const head = [el("span", { class: "mark " + (v === "AC" ? "solved" : v === "SKIP" ? "untouched" : "attempted") }, markText),
    " ", el("span", { class: "case-name" }, c.name || "?"), " ",
    v !== "AC" ? el("span", { class: "verdict v-" + v }, v) : null];
  if (v === "AC" || v === "SKIP") return el("div", { class: "case" }, head);
  return el("details", { class: "case failed", open },
    el("summary", {}, head, " ", el("span", { class: "dim" }, c.bad ? tr("differ", { bad: c.bad, total: c.total ?? "?" }) : "")),
    el("div", { class: "case-body" }, caseDetails(c)));
}
function deviceLabel(s) {
  const backend = s.backend || "none";
  const device = s.device && typeof s.device === "object" ? s.device : null;
  if (backend === "gpu" && device && device.name) {
    return device.cc ? `gpu (${device.name}, sm_${device.cc})` : `gpu (${device.name})`;
  }
  return backend === "none" ? tr("no_device") : backend;
}
const NOISY_SPREAD = 0.10;
function timing(t) {
  if (!t || typeof t.median_ms !== "number") return null;
  const lines = [];
  const first = [tr("time", { ms: t.median_ms.toFixed(3), reps: t.reps ?? "?" })];
  const lo = t.min_ms, hi = t.max_ms;
  const spread = typeof lo === "number" && typeof hi === "number" && lo > 0 && lo <= t.median_ms && t.median_ms <= hi;
  if (spread) first.push(tr("time_spread", { lo: lo.toFixed(3), hi: hi.toFixed(3) }));
  if (typeof t.gbps === "number") first.push(tr("gbps", { gbps: t.gbps.toFixed(1) }));
  lines.push(el("div", {}, first.join(" · ")));
  const second = [];
  if (typeof t.pct_of_copy === "number") {
    let text = tr("pct_of_copy", { pct: t.pct_of_copy.toFixed(0) });
    if (t.tier) text += tr("tier_suffix", { tier: tableName("tiers", t.tier) });
    second.push(el("span", { class: "bw" },
      el("span", { class: "bar wide", title: `${t.pct_of_copy.toFixed(1)}%` },
        el("span", { class: "fill " + (t.tier || "none"), style: `width:${Math.max(0, Math.min(100, t.pct_of_copy))}%` }),
        el("span", { class: "tick", style: "left:50%" }), el("span", { class: "tick", style: "left:80%" }),
        el("span", { class: "tick", style: "left:90%" })), " ", text));
  }
  if (typeof t.ratio_to_ref === "number") second.push(el("span", { class: "ratio" }, " · ", tr("ratio", { ratio: t.ratio_to_ref.toFixed(2) })));
  if (second.length) lines.push(el("div", { id: "bandwidth" }, second));
  // as the terminal's report (cudajudge_cli/report.py, NOISY_SPREAD)
  if (spread && (hi - lo) / lo > NOISY_SPREAD) lines.push(el("div", { class: "note", id: "noisy" }, tr("time_noisy", { pct: ((hi - lo) / lo * 100).toFixed(0) })));
  return el("div", { class: "timing" }, lines);
}
function phasesLine(p) {
  if (!p || typeof p !== "object") return null;
  const parts = ["compile", "link", "cases", "wait", "run", "reference"]
    .filter((k) => typeof p[k] === "number" && p[k] >= 0.05).map((k) => tr("phase_" + k, { s: p[k].toFixed(1) }));
  return parts.length ? el("div", { class: "phases dim" }, parts.join(" · ")) : null;
}
function rulesReport(rules, id, verdict) {
  if (!rules || !Array.isArray(rules.violations)) return [];
  const violations = rules.violations.filter((v) => v && typeof v === "object");
  if (!violations.length) return rules.method === "source" ? [el("div", { class: "dim" }, tr("rules_source_only"))] : [];
  const out = [el("div", {}, tr(verdict === "RULE" ? "rules_broken" : "rules_broken_too"))];
  const file = String(rules.file || "");
  const meaning = (r) => tableName("rules", r);
  const items = violations.map((v) => {
    const rule = String(v.rule || "?");
    if (v.kind === "require") return tr("rule_required", { rule, meaning: meaning(rule), file });
    const where = Number.isInteger(v.line) && v.line > 0 ? `${file}:${v.line}` : file;
    return tr("rule_forbidden", { rule, meaning: meaning(rule), where, found: String(v.found || rule) });
  });
  out.push(el("ul", { class: "rules" }, items.map((t) => el("li", {}, "✗ ", linkify(t)))));
  if (rules.output_verdict === "AC") out.push(el("div", {}, tr("rule_output_right")));
  else if (!rules.output_verdict) out.push(el("div", {}, tr("rule_output_unchecked")));
  if (rules.method === "source") out.push(el("div", { class: "dim" }, tr("rules_source_only")));
  out.push(el("div", {}, tr("rules_fix", { id })));
  return out;
}
function progressList() {
  const items = state.phases.map((p) => {
    if (p.name === "build") {
      return el("li", { class: p.state }, p.state === "end" ? ui("built", { s: p.seconds }) : ui("building"));
    }
    const running = `running_${p.name}`;
    const doneKey = `phase_${p.name}`;
    const text = p.state === "end" && state.messages.messages[doneKey] && typeof p.seconds === "number"
      ? tr(doneKey, { s: p.seconds.toFixed(1) })
      : state.messages.messages[running] ? tr(running) : `${p.name}...`;
    return el("li", { class: p.state }, text);
  });
  if (state.liveCases.length) items.push(el("li", { class: "start" }, ui("case_progress", { done: state.liveCases.length })));
  return el("ul", { class: "progress", id: "judge-progress" }, items);
}

function renderReport() {
  const box = $("report");
  if (!box) return;
  const x = state.exercise;
  const s = state.report;
  const done = state.done;
  if (!s && !state.running && !done) { box.replaceChildren(el("p", { class: "dim" }, ui("no_report"))); return; }
  const parts = [];
  if (!s) {  // while judging: the steps so far and the cases as they finish
    parts.push(progressList());
    parts.push(el("div", { class: "cases" }, state.liveCases.map((c, i) => caseRow(c, false))));
  }
  if (s) {
    const header = [s.id || x.id, s.file || x.file];
    if (s.seed != null) header.push(tr("seed", { seed: s.seed }));
    header.push(deviceLabel(s));
    parts.push(el("div", { class: "report-head" }, header.join(" · ")));
    if (s.note) parts.push(el("div", { class: "note" }, linkify(s.note)));
    const cases = Array.isArray(s.cases) ? s.cases : state.liveCases;
    let failed = 0;
    parts.push(el("div", { class: "cases", id: "cases" }, cases.filter((c) => c && typeof c === "object").map((c) => {
      const open = c.verdict !== "AC" && c.verdict !== "SKIP" && failed++ === 0;
      return caseRow(c, open);
    })));
    const verdict = s.verdict || "JE";
    if (verdict === "CE" && s.compile_log) parts.push(el("h4", {}, tr("compile_log")), el("pre", { class: "log" }, linkify(s.compile_log)));
    if (s.program_output) parts.push(el("h4", {}, tr("program_output")), el("pre", { class: "log" }, linkify(s.program_output)));
    const t = timing(s.timing);
    if (t) parts.push(t);
    const ph = phasesLine(s.phases_s);
    if (ph) parts.push(ph);
    parts.push(el("div", { class: "verdict-line", id: "verdict" },
      el("span", { class: "verdict big v-" + verdict }, verdict), " ", tableName("verdicts", verdict)));
    if (s.message && verdict !== "RULE") parts.push(el("pre", { class: "message" }, linkify(String(s.message).replace(/\n+$/, ""))));
    parts.push(...rulesReport(s.rules, x.id, verdict));
    // next steps
    const steps = [];
    if (verdict === "AC" && state.overview && state.overview.next && state.overview.next !== x.id) {
      const next = state.overview.chapters.flatMap((c) => c.exercises).find((e) => e.id === state.overview.next);
      if (next) steps.push(el("div", {}, ui("next"), ": ", el("a", { href: `#/ex/${next.id}` }, `${next.id} · ${pick(next.title)}`)));
    } else if (!["AC", "JE", "SKIP"].includes(verdict) && x.hints.length < x.hints_total) {
      steps.push(el("button", { onclick: nextHint }, ui("hint_button", { seen: x.hints.length, total: x.hints_total })));
    }
    if (s.seed != null) {
      steps.push(el("div", { class: "seed" }, `${ui("seed")} ${s.seed} `,
        el("button", { id: "same-seed", disabled: state.running, onclick: () => judge(s.seed) }, ui("judge_again_seed"))));
    }
    parts.push(el("div", { class: "steps" }, steps));
  }
  if (done && done.error) parts.push(el("pre", { class: "message bad", id: "judge-error" }, linkify(pick(done.error))));
  if (done && state.progressNote) parts.push(el("div", { class: "progress-note", id: "progress-note" }, state.progressNote));
  fillIn(box, parts);
}

// ---- start ------------------------------------------------------------------------------------
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || !state.exercise || e.defaultPrevented) return;
  if (e.key === "s") {
    e.preventDefault();
    save().catch(showError);
  } else if (e.key === "Enter") {  // Ctrl-Enter outside the editor too
    e.preventDefault();
    if (!state.running) judge();
  }
});
window.addEventListener("beforeunload", (e) => { if (state.modified) e.preventDefault(); });
window.addEventListener("hashchange", () => route());

async function start() {
  $("lang").addEventListener("click", () => setLang(state.lang === "zh" ? "en" : "zh"));
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  state.messages = await api("/api/messages");
  renderChrome();
  await route();
}
start().catch(showError);
