// web/build.mjs: rebuilds the page's static files (web/static/) from web/src/ with the
// packages pinned in package-lock.json. Run after changing web/src/:
//     cd web && npm ci && npm run build
// The output is committed, so the judge never needs Node to serve the page.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

mkdirSync("static", { recursive: true });
const result = await build({
  entryPoints: ["src/main.js"], bundle: true, minify: true, format: "iife", target: "es2020",
  outfile: "static/app.js", legalComments: "eof", logLevel: "info", metafile: true,
});

// static/THIRD_PARTY.txt: every package in the bundle, its version and its licence.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) packages.add(m[1]);
}
let notice = "The page's script (app.js) bundles these packages from npm:\n";
for (const name of [...packages].sort()) {
  const meta = JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8"));
  const file = `node_modules/${name}/LICENSE`;
  notice += `\n==== ${name} ${meta.version} (${meta.license}) ====\n`;
  notice += existsSync(file) ? readFileSync(file, "utf8").trim() + "\n" : "";
}
writeFileSync("static/THIRD_PARTY.txt", notice);
copyFileSync("src/style.css", "static/app.css");
copyFileSync("src/index.html", "static/index.html");
