// What activation leaves for just after it. activate() registers what VS Code may call
// (commands, views, providers, listeners) and returns; each feature's first draw of its
// state (texts, context keys, the status bar) and what it reads back from the last window
// (saved tasks, kept watches, the old TLS switch) run once, in one turn of the event loop
// right after (setImmediate), each part timed for the benchmark. A command that arrives
// before that turn runs them first (lazyCommands calls runStartup), so no command ever
// sees a state that was not drawn yet.
import type * as vscode from 'vscode';

export interface StartupTimings {
  /** Wall time of the whole step, ms. */
  ms: number;
  /** CPU time of the host process while it ran (process.cpuUsage()), ms. */
  cpuMs: number;
  /** Wall time by part, ms. */
  parts: Record<string, number>;
}

export interface StartupStep {
  /** A feature's name, for the timings and the log. */
  name: string;
  run(): void;
}

/** The steps scheduled and not run yet (one per activation; a test host may start a second). */
const pending = new Set<() => void>();

/** Runs the steps now that have not run yet (a command arrived first); otherwise nothing. */
export function runStartup(): void {
  for (const run of [...pending]) run();
}

/**
 * Schedules the steps for the turn after activation; `done` resolves with their timings once
 * they ran. A step that throws is logged and the others still run.
 */
export function scheduleStartup(steps: readonly StartupStep[], log: vscode.LogOutputChannel): { done: Promise<StartupTimings>; dispose(): void } {
  let resolve!: (t: StartupTimings) => void;
  const done = new Promise<StartupTimings>((r) => (resolve = r));
  const run = (): void => {
    if (!pending.delete(run)) return;
    clearImmediate(timer);
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    const parts: Record<string, number> = {};
    for (const step of steps) {
      const t = performance.now();
      try {
        step.run();
      } catch (error) {
        log.error(`Just after activation, ${step.name} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
      parts[step.name] = performance.now() - t;
    }
    const cpu = process.cpuUsage(cpuAtStart);
    resolve({ ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, parts });
  };
  pending.add(run);
  const timer = setImmediate(run);
  return {
    done,
    dispose() {
      // Deactivated before the turn came: nothing is drawn for an extension that is gone.
      pending.delete(run);
      clearImmediate(timer);
    },
  };
}
