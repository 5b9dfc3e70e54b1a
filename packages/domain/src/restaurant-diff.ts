import { weekdays } from './catalogue.ts';
import { formatEuros } from './format.ts';
import type { RestaurantFile } from './restaurant-file.ts';
import { auditFieldLabels, type diffKindLabels, importSummary as s } from '@resto/copy/staff/audit';

/**
 * What an import would change (docs/decisions/023-back-office.md): the
 * restaurant file of the database compared with the file being imported, entity by entity (menus,
 * categories, dishes, offers and coupons by their ids, exceptions by date) and setting by setting.
 * Pure: the API builds the current file from the database (export) and calls this.
 */

type DiffKind = keyof typeof diffKindLabels;

/** One changed field: `before` / `after` as a person reads them (« 11,50 € », « Oui », « gluten, lait »). */
interface FieldChange {
  field: string;
  /** French label (« Prix à emporter »). */
  label: string;
  before: string;
  after: string;
}

/** One menu, category, dish, offer or exception added, removed or changed. */
interface EntityChange {
  kind: DiffKind;
  change: 'added' | 'removed' | 'changed';
  /** The entity's id (an exception's date, 'AAAA-MM-JJ'), as text. */
  id: string;
  /** Its name (the new one when renamed; an exception's date). */
  name: string;
  /** The changed fields ('changed' only; empty otherwise). */
  fields: FieldChange[];
}

/** One setting added, removed or changed: values as JSON text, null when absent. */
interface SettingChange {
  name: string;
  before: string | null;
  after: string | null;
}

export interface RestaurantDiff {
  changes: EntityChange[];
  settings: SettingChange[];
  /** Dishes whose pickup or delivery price changes (the summary's « 2 prix changés »). */
  pricesChanged: number;
  /** French one-line summary: « 3 plats ajoutés, 2 prix changés, 1 réglage changé » (« aucun changement »). */
  summary: string;
}

type Comparable = Record<string, unknown>;

const priceFields = new Set(['price_delivery', 'price_pickup', 'minimum_amount']);

/** A value as a person reads it in the preview. */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return priceFields.has(field) ? formatEuros(value) : String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.length ? value.join(', ') : '—';
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

/** Weekly ranges with every day present (a missing day and an empty one mean the same: closed). */
function fullWeek(ranges: Partial<Record<string, unknown[]>>): Record<string, unknown[]> {
  return Object.fromEntries(weekdays.map((day) => [day, ranges[day] ?? []]));
}

/** JSON with object keys sorted: two values with the same content compare equal. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

interface Entity {
  kind: DiffKind;
  id: string;
  name: string;
  fields: Comparable;
}

function entitiesOf(file: RestaurantFile): Entity[] {
  const list: Entity[] = [];
  for (const menu of file.menus) {
    list.push({
      kind: 'menu',
      id: String(menu.menu_id),
      name: menu.name,
      fields: {
        name: menu.name,
        description: menu.description,
        available: menu.available,
        active_times: fullWeek(menu.active_times),
        time_ranges: fullWeek(menu.time_ranges),
        pickup_time_ranges: fullWeek(menu.pickup_time_ranges),
      },
    });
    for (const category of menu.categories) {
      list.push({
        kind: 'category',
        id: String(category.category_id),
        name: category.name,
        fields: { name: category.name, description: category.description, menu: menu.name },
      });
      for (const item of category.items) {
        const { item_id: _id, options, ...rest } = item;
        list.push({ kind: 'item', id: String(item.item_id), name: item.name, fields: { ...rest, category: category.name, options } });
      }
    }
  }
  for (const offer of [...file.offers, ...file.coupons]) {
    const { id: _id, ...rest } = offer;
    list.push({ kind: 'offer', id: String(offer.id), name: offer.name, fields: rest });
  }
  for (const exception of file.exceptions) {
    const { date: _date, ...rest } = exception;
    list.push({ kind: 'exception', id: exception.date, name: exception.date, fields: rest });
  }
  return list;
}

const kindOrder: DiffKind[] = ['menu', 'category', 'item', 'offer', 'exception'];

/**
 * Compares two restaurant files (as RestaurantFileSchema outputs them, defaults filled).
 * @returns the changes, menus first then categories, dishes, offers and exceptions, each in the
 * order of the file (removed ones after); settings by name.
 */
