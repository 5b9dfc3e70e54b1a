import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRouteFile, withoutRouteDocs } from './route-docs.ts';

const contractDir = join(import.meta.dirname, '../../packages/contract/src');

describe('the route files as the browser bundle takes them (withoutRouteDocs)', () => {
  it('empties the summary, the descriptions and the answers texts, and keeps the rest', () => {
    const source = [
      "export const r = createRoute({ operationId: 'r', method: 'get', path: '/v2/x/{id}', summary: 'Un résumé.',",
      "  description: 'Une ' +\n    'description.', request: { params: z.object({ id: z.string().meta({ description: `L’id.` }) }), body: jsonBody(S, 'Le corps.') },",
      "  responses: { 200: successAnswer(S, 'La réponse.'), 404: errorAnswer('Inconnu.'), 409: errorAnswer(text) } });",
    ].join('\n');
    const trimmed = withoutRouteDocs(source, 'x.routes.ts');
    expect(trimmed).not.toMatch(/résumé|description\.|L’id|Le corps|La réponse|Inconnu/);
    expect(trimmed).toContain("operationId: 'r', method: 'get', path: '/v2/x/{id}', summary: '',");
    expect(trimmed).toContain("successAnswer(S, ''), 404: errorAnswer(''), 409: errorAnswer(text)");
    expect(trimmed).toContain("jsonBody(S, '')");
  });

  it('leaves every contract route file valid TypeScript with the same paths and methods', () => {
    const files = readdirSync(contractDir).filter((name) => isRouteFile(join(contractDir, name)));
    expect(files).toContain('route-kit.ts');
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const source = readFileSync(join(contractDir, name), 'utf8');
      const trimmed = withoutRouteDocs(source, name);
      expect(trimmed.length, name).toBeLessThanOrEqual(source.length);
      expect(trimmed.match(/path: '[^']*'/g), name).toEqual(source.match(/path: '[^']*'/g));
      expect(trimmed.match(/method: '[^']*'/g), name).toEqual(source.match(/method: '[^']*'/g));
    }
  });

  it('names the route files only', () => {
    expect(isRouteFile('/r/packages/contract/src/orders.routes.ts')).toBe(true);
    expect(isRouteFile('/r/packages/contract/src/route-kit.ts')).toBe(true);
    expect(isRouteFile('/r/packages/contract/src/orders.ts')).toBe(false);
  });
});
