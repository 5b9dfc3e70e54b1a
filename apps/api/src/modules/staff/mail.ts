import type { StaffRole } from '@resto/domain/staff';
import { staffRoleLabels, invitationMailCopy as t } from '@resto/copy/staff/team';
import { escapeHtml } from '../mail/index.ts';
import type { MailMessage } from '../mail/index.ts';

/**
 * The e-mail of a staff invitation (docs/decisions/020): the one-time link, its role and validity,
 * as text and HTML. Pure. The link is the secret: it is never logged (MailService.sendInBackground
 * logs only the address and subject of a failure).
 */
export function staffInvitationMail(input: { to: string; link: string; role: StaffRole; restaurant: string; days: number }): MailMessage {
  const role = staffRoleLabels[input.role];
  const subject = t.subject(input.restaurant);
  const text = [t.hello, '', t.invited(input.restaurant, role), t.action, '', `    ${input.link}`, '', t.validity(input.days), t.ignore, '', input.restaurant].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1a17">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b4431b">${escapeHtml(input.restaurant)}</p>
<p>${t.hello}</p><p>${escapeHtml(t.invited(input.restaurant, role))}</p><p>${escapeHtml(t.action)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#b4431b;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(input.link)}</a></p>
<p>${escapeHtml(t.validity(input.days))}</p>
<p style="color:#6b625c;font-size:14px">${escapeHtml(t.ignore)}</p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
