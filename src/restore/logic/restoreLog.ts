// What a restore by pattern writes to the log, bounded whatever the run's length:
// the first pages one by one, the first short pages as they come, then at the end
// a summary, the incomplete pages (capped) and the last few raw answers. A run of
// 100,000 pages writes about as many lines as one of 20. Pure: the sink is given.
import { KEPT_ANSWERS, type PageOutcome, type RestorePlanResult } from './restorePlan';

export interface LogSink {
  info(message: string): void;
  warn(message: string): void;
  trace(message: string): void;
}

/** Page lines written one by one; past these the log keeps a summary and the last answers. */
export const LOGGED_PAGES = 10;
/** Short pages and listed starts (incomplete, already done) written at most. */
export const LOGGED_LIST = 20;

function listed(values: readonly string[]): string {
  return values.slice(0, LOGGED_LIST).join(', ') + (values.length > LOGGED_LIST ? ` and ${values.length - LOGGED_LIST} more` : '');
}

export class PageLog {
  private pages = 0;
  private shortPages = 0;

  constructor(
    private readonly sink: LogSink,
    private readonly batchSize: number,
  ) {}

  page(page: PageOutcome): void {
    if (++this.pages <= LOGGED_PAGES) {
      this.sink.info(`  page start=${page.start}: rowsMigrated=${page.rowsMigrated}, ignored=${page.ignored}, ${page.durationMs} ms`);
      this.sink.trace(`    raw: ${page.result.raw}`);
    } else if (this.pages === LOGGED_PAGES + 1) {
      this.sink.info(`  … further pages are summed up at the end, with the last ${KEPT_ANSWERS} answers`);
    }
    if (page.rows < this.batchSize && ++this.shortPages <= LOGGED_LIST) {
      this.sink.warn(
        `  page start=${page.start} covered ${page.rows} of ${this.batchSize} rows: the end, or a batch that failed on the server (the next page tells)`,
      );
    }
  }

  end(plan: RestorePlanResult, elapsed: string): void {
    for (const page of plan.lastPages) this.sink.trace(`  last answers: start=${page.start}: ${page.result.raw}`);
    if (plan.incompletePages.length > 0) {
      this.sink.warn(`  incomplete pages: ${listed(plan.incompletePages.map((p) => `${p.start} (read ${p.read})`))}`);
    }
    const after = plan.doneAfterNext.length ? `, already done after it: ${listed(plan.doneAfterNext.map(String))}` : '';
    this.sink.info(
      `  ${plan.status}: rowsMigrated=${plan.rowsMigrated}, ignored=${plan.ignored}, ${plan.requests} request(s), nextStart=${plan.nextStart}${after}, ${elapsed}`,
    );
  }
}
