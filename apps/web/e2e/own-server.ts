import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiledServerArgs, mailSink, servers } from './servers.ts';
import { e2eFirstOwnerToken } from './staff-helpers.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * A compiled server of a spec's own, on its own PGlite `dataDir` and port, that the spec stops and
 * starts again on the same data with its clock frozen at another instant (a month's end, last
 * week, a printer silent for 90 s): the tuesday server's settings, the mail sink, the test
 * payment processor and the e2e first owner's token.
 */
export class OwnServer {
  private child: ChildProcess | undefined;
  readonly base: string;

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {
    this.base = `http://localhost:${port}`;
  }

  /** Starts it with its clock frozen at `now` (ISO 8601); resolves once /v2/health answers, throws when it exits or after 2 minutes. */
  async start(now: string): Promise<void> {
    const started = spawn(process.execPath, compiledServerArgs, {
      cwd: webDir,
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        DEMO_HISTORY: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        CLOCK_NOW: now,
        SMTP_URL: `smtp://127.0.0.1:${mailSink.smtpPort}`,
        MAIL_FROM: 'Chez Margot <no-reply@chez-margot.example>',
        PAYMENT_TEST_MODE: '1',
        RATE_LIMIT_FACTOR: '1000',
        STAFF_FIRST_OWNER_TOKEN: e2eFirstOwnerToken,
        ...servers.tuesday.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = started;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${started.exitCode})`);
      try {
        if ((await fetch(`${this.base}/v2/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('le serveur ne répond pas');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Stops it (SIGTERM: it closes its database cleanly) and waits for it to exit. */
  async stop(): Promise<void> {
    const running = this.child;
    this.child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
}
