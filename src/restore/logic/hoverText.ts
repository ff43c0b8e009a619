// The Markdown of the URN hover (editor/hover.ts shows it through markdownTooltip, trusted for our
// own four commands only): written with mdown`…` (src/shared/markdown.ts); the entity type and the URN
// from the document are inert (escaped prose, a code block), the links are ours. Pure: no vscode.
import type { UrnMatch } from '../../shared/findUrn';
import { codeBlock, joinMarkdown, link, mdown, plain, type Markdown } from '../../shared/markdown';
import { Commands } from '../../shared/commandIds';

/** The commands the hover's links run. */
export const HOVER_COMMANDS = [Commands.restoreIndices, Commands.checkSearchIndex, Commands.explainSearch, Commands.inspectUrn] as const;

/** `page`: the entity's page in the connection's DataHub UI, when a frontend address is set. */
export function hoverMarkdown(match: Pick<UrnMatch, 'entityType' | 'urn' | 'encoded'>, page?: string): Markdown {
  const args = commandArgs([{ urn: match.urn, notify: true }]);
  const links = [
    link(
      mdown`$(sync) Restore indices for this URN`,
      `command:${Commands.restoreIndices}?${args}`,
      "Send this URN's stored aspects to DataHub search and graph again, on the active connection",
    ),
    link(
      mdown`$(search) Check search index`,
      `command:${Commands.checkSearchIndex}?${args}`,
      'Is it in the database and in DataHub search? Nothing is changed',
    ),
    link(
      mdown`$(question) Explain search`,
      `command:${Commands.explainSearch}?${commandArgs([{ urn: match.urn }])}`,
      "Why does a search text not find it? Asks for the text, then shows DataHub's search explanation",
    ),
    link(
      mdown`$(diff) Inspect`,
      `command:${Commands.inspectUrn}?${commandArgs([{ urn: match.urn }])}`,
      'The database beside search, field by field: what differs and what to do. Nothing is changed',
    ),
  ];
  // The page URL is the connection's own frontendUrl plus the encoded URN; link() encodes what could end the link.
  if (page) links.push(link(mdown`$(link-external) Open in DataHub`, page, "Open the entity's page in the DataHub UI"));
  return mdown`**DataHub ${plain(match.entityType)}**${match.encoded ? mdown` (URL-encoded in the text)` : mdown``}\n\n${codeBlock(match.urn, 'text')}\n${joinMarkdown(links, ' · ')}`;
}

/** Command-link arguments; parentheses encoded too, so a URN's ")" cannot end the Markdown link. */
export function commandArgs(args: unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
