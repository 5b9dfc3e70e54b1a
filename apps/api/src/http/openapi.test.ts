import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import * as spectralParsers from '@stoplight/spectral-parsers';
import * as spectralRulesets from '@stoplight/spectral-rulesets';
import { errorOf, payloadOf, request, startTestServer, type TestServer } from '../test/harness.ts';
import { createTestStaff, staffRequest, type TestStaff } from '../test/staff.ts';

/**
 * The route foundation (http/openapi.ts `serve`, packages/contract/src/route-kit.ts), through the
 * real server on a real route (the push subscriptions, a staff route with a JSON body): the staff
 * guard runs before the body is read, a JSON body is read whatever its Content-Type, malformed
 * JSON and a refused field are our French errors, and the document carries what the route declares.
 */
let server: TestServer;
let member: TestStaff;
const path = '/v2/restaurant/push/subscriptions';
const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };

beforeAll(async () => {
  server = await startTestServer();
  member = await createTestStaff(server.db);
});
afterAll(() => server.close());

describe('serve(): one route definition served', () => {
  test('the staff guard answers 401 before the body is read: a stranger with malformed JSON gets staff_login_required', async () => {
    const response = await request(server.baseUrl, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(401);
    expect(errorOf(response).code).toBe('staff_login_required');
  });

  test('a JSON body is read whatever its Content-Type (text/plain, none)', async () => {
    for (const headers of [{ 'Content-Type': 'text/plain' }, {}] as Record<string, string>[]) {
      const response = await request(server.baseUrl, path, { method: 'POST', headers: { ...headers, Cookie: member.cookie }, body: JSON.stringify(subscription) });
      expect(response.status).toBe(200);
      expect(payloadOf(response)).toEqual({ endpoint: subscription.endpoint, subscribed: true });
    }
  });

  test('malformed JSON is invalid_json; a refused field is invalid_request naming the field, in French', async () => {
    const malformed = await request(server.baseUrl, path, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: member.cookie }, body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed)).toMatchObject({ code: 'invalid_json', message: "Le corps de la requête n'est pas un JSON valide." });
    const refused = await staffRequest(server, member.cookie, 'POST', path, { ...subscription, endpoint: 42 });
    expect(refused.status).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe('invalid_request');
    expect(error.errors.map((field) => field.path)).toEqual(['endpoint']);
    expect(error.message.startsWith('La requête contient des erreurs.')).toBe(true);
  });

  test('a query name given twice is read by its first value, as the API always read it; the document keeps its declared parameter', async () => {
    const once = await request<unknown[]>(server.baseUrl, '/v2/public/recommendations/popular?limit=2');
    const twice = await request<unknown[]>(server.baseUrl, '/v2/public/recommendations/popular?limit=2&limit=40');
    expect(twice.status).toBe(200);
    expect(payloadOf(twice)).toEqual(payloadOf(once));
    const refused = await request(server.baseUrl, '/v2/public/recommendations/popular?limit=40&limit=2');
    expect(refused.status).toBe(400);
    expect(errorOf(refused).code).toBe('invalid_request');
    const document = payloadOrDocument(await request<Record<string, unknown>>(server.baseUrl, '/v2/openapi.json'));
    const operation = document.paths['/v2/public/recommendations/popular']!.get! as Operation & { parameters: { name: string; in: string }[] };
    expect(operation.operationId).toBe('listPopularItems');
    expect(operation.parameters.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['query limit']);
  });

  test('the document: operationId, the tag defined, the staff security, the guard’s 401 and the common errors', async () => {
    const document = payloadOrDocument(await request<Record<string, unknown>>(server.baseUrl, '/v2/openapi.json'));
    const operation = document.paths[path]!.post!;
    expect(operation.operationId).toBe('subscribeToPush');
    expect(operation['x-staff-role']).toBe('staff');
    expect(operation.security).toEqual([{ staffCookie: [] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '413', '500', '503']);
    expect(document.tags.map((tag) => tag.name)).toContain(operation.tags[0]);
  });
});

/** The staff area's operations that need no session (docs/decisions/020-staff-accounts.md): log-in, log-out (its own session, checked by the handler) and the invitation links. */
const openStaffOperations = new Set([
  'post /v2/restaurant/auth/login',
  'post /v2/restaurant/auth/logout',
  'get /v2/restaurant/invitations/{token}',
  'post /v2/restaurant/invitations/{token}',
]);

describe('the staff guard, documented', () => {
  test('every /v2/restaurant/* operation but log-in, log-out and the invitation links declares the staff security, its 401 and x-staff-role', async () => {
    const document = payloadOrDocument(await request<Record<string, unknown>>(server.baseUrl, '/v2/openapi.json'));
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/v2/restaurant/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method} ${path}`;
        if (openStaffOperations.has(name)) continue;
        const lacks = [
          JSON.stringify(operation.security) === JSON.stringify([{ staffCookie: [] }]) ? null : 'security',
          '401' in operation.responses ? null : '401',
          operation['x-staff-role'] === 'staff' || operation['x-staff-role'] === 'owner' ? null : 'x-staff-role',
        ].filter((part) => part !== null);
        if (lacks.length > 0) missing.push(`${name} (${lacks.join(', ')})`);
      }
    }
    expect(missing, 'to declare with staffOnly').toEqual([]);
  });
});

interface Operation {
  operationId: string;
  tags: string[];
  security: unknown;
  responses: Record<string, unknown>;
  'x-staff-role'?: string;
}

function payloadOrDocument(response: { body: unknown }) {
  return response.body as { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };
}

/**
 * Stoplight Spectral's `spectral:oas` ruleset, every rule at its recommended severity, on the
 * document the API serves: a client generated from it (openapi-typescript, orval) gets named
 * operations, defined tags and descriptions. The only findings left are a deployment's: its
 * servers and its contact (`oas3-api-servers`, `info-contact`), which the document cannot know.
 */
const deploymentRules = new Set(['oas3-api-servers', 'info-contact']);

describe('the document, linted by Spectral (spectral:oas)', () => {
  test('no error and no warning but the servers and contact of a deployment', async () => {
    const document = payloadOrDocument(await request<Record<string, unknown>>(server.baseUrl, '/v2/openapi.json'));
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[spectralRulesets.oas as RulesetDefinition, 'recommended']] });
    const findings = await spectral.run(new spectralCore.Document(JSON.stringify(document), spectralParsers.Json, 'openapi.json'));
    const described = findings
      .filter((finding) => !deploymentRules.has(String(finding.code)))
      .map((finding) => `${finding.code} ${finding.path.join('.')}: ${finding.message}`);
    expect(described).toEqual([]);
    // The document itself was read (a finding names the missing servers): the linter ran.
    expect(findings.map((finding) => finding.code)).toContain('oas3-api-servers');
  });
});
