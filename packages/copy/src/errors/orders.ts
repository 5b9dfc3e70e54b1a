/**
 * The French catalogue — the order checks' messages (spec section 7), apart from the checkout's
 * screens (checkout.ts): the menu's first load uses three of them (the dish options' checks in
 * catalogue.ts), not the checkout's texts.
 */
import { words } from '../words.ts';

/** Messages of the order checks: items, options, quantities, prices, statuses (spec section 7). */
export const orderAnswers = {
  orderIdRequired: 'Le numéro de commande est obligatoire.',
  orderAccountMismatch: "Cette commande ne peut pas être passée au nom d'un autre compte.",
  orderNeedsLogin: 'Reconnectez-vous pour commander avec votre compte.',
  unknownItem: (itemId: number) => `Le plat n° ${itemId} n'existe pas ou n'est plus à la carte.`,
  itemWrongMenu: (itemId: number, menuId: number) => `Le plat n° ${itemId} n'appartient pas à la carte n° ${menuId}.`,
  itemUnavailable: (name: string) => `« ${name} » n'est plus disponible pour le moment.`,
  unknownOption: (name: string) => `Une option choisie pour « ${name} » n'existe pas.`,
  optionTooMany: (option: string, max: number) => `« ${option} » : ${max} choix au maximum.`,
  optionRequired: (option: string) => `« ${option} » : faites un choix.`,
  quantityRange: (max: number) => `La quantité doit être un nombre entier entre 1 et ${max}.`,
  emptyCart: words.emptyCart,
  pricesChanged: 'Les prix ont changé depuis votre dernière visite. Vérifiez le nouveau total avant de confirmer.',
  tooManyOrders: (minutes: number) => `Trop de commandes en peu de temps. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou appelez le restaurant.`,
  orderProofRequired: "Impossible de vérifier que cette commande est la vôtre : reprenez-la depuis l'appareil qui l'a passée.",
  unknownOrder: "Cette commande n'existe pas.",
  orderStatusRefused: 'Ce changement de statut est refusé pour cette commande.',
  unknownTab: "Cette étape de la commande n'existe pas.",
} as const;
