// The text of the Timeseries Indices rows, without vscode. Rows lead with the
// size: a narrow side bar cuts the end of a row, and the size is what the view
// is for. The name follows; the accessible label keeps name first.
import { formatIndexCount, formatSize, isKnownSize } from '../../shared/format';

/** The setting the warning threshold comes from (named in tooltips). */
export const THRESHOLD_SETTING_KEY = 'datahub.sizeWarningThresholdGb';

/** What a row shows in place of a size the server did not report (the tooltip says it in words). */
export const NO_SIZE = '—';

/** Separator between the size and the name. */
const SEPARATOR = '  ';

/** "18.3 GB  datasetprofile"; "—  chartprofile" for an unknown size. */
export function rowLabel(sizeMb: number | null | undefined, name: string): string {
  return `${isKnownSize(sizeMb) ? formatSize(sizeMb) : NO_SIZE}${SEPARATOR}${name}`;
}

/** A group row's description: the count, and how many sizes are missing. */
export function groupRowDescription(indexCount: number, unknownCount: number): string {
  return unknownCount > 0 ? `${formatIndexCount(indexCount)} · ${unknownCount} unknown` : formatIndexCount(indexCount);
}

/** Why a row warns: "over the 5 GB warning threshold (datahub.sizeWarningThresholdGb)". */
export function thresholdReason(thresholdGb: number): string {
  return `over the ${formatGb(thresholdGb)} GB warning threshold (${THRESHOLD_SETTING_KEY})`;
}

function formatGb(gb: number): string {
  return Number.isInteger(gb) ? String(gb) : String(Math.round(gb * 100) / 100);
}
