import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import { describeRetention, readGuestRetentionMonths } from '@resto/domain/personal-data';
import type { Route } from './+types/privacy-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';
import { privacyPolicy } from '@resto/copy/storefront/legal';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(privacyPolicy.heading, { location, matches }, privacyPolicy.metaDescription, {
    site: siteMetaFrom(matches),
  });

/**
 * /privacy-policy: what the product actually collects (RGPD art. 13), filled from the settings;
 * the guests' retention period is `privacy.guest_data_retention_months` (docs/decisions/012).
 */
export default function PrivacyPolicy() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const prefix = useLocalePrefix();
  const card = readSetting(settings, 'payments.stripe.active', false);
  const delivery = readSetting(settings, 'features.delivery.active', false);
  const retention = describeRetention(readGuestRetentionMonths(settings));
  return (
    <Prose title={privacyPolicy.heading} intro={privacyPolicy.controller(info.companyName, info.address, info.email)}>
      <h2>{privacyPolicy.dataHeading}</h2>
      <table>
        <thead>
          <tr>
            <th>{privacyPolicy.data}</th>
            <th>{privacyPolicy.purpose}</th>
            <th>{privacyPolicy.legalBasis}</th>
            <th>{privacyPolicy.duration}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="">{privacyPolicy.contactData}</td>
            <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.contactPurpose}</td>
            <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.contractBasis}</td>
            <td data-label={privacyPolicy.durationLabel} data-testid="guest-retention">
              {privacyPolicy.contactRetention(retention)}
            </td>
          </tr>
          {delivery ? (
            <tr>
              <td data-label="">{privacyPolicy.deliveryAddress}</td>
              <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.deliveryPurpose}</td>
              <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.contractBasis}</td>
              <td data-label={privacyPolicy.durationLabel}>{privacyPolicy.deliveryRetention}</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">{privacyPolicy.orderData}</td>
            <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.orderPurpose}</td>
            <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.orderBasis}</td>
            <td data-label={privacyPolicy.durationLabel}>{privacyPolicy.orderRetention}</td>
          </tr>
          {card ? (
            <tr>
              <td data-label="">{privacyPolicy.cardPayment}</td>
              <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.cardPurpose}</td>
              <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.contractBasis}</td>
              <td data-label={privacyPolicy.durationLabel}>{privacyPolicy.cardRetention}</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">{privacyPolicy.accountData}</td>
            <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.accountPurpose}</td>
            <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.contractBasis}</td>
            <td data-label={privacyPolicy.durationLabel}>{privacyPolicy.accountRetention}</td>
          </tr>
          <tr>
            <td data-label="">{privacyPolicy.cookieChoice}</td>
            <td data-label={privacyPolicy.purposeLabel}>{privacyPolicy.cookieChoicePurpose}</td>
            <td data-label={privacyPolicy.legalBasisLabel}>{privacyPolicy.consentBasis}</td>
            <td data-label={privacyPolicy.durationLabel}>{privacyPolicy.cookieChoiceRetention}</td>
          </tr>
        </tbody>
      </table>
      <h2>{privacyPolicy.recipientsHeading}</h2>
      <p>
        {privacyPolicy.recipientsStart}
        {info.name}
        {privacyPolicy.recipientsAccess}
        {card ? privacyPolicy.recipientsProvider : ''}
        {privacyPolicy.recipientsNotSold}
        {info.host}.
      </p>
      <h2>{privacyPolicy.deviceHeading}</h2>
      <p>
        {privacyPolicy.deviceText} <Link to={`${prefix}/cookie-policy`}>{privacyPolicy.cookiePolicyLink}</Link>.
      </p>
      <h2>{privacyPolicy.rightsHeading}</h2>
      <p>{privacyPolicy.rightsText(info.email)}</p>
    </Prose>
  );
}
