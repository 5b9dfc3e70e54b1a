import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/terms-of-service';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(
    'Mentions légales et conditions générales de vente',
    location.pathname,
    'Éditeur du site, hébergeur et conditions générales de vente de la commande en ligne.',
    {
      site: siteMetaFrom(matches),
    },
  );

/** /terms-of-service: mentions légales (LCEN art. 6) and conditions générales de vente, filled from the settings. */
export default function TermsOfService() {
  const { settings } = useStoreData();
  const info = getLegalInfo(settings);
  const prefix = useLocalePrefix();
  const cash = readSetting(settings, 'payments.cod.active', true);
  const card = readSetting(settings, 'payments.stripe.active', false);
  const delivery = readSetting(settings, 'features.delivery.active', false);
  return (
    <Prose title="Mentions légales et conditions générales de vente">
      <h2 id="mentions-legales">Mentions légales</h2>
      <p>
        Le site de commande en ligne de <strong>{info.name}</strong> est édité par {info.companyName}, {info.legalForm}, immatriculée au {info.registration},
        SIRET {info.siret}, TVA intracommunautaire {info.vatNumber}, dont le siège est situé {info.address}.
      </p>
      <ul>
        <li>Téléphone : {info.phone}</li>
        <li>Adresse e-mail : {info.email}</li>
        <li>Directeur ou directrice de la publication : {info.publicationDirector}</li>
        <li>Hébergement : {info.host}</li>
      </ul>

      <h2 id="cgv">Conditions générales de vente</h2>
      <h3>1. Objet</h3>
      <p>
        Les présentes conditions régissent les commandes de repas passées sur ce site auprès de {info.name} par des consommateurs. Passer commande vaut
        acceptation de ces conditions, dans leur version affichée au moment de la commande.
      </p>
      <h3>2. Produits et allergènes</h3>
      <p>
        Les plats sont décrits sur <Link to={`${prefix}/menu`}>la carte</Link> avec leur composition, les 14 allergènes majeurs (règlement (UE) n° 1169/2011) et
        les options proposées. Les photographies sont non contractuelles. Pour toute question sur un allergène, appelez-nous au {info.phone} avant de commander.
      </p>
      <h3>3. Prix</h3>
      <p>
        Les prix sont indiqués en euros, toutes taxes comprises (TVA incluse au taux applicable à chaque produit). Les frais de livraison éventuels, les remises
        et le total sont affichés avant la validation de la commande. Le prix facturé est celui affiché lors de la validation ; si la carte a changé
        entre-temps, le nouveau total vous est présenté avant toute confirmation.
      </p>
      <h3>4. Commande</h3>
      <p>
        La commande suit les étapes : type de commande, coordonnées, {delivery ? 'livraison ou retrait' : 'retrait'}, paiement et confirmation. Elle est
        définitive à l’affichage de son numéro sur la page de confirmation. Le restaurant peut refuser une commande en cas de rupture d’un produit, de fermeture
        exceptionnelle ou de litige antérieur ; vous en êtes alors informé sans délai et, si vous avez payé, remboursé.
      </p>
      <h3>5. Paiement</h3>
      <ul>
        {cash ? <li>Paiement sur place, au retrait ou à la livraison (espèces ou carte selon les moyens acceptés au comptoir).</li> : null}
        {card ? (
          <li>Paiement en ligne par carte bancaire, traité par notre prestataire de paiement : vos données de carte ne transitent jamais par nos serveurs.</li>
        ) : null}
      </ul>
      <h3>6. Retrait et livraison</h3>
      <p>
        La commande est préparée pour le créneau choisi ou dès que possible. Le retrait se fait au {info.address}.{' '}
        {delivery
          ? 'La livraison est assurée dans les zones et aux conditions (montant minimum, frais) indiquées lors de la commande ; l’adresse doit permettre une remise en main propre.'
          : 'La livraison n’est pas proposée pour le moment.'}
      </p>
      <h3>7. Absence de droit de rétractation</h3>
      <p>
        Conformément à l’article L221-28 du Code de la consommation (4° et 12°), le droit de rétractation ne s’applique pas à la fourniture de denrées
        susceptibles de se détériorer ou de se périmer rapidement, ni aux prestations de restauration fournies à une date ou selon une périodicité déterminée.
        Une commande de repas validée ne peut donc pas être rétractée ; contactez-nous au plus vite pour toute modification, nous ferons notre possible.
      </p>
      <h3>8. Réclamations et médiation</h3>
      <p>
        Toute réclamation (produit manquant, erreur, qualité) est à adresser à {info.email} ou au {info.phone}, idéalement le jour même. À défaut de solution
        amiable, vous pouvez saisir gratuitement le médiateur de la consommation : {info.mediator} (articles L611-1 et suivants du Code de la consommation).
      </p>
      <h3>9. Données personnelles</h3>
      <p>
        Les données nécessaires à la commande sont traitées comme l’explique notre <Link to={`${prefix}/privacy-policy`}>politique de confidentialité</Link>.
      </p>
      <h3>10. Droit applicable</h3>
      <p>Les présentes conditions sont soumises au droit français. Les tribunaux compétents sont ceux désignés par le Code de la consommation.</p>
    </Prose>
  );
}
