// The DataHub log (a LogOutputChannel), made on its first use: creating one costs VS Code
// a logger, a folder and a file (measured: most of what activation cost the host), and a
// session that logs nothing should not pay for it.
import * as vscode from 'vscode';

export function lazyLogChannel(name: string): vscode.LogOutputChannel {
  let real: vscode.LogOutputChannel | undefined;
  let disposed = false;
  const channel = (): vscode.LogOutputChannel => (real ??= vscode.window.createOutputChannel(name, { log: true }));
  return new Proxy({} as vscode.LogOutputChannel, {
    get(_target, property) {
      if (property === 'name') return name;
      // Disposing a channel never made makes nothing; after it, nothing is made again.
      if (property === 'dispose') {
        return () => {
          disposed = true;
          real?.dispose();
        };
      }
      if (disposed && !real) return () => undefined;
      const target = channel();
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
