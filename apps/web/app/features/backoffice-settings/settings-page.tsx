import { useState } from 'react';
import type { VersionedSetting } from '@resto/contract/backoffice-settings';
import { settingsPage as t } from '@resto/copy/staff/settings';
import { settingLabel } from '@resto/domain/settings-fields';
import { accountSettingNames } from '@resto/domain/books-exports';
import { FieldGrid, SettingFlag, SettingInput, SettingsSection, toStored } from './settings-section.tsx';

const socialNames = ['facebook', 'instagram', 'twitter', 'tiktok', 'youtube', 'linkedin', 'pinterest', 'google_map'].map((n) => `contacts.${n}`);
const legalNames = ['company_name', 'legal_form', 'registration', 'siret', 'vat_number', 'publication_director', 'host', 'mediator'].map((n) => `legal.${n}`);
const schedulingNames = (prefix: '' | 'pickup_') =>
  ['show_range', 'remove_first_range', 'remove_first_range_number', 'remove_last_range', 'remove_last_range_number', 'minimum_time'].map(
    (n) => `scheduling.${prefix}${n}`,
  );

const sections = {
  payments: ['payments.cod.active', 'payments.stripe.active', 'payments.meal_voucher.active', 'payments.meal_voucher.daily_limit'],
  contacts: ['contacts.name', 'contacts.address', 'contacts.phone', 'contacts.email'],
  social: socialNames,
  legal: [...legalNames, 'privacy.guest_data_retention_months'],
  tax: ['tax.enabled', 'tax.inclusive', 'tax.default_rate'],
  delivery_scheduling: schedulingNames(''),
  pickup_scheduling: schedulingNames('pickup_'),
  orders: ['orders.email_only', 'orders.unseen_alert_minutes', 'orders.auto_reject_minutes', 'orders.auto_print'],
  books: ['books.fiscal_year_first_month', 'books.closure_email', ...accountSettingNames],
} as const;

/** A scheduling label without its order type ('Livraison : délai minimum' → 'Délai minimum'): the section's title says it. */
const short = (name: string) => {
  const label = settingLabel(name).replace(/^[^:]+ : /, '');
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** A day's slots: show as a range, drop the first N / last N, the lead time (spec section 5). */
function SchedulingFields({ pickup }: { pickup: boolean }) {
  const name = (n: string) => `scheduling.${pickup ? 'pickup_' : ''}${n}`;
  return (
    <>
      <SettingFlag name={name('show_range')} label={short(name('show_range'))} />
      <FieldGrid>
        <SettingFlag name={name('remove_first_range')} label={short(name('remove_first_range'))} />
        <SettingInput name={name('remove_first_range_number')} label={short(name('remove_first_range_number'))} variant="number" />
        <SettingFlag name={name('remove_last_range')} label={short(name('remove_last_range'))} />
        <SettingInput name={name('remove_last_range_number')} label={short(name('remove_last_range_number'))} variant="number" />
        <SettingInput name={name('minimum_time')} label={short(name('minimum_time'))} variant="number" />
      </FieldGrid>
    </>
  );
}

/**
 * /restaurant/reglages (docs/decisions/023; the owner's): payment methods, contacts and social
 * links, legal mentions, tax, the slots' settings of the spec for delivery and pickup, how
 * orders are handled, and the books' (fiscal year, closure e-mail: docs/decisions/031; the FEC's accounts: docs/decisions/032). Each section saves on its own (settings-section.tsx).
 */
export function SettingsPage({ settings }: { settings: readonly VersionedSetting[] }) {
  const [stored, setStored] = useState(() => toStored(settings));
  const common = { stored, onStored: setStored };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold">{t.title}</h1>
        <p className="mt-1 text-ink/70">{t.intro}</p>
      </div>
      <nav aria-label={t.title} className="flex gap-2 overflow-x-auto pb-1 text-sm">
        {Object.entries(t.sections).map(([id, label]) => (
          <a key={id} href={`#${id}`} className="shrink-0 rounded-full border border-black/10 bg-white px-3 py-1.5 font-semibold hover:bg-stone-50">
            {label}
          </a>
        ))}
      </nav>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <SettingsSection id="payments" title={t.sections.payments} names={sections.payments} {...common}>
          <SettingFlag name="payments.cod.active" />
          <SettingFlag name="payments.stripe.active" />
          <SettingFlag name="payments.meal_voucher.active" />
          <SettingInput name="payments.meal_voucher.daily_limit" variant="number" />
        </SettingsSection>
        <SettingsSection id="contacts" title={t.sections.contacts} names={sections.contacts} {...common}>
          <SettingInput name="contacts.name" autoComplete="organization" />
          <SettingInput name="contacts.address" autoComplete="street-address" />
          <FieldGrid>
            <SettingInput name="contacts.phone" type="tel" autoComplete="tel" />
            <SettingInput name="contacts.email" type="email" autoComplete="email" />
          </FieldGrid>
        </SettingsSection>
        <SettingsSection id="social" title={t.sections.social} names={sections.social} {...common}>
          <FieldGrid>
            {sections.social.map((name) => (
              <SettingInput key={name} name={name} type="url" placeholder={t.urlPlaceholder} />
            ))}
          </FieldGrid>
        </SettingsSection>
        <SettingsSection id="legal" title={t.sections.legal} hint={t.hints.legal} names={sections.legal} {...common}>
          <FieldGrid>
            {legalNames.map((name) => (
              <SettingInput key={name} name={name} />
            ))}
            <SettingInput name="privacy.guest_data_retention_months" variant="number" />
          </FieldGrid>
        </SettingsSection>
        <SettingsSection id="tax" title={t.sections.tax} hint={t.hints.tax} names={sections.tax} {...common}>
          <SettingFlag name="tax.enabled" />
          <SettingFlag name="tax.inclusive" />
          <SettingInput name="tax.default_rate" variant="number" />
        </SettingsSection>
        <SettingsSection id="orders" title={t.sections.orders} hint={t.hints.orders} names={sections.orders} {...common}>
          <SettingFlag name="orders.email_only" />
          <FieldGrid>
            <SettingInput name="orders.unseen_alert_minutes" variant="number" />
            <SettingInput name="orders.auto_reject_minutes" variant="number" />
          </FieldGrid>
          <SettingFlag name="orders.auto_print" />
        </SettingsSection>
        <SettingsSection id="books" title={t.sections.books} hint={t.hints.books} names={sections.books} {...common}>
          <SettingInput name="books.fiscal_year_first_month" variant="number" />
          <SettingFlag name="books.closure_email" />
          <FieldGrid>
            {accountSettingNames.map((name) => (
              <SettingInput key={name} name={name} />
            ))}
          </FieldGrid>
        </SettingsSection>
        <SettingsSection
          id="delivery_scheduling"
          title={t.sections.delivery_scheduling}
          hint={t.hints.scheduling}
          names={sections.delivery_scheduling}
          {...common}
        >
          <SchedulingFields pickup={false} />
        </SettingsSection>
        <SettingsSection id="pickup_scheduling" title={t.sections.pickup_scheduling} hint={t.hints.scheduling} names={sections.pickup_scheduling} {...common}>
          <SchedulingFields pickup />
        </SettingsSection>
      </div>
    </div>
  );
}
