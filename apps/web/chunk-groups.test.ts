import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoadGroups, layoutsOf, type Layouts, type ModuleImporters } from './chunk-groups.ts';

// A small app on disk (the barrels are read from their source), its module graph given as Rolldown would.
const root = mkdtempSync(join(tmpdir(), 'chunk-groups-'));
const app = join(root, 'apps/web/app');
const route = (file: string) => `${join(app, file)}?__react-router-build-client-route`;
const files: Record<string, string> = {
  'root.tsx': "import { useRecovery } from './features/pwa/index.ts';",
  'entry.client.tsx': '',
  'routes/shell.tsx': "import { Overlays } from '../features/pwa/index.ts';\nimport { footer } from '../components/footer.tsx';",
  'routes/menu.tsx': "import { price } from '../lib/price.ts';\nimport { search } from '../lib/search.ts';",
  'routes/checkout.tsx': "import { slots } from '../lib/slots.ts';",
  'routes/restaurant-area.tsx': "import { StaffShell } from '../features/staff/index.ts';",
  'routes/restaurant-orders.tsx': "import { price } from '../lib/price.ts';\nimport { slots } from '../lib/slots.ts';",
  'features/pwa/index.ts': "export { Overlays } from './overlays.tsx';\nexport { useRecovery } from './recovery.ts';",
  'features/pwa/overlays.tsx': '',
  'features/pwa/recovery.ts': '',
  'features/pwa/dialog.tsx': '',
  'features/staff/index.ts': "export { StaffShell } from './staff-shell.tsx';",
  'features/staff/staff-shell.tsx': '',
  'components/footer.tsx': '',
  'lib/price.ts': '',
  'lib/search.ts': '',
  'lib/slots.ts': '',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(dirname(join(app, file)), { recursive: true });
  writeFileSync(join(app, file), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const imports: [string, string][] = [
  ['root.tsx', 'features/pwa/index.ts'],
  ['routes/shell.tsx', 'features/pwa/index.ts'],
  ['routes/shell.tsx', 'components/footer.tsx'],
  ['features/pwa/index.ts', 'features/pwa/overlays.tsx'],
  ['features/pwa/index.ts', 'features/pwa/recovery.ts'],
  ['routes/menu.tsx', 'lib/price.ts'],
  ['routes/menu.tsx', 'lib/search.ts'],
  ['routes/checkout.tsx', 'lib/slots.ts'],
  ['routes/restaurant-orders.tsx', 'lib/slots.ts'],
  ['lib/search.ts', '../../../node_modules/zustand/esm/react.mjs'],
  ['lib/slots.ts', '../../../node_modules/zod/index.js'],
  ['routes/restaurant-orders.tsx', 'lib/price.ts'],
  ['routes/restaurant-area.tsx', 'features/staff/index.ts'],
  ['features/staff/index.ts', 'features/staff/staff-shell.tsx'],
];
const dynamicImports: [string, string][] = [['features/pwa/overlays.tsx', 'features/pwa/dialog.tsx']];
const routeFiles = ['root.tsx', 'routes/shell.tsx', 'routes/menu.tsx', 'routes/checkout.tsx', 'routes/restaurant-area.tsx', 'routes/restaurant-orders.tsx'];

function getModuleInfo(id: string): ModuleImporters | null {
  const file = id.replace(`${app}/`, '');
  if (id.endsWith('?__react-router-build-client-route')) return { importers: [], dynamicImporters: [] };
  const importers = imports.filter(([, to]) => join(app, to) === id).map(([from]) => join(app, from));
  if (routeFiles.includes(file)) importers.push(route(file));
  const dynamicImporters = dynamicImports.filter(([, to]) => to === file).map(([from]) => join(app, from));
  return { importers, dynamicImporters };
}

const layouts: Layouts = {
  root: 'root.tsx',
  entry: 'entry.client.tsx',
  storefront: { layout: 'routes/shell.tsx', pages: ['routes/menu.tsx', 'routes/checkout.tsx'], landing: ['routes/menu.tsx'] },
  staff: { layout: 'routes/restaurant-area.tsx', pages: ['routes/restaurant-orders.tsx'] },
};
const groupOf = (file: string) => firstLoadGroups(app, layouts)(join(app, file), { getModuleInfo });

describe('firstLoadGroups (docs/decisions/027: few first-load chunks, none across storefront and staff)', () => {
  it("puts what the root takes from a feature's index.ts in the app's group", () => {
    expect(groupOf('features/pwa/recovery.ts')).toBe('app-shell');
  });

  it("leaves in the storefront's group what only the storefront's layout takes from the same index.ts", () => {
    expect(groupOf('features/pwa/overlays.tsx')).toBe('storefront-shell');
    expect(groupOf('components/footer.tsx')).toBe('storefront-shell');
  });

  it("puts the staff layout's modules in the staff's group", () => {
    expect(groupOf('features/staff/staff-shell.tsx')).toBe('staff-shell');
  });

  it("puts the landing page's own modules in the storefront's group, and those a staff page loads too in the app's", () => {
    expect(groupOf('lib/search.ts')).toBe('storefront-shell');
    expect(groupOf('lib/price.ts')).toBe('app-shell');
  });

  it('leaves to automatic chunking a module both storefront and staff pages load, a lazy one, and the route modules', () => {
    expect(groupOf('lib/slots.ts')).toBeNull();
    expect(groupOf('features/pwa/dialog.tsx')).toBeNull();
    expect(groupOf('routes/shell.tsx')).toBeNull();
    expect(groupOf('root.tsx')).toBeNull();
  });

  it("groups node_modules only where a landing page loads them", () => {
    expect(groupOf('../../../node_modules/zustand/esm/react.mjs')).toBe('storefront-shell');
    expect(groupOf('../../../node_modules/zod/index.js')).toBeNull();
  });
});

describe('layoutsOf', () => {
  const config = [
    { file: 'routes/shell.tsx', children: [{ file: 'routes/home.tsx' }, { file: 'routes/menu.tsx' }] },
    { file: 'routes/restaurant-area.tsx', children: [{ file: 'routes/restaurant-orders.tsx' }] },
  ];

  it('reads the layouts, their pages and the landing pages', () => {
    expect(layoutsOf(config, ['routes/menu.tsx']).storefront).toEqual({
      layout: 'routes/shell.tsx',
      pages: ['routes/home.tsx', 'routes/menu.tsx'],
      landing: ['routes/menu.tsx'],
    });
  });

  it('refuses a landing page outside the storefront', () => {
    expect(() => layoutsOf(config, ['routes/restaurant-orders.tsx'])).toThrow(/not under routes\/shell.tsx/);
  });
});
