// Held answers: requests of a held action wait, unanswered, until the test releases them. A test that
// needs requests to overlap (refreshes joining one in flight, a token change while one is in flight)
// holds the action, waits until the sandbox holds what it expects, acts, then releases: the overlap is
// made, not hoped for from an answer delay on a busy machine.
//   POST /__sandbox/hold {"action"}  holds that action (the recorded action name: getIndexSizes, graphql, ...)
//   GET  /__sandbox/hold             {"actions": [...], "held": [{action, tokenName?}]} (arrival order)
//   POST /__sandbox/release          answers every held request, holds nothing more: {"released": n}
// A reset releases everything too, so a failed test leaves no request hanging.

export interface HeldRequest {
  action: string;
  tokenName?: string;
}

export class Holds {
  private readonly actions = new Set<string>();
  private waiting: Array<HeldRequest & { release: () => void }> = [];

  hold(action: string): void {
    this.actions.add(action);
  }

  /** Resolves at once unless the action is held; then when released. */
  wait(action: string | null | undefined, tokenName: string | undefined): Promise<void> {
    if (!action || !this.actions.has(action)) return Promise.resolve();
    return new Promise((release) => this.waiting.push({ action, ...(tokenName !== undefined ? { tokenName } : {}), release }));
  }

  describe(): { actions: string[]; held: HeldRequest[] } {
    return { actions: [...this.actions], held: this.waiting.map(({ action, tokenName }) => ({ action, ...(tokenName !== undefined ? { tokenName } : {}) })) };
  }

  /** Answers every held request and holds nothing more; how many were held. */
  release(): number {
    const held = this.waiting;
    this.waiting = [];
    this.actions.clear();
    for (const h of held) h.release();
    return held.length;
  }
}
