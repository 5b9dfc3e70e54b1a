import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The client build's first-load groups (docs/decisions/027): the app's
 * own modules (apps/web/app, packages/*) that a layout loads on every page under it, merged into one
 * chunk per layout instead of ~50 small files (each file costs its own gzip header and loses the
 * shared compression context: ~11 KB on /menu).
 *
 * - `app-shell`: reached by the root route or entry.client: every page loads it already.
 * - `storefront-shell`: reached by the storefront's layout (routes/shell.tsx), and by nothing outside it.
 * - `staff-shell`: reached by the staff area's layout (routes/restaurant-area.tsx), and by nothing outside it.
 *
 * The storefront's landing pages (`/` and `/menu`, where visitors arrive) load the rest of their
 * first load from these groups too, modules of node_modules included (zustand): a module their
 * route modules import statically goes to `storefront-shell`, or to `app-shell` when a staff page
 * may load it as well. Every file of a first load is one more request in the slow-4G simulation of
 * Lighthouse, which counts them in the largest paint (docs/decisions/027): /menu went from 30 files
 * to 9 for about the same bytes; `/` and `/menu` each load the other's few kilobytes.
 *
 * "Reached" follows static and dynamic importers up to the route modules, through a feature's
 * index.ts only towards the files that import, from it, a name the module gives it (the barrel
 * re-exports the whole feature: root.tsx takes two hooks from features/pwa/index.ts, not its
 * overlays), so a module that a staff
 * page (or a lazy piece of one) may load never lands in `storefront`, nor the reverse: no page loads
 * a group it does not already need whole, except the landing pages' share above. Anything else (a
 * single page's modules, modules shared by some pages only, the rest of node_modules) keeps
 * Rolldown's automatic chunking.
 */
export type FirstLoadGroup = 'app-shell' | 'storefront-shell' | 'staff-shell';

/** The part of Rolldown's module info the grouping reads (absolute module ids). */
export interface ModuleImporters {
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

/** The layouts and their pages, as route files relative to apps/web/app (`routes/shell.tsx`). */
export interface Layouts {
  root: string;
  entry: string;
  /** `landing`: the pages visitors arrive on, whose whole first load is grouped (some of `pages`). */
  storefront: { layout: string; pages: readonly string[]; landing: readonly string[] };
  staff: { layout: string; pages: readonly string[] };
}

/**
 * Reads the two layouts and their pages from the route config (app/routes.ts), with the storefront's
 * landing pages (route files); throws if a layout is missing or a landing page is not a storefront page.
 */
export function layoutsOf(routes: readonly RouteConfigEntry[], landing: readonly string[]): Layouts {
  const filesUnder = (entry: RouteConfigEntry): string[] => (entry.children ?? []).flatMap((child) => [child.file, ...filesUnder(child)]);
  const layout = (file: string) => {
    const entry = routes.find((route) => route.file === file);
    if (!entry) throw new Error(`chunk-groups: no layout ${file} in app/routes.ts`);
    return { layout: file, pages: filesUnder(entry) };
  };
  const storefront = layout('routes/shell.tsx');
  const stray = landing.find((file) => !storefront.pages.includes(file));
  if (stray) throw new Error(`chunk-groups: landing page ${stray} is not under routes/shell.tsx`);
  return { root: 'root.tsx', entry: 'entry.client.tsx', storefront: { ...storefront, landing }, staff: layout('routes/restaurant-area.tsx') };
}

const stripQuery = (id: string) => id.replace(/\?.*$/, '');
const isBarrel = (id: string) => /[\\/]apps[\\/]web[\\/]app[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id);
const sourceCache = new Map<string, string>();
const sourceOf = (id: string) => {
  const file = stripQuery(id);
  let text = sourceCache.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = '';
    }
    sourceCache.set(file, text);
  }
  return text;
};
/** The names inside `{ … }` of an import or re-export: `type X` left out, `a as b` read as `a` (or `b` with `exported`). */
const namesIn = (list: string, exported: boolean) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [local, alias] = part.split(/\s+as\s+/);
      return ((exported ? (alias ?? local) : local) ?? '').trim();
    });
const fromClause = /(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;

/** A barrel's re-exports: source file → the names the barrel gives out from it. `export *` is not read (the walk then goes through). */
function reExportsOf(barrelId: string): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const [, keyword, typeOnly, list, from] of sourceOf(barrelId).matchAll(fromClause)) {
    if (keyword !== 'export' || typeOnly || !from?.startsWith('.')) continue;
    const file = resolve(dirname(stripQuery(barrelId)), from);
    const names = map.get(file) ?? new Set<string>();
    for (const name of namesIn(list ?? '', true)) names.add(name);
    map.set(file, names);
  }
  return map;
}

