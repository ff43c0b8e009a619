// The Search Health tree shows what servers said (consumer group and topic names, check ids,
// URNs, error text): every label, description and tooltip goes through the one sanitiser
// (src/shared/uiText.ts: no link can form, no control or bidi characters, capped), so a
// server cannot draw a link, hide text or stretch the side bar. Pure: no vscode import.
import { uiLine, uiText } from '../../shared/uiText';

/** Longest label and description in the tree (the side bar is narrow; the tooltip has the rest). */
export const MAX_TREE_LINE = 200;
/** Longest tooltip. */
export const MAX_TREE_TOOLTIP = 1000;

export interface TreeTexts {
  label: string;
  description?: string;
  tooltip?: string;
}

/** The texts of one tree row, safe to show. */
export function treeTexts(texts: TreeTexts): TreeTexts {
  return {
    label: uiLine(texts.label, MAX_TREE_LINE),
    ...(texts.description !== undefined ? { description: uiLine(texts.description, MAX_TREE_LINE) } : {}),
    ...(texts.tooltip !== undefined ? { tooltip: uiText(texts.tooltip, MAX_TREE_TOOLTIP) } : {}),
  };
}
