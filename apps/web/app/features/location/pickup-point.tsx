import { MapPin } from 'lucide-react';
import { readSetting, type SettingsList } from '@resto/domain/settings';

/** Where pickup orders are collected: the restaurant's name and address (`contacts.name`, `contacts.address`). */
export function PickupPoint({ settings, className = '' }: { settings: SettingsList; className?: string }) {
  return (
    <p className={`flex items-start gap-2 ${className}`}>
      <MapPin size={18} className="mt-0.5 shrink-0 text-brand-600" aria-hidden />
      <span>
        <span className="block font-semibold">{readSetting(settings, 'contacts.name', '')}</span>
        {readSetting(settings, 'contacts.address', '')}
      </span>
    </p>
  );
}
