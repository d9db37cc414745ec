// web/src/main.js: the page of `python3 judge.py web`, served as it is (an ES module;
// the code editor comes bundled in web/static/editor.js, built by web/build.mjs). Two
// views: the chapters with progress (#/) and one exercise (#/ex/ID): statement,
// contract, launch configuration, the editor on exercises/ID.cu, the Judge button and
// the report. Everything comes from the local server (cudajudge_cli/web/server.py):
// the texts from the driver's one table (GET /api/texts), and a judgement's report as
// the model of cudajudge_cli/view/model.py, which this page renders without deciding
// anything again (which case is opened, a noisy timing, the tier, the rules, the next
// steps are the model's, as in the terminal).

import { createEditor } from "../static/editor.js";

const TOKEN = document.querySelector('meta[name="cudajudge-token"]').content;

const state = {
  lang: localStorage.getItem("cudajudge.lang") ||
    ((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en"),
  texts: null, overview: null, exercise: null, editor: null, hash: null,
  modified: false, events: null, job: null, running: false, report: null,
  liveCases: [], phases: [], before: null, lastSeed: null, pendingDisk: false,
  profile: localStorage.getItem("cudajudge.profile") === "1",
};

// ---- texts -----------------------------------------------------------------------
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in (values || {}) ? String(values[k]) : m));
}
// The one lookup: a text of the driver's table (cudajudge_cli/core/texts/).
function t(key, values) {
  const pair = state.texts[key];
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

// A text as the server sends it: {"en", "zh"} (the driver's texts, the catalog's),
// or a string (the engine's own words, in the language it judged in).
function pick(pair) {
  if (pair == null) return "";
  if (typeof pair === "string") return pair;
  return pair[state.lang] || pair.en || "";
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
      href: "#", class: "line-link", "data-line": line, title: t("page_line_link_title"),
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
  notice(t("building_first"), "busy");
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
  $("lang").textContent = t("page_lang_switch");
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

function renderOverview() {
  const o = state.overview;
  const main = $("main");
  main.className = "overview";
  const head = el("tr", {}, ["col_chapter", "col_progress", "col_solved", "col_attempted", "col_untouched"]
    .map((k) => el("th", {}, t(k))));
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
        .map((k) => el("th", {}, t(k)))),
      c.exercises.map((e) => el("tr", { class: e.id === o.next ? "next-row" : "" },
        el("td", {}, mark(e.status)),
        el("td", {}, el("a", { href: `#/ex/${e.id}`, class: "ex-link" }, e.id)),
        el("td", {}, pick(e.title)),
        el("td", {}, e.best ? el("span", { class: "verdict v-" + e.best }, e.best) : ""),
        el("td", {}, pick(e.best_time)),
        el("td", { class: "num" }, e.attempts || ""))))));
  fillIn(main,
    el("h1", { id: "solved-count" }, t("page_solved_of", { solved: o.solved, total: o.total })),
    el("table", { class: "chapters" }, head, rows),
    next ? el("p", { class: "next" }, t("page_next"), ": ",
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
  state.next = null;
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
    ? t("page_tolerance", { rtol: x.check.rtol, atol: x.check.atol }) : t("page_exact");
  const rules = (list) => list.map((r) => `${r.name} (${pick(r.meaning)})`).join("; ");
  const hintsBox = el("div", { class: "hints" },
    x.hints.map((h, i) => el("div", { class: "hint" }, el("b", {}, `${i + 1}/${x.hints_total}`), " ", pick(h))),
    x.hints_total === 0 ? el("p", { class: "dim" }, t("page_no_hints"))
      : x.hints.length < x.hints_total
        ? el("button", { id: "hint-button", onclick: nextHint },
          t("page_hint_button", { seen: x.hints.length, total: x.hints_total }))
        : el("p", { class: "dim" }, t("page_hints_all_seen", { total: x.hints_total })));
  const history = (x.history || []).slice().reverse().map((a) =>
    el("li", {}, el("span", { class: "verdict v-" + a.verdict }, a.verdict), " ",
      el("span", { class: "dim" }, `${(a.at || "").replace("T", " ").slice(0, 19)} · ${a.backend || ""} · ${t("page_seed")} ${a.seed ?? "-"}`)));
  fillIn($("info"),
    el("p", {}, el("a", { href: "#/", class: "back" }, t("page_back"))),
    el("h1", {}, `${x.id} · ${pick(x.title)}`),
    el("p", { class: "dim" }, `${x.chapter}`, x.aliases.length ? ` · ${t("page_also_called")}: ${x.aliases.join(", ")}` : ""),
    el("h3", {}, t("page_contract")), el("pre", { class: "signature" }, x.signature || ""),
    el("h3", {}, t("page_statement")), el("div", { class: "prose", id: "statement" }, unfold(pick(x.statement))),
    x.launch ? [el("h3", {}, t("page_launch")), el("div", { class: "prose" }, unfold(pick(x.launch)))] : null,
    el("ul", { class: "facts" },
      el("li", {}, `${t("page_checking")}: ${check}`),
      el("li", {}, `${t("page_backends")}: ${(x.backends || []).join(", ")}`),
      x.rules.require.length ? el("li", {}, `${t("page_must_use")}: ${rules(x.rules.require)}`) : null,
      el("li", {}, `${t("page_must_not_use")}: ${rules(x.rules.forbid)}`)),
    el("h3", {}, t("page_hints")), hintsBox,
    el("h3", {}, t("page_solution")),
    x.solution_open ? el("button", { id: "solution-button", onclick: showSolution }, t("page_solution_button"))
      : el("p", { class: "dim" }, t("page_solution_closed")),
    el("div", { id: "solution" }),
    el("h3", {}, t("page_history")),
    history.length ? el("ul", { class: "history" }, history) : el("p", { class: "dim" }, t("page_no_attempts")));
}

function renderToolbar() {
  const x = state.exercise;
  $("toolbar").replaceChildren(
    el("span", { class: "file" }, x.file),
    el("span", { id: "save-state", class: "dim" }),
    el("span", { class: "spacer" }),
    el("button", { id: "reset-button", onclick: resetFile }, t("page_reset")),
    el("button", { id: "save-button", onclick: () => save().catch(showError) }, t("page_save")),
    el("label", { title: t("page_profile_title") },
      el("input", { type: "checkbox", id: "profile-toggle", checked: state.profile,
        onchange: (e) => { state.profile = e.target.checked; localStorage.setItem("cudajudge.profile", state.profile ? "1" : "0"); } }),
      " ", t("page_profile")),
    el("button", { id: "judge-button", class: "primary", onclick: () => judge(), disabled: state.running,
      title: t("page_judge_key") }, state.running ? t("page_judging") : `${t("page_judge")} (${t("page_judge_key")})`));
  renderSaveState();
}
function renderSaveState() {
  const s = $("save-state");
  if (s) s.textContent = state.modified ? t("page_modified") : t("page_saved");
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
  if (!window.confirm(t("page_reset_confirm", { file: x.file }))) return;
  try {
    const answer = await api("/api/reset", { id: x.id });
    state.loading = true;
    state.editor.text = answer.source;
    state.loading = false;
    state.hash = answer.hash;
    state.modified = false;
    renderSaveState();
    notice(answer.backup ? t("page_reset_done", { backup: answer.backup }) : t("page_reset_same"), "good");
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
  notice(el("span", {}, t("page_changed_outside", { file: x.file }), " ",
    el("button", { id: "load-disk", onclick: () => loadFromDisk(false) }, t("page_load_disk")), " ",
    el("button", { onclick: () => { state.hash = event.hash; clearNotice(); } }, t("page_keep_mine"))), "busy");
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
  if (quietly) notice(t("page_reloaded", { file: x.file }), "good");
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
// A judgement starts (this page's button, or another tab's seen in the events): the last
// report and the progress shown for it are cleared.
function startJudgement() {
  state.running = true;
  state.report = null;
  state.next = null;
  state.liveCases = [];
  state.phases = [];
  state.done = null;
  state.progressNote = null;
}

async function judge(seed) {
  if (!state.exercise) return;
  const x = state.exercise;
  clearNotice();
  try {
    state.before = { best: x.best, solved: state.overviewSolved ?? null };
    const answer = await api("/api/judge", {
      id: x.id, source: state.editor.text, seed: seed ?? null, lang: state.lang,
      profile: state.profile,
    });
    state.hash = answer.saved ? answer.saved.hash : state.hash;
    state.modified = false;
    startJudgement();
    renderToolbar();
    renderReport();
  } catch (err) { showError(err); }
}

function onJudgeEvent(e) {
  if (!state.exercise) return;
  if (e.type === "start") {
    if (e.id !== state.exercise.id) return;
    state.job = e.job;
    startJudgement();
    renderToolbar();
  } else if (state.job !== e.job) {
    return;  // the build at start-up, or another exercise's judgement
  } else if (e.type === "build") {
    if (e.state === "start" && e.first) state.phases.push({ name: "build", state: "start" });
    if (e.state === "end") {
      const p = state.phases.find((q) => q.name === "build");
      if (p) { p.state = "end"; p.seconds = e.seconds; }
    }
  } else if (e.type === "phase") {  // e.text: what the model says of it
    if (e.state === "start") state.phases.push({ name: e.phase, state: "start", text: e.text });
    else {
      const p = [...state.phases].reverse().find((q) => q.name === e.phase);
      if (p) { p.state = "end"; p.text = e.text; } else state.phases.push({ name: e.phase, state: "end", text: e.text });
    }
  } else if (e.type === "case") {
    state.liveCases.push(e.view);
  } else if (e.type === "done") {
    state.running = false;
    state.done = e;
    state.report = e.report || null;
    state.next = e.next || null;
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
  state.progressNote = done.error ? null : t("page_progress_change", {
    before, after: info.best || "-", solved: overview.solved, total: overview.total });
  renderExerciseInfo();
  renderReport();
}

// ---- the report: view/model.py's model, rendered --------------------------------------------------
function caseRow(c) {
  const markText = c.kind === "pass" ? "✓" : c.kind === "skip" ? "-" : "✗";
  const markClass = c.kind === "pass" ? "solved" : c.kind === "skip" ? "untouched" : "attempted";
  const head = [el("span", { class: "mark " + markClass }, markText), " ",
    el("span", { class: "case-name" }, c.name), " ",
    c.kind !== "pass" ? el("span", { class: "verdict v-" + c.verdict }, c.verdict) : null];
  if (c.kind === "skip" && c.brief && c.brief.length) head.push(" ", el("span", { class: "dim" }, pick(c.brief[0])));
  if (c.kind !== "fail") return el("div", { class: "case" }, head);
  return el("details", { class: "case failed", open: !!c.opened },
    el("summary", {}, head, " ", el("span", { class: "dim" }, c.brief.length === 1 ? pick(c.brief[0]) : "")),
    el("div", { class: "case-body" }, caseDetails(c)));
}
function caseDetails(c) {
  const parts = [];
  const m = c.mismatches;
  if (m) {
    parts.push(el("table", { class: "mismatches" },
      el("tr", {}, m.columns.map((h) => el("th", {}, pick(h)))),
      m.rows.map((row) => row == null
        ? el("tr", {}, el("td", { colspan: m.columns.length }, "..."))
        : el("tr", { class: row.unwritten ? "unwritten" : "" }, row.cells.map((v, i) =>
          el("td", { class: m.buffer_column && i === 0 ? "" : "num" }, v))))));
  }
  if (c.counts) parts.push(el("div", { class: "counts" }, pick(c.counts)));
  if (c.diagnosis) parts.push(el("div", { class: "diagnosis" }, linkify(pick(c.diagnosis))));
  if (c.detail.length) parts.push(el("pre", { class: "detail" }, linkify(c.detail.join("\n"))));
  return parts;
}
function timing(tm) {
  if (!tm) return null;
  const lines = [el("div", {}, tm.parts.map(pick).join(" · "))];
  const second = [];
  const bw = tm.bandwidth;
  if (bw) {
    second.push(el("span", { class: "bw" },
      el("span", { class: "bar wide", title: `${bw.pct.toFixed(1)}%` },
        el("span", { class: "fill " + (bw.tier || "none"), style: `width:${Math.max(0, Math.min(100, bw.pct))}%` }),
        el("span", { class: "tick", style: "left:50%" }), el("span", { class: "tick", style: "left:80%" }),
        el("span", { class: "tick", style: "left:90%" })), " ", pick(bw.text)));
  }
  if (tm.ratio) second.push(el("span", { class: "ratio" }, " · ", pick(tm.ratio)));
  if (second.length) lines.push(el("div", { id: "bandwidth" }, second));
  if (tm.noisy) lines.push(el("div", { class: "note", id: "noisy" }, pick(tm.noisy)));
  return el("div", { class: "timing" }, lines);
}
function rulesReport(lines) {
  const out = [];
  let items = null;
  for (const line of lines) {
    if (line.kind === "item") {
      if (!items) { items = el("ul", { class: "rules" }); out.push(items); }
      items.append(el("li", {}, "✗ ", linkify(pick(line.text))));
    } else {
      items = null;
      out.push(el("div", { class: line.kind === "dim" ? "dim" : "" }, linkify(pick(line.text))));
    }
  }
  return out;
}
// Where the time goes (cudajudge_cli/view/profile.py): your figures beside the
// reference's, then the findings; or the one line that says why there is none.
function profilePanel(p) {
  if (!p) return null;
  const parts = [el("h4", {}, pick(p.heading))];
  if (p.why_not) {
    parts.push(el("div", { class: "note" }, linkify(pick(p.why_not))));
  } else {
    parts.push(el("table", { class: "profile-figures" },
      el("tr", {}, [t("profile_col_figure"), t("profile_col_yours"), t("profile_col_reference")].map((h) => el("th", {}, h))),
      p.rows.map((row) => el("tr", {}, el("td", {}, pick(row.label)),
        el("td", { class: "num" }, pick(row.mine)), el("td", { class: "num" }, pick(row.reference))))));
    if (p.reference_why_not) parts.push(el("div", { class: "dim" }, pick(p.reference_why_not)));
    if (p.findings.length) {
      parts.push(el("ul", { class: "rules findings" }, p.findings.map((f) => el("li", {}, "✗ ", linkify(pick(f))))));
    }
    if (p.quiet) parts.push(el("div", { class: "good" }, "✓ ", pick(p.quiet)));
  }
  return el("div", { class: "profile", id: "profile" }, parts);
}
function nextSteps(steps) {
  const x = state.exercise;
  const out = [];
  if (steps.following) {
    const f = steps.following;
    out.push(el("div", {}, t("page_next"), ": ", el("a", { href: `#/ex/${f.id}` }, `${f.id} · ${pick(f.title)}`)));
  } else if (steps.all_solved) {
    out.push(el("div", { class: "good" }, pick(steps.all_solved)));
  } else if (steps.hint && x.hints.length < x.hints_total) {
    out.push(el("button", { onclick: nextHint }, t("page_hint_button", { seen: x.hints.length, total: x.hints_total })));
  }
  if (steps.reproduce) {
    out.push(el("div", { class: "seed" }, `${t("page_seed")} ${steps.reproduce.seed} `,
      el("button", { id: "same-seed", disabled: state.running, onclick: () => judge(steps.reproduce.seed) }, t("page_judge_again_seed"))));
  }
  return el("div", { class: "steps" }, out);
}
function progressList() {
  const items = state.phases.map((p) => {
    if (p.name === "build") {
      return el("li", { class: p.state }, p.state === "end" ? t("page_built", { s: p.seconds }) : t("building_first"));
    }
    return el("li", { class: p.state }, pick(p.text));
  });
  if (state.liveCases.length) items.push(el("li", { class: "start" }, t("page_case_progress", { done: state.liveCases.length })));
  return el("ul", { class: "progress", id: "judge-progress" }, items);
}

function renderReport() {
  const box = $("report");
  if (!box) return;
  const r = state.report;
  const done = state.done;
  if (!r && !state.running && !done) { box.replaceChildren(el("p", { class: "dim" }, t("page_no_report"))); return; }
  const parts = [];
  if (!r) {  // while judging: the steps so far and the cases as they finish
    parts.push(progressList());
    parts.push(el("div", { class: "cases" }, state.liveCases.map(caseRow)));
  } else {
    const h = r.header;
    parts.push(el("div", { class: "report-head" },
      [h.id, h.file, h.seed ? pick(h.seed) : null, pick(h.device)].filter((p) => p != null).join(" · ")));
    if (r.note) parts.push(el("div", { class: "note" }, linkify(r.note)));
    parts.push(el("div", { class: "cases", id: "cases" }, r.cases.map(caseRow)));
    // r.more_details names the terminal's --verbose: here every case opens by itself;
    // r.left_out its --every-case (the page leaves big cases after a wrong one out).
    if (r.compile_log != null) parts.push(el("h4", {}, t("compile_log")), el("pre", { class: "log" }, linkify(r.compile_log)));
    if (r.program_output != null) parts.push(el("h4", {}, t("program_output")), el("pre", { class: "log" }, linkify(r.program_output)));
    const tm = timing(r.timing);
    if (tm) parts.push(tm);
    if (r.phases.length) parts.push(el("div", { class: "phases dim" }, r.phases.map(pick).join(" · ")));
    parts.push(el("div", { class: "verdict-line", id: "verdict" },
      el("span", { class: "verdict big v-" + r.verdict }, r.verdict), " ", pick(r.verdict_name)));
    if (r.message) parts.push(el("pre", { class: "message" }, linkify(r.message)));
    parts.push(...rulesReport(r.rules));
    const profile = profilePanel(r.profile);
    if (profile) parts.push(profile);
    if (state.next) parts.push(nextSteps(state.next));
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
  state.texts = await api("/api/texts");
  renderChrome();
  await route();
}
start().catch(showError);