export function diffRestaurantFiles(before: RestaurantFile, after: RestaurantFile): RestaurantDiff {
  const key = (e: Entity) => `${e.kind}:${e.id}`;
  const old = new Map(entitiesOf(before).map((e) => [key(e), e]));
  const next = entitiesOf(after);
  const nextKeys = new Set(next.map(key));
  const changes: EntityChange[] = [];
  let pricesChanged = 0;
  for (const entity of next) {
    const previous = old.get(key(entity));
    if (!previous) {
      changes.push({ kind: entity.kind, change: 'added', id: entity.id, name: entity.name, fields: [] });
      continue;
    }
    const fields: FieldChange[] = [];
    for (const [field, value] of Object.entries(entity.fields)) {
      const was = previous.fields[field];
      if (stable(was) === stable(value)) continue;
      fields.push({ field, label: auditFieldLabels[field] ?? field, before: formatFieldValue(field, was), after: formatFieldValue(field, value) });
    }
    if (fields.length === 0) continue;
    if (entity.kind === 'item' && fields.some((f) => f.field === 'price_pickup' || f.field === 'price_delivery')) pricesChanged += 1;
    changes.push({ kind: entity.kind, change: 'changed', id: entity.id, name: entity.name, fields });
  }
  for (const entity of old.values())
    if (!nextKeys.has(key(entity))) changes.push({ kind: entity.kind, change: 'removed', id: entity.id, name: entity.name, fields: [] });
  changes.sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind));

  const settings: SettingChange[] = [];
  const names = [...new Set([...Object.keys(before.settings), ...Object.keys(after.settings)])].sort();
  for (const name of names) {
    const was = before.settings[name];
    const now = after.settings[name];
    if (stable(was) === stable(now)) continue;
    settings.push({ name, before: was === undefined ? null : JSON.stringify(was), after: now === undefined ? null : JSON.stringify(now) });
  }
  return { changes, settings, pricesChanged, summary: summarise(changes, settings.length, pricesChanged) };
}

function summarise(changes: EntityChange[], settingsChanged: number, pricesChanged: number): string {
  const count = (kind: DiffKind, change: EntityChange['change']) => changes.filter((c) => c.kind === kind && c.change === change).length;
  const itemsChangedOtherwise = changes.filter(
    (c) => c.kind === 'item' && c.change === 'changed' && !c.fields.every((f) => f.field === 'price_pickup' || f.field === 'price_delivery'),
  ).length;
  const parts: [number, (n: number) => string][] = [
    [count('menu', 'added'), s.menusAdded],
    [count('menu', 'removed'), s.menusRemoved],
    [count('menu', 'changed'), s.menusChanged],
    [count('category', 'added'), s.categoriesAdded],
    [count('category', 'removed'), s.categoriesRemoved],
    [count('category', 'changed'), s.categoriesChanged],
    [count('item', 'added'), s.itemsAdded],
    [count('item', 'removed'), s.itemsRemoved],
    [pricesChanged, s.pricesChanged],
    [itemsChangedOtherwise, s.itemsChanged],
    [count('offer', 'added'), s.offersAdded],
    [count('offer', 'removed'), s.offersRemoved],
    [count('offer', 'changed'), s.offersChanged],
    [changes.filter((c) => c.kind === 'exception').length, s.exceptionsChanged],
    [settingsChanged, s.settingsChanged],
  ];
  const text = parts.filter(([n]) => n > 0).map(([n, say]) => say(n));
  return text.length ? text.join(', ') : s.nothing;
}

/** One line of an audit entry's detail: a field's path, its values before and after, and whether it changed. */
export interface AuditFieldLine {
  /** 'price_pickup', 'options.0.name' … */
  path: string;
  /** French label of the last named part when known (« Prix à emporter »), else the path. */
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, {});
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
    value.forEach((v, i) => flatten(v, `${prefix}.${i}`, out));
    return;
  }
  out.set(prefix || '(valeur)', value);
}

/**
 * An audit entry's before/after (any JSON, null on create/delete) as lines the journal shows
 * side by side: nested objects flattened to paths, in the order they appear (before's first,
 * then after's new ones); `changed` marks what differs.
 */
export function auditFieldLines(before: unknown, after: unknown): AuditFieldLine[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', was);
  if (after !== null && after !== undefined) flatten(after, '', now);
  const paths = [...new Set([...was.keys(), ...now.keys()])];
  return paths.map((path) => {
    const last =
      path
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .at(-1) ?? path;
    const label = path.includes('.') ? path : (auditFieldLabels[last] ?? path);
    const b = was.get(path);
    const a = now.get(path);
    return {
      path,
      label,
      before: was.has(path) ? formatFieldValue(last, b) : '—',
      after: now.has(path) ? formatFieldValue(last, a) : '—',
      changed: stable(b) !== stable(a),
    };
  });
}

/** The import's audit sentence: « Restaurant importé : 3 plats ajoutés, 2 prix changés. » */
export function importSummary(diff: RestaurantDiff): string {
  return s.imported(diff.summary);
}
