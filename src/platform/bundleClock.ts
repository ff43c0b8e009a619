// extension.ts imports this module first, so it runs when dist/extension.js
// starts evaluating: activate() reports how long loading the bundle took.
export const bundleEvaluationStarted = performance.now();
