import pino from 'pino';

/** JSON logs; tokens, passwords and query strings never reach them (DESIGN.md, logs). */
export function createLogger(level: string) {
  return pino({
    level,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization'], censor: '[masqué]' },
  });
}

export type Logger = ReturnType<typeof createLogger>;
