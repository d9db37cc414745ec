// web/src/editor.js: the code editor of the page (CodeMirror 6), used by main.js.
// Line numbers, C++ highlighting (CUDA's extra keywords on top), search, history,
// and one marked line: the line a report names, where a link put the cursor.

import { EditorState, StateEffect, StateField, Prec } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, Decoration, ViewPlugin, MatchDecorator,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  syntaxHighlighting, defaultHighlightStyle, indentOnInput, bracketMatching, indentUnit,
} from "@codemirror/language";
import { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { cpp } from "@codemirror/lang-cpp";

// CUDA words the C++ grammar does not know: shown as keywords.
const CUDA_WORDS = new MatchDecorator({
  regexp: /\b(__global__|__device__|__host__|__shared__|__constant__|__restrict__|__forceinline__|__launch_bounds__|__syncthreads|__syncwarp|__threadfence(?:_block|_system)?|__shfl(?:_up|_down|_xor)?_sync|__ballot_sync|__any_sync|__all_sync|__activemask|__match_(?:any|all)_sync|threadIdx|blockIdx|blockDim|gridDim|warpSize|atomic(?:Add|Sub|Exch|Min|Max|Inc|Dec|CAS|And|Or|Xor))\b/g,
  decoration: Decoration.mark({ class: "cm-cuda" }),
});
const cudaWords = ViewPlugin.fromClass(class {
  constructor(view) { this.decorations = CUDA_WORDS.createDeco(view); }
  update(u) { this.decorations = CUDA_WORDS.updateDeco(u, this.decorations); }
}, { decorations: (v) => v.decorations });

const markLine = StateEffect.define();
const markedLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    marks = marks.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(markLine)) {
        marks = e.value == null ? Decoration.none
          : Decoration.set([Decoration.line({ class: "cm-marked" }).range(e.value)]);
      }
    }
    return marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export function createEditor(parent, { onChange, onJudge }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: "",
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), history(),
        drawSelection(), indentOnInput(), bracketMatching(), highlightSelectionMatches(),
        indentUnit.of("    "), EditorState.tabSize.of(4),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }), cpp(), cudaWords,
        markedLine,
        Prec.highest(keymap.of([{ key: "Mod-Enter", run: () => { onJudge(); return true; } }])),
        keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(); }),
      ],
    }),
  });
  return {
    view,
    get text() { return view.state.doc.toString(); },
    set text(value) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value },
                      effects: markLine.of(null) });
    },
    // Replaces the text keeping the cursor's line where it can (a save from outside).
    replaceKeepingPlace(value) {
      const line = view.state.doc.lineAt(view.state.selection.main.head).number;
      this.text = value;
      const target = view.state.doc.line(Math.min(line, view.state.doc.lines));
      view.dispatch({ selection: { anchor: target.from } });
    },
    goToLine(number, column) {
      const doc = view.state.doc;
      const line = doc.line(Math.max(1, Math.min(number, doc.lines)));
      const at = Math.min(line.from + Math.max(0, (column || 1) - 1), line.to);
      view.dispatch({ selection: { anchor: at }, effects: [markLine.of(line.from),
        EditorView.scrollIntoView(at, { y: "center" })] });
      view.focus();
      return line.number;
    },
    markedLine() {
      const it = view.state.field(markedLine).iter();
      return it.value ? view.state.doc.lineAt(it.from).number : null;
    },
    cursorLine() { return view.state.doc.lineAt(view.state.selection.main.head).number; },
  };
}
