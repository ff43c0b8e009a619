// The README's pictures: which UI-suite screenshot each comes from and what part of it
// (read by `npm run readme:images`, test/ui/readmeImages.ts, and by the README's unit test).

export interface Picture {
  /** The file the README names under media/readme/. */
  out: string;
  /** The UI suite's screenshot it comes from (test-results/screenshots/<from>.png, 1400 × 900). */
  from: string;
  /** The part kept, in the screenshot's pixels. */
  crop: { x: number; y: number; width: number; height: number };
  /** Width of the picture written (the height follows). */
  width: number;
}

/** Every picture of the README, in its order. */
export const PICTURES: Picture[] = [
  { out: 'doctor.jpg', from: 'doctor-02-red-cluster-and-stopped-consumer', crop: { x: 0, y: 30, width: 1400, height: 870 }, width: 900 },
  { out: 'indices.jpg', from: 'restore-02b-index-tooltip-on-hover', crop: { x: 0, y: 30, width: 560, height: 740 }, width: 520 },
  { out: 'replay.jpg', from: 'doctor-04-replay-confirmation-with-the-dry-run', crop: { x: 0, y: 30, width: 1000, height: 680 }, width: 740 },
  { out: 'truncate.jpg', from: 'truncate-03-dry-run-modal', crop: { x: 0, y: 30, width: 990, height: 630 }, width: 740 },
  { out: 'retention.jpg', from: 'retention-02-planner-with-results', crop: { x: 345, y: 35, width: 1055, height: 865 }, width: 800 },
  { out: 'health.jpg', from: 'health-01-view-with-lag-and-drift-groups', crop: { x: 0, y: 30, width: 1400, height: 420 }, width: 900 },
  { out: 'inspect.jpg', from: 'inspect-01-search-stale', crop: { x: 345, y: 35, width: 1055, height: 700 }, width: 760 },
  { out: 'readiness.jpg', from: 'readiness-25-upgrade-readiness-report', crop: { x: 345, y: 60, width: 1055, height: 420 }, width: 720 },
  { out: 'gc.jpg', from: 'gc-01-gc-group-with-findings', crop: { x: 0, y: 30, width: 770, height: 510 }, width: 720 },
  { out: 'production.jpg', from: 'production-03-typed-name-exact', crop: { x: 0, y: 0, width: 1010, height: 900 }, width: 680 },
];