/** Whether `userId`'s source takes one of `names` from the barrel (relative specifiers only; other forms count as yes). */
function importsAny(userId: string, barrelId: string, names: Set<string>): boolean {
  const barrelFile = stripQuery(barrelId);
  const source = sourceOf(userId);
  let understood = false;
  for (const [, , typeOnly, list, from] of source.matchAll(fromClause)) {
    if (!from?.startsWith('.') || resolve(dirname(stripQuery(userId)), from) !== barrelFile) continue;
    understood = true;
    if (!typeOnly && namesIn(list ?? '', false).some((name) => names.has(name))) return true;
  }
  return !understood;
}

const appCode = /[\\/](apps[\\/]web[\\/]app|packages[\\/][^\\/]+[\\/]src)[\\/]/;
const routeSuffix = /\?__react-router-build-client-route$/;

/**
 * A grouping function for Rolldown's `codeSplitting.groups[].name`: `(id, ctx)` → the group of the
 * module `id`, or null (automatic chunking). `appDir` is apps/web/app's absolute path.
 */
export function firstLoadGroups(
  appDir: string,
  layouts: Layouts,
): (id: string, ctx: { getModuleInfo(id: string): ModuleImporters | null }) => FirstLoadGroup | null {
  const prefix = appDir.replace(/[\\/]$/, '') + '/';
  const routeFile = (id: string) => (id.startsWith(prefix) ? id.slice(prefix.length).replace(routeSuffix, '').replace(/\\/g, '/') : undefined);
  const storefrontPages = new Set(layouts.storefront.pages);
  const staffPages = new Set(layouts.staff.pages);
  const landingPages = new Set(layouts.storefront.landing);
  const routeFiles = new Set([layouts.root, layouts.entry, layouts.storefront.layout, layouts.staff.layout, ...storefrontPages, ...staffPages]);
  const isRoute = (file: string) => routeFiles.has(file);

  return (id, ctx) => {
    if (id.startsWith('\0')) return null;
    const inApp = appCode.test(id) && !id.includes('node_modules');
    // Route modules and the entry stay in their own entry chunks: moved into a group, their chunk
    // becomes a facade that Rolldown may fill with shared modules, and whoever needs those then
    // loads the whole group behind it (seen: root loading the storefront's group).
    const own = routeFile(id);
    if (own !== undefined && (routeSuffix.test(id) || isRoute(own))) return null;
    // Every route module (and entry) the module can be loaded from: statically (in the route's first
    // load) or through a dynamic import somewhere on the way (lazily).
    const statically = new Set<string>();
    const lazily = new Set<string>();
    const seen = new Set<string>();
    const queue: [string, boolean][] = [[id, false]];
    let unknownRoot = false;
    while (queue.length > 0) {
      const [current, lazy] = queue.pop()!;
      const key = `${lazy ? 'lazy' : 'static'}:${current}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const file = routeFile(current);
      if (file !== undefined && (routeSuffix.test(current) || file === layouts.entry)) {
        (lazy ? lazily : statically).add(file);
        continue;
      }
      const info = ctx.getModuleInfo(current);
      if (!info || info.importers.length + info.dynamicImporters.length === 0) unknownRoot = true;
      for (const parent of info?.dynamicImporters ?? []) queue.push([parent, true]);
      for (const parent of info?.importers ?? []) {
        if (!isBarrel(parent)) {
          queue.push([parent, lazy]);
          continue;
        }
        // Through a feature's index.ts: only towards the files that take from it a name it has from `current`.
        const names = reExportsOf(parent).get(stripQuery(current));
        const barrel = ctx.getModuleInfo(parent);
        if (!barrel || names === undefined) {
          queue.push([parent, lazy]);
          continue;
        }
        for (const user of barrel.dynamicImporters) queue.push([user, true]);
        for (const user of barrel.importers) if (importsAny(user, parent, names)) queue.push([user, lazy]);
      }
    }
    // A package the root loads comes along with the app's group (its dependencies are included).
    const byRoot = statically.has(layouts.root) || statically.has(layouts.entry);
    if (byRoot) return inApp ? 'app-shell' : null;
    if (unknownRoot) return null;
    const routes = new Set([...statically, ...lazily]);
    const onLanding = statically.has(layouts.storefront.layout) || [...statically].some((route) => landingPages.has(route));
    const onStaff = [...routes].some((route) => route === layouts.staff.layout || staffPages.has(route));
    if (onLanding) return onStaff ? 'app-shell' : 'storefront-shell';
    if (!inApp) return null;
    const only = (layout: string, pages: Set<string>) => statically.has(layout) && [...routes].every((route) => route === layout || pages.has(route));
    if (only(layouts.storefront.layout, storefrontPages)) return 'storefront-shell';
    if (only(layouts.staff.layout, staffPages)) return 'staff-shell';
    return null;
  };
}
