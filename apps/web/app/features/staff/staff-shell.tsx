import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  Archive,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Database,
  FileClock,
  FileSpreadsheet,
  Gauge,
  LogOut,
  Percent,
  Printer,
  Settings,
  Truck,
  UtensilsCrossed,
  Users,
  CircleSlash,
  History,
  Contact,
} from 'lucide-react';
import { staffLogout } from '@resto/contract/staff.routes';
import type { StaffMe } from '@resto/contract/staff';
import { staffArea, staffRoleLabels } from '@resto/copy/staff/team';
import { api } from '../../lib/api.ts';
import { unsubscribeFromPush } from '../staff-push/index.ts';
import { backOfficePaths, customersPath, orderHistoryPath, staffHome, staffLoginPage, staffTeamPath } from './paths.ts';
import { useHydratedMark } from './use-hydrated-mark.ts';

/**
 * The frame of the signed-in staff pages (docs/decisions/020): a header with the restaurant's name,
 * who is signed in and "Se déconnecter", and the area's navigation — Commandes, Historique, Clients (docs/decisions/037),
 * Disponibilités (sold out) and Imprimantes (docs/decisions/033) for everyone, the back office's pages (docs/decisions/023) and Équipe for the owner.
 */
export function StaffShell({ me, children }: { me: StaffMe; children: ReactNode }) {
  useHydratedMark();
  const navigate = useNavigate();
  const links = [
    // `end`: the history lives under /restaurant/commandes/, and has its own link.
    { to: staffHome, label: staffArea.orders, icon: ClipboardList, end: true },
    { to: orderHistoryPath, label: staffArea.history, icon: History },
    { to: customersPath, label: staffArea.customers, icon: Contact },
    { to: backOfficePaths.availability, label: staffArea.availability, icon: CircleSlash },
    { to: backOfficePaths.printers, label: staffArea.printers, icon: Printer },
    ...(me.role === 'owner'
      ? [
          { to: backOfficePaths.menu, label: staffArea.menu, icon: UtensilsCrossed },
          { to: backOfficePaths.hours, label: staffArea.hours, icon: CalendarClock },
          { to: backOfficePaths.capacity, label: staffArea.capacity, icon: Gauge },
          { to: backOfficePaths.delivery, label: staffArea.delivery, icon: Truck },
          { to: backOfficePaths.offers, label: staffArea.offers, icon: Percent },
          { to: backOfficePaths.settings, label: staffArea.settings, icon: Settings },
          { to: backOfficePaths.audit, label: staffArea.audit, icon: FileClock },
          { to: backOfficePaths.importExport, label: staffArea.importExport, icon: Database },
          { to: backOfficePaths.sales, label: staffArea.sales, icon: ChartColumn },
          { to: backOfficePaths.exports, label: staffArea.exports, icon: FileSpreadsheet },
          { to: backOfficePaths.register, label: staffArea.register, icon: Archive },
          { to: staffTeamPath, label: staffArea.team, icon: Users },
        ]
      : []),
  ];
  const logout = async () => {
    // This device stops receiving the restaurant's alerts (while the session can still say so), then
    // whatever the answer (already signed out, network), the login page is where to go.
    await unsubscribeFromPush().catch(() => undefined);
    await api.call(staffLogout).catch(() => undefined);
    await navigate(staffLoginPage, { replace: true });
  };
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ${isActive ? 'bg-white text-ink' : 'text-white/80 hover:bg-white/10 hover:text-white'}`;

  return (
    <div className="min-h-dvh bg-stone-100 text-ink">
      <header className="bg-ink text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 pt-3 pb-2">
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <p className="text-xs font-semibold tracking-wide text-white/60 uppercase">{staffArea.area}</p>
            <p className="text-lg leading-tight font-extrabold sm:truncate" data-testid="staff-restaurant">
              {me.restaurant}
            </p>
          </div>
          <p className="min-w-0 flex-1 text-sm text-white/80 sm:flex-none" data-testid="staff-signed-in">
            {staffArea.signedInAs(me.name, staffRoleLabels[me.role])}
          </p>
          <button
            type="button"
            onClick={() => void logout()}
            className="flex items-center gap-2 rounded-full border border-white/30 px-3 py-1.5 text-sm font-semibold hover:bg-white/10"
          >
            <LogOut size={16} aria-hidden />
            {staffArea.logout}
          </button>
        </div>
        {/* Wrapped, never scrolled sideways: every section stays in sight at every width, without a hidden scrollbar. */}
        <nav aria-label={staffArea.nav} className="mx-auto flex max-w-7xl flex-wrap gap-1 px-3 pb-3">
          {links.map(({ to, label, icon: Icon, ...link }) => (
            <NavLink key={to} to={to} end={'end' in link} className={linkClass}>
              <Icon size={16} aria-hidden />
              {label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
