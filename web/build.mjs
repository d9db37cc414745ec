// web/build.mjs: rebuilds the page's static files (web/static/) from web/src/ with the
// packages pinned in package-lock.json. Run after changing web/src/:
//     cd web && npm ci && npm run build
// The output is committed, so the judge never needs Node to serve the page.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";

mkdirSync("static", { recursive: true });
await build({
  entryPoints: ["src/main.js"], bundle: true, minify: true, format: "iife", target: "es2020",
  outfile: "static/app.js", legalComments: "eof", logLevel: "info",
});
copyFileSync("src/style.css", "static/app.css");
copyFileSync("src/index.html", "static/index.html");
