// `npm run arch`: draws src/, media/ and esbuild.js, collapsed to folders, as a
// mermaid graph into docs/architecture.md (between the arch markers), from
// dependency-cruiser's own reading of the imports. `--check` only compares and
// exits 1 when the page is stale (the unit test in test/unit/project does the same).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARCH_PAGE = path.join(REPO_ROOT, 'docs', 'architecture.md');
const BEGIN = '<!-- arch:begin (npm run arch draws this part) -->';
const END = '<!-- arch:end -->';

interface CruiseModule {
  source: string;
  dependencies: Array<{ resolved: string; coreModule: boolean; dependencyTypes: string[] }>;
}

/** The folder a file is drawn in: a feature's logic apart from its vscode side, the wire layer's exchanges apart from its root. */
export function folderOf(file: string): string | undefined {
  if (file === 'esbuild.js') return 'esbuild.js';
  const parts = file.split('/');
  if (parts[0] === 'media') return parts.length > 2 ? `media/${parts[1]}` : undefined;
  if (parts[0] !== 'src') return undefined;
  if (parts.length === 2) return file.replace(/\.ts$/, '');
  // The client that combines the exchanges sits above them, apart from the wire layer's root.
  if (file === 'src/gms/client.ts' || file === 'src/gms/index.ts') return 'src/gms/client';
  if (parts[2] === 'logic' || (parts[1] === 'gms' && parts.length > 3)) return `src/${parts[1]}/${parts[2]}`;
  return `src/${parts[1]}`;
}

/** The edges between folders, each once, sorted. */
export function folderEdges(modules: CruiseModule[]): Array<[string, string]> {
  const edges = new Set<string>();
  for (const mod of modules) {
    const from = folderOf(mod.source);
    if (!from) continue;
    for (const dep of mod.dependencies) {
      const to = folderOf(dep.resolved);
      if (!to || to === from) continue;
      edges.add(`${from}\t${to}`);
    }
  }
  return [...edges].sort().map((e) => e.split('\t') as [string, string]);
}

const id = (folder: string): string => folder.replace(/[^A-Za-z0-9]/g, '_');
const label = (folder: string): string => (folder === 'src/gms' ? 'gms (HTTP, errors, types)' : folder.replace(/^src\//, ''));

/** The mermaid block: layers as subgraphs, bottom layer last, arrows from importer to imported. */
export function mermaid(edges: Array<[string, string]>): string {
  const folders = [...new Set(edges.flat())].sort();
  const layerOf = (f: string): string => {
    if (f.startsWith('media/')) return 'webviews';
    if (f === 'esbuild.js') return 'build';
    if (f === 'src/extension' || f === 'src/api') return 'top';
    if (f === 'src/platform') return 'platform';
    if (f.startsWith('src/gms')) return 'wire';
    if (f === 'src/shared') return 'shared';
    if (f.endsWith('/logic')) return 'logic';
    return 'features';
  };
  const layers: Array<[string, string]> = [
    ['top', 'extension and API'],
    ['features', 'features (vscode)'],
    ['platform', 'platform (vscode helpers)'],
    ['logic', 'feature logic (no vscode)'],
    ['shared', 'shared (no vscode)'],
    ['wire', 'wire (no vscode)'],
    ['webviews', 'webview scripts'],
    ['build', 'build'],
  ];
  const lines = ['```mermaid', 'flowchart TB'];
  for (const [layer, title] of layers) {
    const members = folders.filter((f) => layerOf(f) === layer);
    if (!members.length) continue;
    lines.push(`  subgraph ${layer}["${title}"]`);
    for (const f of members) lines.push(`    ${id(f)}["${label(f)}"]`);
    lines.push('  end');
  }
  for (const [from, to] of edges) lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push('```');
  return lines.join('\n');
}

/** A rule broken, as dependency-cruiser reports it. */
export interface CruiseViolation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

/** One cruise of src/, media/ and esbuild.js (or of `files` under `cwd`): the modules and the rules broken. */
export function cruiseAll(cwd = REPO_ROOT, files = ['src', 'media', 'esbuild.js']): { modules: CruiseModule[]; violations: CruiseViolation[] } {
  const bin = path.join(REPO_ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');
  // A violation makes depcruise exit non-zero; the JSON on stdout is whole either way.
  const run = spawnSync(bin, [...files, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout.trim()) throw new Error(`depcruise printed nothing (exit ${run.status}): ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { modules: CruiseModule[]; summary: { violations: CruiseViolation[] } };
  return { modules: result.modules, violations: result.summary.violations };
}

export function cruise(): CruiseModule[] {
  return cruiseAll().modules;
}

/** The page with its drawn part replaced by the graph of the code as it is now. */
export function redraw(page: string, modules: CruiseModule[]): string {
  const start = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${path.relative(REPO_ROOT, ARCH_PAGE)} lacks the markers ${BEGIN} … ${END}`);
  return `${page.slice(0, start + BEGIN.length)}\n${mermaid(folderEdges(modules))}\n${page.slice(end)}`;
}

if (require.main === module) {
  const page = fs.readFileSync(ARCH_PAGE, 'utf8');
  const drawn = redraw(page, cruise());
  if (process.argv.includes('--check')) {
    if (drawn !== page) {
      console.error('docs/architecture.md is stale: run `npm run arch`.');
      process.exit(1);
    }
    console.log('docs/architecture.md is current.');
  } else if (drawn !== page) {
    fs.writeFileSync(ARCH_PAGE, drawn);
    console.log('docs/architecture.md redrawn.');
  } else {
    console.log('docs/architecture.md was current.');
  }
}
