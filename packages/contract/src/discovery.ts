import { z } from '@resto/domain/zod-fr';

/** The most items a recommendation list holds (spec section 7: maxRecommendations). */
export const maxRecommendations = 12;

/** POST /v2/recommendations (section 7): the cart's item ids and how many to suggest. */
export const RecommendationsSchema = z.object({
  cartItems: z.array(z.number().int().positive().max(2_147_483_647)).max(100),
  maxRecommendations: z.number().int().min(1).max(maxRecommendations).default(maxRecommendations),
});

/** GET /v2/public/recommendations/popular: `limit`, 1 to 12 (12 when absent). */
export const PopularQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxRecommendations)
    .default(maxRecommendations)
    .meta({ description: 'Combien de plats, de 1 à 12 (12 par défaut).' }),
});

/** An item suggested, by id (camelCase as section 7 writes it). */
const RecommendedItemSchema = z.object({ itemId: z.number() });

/** POST /v2/recommendations: items bought with the cart's. */
export const RecommendationsAnswerSchema = z.object({ recommendations: z.array(RecommendedItemSchema) });
export type RecommendationsAnswer = z.infer<typeof RecommendationsAnswerSchema>;

/** GET /v2/public/recommendations/popular: the most ordered items. */
export const PopularAnswerSchema = z.object({ popular: z.array(RecommendedItemSchema) });
export type PopularAnswer = z.infer<typeof PopularAnswerSchema>;
