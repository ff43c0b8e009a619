// The URN picker every one-URN command opens: the URN at the cursor first, then recent
// ones, then DataHub search as you type; a DataHub link or a URL-encoded URN is read as
// the URN it names, and the input is checked as it is typed.
import { normaliseUrnInput } from '../shared/findUrn';
import { checkUrnInput } from '../shared/inputChecks';
import { pickOrType } from './prompts';
import type { Services } from './services';
import { urnAtActiveCursor } from './urnAtCursor';
import { connectionSearch } from './urnLiveSearch';

export interface UrnPick {
  title: string;
  prompt: string;
  placeHolder: string;
  /** URNs used before on this connection, offered after the one at the cursor. */
  recent?: string[];
}

export function pickUrn(services: Services, { title, prompt, placeHolder, recent = [] }: UrnPick): Promise<string | undefined> {
  return pickOrType({
    title,
    prompt,
    placeHolder,
    typeLabel: 'Type or paste a URN…',
    suggestions: urnAtActiveCursor(),
    recent,
    check: checkUrnInput,
    normalise: normaliseUrnInput,
    live: connectionSearch(services),
  });
}
