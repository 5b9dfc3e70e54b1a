import { parseArgs } from 'node:util';
import { EmailSchema, SignupSchema } from '@resto/domain/account';
import { StaffRoleSchema, type StaffRole } from '@resto/domain/staff';
import { staffRoleLabels } from '@resto/copy/staff/team';
import type { Database } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { createStaffMember } from './service.ts';

/** How `npm run staff:create` is called. */
const staffCreateUsage =
  'Usage : npm run staff:create -- --email adresse@exemple.fr --role owner|staff [--name "Prénom Nom"]\n' +
  'Le mot de passe est lu sur l’entrée standard (une ligne) ou demandé au clavier, jamais en argument.';

/** What the command line asks for, checked. */
export interface StaffCreateArgs {
  email: string;
  role: StaffRole;
  name: string;
}

/**
 * Reads `--email`, `--role` and `--name` (default: the part of the address before @) of
 * `npm run staff:create` (docs/decisions/020). A `--password` is refused: argv is visible to every
 * user of the machine (ps) and kept in shell histories. @throws Error with a French message.
 */
export function parseStaffCreateArgs(argv: string[]): StaffCreateArgs {
  let values: { email?: string; role?: string; name?: string; password?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch {
    throw new Error(staffCreateUsage);
  }
  if (values.password !== undefined) throw new Error('Le mot de passe ne se donne pas en argument (visible par ps et gardé dans l’historique) : tapez-le à l’invite, ou envoyez-le sur l’entrée standard.');
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error(`${email.error.issues[0]?.message ?? 'Adresse e-mail invalide.'}\n${staffCreateUsage}`);
  const role = StaffRoleSchema.safeParse(values.role ?? '');
  if (!role.success) throw new Error(`${role.error.issues[0]?.message ?? ''}\n${staffCreateUsage}`);
  const name = (values.name ?? email.data.split('@')[0] ?? '').trim().slice(0, 80);
  return { email: email.data, role: role.data, name: name || email.data };
}

/**
 * Creates the member on `db` with `password` (the customers' strength rules).
 * @returns the sentence to print. @throws Error with a French message.
 */
export async function runStaffCreate(db: Database, args: StaffCreateArgs, password: string, now: Date, siteUrl: string): Promise<string> {
  const checked = SignupSchema.shape.password.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'Mot de passe refusé.');
  try {
    await createStaffMember(db, { ...args, password }, now);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.errors[0]?.message ?? error.message);
    throw error;
  }
  return `Compte créé : ${args.name} <${args.email}> (${staffRoleLabels[args.role]}). Connexion : ${siteUrl}/restaurant`;
}
