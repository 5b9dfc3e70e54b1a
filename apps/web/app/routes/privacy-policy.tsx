import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import { describeRetention, readGuestRetentionMonths } from '@resto/domain/personal-data';
import type { Route } from './+types/privacy-policy';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta('Politique de confidentialité', location.pathname, 'Quelles données nous traitons lors d’une commande, pourquoi, combien de temps, et vos droits.', {
    site: siteMetaFrom(matches),
  });

/**
 * /privacy-policy: what the product actually collects (RGPD art. 13), filled from the settings;
 * the guests' retention period is `privacy.guest_data_retention_months` (issue 16, docs/decisions/012).
 */
export default function PrivacyPolicy() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const prefix = useLocalePrefix();
  const card = readSetting(settings, 'payments.stripe.active', false);
  const delivery = readSetting(settings, 'features.delivery.active', false);
  const retention = describeRetention(readGuestRetentionMonths(settings));
  return (
    <Prose title="Politique de confidentialité" intro={`Responsable du traitement : ${info.companyName}, ${info.address} — ${info.email}.`}>
      <h2>Les données que nous traitons</h2>
      <table>
        <thead>
          <tr>
            <th>Données</th>
            <th>Pourquoi</th>
            <th>Base légale</th>
            <th>Durée</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-label="">Prénom, nom, e-mail, téléphone, notes pour la cuisine (commande sans compte)</td>
            <td data-label="Pourquoi : ">Préparer la commande, vous prévenir en cas de souci, répondre à une réclamation</td>
            <td data-label="Base légale : ">Exécution du contrat</td>
            <td data-label="Durée : " data-testid="guest-retention">
              {retention} après la commande, puis effacées automatiquement (la commande reste, anonymisée, pour la comptabilité)
            </td>
          </tr>
          {delivery ? (
            <tr>
              <td data-label="">Adresse de livraison</td>
              <td data-label="Pourquoi : ">Calculer les frais et livrer</td>
              <td data-label="Base légale : ">Exécution du contrat</td>
              <td data-label="Durée : ">Comme vos coordonnées : la rue est effacée, seuls le code postal et la ville restent</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">Contenu et montant des commandes</td>
            <td data-label="Pourquoi : ">Comptabilité, réclamations, suggestions « souvent pris avec » (statistiques sans nom)</td>
            <td data-label="Base légale : ">Obligation légale, intérêt légitime</td>
            <td data-label="Durée : ">10 ans (pièces comptables)</td>
          </tr>
          {card ? (
            <tr>
              <td data-label="">Paiement par carte</td>
              <td data-label="Pourquoi : ">Encaisser la commande</td>
              <td data-label="Base légale : ">Exécution du contrat</td>
              <td data-label="Durée : ">Les données de carte sont traitées par notre prestataire de paiement, jamais par nous</td>
            </tr>
          ) : null}
          <tr>
            <td data-label="">Compte client (si vous en créez un) : profil et commandes</td>
            <td data-label="Pourquoi : ">Historique de commandes, coordonnées préremplies</td>
            <td data-label="Base légale : ">Exécution du contrat</td>
            <td data-label="Durée : ">
              Jusqu’à la suppression du compte (vos commandes sont alors anonymisées) ; une inscription non confirmée est effacée après 7 jours, une
              session inutilisée expire après 30 jours
            </td>
          </tr>
          <tr>
            <td data-label="">Votre choix sur les cookies</td>
            <td data-label="Pourquoi : ">Ne pas vous redemander à chaque visite</td>
            <td data-label="Base légale : ">Consentement</td>
            <td data-label="Durée : ">Dans votre navigateur seulement, jusqu’à ce que vous le changiez (« Gérer les cookies », en bas de chaque page)</td>
          </tr>
        </tbody>
      </table>
      <h2>Destinataires</h2>
      <p>
        Seule l’équipe de {info.name} accède à vos données{card ? ', ainsi que notre prestataire de paiement pour les paiements par carte' : ''}. Elles ne sont
        ni vendues ni cédées à des fins publicitaires. Le site est hébergé par : {info.host}.
      </p>
      <h2>Sur votre appareil</h2>
      <p>
        Votre panier, vos choix et votre adresse restent dans le stockage de votre navigateur ; le détail figure dans notre{' '}
        <Link to={`${prefix}/cookie-policy`}>politique cookies</Link>.
      </p>
      <h2>Vos droits</h2>
      <p>
        Vous disposez des droits d’accès, de rectification, d’effacement, de limitation, d’opposition et de portabilité de vos données. Avec un compte,
        « Mon compte » vous permet de télécharger toutes vos données (fichier JSON) et de supprimer le compte. Sinon, écrivez-nous à {info.email} ; nous
        répondons sous un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL
        (www.cnil.fr).
      </p>
    </Prose>
  );
}
