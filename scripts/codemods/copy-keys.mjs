#!/usr/bin/env node
/**
 * Codemod: the French catalogue moved from `@resto/domain/messages…` to `@resto/copy/<area>/<feature>`,
 * its groups and keys renamed by meaning (docs/decisions/018-one-contract-one-catalogue.md).
 *
 * Usage:
 *   node scripts/codemods/copy-keys.mjs            rewrite every tracked .ts/.tsx/.mjs file of apps, packages, bench, scripts
 *                                                  (and the catalogue's paths named in the Markdown files of docs)
 *   node scripts/codemods/copy-keys.mjs <files…>   rewrite only these files
 *   node scripts/codemods/copy-keys.mjs --check    rewrite nothing; list the files that still need it (exit 1 if any)
 *
 * It is re-runnable and idempotent: a file without an import of the old catalogue is left as it is.
 * For each file it
 *   - replaces the imports from `@resto/domain/messages/<feature>`, `@resto/domain/messages` (the flat
 *     `messages`, `orderStatusLabels`, `paymentTexts`) and, inside packages/domain, `./messages/<feature>.ts`
 *     and `./messages.ts`, by imports from `@resto/copy/<area>/<feature>`;
 *   - renames every use of an imported group (`confirmationTabTexts` → `checkoutConfirm`) unless it
 *     was imported under an alias (`settingsErrors as e` keeps `e`);
 *   - names the new files where a comment names an old one (`packages/domain/src/messages/mail.ts`);
 *   - renames every key read on it (`confirmationTabTexts.enConfirmantVousVousEngagez` →
 *     `checkoutConfirm.commitment`), and turns `messages.pricesChanged` into `orderAnswers.pricesChanged`.
 * A group read any other way (`const t = group; t.oldKey`, a computed key) keeps its old keys: the
 * type checker then names the line (`npm run typecheck`).
 *
 * The mapping is copy-keys.map.json beside this file: `groups` maps "<old feature>#<old export>" to
 * { module, name, keys: { old: new } }; `flat` maps a key of the old `messages` to its group.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { default: ts } = await import(path.join(root, 'node_modules/typescript/lib/typescript.js'));
const map = JSON.parse(fs.readFileSync(path.join(here, 'copy-keys.map.json'), 'utf8'));

/** Old export names of `@resto/domain/messages` (messages.ts) other than `messages`, and where they went. */
const flatModuleExports = map.flatModuleExports;

/**
 * Which old catalogue module an import specifier names, or null: "checkout" for
 * `@resto/domain/messages/checkout` (or `./messages/checkout.ts` inside the domain), "" for
 * `@resto/domain/messages` (or `./messages.ts`).
 */
function oldModuleOf(specifier, file) {
  let m = /^@resto\/domain\/messages(?:\/([a-z-]+))?$/.exec(specifier);
  if (m) return m[1] ?? '';
  if (specifier.startsWith('.')) {
    const abs = path.resolve(path.dirname(path.resolve(root, file)), specifier);
    const rel = path.relative(path.join(root, 'packages/domain/src'), abs).split(path.sep).join('/');
    m = /^messages(?:\/([a-z-]+))?(?:\.ts)?$/.exec(rel);
    if (m) return m[1] ?? '';
  }
  return null;
}

/** The group an old (module, export) names, or undefined. */
function groupOf(oldModule, exportName) {
  if (oldModule === '') {
    const target = flatModuleExports[exportName];
    return target ? map.groups[target] : undefined;
  }
  return map.groups[`${oldModule}#${exportName}`];
}

/** Old catalogue file → its new file: "checkout" → "storefront/checkout". */
const moduleOfOldFile = Object.fromEntries(Object.entries(map.groups).map(([id, group]) => [id.split('#')[0], group.module]));

/** Paths of the old catalogue named in comments (`packages/domain/src/messages/mail.ts`) → the new files. */
function rewritePaths(text) {
  return text
    .replace(/packages\/domain\/src\/messages\/([a-z-]+)\.ts/g, (all, old) => (moduleOfOldFile[old] ? `packages/copy/src/${moduleOfOldFile[old]}.ts` : all))
    .replace(/packages\/domain\/src\/messages\/(?![a-z-]+\.ts)/g, 'packages/copy/src/');
}

/**
 * Rewrites one file's text; returns the new text (the same string when nothing applies).
 * @param {string} text the file's source
 * @param {string} file its path from the repository's root (for relative specifiers and TSX)
 */
