import { z } from '@resto/domain/zod-fr';
import { LocationQuerySchema } from '@resto/domain/location-schemas';

/**
 * Address search and the distance record (spec sections 3 and 7): GET /v2/public/locations/?query=
 * and GET /v2/public/locations/distance?location=. `LocationQuerySchema` (one query value) lives in
 * packages/domain/src/location-schemas.ts and is re-exported here.
 */
;

/** A query value of the location calls: absent reads as '' (too short), then LocationQuerySchema. */
const queryValue = z
  .string()
  .optional()
  .transform((value) => value ?? '')
  .pipe(LocationQuerySchema);

/** GET /v2/public/locations/: `query`, 3 characters or more. */
export const SuggestQuerySchema = z.object({ query: queryValue.meta({ description: 'La saisie de l’adresse, 3 caractères ou plus.' }) });

/** GET /v2/public/locations/distance: `location`, a suggestion's place_id or description, or 'lat,lng'. */
export const DistanceQuerySchema = z.object({
  location: queryValue.meta({ description: 'Le place_id ou le texte d’une suggestion, ou « lat,lng ».' }),
});

/** One address suggestion (section 7): what to show, and the place_id to send to the distance call. */
const LocationSuggestionSchema = z
  .object({
    description: z.string(),
    structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }),
    place_id: z.string(),
  })
  .meta({ id: 'LocationSuggestion' });
export type LocationSuggestion = z.infer<typeof LocationSuggestionSchema>;
export const LocationSuggestionsSchema = z.array(LocationSuggestionSchema);

/** Why an address cannot be delivered, with a French sentence. */
const DeliveryRefusalSchema = z.object({ reason: z.enum(['inactive', 'too_far', 'outside_zones']), message: z.string() });
export type DeliveryRefusal = z.infer<typeof DeliveryRefusalSchema>;

/**
 * The distance record (section 3, Location): the resolved address, distance and minutes by road,
 * the delivery cost in euros, the zone, and why it cannot be delivered (`refusal`, null when it can).
 */
export const DistanceAnswerSchema = z
  .object({
    address: z.string(),
    address2: z.string(),
    city: z.string(),
    postal_code: z.string(),
    state: z.string(),
    country: z.string(),
    formatted_address: z.string(),
    lat: z.number(),
    lng: z.number(),
    distance: z.number(),
    duration: z.number(),
    unit: z.enum(['km', 'miles']),
    delivery_cost: z.number(),
    zone: z.string().nullable(),
    refusal: DeliveryRefusalSchema.nullable(),
  })
  .meta({ id: 'DistanceAnswer' });
export type DistanceAnswer = z.infer<typeof DistanceAnswerSchema>;
