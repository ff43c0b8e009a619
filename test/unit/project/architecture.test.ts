// The house as declared: dependency-cruiser finds no violation on the code as it
// is, and does find a planted circle, a planted upward import and vscode planted in
// a logic file (so the rules cannot quietly stop matching); docs/architecture.md
// shows the graph as it is, and that graph, collapsed to folders, has no circle.
// Two cruises in all: the code as it is (its JSON serves every check on it), and one
// copy with the three plants, cruised from the planted files only.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ARCH_PAGE, cruiseAll, folderEdges, redraw, REPO_ROOT, type CruiseViolation } from '../../arch/draw';

/** A copy of the tree with the plants, inside the repository's own cache folder. */
const PLANT_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'arch-plants');

const PLANTS = {
  circle: { file: 'src/gms/errors.ts', line: "import type { Answer } from './http';\nexport type PlantedAnswer = Answer;" },
  upward: { file: 'src/gms/url.ts', line: "export { pageRows } from '../restore/logic/restoreRequests';" },
  vscode: { file: 'src/truncate/logic/cutoff.ts', line: "import * as planted from 'vscode';\nexport const plantedVscode = planted;" },
};

/** A copy of src/, media/, esbuild.js and the rules with each planted file given its line. */
function plantAll(): string {
  fs.rmSync(PLANT_ROOT, { recursive: true, force: true });
  fs.mkdirSync(PLANT_ROOT, { recursive: true });
  for (const entry of ['src', 'media', 'esbuild.js', '.dependency-cruiser.cjs', 'package.json', 'tsconfig.json']) {
    if (fs.existsSync(path.join(REPO_ROOT, entry))) fs.cpSync(path.join(REPO_ROOT, entry), path.join(PLANT_ROOT, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(PLANT_ROOT, 'node_modules'), 'dir');
  for (const { file, line } of Object.values(PLANTS)) fs.appendFileSync(path.join(PLANT_ROOT, file), `\n${line}\n`);
  return PLANT_ROOT;
}

const told = (violations: CruiseViolation[]): string => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).join('\n');

describe('architecture', () => {
  after(() => fs.rmSync(PLANT_ROOT, { recursive: true, force: true }));
  const { modules, violations } = cruiseAll();
  const planted = cruiseAll(
    plantAll(),
    Object.values(PLANTS).map((p) => p.file),
  ).violations;

  it('dependency-cruiser finds no violation in src/, media/ and esbuild.js', () => {
    assert.equal(told(violations), '');
    assert.ok(modules.length > 100, `expected the whole tree, got ${modules.length} modules`);
  });

  it('a planted circle fails with the rule named: src/gms/errors.ts importing ./http', () => {
    assert.ok(
      planted.some((v) => v.rule.name === 'no-circular' && (v.from === PLANTS.circle.file || v.to === PLANTS.circle.file)),
      told(planted),
    );
  });

  it("a planted upward import fails with the rule named: the wire layer importing a feature's logic", () => {
    assert.ok(
      planted.some((v) => v.rule.name === 'wire-imports-upward' && v.from === 'src/gms/url.ts' && v.to === 'src/restore/logic/restoreRequests.ts'),
      told(planted),
    );
  });

  it('vscode in a logic file fails with the rule named', () => {
    assert.ok(
      planted.some((v) => v.rule.name === 'vscode-in-vscode-free-layer' && v.from === PLANTS.vscode.file),
      told(planted),
    );
  });

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
