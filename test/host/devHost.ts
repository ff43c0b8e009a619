// `node --import tsx test/host/devHost.ts run|tests`: the folders that F5 in
// VS Code desktop opens (.vscode/launch.json), made fresh before each launch
// under .vscode-test/<run|tests>/: a profile of its own (so the connection the
// extension adds, its token and the tests' clean-ups never touch your own
// settings), HOME (the tests write ~/.datahubenv) and a copy of test/demo/workspace.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, writeUserSettings } from './codeServer';
import { DEMO_DIR } from './runDirs';

const kind = process.argv[2];
if (kind !== 'run' && kind !== 'tests') {
  console.error('usage: node --import tsx test/host/devHost.ts run|tests');
  process.exit(2);
}
const root = path.join(REPO_ROOT, '.vscode-test', kind);
fs.rmSync(root, { recursive: true, force: true });
for (const dir of ['home', 'extensions']) fs.mkdirSync(path.join(root, dir), { recursive: true });
fs.cpSync(DEMO_DIR, path.join(root, 'workspace'), { recursive: true });
// "Run Extension" starts with the connection "sandbox" (the sandbox task's port);
// test/demo/tokenSeeder stores its token once the host is up.
writeUserSettings(path.join(root, 'user-data'), kind === 'run' ? { 'datahub.connections': [{ name: 'sandbox', gmsUrl: 'http://127.0.0.1:18080' }] } : {});
console.log(`dev host: fresh profile, HOME and workspace in ${path.relative(REPO_ROOT, root)}`);
