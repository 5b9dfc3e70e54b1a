import { cloudPrntMediaTypes, type CloudPrntPoll, type CloudPrntPollAnswer } from '@resto/contract/cloudprnt.routes';
import type { Logger } from '../../logger.ts';
import type { JobOutcome } from './queue.ts';
import { printNext, statusCodeOf, type JobSource, type PrintTurn, type TcpTarget } from './tcp.ts';

/** How a print agent runs. */
export interface PrintAgentOptions {
  /** The server's origin, e.g. https://chez-margot.fr (no trailing slash needed). */
  server: string;
  /** The printer's secret, shown on the printers page: the agent's key. */
  key: string;
  /** The printer's address when given (`--printer host:9100`); otherwise the server's printer row's host and port. */
  printer?: TcpTarget;
  /** Between two polls, ms (default 2000). */
  intervalMs?: number;
  /** Each HTTP call and each printer step, ms (default 10 000). */
  timeoutMs?: number;
  /** The identifier the agent polls with, as a printer's MAC address (default `print-agent`). */
  mac?: string;
  logger: Logger;
}

/** An HTTP answer that is not the one expected (the server's status and error code). */
class ServerAnswerError extends Error {}

/**
 * The print agent (docs/decisions/033-kitchen-printers.md), on the restaurant's network (a Raspberry
 * Pi): it polls the server's CloudPRNT endpoints as a Star printer does (packages/contract/src/
 * cloudprnt.routes.ts; Star's « CloudPRNT Protocol Guide »), reporting the ESC/POS printer's state read
 * by DLE EOT as CloudPRNT status codes, fetches each job as `application/vnd.escpos`, forwards it to
 * the printer on port 9100 (tcp.ts, the sender the server's own loop uses too) and confirms it with a
 * DELETE: « 200 OK », or the printer's error (the job is then queued again).
 *
 * Faults: a server unreachable or answering an error is logged and retried at the next turn (a
 * confirmation is retried before that, so a printed ticket is not sent again); a printer unreachable
 * is logged and not polled for, so the server sees it go silent and its tickets wait.
 */
export class PrintAgent {
  private readonly base: string;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly mac: string;
  private target: TcpTarget | null;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** The last turn's kind, to log a change once rather than every turn. */
  private lastKind: string | null = null;

  constructor(private readonly options: PrintAgentOptions) {
    this.base = `${options.server.replace(/\/+$/, '')}/v2/print/cloudprnt/${encodeURIComponent(options.key)}`;
    this.intervalMs = options.intervalMs ?? 2000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.mac = options.mac ?? 'print-agent';
    this.target = options.printer ?? null;
  }

  /** Starts polling; `stop()` ends the loop after the turn under way. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const turn = await this.turn();
      if (turn.kind === 'printed') continue; // the next ticket at once
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.intervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One turn (tcp.ts printNext), its faults logged, never thrown. */
  async turn(): Promise<PrintTurn | { kind: 'server_error'; error: string }> {
    let turn: PrintTurn | { kind: 'server_error'; error: string };
    try {
      turn = await printNext(this.source(), { timeoutMs: this.timeoutMs });
    } catch (error) {
      turn = { kind: 'server_error', error: (error as Error).message };
    }
    const { logger } = this.options;
    if (turn.kind === 'printed') logger.info({ token: turn.token }, 'ticket imprimé');
    else if (turn.kind === 'not_printed') logger.warn({ error: turn.error }, 'ticket non imprimé, remis en file');
    else if (turn.kind !== this.lastKind) {
      if (turn.kind === 'unreachable') logger.error({ error: turn.error }, 'imprimante injoignable');
      if (turn.kind === 'server_error') logger.error({ error: turn.error }, 'serveur injoignable, nouvel essai');
      if (turn.kind === 'unknown_target')
        logger.error('adresse de l’imprimante inconnue : renseignez-la sur la page Imprimantes ou passez --printer hôte:9100');
      if (turn.kind === 'idle') logger.info({ problem: turn.problem }, turn.problem ? 'imprimante en défaut' : 'en attente de tickets');
    }
    this.lastKind = turn.kind;
    return turn;
  }

