// The checks around the GC's update: what it sends (the source as read, only the recipe's named keys and the
// schedule changed), whether the source moved between the plan and the write, and whether what DataHub stored
// afterwards is what was sent. Pure: no vscode import. updateIngestionSource builds the stored source anew from
// its input (UpsertIngestionSourceResolver.java): whatever the input leaves out is gone, so the input carries
// every field the source had; only the SYSTEM marker cannot be carried (the input has no `source`).
import type { IngestionSourceDetail, IngestionSourceInput } from '../../gms/types';
import { parseGcRecipe } from './recipe';
import { inputOf, recipeWith, type GcPlannedSource } from './plan';
import type { GcSettings } from './settings';

/** The schedule the update sends: the settings' one, else the source's (its timezone, or UTC, as the input needs one). */
export function scheduleFor(detail: IngestionSourceDetail, settings: GcSettings): IngestionSourceInput['schedule'] | null {
  if (settings.schedule) return { interval: settings.schedule.interval.trim(), timezone: settings.schedule.timezone ?? detail.schedule?.timezone ?? 'UTC' };
  return detail.schedule ? { interval: detail.schedule.interval, timezone: detail.schedule.timezone ?? 'UTC' } : null;
}

/** The update's input: the source as read with the proposed config and the schedule. */
export function updateInput(source: GcPlannedSource, proposed: Record<string, unknown>, settings: GcSettings): IngestionSourceInput {
  return inputOf(source.detail, recipeWith(source.recipe, proposed), scheduleFor(source.detail, settings));
}

/** A source's fields as the update compares them (the recipe parsed, so key order and spacing do not count). */
function fieldsOf(d: {
  name: string;
  type: string;
  schedule?: { interval: string; timezone?: string } | null;
  executorId?: string;
  version?: string;
  debugMode?: boolean;
  extraArgs?: Array<{ key: string; value: string }>;
  recipe: string;
}): Record<string, string> {
  const parsed = parseGcRecipe(d.recipe);
  const sortedArgs = [...(d.extraArgs ?? [])].sort((a, b) => a.key.localeCompare(b.key));
  return {
    name: d.name,
    type: d.type,
    schedule: d.schedule ? `${d.schedule.interval} (${d.schedule.timezone ?? 'UTC'})` : 'none',
    executorId: d.executorId ?? 'default',
    version: d.version ?? '',
    debugMode: String(d.debugMode ?? false),
    extraArgs: JSON.stringify(sortedArgs),
    recipe: parsed.ok ? canonical(parsed.recipe) : d.recipe,
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The fields that differ between two readings of the source (empty: the same). */
export function sourceDiffers(before: IngestionSourceDetail, now: IngestionSourceDetail): string[] {
  const a = fieldsOf(before);
  const b = fieldsOf(now);
  return Object.keys(a).filter((k) => a[k] !== b[k]);
}

/** The fields DataHub stored differently from what the update sent (empty: read back as sent). */
export function readBackDiffers(sent: IngestionSourceInput, stored: IngestionSourceDetail): string[] {
  const a = fieldsOf({ ...sent, ...sent.config, schedule: sent.schedule ?? null });
  const b = fieldsOf(stored);
  return Object.keys(a).filter((k) => a[k] !== b[k]);
}
