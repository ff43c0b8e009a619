// One rule for results: every command's result carries the one sentence the palette
// shows (`message`), so the typed API returns what a person is told. Where something was
// not done, not confirmed or stopped early, the result names why in a field of its own.

/** What every result of a command carries. */
export interface Outcome {
  /** The one-sentence outcome, as the notification says it. */
  message: string;
}