export function transform(text, file) {
  text = rewritePaths(text);
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') || file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** local name → { group } | { flat: true } */
  const bindings = new Map();
  const oldImports = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const oldModule = oldModuleOf(st.moduleSpecifier.text, file);
    if (oldModule === null) continue;
    const clause = st.importClause;
    const named = clause?.namedBindings;
    if (!named || !ts.isNamedImports(named) || clause.name) {
      throw new Error(`${file}: import of the old catalogue in a shape this codemod does not rewrite: ${st.getText()}`);
    }
    oldImports.push(st);
    for (const el of named.elements) {
      const exported = (el.propertyName ?? el.name).text;
      const local = el.name.text;
      const typeOnly = clause.isTypeOnly || el.isTypeOnly;
      if (oldModule === '' && exported === 'messages') {
        bindings.set(local, { flat: true, typeOnly });
        continue;
      }
      const group = groupOf(oldModule, exported);
      if (!group) throw new Error(`${file}: ${exported} of @resto/domain/messages${oldModule ? '/' + oldModule : ''} is not in copy-keys.map.json`);
      bindings.set(local, { group, aliased: local !== exported, typeOnly });
    }
  }
  // Re-exports (`export { scheduleMessages } from './messages/checkout.ts'`) keep the name they export.
  const reexports = [];
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const oldModule = oldModuleOf(st.moduleSpecifier.text, file);
    if (oldModule === null) continue;
    if (!st.exportClause || !ts.isNamedExports(st.exportClause)) throw new Error(`${file}: a re-export of the old catalogue in a shape this codemod does not rewrite: ${st.getText()}`);
    const byModule = new Map();
    for (const el of st.exportClause.elements) {
      const exported = (el.propertyName ?? el.name).text;
      const group = groupOf(oldModule, exported);
      if (!group) throw new Error(`${file}: ${exported} of @resto/domain/messages${oldModule ? '/' + oldModule : ''} is not in copy-keys.map.json`);
      const list = byModule.get(group.module) ?? [];
      byModule.set(group.module, list);
      list.push(group.name === el.name.text ? group.name : `${group.name} as ${el.name.text}`);
    }
    const typeOnly = st.isTypeOnly ? 'type ' : '';
    const replacement = [...byModule].map(([module, names]) => `export ${typeOnly}{ ${names.join(', ')} } from '@resto/copy/${module}';`).join('\n');
    reexports.push([st.getStart(), st.getEnd(), replacement, st]);
  }
  if (oldImports.length === 0 && reexports.length === 0) return text;
  return rewriteImports(sf, text, file, bindings, oldImports, reexports);
}

