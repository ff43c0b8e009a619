// What a task id must look like, for the prompt and the saved task list. Pure.
import { TASK_ID } from '../../gms/bounds';

export const TASK_ID_HINT = 'A task id looks like nodeId:number, for example qhxGdzytQS-pQek8CwBCZg:54654.';

/** undefined when `text` is a task id the server accepts, else what is wrong with it. */
export function validateTaskId(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return TASK_ID_HINT;
  const colon = t.lastIndexOf(':');
  if (!TASK_ID.test(t)) {
    // A well-formed id whose number is longer than a Java long.
    if (/^\d{20,}$/.test(t.slice(colon + 1)) && TASK_ID.test(`${t.slice(0, colon)}:0`)) return `The task number in "${t}" is too large. ${TASK_ID_HINT}`;
    return `"${t}" is not a task id. ${TASK_ID_HINT}`;
  }
  const n = Number(t.slice(colon + 1));
  if (n === 0) return `The task number in "${t}" is 0, which no task has. ${TASK_ID_HINT}`;
  return undefined;
}
