import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, UserPlus, X } from 'lucide-react';
import type { StaffMe, StaffTeam } from '@resto/contract/staff';
import { inviteStaff, removeStaffMember, revokeStaffInvitation } from '@resto/contract/staff.routes';
import { formatDate, formatDateTime } from '@resto/domain/format';
import { StaffInviteSchema, staffRoles, type StaffInviteForm } from '@resto/domain/staff';
import { staffAnswers, staffRoleLabels, teamPage as t } from '@resto/copy/staff/team';
import { Field } from '../../components/ui/field.tsx';
import { api } from '../../lib/api.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { ConfirmInline } from '../../components/ui/confirm-inline.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';

const card = `${cardClass} p-4 sm:p-6`;

/**
 * The team page (/restaurant/equipe, the owner's; docs/decisions/020): the members, the pending
 * invitations, an invitation form (e-mail and role), and removal after a confirmation. Every
 * change is sent by the browser (the API checks its Origin), then the page's data is reloaded.
 */
export function StaffTeamPage({ me, team }: { me: StaffMe; team: StaffTeam }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { loading: busy, error, run } = useAction();
  const { register, handleSubmit, formState, setError: setFieldError, reset } = useForm<StaffInviteForm>({
    resolver: zodResolver(StaffInviteSchema),
    defaultValues: { email: '', role: 'staff' },
    reValidateMode: 'onChange',
  });
  const invite = useAction(setFieldError, ['email', 'role']);

  const after = async (message: string) => {
    setNotice(message);
    setConfirming(null);
    await revalidator.revalidate();
  };
  const onInvite = handleSubmit(async (values) => {
    setNotice(null);
    const sent = await invite.run(() => api.call(inviteStaff, { body: values }));
    if (!sent) return;
    reset({ email: '', role: values.role });
    await after(staffAnswers.invitationSent(sent.email ?? values.email));
  });
  const remove = async (staffId: number) => {
    setNotice(null);
    const done = await run(() => api.call(removeStaffMember, { params: { staff_id: String(staffId) } }));
    if (done) await after(done.message);
  };
  const revoke = async (id: number) => {
    setNotice(null);
    const done = await run(() => api.call(revokeStaffInvitation, { params: { id: String(id) } }));
    if (done) await after(done.message);
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">{t.title}</h1>
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <section className={card} aria-labelledby="team-members">
            <h2 id="team-members" className="text-lg font-bold">
              {t.members} <span className="text-ink/65">({team.members.length})</span>
            </h2>
            <ul className="mt-3 divide-y divide-black/5">
              {team.members.map((member) => (
                <li key={member.staff_id} className="py-3" data-testid="team-member">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">
                        {member.name} {member.staff_id === me.staff_id ? <span className="font-normal text-ink/70">{t.you}</span> : null}
                      </p>
                      <p className="truncate text-sm text-ink/70">{member.email}</p>
                    </div>
                    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${member.role === 'owner' ? 'bg-brand-100 text-brand-700' : 'bg-stone-100 text-ink/80'}`}>
                      {staffRoleLabels[member.role]}
                    </span>
                    <span className="hidden text-xs text-ink/65 sm:inline">{t.since(formatDate(new Date(member.created_at)))}</span>
                    {member.staff_id !== me.staff_id && confirming !== member.staff_id ? (
                      <button
                        type="button"
                        onClick={() => setConfirming(member.staff_id)}
                        className="flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
                      >
                        <Trash2 size={15} aria-hidden />
                        {t.remove}
                      </button>
                    ) : null}
                  </div>
                  {confirming === member.staff_id ? (
                    <ConfirmInline
                      text={t.removeConfirm(member.name)}
                      confirmLabel={t.confirmRemove}
                      cancelLabel={t.cancel}
                      busy={busy}
                      onConfirm={() => void remove(member.staff_id)}
                      onCancel={() => setConfirming(null)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
          <section className={card} aria-labelledby="team-invitations">
            <h2 id="team-invitations" className="text-lg font-bold">
              {t.invitations}
            </h2>
            {team.invitations.length === 0 ? <p className="mt-3 text-sm text-ink/70">{t.noInvitations}</p> : null}
            <ul className="mt-3 divide-y divide-black/5">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="team-invitation">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{invitation.email ?? t.firstOwnerLink}</p>
                    <p className="text-sm text-ink/70">
                      {staffRoleLabels[invitation.role]} · {t.expires(formatDateTime(new Date(invitation.expires_at)))}
                    </p>
                  </div>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void revoke(invitation.id)}
                    className={buttonClass('secondary', 'flex items-center gap-1.5 px-3 py-1.5 text-sm')}
                  >
                    <X size={15} aria-hidden />
                    {t.revoke}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <section className={`${card} self-start`} aria-labelledby="team-invite">
          <h2 id="team-invite" className="flex items-center gap-2 text-lg font-bold">
            <UserPlus size={18} aria-hidden />
            {t.invite}
          </h2>
          <p className="mt-1 text-sm text-ink/70">{t.inviteIntro}</p>
          <form method="post" onSubmit={(e) => void onInvite(e)} noValidate className="mt-4 space-y-4">
            <Field id="invite-email" label={t.email} type="email" autoComplete="off" inputMode="email" error={formState.errors.email?.message} {...register('email')} />
            <div>
              <label htmlFor="invite-role" className="mb-1 block text-sm font-semibold">
                {t.role}
              </label>
              <select id="invite-role" className="w-full rounded-xl border border-black/15 bg-white px-3 py-2.5 text-base" {...register('role')}>
                {staffRoles.map((role) => (
                  <option key={role} value={role}>
                    {staffRoleLabels[role]}
                  </option>
                ))}
              </select>
              {formState.errors.role?.message ? <p className="mt-1 text-sm font-medium text-red-700">{formState.errors.role.message}</p> : null}
            </div>
            <FormAlert message={invite.error} />
            <SubmitButton loading={invite.loading}>{t.submit}</SubmitButton>
          </form>
        </section>
      </div>
    </div>
  );
}
