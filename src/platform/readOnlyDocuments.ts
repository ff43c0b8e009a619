// The read-only Markdown documents of one scheme (Explain Search: datahub-explain:, Inspect URN:
// datahub-inspect:, the Doctor on all connections and Compare Connections: datahub-doctor:, an ingestion run's report:
// datahub-ingestion-report:), kept in memory by URI and shown in the Markdown preview. The last 20 are kept.
// They take Markdown built by mdown`…` (src/shared/markdown.ts), never a string: server text in them is inert.
import * as vscode from 'vscode';
import type { Markdown } from '../shared/markdown';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private count = 0;

  /** `prefix` starts each file name ("Explain", "Inspect"); `gone` is shown for a URI no longer kept. */
  constructor(
    private readonly scheme: string,
    private readonly prefix: string,
    private readonly gone: Markdown,
  ) {}

  add(title: string, document: Markdown): vscode.Uri {
    const text = document.text;
    this.count += 1;
    const safe = title.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 60);
    // Each document has a path of its own: the Markdown preview tells documents apart by their path alone (its
    // isPreviewOf compares fsPath, not the query), so a second document of one title would leave the preview on the
    // first. The count is a folder, so the tab still reads "<prefix> <title>.md".
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${this.count}/${this.prefix} ${safe}.md` });
    this.texts.set(uri.toString(), text);
    // Keep the last few only: each is a few kilobytes.
    if (this.texts.size > 20) this.texts.delete(this.texts.keys().next().value as string);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? this.gone.text;
  }

  /** Registers the provider for the scheme; the returned disposable ends both. */
  register(): vscode.Disposable {
    return vscode.Disposable.from(vscode.workspace.registerTextDocumentContentProvider(this.scheme, this), this);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
