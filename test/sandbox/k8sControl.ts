// Control endpoints of the scripted cluster (k8s.ts), under /__sandbox/k8s:
//   GET  /k8s        the mode, script, step, rows and the jobs
//   POST /k8s        {mode?: available|unavailable|off, script?: succeed|failAfter100|stall|rowsMissing|oomThenSucceed, stepMs?, totalRows?,
//                    pendingMs? (each pod's ContainerCreating time), maxReports? (batch reports a run prints, default 40)}:
//                    for the Jobs triggered from now on (mode at once); createdName? (hostile: the trigger answers a Job of
//                    that name, not the one asked for; null to stop)
//   POST /k8s/restart {ms}: GMS restarts now: for the first half of ms its ingress answers 503 (an HTML page), then
//                    connections are reset, then GMS answers again (every request but the control endpoints)
//   POST /k8s/jobs   {name, args?, script?, labels?}: a Job applied by hand (kubectl create -f the manifest), to watch by name
//   POST /k8s/systemUpdate {script?: reindexSucceed|reindexMismatch, stepMs?, activeDeadlineSeconds?, name?}:
//                    a system-update Job starting now (k8sSystemUpdate.ts), its reindex tasks answering getEsTaskStatus;
//                    the incremental* scripts run the zero-downtime path (k8sIncremental.ts)
//   POST /k8s/upgradeSettings {profile: sound|risky}: the settings GMS reports (upgradeRoutes.ts) and the restore CronJob's schedule
import type { Reply } from './restli';
import { K8S_MODES, type K8sCluster, type K8sMode } from './k8s';
import { K8S_SCRIPTS, type K8sScript } from './k8sScripts';
import { UPGRADE_SCRIPTS, type UpgradeScript } from './k8sSystemUpdate';
import { SETTINGS_PROFILES, type SettingsProfile } from './upgradeRoutes';

function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

const bad = (message: string): Reply => json({ error: message }, 400);

export function k8sControl(cluster: K8sCluster, route: string, body: Record<string, unknown>): Reply {
  switch (route) {
    case 'GET /k8s':
      return json({
        mode: cluster.mode,
        script: cluster.script,
        stepMs: cluster.stepMs,
        pendingMs: cluster.pendingMs,
        maxReports: cluster.maxReports,
        totalRows: cluster.totalRows,
        jobs: cluster.jobs.map((j) => j.name),
        systemUpdates: cluster.upgrades.runs.map((r) => r.name),
      });
    case 'POST /k8s': {
      if (body.mode !== undefined && !K8S_MODES.includes(body.mode as K8sMode)) return bad(`mode must be one of ${K8S_MODES.join(', ')}`);
      if (body.script !== undefined && !K8S_SCRIPTS.includes(body.script as K8sScript)) return bad(`script must be one of ${K8S_SCRIPTS.join(', ')}`);
      const positive = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v > 0);
      if (!positive(body.stepMs) || !positive(body.totalRows) || !positive(body.maxReports))
        return bad('stepMs, totalRows and maxReports must be whole numbers above 0');
      if (body.pendingMs !== undefined && !(typeof body.pendingMs === 'number' && Number.isInteger(body.pendingMs) && body.pendingMs >= 0))
        return bad('pendingMs must be a whole number, 0 or more');
      if (body.pendingMs !== undefined) cluster.pendingMs = body.pendingMs as number;
      if (body.createdName !== undefined) {
        if (body.createdName !== null && typeof body.createdName !== 'string') return bad('createdName must be a string or null');
        cluster.createdName = body.createdName ?? undefined;
      }
      if (body.maxReports !== undefined) cluster.maxReports = body.maxReports as number;
      if (body.mode !== undefined) cluster.mode = body.mode as K8sMode;
      if (body.script !== undefined) cluster.script = body.script as K8sScript;
      if (body.stepMs !== undefined) cluster.stepMs = body.stepMs as number;
      if (body.totalRows !== undefined) cluster.totalRows = body.totalRows as number;
      return json({});
    }
    case 'POST /k8s/restart': {
      if (typeof body.ms !== 'number' || !Number.isInteger(body.ms) || body.ms < 2 || body.ms > 600_000) return bad('expected {"ms": <2 to 600000>}');
      const now = Date.now();
      cluster.restart = { htmlUntil: now + Math.floor(body.ms / 2), resetUntil: now + body.ms };
      return json({});
    }
    case 'POST /k8s/jobs': {
      if (typeof body.name !== 'string' || !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(body.name))
        return bad('expected {"name": "<a Job name>", "args"?: [...]}');
      const args = body.args === undefined ? ['-u', 'RestoreIndices', '-a', 'batchSize=1000'] : body.args;
      if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return bad('args must be a list of strings');
      if (body.script !== undefined && !K8S_SCRIPTS.includes(body.script as K8sScript)) return bad(`script must be one of ${K8S_SCRIPTS.join(', ')}`);
      const labels = body.labels ?? {};
      if (typeof labels !== 'object' || labels === null || !Object.values(labels).every((v) => typeof v === 'string'))
        return bad('labels must be an object of strings');
      const saved = cluster.script;
      if (body.script !== undefined) cluster.script = body.script as K8sScript;
      cluster.addJob(body.name, args as string[], labels as Record<string, string>);
      cluster.script = saved;
      return json({});
    }
    case 'POST /k8s/systemUpdate': {
      if (body.script !== undefined && !UPGRADE_SCRIPTS.includes(body.script as UpgradeScript))
        return bad(`script must be one of ${UPGRADE_SCRIPTS.join(', ')}`);
      const positive = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v > 0);
      if (!positive(body.stepMs) || !positive(body.activeDeadlineSeconds)) return bad('stepMs and activeDeadlineSeconds must be whole numbers above 0');
      if (body.name !== undefined && (typeof body.name !== 'string' || !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(body.name)))
        return bad('name must be a Job name');
      const run = cluster.upgrades.add({
        script: (body.script as UpgradeScript | undefined) ?? 'reindexSucceed',
        stepMs: (body.stepMs as number | undefined) ?? 400,
        ...(body.name !== undefined ? { name: body.name as string } : {}),
        ...(body.activeDeadlineSeconds !== undefined ? { activeDeadlineSeconds: body.activeDeadlineSeconds as number } : {}),
      });
      return json({ name: run.name, pod: cluster.upgrades.podName(run) });
    }
    case 'POST /k8s/upgradeSettings': {
      if (!SETTINGS_PROFILES.includes(body.profile as SettingsProfile)) return bad(`profile must be one of ${SETTINGS_PROFILES.join(', ')}`);
      cluster.upgrades.settings = body.profile as SettingsProfile;
      return json({ profile: cluster.upgrades.settings });
    }
    default:
      return json({ error: `no control endpoint ${route}` }, 404);
  }
}
