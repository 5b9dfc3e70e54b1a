import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import { describeRetention, readGuestRetentionMonths } from '@resto/domain/personal-data';
import type { Route } from './+types/privacy-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';
import { privacyPolicyTexts } from '@resto/domain/messages/legal';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(privacyPolicyTexts.politiqueDeConfidentialite, { location, matches }, privacyPolicyTexts.quellesDonneesNousTraitonsLors, {
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
    <Prose title={privacyPolicyTexts.politiqueDeConfidentialite} intro={privacyPolicyTexts.responsableDuTraitement(info.companyName, info.address, info.email)}>
      <h2>{privacyPolicyTexts.lesDonneesQueNousTraitons}</h2>
      <table>
        <thead>
          <tr>
            <th>{privacyPolicyTexts.donnees}</th>
            <th>{privacyPolicyTexts.pourquoi}</th>
            <th>{privacyPolicyTexts.baseLegale}</th>
            <th>{privacyPolicyTexts.duree}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="">{privacyPolicyTexts.prenomNomEMailTelephone}</td>
            <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.preparerLaCommandeVousPrevenir}</td>
            <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.executionDuContrat}</td>
            <td data-label={privacyPolicyTexts.duree2} data-testid="guest-retention">
              {privacyPolicyTexts.apresLaCommandePuisEffacees(retention)}
            </td>
          </tr>
          {delivery ? (
            <tr>
              <td data-label="">{privacyPolicyTexts.adresseDeLivraison}</td>
              <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.calculerLesFraisEtLivrer}</td>
              <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.executionDuContrat}</td>
              <td data-label={privacyPolicyTexts.duree2}>{privacyPolicyTexts.commeVosCoordonneesLaRue}</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">{privacyPolicyTexts.contenuEtMontantDesCommandes}</td>
            <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.comptabiliteReclamationsSuggestionsSouventPris}</td>
            <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.obligationLegaleInteretLegitime}</td>
            <td data-label={privacyPolicyTexts.duree2}>{privacyPolicyTexts.n10AnsPiecesComptables}</td>
          </tr>
          {card ? (
            <tr>
              <td data-label="">{privacyPolicyTexts.paiementParCarte}</td>
              <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.encaisserLaCommande}</td>
              <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.executionDuContrat}</td>
              <td data-label={privacyPolicyTexts.duree2}>{privacyPolicyTexts.lesDonneesDeCarteSont}</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">{privacyPolicyTexts.compteClientSiVousEn}</td>
            <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.historiqueDeCommandesCoordonneesPreremplies}</td>
            <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.executionDuContrat}</td>
            <td data-label={privacyPolicyTexts.duree2}>{privacyPolicyTexts.jusquALaSuppressionDu}</td>
          </tr>
          <tr>
            <td data-label="">{privacyPolicyTexts.votreChoixSurLesCookies}</td>
            <td data-label={privacyPolicyTexts.pourquoi2}>{privacyPolicyTexts.nePasVousRedemanderA}</td>
            <td data-label={privacyPolicyTexts.baseLegale2}>{privacyPolicyTexts.consentement}</td>
            <td data-label={privacyPolicyTexts.duree2}>{privacyPolicyTexts.dansVotreNavigateurSeulementJusqu}</td>
          </tr>
        </tbody>
      </table>
      <h2>{privacyPolicyTexts.destinataires}</h2>
      <p>
        {privacyPolicyTexts.seuleLEquipeDe}
        {info.name}
        {privacyPolicyTexts.accedeAVosDonnees}
        {card ? privacyPolicyTexts.ainsiQueNotrePrestataireDe : ''}
        {privacyPolicyTexts.ellesNeSontNiVendues}
        {info.host}.
      </p>
      <h2>{privacyPolicyTexts.surVotreAppareil}</h2>
      <p>
        {privacyPolicyTexts.votrePanierVosChoixEt} <Link to={`${prefix}/cookie-policy`}>{privacyPolicyTexts.politiqueCookies}</Link>.
      </p>
      <h2>{privacyPolicyTexts.vosDroits}</h2>
      <p>{privacyPolicyTexts.vousDisposezDesDroitsD(info.email)}</p>
    </Prose>
  );
}
