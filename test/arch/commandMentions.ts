// `npm run commands:mentions`: how many src files name each contributed command (its id
// `datahub.x` or its name `x`, as a whole word), and the median over the commands: what
// declaring a command costs. `--max N` exits 1 when the median is above N (the unit test in
// test/unit/project keeps it from growing back).
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? sources(rel) : rel.endsWith('.ts') ? [rel] : [];
  });
}

export interface Mentions {
  /** Each contributed command's name and the src files naming it, fewest first. */
  commands: { name: string; files: string[] }[];
  median: number;
}

export function commandMentions(): Mentions {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
  const texts = sources('src').map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
  const commands = manifest.contributes.commands
    .map(({ command }) => {
      const name = command.replace(/^datahub\./, '');
      // As `grep -w` reads a word: letters, digits and _ around it do not belong to it.
      const word = new RegExp(`(?<![\\w])(datahub\\.)?${name}(?![\\w])`);
      return { name, files: texts.filter((t) => word.test(t.text)).map((t) => t.file) };
    })
    .sort((a, b) => a.files.length - b.files.length);
  const median = commands.length ? commands[Math.floor(commands.length / 2)].files.length : 0;
  return { commands, median };
}

if (require.main === module) {
  const { commands, median } = commandMentions();
  for (const c of commands) console.log(`${String(c.files.length).padStart(3)}  ${c.name}  ${c.files.join(' ')}`);
  console.log(`median src files naming a command: ${median} (${commands.length} commands)`);
  const at = process.argv.indexOf('--max');
  if (at > 0 && median > Number(process.argv[at + 1])) process.exitCode = 1;
}
