import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/terms-of-service';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';
import { termsOfService } from '@resto/copy/storefront/legal';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(termsOfService.heading, { location, matches }, termsOfService.metaDescription, {
    site: siteMetaFrom(matches),
  });

/** /terms-of-service: mentions légales (LCEN art. 6) and conditions générales de vente, filled from the settings. */
export default function TermsOfService() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const prefix = useLocalePrefix();
  const cash = readSetting(settings, 'payments.cod.active', true);
  const card = readSetting(settings, 'payments.stripe.active', false);
  const delivery = readSetting(settings, 'features.delivery.active', false);
  return (
    <Prose title={termsOfService.heading}>
      <h2 id="mentions-legales">{termsOfService.noticeHeading}</h2>
      <p>
        {termsOfService.publisherStart}
        <strong>{info.name}</strong>
        {termsOfService.publisherBy}
        {info.companyName}, {info.legalForm}
        {termsOfService.registeredAt}
        {info.registration}
        {termsOfService.siretPrefix}
        {info.siret}
        {termsOfService.vatPrefix}
        {info.vatNumber}
        {termsOfService.seatAt}
        {info.address}.
      </p>
      <ul>
        <li>{termsOfService.phone(info.phone)}</li>
        <li>{termsOfService.email(info.email)}</li>
        <li>{termsOfService.publicationDirector(info.publicationDirector)}</li>
        <li>{termsOfService.host(info.host)}</li>
      </ul>

      <h2 id="cgv">{termsOfService.salesHeading}</h2>
      <h3>{termsOfService.purposeHeading}</h3>
      <p>{termsOfService.scope(info.name)}</p>
      <h3>{termsOfService.productsHeading}</h3>
      <p>
        {termsOfService.dishesStart}
        <Link to={`${prefix}/menu`}>{termsOfService.menuLink}</Link>
        {termsOfService.dishesAllergens}
        {info.phone}
        {termsOfService.dishesEnd}
      </p>
      <h3>{termsOfService.pricesHeading}</h3>
      <p>{termsOfService.prices}</p>
      <h3>{termsOfService.orderHeading}</h3>
      <p>
        {termsOfService.stepsStart}
        {delivery ? termsOfService.stepsTypeFallback : termsOfService.stepsPickup}
        {termsOfService.stepsEnd}
      </p>
      <h3>{termsOfService.paymentHeading}</h3>
      <ul>
        {cash ? <li>{termsOfService.payOnSite}</li> : null}
        {card ? <li>{termsOfService.payOnline}</li> : null}
      </ul>
      <h3>{termsOfService.fulfilmentHeading}</h3>
      <p>
        {termsOfService.preparation}
        {info.address}. {delivery ? termsOfService.deliveryTerms : termsOfService.deliveryUnavailable}
      </p>
      <h3>{termsOfService.withdrawalHeading}</h3>
      <p>{termsOfService.noWithdrawal}</p>
      <h3>{termsOfService.claimsHeading}</h3>
      <p>{termsOfService.claims(info.email, info.phone, info.mediator)}</p>
      <h3>{termsOfService.personalDataHeading}</h3>
      <p>
        {termsOfService.personalData}
        <Link to={`${prefix}/privacy-policy`}>{termsOfService.privacyLink}</Link>.
      </p>
      <h3>{termsOfService.lawHeading}</h3>
      <p>{termsOfService.law}</p>
    </Prose>
  );
}
