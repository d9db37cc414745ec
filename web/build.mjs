// web/build.mjs: builds web/static/editor.js, the page's code editor (web/src/editor.js)
// bundled with the CodeMirror packages pinned in package-lock.json, as one ES module,
// and web/static/THIRD_PARTY.txt (the bundled packages and their licences). The rest of
// the page (web/src/index.html, main.js, style.css) is served as it is, unbuilt.
// Run after changing web/src/editor.js or the packages:
//     cd web && npm ci && npm run build
// The bundle is committed, so the judge never needs Node to serve the page; its first
// line records the SHA-256 of the files it was built from, and tests/web/test_bundle.py
// fails when web/src/editor.js or package-lock.json changed without a rebuild.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

const sha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");
const inputs = ["src/editor.js", "package-lock.json"];
const banner = "// built by web/build.mjs from " +
  inputs.map((file) => `${file} sha256:${sha256(file)}`).join(", ");

mkdirSync("static", { recursive: true });
const result = await build({
  entryPoints: ["src/editor.js"], bundle: true, minify: true, format: "esm", target: "es2020",
  outfile: "static/editor.js", legalComments: "eof", logLevel: "info", metafile: true,
  banner: { js: banner },
});

// static/THIRD_PARTY.txt: every package in the bundle, its version and its licence.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) packages.add(m[1]);
}
let notice = "The page's code editor (editor.js) bundles these packages from npm:\n";
for (const name of [...packages].sort()) {
  const meta = JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8"));
  const file = `node_modules/${name}/LICENSE`;
  notice += `\n==== ${name} ${meta.version} (${meta.license}) ====\n`;
  notice += existsSync(file) ? readFileSync(file, "utf8").trim() + "\n" : "";
}
writeFileSync("static/THIRD_PARTY.txt", notice);
