// Control endpoints of the search-health model (see api.ts): drift, the demo preset, scripted
// consumer lag, and which operations the server has. Dispatched from control.ts.

import { LAG_ENDPOINTS, type LagEndpoints } from './api';
import { demoPreset, entityTypeOfUrn } from './drift';
import { CONSUMERS, type Consumer } from './lag';
import type { Reply } from './restli';
import type { Runtime } from './runtime';
import { EDITABLE_TYPES } from './uiEdits';

function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

function bad(message: string): Reply {
  return json({ error: message }, 400);
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function driftNow(rt: Runtime): Reply {
  return json({ missing: rt.search.missingNow(), orphans: rt.search.orphans.sorted() });
}

/** POST /drift {missing?, orphans?, replace?, modifiedAgoMs?}: validated as a whole before anything changes. */
function setDrift(rt: Runtime, body: Record<string, unknown>): Reply {
  const missing = body.missing ?? [];
  const orphans = body.orphans ?? [];
  if (!isStrings(missing) || !isStrings(orphans)) return bad('expected {"missing"?: [urn], "orphans"?: [urn], "replace"?: boolean, "modifiedAgoMs"?: number}');
  const ago = body.modifiedAgoMs ?? 86_400_000;
  if (typeof ago !== 'number' || !(ago >= 0)) return bad('modifiedAgoMs must be a non-negative number of ms (default one day)');
  const notStored = missing.filter((u) => !rt.search.inDatabase(u));
  if (notStored.length > 0) return bad(`"missing" URNs must have rows in the database; these have none: ${notStored.join(', ')}`);
  const invalid = orphans.filter((u) => entityTypeOfUrn(u) === undefined);
  if (invalid.length > 0) return bad(`"orphans" must be URNs of the form urn:li:<type>:<key>; these are not: ${invalid.join(', ')}`);
  const stored = orphans.filter((u) => rt.search.inDatabase(u));
  if (stored.length > 0) return bad(`"orphans" must have no rows in the database (else they are not orphans): ${stored.join(', ')}`);
  rt.search.setDrift(missing, orphans, body.replace === true, Date.now() - ago);
  return driftNow(rt);
}

function setLag(rt: Runtime, body: Record<string, unknown>): Reply {
  const { consumer, events, drainPerSecond } = body;
  if (!CONSUMERS.includes(consumer as Consumer)) return bad(`consumer must be one of ${CONSUMERS.join(', ')}`);
  if (typeof events !== 'number' || !Number.isInteger(events) || events < 0) return bad('events must be a non-negative integer');
  if (typeof drainPerSecond !== 'number' || !(drainPerSecond >= 0)) return bad('drainPerSecond must be a number >= 0 (0: a stalled consumer)');
  rt.lag.set(consumer as Consumer, events, drainPerSecond);
  // Restores that waited on a stalled MCL consumer follow the new script.
  if (consumer === 'mcl') rt.search.reschedule();
  return json({});
}

function setOperations(rt: Runtime, body: Record<string, unknown>): Reply {
  if (body.consistency !== undefined && typeof body.consistency !== 'boolean') return bad('consistency must be a boolean');
  if (body.lag !== undefined && !LAG_ENDPOINTS.includes(body.lag as LagEndpoints)) return bad(`lag must be one of ${LAG_ENDPOINTS.join(', ')}`);
  if (body.scroll !== undefined && typeof body.scroll !== 'boolean') return bad('scroll must be a boolean');
  if (body.repeatScrollId !== undefined && typeof body.repeatScrollId !== 'boolean') return bad('repeatScrollId must be a boolean');
  const before = rt.operations;
  rt.operations = {
    consistency: (body.consistency as boolean | undefined) ?? before.consistency,
    lag: (body.lag as LagEndpoints | undefined) ?? before.lag,
    scroll: (body.scroll as boolean | undefined) ?? before.scroll,
  };
  const repeat = (body.repeatScrollId as boolean | undefined) ?? before.repeatScrollId;
  if (repeat) rt.operations.repeatScrollId = true;
  return json(rt.operations);
}

/** POST /edit-description {urn, description}: what DataHub's UI does on a description edit (uiEdits.ts). */
function editDescription(rt: Runtime, body: Record<string, unknown>): Reply {
  const { urn, description } = body;
  if (typeof urn !== 'string' || typeof description !== 'string') return bad('expected {"urn": string, "description": string}');
  if (!rt.search.inDatabase(urn)) return bad(`no rows in the database for ${urn}`);
  const edit = rt.search.edits.edit(urn, description);
  if (!edit) return bad(`the UI edits descriptions of ${EDITABLE_TYPES.join(', ')} only`);
  return json({ urn, aspect: edit.aspect, description });
}

/** The health control routes; undefined when the route is none of them. */
export function healthControl(rt: Runtime, route: string, body: Record<string, unknown>): Reply | undefined {
  switch (route) {
    case 'GET /drift':
      return driftNow(rt);
    case 'POST /drift':
      return setDrift(rt, body);
    case 'POST /drift/preset': {
      if (body.name !== 'demo') return bad('expected {"name": "demo"}');
      const preset = demoPreset(rt.store);
      rt.search.setDrift(preset.missing, preset.orphans, true, Date.now() - 86_400_000);
      return driftNow(rt);
    }
    case 'POST /lag':
      return setLag(rt, body);
    case 'POST /operations':
      return setOperations(rt, body);
    case 'POST /edit-description':
      return editDescription(rt, body);
    case 'GET /messaging/resets':
      return json(rt.appliedResets);
    case 'POST /messaging/commit': {
      // A Kafka group's committed offset moved by its consumer (offsetReset.ts reads it as the current offset).
      const b = body as { group?: unknown; topic?: unknown; partition?: unknown; offset?: unknown };
      if (typeof b.group !== 'string' || typeof b.topic !== 'string' || !Number.isInteger(b.partition) || !Number.isInteger(b.offset))
        return bad('{group, topic (the name), partition, offset} are needed');
      rt.commitOffset(b.group, b.topic, b.partition as number, b.offset as number);
      return json({ committed: true });
    }
    case 'POST /messaging': {
      const error = rt.pgQueue.set(body);
      return error ? bad(error) : json(rt.pgQueue.describe());
    }
    default:
      return undefined;
  }
}
