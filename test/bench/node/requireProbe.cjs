// Times one require() of a bundle in a fresh, plain Node process (no tsx or
// other loader, which would skew the figure). Usage:
//   node requireProbe.cjs <bundle.js> [--stub-vscode <path to @types/vscode/index.d.ts>]
// Prints {"ms": <require time>}. With --stub-vscode, require('vscode') returns
// a stand-in whose every export is an inert, constructible function.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');

const [file, flag, dts] = process.argv.slice(2);

function inert() {
  const target = function () {};
  return new Proxy(target, {
    get(t, key) {
      if (key === 'prototype') return t.prototype;
      if (typeof key === 'symbol') return undefined;
      return inert();
    },
    apply: () => inert(),
    construct: () => inert(),
  });
}

if (flag === '--stub-vscode') {
  // The module's own exports (one tab deep in `declare module 'vscode'`), as many
  // as the real one has, since esbuild's __toESM copies every one per importing file.
  const names = new Set();
  for (const m of fs.readFileSync(dts, 'utf8').matchAll(/^\texport (?:namespace|class|enum|function|const|let|var) (\w+)/gm)) names.add(m[1]);
  const stub = {};
  for (const name of names) stub[name] = inert();
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? stub : load.call(this, request, ...rest);
  };
}

const started = performance.now();
require(file);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms }));
