import type { Menu } from '@resto/domain/catalogue';
import { readSetting, type SettingsList } from '@resto/domain/settings';

/** Dark footer with four columns (spec section 1, Site configuration). */
export function SiteFooter({ settings, menus }: { settings: SettingsList; menus: Menu[] }) {
  const name = readSetting(settings, 'contacts.name', '');
  const address = readSetting(settings, 'contacts.address', '');
  const phone = readSetting(settings, 'contacts.phone', '');
  const email = readSetting(settings, 'contacts.email', '');
  const mainMenu = menus[0];
  const socials = (['facebook', 'instagram', 'twitter', 'tiktok', 'youtube', 'linkedin', 'pinterest'] as const)
    .map((network) => ({ network, url: readSetting(settings, `contacts.${network}`, '') }))
    .filter((s) => s.url);
  return (
    <footer className="bg-night text-sm text-white/75">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="mb-2 font-semibold text-white">{name}</h2>
          <p>{readSetting(settings, 'site.tagline', '')}</p>
        </section>
        <section>
          <h2 className="mb-2 font-semibold text-white">Horaires</h2>
          {mainMenu ? (
            <ul className="space-y-0.5">
              {mainMenu.active_times.map((day) => (
                <li key={day.day} className="flex justify-between gap-3">
                  <span>{day.label}</span>
                  <span className="text-right">
                    {day.is_open
                      ? day.times.map((t) => (
                          <span key={t.start} className="block whitespace-nowrap">
                            {t.start}–{t.end}
                          </span>
                        ))
                      : 'Fermé'}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section>
          <h2 className="mb-2 font-semibold text-white">Nous trouver</h2>
          <address className="not-italic">
            {address}
            <br />
            <a href={`tel:${phone.replace(/\s/g, '')}`} className="underline-offset-2 hover:underline">
              {phone}
            </a>
            <br />
            <a href={`mailto:${email}`} className="underline-offset-2 hover:underline">
              {email}
            </a>
          </address>
        </section>
        <section>
          <h2 className="mb-2 font-semibold text-white">Suivez-nous</h2>
          <ul className="space-y-0.5">
            {socials.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel="noopener noreferrer" className="capitalize underline-offset-2 hover:underline">
                  {s.network}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs">© {name} · Commande en ligne</p>
    </footer>
  );
}
