// `npm run commands:mentions`: how many src files name each contributed command, and the
// median over the commands. Two figures: the files holding its id `datahub.x` (what
// `grep -rlw datahub.x src` finds: the id is written once, in src/shared/commandIds.ts), and the
// files naming it in any form (`Commands.x`, a table key `x`, a link to it from a tree row or a
// next step, a comment): that one counts uses beside the declaration. `--max N` exits 1 when the
// second median is above N (the unit test in test/unit/project keeps both from growing back).
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
  commands: { name: string; files: string[]; idFiles: string[] }[];
  /** Median over the commands of the files naming it in any form. */
  median: number;
  /** Median over the commands of the files holding its id, `datahub.<name>` (grep -rlw). */
  idMedian: number;
}

const medianOf = (counts: number[]): number => (counts.length ? [...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)] : 0);

export function commandMentions(): Mentions {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
  const texts = sources('src').map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));
  const commands = manifest.contributes.commands
    .map(({ command }) => {
      const name = command.replace(/^datahub\./, '');
      // As `grep -w` reads a word: letters, digits and _ around it do not belong to it.
      const word = new RegExp(`(?<![\\w])(datahub\\.)?${name}(?![\\w])`);
      const id = new RegExp(`(?<![\\w])datahub\\.${name}(?![\\w])`);
      return { name, files: texts.filter((t) => word.test(t.text)).map((t) => t.file), idFiles: texts.filter((t) => id.test(t.text)).map((t) => t.file) };
    })
    .sort((a, b) => a.files.length - b.files.length);
  return { commands, median: medianOf(commands.map((c) => c.files.length)), idMedian: medianOf(commands.map((c) => c.idFiles.length)) };
}

if (require.main === module) {
  const { commands, median, idMedian } = commandMentions();
  for (const c of commands) console.log(`${String(c.files.length).padStart(3)}  ${c.name}  ${c.files.join(' ')}`);
  console.log(`median src files holding a command's id (grep -rlw datahub.<name> src): ${idMedian} (${commands.length} commands)`);
  console.log(`median src files naming a command in any form, its uses included: ${median}`);
  const at = process.argv.indexOf('--max');
  if (at > 0 && median > Number(process.argv[at + 1])) process.exitCode = 1;
}
