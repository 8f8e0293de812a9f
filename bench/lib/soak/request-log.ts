/** What the load generator saw in one stretch of time. */
export interface LoadWindow {
  /** HTTP requests answered, errors included */
  requests: number;
  /** journeys sealed and their webhook received */
  journeys: number;
  /** response times of the 2xx answers, all kinds together, in ms */
  timesMs: number[];
  /** by step ("create", "sign-in" …): its 2xx response times in ms */
  timesByKind: Record<string, number[]>;
  /** "<step>: HTTP 500", "<step>: timeout", "seal: no webhook" … and how often */
  errors: Record<string, number>;
}

function pushTime(window: LoadWindow, kind: string, ms: number) {
  const times = window.timesByKind[kind];
  if (times) times.push(ms);
  else window.timesByKind[kind] = [ms];
}

const emptyWindow = (): LoadWindow => ({ requests: 0, journeys: 0, timesMs: [], timesByKind: {}, errors: {} });

/**
 * The soak's record of every request and journey: `take()` hands out what happened since the last
 * take (one sample), and `total()` the whole run.
 */
export class RequestLog {
  private window = emptyWindow();
  private readonly all = emptyWindow();
  /** the first errors' details (an answer's body), to say why without a debugger */
  readonly examples: string[] = [];

  /** a 2xx answer of a step's request */
  ok(kind: string, ms: number) {
    for (const into of [this.window, this.all]) {
      into.requests++;
      into.timesMs.push(ms);
      pushTime(into, kind, ms);
    }
  }

  /** a wait that is no request (the seal: from the last finish to its webhook), kept apart from the requests' p99 */
  waited(kind: string, ms: number) {
    for (const into of [this.window, this.all]) pushTime(into, kind, ms);
  }

  /** a request that failed (`request` true) or a wait that did not end well */
  error(kind: string, what: string, request = true, detail?: string) {
    if (detail !== undefined && this.examples.length < 10) this.examples.push(`${kind}: ${what}: ${detail}`);
    for (const into of [this.window, this.all]) {
      if (request) into.requests++;
      const key = `${kind}: ${what}`;
      into.errors[key] = (into.errors[key] ?? 0) + 1;
    }
  }

  journeyDone() {
    this.window.journeys++;
    this.all.journeys++;
  }

  take(): LoadWindow {
    const taken = this.window;
    this.window = emptyWindow();
    return taken;
  }

  total(): LoadWindow {
    return this.all;
  }
}