function rewriteImports(sf, text, file, bindings, oldImports, reexports) {

  const edits = reexports.map(([start, end, replacement]) => [start, end, replacement]);
  /** module → Map(local name → exported name), and whether only types are read. */
  const needed = new Map();
  const need = (group, local, typeOnly) => {
    const names = needed.get(group.module) ?? new Map();
    needed.set(group.module, names);
    const prev = names.get(local);
    names.set(local, { name: group.name, typeOnly: (prev?.typeOnly ?? true) && typeOnly });
  };
  const localOf = (binding, identifierText) => (binding.aliased ? identifierText : binding.group.name);
  const isImportPart = (node) => {
    for (let p = node.parent; p; p = p.parent) if (ts.isImportDeclaration(p)) return true;
    return false;
  };

  const visit = (node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && bindings.has(node.expression.text)) {
      const binding = bindings.get(node.expression.text);
      const key = node.name.text;
      let group = binding.group;
      if (binding.flat) {
        const target = map.flat[key];
        if (!target) throw new Error(`${file}: messages.${key} is not in copy-keys.map.json's flat keys`);
        group = map.groups[target];
        need(group, group.name, binding.typeOnly);
        edits.push([node.expression.getStart(), node.expression.getEnd(), group.name]);
      } else {
        const local = localOf(binding, node.expression.text);
        need(group, local, binding.typeOnly);
        if (!binding.aliased) edits.push([node.expression.getStart(), node.expression.getEnd(), local]);
      }
      const newKey = group.keys?.[key];
      if (newKey && newKey !== key) edits.push([node.name.getStart(), node.name.getEnd(), newKey]);
      return;
    }
    if (ts.isIdentifier(node) && bindings.has(node.text) && !isImportPart(node)) {
      const p = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        (ts.isPropertyAssignment(p) && p.name === node) ||
        (ts.isPropertyDeclaration(p) && p.name === node) ||
        (ts.isPropertySignature(p) && p.name === node) ||
        (ts.isMethodDeclaration(p) && p.name === node) ||
        (ts.isQualifiedName(p) && p.right === node) ||
        ts.isJsxAttribute(p) ||
        (ts.isBindingElement(p) && p.propertyName === node);
      if (!isName) {
        const binding = bindings.get(node.text);
        if (binding.flat) throw new Error(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: the flat \`messages\` is used whole; rewrite that line by hand`);
        const local = localOf(binding, node.text);
        const inType = !!ts.findAncestor(node, (a) => ts.isTypeQueryNode(a));
        need(binding.group, local, binding.typeOnly || inType);
        if (ts.isShorthandPropertyAssignment(p)) edits.push([node.getStart(), node.getEnd(), `${node.text}: ${local}`]);
        else if (ts.isExportSpecifier(p)) edits.push([node.getStart(), node.getEnd(), local === node.text ? local : `${local} as ${node.text}`]);
        else if (local !== node.text) edits.push([node.getStart(), node.getEnd(), local]);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const st of sf.statements) if (!oldImports.includes(st) && !reexports.some((r) => r[3] === st)) visit(st);

  // A new name must not meet a name the file declares itself (a function `orderMail`, a variable `board`…).
  const declared = new Set();
  const collect = (node) => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node) || ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      if (!(ts.isImportSpecifier(node) && oldImports.some((st) => st === node.parent.parent.parent))) declared.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  for (const names of needed.values()) {
    for (const local of names.keys()) {
      if (declared.has(local) && !bindings.has(local)) throw new Error(`${file}: the catalogue's ${local} would meet a name the file declares; rename that one, or import the group under an alias by hand`);
    }
  }

  // The new imports: merged into an existing import of the same module when there is one.
  const existing = new Map();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && !oldImports.includes(st)) {
      existing.set(st.moduleSpecifier.text, st);
    }
  }
  const lines = [];
  for (const [module, names] of [...needed].sort(([a], [b]) => a.localeCompare(b))) {
    const specifier = `@resto/copy/${module}`;
    const present = existing.get(specifier);
    const already = new Set();
    const namedImports = present?.importClause?.namedBindings;
    if (namedImports && ts.isNamedImports(namedImports)) for (const el of namedImports.elements) already.add(el.name.text);
    const allTypes = [...names.values()].every((n) => n.typeOnly);
    const parts = [...names]
      .filter(([local]) => !already.has(local))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([local, { name, typeOnly }]) => `${typeOnly && !allTypes ? 'type ' : ''}${local === name ? name : `${name} as ${local}`}`);
    if (parts.length === 0) continue;
    if (present && namedImports && ts.isNamedImports(namedImports) && !present.importClause.isTypeOnly) {
      const last = namedImports.elements[namedImports.elements.length - 1];
      edits.push([last.getEnd(), last.getEnd(), `, ${parts.join(', ')}`]);
    } else {
      lines.push(`import ${allTypes ? 'type ' : ''}{ ${parts.join(', ')} } from '${specifier}';`);
    }
  }
  oldImports.forEach((st, i) => {
    let end = st.getEnd();
    // A removed import takes its line with it, not the blank line that may follow.
    if (i > 0 || lines.length === 0) end += text.startsWith('\r\n', end) ? 2 : text[end] === '\n' ? 1 : 0;
    edits.push([st.getStart(), end, i === 0 ? lines.join('\n') : '']);
  });

  edits.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  let out = text;
  let lastStart = Infinity;
  for (const [start, end, replacement] of edits) {
    if (end > lastStart) throw new Error(`${file}: overlapping edits at ${start}`);
    out = out.slice(0, start) + replacement + out.slice(end);
    lastStart = start;
  }
  return out;
}

/** Tracked source files the codemod considers by default. */
function defaultFiles() {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'bench', 'scripts', 'docs'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((f) => (/\.(ts|tsx|mjs)$/.test(f) || (f.startsWith('docs/') && f.endsWith('.md'))) && !f.startsWith('packages/copy/') && !f.startsWith('scripts/codemods/') && !f.includes('node_modules/'))
    // The old catalogue itself, while it is still there.
    .filter((f) => !f.startsWith('packages/domain/src/messages/') && !/^packages\/domain\/src\/messages(\.test)?\.ts$/.test(f))
    .filter((f) => fs.existsSync(path.join(root, f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const files = args.filter((a) => a !== '--check');
  const targets = files.length ? files.map((f) => path.relative(root, path.resolve(f))) : defaultFiles();
  const changed = [];
  const failed = [];
  for (const file of targets) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (!text.includes('messages')) continue;
    if (file.startsWith('docs/')) {
      const next = rewritePaths(text);
      if (next !== text) {
        changed.push(file);
        if (!check) fs.writeFileSync(path.join(root, file), next);
      }
      continue;
    }
    let next;
    try {
      next = transform(text, file);
    } catch (error) {
      failed.push(error.message);
      continue;
    }
    if (next === text) continue;
    changed.push(file);
    if (!check) fs.writeFileSync(path.join(root, file), next);
  }
  for (const f of changed) console.log(`${check ? 'needs rewriting' : 'rewritten'}: ${f}`);
  console.log(`${changed.length} file(s) ${check ? 'to rewrite' : 'rewritten'}.`);
  for (const message of failed) console.error(`not rewritten: ${message}`);
  if ((check && changed.length) || failed.length) process.exitCode = 1;
}
