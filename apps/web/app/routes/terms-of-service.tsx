import { Link } from 'react-router';
import { getLegalInfo } from '@resto/domain/site';
import { readSetting } from '@resto/domain/settings';
import type { Route } from './+types/terms-of-service';
import { pageMeta, siteMetaFrom } from '../lib/seo.ts';
import { useStoreData } from '../lib/store-data.ts';
import { useLocalePrefix } from '../lib/paths.ts';
import { Prose } from '../features/site/index.ts';
import { termsOfServiceTexts } from '@resto/domain/messages/legal';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(termsOfServiceTexts.mentionsLegalesEtConditionsGenerales, { location, matches }, termsOfServiceTexts.editeurDuSiteHebergeurEt, {
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
    <Prose title={termsOfServiceTexts.mentionsLegalesEtConditionsGenerales}>
      <h2 id="mentions-legales">{termsOfServiceTexts.mentionsLegales}</h2>
      <p>
        {termsOfServiceTexts.leSiteDeCommandeEn}
        <strong>{info.name}</strong>
        {termsOfServiceTexts.estEditePar}
        {info.companyName}, {info.legalForm}
        {termsOfServiceTexts.immatriculeeAu}
        {info.registration}
        {termsOfServiceTexts.siret}
        {info.siret}
        {termsOfServiceTexts.tvaIntracommunautaire}
        {info.vatNumber}
        {termsOfServiceTexts.dontLeSiegeEstSitue}
        {info.address}.
      </p>
      <ul>
        <li>{termsOfServiceTexts.telephone(info.phone)}</li>
        <li>{termsOfServiceTexts.adresseEMail(info.email)}</li>
        <li>{termsOfServiceTexts.directeurOuDirectriceDeLa(info.publicationDirector)}</li>
        <li>{termsOfServiceTexts.hebergement(info.host)}</li>
      </ul>

      <h2 id="cgv">{termsOfServiceTexts.conditionsGeneralesDeVente}</h2>
      <h3>{termsOfServiceTexts.n1Objet}</h3>
      <p>{termsOfServiceTexts.lesPresentesConditionsRegissentLes(info.name)}</p>
      <h3>{termsOfServiceTexts.n2ProduitsEtAllergenes}</h3>
      <p>
        {termsOfServiceTexts.lesPlatsSontDecritsSur}
        <Link to={`${prefix}/menu`}>{termsOfServiceTexts.laCarte}</Link>
        {termsOfServiceTexts.avecLeurCompositionLes14}
        {info.phone}
        {termsOfServiceTexts.avantDeCommander}
      </p>
      <h3>{termsOfServiceTexts.n3Prix}</h3>
      <p>{termsOfServiceTexts.lesPrixSontIndiquesEn}</p>
      <h3>{termsOfServiceTexts.n4Commande}</h3>
      <p>
        {termsOfServiceTexts.laCommandeSuitLesEtapes}
        {delivery ? termsOfServiceTexts.livraisonOuRetrait : termsOfServiceTexts.retrait}
        {termsOfServiceTexts.paiementEtConfirmationElleEst}
      </p>
      <h3>{termsOfServiceTexts.n5Paiement}</h3>
      <ul>
        {cash ? <li>{termsOfServiceTexts.paiementSurPlaceAuRetrait}</li> : null}
        {card ? <li>{termsOfServiceTexts.paiementEnLigneParCarte}</li> : null}
      </ul>
      <h3>{termsOfServiceTexts.n6RetraitEtLivraison}</h3>
      <p>
        {termsOfServiceTexts.laCommandeEstPrepareePour}
        {info.address}. {delivery ? termsOfServiceTexts.laLivraisonEstAssureeDans : termsOfServiceTexts.laLivraisonNEstPas}
      </p>
      <h3>{termsOfServiceTexts.n7AbsenceDeDroitDe}</h3>
      <p>{termsOfServiceTexts.conformementALArticleL221}</p>
      <h3>{termsOfServiceTexts.n8ReclamationsEtMediation}</h3>
      <p>{termsOfServiceTexts.touteReclamationProduitManquantErreur(info.email, info.phone, info.mediator)}</p>
      <h3>{termsOfServiceTexts.n9DonneesPersonnelles}</h3>
      <p>
        {termsOfServiceTexts.lesDonneesNecessairesALa}
        <Link to={`${prefix}/privacy-policy`}>{termsOfServiceTexts.politiqueDeConfidentialite}</Link>.
      </p>
      <h3>{termsOfServiceTexts.n10DroitApplicable}</h3>
      <p>{termsOfServiceTexts.lesPresentesConditionsSontSoumises}</p>
    </Prose>
  );
}
