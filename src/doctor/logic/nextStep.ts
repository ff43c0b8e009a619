// Take Next Step on a line of the DataHub Doctor: the line's command, only from the fixed set a fact
// may name (NEXT_COMMANDS), with the arguments the line carries (a watched job's name; a stuck
// consumer's group, topic and strategy from its figures). Pure: no vscode import.
import { Commands } from '../../shared/commandIds';
import { NEXT_COMMANDS, type NextCommand } from '../../shared/statusFact';
import type { DoctorLine } from './report';

export interface NextStep {
  command: NextCommand;
  /** The arguments the command acts on; absent when it asks for them itself. */
  args?: Record<string, string>;
}

const isNextCommand = (id: unknown): id is NextCommand => (NEXT_COMMANDS as readonly unknown[]).includes(id);

/** The step a line offers, or undefined when it names none (or a command outside the fixed set). */
export function nextStepOf(line: DoctorLine): NextStep | undefined {
  const command = line.nextCommand;
  if (!isNextCommand(command)) return undefined;
  const f = line.figures;
  if (command === Commands.resetConsumerOffsets && typeof f.groupId === 'string' && typeof f.topic === 'string') {
    return { command, args: { group: f.groupId, topic: f.topic, ...(typeof f.resetStrategy === 'string' ? { strategy: f.resetStrategy } : {}) } };
  }
  const args = line.nextArgs && Object.values(line.nextArgs).every((v) => typeof v === 'string') ? { ...line.nextArgs } : undefined;
  return args && Object.keys(args).length > 0 ? { command, args } : { command };
}
