import { createLogger } from '../logger.ts';
import { parseAgentArgs, PrintAgent } from '../modules/printing/index.ts';

/**
 * npm run print-agent -- --server https://… --key <printer secret> [--printer host:9100] [--interval 2]
 * (docs/decisions/033-kitchen-printers.md): the print agent, on the restaurant's network, polls the
 * server as a Star CloudPRNT printer does and forwards each ticket to an ESC/POS printer on port 9100
 * (modules/printing/agent.ts). Logs one JSON object a line on stdout (LOG_LEVEL, default info); stops
 * on SIGINT or SIGTERM after the ticket under way.
 */
function main() {
  let options;
  try {
    options = parseAgentArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage : npm run print-agent -- --server https://… --key <clé> [--printer hôte:9100] [--interval 2]\n`);
    process.exit(2);
  }
  const logger = createLogger(process.env.LOG_LEVEL || 'info');
  const agent = new PrintAgent({ ...options, logger });
  logger.info({ server: options.server, printer: options.printer ?? 'celle de la page Imprimantes' }, 'agent d’impression démarré');
  agent.start();
  const stop = () => void agent.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