  private async call(method: 'POST' | 'GET' | 'DELETE', query: Record<string, string>, body?: CloudPrntPoll): Promise<Response> {
    const url = `${this.base}?${new URLSearchParams(query).toString()}`;
    return fetch(url, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  /** The poll, as a CloudPRNT printer's POST. */
  private async post(body: CloudPrntPoll): Promise<CloudPrntPollAnswer> {
    const response = await this.call('POST', {}, body);
    if (!response.ok) throw new ServerAnswerError(`le serveur a répondu ${response.status} au poll`);
    const answer = (await response.json()) as CloudPrntPollAnswer;
    if (answer.printer && !this.options.printer) this.target = answer.printer;
    return answer;
  }

  private source(): JobSource {
    return {
      target: async () => {
        // The printer's address is on the server: a poll that takes nothing (printing in progress) learns it.
        if (!this.target) await this.post({ printerMAC: this.mac, printingInProgress: true, statusCode: encodeURIComponent(statusCodeOf(null)) });
        return this.target;
      },
      poll: async (problem) => {
        const answer = await this.post({ printerMAC: this.mac, printingInProgress: false, statusCode: encodeURIComponent(statusCodeOf(problem)) });
        if (!answer.jobReady || !answer.jobToken) return null;
        const response = await this.call('GET', { type: cloudPrntMediaTypes.escPos, token: answer.jobToken, mac: this.mac });
        if (response.status === 404) return null; // handed out again meanwhile, or nothing left to print
        if (!response.ok) throw new ServerAnswerError(`le serveur a répondu ${response.status} au ticket`);
        return { token: answer.jobToken, bytes: new Uint8Array(await response.arrayBuffer()) };
      },
      answer: (token, outcome) => this.confirm(token, outcome),
    };
  }

  /**
   * The DELETE of a job, tried up to 5 times (a printed ticket unconfirmed would print again, as a
   * reprint, after its timeout). A ticket written to the printer whose outcome is unknown is not
   * answered: a CloudPRNT error code reads « not printed », so the job is left to its timeout,
   * after which it prints again marked « RÉIMPRESSION » (queue.ts claimJob).
   */
  private async confirm(token: string, outcome: JobOutcome): Promise<void> {
    if (!outcome.printed && outcome.mayHavePrinted) {
      this.options.logger.warn(
        { token, error: outcome.error },
        'ticket envoyé sans confirmation de l’imprimante : réimprimé après le délai, marqué « RÉIMPRESSION »',
      );
      return;
    }
    const code = outcome.printed ? '200 OK' : /^\d{3}\b/.test(outcome.error) ? outcome.error : `500 ${outcome.error}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.call('DELETE', { code, token, mac: this.mac });
        if (response.ok || response.status === 404) return;
        throw new ServerAnswerError(`le serveur a répondu ${response.status} à la confirmation`);
      } catch (error) {
        if (attempt >= 5 || this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(this.intervalMs, 1000) * attempt));
      }
    }
  }
}

/**
 * The agent's command line: `--server https://… --key <secret> [--printer host:port] [--interval 2]`
 * (seconds). @throws Error naming what is missing or malformed, in French.
 */
export function parseAgentArgs(argv: readonly string[]): Omit<PrintAgentOptions, 'logger'> {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    if (!name.startsWith('--')) throw new Error(`argument inattendu : ${name}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} attend une valeur`);
    values.set(name.slice(2), value);
    i++;
  }
  const server = values.get('server');
  const key = values.get('key');
  if (!server || !/^https?:\/\//.test(server)) throw new Error('--server https://… est requis (l’adresse du site)');
  if (!key) throw new Error('--key est requis (la clé de l’imprimante, sur la page Imprimantes)');
  const options: Omit<PrintAgentOptions, 'logger'> = { server, key };
  const printer = values.get('printer');
  if (printer) {
    const match = /^(.+?)(?::(\d{1,5}))?$/.exec(printer);
    if (!match) throw new Error('--printer attend hôte:port (par exemple 192.168.1.50:9100)');
    options.printer = { host: match[1]!, port: match[2] ? Number(match[2]) : 9100 };
  }
  const interval = values.get('interval');
  if (interval !== undefined) {
    const seconds = Number(interval);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--interval attend un nombre de secondes');
    options.intervalMs = seconds * 1000;
  }
  for (const name of values.keys()) if (!['server', 'key', 'printer', 'interval'].includes(name)) throw new Error(`option inconnue : --${name}`);
  return options;
}
