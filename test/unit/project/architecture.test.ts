// The house as declared: dependency-cruiser finds no violation on the code as it
// is, and does find a planted circle and a planted upward import (so the rules
// cannot quietly stop matching); docs/architecture.md shows the graph as it is,
// and that graph, collapsed to folders, has no circle.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ARCH_PAGE, cruise, folderEdges, redraw, REPO_ROOT } from '../../arch/draw';

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'depcruise');
/** Copies of the tree with one planted change, inside the repository's own cache folder. */
const PLANT_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'arch-plants');

function depcruise(cwd: string): { code: number | null; output: string } {
  const run = spawnSync(BIN, ['src', 'media', 'esbuild.js', '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long'], { cwd, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A copy of src/, media/, esbuild.js and the rules with `file` given one more line. */
function plant(name: string, file: string, line: string): string {
  const dir = path.join(PLANT_ROOT, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'media', 'esbuild.js', '.dependency-cruiser.cjs', 'package.json']) {
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.appendFileSync(path.join(dir, file), `\n${line}\n`);
  return dir;
}

describe('architecture', () => {
  after(() => fs.rmSync(PLANT_ROOT, { recursive: true, force: true }));

  it('dependency-cruiser finds no violation in src/, media/ and esbuild.js', () => {
    const { code, output } = depcruise(REPO_ROOT);
    assert.equal(code, 0, output);
    assert.match(output, /no dependency violations found/);
  });

  it('a planted circle fails with the rule named: src/gms/errors.ts importing ./http', () => {
    const dir = plant('circle', 'src/gms/errors.ts', "import type { Answer } from './http';\nexport type PlantedAnswer = Answer;");
    const { code, output } = depcruise(dir);
    assert.notEqual(code, 0, output);
    assert.match(output, /no-circular/);
    assert.match(output, /src\/gms\/errors\.ts/);
  });

  it("a planted upward import fails with the rule named: the wire layer importing a feature's logic", () => {
    const dir = plant('upward', 'src/gms/url.ts', "export { pageRows } from '../restore/logic/restoreRequests';");
    const { code, output } = depcruise(dir);
    assert.notEqual(code, 0, output);
    assert.match(output, /wire-imports-upward: src\/gms\/url\.ts → src\/restore\/logic\/restoreRequests\.ts/);
  });

  it('vscode in a logic file fails with the rule named', () => {
    const dir = plant('vscode', 'src/truncate/logic/cutoff.ts', "import * as planted from 'vscode';\nexport const plantedVscode = planted;");
    const { code, output } = depcruise(dir);
    assert.notEqual(code, 0, output);
    assert.match(output, /vscode-in-vscode-free-layer: src\/truncate\/logic\/cutoff\.ts/);
  });

  const modules = cruise();

  it('docs/architecture.md shows the graph as it is (npm run arch redraws it)', () => {
    const page = fs.readFileSync(ARCH_PAGE, 'utf8');
    assert.equal(redraw(page, modules), page, 'docs/architecture.md is stale: run `npm run arch`.');
  });

  it('the drawn folder graph has no circle', () => {
    const edges = folderEdges(modules);
    const next = new Map<string, string[]>();
    for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, trail: string[]): void => {
      if (state.get(node) === 'done') return;
      assert.notEqual(state.get(node), 'open', `folder circle: ${[...trail, node].join(' → ')}`);
      state.set(node, 'open');
      for (const to of next.get(node) ?? []) visit(to, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of next.keys()) visit(node, []);
    assert.ok(edges.length > 20, `expected the whole graph, got ${edges.length} edges`);
  });
});
